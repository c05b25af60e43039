//! Editing a scene in the debugger, one test an action, as the keys drive it:
//! each edit applies from the frame on screen, keeps the frames before it,
//! undoes to the identical world, and saves to a file that loads back to it.

use glam::DVec2;
use impulse::engine::{BodyDef, Settings, World};
use impulse::geometry::Shape;
use impulse::lesson::Lesson;
use impulse::scene::STARTER;
use impulse::scene::file::WallEntry;
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::{App, Check, Effect, Msg, perform};
use std::path::Path;

use crate::common;
use common::{act, start, starter};

/// The starter scene as if opened from `dir/name`.
fn starter_file(dir: &Path, name: &str) -> (Stepper, std::path::PathBuf) {
    let path = dir.join(name);
    std::fs::write(&path, STARTER).unwrap();
    (Stepper::new(Lesson::load(&path).unwrap()), path)
}

fn select(s: &mut Stepper, name: &str) {
    while s.bodies()[s.selected].name != name {
        act(s, Msg::SelectNext);
    }
}

fn press(s: &mut Stepper, msgs: &[Msg]) {
    for &m in msgs {
        act(s, m);
    }
}

fn type_text(s: &mut Stepper, text: &str) {
    text.chars().for_each(|c| act(s, Msg::Input(c)));
}

/// Steps to frame `n` and returns the record of frame `n − 1`, which an edit at `n` must keep.
fn step_to(s: &mut Stepper, n: u64) -> impulse::engine::FrameRecord {
    while s.frame < n {
        act(s, Msg::NextFrame);
    }
    s.session.timeline.frame(n - 1).clone()
}

/// An edit at frame 5 that changes the world as `check` expects, keeps frame
/// 4, and undoes and redoes exactly.
fn edit_case(msgs: &[Msg], check: impl Fn(&World, &World, &Settings, &Settings)) {
    edit_case_in(STARTER, msgs, check);
}

fn edit_case_in(source: &str, msgs: &[Msg], check: impl Fn(&World, &World, &Settings, &Settings)) {
    let mut s = Stepper::new(Lesson::parse("scene.toml", source).unwrap());
    select(&mut s, "ball");
    let kept = step_to(&mut s, 5);
    let before = start(&mut s);
    let later = s.session.timeline.frame(9).clone();
    press(&mut s, msgs);
    let after = start(&mut s);
    assert_eq!(s.frame, 5, "an edit stays on its frame");
    check(&before.world, &after.world, &before.settings, &after.settings);
    assert_eq!(s.session.timeline.frame(4), &kept, "the frames before an edit stay");
    let edits = s.edits();
    assert!(edits > 0);
    (0..edits).for_each(|_| act(&mut s, Msg::Undo));
    assert_eq!(start(&mut s), before, "undo restores the identical world");
    assert_eq!(s.session.timeline.frame(9), &later, "and the run after it");
    (0..edits).for_each(|_| act(&mut s, Msg::Redo));
    assert_eq!(start(&mut s), after, "redo brings the edits back");
}

fn by_name(w: &World, name: &str) -> BodyDef {
    w.def(w.bodies.iter().position(|b| b.name == name).unwrap())
}

#[test]
fn move_keys_move_the_selected_body_by_a_round_step() {
    // The starter's view is 12 m wide: a step of 0.1 m.
    edit_case(&[Msg::Move(1, 0), Msg::Move(1, 0), Msg::Move(0, 1)], |b, a, _, _| {
        let (was, now) = (by_name(b, "ball").motion.position, by_name(a, "ball").motion.position);
        assert_eq!(now, DVec2::new(snap_expect(was.x + 0.2), snap_expect(was.y + 0.1)));
        assert_eq!(by_name(a, "crate"), by_name(b, "crate"));
    });
}

fn snap_expect(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[test]
fn rotate_keys_turn_by_five_degrees() {
    edit_case(&[Msg::Rotate(1), Msg::Rotate(1), Msg::Rotate(-1)], |b, a, _, _| {
        let turned = by_name(a, "ball").motion.angle - by_name(b, "ball").motion.angle;
        assert!((turned - 5f64.to_radians()).abs() < 1e-12, "{turned}");
    });
}

#[test]
fn the_field_editor_applies_checked_values() {
    let mut msgs = vec![Msg::EditFields, Msg::FieldNext, Msg::FieldNext, Msg::ClearField];
    msgs.extend("0.9".chars().map(Msg::Input));
    msgs.push(Msg::Accept);
    edit_case(&msgs, |b, a, _, _| {
        assert_eq!(by_name(a, "ball").body.friction, 0.9);
        let mut same = by_name(a, "ball").clone();
        same.body.friction = by_name(b, "ball").body.friction;
        assert_eq!(same, by_name(b, "ball"), "only friction changed");
    });
}

#[test]
fn the_field_editor_refuses_bad_values_and_escape_changes_nothing() {
    let mut s = starter();
    select(&mut s, "ball");
    let before = start(&mut s);
    press(&mut s, &[Msg::EditFields, Msg::ClearField]);
    type_text(&mut s, "-2");
    act(&mut s, Msg::Accept);
    let Mode::Fields(ed) = &s.mode else { panic!("a bad value keeps the editor open") };
    assert_eq!(
        ed.fields[0].error.as_deref(),
        Some("mass must be between 0.000001 and 1,000,000,000 kg: write e.g. mass = 1.0, or static = true for a body that never moves")
    );
    assert_eq!(s.note_text().as_deref(), Some("1 field to fix (Esc cancels)"));
    act(&mut s, Msg::Cancel);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(start(&mut s), before);
    assert!(!s.dirty());
    act(&mut s, Msg::Undo);
    assert_eq!(s.note_text().as_deref(), Some("nothing to undo"));
}

#[test]
fn adding_a_circle_or_a_box_selects_it() {
    edit_case(&[Msg::AddCircle], |b, a, _, _| {
        assert_eq!(a.bodies.len(), b.bodies.len() + 1);
        let new = a.bodies.last().unwrap();
        assert_eq!(new.name, "circle1");
        assert!(matches!(new.shape, impulse::geometry::Shape::Circle { .. }) && new.mass() > 0.0);
    });
    edit_case(&[Msg::AddBox, Msg::AddBox], |b, a, _, _| {
        let names: Vec<_> = a.bodies[b.bodies.len()..].iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["box1", "box2"]);
    });
    let mut s = starter();
    act(&mut s, Msg::AddBox);
    assert_eq!(s.bodies()[s.selected].name, "box1");
}

#[test]
fn delete_removes_the_selected_body() {
    edit_case(&[Msg::Delete], |b, a, _, _| {
        assert_eq!(a.bodies.len(), b.bodies.len() - 1);
        assert!(a.bodies.iter().all(|x| x.name != "ball"));
    });
}

#[test]
fn a_kick_changes_every_moving_velocity_and_no_static_one() {
    edit_case(&[Msg::Kick], |b, a, _, _| {
        for ((x, xm), (_, ym)) in b.iter().zip(a.iter()) {
            assert_eq!(x.is_static(), xm.velocity == ym.velocity, "{}", x.name);
            assert_eq!(xm.position, ym.position);
        }
    });
}

#[test]
fn motion_and_correction_toggle_in_the_settings() {
    edit_case(&[Msg::ToggleMotion], |_, _, b, a| assert_eq!((b.motion, a.motion), (true, false)));
    edit_case(&[Msg::ToggleCorrection], |_, _, b, a| assert_eq!((b.position_correction, a.position_correction), (true, false)));
    let mut s = starter();
    act(&mut s, Msg::ToggleMotion);
    let (frame, phases) = (s.record().frame, s.record().phases.iter().map(|p| p.kind().name()).collect::<Vec<_>>());
    assert_eq!(frame, 0);
    assert!(!phases.contains(&"forces") && !phases.contains(&"integrate"), "motion off runs neither: {phases:?}");
}

