//! The field editors' popup (`e` a body, `O` the settings), drawn over the derivation panel.

use super::theme::Theme;
use crate::tui::fields::FieldEditor;
use crate::tui::words::fill;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

/// The labels' column: at least this wide, so the values line up as before.
const LABELS: usize = 28;
/// Room left for the values, the widest a name (`◀ symplectic-euler ▶`); a
/// panel narrower than the labels and this puts each value after its label.
const VALUES: usize = 22;

/// One row a field, its problem under it; a choice shows ◀ ▶ when focused.
/// On a short panel the text scrolls to keep the focused field and its problem in sight.
pub(super) fn field_editor(ed: &FieldEditor, theme: &Theme, frame: &mut Frame, area: Rect) {
    let title = match ed.name() {
        Some(name) => fill(theme.words.edit_title, &[&name]),
        None => theme.words.settings_title.to_string(),
    };
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    let mut lines = vec![Line::styled(theme.words.fields_intro, theme.dim()), Line::from("")];
    let column = ed.fields.iter().map(|f| f.label.width() + 2).max().unwrap_or(0).max(LABELS);
    let aligned = usize::from(inner.width) >= 2 + column + VALUES;
    let mut focus_end = lines.len();
    for (i, f) in ed.fields.iter().enumerate() {
        let focused = i == ed.focus;
        let marker = if focused { "▶ " } else { "  " };
        // A selected text is shown reversed (typing replaces it); else the cursor where typing goes.
        let value = match (focused, f.choices.is_empty()) {
            (true, true) if f.text.is_selected() => {
                vec![Span::styled(f.text.to_string(), Style::default().add_modifier(Modifier::REVERSED))]
            }
            (true, true) => vec![Span::raw(f.text.with_cursor())],
            (true, false) => vec![Span::raw(format!("◀ {} ▶", f.text))],
            (false, _) => vec![Span::raw(f.text.to_string())],
        };
        let style = if focused { theme.fg(Color::Yellow).add_modifier(Modifier::BOLD) } else { Style::default() };
        let pad = if aligned { " ".repeat(column - f.label.width()) } else { ": ".to_string() };
        lines.push(Line::from([vec![Span::styled(format!("{marker}{}{pad}", f.label), style)], value].concat()));
        if let Some(e) = &f.error {
            lines.push(Line::styled(format!("    {e}"), theme.fg(Color::LightRed)));
        }
        if focused {
            focus_end = lines.len();
        }
    }
    let rows = |n: usize| Paragraph::new(lines[..n].to_vec()).wrap(Wrap { trim: false }).line_count(inner.width);
    let scroll = rows(focus_end).saturating_sub(usize::from(inner.height));
    // Fields cut off below say so on the border.
    let block = if scroll + usize::from(inner.height) < rows(lines.len()) {
        block.title_bottom(format!(" {} ", theme.words.more_below))
    } else {
        block
    };
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }).scroll((scroll as u16, 0)), area);
}
