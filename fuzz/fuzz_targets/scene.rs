//! Any bytes as a scene or lesson file: reading it must give a lesson or an
//! error, never a panic. A lesson that reads must step a few traced frames
//! without one, every number its phases record must be finite, and its JSON
//! trace must hold no NaN or infinity, and no `null` but where the format
//! allows one (a static body's mass, a phase without a pass or pair, a face
//! that separates, a value a phase does not have): serde_json writes a
//! non-finite number as `null`, so a `null` anywhere else is a NaN that got out.
#![no_main]

use impulse::cli::{Format, TraceOptions, write_trace};
use impulse::engine::{Value, record_frame};
use impulse::lesson::{Lang, Lesson};
use libfuzzer_sys::fuzz_target;
use serde_json::Value as Json;

/// Keys whose value may be `null`, and the object whose members all may be
/// (a phase's `values`, whose numbers the record check below has seen).
const MAY_BE_NULL: [&str; 6] = ["mass", "iteration", "pair", "support", "distance", "integrator_drift"];

fn no_stray_null(json: &Json, key: &str) {
    match json {
        Json::Null => assert!(MAY_BE_NULL.contains(&key), "null at {key:?}"),
        Json::Array(items) => items.iter().for_each(|item| no_stray_null(item, key)),
        Json::Object(members) if key == "values" => {
            for v in members.values().filter(|v| !v.is_null()) {
                no_stray_null(v, "values");
            }
        }
        Json::Object(members) => members.iter().for_each(|(k, v)| no_stray_null(v, k)),
        Json::Number(n) => assert!(n.as_f64().is_some_and(f64::is_finite), "{n} at {key:?}"),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let Ok(lesson) = Lesson::parse("fuzz.toml", source) else { return };
    let mut world = lesson.world.clone();
    let names: Vec<String> = world.bodies.iter().map(|b| b.name.clone()).collect();
    for _ in 0..3 {
        let record = record_frame(&mut world, &lesson.settings);
        for phase in record.phases.iter() {
            for q in phase.quantities(&names) {
                let finite = match q.value {
                    Value::Scalar(x) => x.is_finite(),
                    Value::Vector(v) => v.is_finite(),
                    _ => true,
                };
                assert!(finite, "{} = {:?} in a {:?} phase", q.name, q.value, phase.kind());
            }
        }
    }
    let mut out = Vec::new();
    let options = TraceOptions { frames: Some(3), format: Format::Json, kinds: None, bodies_only: false, lang: Lang::En };
    let Ok(Ok(())) = write_trace(&mut out, &lesson, &options) else { return };
    let text = String::from_utf8(out).expect("the trace is UTF-8");
    let json: Json = serde_json::from_str(&text).expect("the trace is JSON");
    no_stray_null(&json, "");
});
