//! The view: a pure function of the app state.
//! Each panel is drawn in a file of its own; this one lays them out.

mod bodies;
mod derivation;
mod field_editor;
mod help;
mod ledger;
mod menu;
mod narration;
mod question;
mod queue;
mod status;
mod theme;
mod variant;

use super::app::{App, Mode, Msg, Screen, Stepper};
pub use super::canvas::Placed;
use super::canvas::{Full, SceneView, fit_window, point_at};
use super::note::note_text;
use super::words::{fill, words};
use crate::engine::{self, BodyState, Phase};
use crate::notation::phase_title_in;
use crate::report::figure::{self, Figure, Outline};
use bodies::{Motion, bodies_panel, body_rows, motion};
use derivation::derivation_text;
use field_editor::field_editor;
use help::{help, help_popup, help_text};
use ledger::{energy_chart, totals_panel};
use menu::menu;
use narration::narration;
use queue::{QUEUE_ROWS, queue_panel};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Paragraph, Wrap};
use status::status_line;
use theme::Theme;

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// Below this many rows inside its border, the canvas draws only the bodies
/// the phase is about (or the selected one) and their labels.
pub const FOCUS_ROWS: u16 = 12;

/// Whether the debugger can be drawn in `area`.
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

pub fn view(app: &App, frame: &mut Frame) {
    view_labels(app, frame);
}

/// Draws the screen, as [`view`], and says where the canvas placed its
/// labels (for tests: no two share a cell, each is read whole).
pub fn view_labels(app: &App, frame: &mut Frame) -> Vec<Placed> {
    let mut placed = Vec::new();
    let area = frame.area();
    if !fits(area) {
        let note = match &app.screen {
            Screen::Stepper(s) => s.note.as_ref().map(|n| format!(" ({})", note_text(n, app.lang))).unwrap_or_default(),
            Screen::Menu => String::new(),
        };
        let w = words(app.lang);
        let msg = format!("{}{note}.", fill(w.too_small, &[&MIN_WIDTH, &MIN_HEIGHT, &area.width, &area.height]));
        frame.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return placed;
    }
    let theme = Theme::new(app.color, app.lang);
    match &app.screen {
        Screen::Menu => menu(app, &theme, frame, area),
        Screen::Stepper(s) => placed = stepper(s, &theme, frame, area),
    }
    if app.help {
        help(app, &theme, frame, area);
    }
    placed
}

/// Where the stepper's panels go in `area`.
struct Areas {
    canvas: Rect,
    lesson: Rect,
    bodies: Rect,
    derivation: Rect,
    /// Sedgewick & Wayne's queue, under the derivation; empty for the other methods.
    queue: Rect,
    totals: Rect,
    status: Rect,
}

/// `states`: the bodies around the phase on screen, which size the bodies panel.
fn areas(s: &Stepper, states: &Motion, area: Rect) -> Areas {
    let [main, status] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let has_lesson = !s.session.lesson.steps.is_empty();
    let none = Rect::new(main.right(), main.y, 0, 0);
    match s.canvas.full {
        Full::Canvas => {
            // The canvas takes the screen; the narration keeps a strip under it, the other panels give way.
            let strip = if has_lesson { (main.height / 5).max(4) } else { 0 };
            let [canvas, lesson] = Layout::vertical([Constraint::Fill(1), Constraint::Length(strip)]).areas(main);
            return Areas { canvas, lesson, bodies: none, derivation: none, queue: none, totals: none, status };
        }
        // Every row for the formulas: a long derivation shows whole, or scrolls as in its panel.
        Full::Derivation => {
            return Areas { canvas: none, lesson: none, bodies: none, derivation: main, queue: none, totals: none, status };
        }
        Full::Panels => {}
    }
    let [left, right] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(main);
    // The totals take the rows their line wraps to, under the derivation.
    let totals_rows = totals_panel(s, &Theme::new(false, s.lang)).line_count(right.width.saturating_sub(2)) as u16 + 2;
    let queue_rows = if s.settings().method == crate::engine::Method::EventDriven { QUEUE_ROWS.min(right.height / 3) } else { 0 };
    let [derivation, queue, totals] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(queue_rows), Constraint::Length(totals_rows)]).areas(right);
    let has_lesson = !s.session.lesson.steps.is_empty() || !s.session.lesson.questions.is_empty();
    let body_rows = body_rows(s, states, left.width).min(left.height / 3);
    let [canvas, lesson, bodies] =
        Layout::vertical([Constraint::Fill(4), Constraint::Fill(if has_lesson { 3 } else { 0 }), Constraint::Length(body_rows)])
            .areas(left);
    Areas { canvas, lesson, bodies, derivation, queue, totals, status }
}