#[test]
fn passes_and_rate_change_in_steps_within_their_limits() {
    edit_case(&[Msg::Passes(1), Msg::Passes(1)], |_, _, b, a| assert_eq!(a.relaxation_iterations, b.relaxation_iterations + 2));
    edit_case(&[Msg::Rate(-1)], |_, _, _, a| assert_eq!(a.correction_rate, 0.7));
    let mut s = starter();
    press(&mut s, &[Msg::Rate(1), Msg::Rate(1), Msg::Rate(1)]);
    assert_eq!(s.settings().correction_rate, 1.0);
    assert_eq!(s.note_text().as_deref(), Some("correction rate stays at 1 (0.1 to 1)"));
    let last_pass = |s: &Stepper| s.record().phases.iter().filter_map(|p| p.iteration).max();
    assert_eq!(last_pass(&s), Some(30));
    act(&mut s, Msg::Passes(-1));
    assert_eq!(last_pass(&s), Some(29), "the frame re-ran with 29 passes");
}

#[test]
fn a_shot_gives_the_body_the_aimed_velocity() {
    // The rough-balls article's demo: a click sets the velocity to cursor − ball.
    edit_case(&[Msg::Aim, Msg::Click(DVec2::new(0.0, 5.0)), Msg::Accept], |b, a, _, _| {
        let ball = by_name(b, "ball");
        assert_eq!(by_name(a, "ball").motion.velocity, DVec2::new(0.0, 5.0) - ball.motion.position);
    });
    // Keys: the aim starts along the ball's velocity; ← turns it 5° counter-clockwise, ↑ adds a quarter.
    edit_case(&[Msg::Aim, Msg::Turn(1), Msg::Power(1), Msg::Accept], |b, a, _, _| {
        let v = by_name(a, "ball").motion.velocity;
        let want = DVec2::from_angle(5f64.to_radians()).rotate(by_name(b, "ball").motion.velocity) * 1.25;
        // Each part to 12 digits, as a person would write it (the shot leaves no round-off in a file).
        assert!((v - want).length() < 1e-9, "{v}");
    });
    let mut s = starter();
    select(&mut s, "floor");
    act(&mut s, Msg::Aim);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(s.note_text().as_deref(), Some("floor is static: it cannot be shot"));
    select(&mut s, "ball");
    press(&mut s, &[Msg::Aim, Msg::Power(1), Msg::Cancel]);
    assert!(!s.dirty(), "a cancelled shot changes nothing");
}

#[test]
fn the_tangent_key_is_an_edit_too() {
    let texts_impulses = STARTER.replace("warm_start = true", "warm_start = false");
    edit_case_in(&texts_impulses, &[Msg::CycleTangent], |_, _, b, a| assert_ne!(a.tangent, b.tangent));
}

/// Summed friction acts along n⊥ with either sign, so under warm_start the
/// texts' tangents would change nothing: the key says so instead.
#[test]
fn the_tangent_key_says_why_it_has_no_say_under_warm_start() {
    let mut s = starter();
    act(&mut s, Msg::CycleTangent);
    assert!(!s.dirty());
    assert!(s.note_text().as_deref().is_some_and(|n| n.contains("warm_start")), "{:?}", s.note_text());
}

#[test]
fn a_click_selects_the_body_under_it() {
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false);
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let Screen::Stepper(s) = &app.screen else { unreachable!() };
    let crate_at = s.record().start[2].position;
    // The cell whose centre is nearest the crate's centre.
    let cell = (0..120)
        .flat_map(|c| (0..40).map(move |r| (c, r)))
        .filter_map(|(c, r)| impulse::tui::view::scene_point(&app, area, c, r).map(|p| ((p - crate_at).length(), p)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    assert!(cell.0 < 0.15, "a cell lies within 0.15 m of the crate's centre: {}", cell.0);
    app.update(Msg::Click(cell.1));
    let Screen::Stepper(s) = &app.screen else { unreachable!() };
    assert_eq!(s.bodies()[s.selected].name, "crate");
    assert_eq!(impulse::tui::view::scene_point(&app, area, 119, 0), None, "the derivation panel is not the scene");
    app.update(Msg::Click(DVec2::new(100.0, 100.0)));
    let Screen::Stepper(s) = &app.screen else { unreachable!() };
    assert_eq!((s.bodies()[s.selected].name.as_str(), s.note_text().as_deref()), ("crate", Some("no body there")));
}

#[test]
fn undo_after_several_edits_walks_back_to_the_scene() {
    let mut s = starter();
    let scene = start(&mut s);
    select(&mut s, "crate");
    press(&mut s, &[Msg::Move(-1, 0), Msg::NextFrame, Msg::NextFrame, Msg::Kick, Msg::NextFrame, Msg::AddCircle, Msg::Delete]);
    let edited = s.session.timeline.frame(6).clone();
    press(&mut s, &[Msg::Undo, Msg::Undo, Msg::Undo]);
    assert_eq!(s.frame, 2, "undo shows the frame of the edit it undoes");
    act(&mut s, Msg::Undo);
    assert_eq!((s.frame, start(&mut s)), (0, scene));
    press(&mut s, &[Msg::Redo, Msg::Redo, Msg::Redo, Msg::Redo]);
    assert_eq!(s.session.timeline.frame(6), &edited);
    assert_eq!(s.note_text().as_deref(), Some("redone: deleted circle1"));
}

#[test]
fn an_edit_after_undo_forgets_the_redo() {
    let mut s = starter();
    press(&mut s, &[Msg::AddCircle, Msg::Undo, Msg::AddBox, Msg::Redo]);
    assert_eq!(s.note_text().as_deref(), Some("nothing to redo"));
}

/// A body added, undone, and another added in its place is a new body: its
/// handle is not the undone one's, though both took the same free slot, so a
/// breakpoint left on the first never wakes on the second.
#[test]
fn a_body_added_after_an_undo_is_a_new_body() {
    let mut s = starter();
    let handles = |s: &mut Stepper| start(s).world.handles().to_vec();
    let before = handles(&mut s);
    act(&mut s, Msg::AddCircle);
    let first = handles(&mut s);
    act(&mut s, Msg::Undo);
    assert_eq!(handles(&mut s), before);
    act(&mut s, Msg::AddCircle);
    let second = handles(&mut s);
    let added = |after: &[impulse::engine::BodyHandle]| after.iter().copied().find(|h| !before.contains(h)).unwrap();
    assert_ne!(added(&first), added(&second));
    assert_eq!(start(&mut s).world.place(added(&first)), None);
}

/// Ctrl-S saves the scene as built: the start of frame 0 with every edit
/// made there, whatever frame is on screen. Reopened, the file runs the same,
/// bit for bit.
#[test]
fn save_then_reload_gives_the_identical_run() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    select(&mut s, "ball");
    press(&mut s, &[Msg::Kick, Msg::AddBox, Msg::Rotate(1), Msg::Passes(1)]);
    press(&mut s, &[Msg::CycleTangent, Msg::Rate(-1), Msg::ToggleCorrection]);
    select(&mut s, "crate");
    press(&mut s, &[Msg::EditFields, Msg::ClearField]);
    type_text(&mut s, "static");
    for _ in 0..3 {
        act(&mut s, Msg::FieldNext);
    }
    press(&mut s, &[Msg::ClearField, Msg::Input('0'), Msg::FieldNext, Msg::ClearField, Msg::Input('0')]);
    press(&mut s, &[Msg::FieldNext, Msg::ClearField, Msg::Input('0'), Msg::Accept]);
    assert!(by_name(&start(&mut s).world, "crate").body.is_static());
    press(&mut s, &[Msg::NextFrame, Msg::NextFrame, Msg::NextFrame, Msg::Save]);
    assert_eq!(s.note_text().as_deref(), Some(format!("saved the scene as built (frame 0) to {}", path.display()).as_str()));
    assert!(!s.dirty());
    let built = s.session.timeline.start(0);
    let reloaded = Lesson::load(&path).unwrap();
    assert_eq!(reloaded.world.bodies, built.world.bodies);
    assert_eq!(reloaded.world.motions, built.world.motions);
    assert_eq!(reloaded.world.gravity, built.world.gravity);
    assert_eq!(reloaded.settings, built.settings);
    // The user's comments are still there.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# passes over the contacts each frame; Build Your Own 2D Game Engine makes 15"), "{text}");
    assert!(text.contains("[[body]]\nname = \"box1\""), "{text}");
    // And the run from the file is the session's, phase for phase.
    let mut again = Stepper::new(reloaded);
    for n in 0..4 {
        assert_eq!(again.session.timeline.frame(n).phases, s.session.timeline.frame(n).phases, "frame {n}");
    }
}

