//! The field-editor popup (`e`), drawn over the derivation panel.

use super::Theme;
use crate::tui::fields::FieldEditor;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The `e` editor, over the derivation: one row a field, its problem under it.
pub(super) fn field_editor(ed: &FieldEditor, theme: &Theme, frame: &mut Frame, area: Rect) {
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
