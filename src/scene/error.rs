//! Errors in a scene file, located and explained: file:line:column, the line
//! with the offending text underlined (rustc style), and what to write instead.

use crate::notation::Lang;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use std::borrow::Cow;
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

    /// The problem said in `lang`: its message, label and help; a key, a name
    /// or a line to copy stays as written, and so does a message the Chinese
    /// table does not know.
    pub fn in_lang(&self, lang: Lang) -> Problem {
        match lang {
            Lang::En => self.clone(),
            Lang::Zh => Problem {
                message: super::error_zh::said(&self.message),
                label: super::error_zh::said(&self.label),
                help: self.help.as_deref().map(super::error_zh::said),
                ..self.clone()
            },
        }
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
        self.render_in(color, Lang::En)
    }

    /// The whole report in `lang`: the same places, keys and lines to copy.
    pub fn render_in(&self, color: bool, lang: Lang) -> String {
        let file = match lang {
            Lang::En => self.file.clone(),
            Lang::Zh => super::error_zh::place(&self.file),
        };
        let rendered = self.problems.iter().map(|p| render_problem(&file, &self.source, &p.in_lang(lang), color, lang));
        rendered.collect::<Vec<_>>().join("\n")
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for SceneError {}

/// Where the line that holds byte `offset` begins.
fn line_start(source: &str, offset: usize) -> usize {
    source[..offset.min(source.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// The whole line that holds byte `offset`.
fn line_of(source: &str, offset: usize) -> &str {
    source[line_start(source, offset)..].lines().next().unwrap_or("")
}

pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// `text` with every control character but a line break or tab, and every
/// invisible format character, written out (`\u{1b}`, `\u{202e}`): what a
/// file says must never drive the terminal it is shown on, nor turn the
/// text around it.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hostile) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| if is_hostile(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect())
}

/// A control character other than a line break or a tab (it could drive the
/// terminal), or a format character (it could hide or reorder text).
pub fn is_hostile(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_format(c)
}

/// Unicode's format characters (general category Cf, as of Unicode 15):
/// invisible, they change how the text around them shows. The bidirectional
/// controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) reorder it, so a
/// name can read as another; the zero-width ones (U+200B–U+200D, U+2060,
/// U+FEFF) make two names that look the same differ.
pub fn is_format(c: char) -> bool {
    const CF: [(u32, u32); 21] = [
        (0x00AD, 0x00AD),
        (0x0600, 0x0605),
        (0x061C, 0x061C),
        (0x06DD, 0x06DD),
        (0x070F, 0x070F),
        (0x0890, 0x0891),
        (0x08E2, 0x08E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x202A, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
    ];
    let c = u32::from(c);
    // Most text is ASCII: one comparison for it.
    c >= 0xAD && CF.iter().any(|&(from, to)| (from..=to).contains(&c))
}

/// What a format character does, for a message that refuses it.
pub fn format_kind(c: char) -> &'static str {
    match u32::from(c) {
        0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069 | 0x061C => "a bidirectional control, which reorders the text around it",
        0x200B..=0x200D | 0x2060 | 0xFEFF => "a zero-width character, which cannot be seen",
        _ => "an invisible format character",
    }
}

/// The file as shown under a message: each control character becomes as many
/// `?` as it has bytes, so the spans still fall where they did.
fn shown_source(source: &str) -> Cow<'_, str> {
    if !source.chars().any(is_hostile) {
        return Cow::Borrowed(source);
    }
    Cow::Owned(source.chars().map(|c| if is_hostile(c) { "?".repeat(c.len_utf8()) } else { c.to_string() }).collect())
}

/// The words that head a problem and its help: error, warning, help.
fn heads(lang: Lang) -> [&'static str; 3] {
    match lang {
        Lang::En => ["error", "warning", "help"],
        Lang::Zh => ["错误", "警告", "提示"],
    }
}

fn render_problem(file: &str, source: &str, p: &Problem, color: bool, lang: Lang) -> String {
    let file = escaped(file);
    let file = file.as_ref();
    let message = escaped(&p.message);
    let label = escaped(&p.label);
    let help = p.help.as_deref().map(escaped);
    let level = if p.warning { Level::WARNING } else { Level::ERROR };
    let [error, warning, help_head] = heads(lang);
    let kind = if p.warning { warning } else { error };
    let Some(span) = p.span.clone() else {
        let mut out = format!("{file}: {kind}: {message}\n");
        if let Some(help) = &help {
            out += &format!("  = {help_head}: {help}\n");
        }
        return out;
    };
    let (line, col) = line_col(source, span.start);
    // The renderer reads all the text it is given: handed only the lines the
    // span covers, a problem in a file of 10,000 bodies renders as fast as one in a lesson.
    let from = line_start(source, span.start);
    let to = source.get(span.end..).and_then(|rest| rest.find('\n')).map_or(source.len(), |i| span.end + i);
    let span = span.start - from..span.end.min(to) - from;
    let shown = shown_source(&source[from..to]);
    let snippet = Snippet::source(shown.as_ref()).line_start(line).path(file);
    let mut group: Group =
        level.primary_title(message.as_ref()).element(snippet.annotation(AnnotationKind::Primary.span(span).label(label.as_ref())));
    if let Some(help) = &help {
        group = group.element(Level::HELP.with_name(help_head).message(help.as_ref()));
    }
    let renderer = if color { Renderer::styled() } else { Renderer::plain() };
    // Our first line names file:line:column in front; annotate-snippets' own title line would repeat it.
    let rendered = renderer.render(&[group]);
    let body = rendered.split_once('\n').map_or("", |(_, rest)| rest);
    format!("{file}:{line}:{col}: {kind}: {message}\n{body}\n")
}

/// Puts `problem` at `path`, or at the nearest part of it the file has.
pub fn locate(source: &str, path: &[Seg], problem: Problem) -> Problem {
    Document::parse(source).locate(path, problem)
}

/// A file's text parsed once, to place any number of problems in it: parsing
/// again for each would make a file with n problems cost n² (5,000 duplicate
/// names took minutes). It is parsed when the first problem is placed, so a
/// file with none is parsed only for its values.
pub struct Document<'a> {
    source: &'a str,
    root: std::cell::OnceCell<Option<DeTable<'a>>>,
}

impl<'a> Document<'a> {
    pub fn parse(source: &'a str) -> Document<'a> {
        Document { source, root: std::cell::OnceCell::new() }
    }

    fn root(&self) -> Option<&DeTable<'a>> {
        self.root.get_or_init(|| DeTable::parse(self.source).ok().map(|t| t.into_inner())).as_ref()
    }

    /// Puts `problem` at `path`, or at the nearest part of it the file has.
    pub fn locate(&self, path: &[Seg], mut problem: Problem) -> Problem {
        if problem.span.is_none() {
            problem.span = self.span_of(path);
        }
        problem
    }

    pub fn span_of(&self, path: &[Seg]) -> Option<Range<usize>> {
        let mut best = None;
        let mut table = Some(self.root()?);
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
        let len = self.source.len();
        best.map(|r| if r.is_empty() { r.start..(r.start + 1).min(len) } else { r })
    }
}

/// The dotted path of the key whose value holds `span`, for messages: the
/// key written on the span's line under the table header above it, or else
/// the innermost key whose value holds the span.
pub fn key_at(source: &str, span: &Range<usize>) -> Option<String> {
    key_on_line(source, span.start).or_else(|| key_in_tree(source, span))
}

fn key_on_line(source: &str, offset: usize) -> Option<String> {
    let line_start = line_start(source, offset);
    let (key, _) = line_of(source, offset).split_once('=')?;
    let key = key.trim().trim_matches('"');
    if key.is_empty() || key.starts_with('[') || key.starts_with('#') {
        return None;
    }
    let is_header = |l: &&str| {
        let name = l.trim_start_matches('[').trim_end_matches(']');
        l.starts_with('[') && l.ends_with(']') && !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || "_-. ".contains(c))
    };
    let header = source[..line_start].lines().rev().map(|l| l.split('#').next().unwrap_or("").trim()).find(is_header);
    Some(match header.map(|h| h.trim_matches(|c| c == '[' || c == ']').trim()) {
        Some(table) => format!("{table}.{key}"),
        None => key.to_string(),
    })
}