/// An edit made at a later frame changes the run from there, which frame 0
/// cannot hold: Ctrl-S says so, and Ctrl-E writes that frame as a new scene,
/// asking for a name and leaving the scene's own file alone.
#[test]
fn a_frame_is_written_as_a_new_scene_to_a_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    press(&mut s, &[Msg::NextFrame, Msg::NextFrame, Msg::Kick, Msg::Save]);
    assert!(
        note(&s).ends_with("; the edits at frame 2 are not in it: they change the run from there (Ctrl-E writes a frame as a new scene)"),
        "{}",
        note(&s)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "frame 0 as built is what the file held");
    act(&mut s, Msg::SaveFrame);
    let frame2 = dir.path().join("scene-frame2.toml");
    assert_eq!(s.mode, Mode::SaveAs(impulse::session::line::LineEdit::new(frame2.display().to_string())));
    act(&mut s, Msg::Accept);
    assert_eq!(note(&s), format!("wrote frame 2 as a new scene to {}; this scene stays {}", frame2.display(), path.display()));
    let here = s.session.timeline.start(2);
    let written = Lesson::load(&frame2).unwrap();
    assert_eq!(written.world.bodies, here.world.bodies);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "the scene's own file is left alone");
    // Never over a file without asking.
    press(&mut s, &[Msg::SaveFrame, Msg::ClearField]);
    type_text(&mut s, &path.display().to_string());
    act(&mut s, Msg::Accept);
    assert_eq!(s.mode, Mode::Overwrite(path.clone()));
    act(&mut s, Msg::No);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER);
}

#[test]
fn update_touches_no_file_the_shell_writes_what_it_asks_for() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    press(&mut s, &[Msg::NextFrame, Msg::Kick]);
    let effect = s.update(Msg::Save).expect("Ctrl-S asks the shell to write");
    let Effect::Write { path: to, text, check } = &effect else { panic!("a write") };
    assert_eq!((to, check), (&path, &Check::Unchanged(STARTER.to_string())));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "nothing written by update");
    assert!(s.dirty());
    s.performed(perform(&effect));
    assert_eq!(&std::fs::read_to_string(&path).unwrap(), text);
    assert!(!s.dirty());
}

#[test]
fn saving_an_unchanged_scene_leaves_the_file_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    act(&mut s, Msg::Save);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER);
}

#[test]
fn a_file_changed_on_disk_is_not_written_over_without_asking() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    act(&mut s, Msg::Kick);
    std::fs::write(&path, "# someone else's work\n").unwrap();
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::Overwrite(path.clone()));
    act(&mut s, Msg::No);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "# someone else's work\n");
    assert_eq!(s.note_text().as_deref(), Some("not saved"));
    press(&mut s, &[Msg::Save, Msg::Yes]);
    assert!(Lesson::load(&path).is_ok());
}

#[test]
fn a_lesson_saves_under_a_new_name_and_asks_before_writing_over_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Stepper::new(impulse::lesson::find("rough-balls").unwrap());
    act(&mut s, Msg::Kick);
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::SaveAs(impulse::session::line::LineEdit::new("rough-balls.toml")));
    let taken = dir.path().join("taken.toml");
    std::fs::write(&taken, "keep me\n").unwrap();
    act(&mut s, Msg::ClearField);
    type_text(&mut s, &taken.display().to_string());
    act(&mut s, Msg::Accept);
    assert_eq!(s.mode, Mode::Overwrite(taken.clone()));
    act(&mut s, Msg::Cancel);
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "keep me\n");
    let fresh = dir.path().join("mine.toml");
    act(&mut s, Msg::Save);
    act(&mut s, Msg::ClearField);
    type_text(&mut s, &fresh.display().to_string());
    act(&mut s, Msg::Accept);
    let here = start(&mut s);
    assert_eq!(Lesson::load(&fresh).unwrap().world.bodies, here.world.bodies);
    // The lesson's narration and checks travel with it.
    assert!(std::fs::read_to_string(&fresh).unwrap().contains("[lesson]"));
    // From now on Ctrl-S writes there without asking.
    act(&mut s, Msg::Kick);
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(Lesson::load(&fresh).unwrap().world.bodies, start(&mut s).world.bodies);
}

#[test]
fn leaving_with_unsaved_edits_asks_once() {
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false);
    app.update(Msg::Quit);
    assert!(app.quit, "nothing edited: q quits at once");
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false);
    app.update(Msg::Kick);
    app.update(Msg::Quit);
    assert!(!app.quit);
    let Screen::Stepper(s) = &app.screen else { unreachable!() };
    assert_eq!(s.note_text().as_deref(), Some("unsaved edits: Ctrl-S saves them; press again to leave without saving"));
    app.update(Msg::Quit);
    assert!(app.quit);
}

#[test]
fn typing_in_the_field_editor_does_not_quit() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert_eq!(lookup(key('q'), Scope::Fields), Some(Msg::Input('q')));
    assert_eq!(lookup(key('?'), Scope::SaveAs), Some(Msg::Input('?')));
    assert_eq!(lookup(key('q'), Scope::Aim), Some(Msg::Quit));
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), Scope::Fields), Some(Msg::Quit));
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL), Scope::Stepper), Some(Msg::Save));
    assert_eq!(lookup(key('s'), Scope::Stepper), Some(Msg::Move(0, -1)));
}

#[test]
fn undoing_back_to_the_saved_scene_is_not_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, _) = starter_file(dir.path(), "scene.toml");
    act(&mut s, Msg::Move(0, 1));
    assert!(s.dirty());
    act(&mut s, Msg::Undo);
    assert!(!s.dirty(), "back to what the file holds");
    press(&mut s, &[Msg::Redo, Msg::Save]);
    assert!(!s.dirty());
    act(&mut s, Msg::Undo);
    assert!(s.dirty(), "the file now holds the move");
}

#[test]
fn the_selection_follows_its_body_across_an_edit_that_deletes_another() {
    let mut s = starter();
    press(&mut s, &[Msg::NextFrame, Msg::NextFrame, Msg::Delete]); // deletes the floor at frame 2
    select(&mut s, "crate");
    assert_eq!(s.selected, 1);
    act(&mut s, Msg::First);
    assert_eq!((s.selected, s.bodies()[s.selected].name.as_str()), (2, "crate"), "frame 0 still has the floor");
}

