//! Writing a scene back as TOML that loads to the same world. The user's own
//! file is the template: toml_edit keeps its comments, layout and key order,
//! only values that changed are rewritten (each keeping its trailing
//! comment), bodies are written into the tables they came from (the caller
//! says which, so a renamed body keeps its table), and new ones are appended.

use super::file::{ActionEntry, BODY_NUMBERS, BodyEntry, SolverSection, WallEntry};
use super::{SOLVER_KEYS, SolverValue};
use crate::engine::{Action, Body, BodyRef, Settings, World};
use crate::geometry::Shape;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, TableLike, Value};

pub use super::line_ends::with_line_ends;

/// `source` with the world and settings put in. `filed` gives, for each body
/// of the world, the name of the table it came from in `source` (none for a
/// body the file does not hold): that table is rewritten, keeping its
/// comments and layout, whatever the body is called now, and the file's
/// `[[action]]` tables that name a renamed body name it anew. A source that toml_edit
/// cannot read (an integer above i64::MAX, which the scene reader takes) is
/// refused, with where and why: writing the world into an empty document
/// would drop every comment and every table the scene does not own.
pub fn to_toml(source: &str, world: &World, settings: &Settings, filed: &[Option<&str>]) -> Result<String, String> {
    debug_assert_eq!(filed.len(), world.bodies.len());
    let mut doc: DocumentMut = source.parse().map_err(|e: toml_edit::TomlError| {
        let at =
            e.span().map(|s| super::error::line_col(source, s.start)).map_or(String::new(), |(l, c)| format!(" at line {l}, column {c}"));
        format!("the file cannot be rewritten keeping its text ({}{at}); nothing was written", e.message().trim())
    })?;
    let world_table = section(&mut doc, "world");
    set(world_table, "gravity", vec2(world.gravity.to_array()), world.gravity == glam::DVec2::ZERO);
    let d = super::file::WorldSection::default();
    set(world_table, "dt", float(settings.dt), settings.dt == d.dt);
    if world_table.is_empty() {
        doc.remove("world");
    }

    let (d, now) = (SolverSection::default(), SolverSection::of(settings));
    let solver = section(&mut doc, "solver");
    for k in SOLVER_KEYS {
        let v = (k.get)(&now);
        let written = match v {
            SolverValue::Whole(x) => x.into(),
            SolverValue::Number(x) => float(x),
            SolverValue::Flag(x) => x.into(),
            SolverValue::Name(x) => x.into(),
        };
        set(solver, k.key, written, v == (k.get)(&d));
    }
    if solver.is_empty() {
        doc.remove("solver");
    }

    let kept = keep_patterns(&mut doc, source, world);
    let entries = world.iter().zip(filed.iter().copied()).filter(|((b, _), _)| !kept.contains(b.name.as_str()));
    let (walls, bodies): (Vec<Entry>, Vec<Entry>) = entries.partition(|((b, _), _)| matches!(b.shape, Shape::Segment { .. }));
    write_entries(&mut doc, "body", &bodies, &|t, b| write_body(t, &BodyEntry::from_body(b)));
    write_entries(&mut doc, "wall", &walls, &write_wall);
    let renamed = renames(filed, &world.bodies);
    rename_strings(&mut doc, "action", "body", &|name| renamed.get(name).map(|n| n.to_string()));
    Ok(with_line_ends(source, doc.to_string()))
}

