//! The ledger on screen (120×40 TestBackend): the totals line of the phase
//! shown, its ▲ when the phase raised the energy, and the energy chart (#).

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::tui::app::Screen;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

use crate::common;
use common::snapshot_settings;

fn open(id: &str) -> App {
    App::stepper(lesson::find(id).unwrap(), lesson::embedded().into_iter().map(Result::unwrap).collect(), false)
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

fn to_first_resolve(app: &mut App) {
    loop {
        let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
        if s.record().phases.at(s.phase).kind() == PhaseKind::Resolve {
            return;
        }
        app.update(Msg::NextPhase);
    }
}

/// The rows of the totals panel (under the derivation, on the right).
fn totals_rows(shown: &str) -> String {
    let rows: Vec<&str> = shown.lines().collect();
    let top = rows.iter().position(|r| r.contains("totals (L about the origin)")).expect("a totals panel");
    rows[top..top + 4].iter().map(|r| r.trim_matches('"').chars().skip(60).collect::<String>()).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_rotated_normal_resolve_is_marked_with_its_rise_in_energy() {
    let mut app = open("tangent-fix");
    to_first_resolve(&mut app);
    let shown = screen(&app);
    // The rough-balls article's numbers: 27 J before; 38.232 J after with the rotated-normal tangent.
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.ledger.totals", totals_rows(&shown)));
    assert!(shown.contains("▲ E +11.232 J"), "{shown}");
}

#[test]
fn the_fixed_tangent_takes_energy_away_and_is_not_marked() {
    let mut app = open("rough-balls");
    to_first_resolve(&mut app);
    let shown = screen(&app);
    assert!(shown.contains("KE 27 → 20.952 J") && !shown.contains('▲'), "{}", totals_rows(&shown));
}

#[test]
fn hash_shows_the_energy_chart_over_the_frames_run_and_hides_it() {
    let mut app = open("tangent-fix");
    for _ in 0..30 {
        app.update(Msg::NextFrame);
    }
    app.update(Msg::ToggleChart);
    let shown = screen(&app);
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.ledger.chart", shown));
    // From 27 J to 38.232 J in frame 0, flat after: ΔE's top label is the bug's 11.232 J,
    // the legend (above the plot) gives the first frame's 27 J, and |p| has a plot of its own.
    assert!(shown.contains("11.232 J") && shown.contains("ΔKE from 27 J") && shown.contains("frame 30"), "{shown}");
    assert!(shown.contains("N·s") && shown.contains("the change since the first frame"), "{shown}");
    app.update(Msg::ToggleChart);
    assert!(!screen(&app).contains("totals per frame"));
}
