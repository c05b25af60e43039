//! The help popup: the key map of where the user is.

use super::Theme;
use crate::tui::app::{App, Screen};
use crate::tui::keys::{Scope, help_lines};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The key map of where the user is, then what the other modes of that
/// screen take; in two columns when the terminal is wide enough.
pub(super) fn help_text(app: &App, theme: &Theme, area: Rect) -> (Vec<Line<'static>>, u16) {
    let scopes: &[Scope] = match &app.screen {
        Screen::Menu => &[Scope::Menu],
        Screen::Stepper(s) => match Scope::of(&s.mode) {
            Scope::Stepper => {
                &[Scope::Stepper, Scope::Answer, Scope::Fields, Scope::Aim, Scope::SaveAs, Scope::Overwrite, Scope::Prompt, Scope::Breaks]
            }
            Scope::Fields => &[Scope::Fields],
            Scope::Aim => &[Scope::Aim],
            Scope::SaveAs => &[Scope::SaveAs],
            Scope::Prompt => &[Scope::Prompt],
            Scope::Breaks => &[Scope::Breaks],
            Scope::Answer => &[Scope::Answer, Scope::Stepper],
            _ => &[Scope::Overwrite],
        },
    };
    let mut lines: Vec<Line> = Vec::new();
    for &scope in scopes {
        if !lines.is_empty() {
            lines.push(Line::from(""));
        }
        lines.push(Line::styled(scope.title(theme.words), theme.strong()));
        for (keys, what) in help_lines(scope, app.lang) {
            lines.push(Line::from(vec![
                Span::styled(format!("{keys:>13}  "), theme.fg(Color::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(what),
            ]));
        }
    }
    (lines, if area.width >= 140 { 2 } else { 1 })
}

pub(super) fn help_popup(lines: u16, columns: u16, area: Rect) -> Rect {
    let h = (lines.div_ceil(columns) + 2).min(area.height);
    let w = (66 * columns + 2).min(area.width);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

pub(super) fn help(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (lines, columns) = help_text(app, theme, area);
    let per_column = (lines.len() as u16).div_ceil(columns);
    let popup = help_popup(lines.len() as u16, columns, area);
    frame.render_widget(Clear, popup);
    let block = Block::bordered().title(theme.words.help_title);
    let inner = block.inner(popup);
    frame.render_widget(block, popup);
    let scroll = app.help_scroll.min(per_column.saturating_sub(inner.height));
    let cols = Layout::horizontal(vec![Constraint::Fill(1); columns as usize]).split(inner);
    for (k, col) in cols.iter().enumerate() {
        let part: Vec<Line> = lines.iter().skip(k * per_column as usize).take(per_column as usize).cloned().collect();
        frame.render_widget(Paragraph::new(part).scroll((scroll, 0)), *col);
    }
}
