use crate::engine::{Body, BodyState, EnergyChange, FaceRow, FrameRecord, Phase, PhaseData, Totals, Value};
use crate::geometry::Shape;
use serde_json::{Map, Value as Json, json};
use std::io::Write;

/// The version of the JSON trace's layout, written as its `"format"`: 2 since
/// its keys are ASCII snake_case (`d_jn`, `omega_a_after`), where the first
/// wrote the screen's symbols (`Δjn`, `ω_a'`).
pub const JSON_FORMAT: u32 = 2;

/// The quantities a forces or integrate phase, or an action, names after a
/// body (`x' ball`, `τ box1`): in JSON each is one key whose value is an
/// object from body name to value, so that no key holds a body's name.
const PER_BODY: [&str; 10] = ["x'", "θ'", "v'", "ω'", "Δv", "Δω", "r", "τ", "L", "v"];

/// A quantity's JSON key: its symbol spelt in ASCII snake_case, so that a
/// program can name it (`Δjn` → `d_jn`, `ω_a'` → `omega_a_after`, `vrn₀` →
/// `vrn0`, `|dist|` → `abs_dist`, `Δv·Δr` → `d_v_dot_d_r`). The screen and
/// the text trace keep the symbols.
pub fn json_key(symbol: &str) -> String {
    let (abs, symbol) = match symbol.strip_prefix('|').and_then(|s| s.strip_suffix('|')) {
        Some(inner) => ("abs ", inner),
        None => ("", symbol),
    };
    let mut spelt = abs.to_string();
    for c in symbol.chars() {
        let word = match c {
            'Δ' => " d ",
            'Σ' => " sum ",
            'ω' => " omega ",
            'θ' => " theta ",
            'μ' => " mu ",
            'σ' => " sigma ",
            'τ' => " tau ",
            'λ' => " lambda ",
            '·' => " dot ",
            '−' => " minus ",
            '\'' => " after ",
            '₀'..='₉' => {
                spelt.push(char::from(b'0' + (c as u32 - '₀' as u32) as u8));
                continue;
            }
            c if c.is_ascii_alphanumeric() => {
                spelt.push(c.to_ascii_lowercase());
                continue;
            }
            _ => " ",
        };
        spelt += word;
    }
    spelt.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
}

/// Where a quantity goes among a phase's JSON values: under its own key, under
/// a [`PER_BODY`] key and the body's name, or nowhere, for a face of the
/// separating axis test (the phase's `faces` hold those rows whole).
enum Place<'a> {
    Key(String),
    OfBody(String, &'a str),
    InFaces,
}

fn place<'a>(name: &'a str, names: &[String], has_faces: bool) -> Place<'a> {
    for body in names {
        if has_faces && name.strip_prefix(body.as_str()).and_then(|rest| rest.strip_prefix(" face ")).is_some() {
            return Place::InFaces;
        }
        // A wall's ends in the wall–circle test: one wall a phase.
        if let Some(end @ ("from" | "to")) = name.strip_prefix(body.as_str()).and_then(|rest| rest.strip_prefix(' ')) {
            return Place::Key(format!("wall_{end}"));
        }
        if let Some(symbol) = name.strip_suffix(body.as_str()).and_then(|s| s.strip_suffix(' '))
            && PER_BODY.contains(&symbol)
        {
            return Place::OfBody(json_key(symbol), &name[symbol.len() + 1..]);
        }
    }
    Place::Key(json_key(name))
}

fn pair_json(v: glam::DVec2) -> Json {
    json!([v.x, v.y])
}

fn value_json(v: &Value) -> Json {
    match v {
        Value::Scalar(x) => json!(x),
        Value::Vector(v) => pair_json(*v),
        Value::Bool(b) => json!(b),
        Value::Text(t) => json!(t),
        Value::Absent => Json::Null,
    }
}

/// A body at the end of a frame, with what a reader needs to work out its
/// energy and momentum: mass (null when static), inertia and shape.
fn body_json(body: &Body, s: &BodyState) -> Json {
    let mut o = json!({
        "name": body.name,
        "position": pair_json(s.position),
        "angle": s.angle,
        "velocity": pair_json(s.velocity),
        "angular_velocity": s.angular_velocity,
        "mass": (!body.is_static()).then(|| body.mass()),
        "inertia": body.inertia(),
    });
    match body.shape {
        Shape::Circle { radius } => {
            o["shape"] = json!("circle");
            o["radius"] = json!(radius);
        }
        Shape::Box { size } => {
            o["shape"] = json!("box");
            o["size"] = pair_json(size);
        }
        Shape::Segment { half } => {
            let [from, to] = crate::geometry::segment_ends(half, crate::geometry::Pose::new(s.position, s.angle));
            o["shape"] = json!("wall");
            o["from"] = pair_json(from);
            o["to"] = pair_json(to);
        }
    }
    o
}

/// The world's totals before and after a phase (docs/trace-format.md, "The ledger").
fn ledger_json(b: &Totals, a: &Totals) -> Json {
    json!({
        "ke": [b.ke, a.ke],
        "pe": [b.pe, a.pe],
        "momentum": [pair_json(b.momentum), pair_json(a.momentum)],
        "angular_momentum": [b.angular_momentum, a.angular_momentum],
    })
}

