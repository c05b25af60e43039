//! The debugger when the screen leaves the lesson's settings or bodies: the
//! stale-narration banner, at 120×40 with ratatui's TestBackend.

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::tui::app::Screen;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

use crate::common;
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
    s.record().phases.at(s.phase).kind() == PhaseKind::Resolve
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
    // sign-fixed → projected: the lesson's step narrating the fix, whose settings these are, so no banner
    // → rotated-normal: the lesson's own again.
    app.update(Msg::CycleTangent);
    let fixed = screen(&app, 120, 40);
    assert!(fixed.contains("The fix: the projected tangent") && !fixed.contains("narration describes"), "{fixed}");
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

fn note(app: &App) -> String {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s.note_text().unwrap_or_default()
}

/// A/B in tangent-fix is one key and Enter away: the prompt offers the
/// projected tangent. At the resolve the derivation shows A | B with the
/// tangent, the sliding speed and the impulse marked as differing, and the
/// numbers are the lesson's: A the rotated-normal bug (ω1' = 1.72), B the fix
/// (ω1' = 0.28) — worked by hand in the lesson's narration and in rough-balls.
#[test]
fn a_b_in_tangent_fix_shows_the_bug_and_the_fix_side_by_side() {
    let mut app = open("tangent-fix");
    app.update(Msg::Variant);
    assert!(screen(&app, 120, 40).contains("A/B, B with: solver.tangent=projected█"));
    app.update(Msg::Accept);
    assert!(note(&app).starts_with("A/B: B is the file with solver.tangent=projected"), "{}", note(&app));
    while !at_resolve(&app) {
        app.update(Msg::NextPhase);
    }
    let wide = screen(&app, 120, 40);
    for line in [
        "A | B · resolve · pass 1 · m1–m2",
        "≠ t            (−0.6, 0.8)       (0.6, −0.8)",
        "≠ ω_a'         1.72              0.28",
        "  jn           −7.2              −7.2",
    ] {
        assert!(wide.contains(line), "missing {line:?}:\n{wide}");
    }
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.tangent-fix.ab", wide));
    // At 80×24 each value goes under its name; j scrolls to the tangent.
    let small = screen(&app, 80, 24);
    assert!(small.contains("A (12.4, 11.8)  B (12.4, 11.8)"), "{small}");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.tangent-fix.ab.80x24", small));
    for _ in 0..4 {
        app.update(Msg::ScrollDown);
    }
    let small = screen(&app, 80, 24);
    assert!(small.contains("≠ t") && small.contains("A (−0.6, 0.8)  B (0.6, −0.8)"), "{small}");
    app.update(Msg::ScrollUp);
    app.update(Msg::ScrollUp);
    app.update(Msg::ScrollUp);
    app.update(Msg::ScrollUp);
    app.update(Msg::Variant);
    assert_eq!(note(&app), "A/B off");
    assert!(!screen(&app, 120, 40).contains("A | B"));
    // Esc closes A/B too, and stays in the lesson.
    app.update(Msg::Variant);
    app.update(Msg::Accept);
    app.update(Msg::Back);
    assert_eq!(note(&app), "A/B off");
    assert!(matches!(app.screen, Screen::Stepper(_)), "still in the lesson");
}

/// A bad override keeps the prompt open with the file's message; Esc leaves
/// A alone.
#[test]
fn a_bad_override_keeps_the_prompt_open() {
    let mut app = open("tangent-fix");
    app.update(Msg::Variant);
    app.update(Msg::ClearField);
    for c in "solver.tangent=sideways".chars() {
        app.update(Msg::Input(c));
    }
    app.update(Msg::Accept);
    let text = screen(&app, 120, 40);
    assert!(text.contains("A/B, B with: solver.tangent=sideways█"), "{text}");
    assert!(note(&app).contains("sideways"), "{}", note(&app));
    app.update(Msg::Cancel);
    let Screen::Stepper(s) = &app.screen else { panic!() };
    assert!(s.session.variant.is_none());
}

/// `impulse lesson tangent-fix --set solver.tangent=projected` opens the
/// debugger on the lesson with the override (as cli.rs does with `with_sets`):
/// the narration's numbers are for rotated-normal, so the banner shows from
/// the first frame, before any key.
#[test]
fn a_command_line_set_shows_the_banner_from_the_start() {
    let sets = ["solver.tangent=projected".to_string()];
    let app = App::stepper(lesson::find("tangent-fix").unwrap().with_sets(&sets).unwrap(), Vec::new(), false);
    let first = screen(&app, 120, 40);
    assert!(first.contains(TANGENT_BANNER[0]), "{first}");
    assert!(first.contains("│viewing projected"), "{first}");
}
