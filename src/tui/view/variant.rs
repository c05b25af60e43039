//! A/B on screen: B's bodies for the canvas, and the derivation as A | B
//! columns with the differing values marked. Both read B's records, kept by
//! the session; nothing is recomputed.

use super::theme::Theme;
use crate::engine::{Body, BodyState, Phase};
use crate::notation::{phase_title_in, value};
use crate::report::{DIFFERS, rows};
use crate::tui::app::Stepper;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// B's phase shown beside A's: the one with the same index in the same frame
/// (the last when B's frame has fewer), and B's bodies after it.
fn b_phase(s: &Stepper) -> Option<(Phase, usize, Vec<BodyState>, &[Body])> {
    let b = s.session.variant.as_ref().filter(|_| s.playing.is_none())?;
    let record = b.timeline.cached(s.frame)?;
    let k = s.phase.min(record.phases.len().checked_sub(1)?);
    let phase = record.phases.at(k).into_owned();
    let mut states = record.state_after(k);
    for c in phase.changes() {
        states[c.body] = c.after;
    }
    Some((phase, record.phases.len(), states, b.timeline.bodies(s.frame)))
}

/// B's bodies and their states after B's phase, to draw dimmed under A's.
pub(super) fn ghost(s: &Stepper) -> Option<(&[Body], Vec<BodyState>)> {
    b_phase(s).map(|(_, _, states, bodies)| (bodies, states))
}

/// The derivation panel in A/B: its title and the A | B table.
/// On a panel too narrow for three columns each value goes under its name.
pub(super) fn ab_text(s: &Stepper, theme: &Theme, panel: u16) -> Option<(String, Paragraph<'static>)> {
    let (b, b_count, _, b_bodies) = b_phase(s)?;
    let a = &s.record().phases.at(s.phase);
    let names: Vec<String> = s.bodies().iter().map(|x| x.name.clone()).collect();
    let b_names: Vec<String> = b_bodies.iter().map(|x| x.name.clone()).collect();
    let sets = s.session.variant.as_ref().map(|v| v.sets.join(" ")).unwrap_or_default();
    let mut lines = vec![Line::styled(format!("B: {sets}"), theme.dim())];
    let same_place = a.kind() == b.kind() && a.pair == b.pair && a.iteration == b.iteration;
    if !same_place || s.phase >= b_count {
        // The runs took different paths: say so rather than pair unlike phases.
        let a_count = s.record().phases.len();
        lines.push(Line::styled(
            format!(
                "The runs part here: A's phase {} of {a_count} is {}; B's is {} of {b_count}, {}.",
                s.phase + 1,
                phase_title_in(a, &names, theme.words.terms),
                (s.phase + 1).min(b_count),
                phase_title_in(&b, &b_names, theme.words.terms)
            ),
            theme.warning(),
        ));
        return Some((" A | B ".to_string(), Paragraph::new(lines).wrap(Wrap { trim: false })));
    }
    let table = rows(a, &b, &names);
    let shown = |v: &Option<crate::engine::Value>| v.as_ref().map_or("—".to_string(), value);
    let width = table.iter().map(|r| r.name.chars().count()).max().unwrap_or(0);
    let a_width = table.iter().map(|r| shown(&r.a).chars().count()).max().unwrap_or(0).max(1);
    let b_width = table.iter().map(|r| shown(&r.b).chars().count()).max().unwrap_or(0);
    let columns = 2 + width + 2 + a_width + 2 + b_width <= usize::from(panel);
    let style = |r: &crate::report::Row| {
        if r.differs() { theme.fg(Color::Yellow).add_modifier(ratatui::style::Modifier::BOLD) } else { Default::default() }
    };
    if columns {
        lines.push(Line::styled(format!("  {:width$}  {:a_width$}  B", "", "A"), theme.strong()));
    }
    for r in &table {
        let mark = if r.differs() { DIFFERS } else { " " };
        if columns {
            lines.push(Line::from(Span::styled(format!("{mark} {:width$}  {:a_width$}  {}", r.name, shown(&r.a), shown(&r.b)), style(r))));
        } else {
            lines.push(Line::from(Span::styled(format!("{mark} {}", r.name), style(r))));
            lines.push(Line::from(Span::styled(format!("    A {}  B {}", shown(&r.a), shown(&r.b)), style(r))));
        }
    }
    let differing = table.iter().filter(|r| r.differs()).count();
    lines.push(Line::styled(
        if differing == 0 { "A and B agree here.".to_string() } else { format!("{DIFFERS} {differing} of {} values differ.", table.len()) },
        theme.dim(),
    ));
    Some((format!(" A | B · {} ", phase_title_in(a, &names, theme.words.terms)), Paragraph::new(lines).wrap(Wrap { trim: false })))
}
