//! Writing a scene back as TOML that loads to the same world. The user's own
//! file is the template: toml_edit keeps its comments, layout and key order,
//! only values that changed are rewritten (each keeping its trailing
//! comment), bodies are matched by name, and new ones are appended.

use super::file::BodyEntry;
use crate::engine::{Settings, World};
use std::io::Write;
use std::path::Path;
use toml_edit::{Array, ArrayOfTables, DocumentMut, Item, Table, Value};

/// `source` with the world and settings put in.
pub fn to_toml(source: &str, world: &World, settings: &Settings) -> String {
    let mut doc: DocumentMut = source.parse().unwrap_or_default();
    let world_table = section(&mut doc, "world");
    set(world_table, "gravity", vec2(world.gravity.to_array()), world.gravity == glam::DVec2::ZERO);
    let d = super::file::WorldSection::default();
    set(world_table, "dt", settings.dt.into(), settings.dt == d.dt);
    if world_table.is_empty() {
        doc.remove("world");
    }

    let d = super::file::SolverSection::default();
    let solver = section(&mut doc, "solver");
    let iterations = settings.relaxation_iterations as i64;
    set(solver, "relaxation_iterations", iterations.into(), iterations == d.relaxation_iterations);
    set(solver, "correction_rate", settings.correction_rate.into(), settings.correction_rate == d.correction_rate);
    set(solver, "position_correction", settings.position_correction.into(), settings.position_correction);
    set(solver, "friction", settings.friction.name().into(), super::friction(d.friction) == settings.friction);
    set(solver, "tangent", settings.tangent.name().into(), super::tangent(d.tangent) == settings.tangent);
    set(solver, "coulomb_cap", settings.coulomb_cap.into(), !settings.coulomb_cap);
    set(solver, "integrator", settings.integrator.name().into(), settings.integrator == crate::engine::Integrator::SymplecticEuler);
    if solver.is_empty() {
        doc.remove("solver");
    }

    let mut old: Vec<Option<Table>> = match doc.remove("body") {
        Some(Item::ArrayOfTables(a)) => a.into_iter().map(Some).collect(),
        _ => Vec::new(),
    };
    // The file prints tables in the order of their places in it: the bodies
    // take the places the old ones had, in the world's order, and new ones
    // follow the last (a tie keeps the array's order).
    let mut places: Vec<isize> = old.iter().flatten().filter_map(Table::position).collect();
    places.sort_unstable();
    let mut bodies = ArrayOfTables::new();
    for (k, body) in world.bodies.iter().enumerate() {
        let name_of = |t: &Table| t.get("name").and_then(Item::as_str).map(str::to_string);
        let reused = old.iter_mut().find(|t| t.as_ref().and_then(name_of).as_deref() == Some(&body.name)).and_then(Option::take);
        let mut table = reused.unwrap_or_default();
        table.set_position(places.get(k).or(places.last()).copied());
        write_body(&mut table, &BodyEntry::from_body(body));
        bodies.push(table);
    }
    if !bodies.is_empty() {
        doc.insert("body", Item::ArrayOfTables(bodies));
    }
    doc.to_string()
}

/// The table `[name]`, made if the file has none.
fn section<'a>(doc: &'a mut DocumentMut, name: &str) -> &'a mut Table {
    let item = doc.entry(name).or_insert_with(toml_edit::table);
    if !item.is_table() {
        *item = toml_edit::table();
    }
    item.as_table_mut().expect("made a table above")
}

fn write_body(t: &mut Table, b: &BodyEntry) {
    set(t, "name", b.name.as_str().into(), false);
    set(t, "shape", if b.radius.is_some() { "circle" } else { "box" }.into(), false);
    match (b.radius, b.size) {
        (Some(r), _) => {
            set(t, "radius", r.into(), false);
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
            set(t, "mass", m.into(), false);
            t.remove("static");
        }
        None => {
            set(t, "static", true.into(), false);
            t.remove("mass");
        }
    }
    match b.inertia {
        Some(i) => set(t, "inertia", i.into(), false),
        None => drop(t.remove("inertia")),
    }
    set(t, "position", vec2(b.position), b.position == [0.0, 0.0]);
    set(t, "angle", b.angle.into(), b.angle == 0.0);
    set(t, "velocity", vec2(b.velocity), b.velocity == [0.0, 0.0]);
    set(t, "angular_velocity", b.angular_velocity.into(), b.angular_velocity == 0.0);
    set(t, "restitution", b.restitution.into(), b.restitution == 1.0);
    set(t, "friction", b.friction.into(), b.friction == 0.0);
}

fn vec2([x, y]: [f64; 2]) -> Value {
    Value::Array(Array::from_iter([x, y]))
}

/// Puts `value` at `key`. A value that already says the same is left as
/// written; a key the file leaves out is not added for a default value.
fn set(t: &mut Table, key: &str, mut value: Value, is_default: bool) {
    match t.get_mut(key) {
        Some(Item::Value(old)) if same(old, &value) => {}
        Some(Item::Value(old)) => {
            *value.decor_mut() = old.decor().clone();
            *old = value;
        }
        Some(item) => *item = Item::Value(value),
        None if is_default => {}
        None => {
            t.insert(key, Item::Value(value));
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
/// rename, so a failure midway never leaves a half-written scene.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path.file_name().map_or("scene".into(), |n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(".{name}.impulse-{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