/// The values a named choice takes, by the key that holds it.
fn choices(key: &str) -> Option<String> {
    use crate::engine::{ContactModel, Friction, Integrator, Tangent};
    use crate::named::quoted;
    Some(match key {
        "solver.friction" => quoted(Friction::ALL, Friction::name),
        "solver.tangent" => quoted(Tangent::ALL, Tangent::name),
        "solver.integrator" => quoted(Integrator::ALL, Integrator::name),
        "solver.contact" => quoted(ContactModel::ALL, ContactModel::name),
        "world.y_axis" => quoted(super::YAxis::ALL, super::YAxis::name),
        "body.shape" => quoted(super::file::ShapeName::ALL, super::file::ShapeName::name),
        _ => return None,
    })
}

/// A line to copy for a key, by its last part.
fn example(key: &str) -> Option<&'static str> {
    Some(match key.rsplit('.').next()? {
        "gravity" => "gravity = [0.0, -9.8]",
        "dt" => "dt = 0.016666666666666666",
        "view" => "view = [[-10.0, -10.0], [10.0, 10.0]]",
        "relaxation_iterations" => "relaxation_iterations = 15",
        "correction_rate" => "correction_rate = 0.8",
        "position_correction" => "position_correction = true",
        "coulomb_cap" => "coulomb_cap = false",
        "warm_start" => "warm_start = true",
        "method" => "method = \"reposition\"",
        "side_tracking" => "side_tracking = true",
        "velocity_correction" => "velocity_correction = true",
        "from" => "from = [0.0, 0.0]",
        "to" => "to = [10.0, -3.0]",
        "restitution_threshold" => "restitution_threshold = 0.5",
        "slop" => "slop = 0.01",
        "name" => "name = \"ball\"",
        "radius" => "radius = 1.0",
        "size" => "size = [2.0, 1.0]",
        "mass" => "mass = 1.0",
        "static" => "static = true",
        "inertia" => "inertia = 0.5",
        "position" => "position = [0.0, 2.0]",
        "angle" => "angle = 0.0",
        "velocity" => "velocity = [1.0, 0.0]",
        "angular_velocity" => "angular_velocity = 0.0",
        "restitution" => "restitution = 0.5",
        "friction" => "friction = 0.3",
        "force" => "force = [10.0, 0.0]",
        "torque" => "torque = 5.0",
        "impulse" => "impulse = [1.0, 0.0]",
        "angular_impulse" => "angular_impulse = 0.5",
        "at" => "at = [0.0, 1.0]",
        "frames" => "frames = 1",
        "body" => "body = \"ball\"",
        "frame" => "frame = 0",
        _ => return None,
    })
}