/// The patterns of `source` (`[[rack]]`, `[[row]]`, `[[grid]]`) whose
/// copies `world` holds just as the pattern makes them stay as written, and
/// the names of those copies are given back: they are not written again as
/// bodies. A pattern one of whose copies was edited, renamed or deleted is
/// taken out of `doc` (and those the world holds before it), and what is left
/// of their copies is written as `[[body]]` tables like any other body, so no
/// edit is lost and the world keeps its order.
fn keep_patterns(doc: &mut DocumentMut, source: &str, world: &World) -> std::collections::BTreeSet<String> {
    let Ok(raw) = super::tables::<super::file::SceneFile>(source, |k| ["rack", "row", "grid"].contains(&k)) else {
        return Default::default();
    };
    let now: BTreeMap<&str, BodyEntry> = world.iter().map(|b| (b.0.name.as_str(), BodyEntry::from_body(b))).collect();
    let (copies, _) = super::pattern::expand(&raw);
    // Each pattern's copies, in the order the world holds them.
    let mut patterns: Vec<((&'static str, usize), Vec<BodyEntry>)> = Vec::new();
    for copy in copies {
        if let [super::Seg::Key(table), super::Seg::Index(i), ..] = copy.from[..] {
            match patterns.last_mut() {
                Some((at, bodies)) if *at == (table, i) => bodies.push(copy.body),
                _ => patterns.push(((table, i), vec![copy.body])),
            }
        }
    }
    let as_made = |c: &BodyEntry| super::body(c).is_ok_and(|d| now.get(c.name.as_str()) == Some(&BodyEntry::from_body(d.parts())));
    // Bodies written out go before every pattern's copies when read again: so
    // that the world keeps its order, the patterns before an edited one go too.
    let edited = patterns.iter().rposition(|(_, copies)| !copies.iter().all(as_made));
    let mut kept = std::collections::BTreeSet::new();
    // From the last, so that taking a table out leaves the indices of those before it.
    for (k, ((table, i), copies)) in patterns.into_iter().enumerate().rev() {
        if edited.is_none_or(|e| k > e) {
            kept.extend(copies.into_iter().map(|c| c.name));
        } else if let Some(tables) = doc.get_mut(table).and_then(Item::as_array_of_tables_mut) {
            tables.remove(i);
            if tables.is_empty() {
                doc.remove(table);
            }
        }
    }
    kept
}

/// A body, and the name of the file's table it came from (none: a new body).
type Entry<'a> = (BodyRef<'a>, Option<&'a str>);

/// The bodies called otherwise than in the file: the file's name → the body's.
pub fn renames<'a>(filed: &[Option<&'a str>], bodies: &'a [Body]) -> BTreeMap<&'a str, &'a str> {
    filed.iter().zip(bodies).filter_map(|(was, b)| Some((was.filter(|&w| w != b.name)?, b.name.as_str()))).collect()
}

/// In each `[[table]]` of `doc` (or `table = [{ … }]`), the string at `key`,
/// or each string of the array there, that `rename` gives a new text for is
/// replaced, keeping its comments.
pub fn rename_strings(doc: &mut DocumentMut, table: &str, key: &str, rename: &dyn Fn(&str) -> Option<String>) {
    let tables: Vec<&mut dyn TableLike> = match doc.get_mut(table) {
        Some(Item::ArrayOfTables(a)) => a.iter_mut().map(|t| t as &mut dyn TableLike).collect(),
        Some(Item::Value(Value::Array(a))) => {
            a.iter_mut().filter_map(Value::as_inline_table_mut).map(|t| t as &mut dyn TableLike).collect()
        }
        _ => return,
    };
    for t in tables {
        let strings: Vec<&mut Value> = match t.get_mut(key) {
            Some(Item::Value(Value::Array(a))) => a.iter_mut().collect(),
            Some(Item::Value(v)) => vec![v],
            _ => continue,
        };
        for v in strings {
            if let Some(new) = v.as_str().and_then(rename) {
                replace(v, new.into());
            }
        }
    }
}

/// Writes `[[key]]` (bodies or walls) from `entries`, each into the file's
/// table it came from. Entries written inline, `body = [{ … }, …]`, stay
/// inline, each with its comments.
fn write_entries(doc: &mut DocumentMut, key: &str, entries: &[Entry], write: &dyn Fn(&mut dyn TableLike, BodyRef)) {
    if let Some(Item::Value(Value::Array(array))) = doc.get_mut(key) {
        write_inline_bodies(array, entries, write);
        return;
    }
    let mut old: Vec<Option<Table>> = match doc.remove(key) {
        Some(Item::ArrayOfTables(a)) => a.into_iter().map(Some).collect(),
        _ => Vec::new(),
    };
    // The file prints tables in the order of their places in it: the bodies
    // take the places the old ones had, in the world's order, and new ones
    // follow the last (a tie keeps the array's order).
    let mut places: Vec<isize> = old.iter().flatten().filter_map(Table::position).collect();
    places.sort_unstable();
    let mut tables = ArrayOfTables::new();
    for (k, &(body, filed)) in entries.iter().enumerate() {
        let name_of = |t: &Table| t.get("name").and_then(Item::as_str).map(str::to_string);
        let reused = old.iter_mut().find(|t| filed.is_some() && t.as_ref().and_then(name_of).as_deref() == filed).and_then(Option::take);
        let mut table = reused.unwrap_or_default();
        table.set_position(places.get(k).or(places.last()).copied());
        write(&mut table, body);
        tables.push(table);
    }
    if !tables.is_empty() {
        doc.insert(key, Item::ArrayOfTables(tables));
    }
}

