//! State and update: every key becomes a `Msg`, and `update` is the only
//! thing that changes the state. The view reads the state and nothing else.
//! The menu is here; a scene opened from it is a [`Stepper`]: the
//! [`Context`] every mode works on, and the [`Mode`] the keys drive, each a
//! module of `modes/` that this file hands the keys to.

pub use super::context::{Context, SPEEDS};
use super::effect::{Effect, Outcome};
pub use super::modes::Mode;
use super::modes::{ab, aim, breaks, fields, normal, prompt, quiz, save};
pub use super::msg::Msg;
use super::note::Note;
use crate::lesson::{Lang, Lesson};
use std::path::PathBuf;

/// A scene on screen: what every mode works on, and the mode the keys drive.
/// The context's fields and queries read through it (`stepper.frame`).
pub struct Stepper {
    pub ctx: Context,
    pub mode: Mode,
}

impl std::ops::Deref for Stepper {
    type Target = Context;
    fn deref(&self) -> &Context {
        &self.ctx
    }
}

impl std::ops::DerefMut for Stepper {
    fn deref_mut(&mut self) -> &mut Context {
        &mut self.ctx
    }
}

impl Stepper {
    pub fn new(scene: Lesson) -> Stepper {
        Stepper { ctx: Context::new(scene), mode: Mode::Step }
    }

    /// Handles a key (or a tick, or a click); returns what the shell must do.
    pub fn update(&mut self, msg: Msg) -> Option<Effect> {
        let ctx = &mut self.ctx;
        // Any other key, or the keyboard resting, lets a held move key go.
        if super::edit::held(msg).is_none() {
            ctx.held = None;
        }
        if msg == Msg::Idle {
            return None;
        }
        let (from, open) = ((ctx.frame, ctx.phase), ctx.open_here());
        // The mode the key leaves the keyboard to, when it is another.
        let next = match &mut self.mode {
            Mode::Step => normal::update(msg, ctx),
            Mode::Fields(ed) => fields::update(ed, msg, ctx).then_some(Mode::Step),
            Mode::Aim(shot) => aim::update(shot, msg, ctx).then_some(Mode::Step),
            Mode::SaveAs(name) => after_save(save::update_name(name, msg, ctx)),
            Mode::Overwrite(path) => after_save(save::update_overwrite(path, msg, ctx)),
            Mode::Prompt(p) => prompt::update(p, msg, ctx).then_some(Mode::Step),
            Mode::Breaks(i) => breaks::update(i, msg, ctx).then_some(Mode::Step),
            Mode::Answer(p) => match quiz::update(p, msg, ctx) {
                quiz::Then::Stay => None,
                quiz::Then::Done => Some(Mode::Step),
                quiz::Then::Next(next) => Some(Mode::Answer(next)),
            },
        };
        if let Some(next) = next {
            self.mode = next;
        }
        if !matches!(msg, Msg::Tick(_)) {
            let asked = quiz::after_key(&mut self.ctx, from, &open);
            if let (Some(p), Mode::Step) = (asked, &self.mode) {
                self.mode = Mode::Answer(p);
            }
        }
        self.ctx.effect.take()
    }

    /// What the shell found or did for the last effect.
    pub fn performed(&mut self, outcome: Outcome) {
        if let Some(next) = after_save(save::performed(outcome, &mut self.ctx)) {
            self.mode = next;
        }
    }

    /// Quiz mode on or off, questions in `lang`; on, a question at the phase
    /// on screen is asked at once.
    pub fn classroom(&mut self, quiz: bool, lang: Lang) {
        let asked = quiz::switch(&mut self.ctx, quiz, lang);
        if let (Some(p), Mode::Step) = (asked, &self.mode) {
            self.mode = Mode::Answer(p);
        }
    }
}

/// The mode a save's key or the shell's answer leaves the keyboard to, when it is another.
fn after_save(then: save::Then) -> Option<Mode> {
    match then {
        save::Then::Stay => None,
        save::Then::Done => Some(Mode::Step),
        save::Then::Overwrite(path) => Some(Mode::Overwrite(path)),
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
    pub menu_note: Option<Note>,
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
                    ab::close(&mut s.ctx);
                }
            }
            Msg::Quit if !warned && !self.help && self.warn_unsaved() => self.leave_warned = true,
            // Leaving an edited scene for the menu while the menu keeps another
            // edited one would drop the older edits: say so first.
            Msg::Back if !warned && !self.help && self.back_would_drop() => {
                if let (Screen::Stepper(s), Some(left)) = (&mut self.screen, &self.left) {
                    s.note = Some(Note::BackDrops { file: left.session.lesson.file.clone() });
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
            Msg::Unbound(c) if matches!(self.screen, Screen::Menu) => self.menu_note = Some(Note::Unbound(c)),
            Msg::Alt(c) if matches!(self.screen, Screen::Menu) => self.menu_note = Some(Note::AltChord(c)),
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
                s.note = Some(Note::Unsaved);
                true
            }
            (Screen::Menu, Some(left)) if left.dirty() => {
                self.menu_note = Some(Note::LeftUnsaved);
                true
            }
            (Screen::Stepper(s), Some(left)) if left.dirty() => {
                s.note = Some(Note::QuitDrops { file: left.session.lesson.file.clone() });
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

    /// Frames to play on a worker from the one after the frame on screen, while playing.
    pub fn ahead(&mut self) -> Option<crate::session::Ahead> {
        self.running()?;
        let Screen::Stepper(s) = &mut self.screen else { return None };
        let next = s.frame + 1;
        Some(s.session.timeline.ahead(next))
    }

    /// A frame played on the worker, for the next tick to show: taken if it
    /// is the next one (false: the worker is behind what the screen shows, and is of no more use).
    pub fn played(&mut self, played: crate::session::Played) -> bool {
        let Screen::Stepper(s) = &mut self.screen else { return false };
        let next = played.frame == s.frame + 1;
        if next {
            s.arrived = Some(played);
        }
        next
    }

    /// The record the scene on screen waits for, to be made off the loop's
    /// thread (see [`Context::order`]).
    pub fn order(&mut self) -> Option<crate::session::Order> {
        let Screen::Stepper(s) = &mut self.screen else { return None };
        s.order()
    }

    /// A record made off the loop's thread, for the scene it was ordered
    /// for: the one on screen, or the one left in the menu (a record of
    /// another scene's run is not taken: see `Timeline::made`).
    pub fn made(&mut self, made: crate::session::Made) {
        match (&mut self.screen, &mut self.left) {
            (Screen::Stepper(s), _) | (Screen::Menu, Some(s)) => s.made(made),
            (Screen::Menu, None) => {}
        }
    }

    /// The frames a second to play at, while playing.
    pub fn running(&self) -> Option<f64> {
        match &self.screen {
            Screen::Stepper(s) if s.running && !self.help && s.mode == Mode::Step => Some(s.fps()),
            _ => None,
        }
    }
}