#[test]
fn save_as_says_what_is_wrong_with_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Stepper::new(impulse::lesson::find("rough-balls").unwrap());
    press(&mut s, &[Msg::ToggleMotion, Msg::Save, Msg::ClearField, Msg::Accept]);
    assert_eq!(s.note_text().as_deref(), Some("write a file name, or Esc"));
    type_text(&mut s, &dir.path().display().to_string());
    act(&mut s, Msg::Accept);
    assert_eq!(s.note_text(), Some(format!("{} is a folder: write a file name", dir.path().display())));
    let missing = dir.path().join("nowhere");
    act(&mut s, Msg::ClearField);
    type_text(&mut s, &missing.join("x.toml").display().to_string());
    act(&mut s, Msg::Accept);
    assert_eq!(s.note_text(), Some(format!("there is no folder {}", missing.display())));
    assert!(matches!(s.mode, Mode::SaveAs(_)));
    act(&mut s, Msg::ClearField);
    type_text(&mut s, &dir.path().join("x.toml").display().to_string());
    act(&mut s, Msg::Accept);
    assert!(s.note_text().as_deref().unwrap().ends_with("(motion off is not saved: the file runs with motion)"), "{:?}", s.note_text());
}

#[test]
fn the_second_q_quits_even_while_running() {
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false);
    for m in [Msg::Kick, Msg::ToggleRun, Msg::Quit, Msg::Tick(60.0), Msg::Tick(60.0), Msg::Quit] {
        app.update(m);
    }
    assert!(app.quit);
}

#[test]
fn undo_from_another_frame_selects_the_body_it_had() {
    let mut s = starter();
    press(&mut s, &[Msg::NextFrame, Msg::NextFrame, Msg::Delete]); // the floor goes at frame 2
    press(&mut s, &[Msg::NextFrame, Msg::NextFrame]);
    select(&mut s, "crate");
    act(&mut s, Msg::AddCircle); // at frame 4, selects circle1
    press(&mut s, &[Msg::First, Msg::Undo]);
    assert_eq!((s.frame, s.bodies()[s.selected].name.as_str()), (4, "crate"));
}

/// The shot fired with `a` is an action of the frame on screen: the start
/// keeps its velocity, the frame's forces phase sets it (and lists the
/// action), undo takes it back, and saving at that frame writes it as an
/// `[[action]]` of the saved file's frame 0 that runs the same.
#[test]
fn a_shot_can_be_an_action_and_is_saved_as_one() {
    edit_case(&[Msg::Aim, Msg::Click(DVec2::new(0.0, 5.0)), Msg::FireAction], |b, a, _, _| {
        assert_eq!(by_name(a, "ball").motion.velocity, by_name(b, "ball").motion.velocity, "the start is unchanged");
        assert_eq!(a.actions.len(), b.actions.len() + 1);
    });
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "shot.toml");
    select(&mut s, "ball");
    step_to(&mut s, 5);
    let ball = s.bodies().iter().position(|b| b.name == "ball").unwrap();
    let from = s.record().state_after(s.phase + 1)[ball].position;
    press(&mut s, &[Msg::Aim, Msg::Click(DVec2::new(0.0, 5.0)), Msg::FireAction]);
    let aim = DVec2::new(0.0, 5.0) - from;
    // Frame 5's forces phase sets the velocity, then adds gravity's g·dt.
    let forces = &s.session.timeline.frame(5).phases.at(0);
    let after = forces.changes().iter().find(|c| c.body == ball).unwrap().after.velocity;
    assert_eq!(after, aim + DVec2::new(0.0, -9.8) / 60.0);
    let later = s.session.timeline.frame(9).clone();
    let text = s.session.save_text(5, "shot.toml").unwrap();
    assert!(text.contains(&format!("[[action]]\nframe = 0\nbody = \"ball\"\nvelocity = [{:?}, {:?}]", aim.x, aim.y)), "{text}");
    std::fs::write(&path, &text).unwrap();
    let mut saved = Lesson::load(&path).unwrap().world.clone();
    let settings = Lesson::load(&path).unwrap().settings.clone();
    for _ in 0..5 {
        impulse::engine::step(&mut saved, &settings, &mut impulse::engine::NoTrace);
    }
    assert_eq!(saved.states(), later.end, "the saved file runs as the session did, 4 frames on");
}

/// The snooker lesson's own keys: 1 switches the balls' friction 0.2 ↔ 0 from
/// the frame on screen, as an edit that undo takes back; a digit the lesson
/// does not name says so.
#[test]
fn a_lessons_toggle_switches_and_switches_back() {
    let mut s = Stepper::new(impulse::lesson::find("snooker").unwrap());
    let friction = |s: &mut Stepper| {
        let n = s.frame;
        s.session.timeline.start(n).world.bodies.iter().filter(|b| !b.is_static()).map(|b| b.friction).collect::<Vec<_>>()
    };
    step_to(&mut s, 3);
    assert!(friction(&mut s).iter().all(|&mu| mu == 0.2));
    act(&mut s, Msg::Toggle(1));
    assert!(friction(&mut s).iter().all(|&mu| mu == 0.0), "{:?}", s.note_text());
    assert_eq!(s.note_text().as_deref(), Some("friction 0.2 ↔ 0: body.*.friction=0"));
    assert!(s.session.timeline.start(2).world.bodies.iter().all(|b| b.is_static() || b.friction == 0.2), "earlier frames keep theirs");
    act(&mut s, Msg::Toggle(1));
    assert!(friction(&mut s).iter().all(|&mu| mu == 0.2));
    act(&mut s, Msg::Undo);
    assert!(friction(&mut s).iter().all(|&mu| mu == 0.0));
    act(&mut s, Msg::Toggle(7));
    assert_eq!(s.note_text().as_deref(), Some("7: not one of the lesson's keys, listed under its narration"));
}

/// `Y` stacks a box of the selected body's size and material on top of it,
/// a hundredth of its height clear, and selects it: two presses on the
/// starter's 1 × 1 crate (2 kg, e 0.2, μ 0.5, at y = 2) give boxes at
/// y = 3.01 and 4.02. `y` on a box gives a circle as wide as its shorter side.
#[test]
fn y_and_big_y_stack_bodies_like_the_selected_one() {
    let mut s = starter();
    select(&mut s, "crate");
    press(&mut s, &[Msg::AddBox, Msg::AddBox]);
    let (b1, b2) = (by_name_in(&s, "box1"), by_name_in(&s, "box2"));
    assert_eq!((b1.motion.position, b2.motion.position), (DVec2::new(1.5, 3.01), DVec2::new(1.5, 4.02)));
    assert_eq!((b2.body.mass(), b2.body.restitution, b2.body.friction), (2.0, 0.2, 0.5));
    assert_eq!(s.bodies()[s.selected].name, "box2");
    act(&mut s, Msg::AddCircle);
    let c = by_name_in(&s, "circle1");
    assert_eq!(c.body.shape, impulse::geometry::Shape::Circle { radius: 0.5 });
    // 4.02 + 1.01 is 5.029999999999999 in f64; the new body stands at 5.03, as a person would write it.
    assert_eq!(c.motion.position.y, 5.03);
}

/// A row of copies made with Ctrl-D stands at the numbers a person would
/// type, not at the round-off of adding widths: the ball (radius 0.5, at
/// x = −2) copied four times along x, 1.05 apart, saves as −0.95, 0.1, 1.15, 2.2.
#[test]
fn copies_stand_at_round_numbers() {
    let mut s = starter();
    select(&mut s, "ball");
    press(&mut s, &[Msg::Duplicate, Msg::Duplicate, Msg::Duplicate, Msg::Duplicate]);
    let xs: Vec<f64> = ["ball1", "ball2", "ball3", "ball4"].iter().map(|n| by_name_in(&s, n).motion.position.x).collect();
    assert_eq!(xs, [-0.95, 0.1, 1.15, 2.2]);
}

fn by_name_in(s: &Stepper, name: &str) -> BodyDef {
    let i = s.bodies().iter().position(|b| b.name == name).unwrap();
    BodyDef::copy_of((&s.bodies()[i], &s.motions()[i]))
}

