//! A key binding and where it applies. Each mode keeps its own table of them
//! (`tui/modes/`); `keys.rs` puts the tables together into the one key map that
//! dispatches keys, writes the help screen and the status line's hints.

use super::msg::Msg;
use super::words::Words;
use crate::lesson::Lang;
use crossterm::event::{KeyCode, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    Menu,
    Stepper,
    /// The field editor (`e`): typing goes into the field.
    Fields,
    Aim,
    /// Typing a file name to save to.
    SaveAs,
    Overwrite,
    /// Typing a breakpoint's condition or a frame number.
    Prompt,
    /// The breakpoint list (`B`).
    Breaks,
    /// Answering a quiz question: every key is typed into the answer.
    Answer,
    /// Every prompt where text is typed: the line editor's keys.
    Typing,
    /// Menu, stepper, aiming and the overwrite question; not where text is typed.
    Everywhere,
    /// Every screen, typing included.
    Always,
}

impl Scope {
    pub fn types_text(self) -> bool {
        matches!(self, Scope::Fields | Scope::SaveAs | Scope::Prompt | Scope::Answer)
    }

    /// Whether a binding of scope `binding` applies here.
    pub fn includes(self, binding: Scope) -> bool {
        binding == self
            || binding == Scope::Always
            || (binding == Scope::Everywhere && !self.types_text())
            || (binding == Scope::Typing && self.types_text())
    }

    /// The heading of this scope's part of the help screen.
    pub fn title(self, w: &Words) -> &'static str {
        match self {
            Scope::Menu => w.scope_menu,
            Scope::Stepper => w.scope_stepper,
            Scope::Fields => w.scope_fields,
            Scope::Aim => w.scope_aim,
            Scope::SaveAs => w.scope_save_as,
            Scope::Overwrite => w.scope_overwrite,
            Scope::Prompt => w.scope_prompt,
            Scope::Breaks => w.scope_breaks,
            Scope::Answer => w.scope_answer,
            Scope::Typing => w.scope_prompt,
            Scope::Everywhere | Scope::Always => w.scope_everywhere,
        }
    }
}

pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// How the keys are written on the help screen.
    pub label: &'static str,
    /// What they do, in English and in Chinese.
    pub help: [&'static str; 2],
    /// The status line's short form of the keys and what they do (`n/N phase`),
    /// in English and in Chinese; empty for a binding the status line leaves to the help.
    pub hint: [&'static str; 2],
    pub msg: Msg,
    pub scope: Scope,
}

/// The status line's hints of `bindings`, in their order and in `lang`: `Enter save · Esc cancel`.
pub fn hint_line<'a>(bindings: impl IntoIterator<Item = &'a Binding>, lang: Lang) -> String {
    let which = usize::from(lang == Lang::Zh);
    let hints: Vec<&str> = bindings.into_iter().map(|b| b.hint[which]).filter(|h| !h.is_empty()).collect();
    hints.join(" · ")
}

pub const NONE: KeyModifiers = KeyModifiers::NONE;
pub const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// A binding: scope, label, help in English and Chinese, message, keys; after
/// `hint:` the status line's short form in both languages.
macro_rules! bind {
    ($scope:ident, $label:literal, $help:literal, $help_zh:literal, $msg:expr, [$(($code:expr, $mods:expr)),+] $(, hint: $hint:literal, $hint_zh:literal)?) => {
        $crate::tui::binding::Binding {
            keys: &[$(($code, $mods)),+],
            label: $label,
            help: [$help, $help_zh],
            hint: $crate::tui::binding::hint!($($hint, $hint_zh)?),
            msg: $msg,
            scope: $crate::tui::binding::Scope::$scope,
        }
    };
}

/// A binding's hint, or none.
macro_rules! hint {
    () => {
        ["", ""]
    };
    ($hint:literal, $hint_zh:literal) => {
        [$hint, $hint_zh]
    };
}

pub(crate) use {bind, hint};
