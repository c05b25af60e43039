//! The derivation panel's text: each quantity of the phase on screen.

use super::Theme;
use crate::engine::{FaceTable, Shown};
use crate::notation::{FACE_CAPTION, FACE_LEGEND, FaceLine, derive, face_lines, right_side};
use crate::tui::app::Stepper;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The derivation: symbols, numbers put in, result, in the order computed;
/// on one line when that fits `width`, else one line each. The separating
/// axis test's faces are a table, as wide as fits.
pub(super) fn derivation_text(s: &Stepper, theme: &Theme, width: u16) -> Paragraph<'static> {
    if s.playing.is_some() {
        let text = "Playing: each frame is stepped without recording its phases, at the rate the status line shows. \
                    Space pauses here; the frame is then recorded, and n, N and every other key step through its phases.";
        return Paragraph::new(Line::styled(text, theme.dim())).wrap(Wrap { trim: true });
    }
    let phase = &s.record().phases[s.phase];
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let mut lines = Vec::new();
    for shown in phase.shown(&names) {
        let q = match shown {
            Shown::Quantity(q) => q,
            Shown::Faces(table) => {
                faces(&table, theme, width, &mut lines);
                continue;
            }
        };
        let d = derive(&q);
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

/// The separating axis test's faces: the formula, then a row a face in the
/// widest layout that fits `width`, the face that decided in bold.
fn faces(table: &FaceTable, theme: &Theme, width: u16, lines: &mut Vec<Line<'static>>) {
    lines.push(Line::from(vec![Span::styled(FACE_CAPTION, theme.fg(Color::Cyan)), Span::styled(format!(": {FACE_LEGEND}"), theme.dim())]));
    for line in face_lines(table, Some(width as usize)) {
        lines.push(match line {
            FaceLine::Header(t) => Line::styled(t, theme.fg(Color::Cyan)),
            FaceLine::Group(t) | FaceLine::Hidden(t) => Line::styled(t, theme.dim()),
            FaceLine::Row { text, marked: true } => Line::styled(text, theme.strong()),
            FaceLine::Row { text, marked: false } => Line::from(text),
        });
    }
}