/// A shot's speed can be typed: the aim keeps its direction and takes the
/// number (m/s); q still quits and ? still helps, since only digits and the
/// point are typed.
#[test]
fn a_shot_s_speed_can_be_typed() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert_eq!(lookup(key('7'), Scope::Aim), Some(Msg::Input('7')));
    assert_eq!(lookup(key('q'), Scope::Aim), Some(Msg::Quit));
    edit_case(&[Msg::Aim, Msg::Input('2'), Msg::Input('5'), Msg::Accept], |b, a, _, _| {
        let (before, after) = (by_name(b, "ball").motion.velocity, by_name(a, "ball").motion.velocity);
        assert!((after.length() - 25.0).abs() < 1e-12 && (after.normalize() - before.normalize()).length() < 1e-12, "{after}");
    });
}

/// `W` adds a level wall under the selected body; z turns it about its middle
/// (its angle stays 0, its ends move); `e` edits its ends; a body added after
/// it still goes before it, where a file lists bodies; the save reloads to the
/// same world, and Del removes the wall.
#[test]
fn walls_are_added_turned_edited_saved_and_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    select(&mut s, "ball");
    let ball = by_name(&start(&mut s).world, "ball").clone();
    act(&mut s, Msg::AddWall);
    let world = start(&mut s).world;
    let (wall, wall_motion) = world.iter().last().unwrap();
    assert_eq!((wall.name.as_str(), s.selected), ("wall1", world.bodies.len() - 1));
    let r = ball.body.shape.bounding_radius();
    let at = wall_motion.position;
    assert!(at.distance(ball.motion.position - DVec2::new(0.0, r * 1.01)) < 1e-12, "just under the ball: {at}");
    let Shape::Segment { half } = wall.shape else { panic!("{:?}", wall.shape) };
    assert!(half.distance(DVec2::new(4.0 * r, 0.0)) < 1e-12, "{half}");
    assert!(s.note_text().as_deref().unwrap().starts_with("added wall1 from ("), "{:?}", s.note_text());

    act(&mut s, Msg::Rotate(1));
    let turned = by_name(&start(&mut s).world, "wall1").clone();
    let Shape::Segment { half } = turned.body.shape else { panic!() };
    assert_eq!(turned.motion.angle, 0.0);
    // Its ends are cut to 12 significant digits, as a file would show them.
    assert!((half.to_angle() - 5f64.to_radians()).abs() < 1e-11 && (half.length() - 4.0 * r).abs() < 1e-11, "{half}");

    act(&mut s, Msg::EditFields);
    for (field, value) in [(0, "-2"), (1, "-1"), (2, "3"), (3, "-0.5")] {
        while let Mode::Fields(ed) = &s.mode {
            if ed.focus == field {
                break;
            }
            act(&mut s, Msg::FieldNext);
        }
        act(&mut s, Msg::ClearField);
        type_text(&mut s, value);
    }
    act(&mut s, Msg::Accept);
    let edited = by_name(&start(&mut s).world, "wall1").clone();
    assert_eq!((edited.motion.position, edited.body.shape), (DVec2::new(0.5, -0.75), Shape::Segment { half: DVec2::new(2.5, 0.25) }));

    select(&mut s, "ball");
    act(&mut s, Msg::AddCircle);
    let world = start(&mut s).world;
    let names: Vec<_> = world.bodies.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names.last(), Some(&"wall1"), "the new circle goes before the wall: {names:?}");
    assert_eq!(world.bodies[s.selected].name, "circle1");

    act(&mut s, Msg::Save);
    let reloaded = Lesson::load(&path).unwrap();
    assert_eq!(reloaded.world.bodies, start(&mut s).world.bodies);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[[wall]]\nname = \"wall1\"\nfrom = [-2.0, -1.0]\nto = [3.0, -0.5]"), "{text}");

    select(&mut s, "wall1");
    act(&mut s, Msg::Delete);
    assert!(start(&mut s).world.bodies.iter().all(|b| b.name != "wall1"));
}

/// Dobre & Ramtal's and Sedgewick & Wayne's methods move discs and walls only: `Y` says so and adds nothing.
#[test]
fn a_box_is_refused_where_the_method_takes_discs_only() {
    for method in ["reposition", "event-driven"] {
        let source =
            format!("[solver]\nmethod = \"{method}\"\n\n[[body]]\nname = \"ball\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\n");
        let mut s = Stepper::new(Lesson::parse("scene.toml", &source).unwrap());
        act(&mut s, Msg::AddBox);
        assert_eq!(s.note_text().as_deref(), Some(format!("method = \"{method}\" moves discs and walls only: no box").as_str()));
        assert_eq!(start(&mut s).world.bodies.len(), 1);
        act(&mut s, Msg::AddCircle);
        assert_eq!(start(&mut s).world.bodies.len(), 2, "a circle is fine");
    }
}

fn note(s: &Stepper) -> String {
    s.note_text().unwrap_or_default()
}

/// `E` asks for a name, with the old one to edit; Enter renames from the
/// frame on screen, one undo step.
#[test]
fn rename_asks_for_a_name_and_undoes_in_one_step() {
    let mut s = starter();
    select(&mut s, "ball");
    act(&mut s, Msg::Rename);
    let Mode::Prompt(p) = &s.mode else { panic!("E opens a prompt") };
    assert_eq!(p.text, "ball");
    press(&mut s, &[Msg::ClearField]);
    type_text(&mut s, " cue ");
    act(&mut s, Msg::Accept);
    assert_eq!(s.mode, Mode::Step);
    assert_eq!(note(&s), "renamed ball to cue");
    assert_eq!(s.bodies()[s.selected].name, "cue");
    assert_eq!(s.edits(), 1);
    act(&mut s, Msg::Undo);
    assert_eq!(s.bodies()[s.selected].name, "ball");
    act(&mut s, Msg::Redo);
    assert_eq!(s.bodies()[s.selected].name, "cue");
}

/// A name a file could not hold is refused with the file's words, and the
/// prompt stays open to fix it; Esc changes nothing.
#[test]
fn rename_refuses_a_taken_or_empty_name() {
    let mut s = starter();
    select(&mut s, "ball");
    press(&mut s, &[Msg::Rename, Msg::ClearField]);
    type_text(&mut s, "crate");
    act(&mut s, Msg::Accept);
    assert!(matches!(s.mode, Mode::Prompt(_)));
    assert_eq!(note(&s), "two bodies are named \"crate\": give each body and wall its own name");
    press(&mut s, &[Msg::ClearField, Msg::Input(' '), Msg::Accept]);
    assert!(note(&s).starts_with("a body's name cannot be empty"), "{}", note(&s));
    act(&mut s, Msg::Cancel);
    assert_eq!((s.mode.clone(), s.edits()), (Mode::Step, 0));
    assert_eq!(s.bodies()[s.selected].name, "ball");
}

/// The new name is what Ctrl-S writes; a breakpoint on the body keeps
/// stopping on it, and the note says so.
#[test]
fn a_renamed_body_is_saved_under_its_new_name_and_keeps_its_breakpoints() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    act(&mut s, Msg::AddBreak);
    type_text(&mut s, "contact ball floor");
    act(&mut s, Msg::Accept);
    select(&mut s, "ball");
    press(&mut s, &[Msg::Rename, Msg::ClearField]);
    type_text(&mut s, "cue");
    act(&mut s, Msg::Accept);
    assert_eq!(note(&s), "renamed ball to cue (breakpoints that name ball still stop on it)");
    act(&mut s, Msg::NextMatch);
    assert!(note(&s).starts_with("breakpoint 1 at frame"), "{}", note(&s));
    act(&mut s, Msg::First);
    act(&mut s, Msg::Save);
    let reloaded = Lesson::load(&path).unwrap();
    let names: Vec<_> = reloaded.world.bodies.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["floor", "cue", "crate"]);
    assert!(!s.dirty());
}