/// What the mouse wheel does over (`column`, `row`): it scrolls the panel
/// under it (the derivation or the narration; the help or the menu when shown).
pub fn wheel(app: &App, area: Rect, column: u16, row: u16, down: bool) -> Option<Msg> {
    let pick = |down_msg: Msg, up_msg: Msg| Some(if down { down_msg } else { up_msg });
    if app.help {
        return pick(Msg::ScrollDown, Msg::ScrollUp);
    }
    let s = match &app.screen {
        Screen::Menu => return pick(Msg::MenuDown, Msg::MenuUp),
        Screen::Stepper(s) if fits(area) => s,
        Screen::Stepper(_) => return None,
    };
    let a = areas(s, &motion(s), area);
    let at = ratatui::layout::Position::new(column, row);
    if a.canvas.contains(at) && !s.show_chart {
        // Zoom about the point under the mouse, which stays under it.
        let under = point_at(a.canvas, canvas_window(s, &motion(s).after, a.canvas), s.session.lesson.y_axis, column, row);
        pick(Msg::Zoom(-1, under), Msg::Zoom(1, under))
    } else if a.derivation.contains(at) {
        pick(Msg::ScrollDown, Msg::ScrollUp)
    } else if a.lesson.contains(at) {
        pick(Msg::NarrationDown, Msg::NarrationUp)
    } else {
        None
    }
}

/// The world point under a mouse click on a screen of size `area`, if it
/// falls on the scene's drawing.
pub fn scene_point(app: &App, area: Rect, column: u16, row: u16) -> Option<glam::DVec2> {
    let Screen::Stepper(s) = &app.screen else { return None };
    if app.help || s.show_chart || !fits(area) {
        return None;
    }
    let moved = motion(s);
    let canvas = areas(s, &moved, area).canvas;
    point_at(canvas, canvas_window(s, &moved.after, canvas), s.session.lesson.y_axis, column, row)
}

/// A drag on the scene from one cell to another: the view moves so that what
/// was under the mouse stays under it (and the selection is not changed).
pub fn drag(app: &App, area: Rect, from: (u16, u16), to: (u16, u16)) -> Option<Msg> {
    let (a, b) = (scene_point(app, area, from.0, from.1)?, scene_point(app, area, to.0, to.1)?);
    (a != b).then(|| Msg::Drag(a - b))
}

/// The world window the canvas in `area` shows, the bodies being at `states`:
/// the scene's own or the one chosen, on the followed body, widened to the
/// canvas's shape. Drawing and clicks both use it.
fn canvas_window(s: &Stepper, states: &[BodyState], area: Rect) -> (glam::DVec2, glam::DVec2) {
    let followed = states.get(s.selected).map(|b| b.position);
    fit_window(s.canvas.window(s.scene_window(), followed), area)
}

/// The figure of the phase on screen: what the canvas draws, and what the
/// handout's picture of the phase is drawn from.
pub fn scene_figure(s: &Stepper) -> Figure {
    let moved = motion(s);
    let phase = s.playing.is_none().then(|| s.record().phases.at(s.phase));
    figure_of(s, &moved, phase.as_deref())
}

/// The figure the canvas draws on a screen of size `area`: the phase's, or on
/// a small canvas the part of it [`focused`] keeps.
pub fn canvas_figure(s: &Stepper, area: Rect) -> Figure {
    let canvas = areas(s, &motion(s), area).canvas;
    focused(s, scene_figure(s), canvas).0
}

/// Ten labels do not fit in seven rows: a canvas of fewer than [`FOCUS_ROWS`]
/// rows draws the pair in focus (or the selected body), and the other bodies
/// faint, unlabelled.
fn focused(s: &Stepper, figure: Figure, canvas: Rect) -> (Figure, Vec<Outline>) {
    if canvas.height.saturating_sub(2) < FOCUS_ROWS {
        // A quiz hides the phase from the figure, not which pair it is about.
        let pair = s.playing.is_none().then(|| s.record().phases.at(s.phase).pair).flatten();
        let otherwise = pair.map_or(vec![s.selected], |(a, b)| vec![a, b]);
        let keep = figure.in_focus(&otherwise);
        figure.focused_on(&keep)
    } else {
        (figure, Vec::new())
    }
}

