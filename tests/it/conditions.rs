//! The breakpoint condition language (README, "Commands"): every
//! term on the real records of tangent-fix's frame 0, located errors, and the
//! filtered search against a search that records every phase.

use impulse::engine::{self, BodyChange, CorrectRecord, FrameRecord, Phase, PhaseData, PhaseKind, Value};
use impulse::lesson::{self, Lesson};
use impulse::session::condition::{At, Condition};
use impulse::session::search;
use std::path::Path;

/// Tangent-fix's frame 0 (rotated-normal tangent, no gravity), its names and world.
fn tangent_fix() -> (FrameRecord, Vec<String>, engine::World) {
    let scene = lesson::find("tangent-fix").unwrap();
    let mut world = scene.world.clone();
    let record = engine::record_frame(&mut world, &scene.settings);
    (record, lesson::body_names(&scene), scene.world.clone())
}

/// Every phase of the frame that meets `text`, by index.
fn matches(text: &str) -> Vec<usize> {
    let (record, names, world) = tangent_fix();
    let condition = Condition::parse(text, &names).unwrap();
    let energy = record.energy_changes(&world.bodies, world.gravity);
    (0..record.phases.len())
        .filter(|&k| condition.holds(&At { phase: &record.phases.at(k), names: &names, energy: Some(energy[k]) }))
        .collect()
}

fn kinds(indices: &[usize]) -> Vec<&'static str> {
    let (record, ..) = tangent_fix();
    indices.iter().map(|&k| record.phases.at(k).kind().name()).collect()
}

#[test]
fn the_frame_is_what_the_lesson_says() {
    let (record, names, _) = tangent_fix();
    assert_eq!(names, ["m1", "m2"]);
    let kinds: Vec<&str> = record.phases.iter().take(6).map(|p| p.kind().name()).collect();
    assert_eq!(kinds, ["forces", "broad", "detect", "correct", "resolve", "detect"]);
    // jn = −(1 + e)·vrn / Kn = −2·3 / 0.8333 = −7.2 (the rough-balls article), to rounding.
    let Some(Value::Scalar(jn)) = record.phases.at(4).value("jn", &names) else { panic!("a resolve records jn") };
    assert!((jn + 7.2).abs() < 1e-12, "{jn}");
}

#[test]
fn contact_is_a_detect_of_the_pair_that_found_contact_in_either_order() {
    let found = matches("contact m1 m2");
    assert_eq!(found, matches("contact m2 m1"));
    assert_eq!(found[0], 2);
    assert!(kinds(&found).iter().all(|k| *k == "detect"));
    // The pair touches in every pass: the balls start touching and e = 1 keeps them so only for pass 1's correction.
    let (record, ..) = tangent_fix();
    let detects_in_contact = record.phases.iter().filter(|p| p.found_contact()).count();
    assert_eq!(found.len(), detects_in_contact);
}

#[test]
fn kind_pair_and_body() {
    // The balls stay touching, so every pass corrects (by depth 0 after the first).
    let corrects = matches("kind = correct");
    assert_eq!(corrects.len(), 15);
    assert_eq!(corrects[..3], [3, 6, 9]);
    assert_eq!(kinds(&matches("kind = integrate")), ["integrate"]);
    // Broad and forces carry no pair; the first phase of m1–m2 is the detect.
    assert_eq!(matches("pair = m1-m2")[0], 2);
    assert_eq!(matches("pair = m2-m1"), matches("pair = m1-m2"));
    // With no gravity and no loads the forces phase changes no body, so it is not m1's.
    let m1 = matches("body = m1");
    assert_eq!(m1[0], 2);
    assert_eq!(kinds(&m1).last(), Some(&"integrate"), "integrate moves m1");
}