fn key_in_tree(source: &str, span: &Range<usize>) -> Option<String> {
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
    from_toml_beside(file, source, e, &[])
}

/// As [`from_toml`], for a file whose top level may also hold the tables
/// `beside` (a lesson's): an unknown table is compared with those too.
pub fn from_toml_beside(file: &str, source: &str, e: &toml::de::Error, beside: &[&str]) -> SceneError {
    let msg = e.message();
    let span = e.span();
    let key = span.as_ref().and_then(|s| key_at(source, s));
    let key_note = key.as_deref().map(|k| format!("`{k}`: ")).unwrap_or_default();
    let mut span = span;
    let write = |k: &Option<String>| k.as_deref().and_then(example).map(|e| format!("write e.g. {e}"));
    let bare = span.as_ref().and_then(|s| bare_value(source, s.start));
    let (message, label, help) = if let Some((value, problem)) = bare {
        span = Some(value);
        problem
    } else if let Some(rest) = msg.strip_prefix("unknown field `") {
        let (word, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let mut options = backticked(expected);
        if options.contains(&"world") {
            options.extend(beside);
        }
        let on_header = span.as_ref().is_some_and(|r| line_of(source, r.start).trim_start().starts_with('['));
        let what = if on_header { "table" } else { "key" };
        let message = match nearest(word, &options) {
            Some(n) if on_header => format!("unknown table `[[{word}]]`: did you mean `[[{n}]]`?"),
            Some(n) => format!("unknown key `{word}`: did you mean `{n}`?"),
            None => format!("unknown {what} `{word}`"),
        };
        let help = match options.is_empty() {
            true => "this table takes no keys".to_string(),
            false => format!("the {what}s allowed here are: {}", options.join(", ")),
        };
        (message, format!("unknown {what}"), Some(help))
    } else if let Some(rest) = msg.strip_prefix("unknown variant `") {
        let (word, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let options = backticked(expected);
        let quoted: Vec<String> = options.iter().map(|o| format!("\"{o}\"")).collect();
        let guess = nearest(word, &options).or_else(|| options.iter().find(|o| o.starts_with(word) && !word.is_empty()).copied());
        let help = match guess {
            Some(n) => format!("did you mean \"{n}\"? The choices are {}", quoted.join(", ")),
            None => format!("write one of {}", quoted.join(", ")),
        };
        (format!("{key_note}unknown value \"{word}\""), "not one of the choices".to_string(), Some(help))
    } else if msg.starts_with("wanted string or table") {
        // A named choice given as a number or a boolean.
        let list = key.as_deref().and_then(choices).unwrap_or_else(|| "the names the starter file (`impulse new`) lists".to_string());
        let mut help = format!("write one of {list}");
        if key.as_deref() == Some("solver.friction") {
            help += "; a body's friction coefficient goes in its [[body]], e.g. friction = 0.3";
        }
        (format!("{key_note}expected the name of a choice"), "not a name".to_string(), Some(help))
    } else if let Some(rest) = msg.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "another type"));
        let expected = plain_type(expected);
        // A number in quotes (`radius = "1.5"`), or one TOML does not read,
        // quoted as `--set` quotes what is not a value (`.5`).
        let quoted = found.strip_prefix("string \"").and_then(|s| s.strip_suffix('"'));
        let short = key.as_deref().map(|k| k.rsplit('.').next().unwrap_or(k));
        let in_array =
            span.as_ref().is_some_and(|r| line_of(source, r.start).split_once('=').is_some_and(|(_, v)| v.trim().starts_with('[')));
        let help = match (quoted, short) {
            (Some(q), Some(_)) if expected == "a number" && in_array && q.parse::<f64>().is_ok() && toml_reads(q) => {
                Some(format!("write {q} there, without quotes"))
            }
            (Some(q), Some(short))
                if expected == "a number" && q.contains(|c: char| c.is_ascii_digit()) && q.parse::<f64>().is_ok() && toml_reads(q) =>
            {
                Some(format!("write {short} = {q}, without quotes"))
            }
            (Some(q), Some(short)) if expected == "a number" && toml_number(q).is_some() => {
                toml_number(q).map(|number| format!("write {short} = {number}"))
            }
            _ => write(&key),
        };
        (format!("{key_note}expected {expected}, found {}", plain_found(found)), format!("expected {expected}"), help)
    } else if let Some(rest) = msg.strip_prefix("invalid length ") {
        let (n, expected) = rest.split_once(',').unwrap_or((rest, ""));
        if expected.contains("two corners") {
            let help = "write view = [[xmin, ymin], [xmax, ymax]]".to_string();
            (format!("{key_note}expected two corners [[xmin, ymin], [xmax, ymax]], found {n}"), "write two corners".to_string(), Some(help))
        } else {
            let found = match n {
                "0" => "none".to_string(),
                "1" => "one number".to_string(),
                n => format!("{n} numbers"),
            };
            (format!("{key_note}expected two numbers [x, y], found {found}"), "write [x, y]".to_string(), write(&key))
        }
    } else if let Some(rest) = msg.strip_prefix("missing field `") {
        let name = rest.trim_end_matches('`');
        let help = match name {
            "name" => "every body needs a unique name, e.g. name = \"ball\"".to_string(),
            "shape" => "write shape = \"circle\" (with radius) or shape = \"box\" (with size = [w, h])".to_string(),
            "kind" => "name the phase: kind = \"resolve\" (or forces, broad, warm, detect, correct, integrate; under method = \"reposition\": move, reposition, velocity-correction, bounce, endpoint)".to_string(),
            _ => format!("add {name} = …"),
        };
        (format!("missing key `{name}`"), format!("this table needs `{name}`"), Some(help))
    } else if msg.starts_with("data did not match any variant") {
        (format!("{key_note}expected a number, [x, y] or true/false"), "not a number, vector or boolean".to_string(), None)
    } else if msg.starts_with("duplicate key") {
        let word = span.as_ref().map_or("", |r| source[r.clone()].trim_matches('"'));
        let line = line_of(source, span.as_ref().map_or(0, |r| r.start));
        if line.trim_start().starts_with('[') {
            let help = if word == "body" { "write each body as [[body]], with two brackets" } else { "write each table once" };
            (format!("the table `[{word}]` appears twice"), "second time".to_string(), Some(help.to_string()))
        } else {
            let at = span.as_ref().map_or(0, |r| r.start);
            // The file does not parse, so there are no spans: the last line before
            // this one that sets the same key.
            let here = line_col(source, at).0;
            let sets = |l: &str| l.split_once('=').is_some_and(|(k, _)| k.trim().trim_matches('"') == word);
            let first = source.lines().take(here - 1).enumerate().filter(|(_, l)| sets(l)).last().map(|(i, _)| i + 1);
            let help = match first {
                Some(l) => format!("`{word}` is first set on line {l}; keep one of the two"),
                None => "keep one of the two".to_string(),
            };
            (format!("`{word}` is set twice in this table"), "set again here".to_string(), Some(help))
        }
    } else if msg.starts_with("missing comma between array elements") {
        // The usual cause is an array left open on the line before.
        let at = span.as_ref().map_or(0, |r| r.start);
        let before = source[..at].trim_end();
        let start = line_start(source, before.len());
        let code = before[start..].split('#').next().unwrap_or("").trim_end();
        let open = source[before.len()..at].contains('\n') && code.contains('[') && !code.contains(']');
        if open {
            // The last character of the line's code, before any comment.
            let end = start + code.len();
            span = source[..end].char_indices().next_back().map(|(i, _)| i..end);
            (
                "this array is not closed".to_string(),
                "add `]` here".to_string(),
                Some("an array ends with `]`, e.g. position = [0.0, 2.0]".to_string()),
            )
        } else {
            (
                "the elements of this array need commas between them".to_string(),
                "add `,`".to_string(),
                Some("write e.g. [1.0, 2.0]".to_string()),
            )
        }
    } else if msg.starts_with("invalid basic string") || msg.starts_with("invalid literal string") {
        ("this string is not closed".to_string(), "add `\"` at its end".to_string(), Some("write e.g. name = \"ball\"".to_string()))
    } else if msg == "recursion limit" || msg.contains("max recursion depth") {
        // toml gives no place: the deepest line is the best one to show.
        span = span.or_else(|| deepest_line(source));
        (
            "keys, tables or arrays nest too deeply (more than 80 levels)".to_string(),
            "too deep".to_string(),
            Some("a scene needs at most three levels, e.g. [[body]] with position = [0.0, 2.0]".to_string()),
        )
    } else {
        (format!("invalid TOML: {msg}"), msg.to_string(), None)
    };
    let mut problem = Problem::error(message, label, help);
    problem.span = span;
    SceneError::new(file, source, vec![problem])
}

