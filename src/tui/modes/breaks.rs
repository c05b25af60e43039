//! Finding the moment: the breakpoint list (`B`, where one is removed) and
//! the searches for the next and previous phase meeting a breakpoint (`c`,
//! `C`). A breakpoint is added at the prompt (`modes/prompt.rs`); the
//! conditions are the session's, the same language as `impulse run --break-on`.

use crate::engine::BodyHandle;
use crate::lesson::Lang;
use crate::session::search::{find_any, matches_in};
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::msg::Msg;
use crate::tui::note::Note;
use crate::tui::words::{fill, words};
use crossterm::event::KeyCode::*;

pub static KEYS: &[Binding] = &[
    bind!(Breaks, "↓ ↑", "next / previous breakpoint", "下一个 / 上一个断点", Msg::Pick(1), [(Down, NONE), (Char('j'), NONE)], hint: "↑↓ choose", "↑↓ 选择"),
    bind!(Breaks, "", "", "", Msg::Pick(-1), [(Up, NONE), (Char('k'), NONE)]),
    bind!(Breaks, "Del d", "remove it", "删除它", Msg::Delete, [(Delete, NONE), (Char('d'), NONE)], hint: "Del remove", "Del 删除"),
    bind!(Breaks, "Esc", "close the list", "关闭列表", Msg::Cancel, [(Esc, NONE)], hint: "Esc close", "Esc 关闭"),
];

/// A search looks this many frames ahead or back at most. Frames other than
/// the one on screen are stepped with the session's search (a tracer that
/// keeps only what a breakpoint could meet), as `impulse run --break-on` is.
pub const SEARCH_FRAMES: u64 = 600;
/// A search back steps forward through windows of this many frames, the
/// nearest first, and keeps the last match of the first window that has one.
const BACK_WINDOW: u64 = 30;

/// `B`: the list, at its first breakpoint, if there is one.
pub fn open(ctx: &mut Context) -> Option<usize> {
    if ctx.breaks.list.is_empty() {
        ctx.note = Some(Note::NoBreakpoints);
        return None;
    }
    Some(0)
}

/// A key in the list, at breakpoint `i`; whether it is closed.
pub fn update(i: &mut usize, msg: Msg, ctx: &mut Context) -> bool {
    let n = ctx.breaks.list.len();
    match msg {
        Msg::Pick(1) => *i = (*i + 1).min(n - 1),
        Msg::Pick(_) => *i = i.saturating_sub(1),
        Msg::Delete => {
            let text = break_text(ctx, *i);
            ctx.breaks.list.remove(*i);
            ctx.note = Some(Note::BreakpointRemoved { number: *i + 1, text });
            if ctx.breaks.list.is_empty() {
                return true;
            }
            *i = (*i).min(n - 2);
        }
        Msg::Cancel => return true,
        Msg::Unbound(c) => ctx.unbound(c),
        _ => {}
    }
    false
}

/// What the status line says while the list is open: the breakpoint
/// picked, and the keys, from their bindings' hints.
pub fn status(i: usize, ctx: &Context, lang: Lang) -> String {
    let keys = hint_line(KEYS, lang);
    fill(words(lang).breakpoint_of, &[&(i + 1), &ctx.breaks.list.len(), &break_text(ctx, i), &keys])
}

/// The first phase of `frame` in `range` that meets any breakpoint, from
/// the end when `last`; with the breakpoint's number.
fn match_in(ctx: &mut Context, frame: u64, range: std::ops::Range<usize>, last: bool) -> Option<(usize, usize)> {
    let (bodies, gravity) = (ctx.session.timeline.bodies(frame).to_vec(), ctx.session.timeline.gravity(frame));
    let names: Vec<String> = bodies.iter().map(|b| b.name.clone()).collect();
    let (conditions, numbers) = ctx.breaks.live(ctx.session.timeline.handles(frame));
    let record = ctx.session.timeline.frame(frame);
    let mut best: Option<(usize, usize)> = None;
    for (condition, b) in conditions.iter().zip(numbers) {
        let mut found = matches_in(record, range.clone(), &bodies, gravity, &names, condition);
        let at = if last { found.next_back() } else { found.next() };
        if let Some(k) = at
            && best.is_none_or(|(bk, _)| if last { k > bk } else { k < bk })
        {
            best = Some((k, b));
        }
    }
    best
}