#[test]
fn energy_rises_at_the_rotated_normal_resolve_only() {
    // 27 J → 38.232 J at pass 1's resolve; nothing else in the frame raises it.
    assert_eq!(matches("energy rises"), [4]);
    assert_eq!(matches("energy rises by 11.2"), [4]);
    assert!(matches("energy rises by 11.24").is_empty());
    // KE stays 38.232 J after pass 1: every later phase leaves it there.
    let after = matches("ke > 38.23");
    assert_eq!((after[0], after.len()), (4, 48 - 4));
    assert!(matches("ke > 38.233").is_empty());
    assert_eq!(matches("dke > 11.23"), [4]);
    assert_eq!(matches("de > 11.23"), matches("dke > 11.23"));
    assert!(matches("dpe != 0").is_empty());
    // No gravity: the drift is 0, and only the frame's last phase, its integrate, holds it.
    assert_eq!(matches("integrator drift == 0"), [47]);
    assert_eq!(kinds(&matches("integrator drift == 0")), ["integrate"]);
}

#[test]
fn comparisons_on_recorded_values() {
    assert_eq!(matches("jn < -7"), [4]);
    assert_eq!(matches("jn < -7.19 and jn > -7.21"), [4]);
    assert_eq!(matches("vrt <= -5.999 and jt != 0"), [4]);
    // Booleans compare as 0 and 1.
    assert_eq!(matches("approaching == 1"), [4]);
    // A vector is not a number: `n` never compares.
    assert!(matches("n > 0").is_empty());
}

#[test]
fn a_term_whose_quantity_the_phase_lacks_is_false() {
    // Only resolve phases record jn, so even `!=` is false elsewhere.
    assert_eq!(kinds(&matches("jn != 12345")).iter().filter(|k| **k != "resolve").count(), 0);
    assert!(!matches("jn != 12345").is_empty());
    // ke needs the ledger: with no energy given, it is false.
    let (record, names, _) = tangent_fix();
    let condition = Condition::parse("ke >= 0", &names).unwrap();
    assert!(record.phases.iter().all(|phase| !condition.holds(&At { phase: &phase, names: &names, energy: None })));
    assert!(condition.needs_energy());
}

#[test]
fn and_binds_tighter_than_or() {
    let found = matches("kind = forces or kind = integrate and dt > 1");
    assert_eq!(kinds(&found), ["forces"]);
    let found = matches("kind = correct or kind = resolve and jn < -7");
    assert_eq!(found[..3], [3, 4, 6]);
    assert_eq!(found.len(), 16);
}

#[test]
fn nan_finds_a_value_or_a_state_that_is_not_a_number() {
    assert!(matches("nan").is_empty());
    let names = vec!["a".to_string(), "b".to_string()];
    let (record, ..) = tangent_fix();
    let still = record.start[0];
    let correct = |depth: f64, x: f64| {
        let mut after = still;
        after.position.x = x;
        let changes = [BodyChange { body: 0, after }, BodyChange { body: 1, after: still }];
        let record = CorrectRecord { depth, slop: 0.0, rate: 0.8, inv_mass: [1.0, 1.0], normal: glam::DVec2::X, s: depth * 0.4, changes };
        Phase::new(Some(1), Some((0, 1)), PhaseData::Correct(record))
    };
    let nan = Condition::parse("nan", &names).unwrap();
    let holds = |phase: &Phase| nan.holds(&At { phase, names: &names, energy: None });
    assert!(!holds(&correct(0.1, 1.0)));
    assert!(holds(&correct(f64::NAN, 1.0)));
    assert!(holds(&correct(0.1, f64::NAN)));
}

/// Where a bad condition is underlined, and what the message says.
#[test]
fn bad_conditions_say_where() {
    let names = vec!["m1".to_string(), "m2".to_string(), "left-wall".to_string()];
    let cases: [(&str, usize, &str); 13] = [
        ("", 0, "expected a term"),
        ("contact m1", 10, "expected a second body name"),
        ("contact m1 m9", 11, "no body is called \"m9\""),
        ("kind = resolv", 7, "no phase kind is called \"resolv\""),
        ("kind resolve", 5, "expected `=`"),
        ("jn < x", 5, "expected a number"),
        ("jn ~ 3", 3, "expected a comparison"),
        ("jn < -7 and", 11, "expected a term"),
        ("kind = resolve jn < 3", 15, "expected `and` or `or`"),
        ("energy falls", 7, "expected `rises`"),
        ("pair = m1m2", 7, "expected two body names joined by `-`"),
        ("< 3", 0, "expected a quantity before the comparison"),
        ("jn < 3 or and kind = detect", 10, "expected a term"),
    ];
    for (text, at, message) in cases {
        let error = Condition::parse(text, &names).unwrap_err();
        let problem = &error.problems[0];
        assert_eq!(problem.span.as_ref().map(|s| s.start), Some(at), "{text:?}");
        assert!(problem.message.contains(message), "{text:?}: {}", problem.message);
        let shown = error.render(false);
        assert!(shown.contains(&format!("condition:1:{}:", at + 1)), "{shown}");
        assert!(shown.contains('^'), "{shown}");
    }
    // A name holding `-` still splits where two bodies are named.
    assert!(Condition::parse("pair = left-wall-m1", &names).is_ok());
    assert!(Condition::parse("contact m1 m3", &names).unwrap_err().render(false).contains("did you mean `m1`?"));
}

