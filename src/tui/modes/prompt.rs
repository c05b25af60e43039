//! The prompt on the status line: a breakpoint's condition (`b`), a frame to
//! go to (`:`), a new name for the selected body (`E`) or A/B's overrides
//! (`/`, started by `modes/ab.rs`). Enter checks what is typed; what is wrong
//! with it keeps the prompt open, with why.

use super::ab;
use crate::lesson::Lang;
use crate::session::condition::Condition;
use crate::session::line::LineEdit;
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::msg::Msg;
use crate::tui::note::Note;
use crate::tui::words::{fill, words};
use crossterm::event::KeyCode::*;

pub static KEYS: &[Binding] = &[
    bind!(Prompt, "Enter", "add the breakpoint / go / rename", "添加断点 / 跳到该帧 / 改名", Msg::Accept, [(Enter, NONE)]),
    bind!(Prompt, "↑ ↓", "older / newer conditions typed before", "更早 / 更近输入过的条件", Msg::History(-1), [(Up, NONE)], hint: "↑↓ history", "↑↓ 历史"),
    bind!(Prompt, "", "", "", Msg::History(1), [(Down, NONE)]),
    bind!(Prompt, "Esc", "cancel", "取消", Msg::Cancel, [(Esc, NONE)], hint: "Esc cancel", "Esc 取消"),
];

/// Conditions typed, for ↑ ↓ in the prompt, and breakpoints held at once.
const HISTORY: usize = 32;
/// `:` goes at most this far past the last frame run (each is stepped).
const AHEAD: u64 = 10_000;

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
    back: Option<usize>,
}

impl Prompt {
    pub fn new(ask: Ask) -> Prompt {
        Prompt { ask, text: LineEdit::default(), back: None }
    }

    /// The prompt with `text` typed (selected whole, so typing replaces it).
    pub fn with(ask: Ask, text: String) -> Prompt {
        Prompt { text: LineEdit::new(text), ..Prompt::new(ask) }
    }
}

/// `b`, `:` or `E`: the prompt they open, if it opens.
pub fn open(msg: Msg, ctx: &mut Context) -> Option<Prompt> {
    match msg {
        Msg::AddBreak if ctx.breaks.list.len() >= HISTORY => ctx.note = Some(Note::BreaksAtMost(HISTORY)),
        Msg::AddBreak => return Some(Prompt::new(Ask::Breakpoint)),
        Msg::GoToFrame => return Some(Prompt::new(Ask::Frame)),
        Msg::Rename => match ctx.bodies().get(ctx.selected) {
            Some(b) => return Some(Prompt::with(Ask::Rename, b.name.clone())),
            None => ctx.note = Some(Note::NoSelection),
        },
        _ => {}
    }
    None
}

/// A key while the prompt is open; whether it is done (what was typed taken, or cancelled).
pub fn update(p: &mut Prompt, msg: Msg, ctx: &mut Context) -> bool {
    let history = &ctx.breaks.history;
    match msg {
        _ if msg.edit_line(&mut p.text) => {}
        Msg::History(step) if p.ask == Ask::Breakpoint && !history.is_empty() => {
            let back = match (p.back, step) {
                (None, s) if s < 0 => Some(0),
                (Some(b), s) if s < 0 => Some((b + 1).min(history.len() - 1)),
                (Some(0) | None, _) => None,
                (Some(b), _) => Some(b - 1),
            };
            p.back = back;
            p.text.set(back.map_or(String::new(), |b| history[history.len() - 1 - b].clone()));
        }
        Msg::Cancel => {
            ctx.note = Some(Note::Cancelled);
            return true;
        }
        Msg::Accept => {
            let text = p.text.as_str().trim().to_string();
            return match p.ask {
                Ask::Breakpoint => add_breakpoint(ctx, text),
                Ask::Frame => go_to_frame(ctx, &text),
                Ask::Variant => ab::start(ctx, &text),
                Ask::Rename => rename(ctx, text),
            };
        }
        _ => {}
    }
    false
}

/// Adds the breakpoint `text` says, if it can be read; whether it could.
fn add_breakpoint(ctx: &mut Context, text: String) -> bool {
    let history = &mut ctx.breaks.history;
    if !text.is_empty() && history.last() != Some(&text) {
        history.push(text.clone());
        if history.len() > HISTORY {
            history.remove(0);
        }
    }
    match Condition::parse(&text, &ctx.names()) {
        Ok(condition) => {
            ctx.note = Some(Note::BreakpointAdded { number: ctx.breaks.list.len() + 1, text });
            let ids = ctx.session.timeline.handles(ctx.frame);
            ctx.breaks.list.push(condition.map_bodies(|&i| ids.get(i).copied()).expect("parsed with these bodies"));
            true
        }
        // The prompt stays open, with where the condition goes wrong.
        Err(e) => {
            let p = &e.problems[0];
            let col = p.span.as_ref().map_or(0, |s| text[..s.start.min(text.len())].chars().count() + 1);
            ctx.note = Some(Note::BadCondition { column: col, problem: p.clone() });
            false
        }
    }
}

/// Shows the frame `text` names, if it is one; whether it was.
fn go_to_frame(ctx: &mut Context, text: &str) -> bool {
    let limit = ctx.session.timeline.reached() + AHEAD;
    match text.parse::<u64>() {
        Ok(n) if n <= limit => {
            ctx.go(n, 0);
            ctx.note = Some(Note::Frame(n));
            return true;
        }
        Ok(_) => ctx.note = Some(Note::FrameAtMost { limit, ahead: AHEAD }),
        Err(_) => ctx.note = Some(Note::WriteFrame),
    }
    false
}

/// The selected body called `name` from the frame on screen, if a scene
/// file could call it so (the prompt stays open with why not). Actions
/// and breakpoints hold the body itself, not its name, so they follow it.
fn rename(ctx: &mut Context, name: String) -> bool {
    let i = ctx.selected;
    if let Err(p) = crate::scene::check_new_name(ctx.bodies(), i, &name) {
        ctx.note = Some(Note::Problem(p));
        return false;
    }
    let (w, breaks) = (words(ctx.lang), !ctx.breaks.list.is_empty());
    ctx.edit(move |s, _, _| {
        let old = std::mem::replace(&mut s.world.bodies[i].name, name.clone());
        let note = fill(w.renamed, &[&old, &name]);
        Ok(if breaks { format!("{note}{}", fill(w.renamed_breaks, &[&old])) } else { note })
    });
    true
}

/// What the prompt asks, and the keys the status line gives while it is
/// open: what Enter does here, then the key map's hints (↑↓ only where
/// there is a history, at the breakpoint prompt).
pub fn asking(p: &Prompt, lang: Lang) -> (&'static str, String) {
    let w = words(lang);
    let (what, enter) = match p.ask {
        Ask::Breakpoint => (w.break_on, w.break_on_enter),
        Ask::Frame => (w.go_to_frame, w.go_to_frame_enter),
        Ask::Variant => (w.variant_with, w.variant_enter),
        Ask::Rename => (w.rename_to, w.rename_enter),
    };
    let others = hint_line(KEYS.iter().filter(|b| p.ask == Ask::Breakpoint || !matches!(b.msg, Msg::History(_))), lang);
    (what, format!("{enter} · {others}"))
}
