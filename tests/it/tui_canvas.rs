//! The canvas as a reader meets it: labels that never collide, arrows whose
//! scale is stated, and a view that zooms, pans, follows and fits while a
//! click still lands on the body under it.

use glam::DVec2;
use impulse::engine::PhaseKind;
use impulse::lesson::{self, Lesson};
use impulse::tui::app::{Screen, Stepper};
use impulse::tui::view::{scene_point, view_labels};
use impulse::tui::{App, Msg};
use ratatui::layout::Rect;
use ratatui::{Terminal, backend::TestBackend};
use unicode_width::UnicodeWidthStr;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(Result::unwrap).collect()
}

fn open(id: &str, color: bool) -> App {
    App::stepper(lesson::find(id).unwrap(), lessons(), color)
}

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

fn kind(app: &App) -> PhaseKind {
    let s = stepper(app);
    s.record().phases.at(s.phase).kind()
}

/// The screen as text, and where the canvas put its labels.
fn draw(app: &App, w: u16, h: u16) -> (String, Vec<(Rect, String)>, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut placed = Vec::new();
    terminal.draw(|f| placed = view_labels(app, f)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (terminal.backend().to_string(), placed.into_iter().map(|p| (p.rect, p.text)).collect(), buf)
}

fn screen(app: &App, w: u16, h: u16) -> String {
    draw(app, w, h).0
}

/// No two labels share a cell or touch end to end, and each is on screen
/// whole: nothing drawn after it covers a letter.
fn check_labels(app: &App, w: u16, h: u16, what: &str) -> usize {
    let (_, placed, buf) = draw(app, w, h);
    // A label left out (listed in the legend) has no cells.
    let placed: Vec<(Rect, String)> = placed.into_iter().filter(|(r, _)| r.width > 0).collect();
    for (i, (a, text)) in placed.iter().enumerate() {
        assert_eq!(a.width as usize, text.width(), "{what}: {text:?} is as wide as its rectangle");
        let shown: String = (a.x..a.right()).map(|x| buf[(x, a.y)].symbol().to_string()).collect();
        assert_eq!(shown.replace(' ', ""), text.replace(' ', ""), "{what}: the label {text:?} is read whole");
        for (b, other) in &placed[i + 1..] {
            let grown = Rect::new(a.x.saturating_sub(1), a.y, a.width + 2, 1);
            assert!(!grown.intersects(*b), "{what}: {text:?} at {a:?} and {other:?} at {b:?} collide");
        }
    }
    placed.len()
}

#[test]
fn labels_never_collide_on_any_lessons_first_screen_and_first_contact() {
    for id in lesson::ids() {
        for (w, h) in [(120, 40), (80, 24)] {
            for color in [false, true] {
                let mut app = open(&id, color);
                let first = check_labels(&app, w, h, &format!("{id} first {w}×{h}"));
                assert!(first > 0, "{id}: the first screen names something");
                let contact = |k| matches!(k, PhaseKind::Resolve | PhaseKind::Bounce);
                while !contact(kind(&app)) && stepper(&app).frame < 300 {
                    app.update(Msg::NextPhase);
                }
                check_labels(&app, w, h, &format!("{id} contact {w}×{h}"));
                // To scale, and with the canvas taking the screen.
                app.update(Msg::ToggleScale);
                app.update(Msg::ToggleLayout);
                check_labels(&app, w, h, &format!("{id} contact, to scale, wide {w}×{h}"));
            }
        }
    }
}

#[test]
fn two_hundred_bodies_do_not_make_a_block_of_names() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pile200.toml")).unwrap();
    let app = App::stepper(Lesson::parse("pile200.toml", &text).unwrap(), Vec::new(), true);
    let placed = check_labels(&app, 120, 40, "pile");
    assert!(placed < 60, "most of 200 names are left out where they would overlap: {placed}");
}

