//! What every mode of the debugger works on: the lesson or scene and its run,
//! the phase on screen, the selection, play, the canvas's view, the note on the
//! status line, the breakpoints and the classroom. A mode (`tui/modes/`) holds
//! only its own state and changes this one through its `update`.

use super::breakpoints::Breakpoints;
use super::canvas::CanvasView;
use super::classroom::Classroom;
use super::edit;
use super::effect::Effect;
use super::note::{Note, note_text};
use super::words::words;
use crate::engine::{Body, BodyState, FrameRecord, Motion, Quantity, Settings};
use crate::lesson::{Lang, Lesson, QuestionEntry, Truth, hints, truth};
use crate::session::quiz::questions_at;
use crate::session::{Made, Order, Seek, Session, Start};
use glam::DVec2;
use std::cell::{Ref, RefCell};
use std::collections::BTreeSet;

/// Play speeds as shares of real time, and how the status line writes
/// them: at 1× a frame of dt seconds is shown for dt seconds (1/dt frames a second).
pub const SPEEDS: [(f64, &str); 8] =
    [(1.0 / 32.0, "1/32×"), (1.0 / 16.0, "1/16×"), (0.125, "⅛×"), (0.25, "¼×"), (0.5, "½×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×")];

/// Where play starts: a scene at real time; a lesson, read a frame at a time,
/// at the speed nearest 5 frames a second, and never above real time.
fn first_speed(lesson: &Lesson) -> usize {
    let real = SPEEDS.iter().position(|&(x, _)| x == 1.0).expect("1× is a speed");
    if lesson.section.is_none() {
        return real;
    }
    let fps = |k: usize| SPEEDS[k].0 / lesson.settings.dt;
    (0..=real).min_by(|&a, &b| (fps(a) / 5.0).ln().abs().total_cmp(&(fps(b) / 5.0).ln().abs())).unwrap_or(real)
}

pub struct Context {
    /// The lesson or scene as opened, its run and its edits.
    pub session: Session,
    pub frame: u64,
    /// Index of the current phase within the frame.
    pub phase: usize,
    pub selected: usize,
    pub running: bool,
    /// While running: the bodies at the end of `frame`, which was stepped
    /// untraced; it is recorded when play stops or a key steps into it.
    pub playing: Option<Vec<BodyState>>,
    /// The next frame, played on the shell's worker, for the next tick to
    /// show; without one (no worker, as in tests) the tick steps it here.
    pub(super) arrived: Option<crate::session::Played>,
    /// Where the stepping keys are going while its frame is recorded on the
    /// shell's recorder (a frame of thousands of bodies): the screen shows
    /// `playing`'s bodies meanwhile, and the keys keep being answered.
    pub awaited: Option<Seek>,
    /// Frames a second really shown while running, as the shell measured them.
    pub measured_fps: f64,
    pub speed: usize,
    pub show_bounds: bool,
    /// Draw the vectors the phase computed (the game-engine book's collision info and more).
    pub show_info: bool,
    /// The energy chart in place of the scene (the ledger over the frames run).
    pub show_chart: bool,
    /// What the canvas shows and how: zoom, pan, follow, names, scale, layout.
    pub canvas: CanvasView,
    pub scroll: u16,
    pub narration_scroll: u16,
    /// A short note for the status line after a change.
    pub note: Option<Note>,
    pub breaks: Breakpoints,
    /// Quiz and presenter modes, and the learner's answers.
    pub class: Classroom,
    /// In a lesson, Del asked once: the next Del deletes.
    pub(super) delete_armed: bool,
    /// The last key moved (false) or turned (true) this body at this frame:
    /// the same again makes that edit grow, so a held key is one undo step.
    pub(super) held: Option<(bool, usize, u64)>,
    /// How far the move and turn keys go (`[` `]` in the field editor).
    pub steps: edit::Steps,
    /// While a frame is being written as a new scene (Ctrl-E): which. The
    /// file written is not this scene's file.
    pub exporting: Option<u64>,
    /// What the last key asks the shell to do, handed out by `update`.
    pub(super) effect: Option<Effect>,
    /// The language of the screen's words and the narration.
    pub lang: Lang,
    /// The states and totals around the phase on screen, once worked out (see [`Context::around`]).
    around: RefCell<Option<Around>>,
}

/// The states before a phase and the totals around it, and which run, frame
/// and phase they are of.
struct Around {
    key: (u64, u64, usize),
    states: Vec<BodyState>,
    totals: (crate::engine::Totals, crate::engine::Totals),
}

