//! The view: a pure function of the app state.

use super::app::{App, Mode, SPEEDS, Screen, Stepper};
use super::canvas::{SceneView, fit_window, point_at};
use super::fields::FieldEditor;
use super::keys::{Scope, help_lines};
use crate::engine::BodyState;
use crate::lesson::{StepEntry, find_phase};
use crate::notation::{derive, num, phase_title, right_side};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

struct Theme {
    color: bool,
}

impl Theme {
    fn fg(&self, c: Color) -> Style {
        if self.color { Style::default().fg(c) } else { Style::default() }
    }
    fn strong(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    fn dim(&self) -> Style {
        if self.color { Style::default().fg(Color::DarkGray) } else { Style::default().add_modifier(Modifier::DIM) }
    }
}

/// Whether the debugger can be drawn in `area`.
pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

pub fn view(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if !fits(area) {
        let note = match &app.screen {
            Screen::Stepper(s) => s.note.as_deref().map(|n| format!(" ({n})")).unwrap_or_default(),
            Screen::Menu => String::new(),
        };
        let msg = format!(
            "impulse needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {}×{}. q quits{note}.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    let theme = Theme { color: app.color };
    match &app.screen {
        Screen::Menu => menu(app, &theme, frame, area),
        Screen::Stepper(s) => stepper(s, &theme, frame, area),
    }
    if app.help {
        help(app, &theme, frame, area);
    }
}

fn menu(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let [top, list, bottom] = Layout::vertical([Constraint::Length(3), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let title = Text::from(vec![
        Line::styled("impulse — step through 2D rigid-body collisions, one phase at a time", theme.strong()),
        Line::styled("Pick a lesson. Each runs the real engine and stops at every phase to show its numbers.", theme.dim()),
    ]);
    frame.render_widget(
        Paragraph::new(title).block(Block::new().borders(ratatui::widgets::Borders::NONE)),
        top.inner(ratatui::layout::Margin::new(1, 0)),
    );
    let items: Vec<ListItem> = app
        .lessons
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let l = s.section.as_ref()?;
            Some(ListItem::new(Text::from(vec![
                Line::from(vec![
                    Span::styled(format!("{}. {}", i + 1, l.title), theme.strong()),
                    Span::styled(format!("  ({})", l.id), theme.dim()),
                ]),
                Line::from(format!("   {}", l.summary)),
                Line::from(""),
            ])))
        })
        .collect();
    let highlight =
        if theme.color { Style::default().bg(Color::Blue).fg(Color::White) } else { Style::default().add_modifier(Modifier::REVERSED) };
    let list_widget = List::new(items).block(Block::bordered().title(" Lessons ")).highlight_style(highlight).highlight_symbol("▶ ");
    let mut state = ListState::default().with_selected(Some(app.menu_selected));
    frame.render_stateful_widget(list_widget, list, &mut state);
    frame.render_widget(Paragraph::new(" ↑↓ choose · Enter open · ? help · q quit").style(theme.dim()), bottom);
}

/// Where the stepper's panels go in `area`.
struct Areas {
    canvas: Rect,
    lesson: Rect,
    bodies: Rect,
    derivation: Rect,
    status: Rect,
}

/// The bodies before and after the phase on screen, read from the records.
struct Motion {
    before: Vec<BodyState>,
    after: Vec<BodyState>,
}

fn motion(s: &Stepper) -> Motion {
    match &s.playing {
        Some(end) => Motion { before: end.clone(), after: end.clone() },
        None => Motion { before: s.record().state_after(s.phase), after: s.record().state_after(s.phase + 1) },
    }
}

/// `states`: the bodies around the phase on screen, which size the bodies panel.
fn areas(s: &Stepper, states: &Motion, area: Rect) -> Areas {
    let [main, status] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let [left, derivation] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(main);
    let has_lesson = !s.session.lesson.steps.is_empty();
    let body_rows = body_rows(s, states, left.width).min(left.height / 3);
    let [canvas, lesson, bodies] =
        Layout::vertical([Constraint::Fill(4), Constraint::Fill(if has_lesson { 3 } else { 0 }), Constraint::Length(body_rows)])
            .areas(left);
    Areas { canvas, lesson, bodies, derivation, status }
}

/// The world point under a mouse click on a screen of size `area`, if it
/// falls on the scene's drawing.
pub fn scene_point(app: &App, area: Rect, column: u16, row: u16) -> Option<glam::DVec2> {
    let Screen::Stepper(s) = &app.screen else { return None };
    if app.help || !fits(area) {
        return None;
    }
    let canvas = areas(s, &motion(s), area).canvas;
    point_at(canvas, fit_window(s.session.lesson.view, s.bodies(), canvas), s.session.lesson.y_axis, column, row)
}

fn stepper(s: &Stepper, theme: &Theme, frame: &mut Frame, area: Rect) {
    let moved = motion(s);
    let states = &moved.after;
    let Areas { canvas: canvas_area, lesson: lesson_area, bodies: bodies_area, derivation: derivation_area, status } =
        areas(s, &moved, area);
    let has_lesson = !s.session.lesson.steps.is_empty();
    // Playing, the frame on screen was stepped untraced: it has no phases yet.
    let phase = s.playing.is_none().then(|| &s.record().phases[s.phase]);
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let window = fit_window(s.session.lesson.view, s.bodies(), canvas_area);
    let edited = if s.dirty() { " (edited)" } else { "" };
    let title = match &s.session.lesson.section {
        Some(l) => format!(" {}{edited} ", l.title),
        None => format!(" {}{edited} ", s.session.lesson.file),
    };
    let shot = match &s.mode {
        Mode::Aim(shot) => states.get(shot.body).map(|b| (b.position, shot.aim)),
        _ => None,
    };
    let scene_view = SceneView {
        bodies: s.bodies(),
        states,
        phase,
        selected: s.selected,
        y_axis: s.session.lesson.y_axis,
        window,
        show_bounds: s.show_bounds,
        show_info: s.show_info,
        shot,
        color: theme.color,
        block: Block::bordered().title(title),
        dots_per_metre: 0.0,
    };
    frame.render_widget(scene_view, canvas_area);

    let text = derivation_text(s, theme, derivation_area.width.saturating_sub(2));
    let max = scroll_max(&text, derivation_area.width, derivation_area.height.saturating_sub(2));
    let title = phase.map_or_else(|| "playing".to_string(), |p| phase_title(p, &names));
    let derivation = text.block(Block::bordered().title(format!(" {title} ")).title_bottom(" j/k scroll ")).scroll((s.scroll.min(max), 0));
    frame.render_widget(derivation, derivation_area);

    frame.render_widget(bodies_panel(s, &moved, bodies_area, theme), bodies_area);

    if has_lesson {
        let (title, narration) = narration(s, theme);
        let lesson = narration.block(Block::bordered().title(title).title_bottom(" J/K scroll ")).scroll((s.narration_scroll, 0));
        frame.render_widget(lesson, lesson_area);
    }

    if let Mode::Fields(ed) = &s.mode {
        field_editor(ed, theme, frame, derivation_area);
    }
    frame.render_widget(status_line(s, &names, theme), status);
}

/// The `e` editor, over the derivation: one row a field, its problem under it.
fn field_editor(ed: &FieldEditor, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut lines = vec![Line::styled("Values at the start of this frame. Enter applies, Esc cancels.", theme.dim()), Line::from("")];
    for (i, f) in ed.fields.iter().enumerate() {
        let focused = i == ed.focus;
        let marker = if focused { "▶ " } else { "  " };
        let cursor = if focused { "█" } else { "" };
        let style = if focused { theme.fg(Color::Yellow).add_modifier(Modifier::BOLD) } else { Style::default() };
        lines.push(Line::from(vec![Span::styled(format!("{marker}{:<28}", f.label), style), Span::raw(format!("{}{cursor}", f.text))]));
        if let Some(e) = &f.error {
            lines.push(Line::styled(format!("    {e}"), theme.fg(Color::LightRed)));
        }
    }
    frame.render_widget(Clear, area);
    let title = format!(" Edit {} (↑↓ field · Enter apply · Esc cancel) ", ed.name());
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)).wrap(Wrap { trim: false }), area);
}