/// One phase of the JSON trace: kind, pass, pair, its values in the order of
/// the derivation (serde_json keeps insertion order), keyed by [`json_key`],
/// and the ledger across it.
fn phase_json(names: &[String], p: &Phase, before: &Totals, after: &Totals) -> Json {
    let faces = p.faces(names);
    let mut values = Map::new();
    for q in p.quantities(names) {
        match place(&q.name, names, faces.is_some()) {
            Place::Key(key) => {
                values.insert(key, value_json(&q.value));
            }
            Place::OfBody(key, body) => {
                let per_body = values.entry(key).or_insert_with(|| Json::Object(Map::new()));
                if let Json::Object(per_body) = per_body {
                    per_body.insert(body.to_string(), value_json(&q.value));
                }
            }
            Place::InFaces => {}
        }
    }
    let mut o = json!({
        "kind": p.kind().name(),
        "iteration": p.iteration,
        "pair": p.pair.map(|(a, b)| [&names[a], &names[b]]),
        "values": values,
        "ledger": ledger_json(before, after),
    });
    if let PhaseData::Broad(broad) = &p.data {
        o["candidates"] = broad.candidates.iter().map(|&(a, b)| json!([names[a], names[b]])).collect();
    }
    if let Some(table) = faces {
        o["faces"] = table.rows.iter().map(face_json).collect();
    }
    o
}

/// A phase of the JSON trace with what it did to the energy: `energy` holds
/// ΔKE, ΔPE, ΔE, gravity's share of ΔE, and the frame's integrator drift
/// where the phase closes the frame's motion (null elsewhere).
pub fn phase_energy_json(names: &[String], p: &Phase, e: &EnergyChange) -> Json {
    let mut o = phase_json(names, p, &e.before, &e.after);
    let d = e.after - e.before;
    o["energy"] = json!({ "d_ke": d.ke, "d_pe": d.pe, "d_e": e.de(), "gravity": e.gravity, "integrator_drift": e.drift });
    o
}

/// One face of the separating axis test, as the table shows it; a face that
/// separates has a null support and distance.
fn face_json(r: &FaceRow) -> Json {
    json!({
        "body": r.body,
        "face": r.face,
        "normal": pair_json(r.normal),
        "on_face": pair_json(r.on_face),
        "support": r.support.map(pair_json),
        "distance": r.distance,
        "least": r.least,
    })
}

/// One frame of the JSON trace of docs/trace-format.md, written a phase at a time so a
/// frame of thousands of phases is never held as one tree: its phases with
/// their values and ledgers, and the bodies at its end. `names` are the bodies'
/// names; `bodies` the bodies the frame ran with (masses, shapes); `spans[k]`
/// the totals before and after phase `k` (see [`FrameRecord::ledger_spans`]).
pub fn write_json_frame(
    out: &mut impl Write,
    names: &[String],
    bodies: &[Body],
    f: &FrameRecord,
    spans: &[(Totals, Totals)],
) -> std::io::Result<()> {
    write!(out, "{{\"frame\":{},\"time\":{},\"phases\":[", f.frame, Json::from(f.time))?;
    for (k, (p, (before, after))) in f.phases.iter().zip(spans).enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &phase_json(names, &p, before, after))?;
    }
    let bodies: Vec<Json> = bodies.iter().zip(&f.end).map(|(b, s)| body_json(b, s)).collect();
    write!(out, "],\"bodies\":{}}}", Json::from(bodies))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_spelt_in_ascii_snake_case() {
        let spelt = |s: &str| json_key(s);
        assert_eq!(spelt("jn"), "jn");
        assert_eq!(spelt("Δjn"), "d_jn");
        assert_eq!(spelt("ω_a'"), "omega_a_after");
        assert_eq!(spelt("vrn₀"), "vrn0");
        assert_eq!(spelt("A₁₂"), "a12");
        assert_eq!(spelt("|u_i − u_j|"), "abs_u_i_minus_u_j");
        assert_eq!(spelt("Δv·Δr"), "d_v_dot_d_r");
        assert_eq!(spelt("Σjt"), "sum_jt");
        assert_eq!(spelt("radius sum"), "radius_sum");
        assert_eq!(spelt("μ"), "mu");
    }

    #[test]
    fn a_quantity_named_after_a_body_goes_under_its_symbol_and_a_face_into_faces() {
        let names = ["ball".to_string(), "crate 2".to_string()];
        assert!(matches!(place("x' crate 2", &names, false), Place::OfBody(k, "crate 2") if k == "x_after"));
        assert!(matches!(place("τ ball", &names, false), Place::OfBody(k, "ball") if k == "tau"));
        assert!(matches!(place("ball face 0 normal", &names, true), Place::InFaces));
        assert!(matches!(place("crate 2 from", &names, false), Place::Key(k) if k == "wall_from"));
        // Only the per-body symbols: a quantity that merely ends in a body's name keeps its key.
        assert!(matches!(place("radius sum", &["sum".to_string()], false), Place::Key(k) if k == "radius_sum"));
    }
}
