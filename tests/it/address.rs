//! A phase's address on the command line (`run --at`, the errors of `--at`),
//! `run --save-frame`, and `scene ID` naming the lesson: the binary as a user runs it.

use impulse::lesson::Lesson;
use std::process::{Command, Output};

fn impulse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The rough-balls article's resolve, by its address: the derivation with its
/// worked numbers (vrn = 3 m/s, In = −7.2 N·s).
#[test]
fn run_at_prints_the_phase_the_address_names() {
    let out = impulse(&["run", "rough-balls", "--at", "0:resolve:1:m1-m2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("at: 0:resolve:1:m1-m2 · phase 5/48 · resolve · pass 1 · m1–m2\n"), "{shown}");
    assert!(shown.contains("= 3 m/s") && shown.contains("−7.2"), "{shown}");
}

#[test]
fn an_address_that_names_no_phase_is_exit_2_with_the_nearest() {
    let out = impulse(&["run", "rough-balls", "--at", "0:resolve:20:m1-m2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr).trim_end(),
        "--at 0:resolve:20:m1-m2: error: frame 0 has no phase 0:resolve:20:m1-m2; the nearest there are: \
         0:resolve:15:m1-m2, 0:resolve:14:m1-m2, 0:resolve:13:m1-m2, 0:resolve:12:m1-m2, 0:resolve:11:m1-m2"
    );
    // The same for the debugger, before it asks for a terminal.
    for open in [&["lesson", "rough-balls"][..], &["scene", "lessons/rough-balls.toml"]] {
        let out = impulse(&[open, &["--at", "0:resolve:20:m1-m2"]].concat());
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains("frame 0 has no phase 0:resolve:20:m1-m2; the nearest there are: 0:resolve:15:m1-m2"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = impulse(&["run", "rough-balls", "--at", "0:resolv"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no phase kind is called \"resolv\"; the kinds are forces, broad"), "{}", text(&out.stderr));
}

#[test]
fn scene_given_a_lesson_id_names_the_lesson_command() {
    let out = impulse(&["scene", "rough-balls"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("rough-balls: error: no such file, but a lesson has this id: open it with `impulse lesson rough-balls`"),
        "{}",
        text(&out.stderr)
    );
}

/// `--save-frame`: the bodies after 30 frames of the starter, as a new scene
/// that reads back to them (round-off of zero written as 0); never over a
/// file, nor into a folder that is not there, and either refused at once.
#[test]
fn save_frame_writes_a_frame_as_a_new_scene_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("s.toml");
    std::fs::write(&scene, impulse::scene::STARTER).unwrap();
    let out_file = dir.path().join("f30.toml");
    let (s, o) = (scene.display().to_string(), out_file.display().to_string());
    let out = impulse(&["run", &s, "--frames", "30", "--save-frame", &o]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("wrote frame 30 of {s} as a new scene to {o}\n"));
    let mut world = Lesson::load(&scene).unwrap().world.clone();
    let settings = Lesson::load(&scene).unwrap().settings.clone();
    for _ in 0..30 {
        impulse::engine::step(&mut world, &settings, &mut impulse::engine::NoTrace);
    }
    let written = Lesson::load(&out_file).unwrap();
    assert_eq!(written.world.states(), world.states());
    // Refused before any frame is run: ten million would take minutes.
    let again = impulse(&["run", &s, "--frames", "10000000", "--save-frame", &s]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("--save-frame never writes over one"), "{}", text(&again.stderr));
    assert_eq!(std::fs::read_to_string(&scene).unwrap(), impulse::scene::STARTER);
    let nowhere = dir.path().join("no-such-folder").join("f.toml").display().to_string();
    let lost = impulse(&["run", &s, "--frames", "10000000", "--save-frame", &nowhere]);
    assert_eq!(lost.status.code(), Some(2));
    assert!(text(&lost.stderr).contains("there is no folder"), "{}", text(&lost.stderr));
}

/// In the debugger: the status line shows the address of the phase on
/// screen, `@` hands it to the shell to copy (OSC 52) and says it, and a
/// scene opened at an address (`--at`) shows that phase.
#[test]
fn the_debugger_shows_copies_and_opens_at_an_address() {
    use impulse::tui::{App, Effect, Msg};
    let lesson = impulse::lesson::find("rough-balls").unwrap();
    let mut app = App::stepper(lesson, Vec::new(), false).at(0, 10);
    let impulse::tui::app::Screen::Stepper(s) = &app.screen else { panic!() };
    assert_eq!(s.address().to_string(), "0:resolve:3:m1-m2");
    let effect = app.update(Msg::CopyAddress);
    assert_eq!(effect, Some(Effect::Copy("0:resolve:3:m1-m2".to_string())));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(140, 40)).unwrap();
    terminal.draw(|f| impulse::tui::view::view(&app, f)).unwrap();
    let status: String = (0..140).map(|x| terminal.backend().buffer()[(x, 39)].symbol().to_string()).collect();
    assert!(
        status.starts_with(" 0:resolve:3:m1-m2 copied (OSC 52, where the terminal allows) │ 0:resolve:3:m1-m2 (11/48) · t 0 s"),
        "{status}"
    );
}

/// Esc and a letter pressed quickly arrive as Alt and the letter: no key, and
/// the status line says so (Esc x turned a body).
#[test]
fn an_alt_chord_is_not_the_letter() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use impulse::tui::keys::{Scope, lookup};
    use impulse::tui::{App, Msg};
    let alt_x = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT);
    assert_eq!(lookup(alt_x, Scope::Stepper), Some(Msg::Alt('x')));
    assert_eq!(lookup(alt_x, Scope::Fields), Some(Msg::Alt('x')), "nor is it typed");
    let mut app = App::stepper(impulse::lesson::find("rough-balls").unwrap(), Vec::new(), false);
    app.update(Msg::Alt('x'));
    let impulse::tui::app::Screen::Stepper(s) = &app.screen else { panic!() };
    assert_eq!(s.edits(), 0, "nothing turned");
    assert_eq!(s.note_text().as_deref(), Some("Alt-x does nothing (Esc and x pressed quickly arrive as Alt-x: press them apart)"));
}

/// A break names its phase's address, and `--at` opens that very phase: the
/// tangent-fix resolve that raises energy, found, handed over and printed again.
#[test]
fn a_break_gives_the_address_that_at_opens() {
    let out = impulse(&["run", "tangent-fix", "--break-on", "energy rises"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let found = text(&out.stdout);
    let address = found.lines().find_map(|l| l.strip_prefix("  address: ")).expect("an address line");
    assert_eq!(address, "0:resolve:1:m1-m2 (--at opens it again)");
    let out = impulse(&["run", "tangent-fix", "--at", "0:resolve:1:m1-m2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let again = text(&out.stdout);
    assert!(again.starts_with("at: 0:resolve:1:m1-m2 · phase 5/48 · resolve · pass 1 · m1–m2\n"), "{again}");
    // The same derivation, line for line, after the head lines.
    let derivation = |t: &str| {
        t.lines()
            .skip_while(|l| !l.starts_with("  ") || l.starts_with("  address") || l.starts_with("  energy") || l.starts_with("  totals"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(derivation(&again), derivation(&found));
    let json = impulse(&["run", "tangent-fix", "--break-on", "energy rises", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["match"]["address"], "0:resolve:1:m1-m2");
}