impl Context {
    pub fn new(scene: Lesson) -> Context {
        let note = scene.warnings.first().cloned().map(Note::Warning);
        let class = Classroom { answers: crate::session::quiz::Quiz::new(scene.questions.len()), ..Classroom::default() };
        let speed = first_speed(&scene);
        let mut session = Session::new(scene);
        session.timeline.frame(0);
        Context {
            session,
            frame: 0,
            phase: 0,
            selected: 0,
            running: false,
            playing: None,
            arrived: None,
            awaited: None,
            measured_fps: 0.0,
            speed,
            show_bounds: false,
            show_info: true,
            show_chart: false,
            canvas: CanvasView::default(),
            scroll: 0,
            narration_scroll: 0,
            note,
            breaks: Breakpoints::default(),
            class,
            delete_armed: false,
            held: None,
            steps: edit::Steps::default(),
            exporting: None,
            effect: None,
            lang: Lang::En,
            around: RefCell::default(),
        }
    }

    /// The record being shown. `update` makes sure it is cached.
    pub fn record(&self) -> &FrameRecord {
        self.session.timeline.cached(self.frame).expect("update keeps the current frame cached")
    }

    /// The address of the phase on screen (`FRAME:KIND[:PASS][:A-B]`).
    pub fn address(&self) -> crate::session::address::Address {
        crate::session::address::Address::of(self.record(), self.phase, &self.names())
    }

    /// The totals before and after the phase on screen.
    pub fn totals_around(&self) -> (crate::engine::Totals, crate::engine::Totals) {
        self.around().expect("update keeps the current frame cached").totals
    }

    /// The bodies' states once the first `count` phases of the frame on screen have run.
    pub fn states_after(&self, count: usize) -> Vec<BodyState> {
        // Another count than the phase on screen's (the quiz's truth, the aim) walks on its own.
        if count == self.phase
            && let Some(around) = self.around()
        {
            return around.states.clone();
        }
        self.session.timeline.states_after(self.frame, count).expect("update keeps the current frame cached")
    }

