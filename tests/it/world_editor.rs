//! The world and solver settings' editor (`O`), as the keys drive it: values
//! typed and names cycled, checked with the scene file's rules, applied as
//! one edit that undo and redo walk, and saved into the file with its comments.

use impulse::engine::{Friction, Method, Settings};
use impulse::lesson::{Lang, Lesson};
use impulse::scene::STARTER;
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::words::EN;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

use crate::common;
use common::{act, snapshot_settings, start, starter};

/// Puts the focus on the field labelled `label` (in English) and types `value` over it.
fn set(s: &mut Stepper, label: &str, value: &str) {
    focus(s, label);
    act(s, Msg::ClearField);
    value.chars().for_each(|c| act(s, Msg::Input(c)));
}

fn focus(s: &mut Stepper, label: &str) {
    assert!(EN.settings_fields.contains(&label), "no field {label}");
    while shown(s, label).0 != editor(s).focus {
        act(s, Msg::FieldNext);
    }
}

fn editor(s: &Stepper) -> &impulse::tui::fields::FieldEditor {
    let Mode::Fields(ed) = &s.mode else { panic!("the editor is closed: {:?}", s.note_text()) };
    ed
}

/// Where the field is, its text and its problem.
fn shown(s: &Stepper, label: &str) -> (usize, String, Option<String>) {
    let ed = editor(s);
    // The fields are in the order of their labels, in either language.
    let i = EN.settings_fields.iter().position(|l| *l == label).unwrap();
    (i, ed.fields[i].text.to_string(), ed.fields[i].error.clone())
}

fn error(s: &Stepper, label: &str) -> String {
    shown(s, label).2.unwrap_or_else(|| panic!("no problem shown on {label}"))
}

/// The starter's run with `sets` written into its file, as `--set` does.
fn with_sets(sets: &[&str]) -> Lesson {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Lesson::parse("starter.toml", STARTER).unwrap().with_sets(&sets).unwrap()
}

#[test]
fn gravity_and_passes_change_in_one_edit_that_undo_and_redo_walk() {
    let mut s = starter();
    for _ in 0..3 {
        act(&mut s, Msg::NextFrame);
    }
    let before = start(&mut s);
    let later = s.session.timeline.frame(8).clone();
    act(&mut s, Msg::EditSettings);
    assert_eq!(shown(&s, "gravity y (m/s²)").1, "-9.8");
    assert_eq!(shown(&s, "relaxation passes").1, "30");
    set(&mut s, "gravity y (m/s²)", "-5");
    set(&mut s, "relaxation passes", "12");
    act(&mut s, Msg::Accept);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(s.note_text().as_deref(), Some("set gravity = [0, -5], relaxation_iterations = 12"));
    let after = start(&mut s);
    assert_eq!((after.world.gravity.y, after.settings.relaxation_iterations), (-5.0, 12));
    let unchanged = Settings { relaxation_iterations: before.settings.relaxation_iterations, ..after.settings.clone() };
    assert_eq!(unchanged, before.settings, "nothing else changed");
    assert_eq!(after.world.bodies, before.world.bodies);
    assert_eq!((s.frame, s.edits()), (3, 1), "one edit, on the frame on screen");
    // The run from here is the one of a world started here with these settings.
    let mut fresh = impulse::tui::Timeline::new(after.world.clone(), after.settings.clone());
    assert_eq!(s.session.timeline.frame(8).end, fresh.frame(5).end, "the run was recomputed");
    assert_ne!(s.session.timeline.frame(8).end, later.end);
    act(&mut s, Msg::Undo);
    assert_eq!(start(&mut s), before, "one undo puts the settings back exactly");
    assert_eq!(s.session.timeline.frame(8), &later, "and the run after them");
    assert_eq!(s.note_text().as_deref(), Some("undone: set gravity = [0, -5], relaxation_iterations = 12"));
    act(&mut s, Msg::Redo);
    assert_eq!(start(&mut s), after);
}