/// The bodies of an inline array, in the world's order: each one the file had
/// (by the name it had there) keeps its own comments and layout, new ones follow on
/// lines of their own. A comment after a body's comma is stored in front of
/// the next body; it is moved with the body it follows.
fn write_inline_bodies(array: &mut Array, entries: &[Entry], write: &dyn Fn(&mut dyn TableLike, BodyRef)) {
    let name_of = |v: &Value| v.as_inline_table().and_then(|t| t.get("name")).and_then(Value::as_str).map(str::to_string);
    let prefix = |v: &Value| v.decor().prefix().and_then(|p| p.as_str()).unwrap_or("").to_string();
    let trailing = array.trailing().as_str().unwrap_or("").to_string();
    let first = array.get(0).map(prefix).unwrap_or_default();
    let opening = first_line(&first).0.to_string();
    // Each old body: its value, the lines before it that are its own, and the comment after its comma.
    let values: Vec<&Value> = array.iter().collect();
    let mut old: Vec<Option<(Value, String, String)>> = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let own = first_line(&prefix(v)).1.to_string();
            let after =
                values.get(i + 1).map_or_else(|| first_line(&trailing).0.to_string(), |next| first_line(&prefix(next)).0.to_string());
            Some(((*v).clone(), own, after))
        })
        .collect();
    let mut bodies = Array::new();
    let mut before = opening;
    for &(body, filed) in entries {
        let reused = old
            .iter_mut()
            .find(|o| filed.is_some() && o.as_ref().and_then(|(v, ..)| name_of(v)).as_deref() == filed)
            .and_then(Option::take);
        let (mut value, own, after) = reused.unwrap_or_else(|| (Value::InlineTable(InlineTable::new()), "\n  ".to_string(), String::new()));
        if let Some(table) = value.as_inline_table_mut() {
            write(table, body);
        }
        value.decor_mut().set_prefix(format!("{before}{own}"));
        before = after;
        bodies.push_formatted(value);
    }
    bodies.set_trailing(format!("{before}{}", first_line(&trailing).1));
    bodies.set_trailing_comma(array.trailing_comma());
    *bodies.decor_mut() = array.decor().clone();
    *array = bodies;
}

/// Text up to its first line break, and the rest from that break on.
fn first_line(text: &str) -> (&str, &str) {
    text.split_at(text.find('\n').unwrap_or(text.len()))
}

/// `text` (a scene file) with its `[[action]]` tables written anew from
/// `actions`, whose bodies are `bodies`; none left removes them.
pub fn with_actions(text: &str, actions: &[Action], bodies: &[crate::engine::Body]) -> Result<String, String> {
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| e.message().to_string())?;
    doc.remove("action");
    let mut tables = ArrayOfTables::new();
    for a in actions {
        let e = ActionEntry::from_action(a, bodies);
        let mut t = Table::new();
        t.insert("frame", toml_edit::value(e.frame));
        t.insert("body", toml_edit::value(e.body.as_str()));
        let (pair, one) = (|v: Option<[f64; 2]>| v.map(vec2), |v: Option<f64>| v.map(float));
        let kinds = [("force", pair(e.force)), ("torque", one(e.torque)), ("impulse", pair(e.impulse))];
        let kinds =
            kinds.into_iter().chain([("angular_impulse", one(e.angular_impulse)), ("velocity", pair(e.velocity)), ("at", pair(e.at))]);
        for (key, value) in kinds.filter_map(|(k, v)| Some((k, v?))) {
            t.insert(key, Item::Value(value));
        }
        if let Some(frames) = e.frames {
            t.insert("frames", toml_edit::value(frames));
        }
        tables.push(t);
    }
    if !tables.is_empty() {
        doc.insert("action", Item::ArrayOfTables(tables));
    }
    Ok(with_line_ends(text, doc.to_string()))
}

