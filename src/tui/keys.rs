//! The key map: one table that both dispatches keys and writes the help screen.

use super::app::{Mode, Msg};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
    /// Answering a quiz question: numbers are typed, other keys step on.
    Answer,
    /// Menu, stepper, aiming and the overwrite question; not where text is typed.
    Everywhere,
    /// Every screen, typing included.
    Always,
}

impl Scope {
    pub fn of(mode: &Mode) -> Scope {
        match mode {
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

    fn types_text(self) -> bool {
        matches!(self, Scope::Fields | Scope::SaveAs | Scope::Prompt)
    }

    fn includes(self, binding: Scope) -> bool {
        binding == self || binding == Scope::Always || (binding == Scope::Everywhere && !self.types_text())
    }

    /// The heading of this scope's part of the help screen.
    pub fn title(self) -> &'static str {
        match self {
            Scope::Menu => "Lesson menu",
            Scope::Stepper => "Stepping",
            Scope::Fields => "Field editor (e)",
            Scope::Aim => "Aiming a shot (l)",
            Scope::SaveAs => "Save as (Ctrl-S in a lesson)",
            Scope::Overwrite => "Overwrite?",
            Scope::Prompt => "Breakpoint (b) or frame (:) prompt",
            Scope::Breaks => "Breakpoint list (B)",
            Scope::Answer => "Answering a question (quiz: Q)",
            Scope::Everywhere | Scope::Always => "Everywhere",
        }
    }
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
    bind!(Stepper, "Tab", "select the next body (or click it)", Msg::SelectNext, [(Tab, NONE)]),
    bind!(Stepper, "Shift-Tab", "select the previous body", Msg::SelectPrev, [(BackTab, NONE)]),
    bind!(Stepper, "r", "restart from frame 0", Msg::Restart, [(Char('r'), NONE)]),
    bind!(Stepper, "j PgDn", "scroll the derivation down", Msg::ScrollDown, [(Char('j'), NONE), (PageDown, NONE)]),
    bind!(Stepper, "k PgUp", "scroll the derivation up", Msg::ScrollUp, [(Char('k'), NONE), (PageUp, NONE)]),
    bind!(Stepper, "J", "scroll the narration down", Msg::NarrationDown, [(Char('J'), NONE)]),
    bind!(Stepper, "K", "scroll the narration up", Msg::NarrationUp, [(Char('K'), NONE)]),
    bind!(Stepper, "o", "show / hide bounding circles", Msg::ToggleBounds, [(Char('o'), NONE)]),
    bind!(Stepper, "i", "show / hide the phase's vectors (collision info)", Msg::ToggleInfo, [(Char('i'), NONE)]),
    bind!(Stepper, "L", "energy chart (KE, PE, E, |p| per frame) / the scene", Msg::ToggleChart, [(Char('L'), NONE)]),
    // Edits: each applies from the frame on screen and can be undone.
    bind!(Stepper, "w", "move the selected body up", Msg::Move(0, 1), [(Char('w'), NONE)]),
    bind!(Stepper, "a", "move it left", Msg::Move(-1, 0), [(Char('a'), NONE)]),
    bind!(Stepper, "s", "move it down", Msg::Move(0, -1), [(Char('s'), NONE)]),
    bind!(Stepper, "d", "move it right", Msg::Move(1, 0), [(Char('d'), NONE)]),
    bind!(Stepper, "z", "turn it counter-clockwise, 5°", Msg::Rotate(1), [(Char('z'), NONE)]),
    bind!(Stepper, "x", "turn it clockwise, 5°", Msg::Rotate(-1), [(Char('x'), NONE)]),
    bind!(Stepper, "e", "edit its values (a wall: its two ends)", Msg::EditFields, [(Char('e'), NONE)]),
    bind!(Stepper, "l", "aim a shot with it (text 000's cue ball)", Msg::Aim, [(Char('l'), NONE)]),
    bind!(Stepper, "Del", "delete it (in a lesson: Del twice)", Msg::Delete, [(Delete, NONE)]),
    bind!(Stepper, "y", "add a circle on the selected body, like it", Msg::AddCircle, [(Char('y'), NONE)]),
    bind!(Stepper, "Y", "add a box on the selected body, like it", Msg::AddBox, [(Char('Y'), NONE)]),
    bind!(Stepper, "W", "add a level wall under the selected body", Msg::AddWall, [(Char('W'), NONE)]),
    bind!(Stepper, "h", "kick every body with a random velocity", Msg::Kick, [(Char('h'), NONE)]),
    bind!(Stepper, "v", "motion on / off (forces and integrate)", Msg::ToggleMotion, [(Char('v'), NONE)]),
    bind!(Stepper, "p", "positional correction on / off", Msg::ToggleCorrection, [(Char('p'), NONE)]),
    bind!(Stepper, "t", "next tangent mode (text 000's bug and fixes)", Msg::CycleTangent, [(Char('t'), NONE)]),
    bind!(Stepper, "< >", "fewer / more relaxation passes", Msg::Passes(-1), [(Char('<'), NONE), (Char(','), NONE)]),
    bind!(Stepper, "", "", Msg::Passes(1), [(Char('>'), NONE), (Char('.'), NONE)]),
    bind!(Stepper, "{ }", "lower / raise the correction rate by 0.1", Msg::Rate(-1), [(Char('{'), NONE)]),
    bind!(Stepper, "", "", Msg::Rate(1), [(Char('}'), NONE)]),
    bind!(Stepper, "u Ctrl-Z", "undo the last edit", Msg::Undo, [(Char('u'), NONE), (Char('z'), CTRL)]),
    bind!(Stepper, "U Ctrl-R", "redo", Msg::Redo, [(Char('U'), NONE), (Char('r'), CTRL), (Char('y'), CTRL)]),
    bind!(Stepper, "Ctrl-S", "save the scene as it is at this frame", Msg::Save, [(Char('s'), CTRL)]),
    bind!(Stepper, "b", "add a breakpoint: a condition, e.g. contact m1 m2", Msg::AddBreak, [(Char('b'), NONE)]),
    bind!(Stepper, "B", "list the breakpoints, remove one", Msg::ListBreaks, [(Char('B'), NONE)]),
    bind!(Stepper, "c C", "next / previous phase matching a breakpoint", Msg::NextMatch, [(Char('c'), NONE)]),
    bind!(Stepper, "", "", Msg::PrevMatch, [(Char('C'), NONE)]),
    bind!(Stepper, ":", "go to frame N", Msg::GoToFrame, [(Char(':'), NONE)]),
    bind!(Stepper, "1 … 9", "the lesson's own keys, listed under its narration", Msg::Toggle(1), [(Char('1'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(2), [(Char('2'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(3), [(Char('3'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(4), [(Char('4'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(5), [(Char('5'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(6), [(Char('6'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(7), [(Char('7'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(8), [(Char('8'), NONE)]),
    bind!(Stepper, "", "", Msg::Toggle(9), [(Char('9'), NONE)]),
    bind!(Stepper, "A", "A/B: the scene again with overrides, side by side", Msg::Variant, [(Char('A'), NONE)]),
    bind!(Stepper, "m M", "next / previous narrated step of the lesson", Msg::NextStep, [(Char('m'), NONE)]),
    bind!(Stepper, "", "", Msg::PrevStep, [(Char('M'), NONE)]),
    bind!(Stepper, "Q", "quiz: results hidden at questions until answered", Msg::ToggleQuiz, [(Char('Q'), NONE)]),
    bind!(Stepper, "Enter", "answer the question at this phase (quiz)", Msg::Answer, [(Enter, NONE)]),
    bind!(Stepper, "P", "presenter: hide every result, for a class", Msg::TogglePresenter, [(Char('P'), NONE)]),
    bind!(Stepper, "R", "show the next hidden line (quiz or presenter)", Msg::Reveal, [(Char('R'), NONE)]),
    bind!(Stepper, "S", "show the answer to the question here (quiz)", Msg::ShowAnswer, [(Char('S'), NONE)]),
    bind!(Stepper, "Esc", "the lesson menu (its first entry comes back here)", Msg::Back, [(Esc, NONE)]),
    bind!(Fields, "↓ Tab", "next field", Msg::FieldNext, [(Down, NONE), (Tab, NONE)]),
    bind!(Fields, "↑ Shift-Tab", "previous field", Msg::FieldPrev, [(Up, NONE), (BackTab, NONE)]),
    bind!(Fields, "Backspace", "erase a character", Msg::Erase, [(Backspace, NONE)]),
    bind!(Fields, "Ctrl-U", "clear the field", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(Fields, "Enter", "check and apply every field", Msg::Accept, [(Enter, NONE)]),
    bind!(Fields, "Esc", "cancel: nothing changes", Msg::Cancel, [(Esc, NONE)]),
    bind!(Aim, "← →", "turn the aim 5°", Msg::Turn(1), [(Left, NONE)]),
    bind!(Aim, "", "", Msg::Turn(-1), [(Right, NONE)]),
    bind!(Aim, "↑ ↓", "more / less power (×1.25)", Msg::Power(1), [(Up, NONE)]),
    bind!(Aim, "", "", Msg::Power(-1), [(Down, NONE)]),
    bind!(Aim, "Enter Space l", "fire: the body gets this velocity", Msg::Accept, [(Enter, NONE), (Char(' '), NONE), (Char('l'), NONE)]),
    bind!(Aim, "a", "fire as an action of this frame", Msg::FireAction, [(Char('a'), NONE)]),
    bind!(Aim, "0-9 .", "type the speed (m/s); Backspace erases", Msg::Erase, [(Backspace, NONE)]),
    bind!(Aim, "Esc", "cancel the shot", Msg::Cancel, [(Esc, NONE)]),
    bind!(SaveAs, "Enter", "save to the file named", Msg::Accept, [(Enter, NONE)]),
    bind!(SaveAs, "Backspace", "erase a character", Msg::Erase, [(Backspace, NONE)]),
    bind!(SaveAs, "Ctrl-U", "clear the name", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(SaveAs, "Esc", "cancel", Msg::Cancel, [(Esc, NONE)]),
    bind!(Prompt, "Enter", "add the breakpoint / go to the frame", Msg::Accept, [(Enter, NONE)]),
    bind!(Prompt, "↑ ↓", "older / newer conditions typed before", Msg::History(-1), [(Up, NONE)]),
    bind!(Prompt, "", "", Msg::History(1), [(Down, NONE)]),
    bind!(Prompt, "Backspace", "erase a character", Msg::Erase, [(Backspace, NONE)]),
    bind!(Prompt, "Ctrl-U", "clear", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(Prompt, "Esc", "cancel", Msg::Cancel, [(Esc, NONE)]),
    bind!(Breaks, "↓ ↑", "next / previous breakpoint", Msg::Pick(1), [(Down, NONE), (Char('j'), NONE)]),
    bind!(Breaks, "", "", Msg::Pick(-1), [(Up, NONE), (Char('k'), NONE)]),
    bind!(Breaks, "Del d", "remove it", Msg::Delete, [(Delete, NONE), (Char('d'), NONE)]),
    bind!(Breaks, "Esc", "close the list", Msg::Cancel, [(Esc, NONE)]),
    bind!(Answer, "0-9 . - ,", "type a number (x, y: a vector); a choice: its digit", Msg::Erase, [(Backspace, NONE)]),
    bind!(Answer, "Enter", "check the answer against the run", Msg::Accept, [(Enter, NONE)]),
    bind!(Answer, "R", "a hint: the next line (the answer's gives it up)", Msg::Reveal, [(Char('R'), NONE)]),
    bind!(Answer, "S", "show the answer (it counts as revealed)", Msg::ShowAnswer, [(Char('S'), NONE)]),
    bind!(Answer, "Ctrl-U", "clear", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(Answer, "Esc", "answer later (other keys step on; it stays open)", Msg::Cancel, [(Esc, NONE)]),
    bind!(Overwrite, "y", "write over the file", Msg::Yes, [(Char('y'), NONE)]),
    bind!(Overwrite, "n Esc", "keep the file as it is", Msg::No, [(Char('n'), NONE), (Esc, NONE)]),
    bind!(Menu, "↓ j", "next lesson", Msg::MenuDown, [(Down, NONE), (Char('j'), NONE)]),
    bind!(Menu, "↑ k", "previous lesson", Msg::MenuUp, [(Up, NONE), (Char('k'), NONE)]),
    bind!(Menu, "Enter", "open the lesson", Msg::Open, [(Enter, NONE)]),
    bind!(Everywhere, "?", "show / hide this help (j/k scroll it)", Msg::Help, [(Char('?'), NONE)]),
    bind!(Everywhere, "q", "quit", Msg::Quit, [(Char('q'), NONE)]),
    bind!(Always, "Ctrl-C", "quit", Msg::Quit, [(Char('c'), CTRL)]),
];

/// What the mouse does, for the help screen (the clicks arrive as `Msg::Click`).
static MOUSE: &[(Scope, &str, &str)] = &[
    (Scope::Stepper, "click", "select the body under the mouse"),
    (Scope::Stepper, "wheel", "scroll the derivation or the narration under the mouse"),
    (Scope::Aim, "click", "aim at the cursor: speed = distance per second"),
];

/// The help screen's lines for a scope: (keys, what they do). A binding with
/// an empty label shares the line above it (`< >`).
pub fn help_lines(scope: Scope) -> Vec<(&'static str, &'static str)> {
    let keys = KEYMAP.iter().filter(|b| scope.includes(b.scope) && !b.label.is_empty()).map(|b| (b.label, b.help));
    keys.chain(MOUSE.iter().filter(|m| m.0 == scope).map(|m| (m.1, m.2))).collect()
}

/// The binding for a key press. The character already tells Shift apart
/// (`n` / `N`), so only Ctrl is compared. Where text is typed, a plain
/// character no binding takes is typed.
pub fn lookup(key: KeyEvent, scope: Scope) -> Option<Msg> {
    let ctrl = key.modifiers & KeyModifiers::CONTROL;
    let bound = KEYMAP
        .iter()
        .filter(|b| scope.includes(b.scope))
        .find(|b| b.keys.iter().any(|&(code, m)| code == key.code && m == ctrl))
        .map(|b| b.msg);
    match key.code {
        Char(c) if bound.is_none() && ctrl.is_empty() && scope.types_text() => Some(Msg::Input(c)),
        // Aiming takes a typed speed, and q and ? keep their meaning.
        Char(c) if bound.is_none() && ctrl.is_empty() && scope == Scope::Aim && (c.is_ascii_digit() || c == '.') => Some(Msg::Input(c)),
        // An answer takes numbers; any other key does what it does when stepping.
        Char(c) if bound.is_none() && ctrl.is_empty() && scope == Scope::Answer && super::quiz::answer_char(c) => Some(Msg::Input(c)),
        _ if bound.is_none() && scope == Scope::Answer => lookup(key, Scope::Stepper),
        _ => bound,
    }
}
