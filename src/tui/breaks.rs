//! Finding the moment in the debugger: breakpoints (`b` add, `B` list and
//! remove, `c` / `C` next / previous match), go to a frame (`:`) and the
//! lesson's narrated steps (`m` / `M`). The conditions are the session's, the
//! same language as `impulse run --break-on`.

use super::app::{Mode, Msg, Stepper};
use crate::lesson::find_phase;
use crate::session::condition::Condition;
use crate::session::search::matches_in;

/// A search stops after this many frames, or sooner after this many phases
/// (a 1,000-body frame has ~31,500), so a key never freezes the screen.
pub const SEARCH_FRAMES: u64 = 600;
const SEARCH_PHASES: usize = 2_000_000;
/// Conditions typed, for ↑ ↓ in the prompt, and breakpoints held at once.
const HISTORY: usize = 32;
/// `:` goes at most this far past the last frame run (each is stepped).
const AHEAD: u64 = 10_000;

/// What a prompt on the status line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Breakpoint,
    Frame,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub ask: Ask,
    pub text: String,
    /// Which history entry ↑ ↓ show, counted back from the newest.
    back: Option<usize>,
}

impl Prompt {
    pub fn new(ask: Ask) -> Prompt {
        Prompt { ask, text: String::new(), back: None }
    }
}

/// The breakpoints and the conditions typed so far.
#[derive(Clone, Debug, Default)]
pub struct Breakpoints {
    pub list: Vec<Condition>,
    pub history: Vec<String>,
}