/// The filtered search finds what a search that records every phase finds.
#[test]
fn the_filtered_search_agrees_with_recording_everything() {
    let scene = Lesson::load(Path::new("examples/pile.toml")).unwrap();
    let names = lesson::body_names(&scene);
    let conditions = [
        "contact ball floor",
        "contact crate heavy",
        "kind = resolve and jn < -3",
        "kind = correct and pair = crate-floor",
        "body = brick and kind = detect and distance < 2",
        "pair = heavy-ball",
        "kind = broad and candidates > 5",
        "energy rises and kind = resolve",
    ];
    for text in conditions {
        let condition = Condition::parse(text, &names).unwrap();
        let mut world = scene.world.clone();
        let found = search::find(&mut world, &scene.settings, &names, &condition, 120).map(|h| (h.record.frame, h.index));
        let mut world = scene.world.clone();
        let mut expected = None;
        for _ in 0..120 {
            let start = world.clone();
            let record = engine::record_frame(&mut world, &scene.settings);
            if let Some(index) = search::in_frame(&record, 0, &start, &names, &condition) {
                expected = Some((record.frame, index));
                break;
            }
        }
        assert!(expected.is_some(), "{text} never holds in 120 frames");
        assert_eq!(found, expected, "{text}");
        // Every phase that holds could: the tracer never skips one that matters.
        let mut world = scene.world.clone();
        let record = engine::record_frame(&mut world, &scene.settings);
        for phase in &record.phases {
            let holds = condition.holds(&At { phase: &phase, names: &names, energy: None });
            assert!(!holds || condition.could_hold(phase.kind(), phase.pair), "{text}");
        }
    }
    assert_eq!(PhaseKind::from_name("detect"), Some(PhaseKind::Detect));
}

#[test]
fn a_number_copied_from_the_screen_with_its_minus_sign_reads_as_typed() {
    // The screen writes −7.2 (U+2212); a condition typed with ASCII - still works, and so does one pasted.
    assert!(!matches("jn < -7").is_empty());
    assert_eq!(matches("jn < −7"), matches("jn < -7"));
}

/// A condition can hold its bodies as anything that finds them again (the
/// debugger's breakpoints hold identities): mapped into another world's
/// indices it judges there as if parsed there, it is none where a body is
/// missing, and its text names each body as told (`pair = A-B` by each name).
#[test]
fn a_condition_maps_its_bodies_and_writes_their_names_anew() {
    let names = ["m1".to_string(), "m2".to_string()];
    let text = "contact m1 m2 or pair = m2-m1 and body = m1";
    let parsed = Condition::parse(text, &names).unwrap();
    assert_eq!(parsed.bodies().copied().collect::<Vec<_>>(), [0, 1, 1, 0, 0]);
    // Into a world where a body was added before both: m1 is 1, m2 is 2.
    let moved = parsed.map_bodies(|&i| Some(i + 1)).unwrap();
    let there = ["new".to_string(), "m1".to_string(), "m2".to_string()];
    assert_eq!(moved, Condition::parse(text, &there).unwrap());
    assert!(parsed.map_bodies(|&i| (i != 1).then_some(i)).is_none(), "m2 missing");
    let renamed = ["cue", "m2"];
    assert_eq!(parsed.text_with(|&i| Some(renamed[i].to_string())), "contact cue m2 or pair = m2-cue and body = cue");
    assert_eq!(parsed.text_with(|_| None), text);
}
