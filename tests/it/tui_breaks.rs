//! Breakpoints, go to frame and narrated steps in the debugger (README,
//! "Keys"), with 120×40 snapshots of b, B, c, C and `:`.

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

use crate::common;
use common::snapshot_settings;

fn open(id: &str) -> App {
    let lessons = lesson::embedded().into_iter().map(Result::unwrap).collect();
    App::stepper(lesson::find(id).unwrap(), lessons, false)
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

fn at(app: &App) -> (u64, usize, PhaseKind) {
    let s = stepper(app);
    (s.frame, s.phase, s.record().phases.at(s.phase).kind())
}

fn note(app: &App) -> String {
    stepper(app).note_text().unwrap_or_default()
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Msg::Input(c));
    }
}

fn add_breakpoint(app: &mut App, condition: &str) {
    app.update(Msg::AddBreak);
    type_text(app, condition);
    app.update(Msg::Accept);
}

#[test]
fn b_adds_a_breakpoint_and_c_goes_to_the_rotated_normal_resolve() {
    let mut app = open("tangent-fix");
    app.update(Msg::AddBreak);
    type_text(&mut app, "energy rises");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.prompt", screen(&app)));
    app.update(Msg::Accept);
    assert_eq!(stepper(&app).mode, Mode::Step);
    app.update(Msg::NextMatch);
    // Phase 5 of frame 0: KE 27 J → 38.232 J.
    assert_eq!(at(&app), (0, 4, PhaseKind::Resolve));
    assert_eq!(note(&app), "breakpoint 1 at frame 0, phase 5: energy rises");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.continue", screen(&app)));
    // Nothing else in 600 frames raises it: the search says how far it looked, and the view stays.
    app.update(Msg::NextMatch);
    assert_eq!(at(&app), (0, 4, PhaseKind::Resolve));
    assert!(note(&app).starts_with("no breakpoint matched up to frame 599"), "{}", note(&app));
}

#[test]
fn a_bad_condition_keeps_the_prompt_open_with_where_it_goes_wrong() {
    let mut app = open("smooth-balls");
    add_breakpoint(&mut app, "kind = resolv");
    assert!(matches!(stepper(&app).mode, Mode::Prompt(_)));
    assert_eq!(note(&app), "column 8: no phase kind is called \"resolv\": did you mean `resolve`?");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.bad", screen(&app)));
    // Fix it in place.
    app.update(Msg::ClearField);
    type_text(&mut app, "kind = resolve and jn < -7");
    app.update(Msg::Accept);
    assert_eq!(stepper(&app).breaks.list.len(), 1);
    app.update(Msg::NextMatch);
    assert_eq!(at(&app), (0, 4, PhaseKind::Resolve));
}

