//! The derivation panel's text: each quantity of the phase on screen.

use super::theme::Theme;
use crate::engine::{FaceTable, Shown};
use crate::notation::{FACE_CAPTION, FaceLine, derive_in, derive_veiled, face_lines_in, input_source, label_in, right_side};
use crate::tui::app::Stepper;
use crate::tui::words::fill;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The derivation: symbols, numbers put in, result, in the order computed;
/// on one line when that fits `width`, else one line each. The separating
/// axis test's faces are a table, as wide as fits.
pub(super) fn derivation_text(s: &Stepper, theme: &Theme, width: u16) -> Paragraph<'static> {
    if let Some(to) = s.awaited {
        return Paragraph::new(Line::styled(fill(theme.words.recording_text, &[&to.frame]), theme.dim())).wrap(Wrap { trim: true });
    }
    if s.playing.is_some() {
        return Paragraph::new(Line::styled(theme.words.playing_text, theme.dim())).wrap(Wrap { trim: true });
    }
    let phase = &s.record().phases.at(s.phase);
    let names = s.names();
    let mut lines = Vec::new();
    // Quiz and presenter modes hide results until they are answered or shown
    // (`Context::hidden_lines`); a hidden result is put into later formulas as its symbol.
    let hidden = s.hidden_lines();
    // The quiz numbers results by their place among the phase's quantities;
    // the faces' table stands for the quantities between the shown ones around it.
    let all = phase.quantities(&names);
    let veiled = |i: usize, input: &str| input_source(&all, i, input).is_some_and(|k| hidden.contains(&k));
    let mut table: Option<(FaceTable, usize)> = None;
    // While the table is held back, so are the plain results after it (least
    // penetration or separating axis, contact, depth): which of them there are
    // tells whether the boxes touch.
    let mut folded = false;
    let mut next = 0;
    let put_table = |table: Option<(FaceTable, usize)>, end: usize, lines: &mut Vec<Line<'static>>| {
        let (t, start) = table?;
        if hidden.iter().any(|k| (start..end).contains(k)) {
            lines.push(Line::styled(format!("{FACE_CAPTION}: {}", theme.words.faces_hidden), theme.dim()));
            return Some(true);
        }
        faces(&t, theme, width, lines);
        Some(false)
    };
    for shown in phase.shown(&names) {
        let q = match shown {
            Shown::Quantity(q) => q,
            Shown::Faces(t) => {
                table = Some((t, next));
                continue;
            }
        };
        let i = (next..all.len()).find(|&k| all[k].name == q.name).unwrap_or(next);
        if let Some(held) = put_table(table.take(), i, &mut lines) {
            folded = held;
        }
        next = i + 1;
        let d = derive_in(&q, theme.words.terms);
        let Some((sym, numbers)) = d.symbols.zip(d.numbers) else {
            if hidden.contains(&i) {
                if !folded {
                    lines.push(Line::styled(format!("{} = ?", label_in(&q.name, theme.words.terms)), theme.strong()));
                }
            } else {
                lines.push(Line::styled(d.result, theme.strong()));
            }
            continue;
        };
        let (numbers, result) = (right_side(&numbers).to_string(), right_side(&d.result).to_string());
        let veiled_numbers = derive_veiled(&q, theme.words.terms, |input| veiled(i, input)).numbers.map(|n| right_side(&n).to_string());
        // A formula whose every number is hidden reads as its symbols: it is not written twice.
        let symbols_only = veiled_numbers.as_deref().is_some_and(|n| right_side(&sym) == n);
        if folded && symbols_only && hidden.contains(&i) {
            continue;
        }
        folded = false;
        // Whether it fits on one line is judged on the numbers, hidden or not, so showing them moves nothing.
        let one = [sym.clone(), numbers.clone(), result.clone()].join(" = ");
        let numbers = veiled_numbers.unwrap_or(numbers);
        let result = if hidden.contains(&i) { "?".to_string() } else { result };
        let fits = one.chars().count() <= width as usize;
        let pad = " ".repeat(label_in(&q.name, theme.words.terms).chars().count() + 1);
        lines.extend(match (fits, symbols_only) {
            (true, true) => {
                vec![Line::from(vec![Span::styled(sym, theme.fg(Color::Cyan)), Span::raw(" = "), Span::styled(result, theme.strong())])]
            }
            (true, false) => vec![Line::from(vec![
                Span::styled(sym, theme.fg(Color::Cyan)),
                Span::raw(format!(" = {numbers} = ")),
                Span::styled(result, theme.strong()),
            ])],
            (false, true) => vec![Line::styled(sym, theme.fg(Color::Cyan)), Line::styled(format!("{pad}= {result}"), theme.strong())],
            (false, false) => vec![
                Line::styled(sym, theme.fg(Color::Cyan)),
                Line::from(format!("{pad}= {numbers}")),
                Line::styled(format!("{pad}= {result}"), theme.strong()),
            ],
        });
    }
    put_table(table.take(), all.len(), &mut lines);
    if lines.is_empty() {
        lines.push(Line::styled(theme.words.no_values, theme.dim()));
    }
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

/// The separating axis test's faces: the formula, then a row a face in the
/// widest layout that fits `width`, the face that decided in bold.
fn faces(table: &FaceTable, theme: &Theme, width: u16, lines: &mut Vec<Line<'static>>) {
    let terms = theme.words.terms;
    lines.push(Line::from(vec![
        Span::styled(FACE_CAPTION, theme.fg(Color::Cyan)),
        Span::styled(format!(": {}", terms.face_legend), theme.dim()),
    ]));
    for line in face_lines_in(table, Some(width as usize), terms) {
        lines.push(match line {
            FaceLine::Header(t) => Line::styled(t, theme.fg(Color::Cyan)),
            FaceLine::Group(t) | FaceLine::Hidden(t) => Line::styled(t, theme.dim()),
            FaceLine::Row { text, marked: true } => Line::styled(text, theme.strong()),
            FaceLine::Row { text, marked: false } => Line::from(text),
        });
    }
}