impl Stepper {
    pub(super) fn breaks_key(&mut self, msg: Msg) {
        match msg {
            Msg::AddBreak if self.breaks.list.len() >= HISTORY => self.note = Some(format!("{HISTORY} breakpoints at most: B removes one")),
            Msg::AddBreak => self.mode = Mode::Prompt(Prompt::new(Ask::Breakpoint)),
            Msg::GoToFrame => self.mode = Mode::Prompt(Prompt::new(Ask::Frame)),
            Msg::ListBreaks if self.breaks.list.is_empty() => self.note = Some("no breakpoints: b adds one".to_string()),
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
            Msg::Input(c) => p.text.push(c),
            Msg::Erase => drop(p.text.pop()),
            Msg::ClearField => p.text.clear(),
            Msg::History(step) if p.ask == Ask::Breakpoint && !history.is_empty() => {
                let back = match (p.back, step) {
                    (None, s) if s < 0 => Some(0),
                    (Some(b), s) if s < 0 => Some((b + 1).min(history.len() - 1)),
                    (Some(0) | None, _) => None,
                    (Some(b), _) => Some(b - 1),
                };
                p.back = back;
                p.text = back.map_or(String::new(), |b| history[history.len() - 1 - b].clone());
            }
            Msg::Cancel => {
                self.mode = Mode::Step;
                self.note = Some("cancelled".to_string());
            }
            Msg::Accept => {
                let (ask, text) = (p.ask, p.text.trim().to_string());
                match ask {
                    Ask::Breakpoint => self.add_breakpoint(text),
                    Ask::Frame => self.go_to_frame(&text),
                }
            }
            _ => {}
        }
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
                self.note = Some(format!("breakpoint {}: {text} (c finds the next match)", self.breaks.list.len() + 1));
                self.breaks.list.push(condition);
            }
            // The prompt stays open, with where the condition goes wrong.
            Err(e) => {
                let p = &e.problems[0];
                let col = p.span.as_ref().map_or(0, |s| text[..s.start.min(text.len())].chars().count() + 1);
                let help = p.help.as_deref().map(|h| format!(": {h}")).unwrap_or_default();
                self.note = Some(format!("column {col}: {}{help}", p.message));
            }
        }
    }

    fn go_to_frame(&mut self, text: &str) {
        let limit = self.session.timeline.reached() + AHEAD;
        match text.parse::<u64>() {
            Ok(n) if n <= limit => {
                self.mode = Mode::Step;
                self.go(n, 0);
                self.note = Some(format!("frame {n}"));
            }
            Ok(_) => self.note = Some(format!("at most frame {limit}: {AHEAD} frames past the last one run")),
            Err(_) => self.note = Some("write a frame number, e.g. 30".to_string()),
        }
    }

    pub(super) fn breaks_list_update(&mut self, msg: Msg) {
        let Mode::Breaks(i) = self.mode else { return };
        let n = self.breaks.list.len();
        match msg {
            Msg::Pick(1) => self.mode = Mode::Breaks((i + 1).min(n - 1)),
            Msg::Pick(_) => self.mode = Mode::Breaks(i.saturating_sub(1)),
            Msg::Delete => {
                let gone = self.breaks.list.remove(i);
                self.note = Some(format!("removed breakpoint {}: {}", i + 1, gone.text));
                self.mode = if self.breaks.list.is_empty() { Mode::Step } else { Mode::Breaks(i.min(n - 2)) };
            }
            Msg::Cancel => self.mode = Mode::Step,
            _ => {}
        }
    }

    /// The first phase of `frame` in `range` that meets any breakpoint, from
    /// the end when `last`; with the breakpoint's number.
    fn match_in(&mut self, frame: u64, range: std::ops::Range<usize>, last: bool) -> (Option<(usize, usize)>, usize) {
        let (bodies, gravity) = (self.session.timeline.bodies(frame).to_vec(), self.session.timeline.gravity(frame));
        let names: Vec<String> = bodies.iter().map(|b| b.name.clone()).collect();
        let record = self.session.timeline.frame(frame);
        let mut best: Option<(usize, usize)> = None;
        for (b, condition) in self.breaks.list.iter().enumerate() {
            let mut found = matches_in(record, range.clone(), &bodies, gravity, &names, condition);
            let at = if last { found.next_back() } else { found.next() };
            if let Some(k) = at
                && best.is_none_or(|(bk, _)| if last { k > bk } else { k < bk })
            {
                best = Some((k, b));
            }
        }
        (best, record.phases.len())
    }

    fn found(&mut self, frame: u64, (phase, b): (usize, usize)) {
        self.go(frame, phase);
        self.note = Some(format!("breakpoint {} at frame {frame}, phase {}: {}", b + 1, phase + 1, self.breaks.list[b].text));
    }

    fn next_match(&mut self) {
        if self.breaks.list.is_empty() {
            self.note = Some("no breakpoints: b adds one".to_string());
            return;
        }
        let mut phases = 0;
        let mut from = self.phase + 1;
        for frame in self.frame..self.frame + SEARCH_FRAMES {
            let (hit, count) = self.match_in(frame, from..usize::MAX, false);
            if let Some(hit) = hit {
                return self.found(frame, hit);
            }
            from = 0;
            phases += count;
            if phases > SEARCH_PHASES || frame + 1 == self.frame + SEARCH_FRAMES {
                self.note =
                    Some(format!("no breakpoint matched up to frame {frame} (a search looks {SEARCH_FRAMES} frames ahead at most)"));
                return;
            }
        }
    }

    fn prev_match(&mut self) {
        if self.breaks.list.is_empty() {
            self.note = Some("no breakpoints: b adds one".to_string());
            return;
        }
        let mut phases = 0;
        let mut to = self.phase;
        let mut frame = self.frame;
        loop {
            let (hit, count) = self.match_in(frame, 0..to, true);
            if let Some(hit) = hit {
                return self.found(frame, hit);
            }
            phases += count;
            if frame == 0 || phases > SEARCH_PHASES || self.frame - frame + 1 >= SEARCH_FRAMES {
                let to = if frame == 0 {
                    "back to frame 0".to_string()
                } else {
                    format!("back to frame {frame} (a search looks {SEARCH_FRAMES} frames back at most)")
                };
                self.note = Some(format!("no breakpoint matched {to}"));
                return;
            }
            frame -= 1;
            to = usize::MAX;
        }
    }

    /// The lesson's next (or previous) step, where it is anchored.
    fn narrated_step(&mut self, forward: bool) {
        let here = (self.frame, self.phase);
        let steps: Vec<_> = self.session.lesson.steps.iter().map(|s| (s.frame, s.anchor(), s.title.clone())).collect();
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
                self.note = Some(format!("step: {title}"));
            }
            None if self.session.lesson.steps.is_empty() => self.note = Some("this scene has no narrated steps".to_string()),
            None => self.note = Some(format!("no narrated step {}", if forward { "after this one" } else { "before this one" })),
        }
    }
}
