//! Every embedded lesson: its checks pass, and its trace and handout are locked
//! by snapshots (top-level `snapshots/`). Broken lesson files give clear errors.

use impulse::lesson::Lesson;
use impulse::lesson::{self, anchor_steps, anchored_frames, body_names, run, run_checks};
use impulse::report::handout;
use impulse::report::text_trace;
use std::path::Path;

const IDS: [&str; 16] = [
    "smooth-balls",
    "rough-balls",
    "tangent-fix",
    "sat",
    "relaxation",
    "coulomb-cap",
    "resting-contact",
    "torque",
    "integrators",
    "box-circle",
    "snooker",
    "wall-bounce",
    "tunnelling",
    "particles",
    "molecules",
    "event-driven",
];

use crate::common;
use common::snapshot_settings;

#[test]
fn the_lessons_are_embedded_in_order() {
    assert_eq!(lesson::ids(), IDS);
}

/// `impulse lessons` reads each `[lesson]` table on its own: it must list what
/// reading the whole files gives, table for table.
#[test]
fn the_catalogue_is_the_lessons_tables() {
    let whole: Vec<_> = lesson::embedded().into_iter().map(|l| l.unwrap().section.expect("a lesson section")).collect();
    let alone: Vec<_> = lesson::catalogue().into_iter().map(Result::unwrap).collect();
    assert_eq!(alone.len(), whole.len());
    for (a, w) in alone.iter().zip(&whole) {
        assert_eq!((&a.id, &a.title, a.order, &a.summary), (&w.id, &w.title, w.order, &w.summary));
        assert_eq!((&a.title_zh, &a.summary_zh, a.source), (&w.title_zh, &w.summary_zh, w.source));
    }
}

/// The source texts are Chinese and their readers the first audience: every
/// lesson speaks both languages, step by step, and names the text it follows
/// as a reader knows it, never as "text 000".
#[test]
fn every_lesson_speaks_chinese_and_names_its_source() {
    for scene in lesson::embedded() {
        let scene = scene.unwrap_or_else(|e| panic!("{e}"));
        let section = scene.section.as_ref().expect("a lesson section");
        let id = &section.id;
        assert!(section.source.is_some(), "{id} names no source");
        assert!(section.title_zh.is_some() && section.summary_zh.is_some(), "{id} has no Chinese title or summary");
        for (i, step) in scene.steps.iter().enumerate() {
            assert!(step.text_zh.is_some() && step.title_zh.is_some(), "{id}: step {} ({}) has no Chinese", i + 1, step.title);
            let zh = step.text_zh.as_deref().unwrap();
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{id}: step {}'s text_zh is not Chinese", i + 1);
        }
        let questions = scene.questions.iter().flat_map(|q| [Some(&q.ask), q.explain.as_ref()].into_iter().flatten());
        let words = scene.steps.iter().flat_map(|s| [&s.title, &s.text]).chain([&section.title, &section.summary]).chain(questions);
        for text in words {
            assert!(!text.to_lowercase().contains("text 00"), "{id} says \"text 00…\": {text}");
        }
    }
}

#[test]
fn every_embedded_lesson_passes_its_checks() {
    for scene in lesson::embedded() {
        let scene = scene.unwrap_or_else(|e| panic!("{e}"));
        let id = scene.section.as_ref().expect("a lesson section").id.clone();
        let frames = run(&scene, &scene.settings, &anchored_frames(&scene).unwrap()).unwrap();
        anchor_steps(&scene, &frames).unwrap_or_else(|e| panic!("{e}"));
        let outcomes = run_checks(&scene).unwrap_or_else(|e| panic!("{e}"));
        assert!(!outcomes.is_empty(), "{id} has no checks");
        for o in outcomes {
            assert!(o.passed, "{id}: {} expected {}, got {}", o.what, o.expected, o.actual);
        }
    }
}

