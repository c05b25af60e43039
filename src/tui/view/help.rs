//! The help popup: the key map of where the user is.

use super::theme::Theme;
use crate::tui::app::{App, Screen};
use crate::tui::keys::{Scope, help_lines};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// Columns of the help: the widest key label, two spaces and a line of help
/// (the key map keeps each to 44 columns), so two fit side by side in 120.
const LABEL: usize = 13;
const COLUMN: u16 = (LABEL + 2 + 44) as u16;

/// The key map of where the user is (the stepper's own keys, or those of the
/// mode it is in: each mode shows its keys when entered), in as many columns
/// as it needs to fit the screen's height and the width allows.
pub(super) fn help_text(app: &App, theme: &Theme, area: Rect) -> (Vec<Line<'static>>, u16) {
    let area = help_area(area);
    let scopes: &[Scope] = match &app.screen {
        Screen::Menu => &[Scope::Menu],
        Screen::Stepper(s) => match s.mode.scope() {
            Scope::Stepper => &[Scope::Stepper],
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
                Span::styled(format!("{keys:>LABEL$}  "), theme.fg(Color::Cyan).add_modifier(Modifier::BOLD)),
                Span::raw(what),
            ]));
        }
    }
    if scopes[0] == Scope::Stepper {
        lines.push(Line::styled(theme.words.help_modes, theme.dim()));
        lines.push(Line::styled(theme.words.help_recording, theme.dim()));
    }
    let rows = usize::from(area.height.saturating_sub(2).max(1));
    let most = (area.width.saturating_sub(2) / COLUMN).max(1);
    let columns = lines.len().div_ceil(rows).clamp(1, usize::from(most)) as u16;
    (lines, columns)
}

/// Where the help goes: the screen above its status line, which stays in sight.
pub(super) fn help_area(screen: Rect) -> Rect {
    Rect { height: screen.height.saturating_sub(1), ..screen }
}

pub(super) fn help_popup(lines: u16, columns: u16, area: Rect) -> Rect {
    let area = help_area(area);
    let h = (lines.div_ceil(columns) + 2).min(area.height);
    let w = (COLUMN * columns + 2).min(area.width);
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
    // What does not fit scrolls, and the border says there is more.
    if scroll + inner.height < per_column {
        frame.render_widget(Block::new().title_bottom(theme.words.help_more), popup);
    }
    let cols = Layout::horizontal(vec![Constraint::Length(COLUMN); columns as usize]).split(inner);
    for (k, col) in cols.iter().enumerate() {
        let part: Vec<Line> = lines.iter().skip(k * per_column as usize).take(per_column as usize).cloned().collect();
        frame.render_widget(Paragraph::new(part).scroll((scroll, 0)), *col);
    }
}
