//! Scene files: TOML in, a validated world and solver settings out.

mod bounded;
pub mod error;
mod error_zh;
pub mod file;
pub mod limits;
mod line_ends;
pub mod overrides;
pub mod pattern;
pub mod save;
mod solver_keys;
mod validate;

pub use solver_keys::{SOLVER_KEYS, SolverKey, SolverValue, solver_key};
pub use validate::{BodyProblem, body, check_new_name, settings, wall};

pub use error::{Problem, SceneError, Seg};
pub use file::YAxis;

/// What `impulse new` writes: every key with its default and a comment.
pub const STARTER: &str = include_str!("starter.toml");
/// The same scene with its comments in Chinese (`impulse new --lang zh`); a
/// test holds the two to the same keys and values.
pub const STARTER_ZH: &str = include_str!("starter_zh.toml");

/// What `impulse new --full` adds: every table and key of the format, one line each.
pub const REFERENCE: &str = include_str!("reference.toml");

/// `impulse new --template NAME`: common starting points, each a sound scene
/// (the stack and the pyramid rest), by name and with what each holds.
pub const TEMPLATES: [(&str, &str, &str); 5] = [
    ("stack", include_str!("templates/stack.toml"), "three boxes stacked on a floor"),
    ("pyramid", include_str!("templates/pyramid.toml"), "ten boxes in rows of 4, 3, 2 and 1"),
    ("snooker", include_str!("templates/snooker.toml"), "a break at full size: 15 reds racked, cushions, the cue ball at 6 m/s"),
    ("ramp", include_str!("templates/ramp.toml"), "a ball rolling down an inclined wall"),
    ("pendulum-row", include_str!("templates/pendulum-row.toml"), "Newton's cradle laid flat: five balls in a row, one sent in"),
];

use crate::engine::{Settings, World};
use glam::DVec2;
use serde::de::DeserializeOwned;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Everything a scene file says, checked: ready to step.
#[derive(Clone, Debug)]
pub struct Scene {
    pub world: World,
    pub settings: Settings,
    pub y_axis: YAxis,
    /// The drawing window, lower-left and upper-right corners.
    pub view: Option<(DVec2, DVec2)>,
    /// Allowed but likely unintended (bodies overlapping at the start).
    pub warnings: Vec<Problem>,
    /// The file on disk this scene came from; none for an embedded lesson.
    pub origin: Option<PathBuf>,
    /// The file's name and text, so later problems (a lesson check naming a
    /// quantity that never appears) can still point into it.
    pub file: String,
    pub source: String,
}

impl Scene {
    pub fn parse(file: &str, source: &str) -> Result<Scene, SceneError> {
        Scene::parse_except(file, source, &[])
    }

    /// A scene from a file that also holds the top-level tables `others` for
    /// another reader (a lesson's): they are left alone, not reported unknown.
    ///
    /// Every problem of the file is reported at once, in line order: a key of
    /// the wrong name or type is reported and read as left out, so that the
    /// rest of the file is read and checked too. Only a file that is not TOML
    /// at all, or a table that lacks a key it needs, stops the reading there.
    pub fn parse_except(file: &str, source: &str, others: &[&str]) -> Result<Scene, SceneError> {
        Scene::parse_beside::<serde::de::IgnoredAny>(file, source, others).map(|(scene, _)| scene)
    }

    /// [`Scene::parse_except`], with the tables `others` read into `T` from
    /// the same parse: a file of 100,000 bodies is parsed once, not once for
    /// each reader.
    ///
    /// Every problem of the file is reported at once, in line order: a key of
    /// the wrong name or type is reported and read as left out, so that the
    /// rest of the file is read and checked too. Only a file that is not TOML
    /// at all, or a table that lacks a key it needs, stops the reading there.
    /// The tables `others` are read once the scene is.
    pub fn parse_beside<T: DeserializeOwned>(file: &str, source: &str, others: &[&str]) -> Result<(Scene, T), SceneError> {
        bounded::text(file, source)?;
        let (root, beside) = split(source, others).map_err(|e| error::from_toml_beside(file, source, &e, others))?;
        let scene = Scene::read_all(file, source, root, others)?;
        let (tables, errors) = reporting_all::<T>(beside, || split(source, others).ok().map(|(_, beside)| beside));
        match tables {
            Some(tables) if errors.is_empty() => Ok((scene, tables)),
            _ => {
                let problems = errors.iter().flat_map(|e| error::from_toml(file, source, e).problems);
                Err(SceneError::new(file, source, problems.collect()))
            }
        }
    }