fn found(ctx: &mut Context, frame: u64, (phase, b): (usize, usize)) {
    ctx.go(frame, phase);
    ctx.note = Some(Note::BreakpointHit { number: b + 1, frame, phase: phase + 1, text: break_text(ctx, b) });
}

/// `c`: the next phase that meets a breakpoint, within [`SEARCH_FRAMES`].
pub fn next_match(ctx: &mut Context) {
    if ctx.breaks.list.is_empty() {
        ctx.note = Some(Note::NoBreakpoints);
        return;
    }
    if let Some(hit) = match_in(ctx, ctx.frame, ctx.phase + 1..usize::MAX, false) {
        return found(ctx, ctx.frame, hit);
    }
    let end = ctx.frame + SEARCH_FRAMES;
    let mut from = ctx.frame + 1;
    while from < end {
        // A stretch with one world's bodies and one set of settings: up to the next edit.
        let until = ctx.session.timeline.edits_in(from + 1..end).first().copied().unwrap_or(end);
        if let Some((frame, hit)) = first_in(ctx, from, until) {
            return found(ctx, frame, hit);
        }
        from = until;
    }
    ctx.note = Some(Note::NoMatchAhead { last: end - 1, frames: SEARCH_FRAMES });
}

/// `C`: the previous phase that meets a breakpoint, within [`SEARCH_FRAMES`].
pub fn prev_match(ctx: &mut Context) {
    if ctx.breaks.list.is_empty() {
        ctx.note = Some(Note::NoBreakpoints);
        return;
    }
    if let Some(hit) = match_in(ctx, ctx.frame, 0..ctx.phase, true) {
        return found(ctx, ctx.frame, hit);
    }
    let stop = ctx.frame.saturating_sub(SEARCH_FRAMES - 1);
    let mut to = ctx.frame;
    while to > stop {
        let from = to.saturating_sub(BACK_WINDOW).max(stop);
        let from = ctx.session.timeline.edits_in(from + 1..to).last().copied().unwrap_or(from);
        // The last match of the window: each match found, the search goes on after it.
        let mut last = None;
        let mut at = from;
        while let Some((frame, _)) = first_in(ctx, at, to) {
            last = Some(frame);
            at = frame + 1;
        }
        if let Some(frame) = last
            && let Some(hit) = match_in(ctx, frame, 0..usize::MAX, true)
        {
            return found(ctx, frame, hit);
        }
        to = from;
    }
    ctx.note = Some(if stop == 0 { Note::NoMatchBackToStart } else { Note::NoMatchBack { stop, frames: SEARCH_FRAMES } });
}

/// The first phase in frames `from..until` (one stretch between edits) that
/// meets a breakpoint: its frame, and (phase, breakpoint).
fn first_in(ctx: &mut Context, from: u64, until: u64) -> Option<(u64, (usize, usize))> {
    let start = ctx.session.timeline.start(from);
    let names: Vec<String> = start.world.bodies.iter().map(|b| b.name.clone()).collect();
    let (conditions, numbers) = ctx.breaks.live(start.world.handles());
    if conditions.is_empty() {
        return None;
    }
    let mut world = start.world;
    let (hit, c) = find_any(&mut world, &start.settings, &names, &conditions, until - from)?;
    Some((hit.record.frame, (hit.index, numbers[c])))
}

/// Breakpoint `k`'s condition as the frame on screen names its bodies
/// (a renamed body by its new name; one it lacks by its last), marked
/// when that frame lacks one.
fn break_text(ctx: &Context, k: usize) -> String {
    let (handles, bodies) = (ctx.session.timeline.handles(ctx.frame), ctx.bodies());
    let condition = &ctx.breaks.list[k];
    let name = |id: &BodyHandle| handles.iter().position(|i| i == id).map(|i| bodies[i].name.clone());
    let text = condition.text_with(|id| name(id).or_else(|| ctx.breaks.last_names.get(id).cloned()));
    let inert = condition.bodies().any(|id| !handles.contains(id));
    if inert { format!("{text}{}", words(ctx.lang).break_inert) } else { text }
}
