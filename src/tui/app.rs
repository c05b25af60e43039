//! State and update: every key becomes a `Msg`, and `update` is the only
//! thing that changes the state. The view reads the state and nothing else.

use super::timeline::Timeline;
use crate::engine::{FrameRecord, Tangent};
use crate::scene::Scene;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Msg {
    NextPhase,
    PrevPhase,
    NextFrame,
    PrevFrame,
    First,
    Last,
    ToggleRun,
    Faster,
    Slower,
    SelectNext,
    SelectPrev,
    Restart,
    CycleTangent,
    ToggleBounds,
    ScrollDown,
    ScrollUp,
    NarrationDown,
    NarrationUp,
    Back,
    MenuDown,
    MenuUp,
    Open,
    Help,
    Quit,
    /// Time passed while running: one more frame.
    Tick,
}

/// Frames per second when running.
pub const SPEEDS: [f64; 7] = [0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0];

pub struct Stepper {
    pub scene: Scene,
    pub timeline: Timeline,
    pub frame: u64,
    /// Index of the current phase within the frame.
    pub phase: usize,
    pub selected: usize,
    pub running: bool,
    pub speed: usize,
    pub show_bounds: bool,
    pub scroll: u16,
    pub narration_scroll: u16,
    /// A short note for the status line after a change of settings.
    pub note: Option<String>,
}

impl Stepper {
    pub fn new(scene: Scene) -> Stepper {
        let mut timeline = Timeline::new(scene.world.clone(), scene.settings.clone());
        timeline.frame(0);
        Stepper {
            scene,
            timeline,
            frame: 0,
            phase: 0,
            selected: 0,
            running: false,
            speed: 3,
            show_bounds: false,
            scroll: 0,
            narration_scroll: 0,
            note: None,
        }
    }

    /// The record being shown. `update` makes sure it is cached.
    pub fn record(&self) -> &FrameRecord {
        self.timeline.cached(self.frame).expect("update keeps the current frame cached")
    }

    fn phase_count(&mut self, frame: u64) -> usize {
        self.timeline.frame(frame).phases.len()
    }

    fn go(&mut self, frame: u64, phase: usize) {
        let count = self.phase_count(frame);
        (self.frame, self.phase) = (frame, phase.min(count.saturating_sub(1)));
        self.scroll = 0;
        self.narration_scroll = 0;
    }

    pub fn update(&mut self, msg: Msg) {
        self.note = None;
        match msg {
            Msg::NextPhase if self.phase + 1 < self.phase_count(self.frame) => self.go(self.frame, self.phase + 1),
            Msg::NextPhase | Msg::NextFrame => self.go(self.frame + 1, 0),
            Msg::PrevPhase if self.phase > 0 => self.go(self.frame, self.phase - 1),
            Msg::PrevPhase if self.frame > 0 => self.go(self.frame - 1, usize::MAX),
            Msg::PrevFrame if self.frame > 0 => self.go(self.frame - 1, 0),
            Msg::PrevPhase | Msg::PrevFrame => self.go(self.frame, 0),
            Msg::First => self.go(0, 0),
            Msg::Last => self.go(self.timeline.reached().saturating_sub(1), 0),
            Msg::Restart => {
                self.running = false;
                self.go(0, 0);
            }
            Msg::ToggleRun => self.running = !self.running,
            Msg::Tick if self.running => self.go(self.frame + 1, usize::MAX),
            Msg::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Msg::Slower => self.speed = self.speed.saturating_sub(1),
            Msg::SelectNext => self.selected = (self.selected + 1) % self.scene.world.bodies.len().max(1),
            Msg::SelectPrev => {
                let n = self.scene.world.bodies.len().max(1);
                self.selected = (self.selected + n - 1) % n;
            }
            Msg::CycleTangent => self.cycle_tangent(),
            Msg::ToggleBounds => self.show_bounds = !self.show_bounds,
            Msg::ScrollDown => self.scroll = self.scroll.saturating_add(3),
            Msg::ScrollUp => self.scroll = self.scroll.saturating_sub(3),
            Msg::NarrationDown => self.narration_scroll = self.narration_scroll.saturating_add(2),
            Msg::NarrationUp => self.narration_scroll = self.narration_scroll.saturating_sub(2),
            _ => {}
        }
    }

    /// Text 000's bug and its two fixes, on the same frame: re-run this frame
    /// (and what follows) with the next tangent mode; earlier frames stay.
    fn cycle_tangent(&mut self) {
        let mut settings = self.timeline.settings.clone();
        settings.tangent = match settings.tangent {
            Tangent::RotatedNormal => Tangent::SignFixed,
            Tangent::SignFixed => Tangent::Projected,
            Tangent::Projected => Tangent::RotatedNormal,
        };
        let world = self.timeline.world_at(self.frame);
        self.timeline.rewrite_from(self.frame, world, settings);
        let phase = self.phase;
        self.go(self.frame, phase);
        self.note = Some(format!("tangent: {}", self.timeline.settings.tangent.name()));
    }
}

pub enum Screen {
    Menu,
    Stepper(Box<Stepper>),
}

pub struct App {
    pub screen: Screen,
    pub lessons: Vec<Scene>,
    pub menu_selected: usize,
    pub help: bool,
    pub quit: bool,
    /// False under NO_COLOR.
    pub color: bool,
}

impl App {
    pub fn menu(lessons: Vec<Scene>, color: bool) -> App {
        App { screen: Screen::Menu, lessons, menu_selected: 0, help: false, quit: false, color }
    }

    pub fn stepper(scene: Scene, lessons: Vec<Scene>, color: bool) -> App {
        App { screen: Screen::Stepper(Box::new(Stepper::new(scene))), ..App::menu(lessons, color) }
    }

    pub fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Quit => self.quit = true,
            Msg::Help => self.help = !self.help,
            Msg::Back if self.help => self.help = false,
            _ if self.help => {}
            Msg::Back => self.screen = Screen::Menu,
            Msg::MenuDown => self.menu_selected = (self.menu_selected + 1).min(self.lessons.len().saturating_sub(1)),
            Msg::MenuUp => self.menu_selected = self.menu_selected.saturating_sub(1),
            Msg::Open => {
                if let Some(scene) = self.lessons.get(self.menu_selected) {
                    self.screen = Screen::Stepper(Box::new(Stepper::new(scene.clone())));
                }
            }
            _ => {
                if let Screen::Stepper(s) = &mut self.screen {
                    s.update(msg);
                }
            }
        }
    }

    pub fn running(&self) -> Option<f64> {
        match &self.screen {
            Screen::Stepper(s) if s.running && !self.help => Some(SPEEDS[s.speed]),
            _ => None,
        }
    }
}
