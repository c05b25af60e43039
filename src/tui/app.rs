//! State and update: every key becomes a `Msg`, and `update` is the only
//! thing that changes the state. The view reads the state and nothing else.

use super::breakpoints::Breakpoints;
use super::canvas::CanvasView;
pub use super::classroom::{AnswerPrompt, Classroom};
use super::edit;
use super::effect::{Effect, Outcome};
use super::fields::FieldEditor;
pub use super::msg::Msg;
use super::prompt::Prompt;
use super::shot::Shot;
use super::words::{fill, words};
use crate::engine::{Body, BodyState, FrameRecord, Motion, Settings};
use crate::geometry::Pose;
use crate::lesson::{Lang, Lesson};
use crate::scene::YAxis;
use crate::session::{Session, Start};
use glam::DVec2;
use std::path::PathBuf;

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

/// What the keys currently drive.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    Step,
    Fields(FieldEditor),
    Aim(Shot),
    /// Asking where to save (a lesson has no file of its own); the text typed so far.
    SaveAs(crate::session::line::LineEdit),
    /// Asking before writing over `path`.
    Overwrite(PathBuf),
    /// Typing a breakpoint's condition or a frame number on the status line.
    Prompt(Prompt),
    /// Choosing a breakpoint to remove (`B`): which one.
    Breaks(usize),
    /// Answering a quiz question on the status line.
    Answer(AnswerPrompt),
}

impl Mode {
    /// The line being typed into, if this mode is a prompt (a setting's
    /// name in the field editor is cycled, not typed).
    pub fn line_mut(&mut self) -> Option<&mut crate::session::line::LineEdit> {
        match self {
            Mode::SaveAs(line) => Some(line),
            Mode::Prompt(p) => Some(&mut p.text),
            Mode::Answer(p) => Some(&mut p.text),
            Mode::Fields(ed) if !ed.is_choice() => Some(ed.line()),
            _ => None,
        }
    }
}

pub struct Stepper {
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
    pub note: Option<String>,
    pub mode: Mode,
    pub breaks: Breakpoints,
    /// Quiz and presenter modes, and the learner's answers.
    pub class: Classroom,
    /// In a lesson, Del asked once: the next Del deletes.
    delete_armed: bool,
    /// The last key moved (false) or turned (true) this body at this frame:
    /// the same again makes that edit grow, so a held key is one undo step.
    held: Option<(bool, usize, u64)>,
    /// How far the move and turn keys go (`[` `]` in the field editor).
    pub steps: edit::Steps,
    /// While a frame is being written as a new scene (Ctrl-E): which. The
    /// file written is not this scene's file.
    pub(super) exporting: Option<u64>,
    /// What the last key asks the shell to do, handed out by `update`.
    pub(super) effect: Option<Effect>,
    /// The language of the screen's words and the narration.
    pub lang: Lang,
}

impl Stepper {
    pub fn new(scene: Lesson) -> Stepper {
        let note = warning_note(&scene, Lang::En);
        let class = Classroom { answers: crate::session::quiz::Quiz::new(scene.questions.len()), ..Classroom::default() };
        let speed = first_speed(&scene);
        let mut session = Session::new(scene);
        session.timeline.frame(0);
        Stepper {
            session,
            frame: 0,
            phase: 0,
            selected: 0,
            running: false,
            playing: None,
            measured_fps: 0.0,
            speed,
            show_bounds: false,
            show_info: true,
            show_chart: false,
            canvas: CanvasView::default(),
            scroll: 0,
            narration_scroll: 0,
            note,
            mode: Mode::Step,
            breaks: Breakpoints::default(),
            class,
            delete_armed: false,
            held: None,
            steps: edit::Steps::default(),
            exporting: None,
            effect: None,
            lang: Lang::En,
        }
    }

    /// The record being shown. `update` makes sure it is cached.
    pub fn record(&self) -> &FrameRecord {
        self.session.timeline.cached(self.frame).expect("update keeps the current frame cached")
    }

