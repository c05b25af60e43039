//! How the screen is painted: colours (none under NO_COLOR) and the words of the language chosen.

use crate::tui::words::Words;
use ratatui::style::{Color, Modifier, Style};

pub(super) struct Theme {
    pub(super) color: bool,
    /// The screen's words in the language chosen.
    pub(super) words: &'static Words,
}

impl Theme {
    pub(super) fn fg(&self, c: Color) -> Style {
        if self.color { Style::default().fg(c) } else { Style::default() }
    }
    pub(super) fn strong(&self) -> Style {
        Style::default().add_modifier(Modifier::BOLD)
    }
    /// What no longer matches: the stale-narration banner.
    pub(super) fn warning(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub(super) fn dim(&self) -> Style {
        if self.color { Style::default().fg(Color::DarkGray) } else { Style::default().add_modifier(Modifier::DIM) }
    }
}