/// Each lesson's frame 0 is locked whole by a digest of its text trace, and
/// shown in the snapshot by the phases the lesson's steps stand on (its other
/// frames' steps are in the handout snapshot). A snapshot of every phase would
/// be too long to review: the snooker break's frame 0 is 11,000 lines. When the
/// digest changes, `impulse run ID --frames 1` prints the whole frame to compare
/// (its output is the text digested here, byte for byte).
#[test]
fn lesson_traces_and_handouts_are_locked() {
    snapshot_settings().bind(|| {
        insta::glob!("../../lessons", "*.toml", |path| {
            let scene = Lesson::load(path).unwrap();
            let id = scene.section.as_ref().unwrap().id.clone();
            let frames = run(&scene, &scene.settings, &anchored_frames(&scene).unwrap()).unwrap();
            let places = anchor_steps(&scene, &frames).unwrap();
            let first = frames.get(&0);
            let whole = text_trace(&body_names(&scene), &scene.world, first);
            let phases = phase_blocks(&whole);
            assert_eq!(phases.len(), first.map_or(0, |f| f.phases.len()), "{id}: one block of text a phase");
            let mut shown = format!(
                "frame 0: {} phases, {} bytes of text trace, FNV-1a 64 digest {:016x}\n",
                phases.len(),
                whole.len(),
                fnv1a64(whole.as_bytes())
            );
            for (step, place) in places.iter().enumerate() {
                if let Some((0, at)) = place {
                    shown += &format!("\nstep {} stands on phase {} of {}:\n{}", step + 1, at + 1, phases.len(), phases[*at]);
                }
            }
            insta::assert_snapshot!(format!("{id}.trace"), shown);
            insta::assert_snapshot!(format!("{id}.handout"), handout(&scene, &frames, &places));
        });
    });
}

/// A frame's text trace cut into its phases: each begins with its title, a
/// line indented by two spaces that starts with a phase kind's name; the
/// frame's own first line is left out.
fn phase_blocks(text: &str) -> Vec<String> {
    let title = |line: &str| {
        let word = line.strip_prefix("  ").and_then(|rest| rest.split([' ', '\u{b7}']).next()).unwrap_or("");
        !line.starts_with("   ") && impulse::engine::PhaseKind::from_name(word).is_some()
    };
    let mut blocks: Vec<String> = Vec::new();
    for line in text.lines().skip(1) {
        if title(line) {
            blocks.push(String::new());
        }
        if let Some(block) = blocks.last_mut() {
            *block += line;
            *block += "\n";
        }
    }
    blocks
}

/// FNV-1a, 64 bits: a digest that is the same on every machine and Rust version
/// (the standard library's hasher promises neither).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn fixture(name: &str) -> Lesson {
    Lesson::load(&Path::new("tests/fixtures").join(name)).unwrap()
}

#[test]
fn a_failing_check_is_an_outcome_not_an_error() {
    let outcomes = run_checks(&fixture("lesson-failing-check.toml")).unwrap();
    assert_eq!(outcomes.len(), 1);
    assert!(!outcomes[0].passed);
    // Head-on, equal masses, e = 1: jn = −(1+1)·1/(1+1) = −1 N·s.
    assert_eq!((outcomes[0].expected.as_str(), outcomes[0].actual.as_str()), ("−7", "−1"));
}

#[test]
fn a_check_naming_an_unknown_quantity_says_what_exists() {
    let err = run_checks(&fixture("lesson-unknown-quantity.toml")).unwrap_err().to_string();
    assert!(err.starts_with("tests/fixtures/lesson-unknown-quantity.toml:24:1: error: the resolve phase has no quantity `jx`"), "{err}");
    assert!(err.contains("did you mean `jn`?"), "{err}");
}

#[test]
fn a_step_at_a_phase_that_never_happens_is_reported() {
    let scene = fixture("lesson-missing-phase.toml");
    let frames = run(&scene, &scene.settings, &anchored_frames(&scene).unwrap()).unwrap();
    let err = anchor_steps(&scene, &frames).unwrap_err().to_string();
    assert!(err.contains("step 1 points at resolve · b–a of frame 0, which never happens"), "{err}");
    assert!(err.contains("step 2 points at correct · pass 20 of frame 0, which never happens"), "{err}");
    assert!(err.contains("the resolve phases of frame 0 are: resolve · pass 1 · a–b; resolve · pass 2 · a–b;"), "{err}");
}

