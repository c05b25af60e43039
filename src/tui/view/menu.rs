//! The lesson menu: the title and the list of lessons to open.

use super::theme::Theme;
use crate::tui::app::App;
use crate::tui::keys::{Scope, hints};
use crate::tui::note::note_text;
use crate::tui::words::fill;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph};
use unicode_width::UnicodeWidthStr;

pub(super) fn menu(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let [top, list, bottom] = Layout::vertical([Constraint::Length(3), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let title = Text::from(vec![Line::styled(theme.words.menu_heading, theme.strong()), Line::styled(theme.words.menu_intro, theme.dim())]);
    frame.render_widget(Paragraph::new(title).wrap(ratatui::widgets::Wrap { trim: true }), top.inner(ratatui::layout::Margin::new(1, 0)));
    // A summary longer than the list is cut at a character and marked "…".
    let width = usize::from(list.width.saturating_sub(4));
    let back = app.left.as_ref().map(|s| {
        let name = s.session.lesson.section.as_ref().map_or(s.session.lesson.file.clone(), |l| l.title(app.lang).to_string());
        let edited = if s.dirty() { theme.words.edits_kept } else { "" };
        ListItem::new(Text::from(vec![
            Line::styled(fill(theme.words.menu_back, &[&name]), theme.strong()),
            Line::from(fill(theme.words.menu_where, &[&s.frame, &edited])),
            Line::from(""),
        ]))
    });
    let items: Vec<ListItem> = back
        .into_iter()
        .chain(app.lessons.iter().enumerate().filter_map(|(i, s)| {
            let l = s.section.as_ref()?;
            // The title whole; then the id and source, or the id alone, or as much as fits.
            let title = format!("{}. {}", i + 1, l.title(app.lang));
            let source = l.source.map(|s| format!(" · {}", s.short_in(app.lang))).unwrap_or_default();
            let room = width.saturating_sub(title.width());
            let tag = [format!("  ({}{source})", l.id), format!("  ({})", l.id)].into_iter().find(|t| t.width() <= room);
            let heading = match tag {
                Some(tag) => vec![Span::styled(title, theme.strong()), Span::styled(tag, theme.dim())],
                None => vec![Span::styled(clipped(&title, width), theme.strong())],
            };
            Some(ListItem::new(Text::from(vec![
                Line::from(heading),
                Line::from(clipped(&format!("   {}", l.summary(app.lang)), width)),
                Line::from(""),
            ])))
        }))
        .collect();
    let highlight =
        if theme.color { Style::default().bg(Color::Blue).fg(Color::White) } else { Style::default().add_modifier(Modifier::REVERSED) };
    let list_widget =
        List::new(items).block(Block::bordered().title(theme.words.menu_title)).highlight_style(highlight).highlight_symbol("▶ ");
    let count = list_widget.len();
    let mut state = ListState::default().with_selected(Some(app.menu_selected));
    frame.render_stateful_widget(list_widget, list, &mut state);
    // Lessons below the list's bottom say so on its border (each takes three rows).
    let shown = usize::from(list.height.saturating_sub(2)) / 3;
    if state.offset() + shown < count {
        frame.render_widget(
            Block::new().title_bottom(format!(" {} ", theme.words.more_below)),
            list.inner(ratatui::layout::Margin::new(1, 0)),
        );
    }
    let line = app.menu_note.as_ref().map_or_else(|| hints(Scope::Menu, app.lang, usize::MAX), |n| format!(" {}", note_text(n, app.lang)));
    frame.render_widget(Paragraph::new(line).style(if app.menu_note.is_some() { theme.warning() } else { theme.dim() }), bottom);
}

/// `text` within `columns`, its cut marked with "…".
fn clipped(text: &str, columns: usize) -> String {
    if text.width() <= columns { text.to_string() } else { super::status::cut(text, columns.saturating_sub(1)) + "…" }
}
