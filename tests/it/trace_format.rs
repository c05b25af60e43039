//! The JSON trace's keys: ASCII snake_case, each documented once in
//! docs/trace-format.md, for every lesson and for the other solvers' phases.

use impulse::cli::{Format, TraceOptions, load, write_trace};
use std::collections::{BTreeMap, BTreeSet};

/// The keys docs/trace-format.md documents: those at the head of a list item,
/// before its dash, each with how many items name it.
fn documented() -> BTreeMap<String, usize> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md")).unwrap();
    let mut keys = BTreeMap::new();
    for line in doc.lines().filter_map(|l| l.strip_prefix("- `")) {
        let head = line.split(" — ").next().unwrap();
        let head = head.split(" (").next().unwrap();
        for key in format!("`{head}").split('`').skip(1).step_by(2) {
            *keys.entry(key.to_string()).or_insert(0) += 1;
        }
    }
    keys
}

/// Every key of `json`, except those of an object among a phase's values,
/// which are body names.
fn keys(json: &serde_json::Value, out: &mut BTreeSet<String>, in_values: bool) {
    match json {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                out.insert(k.clone());
                if !(in_values && v.is_object()) {
                    keys(v, out, k == "values");
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, out, false)),
        _ => {}
    }
}

fn trace_keys(target: &str, sets: &[&str], frames: u64, out: &mut BTreeSet<String>) {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let scene = load(target, &sets).unwrap();
    let mut bytes = Vec::new();
    let options = TraceOptions { frames: Some(frames), format: Format::Json, kinds: None, bodies_only: false, lang: Default::default() };
    write_trace(&mut bytes, &scene, &options).unwrap().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(json["format"], 2, "{target}");
    keys(&json, out, false);
}

#[test]
fn every_key_a_trace_writes_is_snake_case_and_documented_once() {
    let mut seen = BTreeSet::new();
    for id in impulse::lesson::ids() {
        trace_keys(&id, &[], 10, &mut seen);
    }
    // The options beyond the texts have phases and values of their own.
    let beyond = ["solver.contact=clipped", "solver.warm_start=true", "solver.coulomb_cap=true", "solver.restitution_threshold=0.5"];
    trace_keys("resting-contact", &beyond, 40, &mut seen);
    trace_keys("examples/funnel.toml", &["solver.method=reposition"], 40, &mut seen);
    let snake = |k: &str| {
        k.starts_with(|c: char| c.is_ascii_lowercase()) && k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    let bad: Vec<&String> = seen.iter().filter(|k| !snake(k)).collect();
    assert!(bad.is_empty(), "keys that are not ASCII snake_case: {bad:?}");
    let doc = documented();
    let missing: Vec<&String> = seen.iter().filter(|k| !doc.contains_key(*k)).collect();
    assert!(missing.is_empty(), "keys docs/trace-format.md does not document: {missing:?}");
    let twice: Vec<&String> = doc.iter().filter(|(_, n)| **n > 1).map(|(k, _)| k).collect();
    assert!(twice.is_empty(), "documented more than once: {twice:?}");
    // Lessons, clipped contacts, warm starts, Dobre & Ramtal and algs4: well over a hundred keys.
    assert!(seen.len() > 150, "{} keys", seen.len());
}
