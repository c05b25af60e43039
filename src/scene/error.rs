//! Errors in a scene file, located and explained: file:line:column, the line
//! with the offending text underlined (rustc style), and what to write instead.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use std::fmt;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// A step into a TOML document: a key of a table or an element of an array.
#[derive(Clone, Debug, PartialEq)]
pub enum Seg {
    Key(&'static str),
    Index(usize),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub span: Option<Range<usize>>,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
    pub warning: bool,
}

impl Problem {
    pub fn error(message: impl Into<String>, label: impl Into<String>, help: Option<String>) -> Problem {
        Problem { span: None, message: message.into(), label: label.into(), help, warning: false }
    }
}

/// A scene file that could not be used, with every problem found in it.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    pub file: String,
    pub source: String,
    pub problems: Vec<Problem>,
}

impl SceneError {
    /// One problem at the TOML path `path` (the closest existing parent is
    /// underlined when the key itself is missing).
    pub fn at(file: &str, source: &str, path: &[Seg], problem: Problem) -> SceneError {
        SceneError::new(file, source, vec![locate(source, path, problem)])
    }

    pub fn new(file: &str, source: &str, problems: Vec<Problem>) -> SceneError {
        SceneError { file: file.to_string(), source: source.to_string(), problems }
    }

    /// An error reading the file itself (not found, not UTF-8, …).
    pub fn io(file: &str, message: String) -> SceneError {
        SceneError::new(file, "", vec![Problem::error(message, "", None)])
    }