/// What an error says: its message, the label under the place, and the help.
type Said = (String, String, Option<String>);

/// A line `key = value` that TOML cannot read because the value is a number
/// written as people write it on paper (with its unit, or a decimal comma) or
/// a word without quotes: where the value is, and what to say of it.
fn bare_value(source: &str, at: usize) -> Option<(Range<usize>, Said)> {
    let start = line_start(source, at);
    let line = source[start..].lines().next()?;
    let (key, value) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    let simple = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if key.is_empty() || !key.chars().all(simple) {
        return None;
    }
    let value = value.split('#').next()?.trim();
    let numeric = |c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E' | '_');
    // A number TOML reads, and what follows it.
    let split_number = |v: &'_ str| {
        let end = v.char_indices().find(|&(_, c)| !numeric(c)).map_or(v.len(), |(i, _)| i);
        let (number, rest) = v.split_at(end);
        (number.parse::<f64>().is_ok() && toml_reads(number), number.to_string(), rest.to_string())
    };
    // A unit begins with a letter or a degree sign (`m`, `m/s`, `kg`, `°`); `/2`, `, 0` or `o5` are not units.
    let unit_like = |u: &str| u.starts_with(|c: char| c.is_alphabetic() || c == '°');
    if value.starts_with('[') {
        // An element of an array, the one TOML stopped in: a number with its unit.
        let within = at - start;
        let before = line.get(..within)?.rfind(['[', ',']).map_or(0, |i| i + 1);
        let after = line.get(within..)?.find([',', ']']).map_or(line.len(), |i| within + i);
        let element = line[before..after].trim();
        let (is_number, number, unit) = split_number(element);
        let unit = unit.trim();
        let offset = start + before + line[before..after].find(element)?;
        if unit.is_empty() {
            let fixed = toml_number(&number).filter(|_| !toml_reads(element))?;
            let message = format!("`{key}` is not a number as TOML writes one");
            return Some((
                offset..offset + element.len(),
                (message, "not a TOML number".to_string(), Some(format!("write {fixed} there"))),
            ));
        }
        if !is_number || unit.contains(['[', ']']) || !unit_like(unit) {
            return None;
        }
        let help = format!("write {number} there: numbers are in SI units (m, kg, s, rad) and written without them");
        let message = format!("`{key}` takes plain numbers, without `{unit}` after them");
        return Some((offset..offset + element.len(), (message, "not a plain number".to_string(), Some(help))));
    }
    let offset = start + line.find(value)?;
    let span = offset..offset + value.len();
    let (is_number, number, rest) = split_number(value);
    let say = |message: String, label: &str, help: String| Some((span.clone(), (message, label.to_string(), Some(help))));
    if is_number && rest.starts_with(',') && rest[1..].chars().all(|c| c.is_ascii_digit()) && rest.len() > 1 {
        let point = format!("{number}.{}", &rest[1..]);
        return say(format!("`{key}` is written with a decimal comma"), "a comma", format!("write {key} = {point}, with a point"));
    }
    if let Some(over) = rest.trim().strip_prefix('/').map(str::trim).filter(|_| is_number) {
        // A fraction, `1/60`: its value, written as a number.
        let quotient = number.parse::<f64>().ok()? / over.parse::<f64>().ok().filter(|d| *d != 0.0 && toml_reads(over))?;
        return say(format!("`{key}` is a fraction, and TOML reads only numbers"), "a fraction", format!("write {key} = {quotient}"));
    }
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let vector = VECTOR_KEYS.contains(&key) && parts.len() == 2;
    if vector && parts.iter().all(|p| p.parse::<f64>().is_ok() && toml_reads(p)) {
        // `velocity = 1.0, 0.0`: a vector without its brackets.
        return say(format!("`{key}` is two numbers without brackets"), "no brackets", format!("write {key} = [{}]", parts.join(", ")));
    }
    if is_number && unit_like(rest.trim()) {
        let unit = rest.trim();
        return say(
            format!("`{key}` takes a plain number, without `{unit}` after it"),
            "not a plain number",
            format!("write {key} = {number}: numbers are in SI units (m, kg, s, rad) and written without them"),
        );
    }
    if bare_word(value) {
        return say(format!("`{key}` is a word without quotes"), "no quotes", format!("write {key} = \"{value}\""));
    }
    if !value.is_empty() && rest.is_empty() && !toml_reads(value) {
        // Only digits, signs, points and exponents, and still not a number TOML reads: `.5`, `5.`, `1e`, `1.5.2`.
        let help = match toml_number(&number) {
            Some(fixed) => format!("write {key} = {fixed}"),
            None => format!("write {key} = 0.5 or the like: a digit on each side of the point, and digits after an e (1e3 is 1000)"),
        };
        return say(format!("`{key}` is not a number as TOML writes one"), "not a TOML number", help);
    }
    None
}