#[test]
fn the_rough_balls_resolve_names_every_vector_and_states_the_scale() {
    let mut app = open("rough-balls", false);
    while kind(&app) != PhaseKind::Resolve {
        app.update(Msg::NextPhase);
    }
    let (s, placed, _) = draw(&app, 120, 40);
    let names: Vec<&str> = placed.iter().filter(|p| p.0.width > 0).map(|p| p.1.as_str()).collect();
    // Each vector with its numbers as the handout's picture writes them (four
    // digits), or its name alone where the numbers do not fit.
    for v in [
        "n (0.8, −0.6)",
        "t (−0.6, −0.8)",
        "v_rel (−1.2, −6.6) m/s",
        "r_a (1.6, −1.2) m",
        "r_b (−2.4, 1.8) m",
        "J → m1 (−4.896, 5.472) N·s",
        "−J → m2",
        "m1",
        "m2",
    ] {
        let name = v.split(" (").next().unwrap();
        assert!(names.iter().any(|n| *n == v || *n == name), "{v} is on the canvas: {names:?}\n{s}");
    }
    assert!(s.contains("v: 1 m = 2 m/s · J: 1 m = 2 N·s · n t: direction only"), "{s}");
    // The selected body's name is bold without colour (it is yellow with it).
    let (_, _, buf) = draw(&app, 120, 40);
    let m1 = placed.iter().find(|p| p.1 == "m1").unwrap().0;
    assert!(buf[(m1.x, m1.y)].modifier.contains(ratatui::style::Modifier::BOLD));
    // To scale: every arrow at 1 m per unit.
    app.update(Msg::ToggleScale);
    let s = screen(&app, 120, 40);
    assert!(s.contains("v: 1 m = 1 m/s · J: 1 m = 1 N·s"), "{s}");
    // The Chinese screen says it too.
    let zh = open("rough-balls", false).with_lang(impulse::lesson::Lang::Zh);
    assert!(screen(&zh, 120, 40).contains("v：1 m 表示"), "{}", screen(&zh, 120, 40));
}

#[test]
fn a_correction_says_how_much_it_is_magnified() {
    let mut app = open("relaxation", false);
    while kind(&app) != PhaseKind::Correct {
        app.update(Msg::NextPhase);
    }
    let s = screen(&app, 120, 40);
    assert!(s.contains("Δx: drawn ×"), "{s}");
    app.update(Msg::ToggleScale);
    assert!(screen(&app, 120, 40).contains("Δx: true size"));
}

#[test]
fn the_name_key_hides_all_names_but_the_selected_one() {
    let mut app = open("sat", true);
    assert!(screen(&app, 120, 40).contains("crate"));
    app.update(Msg::ToggleNames);
    let (_, placed, _) = draw(&app, 120, 40);
    let names: Vec<&str> = placed.iter().map(|p| p.1.as_str()).collect();
    assert!(names.contains(&"plank") && !names.contains(&"crate") && !names.contains(&"block"), "{names:?}");
    app.update(Msg::ToggleNames);
    let (_, placed, _) = draw(&app, 120, 40);
    assert!(placed.iter().any(|p| p.1 == "crate"));
}

#[test]
fn without_colour_the_selection_is_bold_and_a_double_outline() {
    let mut plain = open("smooth-balls", false);
    let bold = |app: &App, name: &str| {
        let (_, placed, buf) = draw(app, 120, 40);
        let at = placed.iter().find(|p| p.1 == name && p.0.width > 0).unwrap_or_else(|| panic!("{name} is named")).0;
        buf[(at.x, at.y)].modifier.contains(ratatui::style::Modifier::BOLD)
    };
    assert!(bold(&plain, "m1") && !bold(&plain, "m2"));
    let before = screen(&plain, 120, 40);
    plain.update(Msg::SelectNext);
    assert!(bold(&plain, "m2") && !bold(&plain, "m1"));
    let after = screen(&plain, 120, 40);
    // The outline moved with the selection: the canvas's dots changed.
    let dots = |s: &str| s.lines().take(18).map(|l| l.chars().take(60).collect::<String>()).collect::<Vec<_>>();
    assert_ne!(dots(&before), dots(&after));
}