/// Changed at frame 0, the run is the file's with the same keys set.
#[test]
fn the_run_is_the_one_a_file_with_those_settings_gives() {
    let mut s = starter();
    act(&mut s, Msg::EditSettings);
    set(&mut s, "gravity x (m/s²)", "1.5");
    set(&mut s, "correction rate", "0.4");
    focus(&mut s, "friction model");
    act(&mut s, Msg::Cycle(-1));
    act(&mut s, Msg::Accept);
    let file = with_sets(&["world.gravity=[1.5, -9.8]", "solver.correction_rate=0.4", "solver.friction=none"]);
    assert_eq!(start(&mut s).settings, file.settings);
    let mut theirs = impulse::tui::Timeline::new(file.world.clone(), file.settings.clone());
    assert_eq!(s.session.timeline.frame(20), theirs.frame(20));
}

#[test]
fn bad_values_are_located_with_the_files_words_and_change_nothing() {
    let mut s = starter();
    let before = start(&mut s);
    act(&mut s, Msg::EditSettings);
    set(&mut s, "dt, time step (s)", "0");
    set(&mut s, "relaxation passes", "0");
    set(&mut s, "slop (m)", "x");
    set(&mut s, "correction rate", "2.5.");
    act(&mut s, Msg::Accept);
    assert_eq!(error(&s, "dt, time step (s)"), "dt must be between 0.000001 and 1 s: write e.g. dt = 0.016666666666666666 (1/60 s)");
    assert_eq!(
        error(&s, "relaxation passes"),
        "relaxation_iterations must be from 1 to 1000: write relaxation_iterations = 15, as the texts do"
    );
    assert_eq!(error(&s, "slop (m)"), "\"x\" is not a number: write e.g. 1.5");
    assert_eq!(error(&s, "correction rate"), "\"2.5.\" is not a number: write e.g. 1.5");
    assert_eq!(shown(&s, "gravity y (m/s²)").2, None, "a good field is not marked");
    assert_eq!(s.note_text().as_deref(), Some("4 fields to fix (Esc cancels)"));
    // A fraction of a pass is not a count.
    set(&mut s, "relaxation passes", "7.5");
    act(&mut s, Msg::Accept);
    assert_eq!(error(&s, "relaxation passes"), "\"7.5\" is not a whole number: write e.g. 15");
    assert_eq!(start(&mut s), before, "nothing changed");
    act(&mut s, Msg::Cancel);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(s.note_text().as_deref(), Some("edit cancelled; nothing changed"));
    assert_eq!((start(&mut s), s.edits(), s.dirty()), (before, 0, false));
}

/// The same words the scene loader gives for the same settings in the file.
#[test]
fn settings_that_conflict_get_the_loaders_message() {
    let file = |sets: &[&str]| {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        let problems = Lesson::parse("starter.toml", STARTER).unwrap().with_sets(&sets).unwrap_err().problems;
        problems.into_iter().map(|p| format!("{}: {}", p.message, p.help.unwrap())).collect::<Vec<_>>()
    };
    let mut s = starter();
    act(&mut s, Msg::EditSettings);
    focus(&mut s, "method");
    act(&mut s, Msg::Cycle(-1));
    assert_eq!(shown(&s, "method").1, "event-driven", "← goes back round to the last name");
    act(&mut s, Msg::Accept);
    let loader = file(&["solver.method=event-driven"]);
    // Gravity on its field; the boxes (the floor first) on the method's.
    assert_eq!(error(&s, "gravity y (m/s²)"), loader[0]);
    assert!(loader[0].contains("gravity would bend them"), "{}", loader[0]);
    assert_eq!(error(&s, "method"), loader[1]);
    assert!(loader[1].starts_with("\"floor\" is a box"), "{}", loader[1]);
    // Warm start rules out the texts' other friction.
    act(&mut s, Msg::Cycle(-1));
    act(&mut s, Msg::Cycle(-1));
    assert_eq!(shown(&s, "method").1, "relaxation");
    focus(&mut s, "friction model");
    act(&mut s, Msg::Cycle(1));
    act(&mut s, Msg::Accept);
    assert_eq!(error(&s, "friction model"), file(&["solver.friction=velocity-ratio"])[0]);
    assert_eq!(shown(&s, "gravity y (m/s²)").2, None, "the last Enter's problems are gone");
    assert_eq!(start(&mut s).settings.friction, Friction::Coulomb);
}