/// A word written without quotes (`sign-fixed`), not `true` or `false`.
fn bare_word(value: &str) -> bool {
    !value.is_empty() && value.chars().all(|c| c.is_alphabetic() || c == '-' || c == '_') && value != "true" && value != "false"
}

/// What [`bare_value`] says of `field = text`, a `--set` value TOML cannot
/// read: the message, and the help. None for a word, which a `--set` takes as
/// it is (`solver.tangent=sign-fixed`).
pub(super) fn bare_set_value(field: &str, text: &str) -> Option<(String, Option<String>)> {
    if bare_word(text) {
        return None;
    }
    let line = format!("{field} = {text}");
    let (_, (message, _, help)) = bare_value(&line, field.len() + 3)?;
    Some((message, help))
}

/// The keys whose value is a vector, `[x, y]`.
const VECTOR_KEYS: &[&str] =
    &["apex", "at", "direction", "force", "from", "gravity", "impulse", "position", "size", "step", "to", "velocity"];

/// `number` as TOML writes it, if the fault is a missing digit at the point:
/// `.5` is 0.5, `-5.` is -5.0, `1.e3` is 1.0e3.
fn toml_number(number: &str) -> Option<String> {
    let (sign, digits) = number.split_at(usize::from(number.starts_with(['+', '-'])));
    let mut fixed = sign.to_string();
    let mut last = None;
    for c in digits.chars() {
        if c == '.' && !last.is_some_and(|l: char| l.is_ascii_digit()) {
            fixed.push('0');
        }
        if matches!(c, 'e' | 'E') && last == Some('.') {
            fixed.push('0');
        }
        fixed.push(c);
        last = Some(c);
    }
    if last == Some('.') {
        fixed.push('0');
    }
    (fixed != number && toml_reads(&fixed)).then_some(fixed)
}