    /// The address of the phase on screen (`FRAME:KIND[:PASS][:A-B]`).
    pub fn address(&self) -> crate::session::address::Address {
        let names: Vec<String> = self.bodies().iter().map(|b| b.name.clone()).collect();
        crate::session::address::Address::of(self.record(), self.phase, &names)
    }

    /// The totals around each phase of the frame on screen, worked out when it was recorded.
    pub fn ledger(&self) -> &[crate::engine::Totals] {
        self.session.timeline.cached_ledger(self.frame).expect("update keeps the current frame cached")
    }

    /// The bodies of the frame being shown, as the last edit before it left them.
    pub fn bodies(&self) -> &[Body] {
        self.session.timeline.bodies(self.frame)
    }

    /// How the bodies move at the start that governs the frame on screen.
    pub fn motions(&self) -> &[Motion] {
        self.session.timeline.motions(self.frame)
    }

    pub fn settings(&self) -> &Settings {
        self.session.timeline.settings(self.frame)
    }

    fn phase_count(&mut self, frame: u64) -> usize {
        self.session.timeline.frame(frame).phases.len()
    }

    /// Shows `phase` of `frame`. The selection stays on the same body (by
    /// identity), where an edit between the two frames added, deleted or renamed bodies.
    pub(super) fn go(&mut self, frame: u64, phase: usize) {
        let id = self.session.timeline.ids(self.frame).get(self.selected).copied();
        let count = self.phase_count(frame);
        (self.frame, self.phase) = (frame, phase.min(count.saturating_sub(1)));
        // A/B: B's record of the same frame, for the view.
        if let Some(b) = &mut self.session.variant {
            b.timeline.frame(frame);
        }
        self.scroll = 0;
        self.narration_scroll = 0;
        let ids = self.session.timeline.ids(frame);
        let same = id.and_then(|id| ids.iter().position(|&i| i == id));
        self.selected = same.unwrap_or(self.selected.min(ids.len().saturating_sub(1)));
    }

    /// The run-time guard (`engine::guard`): whether frame `n` may be shown. If
    /// not, play stops before it and the status line says which phase and
    /// bodies went non-finite, so no NaN reaches the screen.
    fn finite(&mut self, n: u64) -> bool {
        let names: Vec<String> = self.session.timeline.bodies(n).iter().map(|b| b.name.clone()).collect();
        let record = self.session.timeline.frame(n);
        let Err(stop) = crate::engine::guard(record) else { return true };
        self.note = Some(crate::notation::non_finite_message(&names, &stop, record));
        self.running = false;
        false
    }

    /// Handles a key (or a tick, or a click); returns what the shell must do.
    pub fn update(&mut self, msg: Msg) -> Option<Effect> {
        // Any other key, or the keyboard resting, lets a held move key go.
        if edit::held(msg).is_none() {
            self.held = None;
        }
        if msg == Msg::Idle {
            return None;
        }
        let (from, open) = ((self.frame, self.phase), self.open_questions());
        match self.mode {
            Mode::Step => self.update_step(msg),
            Mode::Fields(_) => self.fields_update(msg),
            Mode::Aim(_) => self.aim_update(msg),
            Mode::SaveAs(_) | Mode::Overwrite(_) => self.save_update(msg),
            Mode::Prompt(_) => self.prompt_update(msg),
            Mode::Breaks(_) => self.breaks_list_update(msg),
            Mode::Answer(_) => self.answer_update(msg),
        }
        if !matches!(msg, Msg::Tick(_)) {
            self.after_key(from, open);
        }
        self.effect.take()
    }

