//! The lesson menu: the title and the list of lessons to open.

use super::Theme;
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, List, ListItem, ListState, Paragraph};

pub(super) fn menu(app: &App, theme: &Theme, frame: &mut Frame, area: Rect) {
    let [top, list, bottom] = Layout::vertical([Constraint::Length(3), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    let title = Text::from(vec![
        Line::styled("impulse — step through 2D rigid-body collisions, one phase at a time", theme.strong()),
        Line::styled("Pick a lesson. Each runs the real engine and stops at every phase to show its numbers.", theme.dim()),
    ]);
    frame.render_widget(
        Paragraph::new(title).block(Block::new().borders(ratatui::widgets::Borders::NONE)),
        top.inner(ratatui::layout::Margin::new(1, 0)),
    );
    let items: Vec<ListItem> = app
        .lessons
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let l = s.section.as_ref()?;
            Some(ListItem::new(Text::from(vec![
                Line::from(vec![
                    Span::styled(format!("{}. {}", i + 1, l.title), theme.strong()),
                    Span::styled(format!("  ({})", l.id), theme.dim()),
                ]),
                Line::from(format!("   {}", l.summary)),
                Line::from(""),
            ])))
        })
        .collect();
    let highlight =
        if theme.color { Style::default().bg(Color::Blue).fg(Color::White) } else { Style::default().add_modifier(Modifier::REVERSED) };
    let list_widget = List::new(items).block(Block::bordered().title(" Lessons ")).highlight_style(highlight).highlight_symbol("▶ ");
    let mut state = ListState::default().with_selected(Some(app.menu_selected));
    frame.render_stateful_widget(list_widget, list, &mut state);
    frame.render_widget(Paragraph::new(" ↑↓ choose · Enter open · ? help · q quit").style(theme.dim()), bottom);
}