/// The sat lesson's first test of plank and crate, as the table shows it: the
/// marked row is the face the step chose, each distance the step's own.
#[test]
fn the_sat_table_marks_the_face_the_report_chose() {
    use impulse::engine::{PhaseData, PhaseKind, Work, record_frame};
    use impulse::notation::{FaceLine, face_lines, num};
    let scene = lesson::find("sat").unwrap();
    let names = body_names(&scene);
    let frame = record_frame(&mut scene.world.clone(), &scene.settings);
    let phase = frame.phases.iter().find(|p| p.kind() == PhaseKind::Detect).unwrap();
    let PhaseData::Detect(record) = &phase.data else { unreachable!() };
    let Work::BoxBox(report) = &record.work else { panic!("two boxes are tested by the SAT") };
    let table = phase.faces(&names).unwrap();
    assert_eq!(table.rows.len(), 8);
    for (side, body) in ["plank", "crate"].into_iter().enumerate() {
        for face in 0..4 {
            let row = table.rows.iter().find(|r| r.body == body && r.face == face).unwrap();
            let test = report.faces[side][face].unwrap();
            assert_eq!((row.distance, row.support, row.normal), (test.distance, test.support, test.normal), "{body} {face}");
            assert_eq!(row.least, report.axis == Some((side, face)), "{body} {face}");
        }
    }
    assert_eq!(report.axis, Some((1, 3)), "the lesson's axis: the crate's face 3");
    let depth = record.info.unwrap().depth;
    // Laid out at any width, one row is marked: the crate's face 3 with the contact's depth.
    for width in [None, Some(58), Some(38)] {
        let lines = face_lines(&table, width);
        let marked: Vec<&String> =
            lines.iter().filter_map(|l| if let FaceLine::Row { text, marked: true } = l { Some(text) } else { None }).collect();
        assert_eq!(marked.len(), 1, "{width:?}");
        assert!(marked[0].starts_with(if width.is_none() { "crate 3" } else { "3" }), "{width:?}: {}", marked[0]);
        assert!(marked[0].contains(&num(depth)) && marked[0].contains('◀'), "{width:?}: {}", marked[0]);
        for (row, r) in lines.iter().filter_map(|l| if let FaceLine::Row { text, .. } = l { Some(text) } else { None }).zip(&table.rows) {
            assert!(row.contains(&num(r.distance.unwrap())), "{row}");
        }
    }
}

/// Two discs that meet head on in frame 0: a scene for steps with settings of their own.
const HEAD_ON: &str = r#"[[body]]
name = "a"
shape = "circle"
radius = 1.0
mass = 1.0
velocity = [1.0, 0.0]

[[body]]
name = "b"
shape = "circle"
radius = 1.0
mass = 1.0
position = [2.0, 0.0]
"#;

/// A step's `with` is read and checked as a check's is: the same messages,
/// pointing at the step's key.
#[test]
fn a_steps_with_is_validated_as_a_checks() {
    let table = |t: &str, with: &str| format!("\n[[{t}]]\nkind = \"resolve\"\nwith = {{ {with} }}\n");
    let step = |with: &str| format!("{}title = \"T\"\ntext = \"x\"\n", table("step", with));
    let check = |with: &str| format!("{}quantity = \"jn\"\nexpected = -1.0\n", table("check", with));
    for (with, message) in [
        ("slop = -1.0", "error: slop must be"),
        ("method = \"reposition\", tangent = \"projected\"", ""),
        ("tangnet = \"projected\"", "unknown key `tangnet`"),
    ] {
        let step_err = Lesson::parse("s.toml", &(HEAD_ON.to_string() + &step(with))).err().map(|e| e.to_string());
        let check_err = Lesson::parse("s.toml", &(HEAD_ON.to_string() + &check(with))).err().map(|e| e.to_string());
        match message {
            "" => assert!(step_err.is_none() && check_err.is_none(), "{step_err:?} {check_err:?}"),
            _ => {
                let (step_err, check_err) = (step_err.unwrap(), check_err.unwrap());
                assert!(step_err.contains(message), "{step_err}");
                // The same message at the same line and column: the table's `with`.
                assert_eq!(step_err.replace("step", "check").lines().next(), check_err.lines().next(), "{step_err}\n{check_err}");
            }
        }
    }
    // Sedgewick & Wayne's method cannot run a scene with gravity: the step is told so, at its `with`.
    let gravity = "[world]\ngravity = [0.0, -9.8]\n".to_string() + HEAD_ON + &step("method = \"event-driven\"");
    let err = Lesson::parse("s.toml", &gravity).unwrap_err().to_string();
    assert!(err.starts_with("s.toml:19:10: error: method = \"event-driven\" predicts straight paths"), "{err}");
    assert!(err.contains("narrate this step under method = \"relaxation\""), "{err}");
}

