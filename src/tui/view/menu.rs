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
    let back = app.left.as_ref().map(|s| {
        let name = s.session.lesson.section.as_ref().map_or(s.session.lesson.file.clone(), |l| l.title.clone());
        let edited = if s.dirty() { ", edits kept" } else { "" };
        ListItem::new(Text::from(vec![
            Line::styled(format!("↩ Back to {name}"), theme.strong()),
            Line::from(format!("   where you left it: frame {}{edited}", s.frame)),
            Line::from(""),
        ]))
    });
    let items: Vec<ListItem> = back
        .into_iter()
        .chain(app.lessons.iter().enumerate().filter_map(|(i, s)| {
            let l = s.section.as_ref()?;
            Some(ListItem::new(Text::from(vec![
                Line::from(vec![
                    Span::styled(format!("{}. {}", i + 1, l.title), theme.strong()),
                    Span::styled(format!("  ({})", l.id), theme.dim()),
                ]),
                Line::from(format!("   {}", l.summary)),
                Line::from(""),
            ])))
        }))
        .collect();
    let highlight =
        if theme.color { Style::default().bg(Color::Blue).fg(Color::White) } else { Style::default().add_modifier(Modifier::REVERSED) };
    let list_widget = List::new(items).block(Block::bordered().title(" Lessons ")).highlight_style(highlight).highlight_symbol("▶ ");
    let mut state = ListState::default().with_selected(Some(app.menu_selected));
    frame.render_stateful_widget(list_widget, list, &mut state);
    let line = app.menu_note.clone().map_or(" ↑↓ choose · Enter open · ? help · q quit".to_string(), |n| format!(" {n}"));
    frame.render_widget(Paragraph::new(line).style(if app.menu_note.is_some() { theme.warning() } else { theme.dim() }), bottom);
}
