use crate::engine::{BodyState, FrameRecord, Phase, PhaseData, Value};
use serde_json::{Map, Value as Json, json};
use std::io::Write;

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

fn body_json(name: &str, s: &BodyState) -> Json {
    json!({
        "name": name,
        "position": pair_json(s.position),
        "angle": s.angle,
        "velocity": pair_json(s.velocity),
        "angular_velocity": s.angular_velocity,
    })
}

/// One phase of the JSON trace: kind, pass, pair and its values in the
/// order of the derivation.
fn phase_json(names: &[String], p: &Phase) -> Json {
    let values: Map<String, Json> = p.quantities(names).into_iter().map(|q| (q.name, value_json(&q.value))).collect();
    let mut o = json!({
        "kind": p.kind().name(),
        "iteration": p.iteration,
        "pair": p.pair.map(|(a, b)| [&names[a], &names[b]]),
        "values": values,
    });
    if let PhaseData::Broad(broad) = &p.data {
        o["candidates"] = broad.candidates.iter().map(|&(a, b)| json!([names[a], names[b]])).collect();
    }
    o
}

/// One frame of the JSON trace of DESIGN.md, written a phase at a time so a
/// frame of thousands of phases is never held as one tree: its phases with
/// their values, and the bodies at its end. `names` are the bodies' names.
pub fn write_json_frame(out: &mut impl Write, names: &[String], f: &FrameRecord) -> std::io::Result<()> {
    write!(out, "{{\"frame\":{},\"time\":{},\"phases\":[", f.frame, Json::from(f.time))?;
    for (k, p) in f.phases.iter().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &phase_json(names, p))?;
    }
    let bodies: Vec<Json> = names.iter().zip(&f.end).map(|(n, s)| body_json(n, s)).collect();
    write!(out, "],\"bodies\":{}}}", Json::from(bodies))
}
