//! Saving never loses the user's text (issue 17, failures 4 and 5): a file
//! toml_edit cannot keep is refused, a lesson the edit would break is refused,
//! a read-only file is asked about, and the temporary file cannot be hijacked.

use impulse::lesson::Lesson;
use impulse::scene::STARTER;
use impulse::scene::save::{to_toml, write_atomic, write_new};
use impulse::tui::app::{Mode, Stepper};
use impulse::tui::{Check, Concern, Effect, Msg, Outcome, perform};
use std::path::Path;

use crate::common;
use common::act;

fn open(path: &Path) -> Stepper {
    Stepper::new(Lesson::load(path).unwrap())
}

fn select(s: &mut Stepper, name: &str) {
    while s.bodies()[s.selected].name != name {
        act(s, Msg::SelectNext);
    }
}

#[test]
fn a_file_toml_edit_cannot_read_is_refused_not_emptied() {
    // An integer between i64::MAX and u64::MAX: toml_edit cannot hold it, and
    // the save once wrote the world into an empty document instead.
    let scene = Lesson::parse("starter.toml", STARTER).unwrap();
    let source = format!("{STARTER}\n# the count\n[extra]\nn = 18446744073709551615\n");
    let filed: Vec<Option<&str>> = scene.world.bodies.iter().map(|b| Some(b.name.as_str())).collect();
    let why = to_toml(&source, &scene.world, &scene.settings, &filed).unwrap_err();
    let line = source.lines().position(|l| l.starts_with("n = ")).unwrap() + 1;
    assert!(why.contains(&format!("line {line}, column 5")), "{why}");
}

/// The starter as a lesson whose step and check name the crate.
fn lesson_naming_the_crate() -> String {
    format!(
        "{STARTER}\n[lesson]\nid = \"mine\"\ntitle = \"Mine\"\norder = 1\nsummary = \"s\"\n\n\
         [[step]]\nkind = \"forces\"\ntitle = \"t\"\ntext = \"the crate\"\n\n\
         [[check]]\nkind = \"integrate\"\nbody = \"crate\"\nfield = \"angle\"\nexpected = 0.0\ntolerance = 1.0\n"
    )
}

#[test]
fn deleting_a_body_a_check_names_is_refused_and_the_file_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.toml");
    let source = lesson_naming_the_crate();
    std::fs::write(&path, &source).unwrap();
    let mut s = open(&path);
    select(&mut s, "crate");
    // In a lesson Del asks once, then deletes.
    act(&mut s, Msg::Delete);
    assert!(s.note_text().as_deref().is_some_and(|n| n.starts_with("Del again deletes crate")), "{:?}", s.note_text());
    assert_eq!(s.bodies().len(), 3, "nothing deleted yet");
    act(&mut s, Msg::Delete);
    act(&mut s, Msg::Save);
    let note = s.note_text().unwrap();
    assert!(note.starts_with("not saved: the lesson would break at line"), "{note}");
    assert!(note.contains("no body is named \"crate\""), "{note}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), source, "the file is untouched");
    // Deleting a body nothing names saves.
    act(&mut s, Msg::Undo);
    select(&mut s, "ball");
    act(&mut s, Msg::Delete);
    act(&mut s, Msg::Save);
    assert!(s.note_text().as_deref().unwrap().starts_with("saved"), "{:?}", s.note_text());
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_asked_about_then_written_keeping_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ro.toml");
    std::fs::write(&path, STARTER).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let effect = Effect::Write { path: path.clone(), text: "x".into(), check: Check::Unchanged(STARTER.into()) };
    assert_eq!(perform(&effect), Outcome::Ask(path.clone(), vec![Concern::ReadOnly]));
    let mut s = open(&path);
    act(&mut s, Msg::Kick);
    act(&mut s, Msg::Save);
    assert!(matches!(s.mode, Mode::Overwrite(_)), "{:?}", s.mode);
    assert!(s.note_text().as_deref().unwrap().contains("read-only"), "{:?}", s.note_text());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "nothing written before the answer");
    act(&mut s, Msg::Yes);
    assert_ne!(std::fs::read_to_string(&path).unwrap(), STARTER);
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o444);
}

#[cfg(unix)]
#[test]
fn a_planted_link_at_the_old_temporary_name_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let path = dir.path().join("s.toml");
    std::fs::write(&path, STARTER).unwrap();
    // The name the save once used, predictable from the file name and the pid.
    let planted = dir.path().join(format!(".s.toml.impulse-{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    write_atomic(&path, "saved\n").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "saved\n");
    assert!(std::fs::symlink_metadata(&planted).unwrap().file_type().is_symlink());
}

#[test]
fn a_new_file_is_written_whole_and_never_over_another() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.toml");
    write_new(&path, STARTER).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER);
    let again = write_new(&path, "other\n").unwrap_err();
    assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "no temporary file is left: {left:?}");
}