/// The derivation: symbols, numbers put in, result, in the order computed;
/// on one line when that fits `width`, else one line each.
fn derivation_text(s: &Stepper, theme: &Theme, width: u16) -> Paragraph<'static> {
    if s.playing.is_some() {
        let text = "Playing: each frame is stepped without recording its phases, as fast as the engine goes. \
                    Space pauses here; the frame is then recorded, and n, N and every other key step through its phases.";
        return Paragraph::new(Line::styled(text, theme.dim())).wrap(Wrap { trim: true });
    }
    let phase = &s.record().phases[s.phase];
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let mut lines = Vec::new();
    for q in &phase.quantities(&names) {
        let d = derive(q);
        let Some((sym, numbers)) = d.symbols.zip(d.numbers) else {
            lines.push(Line::styled(d.result, theme.strong()));
            continue;
        };
        let (numbers, result) = (right_side(&numbers).to_string(), right_side(&d.result).to_string());
        let one = [sym.clone(), numbers.clone(), result.clone()].join(" = ");
        if one.chars().count() <= width as usize {
            lines.push(Line::from(vec![
                Span::styled(sym, theme.fg(Color::Cyan)),
                Span::raw(format!(" = {numbers} = ")),
                Span::styled(result, theme.strong()),
            ]));
        } else {
            let pad = " ".repeat(q.name.chars().count() + 1);
            lines.push(Line::styled(sym, theme.fg(Color::Cyan)));
            lines.push(Line::from(format!("{pad}= {numbers}")));
            lines.push(Line::styled(format!("{pad}= {result}"), theme.strong()));
        }
    }
    if lines.is_empty() {
        lines.push(Line::styled("(this phase computed no values)", theme.dim()));
    }
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