/// A step with a `with` is anchored in its own run: a phase that run never
/// has is reported as any step's is, and `impulse check` (`validate`) finds it.
#[test]
fn a_step_with_settings_is_anchored_in_their_run() {
    let fine = HEAD_ON.to_string()
        + "\n[[step]]\nkind = \"resolve\"\niteration = 3\nwith = { relaxation_iterations = 3 }\ntitle = \"T\"\ntext = \"x\"\n";
    let scene = Lesson::parse("s.toml", &fine).unwrap();
    let found = lesson::variant_steps(&scene, None).unwrap();
    assert_eq!((found.len(), found[0].step), (1, 0));
    assert_eq!(found[0].record.phases.iteration(found[0].phase), Some(3));
    // The scene's own 15 passes have a pass 20 no more than 3 do: the step is checked in its own run.
    let wrong = fine.replace("iteration = 3\n", "iteration = 4\n");
    let scene = Lesson::parse("s.toml", &wrong).unwrap();
    let err = lesson::validate(&scene).unwrap_err().to_string();
    assert!(err.contains("step 1 points at resolve · pass 4 of frame 0, which never happens"), "{err}");
    // Its run is not the scene's: the scene's own anchors leave it out.
    let frames = run(&scene, &scene.settings, &anchored_frames(&scene).unwrap()).unwrap();
    assert_eq!(anchor_steps(&scene, &frames).unwrap(), vec![None]);
}

/// tangent-fix narrates the fix at the resolve of the projected tangent's run,
/// in the file's order: after the clue, before the integration. Its section
/// shows that run's numbers (the rough-balls article's corrected J and ω1),
/// its picture is that run's, and no other section has them.
#[test]
fn the_tangent_fix_handout_shows_the_fixed_resolve_in_the_files_order() {
    let scene = lesson::find("tangent-fix").unwrap();
    let b = handout::build(&scene, handout::Options::default(), None).unwrap();
    let titles: Vec<&str> = b.markdown.lines().filter(|l| l.starts_with("## ")).collect();
    let at = |t: &str| titles.iter().position(|l| l.contains(t)).unwrap_or_else(|| panic!("{t} in {titles:?}"));
    assert_eq!(at("The fix: the projected tangent"), at("The clue") + 1);
    assert_eq!(at("Two fixes"), at("The fix: the projected tangent") + 1);
    let fix = b.markdown.split("## 7. ").nth(1).unwrap().split("\n## ").next().unwrap();
    assert!(fix.contains("*Frame 0 · resolve · pass 1 · m1–m2 · with tangent projected*"), "{fix}");
    for line in ["  = (4.896, 5.472) N·s", "     = 0.28 rad/s", "| m1 | (14, 13) | 0 | (0, −5) → (2.448, −2.264) | 1 → 0.28 |"] {
        assert!(fix.contains(line), "{line:?} in {fix}");
    }
    assert!(fix.contains("Totals (L about the origin): KE 27 → 20.952 J"), "{fix}");
    let picture = b.pictures.iter().find(|p| fix.contains(&format!("]({})", p.file))).expect("the fix has a picture");
    assert!(picture.svg.contains("with tangent projected"), "{}", picture.file);
    // The bug's own resolve keeps the bug's numbers.
    let bug = b.markdown.split("## 5. ").nth(1).unwrap().split("\n## ").next().unwrap();
    assert!(bug.contains("(6.624, 3.168) N·s") && !bug.contains("4.896"), "{bug}");
}
