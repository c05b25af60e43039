//! The key map: one table that both dispatches keys and writes the help screen.

use super::app::Msg;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    Menu,
    Stepper,
    Everywhere,
}

pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// How the keys are written on the help screen.
    pub label: &'static str,
    pub help: &'static str,
    pub msg: Msg,
    pub scope: Scope,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

macro_rules! bind {
    ($scope:ident, $label:literal, $help:literal, $msg:expr, [$(($code:expr, $mods:expr)),+]) => {
        Binding { keys: &[$(($code, $mods)),+], label: $label, help: $help, msg: $msg, scope: Scope::$scope }
    };
}

use KeyCode::*;

pub static KEYMAP: &[Binding] = &[
    bind!(Stepper, "n →", "next phase", Msg::NextPhase, [(Char('n'), NONE), (Right, NONE)]),
    bind!(Stepper, "N ←", "previous phase", Msg::PrevPhase, [(Char('N'), NONE), (Left, NONE)]),
    bind!(Stepper, "f ]", "next frame", Msg::NextFrame, [(Char('f'), NONE), (Char(']'), NONE)]),
    bind!(Stepper, "F [", "previous frame", Msg::PrevFrame, [(Char('F'), NONE), (Char('['), NONE)]),
    bind!(Stepper, "g", "first frame", Msg::First, [(Char('g'), NONE)]),
    bind!(Stepper, "G", "last frame run so far", Msg::Last, [(Char('G'), NONE)]),
    bind!(Stepper, "Space", "run / pause", Msg::ToggleRun, [(Char(' '), NONE)]),
    bind!(Stepper, "+", "run faster", Msg::Faster, [(Char('+'), NONE), (Char('='), NONE)]),
    bind!(Stepper, "-", "run slower", Msg::Slower, [(Char('-'), NONE)]),
    bind!(Stepper, "Tab", "select the next body", Msg::SelectNext, [(Tab, NONE)]),
    bind!(Stepper, "Shift-Tab", "select the previous body", Msg::SelectPrev, [(BackTab, NONE)]),
    bind!(Stepper, "r", "restart from frame 0", Msg::Restart, [(Char('r'), NONE)]),
    bind!(Stepper, "t", "cycle the tangent mode and re-run this frame", Msg::CycleTangent, [(Char('t'), NONE)]),
    bind!(Stepper, "o", "show / hide bounding circles", Msg::ToggleBounds, [(Char('o'), NONE)]),
    bind!(Stepper, "j PgDn", "scroll the derivation down", Msg::ScrollDown, [(Char('j'), NONE), (PageDown, NONE)]),
    bind!(Stepper, "k PgUp", "scroll the derivation up", Msg::ScrollUp, [(Char('k'), NONE), (PageUp, NONE)]),
    bind!(Stepper, "J", "scroll the narration down", Msg::NarrationDown, [(Char('J'), NONE)]),
    bind!(Stepper, "K", "scroll the narration up", Msg::NarrationUp, [(Char('K'), NONE)]),
    bind!(Stepper, "Esc", "back to the lesson menu", Msg::Back, [(Esc, NONE)]),
    bind!(Menu, "↓ j", "next lesson", Msg::MenuDown, [(Down, NONE), (Char('j'), NONE)]),
    bind!(Menu, "↑ k", "previous lesson", Msg::MenuUp, [(Up, NONE), (Char('k'), NONE)]),
    bind!(Menu, "Enter", "open the lesson", Msg::Open, [(Enter, NONE)]),
    bind!(Everywhere, "?", "show / hide this help", Msg::Help, [(Char('?'), NONE)]),
    bind!(Everywhere, "q Ctrl-C", "quit", Msg::Quit, [(Char('q'), NONE), (Char('c'), CTRL)]),
];

/// The help screen's lines for a scope: (keys, what they do).
pub fn help_lines(scope: Scope) -> Vec<(&'static str, &'static str)> {
    KEYMAP.iter().filter(|b| b.scope == scope || b.scope == Scope::Everywhere).map(|b| (b.label, b.help)).collect()
}

/// The binding for a key press. The character already tells Shift apart
/// (`n` / `N`), so only Ctrl is compared.
pub fn lookup(key: KeyEvent, scope: Scope) -> Option<Msg> {
    let ctrl = key.modifiers & KeyModifiers::CONTROL;
    KEYMAP
        .iter()
        .filter(|b| b.scope == scope || b.scope == Scope::Everywhere)
        .find(|b| b.keys.iter().any(|&(code, m)| code == key.code && m == ctrl))
        .map(|b| b.msg)
}