/// The lesson panel's title and text.
fn narration(s: &Stepper, theme: &Theme) -> (String, Paragraph<'static>) {
    let (step, here) = current_step(s);
    let (title, text) = match step {
        Some(st) if here => (format!(" {} ", st.title), st.text.trim().to_string()),
        Some(st) => (format!(" {} (continued) ", st.title), st.text.trim().to_string()),
        None => (" Lesson ".to_string(), "Press n to step to the next phase.".to_string()),
    };
    let style = if here { Style::default() } else { theme.dim() };
    (title, Paragraph::new(Text::styled(text, style)).wrap(Wrap { trim: true }))
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
    let theme = Theme { color: false };
    if app.help {
        let (lines, columns) = help_text(app, &theme, area);
        let inner = help_popup(lines.len() as u16, columns, area).height.saturating_sub(2);
        app.help_scroll = app.help_scroll.min((lines.len() as u16).div_ceil(columns).saturating_sub(inner));
    }
    if let Screen::Stepper(s) = &mut app.screen {
        let a = areas(s, &motion(s), area);
        let max = scroll_max(
            &derivation_text(s, &theme, a.derivation.width.saturating_sub(2)),
            a.derivation.width,
            a.derivation.height.saturating_sub(2),
        );
        s.scroll = s.scroll.min(max);
        let max = scroll_max(&narration(s, &theme).1, a.lesson.width, a.lesson.height.saturating_sub(2));
        s.narration_scroll = s.narration_scroll.min(max);
    }
}

/// The step anchored at the current phase, or else the last one before it
/// (with `false`), so the narration stays while unnarrated phases pass.
fn current_step(s: &Stepper) -> (Option<&StepEntry>, bool) {
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let here = (s.frame, s.phase);
    let mut best: Option<((u64, usize), &StepEntry)> = None;
    for step in &s.session.lesson.steps {
        if step.frame > s.frame {
            continue;
        }
        let at = if step.frame == s.frame && s.playing.is_none() {
            find_phase(s.record(), &step.anchor(), &names).map(|p| (step.frame, p))
        } else {
            Some((step.frame, usize::MAX))
        };
        if let Some(at) = at.filter(|at| *at <= here)
            && best.is_none_or(|(b, _)| at >= b)
        {
            best = Some((at, step));
        }
    }
    match best {
        Some((at, step)) => (Some(step), at == here),
        None => (None, false),
    }
}

