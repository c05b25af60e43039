//! What the keys drive: stepping through the run (`normal`), or a mode opened
//! from it. Each mode is a module of `modes/` that holds its state, its
//! `update` (a key, and the [`Context`](super::context::Context) it works on),
//! its bindings and what the status line says while it is open. Only
//! `normal` opens modes; the others say when they are done and the keys go
//! back to stepping.

pub mod ab;
pub mod aim;
pub mod breaks;
pub mod fields;
pub mod normal;
pub mod presenter;
pub mod prompt;
pub mod quiz;
pub mod save;
pub mod settings;

use super::binding::Scope;
use super::fields::FieldEditor;
use super::shot::Shot;
use crate::session::line::LineEdit;
use prompt::Prompt;
use quiz::AnswerPrompt;
use std::path::PathBuf;

/// What the keys currently drive.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    Step,
    /// The field editor: a body's values (`e`) or the settings (`O`).
    Fields(FieldEditor),
    Aim(Shot),
    /// Asking where to save (a lesson has no file of its own); the text typed so far.
    SaveAs(LineEdit),
    /// Asking before writing over `path`.
    Overwrite(PathBuf),
    /// Typing a breakpoint's condition, a frame number, a name or A/B's overrides on the status line.
    Prompt(Prompt),
    /// Choosing a breakpoint to remove (`B`): which one.
    Breaks(usize),
    /// Answering a quiz question on the status line.
    Answer(AnswerPrompt),
}

impl Mode {
    /// The line being typed into, if this mode is a prompt (a setting's
    /// name in the field editor is cycled, not typed).
    pub fn line_mut(&mut self) -> Option<&mut LineEdit> {
        match self {
            Mode::SaveAs(line) => Some(line),
            Mode::Prompt(p) => Some(&mut p.text),
            Mode::Answer(p) => Some(&mut p.text),
            Mode::Fields(ed) if !ed.is_choice() => Some(ed.line()),
            _ => None,
        }
    }

    /// Which bindings apply.
    pub fn scope(&self) -> Scope {
        match self {
            Mode::Step => Scope::Stepper,
            Mode::Fields(_) => Scope::Fields,
            Mode::Aim(_) => Scope::Aim,
            Mode::SaveAs(_) => Scope::SaveAs,
            Mode::Overwrite(_) => Scope::Overwrite,
            Mode::Prompt(_) => Scope::Prompt,
            Mode::Breaks(_) => Scope::Breaks,
            Mode::Answer(_) => Scope::Answer,
        }
    }
}