/// The world point under the canvas cell nearest to `p`, on a 120×40 screen.
fn cell_at(app: &App, p: DVec2) -> (f64, DVec2, (u16, u16)) {
    cell_at_size(app, p, 120, 40)
}

/// The world point under the canvas cell nearest to `p`, on a `w`×`h` screen.
fn cell_at_size(app: &App, p: DVec2, w: u16, h: u16) -> (f64, DVec2, (u16, u16)) {
    let area = Rect::new(0, 0, w, h);
    (0..w)
        .flat_map(|c| (0..h).map(move |r| (c, r)))
        .filter_map(|(c, r)| scene_point(app, area, c, r).map(|q| ((q - p).length(), q, (c, r))))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
}

/// The world width one canvas column spans.
fn column_width(app: &App) -> f64 {
    let area = Rect::new(0, 0, 120, 40);
    (scene_point(app, area, 11, 5).unwrap() - scene_point(app, area, 10, 5).unwrap()).x
}

#[test]
fn zoom_pan_and_fit_change_the_window_and_a_click_still_finds_the_body() {
    let mut app = open("sat", false);
    let area = Rect::new(0, 0, 120, 40);
    let wide = column_width(&app);
    let canvas = canvas_rect(&app);
    let (mx, my) = (canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    let centre = scene_point(&app, area, mx, my).unwrap();
    app.update(Msg::Zoom(1, None));
    assert!((column_width(&app) - wide / 1.5).abs() < 1e-9, "zoomed in 1.5×");
    assert!((scene_point(&app, area, mx, my).unwrap() - centre).length() < wide, "about the centre");
    app.update(Msg::Zoom(-1, None));
    assert!((column_width(&app) - wide).abs() < 1e-9);
    // Panning right by a quarter of the (unwidened) window: what was under a
    // column moves left on screen.
    let before = scene_point(&app, area, 30, 9).unwrap();
    app.update(Msg::Pan(1, 0));
    let after = scene_point(&app, area, 30, 9).unwrap();
    assert!(after.x > before.x && (after.y - before.y).abs() < 1e-9, "{before} → {after}");
    // A click on the crate after zooming and panning selects it.
    app.update(Msg::Zoom(1, None));
    let crate_at = stepper(&app).shown_states()[1].position;
    let (gap, point, _) = cell_at(&app, crate_at);
    assert!(gap < 0.5, "the crate is on the canvas: {gap}");
    app.update(Msg::Click(point));
    assert_eq!(stepper(&app).bodies()[stepper(&app).selected].name, "crate");
    // Fit: every body in view; again: the scene's own window.
    for _ in 0..6 {
        app.update(Msg::Zoom(1, None));
    }
    app.update(Msg::Fit);
    assert!(screen(&app, 120, 40).lines().next().unwrap().contains(" fitted ┐"), "the canvas says its view is fitted");
    let s = stepper(&app);
    let states = s.shown_states();
    for (b, st) in s.bodies().iter().zip(&states) {
        let (gap, _, _) = cell_at(&app, st.position);
        assert!(gap < column_width(&app), "{} is in the fitted view", b.name);
    }
    app.update(Msg::Fit);
    assert!((column_width(&app) - wide).abs() < 1e-9, "back to the scene's window");
    assert_eq!(stepper(&app).canvas.window, None);
}

#[test]
fn dragging_the_scene_keeps_the_point_under_the_mouse() {
    let mut app = open("relaxation", false);
    let area = Rect::new(0, 0, 120, 40);
    let grabbed = scene_point(&app, area, 20, 8).unwrap();
    let msg = impulse::tui::view::drag(&app, area, (20, 8), (30, 5)).expect("a drag on the scene moves it");
    app.update(msg);
    assert!((scene_point(&app, area, 30, 5).unwrap() - grabbed).length() < 1e-9);
    assert_eq!(impulse::tui::view::drag(&app, area, (20, 8), (20, 8)), None);
    assert_eq!(impulse::tui::view::drag(&app, area, (20, 8), (100, 8)), None, "off the canvas");
}

#[test]
fn the_view_follows_the_selected_body_and_panning_stops_it() {
    let mut app = open("snooker", false);
    let area = Rect::new(0, 0, 120, 40);
    while stepper(&app).bodies()[stepper(&app).selected].name != "cue" {
        app.update(Msg::SelectNext);
    }
    let start = stepper(&app).shown_states()[stepper(&app).selected].position;
    app.update(Msg::Follow);
    assert!(stepper(&app).canvas.follow);
    assert!(screen(&app, 120, 40).lines().next().unwrap().contains("following cue"), "{}", screen(&app, 120, 40));
    // 40 steps of 1/240 s at 4.53 m/s: 0.75 m, a dozen columns of the table.
    for _ in 0..40 {
        app.update(Msg::NextFrame);
    }
    // The canvas's middle cell shows the cue ball wherever it went.
    let canvas = canvas_rect(&app);
    let middle = scene_point(&app, area, canvas.x + canvas.width / 2, canvas.y + canvas.height / 2).unwrap();
    let s = stepper(&app);
    let at = s.shown_states()[s.selected].position;
    assert!((at - start).length() > 5.0 * column_width(&app), "the cue ball moved: {start} → {at}");
    assert!((middle - at).length() < 2.0 * column_width(&app).max(0.1) * 2.0, "{middle} vs {at}");
    app.update(Msg::Pan(0, 1));
    assert!(!stepper(&app).canvas.follow, "panning stops following");
}

/// The canvas's block on a 120×40 screen: the first bordered box at the top left.
fn canvas_rect(app: &App) -> Rect {
    let (s, _, _) = draw(app, 120, 40);
    let top = s.lines().next().unwrap().trim_matches('"');
    let width = top.chars().position(|c| c == '┐').unwrap() as u16 + 1;
    let height = s.lines().skip(1).position(|l| l.trim_matches('"').starts_with('└')).unwrap() as u16 + 2;
    Rect::new(0, 0, width, height)
}

#[test]
fn the_layout_key_gives_the_canvas_the_screen_and_back() {
    let mut app = open("rough-balls", false);
    let normal = canvas_rect(&app);
    app.update(Msg::ToggleLayout);
    let wide = canvas_rect(&app);
    assert!(wide.width == 120 && wide.height > normal.height, "{normal:?} → {wide:?}");
    let s = screen(&app, 120, 40);
    assert!(s.contains("Rough balls") && s.contains("? help"), "the title and the status line stay: {s}");
    // Clicks map through the wide canvas.
    let m2 = stepper(&app).shown_states()[1].position;
    let (gap, point, _) = cell_at(&app, m2);
    assert!(gap < 0.5);
    app.update(Msg::Click(point));
    assert_eq!(stepper(&app).selected, 1);
    app.update(Msg::ToggleLayout);
    assert_eq!(canvas_rect(&app), normal);
}

const RAMP: &str = r#"
[world]
gravity = [0.0, -9.8]

[[body]]
name = "ramp"
shape = "box"
size = [40.0, 0.3]
static = true
position = [0.0, 0.0]
angle = 0.3

[[body]]
name = "ball"
shape = "circle"
radius = 1.0
mass = 1.0
position = [-12.0, 12.0]
"#;

#[test]
fn a_thin_ramp_is_selected_by_clicking_anywhere_on_its_drawn_line() {
    let mut app = App::stepper(Lesson::parse("ramp.toml", RAMP).unwrap(), Vec::new(), false);
    let dir = DVec2::from_angle(0.3);
    let mut clicked = 0;
    for k in -8..=8 {
        let on_line = dir * (k as f64 * 2.0);
        // The cell the line passes through, as drawn (braille rows are taller than 0.3 m).
        let (gap, point, cell) = cell_at(&app, on_line);
        assert!(gap < 1.5, "the line passes through cell {cell:?}");
        app.update(Msg::SelectNext);
        assert_eq!(stepper(&app).selected, 1, "the ball is selected before the click");
        app.update(Msg::Click(point));
        assert_eq!(stepper(&app).bodies()[stepper(&app).selected].name, "ramp", "a click on {cell:?} ({point}) selects the ramp");
        clicked += 1;
    }
    assert_eq!(clicked, 17);
}

/// Whether `text` is on one row of the screen `s`.
fn shows(s: &str, text: &str) -> bool {
    s.lines().any(|l| l.contains(text))
}

#[test]
fn the_derivation_key_gives_the_derivation_the_screen_and_back() {
    // The rough-balls resolve, worked out here: r_a×n = r_b×n = 0, so k_n = 1/2 + 1/3 and jn = −(1 + e)·vrn/k_n.
    let k_n: f64 = 1.0 / 2.0 + 1.0 / 3.0;
    let jn = -(1.0 + 1.0) * 3.0 / k_n;
    assert!((jn + 7.2).abs() < 1e-12 && (0.2 * jn + 1.44).abs() < 1e-12);
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = open("rough-balls", false);
        while kind(&app) != PhaseKind::Resolve {
            app.update(Msg::NextPhase);
        }
        let panels = screen(&app, w, h);
        app.update(Msg::ToggleDerivation);
        let s = screen(&app, w, h);
        let top = s.lines().next().unwrap().trim_matches('"');
        assert!(top.starts_with("┌ resolve · pass 1 · m1–m2 "), "{w}×{h}: the derivation's box is first: {s}");
        assert_eq!(top.chars().position(|c| c == '┐'), Some(usize::from(w) - 1), "{w}×{h}: and as wide as the screen");
        // The formula lines with the numbers put in, each on one row now, where the panel at 80×24 wrapped them.
        for line in [
            "r_a = p − x_a = (7.6, 11.8) − (6, 13) = (1.6, −1.2) m",
            "vrn = v_rel·n = (−1.2, −6.6)·(0.8, −0.6) = 3 m/s",
            "jn = −(1 + e)·vrn / k_n = −(1 + 1)·3 / 0.833333 = −7.2 N·s",
        ] {
            assert!(shows(&s, line), "{w}×{h}: {line}\n{s}");
            assert!(w > 80 || !shows(&panels, line), "{w}×{h}: the panel wraps {line}");
        }
        assert!(!s.contains("→x") && !s.contains("Bodies (Tab"), "{w}×{h}: no canvas, no bodies panel: {s}");
        assert!(s.lines().last().unwrap().contains("? help"), "{w}×{h}: the status line stays");
        // A long derivation scrolls as in its panel: its last line comes up at 80×24.
        let last = "ω_b' = ω_b − (r_b×J)/I_b = 0 − ((−2.4, 1.8)×(−4.896, 5.472))/13.5 = 0.32 rad/s";
        if !shows(&s, last) {
            assert!(s.contains("more below"), "{w}×{h}: {s}");
            for _ in 0..20 {
                app.update(Msg::ScrollDown);
            }
            let s = screen(&app, w, h);
            assert!(shows(&s, last) && shows(&s, "jt = μ·jn = 0.2·(−7.2) = −1.44 N·s") && !s.contains("more below"), "{w}×{h}: {s}");
        }
        app.update(Msg::ToggleDerivation);
        assert_eq!(screen(&app, w, h).lines().next(), panels.lines().next(), "{w}×{h}: \\ again: the panels back");
    }
    // From the canvas's whole screen straight to the derivation's, and back to the panels.
    let mut app = open("rough-balls", false);
    let normal = canvas_rect(&app);
    app.update(Msg::ToggleLayout);
    app.update(Msg::ToggleDerivation);
    assert!(screen(&app, 120, 40).lines().next().unwrap().contains("┌ forces"), "{}", screen(&app, 120, 40));
    app.update(Msg::ToggleDerivation);
    assert_eq!(canvas_rect(&app), normal);
}