    /// The scene's tables of a parsed file, validated, with every problem.
    fn read_all(file: &str, source: &str, root: Tables, others: &[&str]) -> Result<Scene, SceneError> {
        let (raw, errors) = reporting_all::<file::SceneFile>(root, || split(source, others).ok().map(|(root, _)| root));
        let mut problems: Vec<Problem> = errors.iter().flat_map(|e| error::from_toml_beside(file, source, e, others).problems).collect();
        // What a key read as left out brings about (a moving body with its
        // `masss` left out has no mass) says again what its own error says.
        let left_out: Vec<(Range<usize>, String)> =
            problems.iter().filter_map(|p| Some((table_around(source, p.span.as_ref()?.start), meant_key(&p.message)?))).collect();
        let echoes = |p: &Problem| {
            p.span
                .as_ref()
                .is_some_and(|s| left_out.iter().any(|(table, key)| table.contains(&s.start) && p.message.contains(key.as_str())))
        };
        let structural = problems.len();
        match raw.map(|raw| validate::scene(raw, file, source)) {
            Some(Ok(scene)) if problems.is_empty() => return Ok(scene),
            Some(Err(e)) => problems.extend(e.problems.into_iter().filter(|p| !echoes(p))),
            _ => {}
        }
        // A table that lacks a key because its value was refused stops the reading: say the refusal only.
        let mut k = 0;
        problems.retain(|p| {
            k += 1;
            k > structural || !(p.message.starts_with("missing key") && echoes(p))
        });
        problems.sort_by_key(|p| p.span.as_ref().map_or(usize::MAX, |s| s.start));
        // The copies of a pattern share their keys' lines: one report each.
        problems.dedup_by(|a, b| a.span == b.span && a.message == b.message);
        Err(SceneError::new(file, source, problems))
    }

    pub fn load(path: &Path) -> Result<Scene, SceneError> {
        Scene::load_except(path, &[])
    }

    /// [`Scene::parse_except`] on a file's text.
    pub fn load_except(path: &Path, others: &[&str]) -> Result<Scene, SceneError> {
        Scene::load_beside::<serde::de::IgnoredAny>(path, others).map(|(scene, _)| scene)
    }

    /// [`Scene::parse_beside`] on a file's text.
    pub fn load_beside<T: DeserializeOwned>(path: &Path, others: &[&str]) -> Result<(Scene, T), SceneError> {
        let name = path.display().to_string();
        let source = read_text(path)?;
        let (scene, tables) = Scene::parse_beside(&name, &source, others)?;
        Ok((Scene { origin: Some(path.to_path_buf()), ..scene }, tables))
    }

    /// The warnings, rendered as the errors are; empty when there are none.
    pub fn render_warnings(&self, color: bool) -> String {
        self.render_warnings_in(color, crate::notation::Lang::En)
    }

    /// [`Scene::render_warnings`] in `lang`.
    pub fn render_warnings_in(&self, color: bool, lang: crate::notation::Lang) -> String {
        SceneError::new(&self.file, &self.source, self.warnings.clone()).render_in(color, lang)
    }

    /// A problem located at `path` in this scene's file.
    pub fn error_at(&self, path: &[Seg], problem: Problem) -> SceneError {
        SceneError::at(&self.file, &self.source, path, problem)
    }
}

/// A file's text; bytes that are not UTF-8 are an error at their line and column.
pub fn read_text(path: &Path) -> Result<String, SceneError> {
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| SceneError::io(&name, format!("cannot read the scene file: {e}"));
    let file = std::fs::File::open(path).map_err(cannot)?;
    bounded::file_size(&name, file.metadata().map_err(cannot)?.len())?;
    // A file that grows while it is read (a pipe, a log) is cut one byte past the limit, and refused.
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, bounded::MAX_FILE_BYTES + 1), &mut bytes).map_err(cannot)?;
    bounded::file_size(&name, bytes.len() as u64)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        // The text up to the bad byte is kept as it is, so the place shown is exact.
        let source = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let problem = Problem::error(
            "the file is not UTF-8 text",
            "not UTF-8",
            Some("save the file as UTF-8; names may use any language's letters".to_string()),
        );
        SceneError::new(&name, &source, vec![Problem { span: Some(at..at + '\u{FFFD}'.len_utf8()), ..problem }])
    })
}

/// The key a refused key was meant to be: `mass` for ``unknown key `masss`:
/// did you mean `mass`?`` and for ``body.mass`: expected a number``.
fn meant_key(message: &str) -> Option<String> {
    if let Some((_, rest)) = message.split_once("did you mean `") {
        return rest.split('`').next().map(str::to_string);
    }
    let quoted = message.strip_prefix('`')?.split('`').next()?;
    quoted.rsplit('.').next().map(str::to_string)
}

