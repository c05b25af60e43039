//! The derivation panel's text: each quantity of the phase on screen.

use super::Theme;
use crate::notation::{derive, right_side};
use crate::tui::app::Stepper;
use crate::tui::quiz::Part;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The derivation: symbols, numbers put in, result, in the order computed;
/// on one line when that fits `width`, else one line each.
pub(super) fn derivation_text(s: &Stepper, theme: &Theme, width: u16) -> Paragraph<'static> {
    if s.playing.is_some() {
        let text = "Playing: each frame is stepped without recording its phases, at the rate the status line shows. \
                    Space pauses here; the frame is then recorded, and n, N and every other key step through its phases.";
        return Paragraph::new(Line::styled(text, theme.dim())).wrap(Wrap { trim: true });
    }
    let phase = &s.record().phases[s.phase];
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let mut lines = Vec::new();
    // Quiz and presenter modes hide lines until they are answered or shown (`tui::quiz`).
    let hidden = s.hidden_lines();
    let veil = |i: usize, part: Part, text: String| if hidden.contains(&(i, part)) { "?".to_string() } else { text };
    for (i, q) in phase.quantities(&names).iter().enumerate() {
        let d = derive(q);
        let Some((sym, numbers)) = d.symbols.zip(d.numbers) else {
            let result = if hidden.contains(&(i, Part::Result)) { format!("{} = ?", q.name) } else { d.result };
            lines.push(Line::styled(result, theme.strong()));
            continue;
        };
        let (numbers, result) = (right_side(&numbers).to_string(), right_side(&d.result).to_string());
        // Whether it fits on one line is judged on the numbers, hidden or not, so showing them moves nothing.
        let one = [sym.clone(), numbers.clone(), result.clone()].join(" = ");
        let (numbers, result) = (veil(i, Part::Numbers, numbers), veil(i, Part::Result, result));
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
