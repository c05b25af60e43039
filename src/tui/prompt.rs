//! A one-line prompt on the status line: what it asks for and its text.

use crate::session::line::LineEdit;

/// What a prompt on the status line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Breakpoint,
    Frame,
    /// A/B's overrides.
    Variant,
    /// A new name for the selected body.
    Rename,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub ask: Ask,
    pub text: LineEdit,
    /// Which history entry ↑ ↓ show, counted back from the newest.
    pub(super) back: Option<usize>,
}

impl Prompt {
    pub fn new(ask: Ask) -> Prompt {
        Prompt { ask, text: LineEdit::default(), back: None }
    }
}