#[test]
fn names_and_switches_cycle_and_are_not_typed() {
    let mut s = starter();
    act(&mut s, Msg::EditSettings);
    focus(&mut s, "method");
    act(&mut s, Msg::Input('x'));
    act(&mut s, Msg::Erase);
    assert_eq!(shown(&s, "method").1, "relaxation", "a name is chosen, not typed");
    act(&mut s, Msg::Cycle(1));
    assert_eq!(shown(&s, "method").1, "reposition");
    focus(&mut s, "warm start");
    act(&mut s, Msg::Cycle(1));
    assert_eq!(shown(&s, "warm start").1, "false");
    act(&mut s, Msg::Cycle(1));
    act(&mut s, Msg::Cycle(1));
    assert_eq!(shown(&s, "warm start").1, "false");
    // Reposition refuses the moving box, by name, as a file would be told.
    act(&mut s, Msg::Accept);
    assert!(error(&s, "method").starts_with("\"crate\" is a moving box: method = \"reposition\""), "{}", error(&s, "method"));
    // Without the crate it runs.
    act(&mut s, Msg::Cancel);
    while s.bodies()[s.selected].name != "crate" {
        act(&mut s, Msg::SelectNext);
    }
    act(&mut s, Msg::Delete);
    act(&mut s, Msg::EditSettings);
    focus(&mut s, "method");
    act(&mut s, Msg::Cycle(1));
    focus(&mut s, "warm start");
    act(&mut s, Msg::Cycle(1));
    act(&mut s, Msg::Accept);
    let settings = start(&mut s).settings;
    assert_eq!((settings.method, settings.warm_start), (Method::Reposition, false));
    assert_eq!(s.note_text().as_deref(), Some("set method = \"reposition\", warm_start = false"));
    // Enter with nothing changed makes no edit.
    act(&mut s, Msg::EditSettings);
    act(&mut s, Msg::Accept);
    assert_eq!((s.note_text().as_deref(), s.edits()), (Some("no setting changed"), 2));
}

#[test]
fn saving_writes_the_settings_keeping_the_comments_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.toml");
    std::fs::write(&path, STARTER).unwrap();
    let mut s = Stepper::new(Lesson::load(&path).unwrap());
    act(&mut s, Msg::EditSettings);
    set(&mut s, "gravity y (m/s²)", "-3.5");
    set(&mut s, "relaxation passes", "8");
    focus(&mut s, "integrator");
    act(&mut s, Msg::Cycle(1));
    focus(&mut s, "coulomb cap");
    act(&mut s, Msg::Cycle(1));
    act(&mut s, Msg::Accept);
    let edited = start(&mut s);
    act(&mut s, Msg::Save);
    assert!(!s.dirty(), "{:?}", s.note_text());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("gravity = [0.0, -3.5]       # m/s²; the default is [0, 0]\n"), "{text}");
    assert!(text.contains("relaxation_iterations = 8         # passes over the contacts each frame"), "{text}");
    assert!(text.contains("coulomb_cap = false               # |jt| stops"), "{text}");
    assert!(text.contains("# The five keys below are on for a sound engine"), "{text}");
    assert!(text.contains("integrator = \"explicit-euler\"     # or"), "{text}");
    let back = Lesson::load(&path).unwrap();
    assert_eq!((back.settings.clone(), back.world.gravity), (Settings { motion: true, ..edited.settings }, edited.world.gravity));
    let lines = |t: &str| t.lines().count();
    assert_eq!(lines(&text), lines(STARTER), "only values changed");
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

/// The editor open on the starter, dt typed wrong and the method chosen.
fn editing(lang: Lang) -> App {
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false).with_lang(lang);
    app.update(Msg::EditSettings);
    let Screen::Stepper(s) = &mut app.screen else { panic!() };
    set(s, "dt, time step (s)", "0");
    act(s, Msg::Accept);
    focus(s, "method");
    app
}

#[test]
fn the_editor_on_screen() {
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("tui.settings", screen(&editing(Lang::En), 120, 40));
        insta::assert_snapshot!("tui.settings.80x24", screen(&editing(Lang::En), 80, 24));
        insta::assert_snapshot!("tui.zh.settings", screen(&editing(Lang::Zh), 120, 40));
    });
}
