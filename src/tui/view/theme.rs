//! How the screen is painted: colours (none under NO_COLOR) and the words of the language chosen.

use crate::lesson::Lang;
use crate::tui::words::{Words, words};
use ratatui::style::{Color, Modifier, Style};

pub(super) struct Theme {
    pub(super) color: bool,
    /// The language chosen, and the screen's words in it.
    pub(super) lang: Lang,
    pub(super) words: &'static Words,
}

impl Theme {
    pub(super) fn new(color: bool, lang: Lang) -> Theme {
        Theme { color, lang, words: words(lang) }
    }

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
