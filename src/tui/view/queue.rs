//! Sedgewick & Wayne's priority queue, beside the derivation: the next events as the
//! step recorded them at the phase on screen (or the last phase before it
//! that looked at the queue), earliest first, each valid or stale.

use super::theme::Theme;
use crate::engine::event::{Queued, Target};
use crate::engine::{PhaseData, PhaseKind};
use crate::notation::num;
use crate::tui::app::Stepper;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

/// Rows the queue panel takes: its title and border, a header and eight events.
pub(super) const QUEUE_ROWS: u16 = 11;

/// The queue at the phase on screen: the one its record, or the nearest
/// earlier record of the frame, kept.
/// While the phase's results are hidden, its own queue is one of them (a
/// predicted time is the answer to "when do they touch?"): the one before it shows.
fn snapshot(s: &Stepper) -> Option<Vec<Queued>> {
    let phases = &s.record().phases;
    let here = if s.outcome_hidden() { s.phase.checked_sub(1)? } else { s.phase };
    let last = here.min(phases.len().checked_sub(1)?);
    (0..=last).rev().filter(|&k| matches!(phases.kind(k), PhaseKind::Event | PhaseKind::Predict)).find_map(|k| {
        match phases.at(k).into_owned().data {
            PhaseData::Event(e) if e.hit.is_some() => Some(e.queue),
            PhaseData::Predict(p) => Some(p.queue),
            _ => None,
        }
    })
}

fn what(q: &Queued, names: &[String]) -> String {
    let name = |i: usize| names.get(i).map_or("?", String::as_str);
    match q.target {
        Target::Disc(j) => format!("{}–{}", name(q.a), name(j)),
        Target::Face { body, .. } => format!("{} → {}", name(q.a), name(body)),
        Target::End { body, which, .. } => format!("{} → {}'s {}", name(q.a), name(body), if which == 0 { "start" } else { "end" }),
    }
}

pub(super) fn queue_panel(s: &Stepper, names: &[String], theme: &Theme) -> Paragraph<'static> {
    let mut lines = vec![Line::styled(format!("{:<12} {:<6} {}", "t (s)", "", theme.words.queue_hit), theme.dim())];
    if s.playing.is_some() {
        lines.push(Line::styled(theme.words.queue_playing, theme.dim()));
    } else if let Some(queue) = snapshot(s).filter(|q| !q.is_empty()) {
        // Whether an event is still valid is what the phase works out: hidden with its results.
        let hidden = s.outcome_hidden();
        for q in queue {
            let (mark, style) = match (hidden, q.valid) {
                (true, _) => ("?", theme.dim()),
                (false, true) => (theme.words.valid, theme.fg(Color::LightGreen)),
                (false, false) => (theme.words.stale, theme.fg(Color::LightRed)),
            };
            lines.push(Line::from(vec![
                Span::raw(format!("{:<12} ", num(q.t))),
                Span::styled(format!("{mark:<6} "), style),
                Span::raw(what(&q, names)),
            ]));
        }
    } else if s.outcome_hidden() {
        lines.push(Line::styled(theme.words.totals_hidden, theme.dim()));
    } else {
        lines.push(Line::styled(theme.words.queue_empty, theme.dim()));
    }
    Paragraph::new(lines).block(Block::bordered().title(theme.words.queue_title))
}