fn figure_of(s: &Stepper, moved: &Motion, phase: Option<&Phase>) -> Figure {
    let lesson = &s.session.lesson;
    // The phase's vectors show its results (an impulse's direction): hidden with them.
    let shown = s.show_info && !s.outcome_hidden();
    let given: Vec<BodyState> = lesson.world.motions.iter().map(engine::Motion::state).collect();
    figure::figure(&figure::Input {
        bodies: s.bodies(),
        before: &moved.before,
        after: &moved.after,
        // Playing, there is no phase: the velocities are drawn as they are.
        given: if shown { &moved.after } else { &[] },
        phase: phase.filter(|_| shown),
        y_axis: lesson.y_axis,
        view: lesson.view,
        lang: s.lang,
        student: false,
        typical_speed: figure::typical_speed(&given, lesson.world.gravity, lesson.settings.dt),
        true_scale: s.canvas.true_scale,
        all_names: !s.canvas.hide_names,
        chosen: Some(s.selected),
    })
}

fn stepper(s: &Stepper, theme: &Theme, frame: &mut Frame, area: Rect) -> Vec<Placed> {
    let moved = motion(s);
    let states = &moved.after;
    let Areas { canvas: canvas_area, lesson: lesson_area, bodies: bodies_area, derivation: derivation_area, queue, totals, status } =
        areas(s, &moved, area);
    let has_lesson = !s.session.lesson.steps.is_empty() || !s.session.lesson.questions.is_empty();
    let hidden = s.outcome_hidden();
    // Playing, the frame on screen was stepped untraced: it has no phases yet.
    let phase = s.playing.is_none().then(|| s.record().phases.at(s.phase));
    let names = s.names();
    let window = canvas_window(s, states, canvas_area);
    let edited = if s.dirty() { theme.words.edited } else { "" };
    let title = match &s.session.lesson.section {
        Some(l) => format!(" {}{edited} ", l.title(s.lang)),
        None => format!(" {}{edited} ", s.session.lesson.file),
    };
    // B's bodies after the phase would show where A's go.
    let ghost = if hidden { None } else { variant::ghost(s) };
    let (mut figure, faint) = focused(s, figure_of(s, &moved, phase.as_deref()), canvas_area);
    // A shot being aimed is a velocity the figure draws and labels with the others.
    if let Mode::Aim(shot) = &s.mode
        && let Some(b) = states.get(shot.body)
    {
        let text = figure::Text::plain(fill(theme.words.shot_label, &[&crate::notation::num(shot.aim.length())]));
        figure.vectors.push(figure::Vector {
            from: b.position,
            value: shot.aim,
            kind: figure::Kind::Velocity,
            scale: figure::Scale::Velocity,
            unit: "m/s",
            text,
            dashed: false,
            middle: false,
        });
    }
    let scene_view = SceneView {
        bodies: s.bodies(),
        states,
        figure: &figure,
        faint: &faint,
        selected: s.selected,
        y_axis: s.session.lesson.y_axis,
        window,
        show_bounds: s.show_bounds,
        true_scale: s.canvas.true_scale,
        color: theme.color,
        ghost: ghost.as_ref().map(|(bodies, states)| (*bodies, &states[..])),
        block: Block::bordered().title(title).title_top(ratatui::text::Line::from(view_state(s, theme)).right_aligned()),
        words: theme.words,
    };
    let mut placed = Vec::new();
    if canvas_area.is_empty() {
        // The derivation has the screen.
    } else if s.show_chart {
        energy_chart(s, theme, frame, canvas_area);
    } else {
        placed = scene_view.draw(canvas_area, frame.buffer_mut());
    }
    if derivation_area.is_empty() {
        // The wide layout: the panels give way, the status line stays.
        if let Mode::Fields(ed) = &s.mode {
            field_editor(ed, theme, frame, canvas_area);
        }
        frame.render_widget(status_line(s, &names, theme, status.width), status);
        if has_lesson {
            render_narration(s, theme, frame, lesson_area);
        }
        return placed;
    }

    let (title, text) = derivation(s, theme, derivation_area.width.saturating_sub(2));
    let max = scroll_max(&text, derivation_area.width, derivation_area.height.saturating_sub(2));
    // Text cut off below says so on the border.
    let bottom = if s.scroll < max {
        format!("{}· {} ", theme.words.scroll_derivation, theme.words.more_below)
    } else {
        theme.words.scroll_derivation.to_string()
    };
    let derivation = text.block(Block::bordered().title(title).title_bottom(bottom)).scroll((s.scroll.min(max), 0));
    frame.render_widget(derivation, derivation_area);

    if queue.height > 0 {
        frame.render_widget(queue_panel(s, &names, theme), queue);
    }
    if !bodies_area.is_empty() {
        frame.render_widget(bodies_panel(s, &moved, bodies_area, theme), bodies_area);
    }
    if !totals.is_empty() {
        frame.render_widget(totals_panel(s, theme).block(Block::bordered().title(theme.words.totals_title)), totals);
    }

    if has_lesson && !lesson_area.is_empty() {
        render_narration(s, theme, frame, lesson_area);
    }

    if let Mode::Fields(ed) = &s.mode {
        field_editor(ed, theme, frame, derivation_area);
    }
    frame.render_widget(status_line(s, &names, theme, status.width), status);
    placed
}