/// One body's rows in the bodies panel: name and constants, then pose and
/// motion, two fields a row when they fit in `width`, else one.
fn body_block(s: &Stepper, states: &Motion, i: usize, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let vec2 = |v: glam::DVec2| format!("({}, {})", num(v.x), num(v.y));
    // A value this phase changed reads "before → after".
    let field = |label: &str, before: String, after: String| {
        if before == after {
            vec![Span::raw(format!("  {label} {after}"))]
        } else {
            vec![
                Span::raw(format!("  {label} ")),
                Span::styled(format!("{before} → {after}"), theme.fg(Color::LightGreen).add_modifier(Modifier::BOLD)),
            ]
        }
    };
    let mut lines = Vec::new();
    let mut pair = |first: Vec<Span<'static>>, second: Vec<Span<'static>>| {
        let len = |spans: &[Span]| spans.iter().map(|s| s.content.chars().count()).sum::<usize>();
        if 2 + len(&first) + len(&second) <= width {
            lines.push(Line::from([vec![Span::raw("  ")], first, second].concat()));
        } else {
            lines.push(Line::from([vec![Span::raw("  ")], first].concat()));
            lines.push(Line::from([vec![Span::raw("  ")], second].concat()));
        }
    };
    let (b, st, before) = (&s.bodies()[i], &states.after[i], states.before[i]);
    pair(field("x", vec2(before.position), vec2(st.position)), field("θ", num(before.angle), num(st.angle)));
    pair(field("v", vec2(before.velocity), vec2(st.velocity)), field("ω", num(before.angular_velocity), num(st.angular_velocity)));
    let selected = i == s.selected;
    let name_style = if selected { theme.fg(Color::Yellow).add_modifier(Modifier::BOLD) } else { theme.strong() };
    let mass = if b.is_static() { "static".to_string() } else { format!("m {} kg  I {} kg·m²", num(b.mass()), num(b.inertia())) };
    let header = Line::from(vec![
        Span::styled(format!("{}{}", if selected { "▶ " } else { "  " }, b.name), name_style),
        Span::styled(format!("  {mass}  e {}  μ {}", num(b.restitution), num(b.friction)), theme.dim()),
    ]);
    lines.insert(0, header);
    lines
}

/// Rows the bodies panel wants: exact for a few bodies, three each for many
/// (the panel then shows those around the selected one).
fn body_rows(s: &Stepper, states: &Motion, width: u16) -> u16 {
    let n = s.bodies().len();
    if n > 8 {
        return n as u16 * 3 + 2;
    }
    let plain = Theme { color: false };
    (0..n.min(states.after.len())).map(|i| body_block(s, states, i, width.saturating_sub(2) as usize, &plain).len() as u16).sum::<u16>() + 2
}

fn bodies_panel<'a>(s: &'a Stepper, states: &Motion, area: Rect, theme: &Theme) -> Paragraph<'a> {
    let width = area.width.saturating_sub(2) as usize;
    // Only the bodies in sight are formatted: the selected one, those before
    // it that fit, then those after it.
    let inner = area.height.saturating_sub(2) as usize;
    let n = s.bodies().len().min(states.after.len());
    let mut lines = Vec::new();
    if s.selected < n {
        lines = body_block(s, states, s.selected, width, theme);
        for i in (0..s.selected).rev() {
            let earlier = body_block(s, states, i, width, theme);
            if lines.len() + earlier.len() > inner {
                break;
            }
            lines.splice(0..0, earlier);
        }
        for i in s.selected + 1..n {
            if lines.len() >= inner {
                break;
            }
            lines.extend(body_block(s, states, i, width, theme));
        }
    }
    Paragraph::new(lines).block(Block::bordered().title(" Bodies (Tab selects) "))
}

