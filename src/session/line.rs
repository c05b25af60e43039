//! One line of text being typed, with a cursor: every prompt of the TUI (an
//! answer, a breakpoint, A/B's overrides, a frame, a new name, a file name,
//! a field of the editor) edits its text with this, so ← → Home End,
//! Backspace and Delete, and a paste, work the same in all of them.

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
}

impl LineEdit {
    /// `text` with the cursor at its end, where typing goes on.
    pub fn new(text: impl Into<String>) -> LineEdit {
        let text = text.into();
        let cursor = text.chars().count();
        LineEdit { text, cursor }
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
    /// two characters elsewhere.
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

    #[test]
    fn a_paste_goes_in_at_the_cursor_on_one_line() {
        let mut l = LineEdit::new("()");
        l.key(LineKey::Left);
        l.paste("−2.88,\t−2.84\n");
        assert_eq!(l.as_str(), "(−2.88, −2.84)");
        assert_eq!(l.cursor(), 13);
    }
}