    /// The states before the phase on screen and the totals around it, from
    /// one walk of its record, kept while the run, frame and phase stay: a
    /// redraw asks for them from several panels, and each walk goes from the
    /// record's mark before the phase (docs/adr/0104-marks-spaced-by-bodies.md).
    fn around(&self) -> Option<Ref<'_, Around>> {
        let key = (self.session.timeline.run(), self.frame, self.phase);
        if self.around.borrow().as_ref().is_none_or(|a| a.key != key) {
            let (states, totals) = self.session.timeline.around(self.frame, self.phase)?;
            *self.around.borrow_mut() = Some(Around { key, states, totals });
        }
        Some(Ref::map(self.around.borrow(), |a| a.as_ref().expect("set above")))
    }

    /// The bodies of the frame being shown, as the last edit before it left them.
    pub fn bodies(&self) -> &[Body] {
        self.session.timeline.bodies(self.frame)
    }

    /// The names of the bodies of the frame being shown, in their order.
    pub fn names(&self) -> Vec<String> {
        self.bodies().iter().map(|b| b.name.clone()).collect()
    }

    /// How the bodies move at the start that governs the frame on screen.
    pub fn motions(&self) -> &[Motion] {
        self.session.timeline.motions(self.frame)
    }

    pub fn settings(&self) -> &Settings {
        self.session.timeline.settings(self.frame)
    }

    pub(super) fn phase_count(&mut self, frame: u64) -> usize {
        self.session.timeline.frame(frame).phases.len()
    }

    /// Shows `phase` of `frame`. The selection stays on the same body (by
    /// identity), where an edit between the two frames added, deleted or renamed bodies.
    pub(super) fn go(&mut self, frame: u64, phase: usize) {
        let id = self.session.timeline.handles(self.frame).get(self.selected).copied();
        let count = self.phase_count(frame);
        (self.frame, self.phase) = (frame, phase.min(count.saturating_sub(1)));
        // A/B: B's record of the same frame, for the view.
        if let Some(b) = &mut self.session.variant {
            b.timeline.frame(frame);
        }
        self.scroll = 0;
        self.narration_scroll = 0;
        let handles = self.session.timeline.handles(frame);
        let same = id.and_then(|id| handles.iter().position(|&i| i == id));
        self.selected = same.unwrap_or(self.selected.min(handles.len().saturating_sub(1)));
    }

    /// The run-time guard (`engine::guard`): whether frame `n` may be shown. If
    /// not, play stops before it and the status line says which phase and
    /// bodies went non-finite, so no NaN reaches the screen.
    pub(super) fn finite(&mut self, n: u64) -> bool {
        let names: Vec<String> = self.session.timeline.bodies(n).iter().map(|b| b.name.clone()).collect();
        let record = self.session.timeline.frame(n);
        let Err(stop) = crate::engine::guard(record) else { return true };
        self.note = Some(Note::Said(crate::notation::non_finite_message_in(&names, &stop, record, self.lang)));
        self.running = false;
        false
    }

    /// A key that does nothing here says so, rather than nothing at all.
    pub(super) fn unbound(&mut self, c: char) {
        self.note = Some(Note::Unbound(c));
    }

    /// Applies `change` to the start of the current frame (see
    /// `Session::edit`) and shows the same phase of the re-run frame, to
    /// compare before and after; the note says what changed, or why not.
    pub(super) fn edit(&mut self, change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>) {
        self.apply(change, false);
    }

    /// [`edit`](Self::edit), or with `grow` the last edit amended
    /// ([`Session::edit_or_amend`]); whether it changed anything.
    pub(super) fn apply(
        &mut self,
        change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>,
        grow: bool,
    ) -> bool {
        let before = self.session.timeline.handles(self.frame).to_vec();
        self.breaks.remember(&before, self.session.timeline.bodies(self.frame));
        match self.session.edit_or_amend(self.frame, &mut self.selected, change, grow) {
            Ok(label) => {
                self.go(self.frame, self.phase);
                let lost = self.breaks.lost(&before, self.session.timeline.handles(self.frame));
                self.note = Some(Note::Edited { label, lost });
                true
            }
            Err(why) => {
                self.note = Some(Note::NotEdited(why));
                false
            }
        }
    }

    /// The note as the status line says it, in the screen's language.
    pub fn note_text(&self) -> Option<String> {
        self.note.as_ref().map(|n| note_text(n, self.lang))
    }

    /// The derivation scrolled down or up a step (stepping's `j` `k`, the answer prompt's PgDn PgUp).
    pub(super) fn scroll_derivation(&mut self, down: bool) {
        self.scroll = if down { self.scroll.saturating_add(3) } else { self.scroll.saturating_sub(3) };
    }

    /// The part of the world the scene is drawn in, before it is fitted to
    /// the screen and centred on a followed body: the scene's own window,
    /// or the one zoomed, panned or fitted to.
    pub(super) fn window(&self) -> (DVec2, DVec2) {
        self.canvas.window(self.scene_window(), None)
    }

    /// The scene's own window: the file's `view`, else one around the bodies at the start.
    pub fn scene_window(&self) -> (DVec2, DVec2) {
        super::canvas::bounds(self.session.lesson.view, self.bodies(), self.motions())
    }

    /// The bodies as the canvas shows them: after the phase on screen, or
    /// where play has got to.
    pub fn shown_states(&self) -> Vec<BodyState> {
        match &self.playing {
            Some(end) => end.clone(),
            None => self.states_after(self.phase + 1),
        }
    }

    /// Stops play at the frame on screen and records it, showing its last
    /// phase: the state play was showing.
    pub(super) fn settle(&mut self) {
        self.running = false;
        if self.playing.is_some() && self.awaited.is_none() {
            self.seek(Seek::last_of(self.frame));
        }
    }

    /// Where the stepping keys count from: the place sought, or the phase on
    /// screen (the last of a frame played and not recorded).
    pub(super) fn here(&self) -> Seek {
        match (self.awaited, &self.playing) {
            (Some(to), _) => to,
            (None, Some(_)) => Seek::last_of(self.frame),
            (None, None) => Seek { frame: self.frame, phase: crate::session::PhaseFrom::First(self.phase) },
        }
    }

    /// Shows the place `to`: at once where its frame is cached or quick to
    /// record, as a lesson's are; else its frame is left for the shell's
    /// recorder ([`order`](Self::order)) and the bodies on screen stay, with
    /// no derivation, until it comes. A frame ahead is shown only if it
    /// stayed finite (the guard).
    pub(super) fn seek(&mut self, mut to: Seek) {
        let shown = self.frame;
        loop {
            let timeline = &self.session.timeline;
            if timeline.cached(to.frame).is_none() && !timeline.quick(to.frame) {
                if self.playing.is_none() {
                    self.playing = Some(self.shown_states());
                }
                self.awaited = Some(to);
                return;
            }
            match to.place(self.phase_count(to.frame)) {
                Ok(phase) => {
                    self.awaited = None;
                    if to.frame <= shown || self.finite(to.frame) {
                        self.go(to.frame, phase);
                        self.playing = None;
                    }
                    return;
                }
                Err(beside) => to = beside,
            }
        }
    }

    /// The record the place sought waits for, for the shell to make off the
    /// loop's thread; none when nothing is sought.
    pub fn order(&mut self) -> Option<Order> {
        let to = self.awaited?;
        let order = self.session.timeline.order(to.frame);
        if order.is_none() {
            // Cached meanwhile (by a record made for an earlier place sought).
            self.seek(to);
        }
        order
    }

    /// A record the shell made: cached, and shown if it is the place sought.
    pub fn made(&mut self, made: Made) {
        self.session.timeline.made(made);
        if let Some(to) = self.awaited {
            self.seek(to);
        }
    }

    /// The frames a second play asks for: the speed's share of real time, 1/dt.
    pub fn fps(&self) -> f64 {
        SPEEDS[self.speed].0 / self.settings().dt
    }

    /// Whether the scene differs from what its file holds (or the lesson as built in).
    pub fn dirty(&self) -> bool {
        self.session.dirty()
    }

    /// How many edits undo can take back.
    pub fn edits(&self) -> usize {
        self.session.edits()
    }

    // What the classroom hides at the phase on screen: read by every panel,
    // and by the quiz and presenter keys (`modes/quiz.rs`, `modes/presenter.rs`).

    /// The questions asked at the phase on screen (none while playing).
    pub fn questions_here(&self) -> Vec<usize> {
        if self.playing.is_some() || self.session.lesson.questions.is_empty() {
            return Vec::new();
        }
        questions_at(&self.session.lesson, self.record(), &self.names(), self.phase)
    }

    /// The questions at the phase on screen that still hide its results
    /// (and its narration, which may give them away).
    pub fn open_here(&self) -> Vec<usize> {
        if !self.class.quiz {
            return Vec::new();
        }
        self.questions_here().into_iter().filter(|&q| self.class.answers.is_open(q)).collect()
    }

    /// The value question `q` asks for at the phase on screen, read from its record.
    pub fn truth_of(&self, q: &QuestionEntry) -> Option<Truth> {
        let answer = q.answer.as_deref()?;
        let record = self.record();
        let mut t = truth(answer, &record.phases.at(self.phase), &self.names(), || self.states_after(self.phase + 1)).ok()?;
        // Named as the lesson speaks of it ("m1's spin ω after the impulse"), where it says.
        if let Some(name) = q.name(self.lang) {
            t.name = name.trim().to_string();
        }
        Some(t)
    }

    /// Every result quiz or presenter mode hides at the phase on screen, shown
    /// or not, by the quantity's place in the derivation: all of them, in
    /// presenter mode or while a question here is open. A formula further
    /// down puts a hidden result in as its symbol (`tui::view::derivation`),
    /// so `jn = −(1 + e)·vrn / k_n` gives neither vrn nor k_n away.
    pub fn hideable(&self) -> Vec<usize> {
        let asking = self.class.presenter || !self.open_here().is_empty();
        if self.playing.is_some() || !asking {
            return Vec::new();
        }
        let quantities = self.record().phases.at(self.phase).quantities(&self.names());
        (0..quantities.len()).filter(|&k| !is_setting(&quantities[k])).collect()
    }

    /// The results of the derivation on screen that are hidden now, by the
    /// quantity's place among the phase's. The one set every panel consults:
    /// the derivation, and through [`Self::outcome_hidden`] the canvas, the
    /// bodies, the totals, the chart and the narration.
    pub fn hidden_lines(&self) -> BTreeSet<usize> {
        if !(self.class.quiz || self.class.presenter) || self.playing.is_some() {
            return BTreeSet::new();
        }
        self.hideable().into_iter().filter(|l| !self.class.revealed.contains(l)).collect()
    }

    /// Whether the phase's outcome (the bodies after it, its totals, its
    /// vectors, the narration anchored here) is hidden: some result still is.
    pub fn outcome_hidden(&self) -> bool {
        !self.hidden_lines().is_empty()
    }

    /// The right answer to question `q`, as the phase on screen recorded it:
    /// "vrn = 3 m/s", or "1 negative".
    pub fn answer_text(&self, q: usize) -> String {
        let question = &self.session.lesson.questions[q];
        if question.choices.is_some() {
            let choices = question.choices(self.lang);
            return question.correct_index().map_or(String::new(), |k| format!("{} {}", k + 1, choices[k]));
        }
        self.truth_of(question).map_or_else(|| words(self.lang).not_recorded.to_string(), |t| t.text())
    }

    /// The hints of question `q`, in the order they are given (see [`hints`]).
    pub fn hints_of(&self, q: usize) -> Vec<String> {
        let question = &self.session.lesson.questions[q];
        let truth = self.truth_of(question);
        hints(question, truth.as_ref(), &self.record().phases.at(self.phase), &self.names(), self.lang)
    }
}

/// The time step is the world's setting, given before any question: a
/// derivation shows it as the lesson's `[world]` sets it, never as `dt = ?`.
fn is_setting(q: &Quantity) -> bool {
    q.name == "dt" && q.formula.is_none()
}