/// The table `[name]`, made if the file has none; a table the file writes
/// inline, `name = { … }`, stays inline with its comments.
pub(super) fn section<'a>(doc: &'a mut DocumentMut, name: &str) -> &'a mut dyn TableLike {
    let item = doc.entry(name).or_insert_with(toml_edit::table);
    if !item.is_table_like() {
        *item = toml_edit::table();
    }
    item.as_table_like_mut().expect("made a table above")
}

fn write_body(t: &mut dyn TableLike, b: &BodyEntry) {
    set(t, "name", b.name.as_str().into(), false);
    set(t, "shape", if b.radius.is_some() { "circle" } else { "box" }.into(), false);
    match (b.radius, b.size) {
        (Some(r), _) => {
            set(t, "radius", float(r), false);
            t.remove("size");
        }
        (_, Some(s)) => {
            set(t, "size", vec2(s), false);
            t.remove("radius");
        }
        (None, None) => {}
    }
    match b.mass {
        Some(m) => {
            set(t, "mass", float(m), false);
            t.remove("static");
        }
        None => {
            set(t, "static", true.into(), false);
            t.remove("mass");
        }
    }
    match b.inertia {
        Some(i) => set(t, "inertia", float(i), false),
        None => drop(t.remove("inertia")),
    }
    for number in &BODY_NUMBERS {
        let values = (number.get)(b);
        let value = match *values {
            [x, y] => vec2([x, y]),
            _ => float(values[0]),
        };
        set(t, number.key, value, values.iter().all(|&x| x == number.default));
    }
}

/// A wall's ends as [`WallEntry::from_body`] gives them: numbers that read
/// back to the very body, the shortest such. Ends the file already gives
/// that read back to it keep the file's text (`1.50` stays `1.50`).
fn write_wall(t: &mut dyn TableLike, (b, m): BodyRef) {
    let Some(w) = WallEntry::from_body((b, m)) else { return };
    set(t, "name", w.name.as_str().into(), false);
    let number = |v: &Value| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
    let written =
        |key: &str| t.get(key).and_then(Item::as_array).and_then(|a| Some(glam::DVec2::new(number(a.get(0)?)?, number(a.get(1)?)?)));
    let kept = match (written("from"), written("to"), b.shape) {
        (Some(from), Some(to), Shape::Segment { half }) => {
            m.angle == 0.0 && crate::geometry::segment_between(from, to) == (m.position, half)
        }
        _ => false,
    };
    if !kept {
        set(t, "from", vec2(w.from), false);
        set(t, "to", vec2(w.to), false);
    }
    set(t, "restitution", float(w.restitution), w.restitution == 1.0);
    set(t, "friction", float(w.friction), w.friction == 0.0);
}

fn vec2([x, y]: [f64; 2]) -> Value {
    Value::Array(Array::from_iter([float(x), float(y)]))
}

/// A number as Rust writes it for reading back: the shortest text that gives
/// the same f64, with an exponent for the very small and very large
/// (`1e-200`, not two hundred zeros). It is also TOML's syntax.
fn float(x: f64) -> Value {
    // TOML spells the values the physics never takes `nan` and `inf`; the scene
    // that holds one is refused when read back, before any file is written.
    let text = if x.is_nan() { "nan".to_string() } else { format!("{x:?}") };
    text.parse().unwrap_or_else(|_| Value::from(x))
}