/// Ctrl-D copies the selected body beside it (all of it but the name and the
/// place), selects the copy, and undo takes it away in one step.
#[test]
fn duplicate_puts_a_copy_beside_the_body_and_selects_it() {
    let mut s = starter();
    select(&mut s, "crate");
    let crate_ = by_name(&start(&mut s).world, "crate").clone();
    act(&mut s, Msg::Duplicate);
    assert_eq!(note(&s), "duplicated crate as crate1");
    let world = start(&mut s).world;
    let copy = by_name(&world, "crate1").clone();
    assert_eq!(s.bodies()[s.selected].name, "crate1");
    let mut same = copy.clone();
    (same.body.name, same.motion.position) = (crate_.body.name.clone(), crate_.motion.position);
    assert_eq!(same, crate_, "shape, mass, material, velocity, angle and spin are the crate's");
    assert_eq!(copy.motion.position.y, crate_.motion.position.y);
    assert!(copy.motion.position.x > crate_.motion.position.x + 1.0, "beside it, by more than its width: {}", copy.motion.position);
    for (b, m) in world.iter().filter(|(b, _)| b.name != "crate1") {
        let hit = impulse::geometry::collide(&b.shape, m.pose(), &copy.body.shape, copy.motion.pose(), None);
        assert!(hit.info.is_none(), "the copy touches {}", b.name);
    }
    // Again: the next name, and a place clear of both.
    act(&mut s, Msg::Duplicate);
    assert_eq!(note(&s), "duplicated crate1 as crate2");
    assert_eq!(s.edits(), 2);
    press(&mut s, &[Msg::Undo, Msg::Undo]);
    assert_eq!(s.bodies().len(), 3);
    assert_eq!(s.bodies()[s.selected].name, "crate");
}

/// A wall is copied too, and stays among the walls, last.
#[test]
fn duplicate_copies_a_wall() {
    let mut s = starter();
    select(&mut s, "ball");
    act(&mut s, Msg::AddWall);
    act(&mut s, Msg::Duplicate);
    assert_eq!(note(&s), "duplicated wall1 as wall2");
    let names: Vec<_> = s.bodies().iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["floor", "ball", "crate", "wall1", "wall2"]);
}

/// Shift with w a s d moves ten of the steps the small keys move.
#[test]
fn shift_moves_ten_steps() {
    let mut s = starter();
    select(&mut s, "ball");
    let x = |s: &mut Stepper| by_name(&start(s).world, "ball").motion.position.x;
    let was = x(&mut s);
    act(&mut s, Msg::Move(1, 0));
    let fine = x(&mut s) - was;
    act(&mut s, Msg::Move(10, 0));
    let coarse = x(&mut s) - was - fine;
    assert!((coarse - 10.0 * fine).abs() < 1e-12, "{fine} {coarse}");
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    let key = |c| lookup(KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT), Scope::Stepper);
    assert_eq!(
        [key('W'), key('A'), key('S'), key('D')],
        [Some(Msg::Move(0, 10)), Some(Msg::Move(-10, 0)), Some(Msg::Move(0, -10)), Some(Msg::Move(10, 0))]
    );
}

/// A held move key is one undo step: moves of one body at one frame, one
/// after another in any direction, grow one edit; turns grow their own.
/// Any other key, another body or frame, or the keyboard resting (the shell
/// sends `Idle` before a key that comes after a second's rest) starts anew.
#[test]
fn a_held_move_is_one_undo_step() {
    let mut s = starter();
    select(&mut s, "ball");
    let at = |s: &mut Stepper| by_name(&start(s).world, "ball").clone();
    let was = at(&mut s);
    press(&mut s, &[Msg::Move(1, 0); 5]);
    press(&mut s, &[Msg::Move(-1, 0), Msg::Move(0, 10)]);
    assert_eq!(s.edits(), 1);
    assert!(note(&s).starts_with("moved ball to"), "{}", note(&s));
    act(&mut s, Msg::Undo);
    assert_eq!(at(&mut s), was);
    assert_eq!(s.edits(), 0);
    act(&mut s, Msg::Redo);
    assert_eq!(at(&mut s).motion.position, was.motion.position + DVec2::new(0.4, 1.0));
    // Undo and redo were keys: the next move is an edit of its own.
    press(&mut s, &[Msg::Move(1, 0), Msg::Rotate(1), Msg::Rotate(1), Msg::Rotate(-1), Msg::Move(1, 0)]);
    assert_eq!(s.edits(), 4);
    press(&mut s, &[Msg::Idle, Msg::Move(1, 0), Msg::ToggleBounds, Msg::Move(1, 0), Msg::NextFrame, Msg::Move(1, 0)]);
    assert_eq!(s.edits(), 7);
    select(&mut s, "crate");
    act(&mut s, Msg::Move(1, 0));
    assert_eq!(s.edits(), 8);
}

/// Saving ends a held move: the moves after it are an edit the file lacks.
#[test]
fn saving_ends_a_held_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, _path) = starter_file(dir.path(), "scene.toml");
    select(&mut s, "ball");
    press(&mut s, &[Msg::Move(1, 0), Msg::Save]);
    assert!(!s.dirty());
    press(&mut s, &[Msg::Move(1, 0), Msg::Move(1, 0)]);
    assert!(s.dirty());
    assert_eq!(s.edits(), 2);
}

/// Backspace is bound to nothing when stepping, so it deletes nothing; Del
/// deletes at once in a scene of one's own, and in a lesson only when pressed
/// again (any other key between keeps the body).
#[test]
fn backspace_deletes_nothing_and_del_asks_in_a_lesson() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    assert_eq!(lookup(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE), Scope::Stepper), None);
    assert_eq!(lookup(KeyEvent::new(KeyCode::Delete, KeyModifiers::NONE), Scope::Stepper), Some(Msg::Delete));

    let mut scene = starter();
    select(&mut scene, "ball");
    act(&mut scene, Msg::Delete);
    assert_eq!(note(&scene), "deleted ball");

    let mut lesson = Stepper::new(impulse::lesson::find("rough-balls").unwrap());
    let bodies = lesson.bodies().len();
    act(&mut lesson, Msg::Delete);
    assert_eq!(note(&lesson), "Del again deletes m1 from this lesson (u undoes it); any other key keeps it");
    assert_eq!(lesson.bodies().len(), bodies);
    press(&mut lesson, &[Msg::SelectNext, Msg::Delete]);
    assert_eq!(lesson.bodies().len(), bodies, "a key between keeps the body; the next Del asks again");
    act(&mut lesson, Msg::Delete);
    assert_eq!((lesson.bodies().len(), lesson.edits()), (bodies - 1, 1));
}

/// The field editor takes angles in degrees, as z and x turn them; the file
/// keeps radians. The starter's crate (0.3 rad) shows 17.1887°; typing 45
/// saves π/4.
#[test]
fn angles_are_typed_in_degrees_and_saved_in_radians() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "scene.toml");
    select(&mut s, "crate");
    act(&mut s, Msg::EditFields);
    let angle_field = |s: &Stepper| {
        let Mode::Fields(ed) = &s.mode else { panic!("the editor is open") };
        let i = ed.fields.iter().position(|f| f.label.contains('°')).expect("an angle field in degrees");
        (i, ed.focus, ed.fields[i].text.to_string())
    };
    let (i, _, shown) = angle_field(&s);
    assert_eq!(shown, "17.1887", "0.3 rad is 17.1887°");
    while angle_field(&s).1 != i {
        act(&mut s, Msg::FieldNext);
    }
    act(&mut s, Msg::ClearField);
    type_text(&mut s, "45");
    press(&mut s, &[Msg::Accept, Msg::Save]);
    let saved = Lesson::load(&path).unwrap();
    assert_eq!(by_name(&saved.world, "crate").motion.angle, std::f64::consts::FRAC_PI_4);
    assert!(std::fs::read_to_string(&path).unwrap().contains("angle = 0.7853981633974483"));
}