    /// A key while stepping (the other modes hand theirs back here when done).
    pub(super) fn update_step(&mut self, msg: Msg) {
        // The note answers the last key; the clock ticking while
        // running is no key, so a warning stays on screen.
        let armed = if matches!(msg, Msg::Tick(_)) { self.delete_armed } else { std::mem::take(&mut self.delete_armed) };
        if !matches!(msg, Msg::Tick(_)) {
            self.note = None;
        }
        match msg {
            // A lesson's bodies are what its narration speaks of: Del asks first.
            Msg::Delete if !armed && self.session.lesson.section.is_some() => {
                self.delete_armed = true;
                let name = self.bodies().get(self.selected).map_or(String::new(), |b| b.name.clone());
                self.note = Some(fill(words(self.lang).del_again, &[&name]));
            }
            Msg::ToggleRun if self.running => self.settle(),
            // Said, and nothing else: playing goes on.
            Msg::Unbound(c) => self.unbound(c),
            Msg::Alt(c) => self.note = Some(fill(words(self.lang).alt_chord, &[&c])),
            Msg::Tick(_) | Msg::Faster | Msg::Slower | Msg::ToggleRun => self.step_update(msg),
            // The view's keys work while playing: a break can leave the window.
            Msg::Zoom(..)
            | Msg::Pan(..)
            | Msg::Drag(_)
            | Msg::Follow
            | Msg::Fit
            | Msg::ToggleNames
            | Msg::ToggleScale
            | Msg::ToggleLayout => self.view_update(msg),
            // Any other key looks at or changes the frame: play stops there first.
            _ => {
                self.settle();
                self.step_update(msg);
            }
        }
    }

    /// A key that does nothing here says so, rather than nothing at all.
    pub(super) fn unbound(&mut self, c: char) {
        self.note = Some(unbound_note(self.lang, c));
    }

    pub(super) fn step_update(&mut self, msg: Msg) {
        match msg {
            Msg::NextPhase if self.phase + 1 < self.phase_count(self.frame) => self.go(self.frame, self.phase + 1),
            Msg::NextPhase | Msg::NextFrame => {
                if self.finite(self.frame + 1) {
                    self.go(self.frame + 1, 0);
                }
            }
            Msg::PrevPhase if self.phase > 0 => self.go(self.frame, self.phase - 1),
            Msg::PrevPhase if self.frame > 0 => self.go(self.frame - 1, usize::MAX),
            Msg::PrevFrame if self.frame > 0 => self.go(self.frame - 1, 0),
            Msg::PrevPhase | Msg::PrevFrame => self.go(self.frame, 0),
            Msg::First => self.go(0, 0),
            Msg::Last => self.go(self.session.timeline.reached().saturating_sub(1), 0),
            Msg::Restart => {
                self.running = false;
                self.go(0, 0);
            }
            Msg::ToggleRun => self.running = true,
            Msg::Tick(fps) if self.running => {
                let end = self.session.timeline.end_of(self.frame + 1);
                if !end.iter().all(|s| s.is_finite()) && !self.finite(self.frame + 1) {
                    return;
                }
                self.frame += 1;
                self.playing = Some(end);
                self.measured_fps = fps;
                self.selected = self.selected.min(self.bodies().len().saturating_sub(1));
            }
            Msg::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Msg::Slower => self.speed = self.speed.saturating_sub(1),
            Msg::SelectNext => self.selected = (self.selected + 1) % self.bodies().len().max(1),
            Msg::SelectPrev => {
                let n = self.bodies().len().max(1);
                self.selected = (self.selected + n - 1) % n;
            }
            Msg::ToggleBounds => {
                self.show_bounds = !self.show_bounds;
                let w = words(self.lang);
                self.note = Some(fill(w.bounds_note, &[&if self.show_bounds { w.shown } else { w.hidden }]));
            }
            Msg::ToggleInfo => {
                self.show_info = !self.show_info;
                let w = words(self.lang);
                self.note = Some(fill(w.vectors_note, &[&if self.show_info { w.shown } else { w.hidden }]));
            }
            Msg::ToggleChart => {
                self.show_chart = !self.show_chart;
                let w = words(self.lang);
                self.note = Some(if self.show_chart { w.chart_shown } else { w.chart_hidden }.to_string());
            }
            Msg::ScrollDown => self.scroll = self.scroll.saturating_add(3),
            Msg::ScrollUp => self.scroll = self.scroll.saturating_sub(3),
            Msg::NarrationDown => self.narration_scroll = self.narration_scroll.saturating_add(2),
            Msg::NarrationUp => self.narration_scroll = self.narration_scroll.saturating_sub(2),
            Msg::Click(p) => self.select_at(p),
            Msg::EditFields => self.open_fields(),
            Msg::EditSettings => self.open_settings(),
            Msg::Toggle(key) => self.toggle(key),
            Msg::Aim => self.open_aim(),
            Msg::Save => self.save(),
            Msg::SaveFrame => self.export_frame(),
            Msg::CopyAddress => {
                let address = self.address().to_string();
                self.note = Some(fill(words(self.lang).copied, &[&address]));
                self.effect = Some(Effect::Copy(address));
            }
            Msg::Undo => self.replay(true),
            Msg::Redo => self.replay(false),
            Msg::AddBreak
            | Msg::ListBreaks
            | Msg::NextMatch
            | Msg::PrevMatch
            | Msg::GoToFrame
            | Msg::Rename
            | Msg::NextStep
            | Msg::PrevStep
            | Msg::Variant => self.breaks_key(msg),
            Msg::ToggleQuiz | Msg::TogglePresenter | Msg::Reveal | Msg::ShowAnswer | Msg::Answer => self.classroom_key(msg),
            _ => {
                let down = self.session.lesson.y_axis == YAxis::Down;
                if let Some(change) = edit::change_for(msg, self.window(), down, self.steps, words(self.lang)) {
                    let held = edit::held(msg).map(|turn| (turn, self.selected, self.frame));
                    let grows = held.is_some() && held == self.held;
                    self.held = if self.apply(change, grows) { held } else { None };
                }
            }
        }
    }