/// Whether TOML reads `value` as the value of a key.
fn toml_reads(value: &str) -> bool {
    format!("x = {value}").parse::<toml::Table>().is_ok()
}

/// The line with the most dots and brackets, where nesting is deepest.
fn deepest_line(source: &str) -> Option<Range<usize>> {
    let depth = |line: &str| line.chars().filter(|c| matches!(c, '.' | '[' | '{')).count();
    let line = source.lines().max_by_key(|l| depth(l))?;
    let start = line.as_ptr() as usize - source.as_ptr() as usize;
    Some(start..(start + 1).min(source.len()))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A problem is rendered from the lines its span covers: the rest of the
    /// file, however long and whatever it holds, changes nothing in it.
    #[test]
    fn a_problem_renders_the_same_whatever_follows_its_lines() {
        let head = "[world]\ngravity = [0.0, -9.8]\n\n[[body]]\nname = \"a\"\nposition = [1.0,\n  2.0]\n";
        let tail = format!("[[body]]\nname = \"b\u{1b}\"\n{}", "[[body]]\nname = \"c\"\n".repeat(5_000));
        let at = |text: &str| head.find(text).expect("in the head");
        let spans = [at("-9.8")..at("-9.8") + 4, at("[1.0")..at("2.0]") + 4, head.len() - 1..head.len() - 1];
        for span in spans.clone() {
            for warning in [false, true] {
                let problem = Problem { span: Some(span.clone()), warning, ..Problem::error("odd", "here", Some("fix it".into())) };
                let render = |source: &str| SceneError::new("s.toml", source, vec![problem.clone()]).render(true);
                assert_eq!(render(head), render(&format!("{head}{tail}")), "span {span:?}");
            }
        }
        // A span over two lines shows both.
        let problem = Problem { span: Some(spans[1].clone()), ..Problem::error("odd", "here", None) };
        let shown = SceneError::new("s.toml", &format!("{head}{tail}"), vec![problem]).render(false);
        assert!(shown.contains("6 |   position = [1.0,") && shown.contains("7 | |   2.0]"), "{shown}");
    }
}
