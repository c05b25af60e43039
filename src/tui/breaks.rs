//! Finding the moment in the debugger: breakpoints (`b` add, `B` list and
//! remove, `c` / `C` next / previous match), go to a frame (`:`) and the
//! lesson's narrated steps (`m` / `M`). The conditions are the session's, the
//! same language as `impulse run --break-on`.

use super::app::{Mode, Msg, Stepper};
use super::prompt::{Ask, Prompt};
use super::words::{fill, words};
use crate::lesson::find_phase;
use crate::session::BodyId;
use crate::session::condition::Condition;
use crate::session::line::LineEdit;
use crate::session::search::{find_any, matches_in};

/// A search looks this many frames ahead or back at most. Frames other than
/// the one on screen are stepped with the session's search (a tracer that
/// keeps only what a breakpoint could meet), as `impulse run --break-on` is.
pub const SEARCH_FRAMES: u64 = 600;
/// A search back steps forward through windows of this many frames, the
/// nearest first, and keeps the last match of the first window that has one.
const BACK_WINDOW: u64 = 30;
/// Conditions typed, for ↑ ↓ in the prompt, and breakpoints held at once.
const HISTORY: usize = 32;
/// `:` goes at most this far past the last frame run (each is stepped).
const AHEAD: u64 = 10_000;

impl Stepper {
    pub(super) fn breaks_key(&mut self, msg: Msg) {
        match msg {
            Msg::AddBreak if self.breaks.list.len() >= HISTORY => self.note = Some(fill(words(self.lang).breaks_at_most, &[&HISTORY])),
            Msg::AddBreak => self.mode = Mode::Prompt(Prompt::new(Ask::Breakpoint)),
            Msg::GoToFrame => self.mode = Mode::Prompt(Prompt::new(Ask::Frame)),
            Msg::Rename => match self.bodies().get(self.selected) {
                Some(b) => self.mode = Mode::Prompt(Prompt { text: LineEdit::new(b.name.clone()), ..Prompt::new(Ask::Rename) }),
                None => self.note = Some(words(self.lang).no_selection.to_string()),
            },
            Msg::Variant if self.session.variant.is_some() => {
                self.session.variant = None;
                self.note = Some(words(self.lang).ab_off.to_string());
            }
            Msg::Variant => {
                let mut prompt = Prompt::new(Ask::Variant);
                prompt.text.set(crate::session::variant::suggested(self.settings()).unwrap_or_default());
                self.mode = Mode::Prompt(prompt);
            }
            Msg::ListBreaks if self.breaks.list.is_empty() => self.note = Some(words(self.lang).no_breaks.to_string()),
            Msg::ListBreaks => self.mode = Mode::Breaks(0),
            Msg::NextMatch => self.next_match(),
            Msg::PrevMatch => self.prev_match(),
            Msg::NextStep => self.narrated_step(true),
            Msg::PrevStep => self.narrated_step(false),
            _ => {}
        }
    }

