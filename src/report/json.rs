use crate::engine::{BodyState, FrameRecord, PhaseData, Value};
use serde_json::{Map, Value as Json, json};

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

/// One frame of the JSON trace of DESIGN.md: its phases with their values,
/// and the bodies at its end. `names` are the bodies' names, by index.
pub fn json_frame(names: &[String], f: &FrameRecord) -> Json {
    let phases: Vec<Json> = f
        .phases
        .iter()
        .map(|p| {
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
        })
        .collect();
    let bodies: Vec<Json> = names.iter().zip(&f.end).map(|(n, s)| body_json(n, s)).collect();
    json!({ "frame": f.frame, "time": f.time, "phases": phases, "bodies": bodies })
}

/// The JSON trace of several frames: `{"frames": [...]}`.
pub fn json_trace<'a>(names: &[String], frames: impl IntoIterator<Item = &'a FrameRecord>) -> Json {
    json!({ "frames": frames.into_iter().map(|f| json_frame(names, f)).collect::<Vec<_>>() })
}