/// The starter with comments of its author's on the ball's block: one above
/// it and one on its name.
fn commented() -> String {
    let with = STARTER.replace("[[body]]\nname = \"ball\"\n", "# the cue ball\n[[body]]\nname = \"ball\"        # white\n");
    assert_ne!(with, STARTER);
    with
}

/// `commented()` opened from a file in `dir`.
fn commented_file(dir: &Path) -> (Stepper, std::path::PathBuf) {
    let path = dir.join("scene.toml");
    std::fs::write(&path, commented()).unwrap();
    (Stepper::new(Lesson::load(&path).unwrap()), path)
}

fn rename(s: &mut Stepper, from: &str, to: &str) {
    select(s, from);
    press(s, &[Msg::Rename, Msg::ClearField]);
    type_text(s, to);
    act(s, Msg::Accept);
    assert_eq!(note(s), format!("renamed {from} to {to}"));
}

/// The names of the bodies the file at `path` reads back with.
fn names_in(path: &Path) -> Vec<String> {
    Lesson::load(path).unwrap().world.bodies.iter().map(|b| b.name.clone()).collect()
}

/// Renamed and saved, the file differs from what was opened in the name's
/// value alone: the block, its comments (above it and on the name), its keys'
/// order and layout all stay.
#[test]
fn a_renamed_body_saves_as_its_own_block_with_only_the_name_changed() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = commented_file(dir.path());
    rename(&mut s, "ball", "cue");
    act(&mut s, Msg::Save);
    assert!(note(&s).starts_with("saved"), "{}", note(&s));
    let expected = commented().replace("name = \"ball\"        # white\n", "name = \"cue\"         # white\n");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
    assert_eq!(names_in(&path), ["floor", "cue", "crate"]);
}

/// Renamed twice, the second undone: the block the file had takes the name
/// on screen. Saved again after more renames, the same block is found by the
/// body, not by the name it was saved under.
#[test]
fn rename_rename_undo_save_keeps_the_block() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = commented_file(dir.path());
    rename(&mut s, "ball", "cue");
    rename(&mut s, "cue", "white");
    act(&mut s, Msg::Undo);
    act(&mut s, Msg::Save);
    let cue = commented().replace("name = \"ball\"        # white\n", "name = \"cue\"         # white\n");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), cue);
    // Redo (the file now holds "cue"), and swap with the crate's name.
    act(&mut s, Msg::Redo);
    rename(&mut s, "crate", "box");
    rename(&mut s, "white", "crate");
    act(&mut s, Msg::Save);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# the cue ball\n[[body]]\nname = \"crate\"       # white\nshape = \"circle\""), "{text}");
    assert!(text.contains("name = \"box\"\nshape = \"box\"\nsize = [1.0, 1.0]\nmass = 2.0                  # the inertia is"), "{text}");
    assert_eq!(names_in(&path), ["floor", "crate", "box"]);
}

/// Rename, duplicate, delete: the renamed body keeps its block, the deleted
/// one's block goes with its comments, and the copy is a new block after the
/// last body's (where the world has it: the file's order is the order the
/// step visits the pairs in).
#[test]
fn rename_duplicate_delete_save() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = commented_file(dir.path());
    rename(&mut s, "ball", "cue");
    select(&mut s, "crate");
    act(&mut s, Msg::Duplicate);
    select(&mut s, "crate");
    act(&mut s, Msg::Delete);
    act(&mut s, Msg::Save);
    assert!(note(&s).starts_with("saved"), "{}", note(&s));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("size = [12.0, 1.0]          # width and height, metres"), "the floor's comments stay: {text}");
    assert!(text.contains("# the cue ball\n[[body]]\nname = \"cue\"         # white\n"), "{text}");
    assert!(!text.contains("0.3                 # radians"), "the crate's comments went with it: {text}");
    let copy = text.rfind("[[body]]").unwrap();
    assert!(text[copy..].starts_with("[[body]]\nname = \"crate1\"\n"), "{text}");
    assert_eq!(names_in(&path), ["floor", "cue", "crate1"]);
    assert_eq!(Lesson::load(&path).unwrap().world.bodies, start(&mut s).world.bodies);
}

/// A body renamed then deleted takes its block with it; a body given the
/// name of a deleted one keeps its own block and comments.
#[test]
fn a_rename_to_a_deleted_body_s_name_keeps_the_renamed_body_s_block() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = commented_file(dir.path());
    select(&mut s, "crate");
    act(&mut s, Msg::Delete);
    rename(&mut s, "ball", "crate");
    act(&mut s, Msg::Save);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("# the cue ball\n[[body]]\nname = \"crate\"       # white\nshape = \"circle\""), "{text}");
    assert!(!text.contains("0.3                 # radians"), "{text}");
    rename(&mut s, "crate", "gone");
    act(&mut s, Msg::Delete);
    act(&mut s, Msg::Save);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("the cue ball") && !text.contains("gone"), "{text}");
    assert_eq!(names_in(&path), ["floor"]);
}

/// A lesson saved under a new name: its steps, checks and questions name the
/// renamed body by its new name (they meant that body), so the lesson checks
/// clean; its narration's words are left as written.
#[test]
fn a_lesson_saved_under_a_new_name_follows_a_renamed_body() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Stepper::new(impulse::lesson::find("rough-balls").unwrap());
    rename(&mut s, "m1", "cue");
    let fresh = dir.path().join("mine.toml");
    act(&mut s, Msg::Save);
    act(&mut s, Msg::ClearField);
    type_text(&mut s, &fresh.display().to_string());
    act(&mut s, Msg::Accept);
    assert!(note(&s).starts_with("saved"), "{}", note(&s));
    let text = std::fs::read_to_string(&fresh).unwrap();
    assert!(!text.contains("\"m1\"") && !text.contains("pair = [\"m1\""), "{text}");
    assert!(text.contains("pair = [\"cue\", \"m2\"]") && text.contains("body = \"cue\""), "{text}");
    assert!(text.contains("answer = \"cue.angular_velocity\""), "{text}");
    assert!(text.contains("m1's spin slowing"), "the words stay: {text}");
    let back = Lesson::load(&fresh).unwrap();
    impulse::lesson::validate(&back).unwrap();
    let outcomes = impulse::lesson::run_checks(&back).unwrap();
    assert!(outcomes.iter().all(|o| o.passed), "the checks still hold");
    assert!(outcomes.iter().any(|o| o.what.contains("cue")), "a check names the body by its new name");
}

/// The wall `_` adds, as saved and reloaded: the note says the save was made,
/// and the file gives back the world on screen bit for bit.
/// At a later frame, the frame is written as a new scene (Ctrl-E), over the
/// file when asked.
fn saves_and_reloads(s: &mut Stepper, path: &Path) -> String {
    let frame = s.frame;
    if frame == 0 {
        act(s, Msg::Save);
        assert_eq!(s.note_text().as_deref(), Some(format!("saved the scene as built (frame 0) to {}", path.display()).as_str()));
    } else {
        press(s, &[Msg::SaveFrame, Msg::ClearField]);
        type_text(s, &path.display().to_string());
        press(s, &[Msg::Accept, Msg::Yes]);
        assert!(note(s).starts_with(&format!("wrote frame {frame} as a new scene to {}", path.display())), "{}", note(s));
    }
    assert_eq!(Lesson::load(path).unwrap().world.bodies, start(s).world.bodies);
    std::fs::read_to_string(path).unwrap()
}