    /// The whole report; `color` adds ANSI styling.
    pub fn render(&self, color: bool) -> String {
        self.problems.iter().map(|p| render_problem(&self.file, &self.source, p, color)).collect::<Vec<_>>().join("\n")
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for SceneError {}

pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn render_problem(file: &str, source: &str, p: &Problem, color: bool) -> String {
    let level = if p.warning { Level::WARNING } else { Level::ERROR };
    let kind = if p.warning { "warning" } else { "error" };
    let Some(span) = p.span.clone() else {
        let mut out = format!("{file}: {kind}: {}\n", p.message);
        if let Some(help) = &p.help {
            out += &format!("  = help: {help}\n");
        }
        return out;
    };
    let (line, col) = line_col(source, span.start);
    let mut group: Group = level
        .primary_title(p.message.as_str())
        .element(Snippet::source(source).path(file).annotation(AnnotationKind::Primary.span(span).label(p.label.as_str())));
    if let Some(help) = &p.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    let renderer = if color { Renderer::styled() } else { Renderer::plain() };
    // Our first line names file:line:column in front; annotate-snippets' own title line would repeat it.
    let rendered = renderer.render(&[group]);
    let body = rendered.split_once('\n').map_or("", |(_, rest)| rest);
    format!("{file}:{line}:{col}: {kind}: {}\n{body}\n", p.message)
}

/// Puts `problem` at `path`, or at the nearest part of it the file has.
pub fn locate(source: &str, path: &[Seg], mut problem: Problem) -> Problem {
    if problem.span.is_none() {
        problem.span = span_of(source, path);
    }
    problem
}

fn span_of(source: &str, path: &[Seg]) -> Option<Range<usize>> {
    let root = DeTable::parse(source).ok()?;
    let mut best = None;
    let mut table = Some(root.get_ref());
    let mut array: Option<&toml::de::DeArray> = None;
    for seg in path {
        let found = match (seg, table, array) {
            (Seg::Key(k), Some(t), _) => t.get(*k),
            (Seg::Index(i), _, Some(a)) => a.get(*i),
            _ => None,
        };
        let Some(value) = found else { break };
        best = Some(match (seg, table) {
            // Underline the key and its value together.
            (Seg::Key(k), Some(t)) => t.get_key_value(*k).map_or(value.span(), |(key, v)| key.span().start..v.span().end),
            _ => value.span(),
        });
        (table, array) = match value.get_ref() {
            DeValue::Table(t) => (Some(t), None),
            DeValue::Array(a) => (None, Some(a)),
            _ => (None, None),
        };
    }
    best.map(|r| if r.is_empty() { r.start..(r.start + 1).min(source.len()) } else { r })
}

/// The dotted path of the innermost key whose value holds `span`, for messages.
pub fn key_at(source: &str, span: &Range<usize>) -> Option<String> {
    fn walk(table: &DeTable, span: &Range<usize>, prefix: &str) -> Option<String> {
        for (key, value) in table {
            let name = if prefix.is_empty() { key.get_ref().to_string() } else { format!("{prefix}.{}", key.get_ref()) };
            let r = value.span();
            let inside = r.start <= span.start && span.end <= r.end;
            if key.span() == *span || inside {
                return match value.get_ref() {
                    DeValue::Table(t) => walk(t, span, &name).or(Some(name)),
                    DeValue::Array(a) => a
                        .iter()
                        .filter_map(|v| match v.get_ref() {
                            DeValue::Table(t) => walk(t, span, &name),
                            _ => None,
                        })
                        .next()
                        .or(Some(name)),
                    _ => Some(name),
                };
            }
            if let DeValue::Array(a) = value.get_ref() {
                for v in a.iter() {
                    if let DeValue::Table(t) = v.get_ref()
                        && let Some(found) = walk(t, span, &name)
                    {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
    let root = DeTable::parse(source).ok()?;
    walk(root.get_ref(), span, "")
}

/// The closest of `options` to `word`, if it is close enough to be a typo.
pub fn nearest<'a>(word: &str, options: &[&'a str]) -> Option<&'a str> {
    options
        .iter()
        .map(|o| (strsim::damerau_levenshtein(word, o), *o))
        .filter(|(d, o)| *d <= 2.max(o.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o)
}

fn backticked(list: &str) -> Vec<&str> {
    list.split('`').skip(1).step_by(2).collect()
}

/// Turns a serde/TOML message into one a person can act on.
pub fn from_toml(file: &str, source: &str, e: &toml::de::Error) -> SceneError {
    let msg = e.message();
    let span = e.span();
    let key = span.as_ref().and_then(|s| key_at(source, s));
    let key_note = key.as_deref().map(|k| format!("`{k}`: ")).unwrap_or_default();
    let (message, label, help) = if let Some(rest) = msg.strip_prefix("unknown field `") {
        let (word, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let options = backticked(expected);
        let help = match nearest(word, &options) {
            Some(n) => format!("did you mean `{n}`?"),
            None if options.is_empty() => "this table takes no keys".to_string(),
            None => format!("the keys allowed here are: {}", options.join(", ")),
        };
        let message = match nearest(word, &options) {
            Some(n) => format!("unknown key `{word}`: did you mean `{n}`?"),
            None => format!("unknown key `{word}`"),
        };
        (message, "unknown key".to_string(), Some(help))
    } else if let Some(rest) = msg.strip_prefix("unknown variant `") {
        let (word, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let options = backticked(expected);
        let quoted: Vec<String> = options.iter().map(|o| format!("\"{o}\"")).collect();
        let help = match nearest(word, &options) {
            Some(n) => format!("did you mean \"{n}\"? The choices are {}", quoted.join(", ")),
            None => format!("write one of {}", quoted.join(", ")),
        };
        (format!("{key_note}unknown value \"{word}\""), "not one of the choices".to_string(), Some(help))
    } else if let Some(rest) = msg.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "another type"));
        let expected = plain_type(expected);
        (format!("{key_note}expected {expected}, found {}", plain_found(found)), format!("expected {expected}"), None)
    } else if let Some(rest) = msg.strip_prefix("invalid length ") {
        let (n, _) = rest.split_once(',').unwrap_or((rest, ""));
        (format!("{key_note}expected two numbers [x, y], found {n}"), "write [x, y]".to_string(), None)
    } else if let Some(rest) = msg.strip_prefix("missing field `") {
        let name = rest.trim_end_matches('`');
        let help = match name {
            "name" => "every body needs a unique name, e.g. name = \"ball\"".to_string(),
            "shape" => "write shape = \"circle\" (with radius) or shape = \"box\" (with size = [w, h])".to_string(),
            "kind" => "name the phase: kind = \"resolve\" (or forces, broad, detect, correct, integrate)".to_string(),
            _ => format!("add {name} = …"),
        };
        (format!("missing key `{name}`"), format!("this table needs `{name}`"), Some(help))
    } else if msg.starts_with("data did not match any variant") {
        (format!("{key_note}expected a number, [x, y] or true/false"), "not a number, vector or boolean".to_string(), None)
    } else {
        (format!("invalid TOML: {msg}"), msg.to_string(), None)
    };
    let mut problem = Problem::error(message, label, help);
    problem.span = span;
    SceneError::new(file, source, vec![problem])
}

fn plain_type(serde: &str) -> String {
    match serde {
        "f64" => "a number".to_string(),
        "i64" | "u64" | "usize" => "a whole number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" => "a quoted string".to_string(),
        "an array of length 2" => "[x, y]".to_string(),
        other => other.to_string(),
    }
}

fn plain_found(serde: &str) -> String {
    serde
        .replace("string ", "the string ")
        .replace("floating point", "the number")
        .replace("integer", "the number")
        .replace("boolean", "")
        .replace("sequence", "an array")
        .replace("map", "a table")
        .replace('`', "")
        .trim()
        .to_string()
}