    pub(super) fn prompt_update(&mut self, msg: Msg) {
        let Mode::Prompt(p) = &mut self.mode else { return };
        let history = &self.breaks.history;
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
                self.mode = Mode::Step;
                self.note = Some(words(self.lang).cancelled.to_string());
            }
            Msg::Accept => {
                let (ask, text) = (p.ask, p.text.as_str().trim().to_string());
                match ask {
                    Ask::Breakpoint => self.add_breakpoint(text),
                    Ask::Frame => self.go_to_frame(&text),
                    Ask::Variant => self.start_variant(&text),
                    Ask::Rename => self.rename(text),
                }
            }
            _ => {}
        }
    }

    /// A/B on: B is the file with `text`'s overrides, shown at the frame on screen.
    fn start_variant(&mut self, text: &str) {
        match crate::session::variant::Variant::new(&self.session.lesson, text) {
            Ok(variant) => {
                self.note = Some(fill(words(self.lang).ab_on, &[&variant.sets.join(" ")]));
                self.session.variant = Some(variant);
                self.mode = Mode::Step;
                self.go(self.frame, self.phase);
            }
            // The prompt stays open with the file's message for the override.
            Err(e) => {
                let p = e.problems[0].in_lang(self.lang);
                let help = p.help.as_deref().map(|h| format!("{}{h}", words(self.lang).colon)).unwrap_or_default();
                self.note = Some(format!("{}{help}", p.message));
            }
        }
    }

    /// The selected body called `name` from the frame on screen, if a scene
    /// file could call it so (the prompt stays open with why not). Actions
    /// and breakpoints hold the body itself, not its name, so they follow it.
    fn rename(&mut self, name: String) {
        let i = self.selected;
        if let Err(why) = crate::scene::check_new_name(self.bodies(), i, &name) {
            return self.note = Some(why);
        }
        self.mode = Mode::Step;
        let (w, breaks) = (words(self.lang), !self.breaks.list.is_empty());
        self.edit(move |s, _, _| {
            let old = std::mem::replace(&mut s.world.bodies[i].name, name.clone());
            let note = fill(w.renamed, &[&old, &name]);
            Ok(if breaks { format!("{note}{}", fill(w.renamed_breaks, &[&old])) } else { note })
        });
    }

    fn add_breakpoint(&mut self, text: String) {
        if !text.is_empty() && self.breaks.history.last() != Some(&text) {
            self.breaks.history.push(text.clone());
            if self.breaks.history.len() > HISTORY {
                self.breaks.history.remove(0);
            }
        }
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        match Condition::parse(&text, &names) {
            Ok(condition) => {
                self.mode = Mode::Step;
                self.note = Some(fill(words(self.lang).break_added, &[&(self.breaks.list.len() + 1), &text]));
                let ids = self.session.timeline.ids(self.frame);
                self.breaks.list.push(condition.map_bodies(|&i| ids.get(i).copied()).expect("parsed with these bodies"));
            }
            // The prompt stays open, with where the condition goes wrong.
            Err(e) => {
                let p = e.problems[0].in_lang(self.lang);
                let col = p.span.as_ref().map_or(0, |s| text[..s.start.min(text.len())].chars().count() + 1);
                let help = p.help.as_deref().map(|h| format!("{}{h}", words(self.lang).colon)).unwrap_or_default();
                self.note = Some(fill(words(self.lang).at_column, &[&col, &format!("{}{help}", p.message)]));
            }
        }
    }

    fn go_to_frame(&mut self, text: &str) {
        let limit = self.session.timeline.reached() + AHEAD;
        match text.parse::<u64>() {
            Ok(n) if n <= limit => {
                self.mode = Mode::Step;
                self.go(n, 0);
                self.note = Some(format!("{} {n}", words(self.lang).frame));
            }
            Ok(_) => self.note = Some(fill(words(self.lang).frame_at_most, &[&limit, &AHEAD])),
            Err(_) => self.note = Some(words(self.lang).write_frame.to_string()),
        }
    }

    pub(super) fn breaks_list_update(&mut self, msg: Msg) {
        let Mode::Breaks(i) = self.mode else { return };
        let n = self.breaks.list.len();
        match msg {
            Msg::Pick(1) => self.mode = Mode::Breaks((i + 1).min(n - 1)),
            Msg::Pick(_) => self.mode = Mode::Breaks(i.saturating_sub(1)),
            Msg::Delete => {
                let text = self.break_text(i);
                self.breaks.list.remove(i);
                self.note = Some(fill(words(self.lang).break_removed, &[&(i + 1), &text]));
                self.mode = if self.breaks.list.is_empty() { Mode::Step } else { Mode::Breaks(i.min(n - 2)) };
            }
            Msg::Cancel => self.mode = Mode::Step,
            Msg::Unbound(c) => self.unbound(c),
            _ => {}
        }
    }

    /// The first phase of `frame` in `range` that meets any breakpoint, from
    /// the end when `last`; with the breakpoint's number.
    fn match_in(&mut self, frame: u64, range: std::ops::Range<usize>, last: bool) -> Option<(usize, usize)> {
        let (bodies, gravity) = (self.session.timeline.bodies(frame).to_vec(), self.session.timeline.gravity(frame));
        let names: Vec<String> = bodies.iter().map(|b| b.name.clone()).collect();
        let (conditions, numbers) = self.breaks.live(self.session.timeline.ids(frame));
        let record = self.session.timeline.frame(frame);
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

    fn found(&mut self, frame: u64, (phase, b): (usize, usize)) {
        self.go(frame, phase);
        self.note = Some(fill(words(self.lang).break_hit, &[&(b + 1), &frame, &(phase + 1), &self.break_text(b)]));
    }

    fn next_match(&mut self) {
        if self.breaks.list.is_empty() {
            self.note = Some(words(self.lang).no_breaks.to_string());
            return;
        }
        if let Some(hit) = self.match_in(self.frame, self.phase + 1..usize::MAX, false) {
            return self.found(self.frame, hit);
        }
        let end = self.frame + SEARCH_FRAMES;
        let mut from = self.frame + 1;
        while from < end {
            // A stretch with one world's bodies and one set of settings: up to the next edit.
            let until = self.session.timeline.edits_in(from + 1..end).first().copied().unwrap_or(end);
            if let Some((frame, hit)) = self.first_in(from, until) {
                return self.found(frame, hit);
            }
            from = until;
        }
        self.note = Some(fill(words(self.lang).no_match_ahead, &[&(end - 1), &SEARCH_FRAMES]));
    }

    fn prev_match(&mut self) {
        if self.breaks.list.is_empty() {
            self.note = Some(words(self.lang).no_breaks.to_string());
            return;
        }
        if let Some(hit) = self.match_in(self.frame, 0..self.phase, true) {
            return self.found(self.frame, hit);
        }
        let stop = self.frame.saturating_sub(SEARCH_FRAMES - 1);
        let mut to = self.frame;
        while to > stop {
            let from = to.saturating_sub(BACK_WINDOW).max(stop);
            let from = self.session.timeline.edits_in(from + 1..to).last().copied().unwrap_or(from);
            // The last match of the window: each match found, the search goes on after it.
            let mut last = None;
            let mut at = from;
            while let Some((frame, _)) = self.first_in(at, to) {
                last = Some(frame);
                at = frame + 1;
            }
            if let Some(frame) = last
                && let Some(hit) = self.match_in(frame, 0..usize::MAX, true)
            {
                return self.found(frame, hit);
            }
            to = from;
        }
        let w = words(self.lang);
        self.note = Some(if stop == 0 { w.no_match_back_to_start.to_string() } else { fill(w.no_match_back, &[&stop, &SEARCH_FRAMES]) });
    }

    /// The first phase in frames `from..until` (one stretch between edits) that
    /// meets a breakpoint: its frame, and (phase, breakpoint).
    fn first_in(&mut self, from: u64, until: u64) -> Option<(u64, (usize, usize))> {
        let start = self.session.timeline.start(from);
        let names: Vec<String> = start.world.bodies.iter().map(|b| b.name.clone()).collect();
        let (conditions, numbers) = self.breaks.live(start.world.handles());
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
    pub(super) fn break_text(&self, k: usize) -> String {
        let (ids, bodies) = (self.session.timeline.ids(self.frame), self.bodies());
        let condition = &self.breaks.list[k];
        let name = |id: &BodyId| ids.iter().position(|i| i == id).map(|i| bodies[i].name.clone());
        let text = condition.text_with(|id| name(id).or_else(|| self.breaks.last_names.get(id).cloned()));
        let inert = condition.bodies().any(|id| !ids.contains(id));
        if inert { format!("{text}{}", words(self.lang).break_inert) } else { text }
    }

    /// The lesson's next (or previous) step, where it is anchored.
    fn narrated_step(&mut self, forward: bool) {
        let here = (self.frame, self.phase);
        let lang = self.lang;
        let mut steps: Vec<_> = self.session.lesson.steps.iter().map(|s| (s.frame, s.anchor(), s.title(lang).to_string())).collect();
        // In quiz mode the questions are stops too.
        if self.class.quiz {
            let questions = self.session.lesson.questions.iter().enumerate();
            steps.extend(questions.map(|(i, q)| (q.frame, q.anchor(), fill(words(lang).question_n, &[&(i + 1)]))));
        }
        let mut best: Option<((u64, usize), String)> = None;
        for (frame, anchor, title) in steps {
            let names: Vec<String> = self.session.timeline.bodies(frame).iter().map(|b| b.name.clone()).collect();
            let Some(phase) = find_phase(self.session.timeline.frame(frame), &anchor, &names) else { continue };
            let at = (frame, phase);
            let better = |b: (u64, usize)| if forward { at < b } else { at > b };
            if (if forward { at > here } else { at < here }) && best.as_ref().is_none_or(|(b, _)| better(*b)) {
                best = Some((at, title));
            }
        }
        match best {
            Some(((frame, phase), title)) => {
                self.go(frame, phase);
                // A step's title may give away what is hidden there ("The early exit: a face with no
                // support point"): an open question is named instead, and presenter mode gives the
                // step's number, its title waiting with its narration.
                let steps = &self.session.lesson.steps;
                let title = match self.open_here().first() {
                    Some(q) => fill(words(self.lang).question_n, &[&(q + 1)]),
                    None if self.class.presenter && self.outcome_hidden() => match steps.iter().position(|s| s.title == title) {
                        Some(k) => format!("{}/{}", k + 1, steps.len()),
                        None => title,
                    },
                    None => title,
                };
                self.note = Some(fill(words(self.lang).step_note, &[&title]));
            }
            None if self.session.lesson.steps.is_empty() => self.note = Some(words(self.lang).no_steps.to_string()),
            None => self.note = Some(if forward { words(self.lang).no_step_after } else { words(self.lang).no_step_before }.to_string()),
        }
    }
}
