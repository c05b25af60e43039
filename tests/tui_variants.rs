//! The debugger when the screen leaves the lesson's settings or bodies: the
//! stale-narration banner, at 120×40 with ratatui's TestBackend.

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::tui::app::Screen;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

mod common;
use common::snapshot_settings;

fn open(id: &str) -> App {
    App::stepper(lesson::find(id).unwrap(), Vec::new(), false)
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

fn at_resolve(app: &App) -> bool {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s.record().phases[s.phase].kind() == PhaseKind::Resolve
}

/// The banner as the 58-column lesson panel wraps it at 120×40.
const TANGENT_BANNER: [&str; 2] = ["│⚠ narration describes tangent = rotated-normal; you are   │", "│viewing sign-fixed        "];

#[test]
fn the_banner_appears_after_t_and_goes_when_the_lessons_tangent_is_back() {
    let mut app = open("tangent-fix");
    while !at_resolve(&app) {
        app.update(Msg::NextPhase);
    }
    assert!(!screen(&app, 120, 40).contains("narration describes"));
    app.update(Msg::CycleTangent);
    let stale = screen(&app, 120, 40);
    assert!(TANGENT_BANNER.iter().all(|line| stale.contains(line)), "{stale}");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.tangent-fix.stale", stale));
    // sign-fixed → projected → rotated-normal: the lesson's own again.
    app.update(Msg::CycleTangent);
    assert!(screen(&app, 120, 40).contains("viewing projected"));
    app.update(Msg::CycleTangent);
    assert!(!screen(&app, 120, 40).contains("narration describes"));
}

#[test]
fn the_banner_fits_at_80x24() {
    let mut app = open("tangent-fix");
    app.update(Msg::CycleTangent);
    let small = screen(&app, 80, 24);
    assert!(small.contains("⚠ narration describes tangent = "), "{small}");
}

#[test]
fn a_plain_scene_has_no_banner() {
    let scene = impulse::lesson::Lesson::parse("ball.toml", "[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1\nmass = 1\n").unwrap();
    let mut app = App::stepper(scene, Vec::new(), false);
    app.update(Msg::CycleTangent);
    assert!(!screen(&app, 120, 40).contains("narration describes"));
}