/// What the canvas's view is, when it is not the scene's own: how far it is
/// zoomed, and whether it follows a body or was fitted (the top border's right).
fn view_state(s: &Stepper, theme: &Theme) -> String {
    let v = &s.canvas;
    let mut parts = Vec::new();
    if let Some((lo, hi)) = v.window {
        let (slo, shi) = s.scene_window();
        let zoom = ((shi - slo) / (hi - lo)).max_element();
        if v.fitted {
            parts.push(theme.words.view_fitted.to_string());
        } else if (zoom - 1.0).abs() > 1e-9 {
            parts.push(format!("×{}", crate::notation::num((zoom * 100.0).round() / 100.0)));
        }
    }
    if v.follow {
        let name = s.bodies().get(s.selected).map_or("", |b| b.name.as_str());
        parts.push(super::words::fill(theme.words.view_follows, &[&name]));
    }
    if parts.is_empty() { String::new() } else { format!(" {} ", parts.join(" · ")) }
}

/// The lesson's narration, with the lesson's own keys under it.
fn render_narration(s: &Stepper, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (title, narration) = narration(s, theme);
    let keys: String = s.session.lesson.toggles.iter().map(|t| format!("{} {} · ", t.key, t.label(s.lang))).collect();
    let max = scroll_max(&narration, area.width, area.height.saturating_sub(2));
    let more = if s.narration_scroll < max { format!(" · {}", theme.words.more_below) } else { String::new() };
    let bottom = format!(" {keys}{}{more} ", theme.words.scroll_narration);
    let lesson = narration.block(Block::bordered().title(title).title_bottom(bottom)).scroll((s.narration_scroll, 0));
    frame.render_widget(lesson, area);
}

/// The derivation panel's title and text: the phase's derivation, or A | B
/// in A/B mode.
fn derivation(s: &Stepper, theme: &Theme, width: u16) -> (String, Paragraph<'static>) {
    // B's numbers would show A's hidden results beside them.
    let ab = if s.outcome_hidden() { None } else { variant::ab_text(s, theme, width) };
    ab.unwrap_or_else(|| {
        let names = s.names();
        let title = match (s.awaited, &s.playing) {
            (Some(to), _) => fill(theme.words.recording, &[&to.frame]),
            (None, Some(_)) => theme.words.playing.to_string(),
            (None, None) => phase_title_in(&s.record().phases.at(s.phase), &names, theme.words.terms),
        };
        (format!(" {title} "), derivation_text(s, theme, width))
    })
}

/// How far a paragraph shown in a bordered box `width` wide with `inner`
/// rows can scroll before its last row reaches the bottom.
fn scroll_max(text: &Paragraph, width: u16, inner: u16) -> u16 {
    (text.line_count(width.saturating_sub(2)) as u16).saturating_sub(inner)
}

/// Keeps every scroll offset within its text, so a key that scrolls back
/// moves at once however often the other one was pressed at the end.
pub fn clamp_scrolls(app: &mut App, area: Rect) {
    if !fits(area) {
        return;
    }
    let theme = Theme::new(false, app.lang);
    if app.help {
        let (lines, columns) = help_text(app, &theme, area);
        let inner = help_popup(lines.len() as u16, columns, area).height.saturating_sub(2);
        app.help_scroll = app.help_scroll.min((lines.len() as u16).div_ceil(columns).saturating_sub(inner));
    }
    if let Screen::Stepper(s) = &mut app.screen {
        let a = areas(s, &motion(s), area);
        let max = if a.derivation.is_empty() {
            s.scroll
        } else {
            scroll_max(
                &derivation(s, &theme, a.derivation.width.saturating_sub(2)).1,
                a.derivation.width,
                a.derivation.height.saturating_sub(2),
            )
        };
        s.scroll = s.scroll.min(max);
        let max = scroll_max(&narration(s, &theme).1, a.lesson.width, a.lesson.height.saturating_sub(2));
        s.narration_scroll = s.narration_scroll.min(max);
    }
}