#[test]
fn the_prompt_remembers_conditions_typed() {
    let mut app = open("smooth-balls");
    add_breakpoint(&mut app, "contact m1 m2");
    add_breakpoint(&mut app, "kind = correct");
    app.update(Msg::AddBreak);
    app.update(Msg::History(-1));
    let text = |app: &App| match &stepper(app).mode {
        Mode::Prompt(p) => p.text.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(text(&app), "kind = correct");
    app.update(Msg::History(-1));
    assert_eq!(text(&app), "contact m1 m2");
    app.update(Msg::History(-1));
    assert_eq!(text(&app), "contact m1 m2", "the oldest stays");
    app.update(Msg::History(1));
    assert_eq!(text(&app), "kind = correct");
    app.update(Msg::History(1));
    assert_eq!(text(&app), "");
    app.update(Msg::Cancel);
    assert_eq!(stepper(&app).breaks.list.len(), 2);
}

#[test]
fn big_c_goes_back_and_big_b_removes() {
    // The game-engine book's stack: the bodies rest on one another, so every frame corrects.
    let mut app = open("relaxation");
    add_breakpoint(&mut app, "kind = correct");
    // `contact` is also the name of the detect record's yes / no.
    add_breakpoint(&mut app, "kind = detect and contact == 1");
    // From frame 2 back: the last correct of frame 1, in pass 15.
    app.update(Msg::GoToFrame);
    type_text(&mut app, "2");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.goto", screen(&app)));
    app.update(Msg::Accept);
    assert_eq!(at(&app), (2, 0, PhaseKind::Forces));
    app.update(Msg::PrevMatch);
    let (frame, phase, kind) = at(&app);
    assert_eq!((frame, kind), (1, PhaseKind::Correct));
    assert_eq!(stepper(&app).record().phases.at(phase).iteration, Some(15));
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.back", screen(&app)));
    // The detect just before it is the contact breakpoint's.
    app.update(Msg::PrevMatch);
    assert_eq!(at(&app), (1, phase - 1, PhaseKind::Detect));
    assert!(note(&app).starts_with("breakpoint 2 "), "{}", note(&app));
    let record = stepper(&app).record();
    assert!(record.phases.iter().skip(phase + 1).all(|p| p.kind() != PhaseKind::Correct), "the last correct of frame 1");

    app.update(Msg::ListBreaks);
    app.update(Msg::Pick(1));
    app.update(Msg::Pick(1));
    assert_eq!(stepper(&app).mode, Mode::Breaks(1));
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.breaks.list", screen(&app)));
    app.update(Msg::Delete);
    assert_eq!(note(&app), "removed breakpoint 2: kind = detect and contact == 1");
    assert_eq!(stepper(&app).mode, Mode::Breaks(0));
    app.update(Msg::Delete);
    assert_eq!(stepper(&app).mode, Mode::Step);
    app.update(Msg::NextMatch);
    assert_eq!(note(&app), "no breakpoints: b adds one");
}

#[test]
fn go_to_frame_refuses_what_is_not_a_frame() {
    let mut app = open("smooth-balls");
    app.update(Msg::GoToFrame);
    type_text(&mut app, "x3");
    app.update(Msg::Accept);
    assert_eq!(note(&app), "write a frame number, e.g. 30");
    app.update(Msg::ClearField);
    type_text(&mut app, "99999999");
    app.update(Msg::Accept);
    assert!(note(&app).starts_with("at most frame 10001"), "{}", note(&app));
    app.update(Msg::Cancel);
    assert_eq!(at(&app).0, 0);
}

#[test]
fn m_walks_the_lessons_narrated_steps() {
    let mut app = open("relaxation");
    let s = stepper(&app);
    let steps: Vec<(u64, String)> = s.session.lesson.steps.iter().map(|st| (st.frame, st.title.clone())).collect();
    let mut seen = Vec::new();
    for _ in 0..steps.len() + 1 {
        app.update(Msg::NextStep);
        seen.push((at(&app).0, note(&app)));
    }
    // Every step after the first (where the lesson opens), in the order of the
    // phases they point at, then a note that there are no more.
    let mut expected: Vec<String> = steps.iter().skip(1).map(|(_, t)| format!("step: {t}")).collect();
    let mut visited: Vec<String> = seen[..expected.len()].iter().map(|(_, n)| n.clone()).collect();
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "{seen:?}");
    assert_eq!(seen[expected.len() - 1].0, 30);
    expected.sort();
    visited.sort();
    assert_eq!(visited, expected);
    assert_eq!(seen.last().unwrap().1, "no narrated step after this one");
    app.update(Msg::PrevStep);
    assert_eq!(note(&app), seen[expected.len() - 2].1);
}

/// Every match of two breakpoints in the first 40 frames of the relaxation
/// lesson, found the slow way: each frame recorded in full and every phase
/// judged (the session's `matches_in`).
fn every_match(conditions: &[&str], frames: u64) -> Vec<(u64, usize)> {
    use impulse::session::{condition::Condition, search::matches_in};
    let scene = lesson::find("relaxation").unwrap();
    let names = lesson::body_names(&scene);
    let parsed: Vec<Condition> = conditions.iter().map(|c| Condition::parse(c, &names).unwrap()).collect();
    let mut world = scene.world.clone();
    let mut found = Vec::new();
    for frame in 0..frames {
        let record = impulse::engine::record_frame(&mut world, &scene.settings);
        let mut phases: Vec<usize> = parsed
            .iter()
            .flat_map(|c| matches_in(&record, 0..usize::MAX, &scene.world.bodies, scene.world.gravity, &names, c).collect::<Vec<_>>())
            .collect();
        phases.sort_unstable();
        phases.dedup();
        found.extend(phases.into_iter().map(|p| (frame, p)));
    }
    found
}

