//! The bodies panel: each body's constants, pose and motion, before → after.

use super::theme::Theme;
use crate::engine::BodyState;
use crate::geometry::{Pose, Shape, segment_ends};
use crate::notation::{action_text_in, num_near, state_scale};
use crate::tui::app::Stepper;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The bodies before and after the phase on screen, read from the records.
pub(super) struct Motion {
    pub(super) before: Vec<BodyState>,
    pub(super) after: Vec<BodyState>,
}

pub(super) fn motion(s: &Stepper) -> Motion {
    match &s.playing {
        Some(end) => Motion { before: end.clone(), after: end.clone() },
        // A hidden result must not show as the bodies after the phase.
        None if s.outcome_hidden() => {
            let before = s.states_after(s.phase);
            Motion { after: before.clone(), before }
        }
        None => {
            // The state after is the state before with this phase's changes: one
            // pass over the frame's records, not two.
            let before = s.states_after(s.phase);
            let mut after = before.clone();
            for c in s.record().phases.changes(s.phase) {
                after[c.body] = c.after;
            }
            Motion { before, after }
        }
    }
}

/// One body's rows in the bodies panel: name and constants, then pose and
/// motion, two fields a row when they fit in `width`, else one.
fn body_block(s: &Stepper, states: &Motion, i: usize, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    // Round-off reads 0 beside the body's own numbers (an ω of 1e-15 after a smooth impulse).
    let scale = state_scale(&states.before[i]).max(state_scale(&states.after[i]));
    let num = |x: f64| num_near(x, scale);
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
    if let Shape::Segment { half } = b.shape {
        // A wall never moves: its ends say all there is.
        let [from, to] = segment_ends(half, Pose::new(st.position, st.angle));
        let terms = theme.words.terms;
        pair(field(terms.name("from"), vec2(from), vec2(from)), field(terms.name("to"), vec2(to), vec2(to)));
    } else {
        pair(field("x", vec2(before.position), vec2(st.position)), field("θ", num(before.angle), num(st.angle)));
        pair(field("v", vec2(before.velocity), vec2(st.velocity)), field("ω", num(before.angular_velocity), num(st.angular_velocity)));
    }
    let selected = i == s.selected;
    let name_style = if selected { theme.fg(Color::Yellow).add_modifier(Modifier::BOLD) } else { theme.strong() };
    let mass = if matches!(b.shape, Shape::Segment { .. }) {
        theme.words.wall.to_string()
    } else if b.is_static() {
        theme.words.fixed.to_string()
    } else {
        format!("m {} kg  I {} kg·m²", num(b.mass()), num(b.inertia()))
    };
    let name = format!("{}{}", if selected { "▶ " } else { "  " }, b.name);
    let material = format!("e {}  μ {}", num(b.restitution), num(b.friction));
    // The material goes under the name where one line would cut it (an "e 0"
    // for e 0.2 at 80 columns).
    if name.width() + mass.width() + material.width() + 4 <= width {
        lines.insert(0, Line::from(vec![Span::styled(name, name_style), Span::styled(format!("  {mass}  {material}"), theme.dim())]));
    } else {
        lines.insert(0, Line::from(vec![Span::styled(name, name_style), Span::styled(format!("  {mass}"), theme.dim())]));
        lines.insert(1, Line::styled(format!("    {material}"), theme.dim()));
    }
    lines
}

/// Rows the bodies panel wants: exact for a few bodies, three each for many
/// (the panel then shows those around the selected one).
pub(super) fn body_rows(s: &Stepper, states: &Motion, width: u16) -> u16 {
    let n = s.bodies().len();
    let actions = acting(s).len() as u16;
    if n > 8 {
        return n as u16 * 3 + 2 + actions;
    }
    let plain = Theme::new(false, s.lang);
    (0..n.min(states.after.len())).map(|i| body_block(s, states, i, width.saturating_sub(2) as usize, &plain).len() as u16).sum::<u16>()
        + 2
        + actions
}

/// The scene's actions at work in the frame on screen, one line each, first in the panel.
fn acting(s: &Stepper) -> Vec<String> {
    let bodies = s.bodies();
    let actions = s.session.timeline.actions(s.frame).iter().filter(|a| a.acts_in(s.frame) && a.body < bodies.len());
    let terms = s.lang.terms();
    actions.map(|a| terms.action.on.replace("{0}", &bodies[a.body].name).replace("{1}", &action_text_in(&a.kind, terms))).collect()
}

pub(super) fn bodies_panel<'a>(s: &'a Stepper, states: &Motion, area: Rect, theme: &Theme) -> Paragraph<'a> {
    let width = area.width.saturating_sub(2) as usize;
    // Only the bodies in sight are formatted: the selected one, those before
    // it that fit, then those after it.
    let inner = area.height.saturating_sub(2) as usize;
    let n = s.bodies().len().min(states.after.len());
    let mut lines = Vec::new();
    let acting: Vec<Line> = acting(s).into_iter().map(|a| Line::styled(a, theme.fg(Color::LightRed))).collect();
    let inner = inner.saturating_sub(acting.len());
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
    Paragraph::new([acting, lines].concat()).block(Block::bordered().title(theme.words.bodies_title))
}