#[test]
fn quitting_while_playing_with_unsaved_edits_keeps_the_warning_on_screen() {
    use impulse::tui::App;
    use impulse::tui::app::Screen;
    let mut app = App::stepper(Lesson::parse("starter.toml", STARTER).unwrap(), Vec::new(), false);
    for msg in [Msg::Kick, Msg::ToggleRun, Msg::Quit, Msg::Tick(5.0), Msg::Tick(5.0)] {
        app.update(msg);
    }
    let Screen::Stepper(s) = &app.screen else { panic!("the stepper is open") };
    assert!(s.note_text().as_deref().is_some_and(|n| n.starts_with("unsaved edits")), "{:?}", s.note_text());
    assert!(!app.quit);
    app.update(Msg::Quit);
    assert!(app.quit, "a second q leaves");
}

/// The starter saved by another editor: a byte-order mark, and Windows line
/// ends on its first twenty lines only.
fn bom_and_mixed_ends() -> String {
    let mut text = String::from("\u{feff}");
    for (k, line) in STARTER.lines().enumerate() {
        text.push_str(line);
        text.push_str(if k < 20 { "\r\n" } else { "\n" });
    }
    text
}

/// Each line's text and its end (`\r\n`, `\n` or none).
fn ends(text: &str) -> Vec<(&str, &str)> {
    text.split_inclusive('\n')
        .map(|l| {
            let bare = l.trim_end_matches(['\r', '\n']);
            (bare, &l[bare.len()..])
        })
        .collect()
}

#[test]
fn a_saved_file_keeps_its_byte_order_mark_and_each_lines_own_end() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.toml");
    let source = bom_and_mixed_ends();
    std::fs::write(&path, &source).unwrap();
    let mut s = open(&path);
    act(&mut s, Msg::Kick);
    act(&mut s, Msg::Save);
    assert!(s.note_text().as_deref().unwrap().starts_with("saved"), "{:?}", s.note_text());
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_ne!(saved, source, "the kick was saved");
    assert!(saved.starts_with('\u{feff}') && !saved[3..].starts_with('\u{feff}'), "one byte-order mark, at the start");
    let (before, after) = (ends(&source[3..]), ends(&saved[3..]));
    // Every line the save kept keeps its own end; the file stays mixed.
    let mut kept = 0;
    for (line, end) in &after {
        if let Some((_, was)) = before.iter().find(|(l, _)| l == line).filter(|_| before.iter().filter(|(l, _)| l == line).count() == 1) {
            assert_eq!(end, was, "line {line:?}");
            kept += 1;
        }
    }
    assert!(kept > 30, "only {kept} lines compared");
    assert_eq!(after.iter().filter(|(_, e)| *e == "\r\n").count(), 20, "{saved:?}");
    assert!(Lesson::load(&path).is_ok());
}

#[test]
fn a_file_deleted_while_open_is_said_to_be_made_anew_before_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gone.toml");
    std::fs::write(&path, STARTER).unwrap();
    let mut s = open(&path);
    act(&mut s, Msg::Kick);
    std::fs::remove_file(&path).unwrap();
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::Overwrite(path.clone()));
    assert_eq!(s.note_text().as_deref(), Some(format!("{} was deleted since it was opened: y writes it anew", path.display()).as_str()));
    assert!(!path.exists(), "nothing written before the answer");
    act(&mut s, Msg::Yes);
    assert!(Lesson::load(&path).is_ok());
}

#[cfg(unix)]
#[test]
fn a_hard_link_is_said_to_be_split_before_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.toml");
    let other = dir.path().join("two.toml");
    std::fs::write(&path, STARTER).unwrap();
    std::fs::hard_link(&path, &other).unwrap();
    let mut s = open(&path);
    act(&mut s, Msg::Kick);
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::Overwrite(path.clone()));
    let note = s.note_text().unwrap();
    assert!(note.contains("has another name (a hard link): y gives it a file of its own, and the other name keeps the old text"), "{note}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), STARTER, "nothing written before the answer");
    act(&mut s, Msg::Yes);
    assert_ne!(std::fs::read_to_string(&path).unwrap(), STARTER);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), STARTER, "the other name keeps the old text, as said");
}

#[cfg(unix)]
#[test]
fn a_file_replaced_by_a_link_while_open_names_the_links_target_before_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.toml");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&path, STARTER).unwrap();
    std::fs::write(&victim, "precious\n").unwrap();
    let mut s = open(&path);
    act(&mut s, Msg::Kick);
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink(&victim, &path).unwrap();
    act(&mut s, Msg::Save);
    assert_eq!(s.mode, Mode::Overwrite(path.clone()));
    let target = std::fs::canonicalize(&victim).unwrap();
    let note = s.note_text().unwrap();
    assert!(
        note.starts_with(&format!("{} is now a link: y writes into {}; it changed on disk", path.display(), target.display())),
        "{note}"
    );
    act(&mut s, Msg::No);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
}