    /// The body under a click: the one the point is deepest inside, or one
    /// whose outline passes within a twenty-fifth of the view, about a
    /// terminal cell: a click lands on a cell, and a thin body (a ramp, a
    /// wall) is a line of dots through cells taller than it.
    fn select_at(&mut self, p: DVec2) {
        let states = self.shown_states();
        let (lo, hi) = self.window();
        let near = (hi - lo).max_element() / 25.0;
        let gap = |(b, s): (&Body, &crate::engine::BodyState)| b.shape.distance_to(Pose::new(s.position, s.angle), p);
        let nearest = self.bodies().iter().zip(&states).map(gap).enumerate().min_by(|x, y| x.1.total_cmp(&y.1));
        match nearest {
            Some((i, gap)) if gap <= near => self.selected = i,
            _ => self.note = Some(words(self.lang).no_body_there.to_string()),
        }
    }

    /// Applies `change` to the start of the current frame (see
    /// `Session::edit`) and shows the same phase of the re-run frame, to
    /// compare before and after; the note says what changed, or why not.
    pub(super) fn edit(&mut self, change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>) {
        self.apply(change, false);
    }

    /// [`edit`](Self::edit), or with `grow` the last edit amended
    /// ([`Session::edit_or_amend`]); whether it changed anything.
    fn apply(&mut self, change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>, grow: bool) -> bool {
        let before = self.session.timeline.ids(self.frame).to_vec();
        self.breaks.remember(&before, self.session.timeline.bodies(self.frame));
        match self.session.edit_or_amend(self.frame, &mut self.selected, change, grow) {
            Ok(label) => {
                self.go(self.frame, self.phase);
                let lost = self.breaks.lost(&before, self.session.timeline.ids(self.frame));
                let numbers = lost.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
                let inert = if lost.is_empty() { String::new() } else { fill(words(self.lang).breaks_inert, &[&numbers]) };
                self.note = Some(format!("{label}{inert}"));
                true
            }
            Err(why) => {
                self.note = Some(why);
                false
            }
        }
    }

