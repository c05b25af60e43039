//! The ledger's numbers: the worked energies of the rough-balls article and the lessons, the
//! momentum every resolve keeps, and the ledger in the JSON trace.

use impulse::cli::{Format, TraceOptions, load, write_trace};
use impulse::engine::{FrameRecord, PhaseKind, Totals, record_frame};
use impulse::lesson::{self, Lesson};

/// The totals across the first resolve of frame 0 of a lesson.
fn first_resolve(id: &str) -> (Totals, Totals) {
    let scene = load(id, &[]).unwrap();
    let frame = record_frame(&mut scene.world.clone(), &scene.settings);
    let k = frame.phases.iter().position(|p| p.kind() == PhaseKind::Resolve).expect("a resolve");
    frame.ledger_spans(&scene.world.bodies, scene.world.gravity)[k]
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn rough_balls_resolve_takes_kinetic_energy_from_27_to_20_952_joules() {
    // The rough-balls article: ½·2·5² + ½·4·1² = 27 J before; after, with v1 = (−2.448, −2.264),
    // ω1 = −0.28, v2 = (1.632, −1.824), ω2 = 0.32: 11.118 + 0.157 + 8.986 + 0.691 = 20.952 J.
    let (before, after) = first_resolve("rough-balls");
    assert!(close(before.ke, 27.0), "{}", before.ke);
    assert!(close(after.ke, 20.952), "{}", after.ke);
    assert_eq!((before.pe, after.pe), (0.0, 0.0), "no gravity");
}

#[test]
fn the_rotated_normal_tangent_raises_kinetic_energy_from_27_to_38_232_joules() {
    // The lesson's narration: with v1 = (3.312, −3.416), ω1 = 1.72, the energy jumps to 38.232 J.
    let (before, after) = first_resolve("tangent-fix");
    assert!(close(before.ke, 27.0), "{}", before.ke);
    assert!(close(after.ke, 38.232), "{}", after.ke);
    let rise = impulse::engine::energy_rise(PhaseKind::Resolve, &before, &after).expect("marked as a rise");
    assert!(close(rise, 11.232), "{rise}");
}

/// Σ m·|v| over the bodies in `states`: the size of the terms the momentum is summed from.
fn momentum_scale(scene: &Lesson, states: &[impulse::engine::BodyState]) -> f64 {
    let bodies = &scene.world.bodies;
    bodies.iter().zip(states).filter(|(b, _)| !b.is_static()).map(|(b, s)| b.mass() * s.velocity.length()).sum()
}

/// Every resolve between two dynamic bodies in `frame` leaves the ledger's
/// momentum as it found it, to 1e-12 of the terms' size. (A static body takes
/// an impulse it never passes on: against one, momentum is not kept.)
fn resolves_keep_momentum(id: &str, scene: &Lesson, frame: &FrameRecord) -> usize {
    let mut checked = 0;
    let spans = frame.ledger_spans(&scene.world.bodies, scene.world.gravity);
    let mut states = frame.start.clone();
    for (phase, (before, after)) in frame.phases.iter().zip(&spans) {
        let scale_before = momentum_scale(scene, &states);
        for c in phase.changes() {
            states[c.body] = c.after;
        }
        let dynamic = |i: usize| !scene.world.bodies[i].is_static();
        if phase.kind() != PhaseKind::Resolve || !phase.pair.is_some_and(|(a, b)| dynamic(a) && dynamic(b)) {
            continue;
        }
        let scale = scale_before.max(momentum_scale(scene, &states));
        let moved = (after.momentum - before.momentum).length();
        assert!(moved <= 1e-12 * scale, "{id} frame {}: p {} → {} (scale {scale})", frame.frame, before.momentum, after.momentum);
        checked += 1;
    }
    checked
}

#[test]
fn every_resolve_of_every_lesson_keeps_momentum() {
    let mut total = 0;
    for scene in lesson::embedded() {
        let scene = scene.unwrap();
        let id = scene.section.as_ref().unwrap().id.clone();
        let mut world = scene.world.clone();
        let mut checked = 0;
        // As far as the lesson reaches, and at least a second of play.
        for _ in 0..lesson::frames_needed(&scene).max(60) {
            checked += resolves_keep_momentum(&id, &scene, &record_frame(&mut world, &scene.settings));
        }
        total += checked;
    }
    // Two-ball lessons and the stacks alike: many resolves, not none.
    assert!(total > 100, "{total} resolves checked");
}

fn json_trace(id: &str) -> serde_json::Value {
    let scene = load(id, &[]).unwrap();
    let mut out = Vec::new();
    let options = TraceOptions { frames: Some(1), format: Format::Json, kinds: None, bodies_only: false, lang: Default::default() };
    write_trace(&mut out, &scene, &options).unwrap().unwrap();
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn json_phases_carry_the_ledger_and_bodies_what_it_is_made_of() {
    let trace = json_trace("tangent-fix");
    let frame = &trace["frames"][0];
    let resolve = frame["phases"].as_array().unwrap().iter().find(|p| p["kind"] == "resolve").unwrap();
    let ledger = &resolve["ledger"];
    let keys: Vec<&str> = ledger.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["ke", "pe", "momentum", "angular_momentum"]);
    assert_eq!(ledger["ke"][0], 27.0);
    assert!(close(ledger["ke"][1].as_f64().unwrap(), 38.232));
    assert_eq!(ledger["momentum"][0], serde_json::json!([0.0, -10.0]));
    // m1: 2 kg, radius 2, I = m·r²/2 = 4 kg·m².
    let m1 = &frame["bodies"][0];
    assert_eq!((m1["mass"].as_f64(), m1["inertia"].as_f64()), (Some(2.0), Some(4.0)));
    assert_eq!((m1["shape"].as_str(), m1["radius"].as_f64()), (Some("circle"), Some(2.0)));
}

#[test]
fn json_values_keep_the_derivations_order() {
    let trace = json_trace("rough-balls");
    let resolve = trace["frames"][0]["phases"].as_array().unwrap().iter().find(|p| p["kind"] == "resolve").unwrap().clone();
    let keys: Vec<&str> = resolve["values"].as_object().unwrap().keys().map(String::as_str).collect();
    let at = |k: &str| keys.iter().position(|x| *x == k).unwrap_or_else(|| panic!("{k} in {keys:?}"));
    // vrn before jn before jt before J, as the impulse is derived.
    assert!(at("vrn") < at("jn") && at("jn") < at("jt") && at("jt") < at("j"), "{keys:?}");
}

#[test]
fn json_static_bodies_have_no_mass_and_boxes_a_size() {
    let trace = json_trace("resting-contact");
    let bodies = trace["frames"][0]["bodies"].as_array().unwrap();
    let ground = bodies.iter().find(|b| b["mass"].is_null()).expect("a static body");
    assert_eq!(ground["shape"], "box");
    assert_eq!(ground["inertia"], 0.0);
    assert_eq!(ground["size"].as_array().map(Vec::len), Some(2));
}