/// Each coordinate of a `from` or `to` line of the file, as written.
fn wall_numbers(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("from = [") || l.starts_with("to = ["))
        .flat_map(|l| l[l.find('[').unwrap() + 1..l.find(']').unwrap()].split(", ").map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// A user's test: a wall added under the crate (its ends 4·√2·… from its
/// middle, sums that round) was refused by Ctrl-S, as its middle and half
/// would not come back from the ends the file was given. A wall an edit makes
/// is built from ends cut to 12 digits, as a file's is, and saves.
#[test]
fn a_wall_added_under_the_crate_saves_and_reloads_equal() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "m.toml");
    select(&mut s, "crate");
    act(&mut s, Msg::AddWall);
    assert!(note(&s).starts_with("added wall1 from (−1.32843, 1.28582) to (4.32843, 1.28582)"), "{}", note(&s));
    let text = saves_and_reloads(&mut s, &path);
    // One end typed in the field editor, the others as the editor shows them.
    act(&mut s, Msg::EditFields);
    while let Mode::Fields(ed) = &s.mode {
        if ed.fields[ed.focus].label == "to x (m)" {
            break;
        }
        act(&mut s, Msg::FieldNext);
    }
    press(&mut s, &[Msg::ClearField, Msg::Input('5'), Msg::Accept]);
    assert_eq!(WallEntry::from_body(by_name(&start(&mut s).world, "wall1").parts()).unwrap().to[0], 5.0);
    saves_and_reloads(&mut s, &path);
    let numbers = wall_numbers(&text);
    assert_eq!(numbers.len(), 4, "{text}");
    for n in numbers {
        let digits = n.trim_start_matches('-').replace('.', "");
        assert!(digits.trim_start_matches('0').len() <= 12, "short numbers in the file: {n}\n{text}");
    }
}

/// The same at frame 10, under the ball moved a step, and for the wall moved
/// in small and large steps after it.
#[test]
fn a_wall_added_and_moved_at_frame_10_saves() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "m.toml");
    select(&mut s, "ball");
    step_to(&mut s, 10);
    press(&mut s, &[Msg::Move(1, 0), Msg::AddWall]);
    assert!(note(&s).starts_with("added wall1 from (−3.7, 2.34528) to (0.3, 2.34528)"), "{}", note(&s));
    saves_and_reloads(&mut s, &path);
    press(&mut s, &[Msg::Move(1, 0), Msg::Move(0, -1), Msg::Move(-10, 0), Msg::Move(0, 10)]);
    assert!(s.dirty());
    saves_and_reloads(&mut s, &path);
}

/// A copy of a wall, turned 5° a press either way, saves; so do the first
/// wall turned, and a wall under a wall.
#[test]
fn a_duplicated_and_turned_wall_saves() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "m.toml");
    select(&mut s, "ball");
    step_to(&mut s, 10);
    press(&mut s, &[Msg::Move(1, 0), Msg::AddWall, Msg::Duplicate, Msg::Rotate(1)]);
    assert_eq!(s.bodies()[s.selected].name, "wall2");
    saves_and_reloads(&mut s, &path);
    press(&mut s, &[Msg::Rotate(-1), Msg::Rotate(-1), Msg::Rotate(-1)]);
    select(&mut s, "wall1");
    press(&mut s, &[Msg::Rotate(1), Msg::AddWall, Msg::Duplicate, Msg::Move(0, 1)]);
    saves_and_reloads(&mut s, &path);
}

/// A wall no file can give (its half, 0.001 m, is no half of a difference of
/// two numbers near 100,000 m, which step by 1.5e-11 m), put in by code
/// rather than a key, is refused, and the note names it and says what would
/// move and by how much.
#[test]
fn a_wall_that_would_not_read_back_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (mut s, path) = starter_file(dir.path(), "m.toml");
    let odd = BodyDef::fixed("odd", Shape::Segment { half: DVec2::new(0.001, 0.0) }).at(DVec2::new(1e5, 0.0));
    let n = s.frame;
    let mut selected = s.selected;
    s.session.edit(n, &mut selected, |start, _, _| Ok(format!("added wall {}", start.world.push_body(odd)))).unwrap();
    act(&mut s, Msg::Save);
    assert_eq!(note(&s), "not saved: odd's half would read back 3.84171e−12 m apart from the scene's");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "nothing was written");
}

/// The editing keys' notes speak the screen's language: in Chinese a move,
/// a kick and a refused change read in Chinese, with the file's names kept.
#[test]
fn edit_notes_in_chinese() {
    let mut s = starter();
    s.lang = impulse::lesson::Lang::Zh;
    select(&mut s, "ball");
    act(&mut s, Msg::Move(1, 0));
    assert_eq!(note(&s), "把 ball 移到 (−1.9, 3)");
    act(&mut s, Msg::Kick);
    assert_eq!(note(&s), "踢了 2 个物体");
    act(&mut s, Msg::ToggleMotion);
    assert_eq!(note(&s), "运动：关");
}

#[test]
fn a_key_that_does_nothing_says_so_and_play_goes_on() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert_eq!(lookup(key('%'), Scope::Stepper), Some(Msg::Unbound('%')));
    assert_eq!(lookup(key('%'), Scope::Menu), Some(Msg::Unbound('%')));
    // Where text is typed, it is typed.
    assert_eq!(lookup(key('%'), Scope::Fields), Some(Msg::Input('%')));
    let mut s = starter();
    act(&mut s, Msg::ToggleRun);
    act(&mut s, Msg::Tick(60.0));
    assert!(s.running);
    act(&mut s, Msg::Unbound('%'));
    assert!(s.running, "an unbound key does not stop play");
    assert_eq!(s.note_text().as_deref(), Some("% is not a key here · ? lists the keys"));
    act(&mut s, Msg::Tick(60.0));
    assert!(s.running);
}

/// `]` in the field editor makes the grid coarser for `w a s d` (0.1 → 0.2 m
/// in the starter's view); on the angle it makes the turn step larger (5° → 10°).
#[test]
fn the_grid_and_turn_steps_change_in_the_editor() {
    let mut s = starter();
    select(&mut s, "ball");
    press(&mut s, &[Msg::EditFields, Msg::StepSize(1), Msg::Cancel, Msg::Move(1, 0)]);
    assert_eq!(by_name(&start(&mut s).world, "ball").motion.position.x, -1.8);
    act(&mut s, Msg::EditFields);
    while let Mode::Fields(ed) = &s.mode {
        if ed.focused_key() == "angle" {
            break;
        }
        act(&mut s, Msg::FieldNext);
    }
    act(&mut s, Msg::StepSize(1));
    assert_eq!(note(&s), "turn step 10°: z, x and the aim's ← → turn by it");
    press(&mut s, &[Msg::Cancel, Msg::Rotate(1)]);
    assert_eq!(by_name(&start(&mut s).world, "ball").motion.angle, std::f64::consts::PI / 18.0);
}

/// A field opens selected whole: what is typed replaces it (the mass, 1 → 2,
/// with no Backspace); → leaves the selection at the end, to edit the text.
#[test]
fn typing_replaces_a_field_and_an_arrow_edits_it() {
    use impulse::session::line::LineKey;
    let mut s = starter();
    select(&mut s, "ball");
    let e = by_name(&start(&mut s).world, "ball").body.restitution;
    act(&mut s, Msg::EditFields);
    type_text(&mut s, "2");
    press(&mut s, &[Msg::FieldNext, Msg::Line(LineKey::Right)]);
    type_text(&mut s, "5");
    act(&mut s, Msg::Accept);
    let ball = by_name(&start(&mut s).world, "ball").clone();
    assert_eq!(ball.body.mass(), 2.0);
    assert_eq!(ball.body.restitution, format!("{e}5").parse::<f64>().unwrap(), "{e} then 5");
}
