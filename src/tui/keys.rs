//! The key map: the modes' binding tables (`modes/`) and the keys of the
//! menu and of every prompt, put together into one map that dispatches keys,
//! writes the help screen and the status line's hints.

pub use super::binding::{Binding, Scope};
use super::binding::{CTRL, NONE, bind, hint_line};
use super::modes::{aim, breaks, fields, normal, prompt, quiz, save};
use super::msg::Msg;
use super::words::words;
use crate::lesson::Lang;
use crate::session::line::LineKey;
use crossterm::event::KeyCode::*;
use crossterm::event::{KeyEvent, KeyModifiers};
use std::sync::LazyLock;
use unicode_width::UnicodeWidthStr;

/// The menu's keys.
static MENU: &[Binding] = &[
    bind!(Menu, "↓ j", "next lesson", "下一课", Msg::MenuDown, [(Down, NONE), (Char('j'), NONE)], hint: "↑↓ choose", "↑↓ 选择"),
    bind!(Menu, "↑ k", "previous lesson", "上一课", Msg::MenuUp, [(Up, NONE), (Char('k'), NONE)]),
    bind!(Menu, "Enter", "open the lesson", "打开课程", Msg::Open, [(Enter, NONE)], hint: "Enter open", "Enter 打开"),
    bind!(Menu, "Esc", "back to the scene you left (↩)", "回到离开的场景（↩）", Msg::Back, [(Esc, NONE)]),
];

/// The keys of every prompt's line editor, after each prompt's own, and those of every screen.
static COMMON: &[Binding] = &[
    // The line editor of every prompt, after each prompt's own keys.
    bind!(Typing, "← → Home End", "move in the text", "在文字中移动", Msg::Line(LineKey::Left), [(Left, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Right), [(Right, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Home), [(Home, NONE), (Char('a'), CTRL)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::End), [(End, NONE), (Char('e'), CTRL)]),
    bind!(Typing, "Backspace Del", "erase before / under the cursor", "删除光标前 / 光标处的字符", Msg::Erase, [(Backspace, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Delete), [(Delete, NONE)]),
    bind!(Typing, "Ctrl-U", "clear", "清空", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(Everywhere, "?", "show / hide this help (j/k scroll it)", "显示 / 隐藏帮助（j/k 滚动）", Msg::Help, [(Char('?'), NONE)], hint: "? help", "? 帮助"),
    bind!(Everywhere, "q", "quit", "退出", Msg::Quit, [(Char('q'), NONE)], hint: "q quit", "q 退出"),
    bind!(Always, "Ctrl-C", "quit", "退出", Msg::Quit, [(Char('c'), CTRL)]),
];

/// Every binding, in the order a key is looked up and the help lists them:
/// each mode's own before the keys every prompt or screen shares.
pub static KEYMAP: LazyLock<Vec<&'static Binding>> = LazyLock::new(|| {
    let tables = [
        normal::KEYS,
        fields::KEYS,
        aim::KEYS,
        save::SAVE_AS_KEYS,
        prompt::KEYS,
        breaks::KEYS,
        quiz::KEYS,
        save::OVERWRITE_KEYS,
        MENU,
        COMMON,
    ];
    tables.iter().flat_map(|t| t.iter()).collect()
});

/// What the mouse does, for the help screen (the clicks arrive as `Msg::Click`):
/// the scope, the button and which of [`Words::mouse`](super::words::Words) says what it does.
static MOUSE: &[(Scope, &str, usize)] =
    &[(Scope::Stepper, "click", 0), (Scope::Stepper, "wheel", 1), (Scope::Stepper, "drag", 3), (Scope::Aim, "click", 2)];

/// The help screen's lines for a scope: (keys, what they do). A binding with
/// an empty label shares the line above it (`< >`).
pub fn help_lines(scope: Scope, lang: Lang) -> Vec<(&'static str, &'static str)> {
    let which = usize::from(lang == Lang::Zh);
    let keys = KEYMAP.iter().filter(|b| scope.includes(b.scope) && !b.label.is_empty()).map(|b| (b.label, b.help[which]));
    let mouse = MOUSE.iter().filter(|m| m.0 == scope).map(|m| (m.1, words(lang).mouse[m.2]));
    keys.chain(mouse).collect()
}

/// The status line's hints for a scope that fit in `room` columns, in the
/// key map's order (` n/N phase · … · ? help · q quit`). The hints every
/// screen shares (help, quit) stay whatever the room; the scope's own are
/// taken in the map's order, most wanted first, while they fit.
pub fn hints(scope: Scope, lang: Lang, room: usize) -> String {
    let which = usize::from(lang == Lang::Zh);
    let hinted: Vec<&Binding> = KEYMAP.iter().copied().filter(|b| scope.includes(b.scope) && !b.hint[which].is_empty()).collect();
    let shared = |b: &Binding| b.scope != scope;
    let width = |kept: &[&Binding]| kept.iter().map(|b| b.hint[which].width() + 3).sum::<usize>() + 1;
    let mut kept: Vec<&Binding> = hinted.iter().copied().filter(|b| shared(b)).collect();
    for &b in hinted.iter().filter(|b| !shared(b)) {
        let more = [kept.as_slice(), &[b]].concat();
        if width(&more) > room {
            break;
        }
        kept = more;
    }
    let shown = hinted.iter().copied().filter(|b| kept.iter().any(|k| std::ptr::eq(*k, *b)));
    format!(" {}", hint_line(shown, lang))
}

/// The binding for a key press. The character already tells Shift apart
/// (`n` / `N`), so only Ctrl is compared. Where text is typed, a plain
/// character no binding takes is typed.
pub fn lookup(key: KeyEvent, scope: Scope) -> Option<Msg> {
    // Esc followed quickly by a letter arrives as Alt and the letter: it is
    // not the letter (Esc x turned a body). Ctrl-Alt is AltGr on some
    // keyboards, which types a character.
    if key.modifiers.contains(KeyModifiers::ALT) && !key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            Char(c) => Some(Msg::Alt(c)),
            _ => None,
        };
    }
    let ctrl = key.modifiers & KeyModifiers::CONTROL;
    let bound = KEYMAP
        .iter()
        .filter(|b| scope.includes(b.scope))
        .find(|b| b.keys.iter().any(|&(code, m)| code == key.code && m == ctrl))
        .map(|b| b.msg);
    match key.code {
        Char(c) if bound.is_none() && ctrl.is_empty() && scope.types_text() => Some(Msg::Input(c)),
        // Aiming takes a typed speed, and q and ? keep their meaning.
        Char(c) if bound.is_none() && ctrl.is_empty() && scope == Scope::Aim && (c.is_ascii_digit() || c == '.' || c == '-') => {
            Some(Msg::Input(c))
        }
        Char(c) if bound.is_none() && ctrl.is_empty() => Some(Msg::Unbound(c)),
        _ => bound,
    }
}