#[test]
fn a_small_canvas_names_only_the_pair_in_focus() {
    let mut app = open("sat", false);
    while kind(&app) != PhaseKind::Detect {
        app.update(Msg::NextPhase);
    }
    let s = stepper(&app);
    let (a, b) = s.record().phases.at(s.phase).pair.unwrap();
    let names = s.names();
    let pair = [names[a].as_str(), names[b].as_str()];
    assert_eq!(pair, ["plank", "crate"]);
    let other = names.iter().find(|n| !pair.contains(&n.as_str())).unwrap().clone();
    // 120×40: a canvas of 17 rows names every body; 80×24: one of 7 rows names only the pair.
    let canvas_rows = |w, h| {
        let (s, _, _) = draw(&app, w, h);
        let rows: Vec<String> = s.lines().map(|l| l.trim_matches('"').chars().take(usize::from(w) / 2).collect()).collect();
        let end = rows.iter().skip(1).position(|l| l.starts_with('└')).unwrap() + 1;
        rows[1..end].join("\n")
    };
    let (big, small) = (canvas_rows(120, 40), canvas_rows(80, 24));
    assert!(big.contains(&other) && big.contains("plank") && big.contains("crate"), "{big}");
    assert!(!small.contains(&other), "{other} goes unnamed on a small canvas:\n{small}");
    let (_, placed, _) = draw(&app, 80, 24);
    let named: Vec<&str> = placed.iter().filter(|(r, t)| r.width > 0 && names.contains(t)).map(|(_, t)| t.as_str()).collect();
    assert!(!named.is_empty() && named.iter().all(|n| pair.contains(n)), "{named:?}");
    // Every label is the pair's: a face, a point or an arrow of the detect, or the axes.
    for (rect, text) in placed.iter().filter(|(r, _)| r.width > 0) {
        let of_pair = pair.iter().any(|n| text.starts_with(n)) || ["n ", "start", "depth", "→x"].iter().any(|p| text.starts_with(p));
        assert!(of_pair, "{text:?} at {rect:?}\n{small}");
    }
    // The other body is still drawn, faint, at 80×24: dots where it lies.
    let block = stepper(&app).shown_states()[names.iter().position(|n| *n == other).unwrap()].position;
    let (gap, _, (column, row)) = cell_at_size(&app, block, 80, 24);
    assert!(gap < 1.0);
    let (_, _, buf) = draw(&app, 80, 24);
    let around = (column.saturating_sub(2)..column + 3).any(|x| (row.saturating_sub(1)..row + 2).any(|y| buf[(x, y)].symbol() != " "));
    assert!(around, "{small}");
}

