use crate::engine::{Body, BodyState, EnergyChange, FaceRow, FrameRecord, Phase, PhaseData, Totals, Value};
use crate::geometry::Shape;
use serde_json::{Map, Value as Json, json};
use std::io::Write;

/// The version of the JSON trace's layout, written as its `"format"`: 2 since
/// its keys are ASCII snake_case (`d_jn`, `omega_a_after`), where the first
/// wrote the screen's symbols (`Δjn`, `ω_a'`).
pub const JSON_FORMAT: u32 = 2;

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

/// The world's totals before and after a phase (DESIGN.md "Ledger").
fn ledger_json(b: &Totals, a: &Totals) -> Json {
    json!({
        "ke": [b.ke, a.ke],
        "pe": [b.pe, a.pe],
        "momentum": [pair_json(b.momentum), pair_json(a.momentum)],
        "angular_momentum": [b.angular_momentum, a.angular_momentum],
    })
}

/// One phase of the JSON trace: kind, pass, pair, its values in the order of
/// the derivation (serde_json keeps insertion order) and the ledger across it.
fn phase_json(names: &[String], p: &Phase, before: &Totals, after: &Totals) -> Json {
    let values: Map<String, Json> = p.quantities(names).into_iter().map(|q| (q.name, value_json(&q.value))).collect();
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
    if let Some(table) = p.faces(names) {
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

/// One frame of the JSON trace of DESIGN.md, written a phase at a time so a
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
