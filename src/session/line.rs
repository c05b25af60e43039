//! One line of text being typed, with a cursor: every prompt of the TUI (an
//! answer, a breakpoint, A/B's overrides, a frame, a new name, a file name,
//! a field of the editor) edits its text with this, so ← → Home End,
//! Backspace and Delete, and a paste, work the same in all of them. A
//! field of the editor opens with its whole text selected, so that typing
//! replaces a value (no seven Backspaces to clear `17.1887`) and an arrow
//! key edits it.

use std::fmt;

/// A move of the cursor, or an erase next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKey {
    Left,
    Right,
    Home,
    End,
    /// Erases the character before the cursor.
    Backspace,
    /// Erases the character under the cursor.
    Delete,
}

/// The text and where the cursor stands in it, counted in characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
    cursor: usize,
    /// The whole text is selected: typing or a paste replaces it, Backspace
    /// and Delete erase it, ← Home and → End leave it at its start or end.
    selected: bool,
}

impl LineEdit {
    /// `text` with the cursor at its end, where typing goes on.
    pub fn new(text: impl Into<String>) -> LineEdit {
        let text = text.into();
        let cursor = text.chars().count();
        LineEdit { text, cursor, selected: false }
    }

    /// `text` selected whole, as a field of the editor opens.
    pub fn selected(text: impl Into<String>) -> LineEdit {
        LineEdit { selected: true, ..LineEdit::new(text) }
    }

    pub fn is_selected(&self) -> bool {
        self.selected
    }

    /// Selects the whole text again, the cursor at its end.
    pub fn select_all(&mut self) {
        *self = LineEdit::selected(std::mem::take(&mut self.text));
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The cursor, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    fn byte(&self, chars: usize) -> usize {
        self.text.char_indices().nth(chars).map_or(self.text.len(), |(i, _)| i)
    }

    /// Types `c` at the cursor. Control characters (a pasted newline) are not text.
    pub fn insert(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        if self.selected {
            self.clear();
        }
        let at = self.byte(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    /// Types each character of `pasted` at the cursor, a tab or newline as a space.
    pub fn paste(&mut self, pasted: &str) {
        for c in pasted.trim_end_matches(['\r', '\n']).chars() {
            self.insert(if c.is_whitespace() { ' ' } else { c });
        }
    }

    pub fn key(&mut self, key: LineKey) {
        let len = self.text.chars().count();
        if std::mem::take(&mut self.selected) {
            match key {
                LineKey::Left | LineKey::Home => self.cursor = 0,
                LineKey::Right | LineKey::End => self.cursor = len,
                LineKey::Backspace | LineKey::Delete => self.clear(),
            }
            return;
        }
        match key {
            LineKey::Left => self.cursor = self.cursor.saturating_sub(1),
            LineKey::Right => self.cursor = (self.cursor + 1).min(len),
            LineKey::Home => self.cursor = 0,
            LineKey::End => self.cursor = len,
            LineKey::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte(self.cursor);
                self.text.remove(at);
            }
            LineKey::Delete if self.cursor < len => {
                let at = self.byte(self.cursor);
                self.text.remove(at);
            }
            LineKey::Backspace | LineKey::Delete => {}
        }
    }

    pub fn clear(&mut self) {
        *self = LineEdit::default();
    }

    /// Replaces the text, the cursor at its end.
    pub fn set(&mut self, text: impl Into<String>) {
        *self = LineEdit::new(text);
    }

    /// The text with the cursor drawn in: a block at the end, a bar between
    /// two characters elsewhere. (A selection is drawn by the view that
    /// shows one, in its own style.)
    pub fn with_cursor(&self) -> String {
        let at = self.byte(self.cursor);
        if at == self.text.len() { format!("{}█", self.text) } else { format!("{}▏{}", &self.text[..at], &self.text[at..]) }
    }
}

impl fmt::Display for LineEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq<str> for LineEdit {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for LineEdit {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_move_and_erase_around_the_cursor() {
        let mut l = LineEdit::new("6 m/s");
        l.key(LineKey::Home);
        l.insert('-');
        assert_eq!(l.with_cursor(), "-▏6 m/s");
        l.key(LineKey::End);
        l.key(LineKey::Left);
        l.key(LineKey::Backspace);
        assert_eq!(l.as_str(), "-6 ms");
        l.key(LineKey::Home);
        l.key(LineKey::Delete);
        l.key(LineKey::Right);
        l.key(LineKey::Right);
        l.insert('·');
        assert_eq!((l.as_str(), l.cursor()), ("6 ·ms", 3));
        l.key(LineKey::Home);
        l.key(LineKey::Backspace);
        l.key(LineKey::End);
        l.key(LineKey::Delete);
        l.key(LineKey::Right);
        assert_eq!(l.with_cursor(), "6 ·ms█");
    }

    /// A selected text gives way to the first key: typing and a paste
    /// replace it, Backspace erases it, and an arrow leaves it for editing.
    #[test]
    fn a_selection_is_replaced_or_left_by_the_first_key() {
        let mut l = LineEdit::selected("17.1887");
        assert_eq!((l.is_selected(), l.cursor()), (true, 7));
        l.insert('4');
        l.insert('5');
        assert_eq!((l.as_str(), l.is_selected()), ("45", false));
        l.select_all();
        l.paste("90");
        assert_eq!(l.as_str(), "90");
        l.select_all();
        l.key(LineKey::Left);
        l.insert('1');
        assert_eq!(l.with_cursor(), "1▏90");
        l.select_all();
        l.key(LineKey::Right);
        assert_eq!((l.with_cursor(), l.is_selected()), ("190█".to_string(), false));
        l.select_all();
        l.key(LineKey::Backspace);
        assert!(l.is_empty());
    }

    #[test]
    fn a_paste_goes_in_at_the_cursor_on_one_line() {
        let mut l = LineEdit::new("()");
        l.key(LineKey::Left);
        l.paste("−2.88,\t−2.84\n");
        assert_eq!(l.as_str(), "(−2.88, −2.84)");
        assert_eq!(l.cursor(), 13);
    }
}