/// `c` and `C` step through frames other than the one on screen with the
/// session's filtered search, as `impulse run --break-on` does; they must visit
/// exactly the matches recording every frame finds, in order, both ways.
#[test]
fn c_and_big_c_visit_every_match_recording_everything_finds() {
    let conditions = ["contact pebble crate", "kind = resolve and jn < -0.05"];
    let expected = every_match(&conditions, 40);
    assert!(expected.len() > 5, "a test that visits few matches proves little: {expected:?}");
    let mut app = open("relaxation");
    for c in conditions {
        add_breakpoint(&mut app, c);
    }
    let mut forward = Vec::new();
    loop {
        app.update(Msg::NextMatch);
        let (frame, phase, _) = at(&app);
        if frame >= 40 || forward.last() == Some(&(frame, phase)) {
            break;
        }
        forward.push((frame, phase));
    }
    assert_eq!(forward, expected);
    let mut backward = Vec::new();
    loop {
        app.update(Msg::PrevMatch);
        let (frame, phase, _) = at(&app);
        if backward.last() == Some(&(frame, phase)) {
            break;
        }
        backward.push((frame, phase));
    }
    backward.reverse();
    // From the first match past frame 39, back to frame 0.
    assert_eq!(backward, expected, "back, the same matches");
}

/// A ball `a` dropped on a floor `b`, with a static post `x` listed before them.
const DROP: &str = r#"[world]
gravity = [0.0, -9.8]

[[body]]
name = "x"
shape = "circle"
radius = 0.5
static = true
position = [-4.0, 4.0]

[[body]]
name = "a"
shape = "circle"
radius = 0.5
mass = 1.0
position = [0.0, 2.0]

[[body]]
name = "b"
shape = "box"
size = [10.0, 1.0]
static = true
position = [0.0, -0.5]
"#;

fn select(app: &mut App, name: &str) {
    while stepper(app).bodies()[stepper(app).selected].name != name {
        app.update(Msg::SelectNext);
    }
}

/// From frame 0, the next match: its frame and the note.
fn next_from_start(app: &mut App) -> (u64, String) {
    app.update(Msg::First);
    app.update(Msg::NextMatch);
    (stepper(app).frame, note(app))
}

/// A breakpoint holds the bodies it names, not their places in the list: it
/// stops on the same contact after a body listed before them is deleted,
/// bodies are added, and one of them is renamed (its text then shows the new
/// name). With its body deleted it matches nothing and says so, in the note
/// and in the B list; undo brings it back.
#[test]
fn a_breakpoint_follows_its_bodies_through_edits() {
    let mut app = App::stepper(impulse::lesson::Lesson::parse("drop.toml", DROP).unwrap(), Vec::new(), false);
    add_breakpoint(&mut app, "contact a b");
    let (hit, first) = next_from_start(&mut app);
    assert!(first.starts_with(&format!("breakpoint 1 at frame {hit}, ")) && first.ends_with(": contact a b"), "{first}");
    assert!(hit > 0);
    // Delete the post, listed before a: a is now the first body, b the second.
    app.update(Msg::First);
    select(&mut app, "x");
    app.update(Msg::Delete);
    assert_eq!(note(&app), "deleted x");
    assert_eq!(next_from_start(&mut app), (hit, first.clone()));
    // Add bodies: a copy of the floor, and a ball over it far from a.
    app.update(Msg::First);
    select(&mut app, "b");
    app.update(Msg::Duplicate);
    app.update(Msg::AddCircle);
    assert_eq!(stepper(&app).bodies().len(), 4);
    assert_eq!(next_from_start(&mut app), (hit, first.clone()));
    // Rename a: the breakpoint stops on it, and shows its name now.
    app.update(Msg::First);
    select(&mut app, "a");
    app.update(Msg::Rename);
    app.update(Msg::ClearField);
    type_text(&mut app, "cue");
    app.update(Msg::Accept);
    let (at, renamed) = next_from_start(&mut app);
    assert_eq!((at, renamed), (hit, first.replace("contact a b", "contact cue b")));
    // Delete it: the breakpoint matches nothing from this frame on, and says so.
    app.update(Msg::First);
    select(&mut app, "cue");
    app.update(Msg::Delete);
    assert_eq!(note(&app), "deleted cue · breakpoint 1 names it: it matches nothing from this frame on (u brings it back)");
    app.update(Msg::ListBreaks);
    assert!(screen(&app).contains("Breakpoint 1 of 1: contact cue b — names a deleted body: matches nothing here"), "{}", screen(&app));
    app.update(Msg::Cancel);
    let (at, none) = next_from_start(&mut app);
    assert_eq!(at, 0);
    assert!(none.starts_with("no breakpoint matched"), "{none}");
    // Undo: it follows cue again.
    app.update(Msg::Undo);
    assert_eq!(next_from_start(&mut app), (hit, first.replace("contact a b", "contact cue b")));
}