fn status_line<'a>(s: &Stepper, names: &[String], theme: &Theme) -> Paragraph<'a> {
    let ask = |text: String| Paragraph::new(Line::styled(text, theme.fg(Color::Yellow).add_modifier(Modifier::BOLD)));
    match &s.mode {
        Mode::SaveAs(name) => {
            let why = s.note.as_deref().map(|n| format!("  {n}")).unwrap_or_default();
            return ask(format!(" Save as: {name}█   (Enter save · Esc cancel){why}"));
        }
        Mode::Overwrite(path) => {
            let why = s.note.as_deref().map(|n| format!("{n}. ")).unwrap_or_default();
            return ask(format!(" {why}Write over {}? y / n", path.display()));
        }
        _ => {}
    }
    let settings = s.settings();
    let mut parts = vec![format!("frame {}", s.frame)];
    if s.playing.is_none() {
        let record = s.record();
        let phase = &record.phases[s.phase];
        parts.push(format!("t {} s", num(record.time)));
        if let Some(k) = phase.iteration {
            parts.push(format!("pass {k}/{}", settings.relaxation_iterations));
        }
        if let Some((a, b)) = phase.pair {
            parts.push(format!("{}–{}", names[a], names[b]));
        }
        parts.push(format!("{} ({}/{})", phase.kind().name(), s.phase + 1, record.phases.len()));
    }
    parts.push(format!("tangent {}", settings.tangent.name()));
    if !settings.motion {
        parts.push("motion off".to_string());
    }
    if !settings.position_correction {
        parts.push("correction off".to_string());
    } else if settings.correction_rate != crate::engine::Settings::default().correction_rate {
        parts.push(format!("rate {}", num(settings.correction_rate)));
    }
    if s.running {
        // The rate really shown, measured by the shell, and the one asked for.
        parts.push(format!("▶ {:.0} of {} fps", s.measured_fps, num(SPEEDS[s.speed])));
    }
    // The note answers the last key, so it comes first and is never cut off.
    let mut spans = Vec::new();
    if let Some(note) = &s.note {
        spans.push(Span::styled(format!(" {note} │"), theme.fg(Color::Yellow)));
    }
    spans.push(Span::styled(format!(" {} ", parts.join(" · ")), theme.strong()));
    let hint = match &s.mode {
        Mode::Aim(shot) => format!(" aim {} m/s: ←→ turn · ↑↓ power · click · Enter fire · Esc cancel", num(shot.aim.length())),
        Mode::Fields(_) => " ↑↓ field · Enter apply · Esc cancel".to_string(),
        _ => " n/N phase · f/F frame · Space run · e edit · ? help · q quit".to_string(),
    };
    spans.push(Span::styled(hint, theme.dim()));
    Paragraph::new(Line::from(spans))
}

/// The key map of where the user is, then what the other modes of that
/// screen take; in two columns when the terminal is wide enough.
fn help_text(app: &App, theme: &Theme, area: Rect) -> (Vec<Line<'static>>, u16) {
    let scopes: &[Scope] = match &app.screen {
        Screen::Menu => &[Scope::Menu],
        Screen::Stepper(s) => match Scope::of(&s.mode) {
            Scope::Stepper => &[Scope::Stepper, Scope::Fields, Scope::Aim, Scope::SaveAs, Scope::Overwrite],
            Scope::Fields => &[Scope::Fields],
            Scope::Aim => &[Scope::Aim],
            Scope::SaveAs => &[Scope::SaveAs],
            _ => &[Scope::Overwrite],
        },
    };
    let mut lines: Vec<Line> = Vec::new();
    for &scope in scopes {
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        lines.push(Line::styled(scope.title(), theme.strong()));
        for (keys, what) in help_lines(scope) {
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:>13}  "), theme.fg(Color::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(what),
            ]));
        }
    }
    (lines, if area.width >= 140 { 2 } else { 1 })
}

fn help_popup(lines: u16, columns: u16, area: Rect) -> Rect {
    let h = (lines.div_ceil(columns) + 2).min(area.height);
    let w = (66 * columns + 2).min(area.width);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

fn help(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (lines, columns) = help_text(app, theme, area);
    let per_column = (lines.len() as u16).div_ceil(columns);
    let popup = help_popup(lines.len() as u16, columns, area);
    frame.render_widget(Clear, popup);
    let block = Block::bordered().title(" Keys (? or Esc closes · j/k scroll) ");
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let scroll = app.help_scroll.min(per_column.saturating_sub(inner.height));
    let cols = Layout::horizontal(vec![Constraint::Fill(1); columns as usize]).split(inner);
    for (k, col) in cols.iter().enumerate() {
        let part: Vec<Line> = lines.iter().skip(k * per_column as usize).take(per_column as usize).cloned().collect();
        frame.render_widget(Paragraph::new(part).scroll((scroll, 0)), *col);
    }
}