/// Ten thousand discs of 0.5 m to 0.9 m, 2.2 m apart in rows of 101, on a floor:
/// the size of the scene the debugger is asked to play at 60 frames a second.
fn ten_thousand() -> Lesson {
    Lesson::parse("discs10000.toml", include_str!("../fixtures/discs10000.toml")).unwrap()
}

#[test]
fn ten_thousand_discs_are_drawn_as_dots_with_no_more_labels_than_the_screen_holds() {
    let app = App::stepper(ten_thousand(), Vec::new(), true);
    // Frame 0's first phase gives every disc its gravity: ten thousand arrows asking for a label.
    let (_, placed, buf) = draw(&app, 200, 60);
    let shown = placed.iter().filter(|(r, _)| r.width > 0).count();
    assert!(shown <= 200 * 60 / 8, "{shown} labels on a screen of 12,000 cells");
    assert!(placed.len() > 20_000, "the labels left out are still listed for the legend: {}", placed.len());
    check_labels(&app, 200, 60, "ten thousand discs");
    // Each disc is narrower than a cell (about 2.3 m wide here): a dot, so a
    // braille cell of the pile holds a few dots, not a tangle of outlines.
    let dots: u32 = buf
        .content()
        .iter()
        .filter_map(|c| c.symbol().chars().next())
        .map(|c| c as u32)
        .filter(|c| (0x2800..=0x28ff).contains(c))
        .map(|c| (c - 0x2800).count_ones())
        .sum();
    assert!(dots > 5_000 && dots < 11_000, "{dots} dots for 10,000 discs and a floor");
}