/// Puts `value` at `key`. A value that already says the same is left as
/// written; a key the file leaves out is not added for a default value.
fn set(t: &mut dyn TableLike, key: &str, value: Value, is_default: bool) {
    match t.get_mut(key) {
        Some(Item::Value(old)) if same(old, &value) => {}
        Some(Item::Value(Value::Array(old))) if value.as_array().is_some_and(|new| new.len() == old.len()) => {
            // Element by element, so comments inside a multi-line array stay;
            // the comment after it keeps its column.
            let was = bare_width(&Value::Array(old.clone()));
            for (o, n) in old.iter_mut().zip(value.as_array().expect("checked above").iter()) {
                if !same(o, n) {
                    replace(o, n.clone());
                }
            }
            let now = bare_width(&Value::Array(old.clone()));
            keep_comment_column(old.decor_mut(), was, now);
        }
        Some(Item::Value(old)) => replace(old, value),
        Some(item) => *item = Item::Value(value),
        None if is_default => {}
        None => {
            t.insert(key, Item::Value(value));
        }
    }
}

/// Puts `new` where `old` was, with `old`'s comment, kept at the column it
/// stood at when the number's length changes.
fn replace(old: &mut Value, mut new: Value) {
    let mut decor = old.decor().clone();
    keep_comment_column(&mut decor, bare_width(old), bare_width(&new));
    *new.decor_mut() = decor;
    *old = new;
}

/// How many characters the last line of a value takes, without its spaces
/// and comments: where a comment after it starts.
fn bare_width(v: &Value) -> usize {
    let mut v = v.clone();
    v.decor_mut().clear();
    v.to_string().rsplit('\n').next().map_or(0, |line| line.chars().count())
}

/// A comment after a value that was `was` characters long and is now `now`
/// stays at its column (at least a space after the value).
fn keep_comment_column(decor: &mut toml_edit::Decor, was: usize, now: usize) {
    if let Some(suffix) = decor.suffix().and_then(|s| s.as_str()) {
        let gap = suffix.len() - suffix.trim_start().len();
        if gap > 0 && suffix.trim_start().starts_with('#') {
            let gap = (gap + was).saturating_sub(now).max(1);
            decor.set_suffix(format!("{}{}", " ".repeat(gap), suffix.trim_start()));
        }
    }
}

/// Whether two TOML values say the same thing (`1` and `1.0` do).
fn same(a: &Value, b: &Value) -> bool {
    let number = |v: &Value| v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q)),
        (Value::Integer(x), Value::Integer(y)) => x.value() == y.value(),
        _ => match (number(a), number(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a.as_str().is_some_and(|s| Some(s) == b.as_str()) || a.as_bool().is_some_and(|s| Some(s) == b.as_bool()),
        },
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a
/// rename, so a failure midway never leaves a half-written scene. A link at
/// `path` is followed, so the file it points to is the one written, and the
/// file keeps its permissions.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_replacing(&std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()), text)
}

/// Writes `text` in place of whatever `path` names, through a temporary file
/// and a rename: a link there is replaced itself, never followed, so nothing
/// outside `path`'s folder is written. A plain file keeps its permissions.
pub fn write_replacing(path: &Path, text: &str) -> std::io::Result<()> {
    let permissions = std::fs::symlink_metadata(path).ok().filter(std::fs::Metadata::is_file).map(|m| m.permissions());
    written_beside(path, text, permissions)?.persist(path).map(drop).map_err(|e| e.error)
}

/// Writes `text` to `path` only where no file or folder is, all at once: a
/// full disk leaves nothing behind to block the next try.
pub fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    written_beside(path, text, None)?.persist_noclobber(path).map(drop).map_err(|e| e.error)
}

/// `text` in a temporary file in `path`'s folder, synced, ready to rename. The
/// file is made by `tempfile`: a random name, created exclusively, so a link
/// someone planted in the folder is never followed. On an error it is removed.
fn written_beside(path: &Path, text: &str, permissions: Option<std::fs::Permissions>) -> std::io::Result<tempfile::NamedTempFile> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    builder.prefix(".impulse-").suffix(".tmp");
    // A new file gets what any program's would (rw for all, less the umask),
    // not the private mode of a temporary file.
    #[cfg(unix)]
    if permissions.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(folder)?;
    file.write_all(text.as_bytes())?;
    if let Some(permissions) = permissions {
        file.as_file().set_permissions(permissions)?;
    }
    file.as_file().sync_all()?;
    Ok(file)
}