    /// Undo (`back`) or redo: shows the frame the edit was made at.
    pub(super) fn replay(&mut self, back: bool) {
        let replayed = if back { self.session.undo() } else { self.session.redo() };
        let w = words(self.lang);
        match replayed {
            Some(r) => {
                let phase = if r.frame == self.frame { self.phase } else { 0 };
                self.go(r.frame, phase);
                self.selected = r.selected.min(self.bodies().len().saturating_sub(1));
                self.note = Some(fill(if back { w.undone } else { w.redone }, &[&r.label]));
            }
            None => self.note = Some(if back { w.nothing_to_undo } else { w.nothing_to_redo }.to_string()),
        }
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
            None => self.record().state_after(self.phase + 1),
        }
    }

    /// The keys of the canvas's view. They change what is seen, never the run.
    fn view_update(&mut self, msg: Msg) {
        let scene = self.scene_window();
        let followed = if self.canvas.follow { self.shown_states().get(self.selected).map(|s| s.position) } else { None };
        let down = self.session.lesson.y_axis == YAxis::Down;
        let name = self.bodies().get(self.selected).map_or(String::new(), |b| b.name.clone());
        let c = &mut self.canvas;
        let w = words(self.lang);
        let shown = |on: bool| if on { w.shown } else { w.hidden };
        self.note = Some(match msg {
            Msg::Zoom(steps, at) => {
                c.zoom(scene, followed, steps, at);
                let (lo, hi) = c.window(scene, followed);
                fill(w.view_wide, &[&crate::notation::num(hi.x - lo.x)])
            }
            Msg::Drag(by) => {
                c.shift(scene, followed, by);
                w.view_dragged.to_string()
            }
            Msg::Pan(dx, dy) => {
                c.pan(scene, followed, down, dx, dy);
                w.view_moved.to_string()
            }
            Msg::Follow => {
                (c.follow, c.fitted) = (!c.follow, false);
                if c.follow { fill(w.note_follows, &[&name]) } else { w.view_stays.to_string() }
            }
            Msg::Fit if c.fitted => {
                (c.window, c.follow, c.fitted) = (None, false, false);
                w.view_own.to_string()
            }
            Msg::Fit => {
                let states = self.shown_states();
                let window = super::canvas::around(self.bodies(), &states);
                (self.canvas.window, self.canvas.follow, self.canvas.fitted) = (Some(window), false, true);
                w.note_fitted.to_string()
            }
            Msg::ToggleNames => {
                c.hide_names = !c.hide_names;
                fill(w.names_note, &[&shown(!c.hide_names)])
            }
            Msg::ToggleScale => {
                c.true_scale = !c.true_scale;
                if c.true_scale { w.arrows_to_scale } else { w.arrows_fitted }.to_string()
            }
            Msg::ToggleLayout => {
                c.wide = !c.wide;
                if c.wide { w.canvas_wide } else { w.panels_back }.to_string()
            }
            _ => return,
        });
    }

    /// Stops play at the frame on screen and records it, showing its last
    /// phase: the state play was showing.
    fn settle(&mut self) {
        self.running = false;
        if self.playing.take().is_some() {
            self.go(self.frame, usize::MAX);
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
}

pub enum Screen {
    Menu,
    Stepper(Box<Stepper>),
}

pub struct App {
    pub screen: Screen,
    pub lessons: Vec<Lesson>,
    pub menu_selected: usize,
    pub help: bool,
    pub help_scroll: u16,
    /// Set by a first `q` with unsaved edits; a second one leaves.
    leave_warned: bool,
    /// The scene Esc left for the menu, kept as it was (frame, edits, breakpoints):
    /// the menu's first entry goes back to it.
    pub left: Option<Box<Stepper>>,
    /// What the menu's bottom line says after a key (a warning).
    pub menu_note: Option<String>,
    pub quit: bool,
    /// False under NO_COLOR.
    pub color: bool,
    /// Quiz mode for the lessons opened (`--quiz`).
    pub quiz: bool,
    /// `--quiz-log FILE` for the lessons opened.
    pub quiz_log: Option<PathBuf>,
    /// The language of the screen's words and the narration (`--lang`, the locale).
    pub lang: Lang,
}

impl App {
    pub fn menu(lessons: Vec<Lesson>, color: bool) -> App {
        App {
            screen: Screen::Menu,
            lessons,
            menu_selected: 0,
            help: false,
            help_scroll: 0,
            leave_warned: false,
            left: None,
            menu_note: None,
            quit: false,
            color,
            quiz: false,
            quiz_log: None,
            lang: Lang::En,
        }
    }

    /// The same app speaking `lang`: its words and the lessons' narration.
    pub fn with_lang(mut self, lang: Lang) -> App {
        self.lang = lang;
        if let Screen::Stepper(s) = &mut self.screen {
            s.lang = lang;
            s.note = warning_note(&s.session.lesson, lang).or(s.note.take());
        }
        self
    }

    pub fn stepper(scene: Lesson, lessons: Vec<Lesson>, color: bool) -> App {
        App { screen: Screen::Stepper(Box::new(Stepper::new(scene))), ..App::menu(lessons, color) }
    }

    /// The scene on screen showing phase `phase` of frame `frame` (`--at`).
    pub fn at(mut self, frame: u64, phase: usize) -> App {
        if let Screen::Stepper(s) = &mut self.screen {
            s.go(frame, phase);
        }
        self
    }

    /// Quiz mode on (`--quiz`) or off for the scene on screen and every
    /// lesson opened from the menu; questions in `lang`.
    /// `--quiz-log FILE`: each answer, in any lesson opened, is appended to FILE.
    pub fn with_quiz_log(mut self, path: Option<PathBuf>) -> App {
        if let Screen::Stepper(s) = &mut self.screen {
            s.class.log.clone_from(&path);
        }
        self.quiz_log = path;
        self
    }

    pub fn with_quiz(mut self, quiz: bool) -> App {
        self.quiz = quiz;
        if let Screen::Stepper(s) = &mut self.screen {
            s.classroom(quiz, self.lang);
        }
        self
    }

    /// Handles a message; returns what the shell must do (see [`perform`](super::perform)).
    pub fn update(&mut self, msg: Msg) -> Option<Effect> {
        // The keyboard resting is no key: it only lets a held move key go.
        if msg == Msg::Idle {
            return if let Screen::Stepper(s) = &mut self.screen { s.update(msg) } else { None };
        }
        // Only a key clears the warning; the clock ticking while running does not.
        let warned = if matches!(msg, Msg::Tick(_)) { self.leave_warned } else { std::mem::take(&mut self.leave_warned) };
        if !matches!(msg, Msg::Tick(_)) {
            self.menu_note = None;
        }
        match msg {
            // Esc closes A/B before it leaves the scene.
            Msg::Back if !self.help && matches!(&self.screen, Screen::Stepper(s) if s.session.variant.is_some()) => {
                if let Screen::Stepper(s) = &mut self.screen {
                    s.session.variant = None;
                    s.note = Some(words(s.lang).ab_off.to_string());
                }
            }
            Msg::Quit if !warned && !self.help && self.warn_unsaved() => self.leave_warned = true,
            // Leaving an edited scene for the menu while the menu keeps another
            // edited one would drop the older edits: say so first.
            Msg::Back if !warned && !self.help && self.back_would_drop() => {
                let lang = self.lang;
                if let (Screen::Stepper(s), Some(left)) = (&mut self.screen, &self.left) {
                    s.note = Some(fill(words(lang).back_drops, &[&left.session.lesson.file]));
                }
                self.leave_warned = true;
            }
            Msg::Quit if !self.help => self.quit = true,
            Msg::Help => {
                self.help = !self.help;
                self.help_scroll = 0;
            }
            // q on the help closes it, as in a pager; a second q quits.
            Msg::Back | Msg::Cancel | Msg::Quit if self.help => self.help = false,
            Msg::ScrollDown | Msg::MenuDown if self.help => self.help_scroll = self.help_scroll.saturating_add(3),
            Msg::ScrollUp | Msg::MenuUp if self.help => self.help_scroll = self.help_scroll.saturating_sub(3),
            _ if self.help => {}
            // Esc in the menu goes back to the scene left there, if any.
            Msg::Back if matches!(self.screen, Screen::Menu) => {
                if let Some(s) = self.left.take() {
                    self.screen = Screen::Stepper(s);
                }
            }
            // Leaving a scene keeps it, edits and all: the menu offers to go back.
            Msg::Back => {
                if let Screen::Stepper(s) = std::mem::replace(&mut self.screen, Screen::Menu) {
                    // A lesson looked at and not edited gives way to an edited scene kept.
                    if s.dirty() || !self.left.as_ref().is_some_and(|l| l.dirty()) {
                        self.left = Some(s);
                    }
                    self.menu_selected = 0;
                }
            }
            Msg::Unbound(c) if matches!(self.screen, Screen::Menu) => self.menu_note = Some(unbound_note(self.lang, c)),
            Msg::Alt(c) if matches!(self.screen, Screen::Menu) => self.menu_note = Some(fill(words(self.lang).alt_chord, &[&c])),
            Msg::MenuDown => self.menu_selected = (self.menu_selected + 1).min(self.menu_len().saturating_sub(1)),
            Msg::MenuUp => self.menu_selected = self.menu_selected.saturating_sub(1),
            Msg::Open if self.left.is_some() && self.menu_selected == 0 => {
                self.screen = Screen::Stepper(self.left.take().expect("checked"));
            }
            Msg::Open => {
                if let Some(scene) = self.lessons.get(self.menu_selected - usize::from(self.left.is_some())) {
                    let mut s = Box::new(Stepper::new(scene.clone()));
                    s.classroom(self.quiz, self.lang);
                    s.class.log.clone_from(&self.quiz_log);
                    self.screen = Screen::Stepper(s);
                }
            }
            _ => {
                if let Screen::Stepper(s) = &mut self.screen {
                    return s.update(msg);
                }
            }
        }
        None
    }

    /// Text the terminal pasted (bracketed paste): it goes into the prompt
    /// open, at its cursor, on one line; with no prompt open it does nothing.
    pub fn paste(&mut self, text: &str) {
        if let Screen::Stepper(s) = &mut self.screen
            && !self.help
            && let Some(line) = s.mode.line_mut()
        {
            line.paste(text);
        }
    }

    /// What the shell found or did for the last effect.
    pub fn performed(&mut self, outcome: Outcome) {
        if let Screen::Stepper(s) = &mut self.screen {
            s.performed(outcome);
        }
    }

    /// Tells the user that quitting drops their edits, if it would: in the
    /// scene on screen, or in the one left in the menu.
    fn warn_unsaved(&mut self) -> bool {
        match (&mut self.screen, &self.left) {
            (Screen::Stepper(s), _) if s.dirty() => {
                s.note = Some(words(s.lang).unsaved.to_string());
                true
            }
            (Screen::Menu, Some(left)) if left.dirty() => {
                self.menu_note = Some(words(self.lang).left_unsaved.to_string());
                true
            }
            (Screen::Stepper(s), Some(left)) if left.dirty() => {
                s.note = Some(fill(words(self.lang).quit_drops, &[&left.session.lesson.file]));
                true
            }
            _ => false,
        }
    }

    /// Whether Esc would put the scene on screen, edited, in the menu's place
    /// of another edited one.
    fn back_would_drop(&self) -> bool {
        matches!((&self.screen, &self.left), (Screen::Stepper(s), Some(left)) if s.dirty() && left.dirty())
    }

    /// The menu's entries: the scene left, if any, then the lessons.
    fn menu_len(&self) -> usize {
        self.lessons.len() + usize::from(self.left.is_some())
    }

    /// The frames a second to play at, while playing.
    pub fn running(&self) -> Option<f64> {
        match &self.screen {
            Screen::Stepper(s) if s.running && !self.help && s.mode == Mode::Step => Some(s.fps()),
            _ => None,
        }
    }
}

/// The note a scene opens with when it has a warning (bodies overlapping at the start), in `lang`.
fn warning_note(scene: &Lesson, lang: Lang) -> Option<String> {
    scene.warnings.first().map(|w| fill(words(lang).warning, &[&w.in_lang(lang).message]))
}

/// What the status line says of a key that does nothing where it was pressed.
fn unbound_note(lang: Lang, c: char) -> String {
    fill(words(lang).unbound, &[&c.to_string()])
}