/// The bytes of the table (from its `[header]` to the next) that holds byte `at`.
fn table_around(source: &str, at: usize) -> Range<usize> {
    let header = |l: &str| l.trim_start().starts_with('[');
    let mut start = 0;
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        if offset > at && header(line) {
            return start..offset;
        }
        if header(line) {
            start = offset;
        }
        offset += line.len();
    }
    start..source.len()
}

/// How many keys of wrong names or types one file may have reported before
/// the rest is left unread: a screenful, not a flood.
const MOST_ERRORS: usize = 50;

/// Reads `root` into `T`, reporting every key serde refuses rather than the
/// first: the key an error points at is taken out and the tables read again,
/// until they read or an error points at no key (a table lacking a key it
/// needs). The value read, if it was, and the errors. A file that reads is
/// read once; only one with errors is parsed again (`again`), since reading
/// takes the tables apart.
fn reporting_all<'s, T: DeserializeOwned>(
    root: Tables<'s>,
    again: impl FnOnce() -> Option<Tables<'s>>,
) -> (Option<T>, Vec<toml::de::Error>) {
    let first = match T::deserialize(toml::de::Deserializer::from(root)) {
        Ok(value) => return (Some(value), Vec::new()),
        Err(e) => e,
    };
    let mut errors = Vec::new();
    let mut next = Some(first);
    let Some(mut root) = again() else { return (None, next.into_iter().collect()) };
    while let Some(e) = next.take() {
        let taken_out = e.span().is_some_and(|span| take_out_key_at(root.get_mut(), &span));
        errors.push(e);
        if !taken_out || errors.len() >= MOST_ERRORS {
            break;
        }
        match T::deserialize(toml::de::Deserializer::from(root.clone())) {
            Ok(value) => return (Some(value), errors),
            Err(e) => next = Some(e),
        }
    }
    (None, errors)
}

/// Reads the top-level tables of a TOML file that `keep` keeps into `T`.
/// The error keeps its span in `source` (the spans survive the filtering).
pub(crate) fn tables<T: DeserializeOwned>(source: &str, keep: impl Fn(&str) -> bool) -> Result<T, toml::de::Error> {
    let mut root = toml::de::DeTable::parse(source)?;
    let others: Vec<String> = root.get_ref().keys().map(|k| k.get_ref().to_string()).filter(|k| !keep(k)).collect();
    for key in others {
        root.get_mut().remove(key.as_str());
    }
    T::deserialize(toml::de::Deserializer::from(root))
}

/// A file's top-level tables, as parsed, with their spans.
type Tables<'s> = toml::Spanned<toml::de::DeTable<'s>>;

/// A file's tables parsed and split: the scene's, and the tables `others`
/// (a lesson's) with the whole file's span, so a problem in either part
/// points into the whole file.
fn split<'s>(source: &'s str, others: &[&str]) -> Result<(Tables<'s>, Tables<'s>), toml::de::Error> {
    let mut root = toml::de::DeTable::parse(source)?;
    let span = root.span();
    let mut beside = toml::de::DeTable::new();
    for key in others {
        if let Some((key, value)) = root.get_mut().remove_entry(*key) {
            beside.insert(key, value);
        }
    }
    Ok((root, toml::Spanned::new(span, beside)))
}

/// Takes out of `table`, at any depth, the key named or valued at `span`.
fn take_out_key_at(table: &mut toml::de::DeTable, span: &std::ops::Range<usize>) -> bool {
    let within = |outer: std::ops::Range<usize>| outer.start <= span.start && span.end <= outer.end;
    let mut found = None;
    for (key, value) in table.iter_mut() {
        if key.span() == *span {
            found = Some(key.get_ref().to_string());
            break;
        }
        let inner = match value.get_mut() {
            toml::de::DeValue::Table(t) => take_out_key_at(t, span),
            toml::de::DeValue::Array(items) => items.iter_mut().any(|item| match item.get_mut() {
                toml::de::DeValue::Table(t) => take_out_key_at(t, span),
                _ => false,
            }),
            _ => false,
        };
        if inner {
            return true;
        }
        // A plain value (a number, a string, [x, y]) goes whole; a table, or
        // an array of them, only ever loses the key inside it.
        let holds_tables = match value.get_ref() {
            toml::de::DeValue::Table(_) => true,
            toml::de::DeValue::Array(items) => items.iter().any(|item| matches!(item.get_ref(), toml::de::DeValue::Table(_))),
            _ => false,
        };
        if within(value.span()) && !holds_tables {
            found = Some(key.get_ref().to_string());
            break;
        }
    }
    found.is_some_and(|key| table.remove(key.as_str()).is_some())
}
