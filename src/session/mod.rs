//! A session: the run a person steps through and edits, with nothing of a
//! screen or a keyboard in it. It holds the lesson (or scene) as opened, the
//! timeline (the run as its starts, with caches), the edits that undo and redo
//! walk, and what the file on disk holds. The TUI is a shell around it: keys
//! become calls here, and writing a file is an effect the shell performs with
//! the text [`Session::save_text`] made.

pub mod address;
pub mod condition;
pub mod line;
mod marks;
mod order;
mod play;
pub mod quiz;
pub mod search;
mod seek;
mod series;
mod start;
mod timeline;
pub mod variant;

pub use crate::lesson::stale_banner;
pub use order::{Made, Order};
pub use play::{Ahead, Played};
pub use seek::{PhaseFrom, Seek};
pub use series::Series;
pub use start::Start;
pub use timeline::{DEFAULT_BUDGET, Starts, Timeline};

use crate::engine::{BodyHandle, Settings, World};
use crate::lesson::Lesson;
use crate::notation::num;
use crate::scene::file::SolverSection;
use crate::scene::save::to_toml;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// One edit, as undo and redo need it: the starts it replaced and those it put
/// in, and the body it was about before and after.
#[derive(Clone, Debug)]
struct Edit {
    id: u64,
    frame: u64,
    label: String,
    before: Starts,
    after: Starts,
    selected_before: usize,
    selected_after: usize,
}

/// What undo or redo did: where to look, which body, and the edit's own note.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    pub frame: u64,
    pub selected: usize,
    pub label: String,
}

pub struct Session {
    pub lesson: Lesson,
    pub timeline: Timeline,
    /// A/B: the same scene with overrides, run beside this one.
    pub variant: Option<variant::Variant>,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// Which edit the file holds: the one on top of `undo` when it was last
    /// saved (none: the scene as opened). Undoing back to it is clean again.
    saved: Option<u64>,
    /// The name each body the file holds has there: saving writes a body into
    /// the table it came from, renamed or not, and a body without one is new.
    filed: BTreeMap<BodyHandle, String>,
    next_edit: u64,
    /// The highest generation any start of the session would give a new body
    /// next: an edit's start begins there, so that a body added after an undo
    /// never has the handle of one added before it (a breakpoint on that one
    /// must not wake on this one).
    next_generation: u32,
    /// For random bodies and kicks: seeded, so a session can be replayed.
    rng: fastrand::Rng,
}

impl Session {
    pub fn new(lesson: Lesson) -> Session {
        let timeline = Timeline::new(lesson.world.clone(), lesson.settings.clone());
        let filed = names_of(timeline.handles(0), timeline.bodies(0));
        Session {
            lesson,
            timeline,
            variant: None,
            undo: Vec::new(),
            redo: Vec::new(),
            saved: None,
            filed,
            next_edit: 0,
            next_generation: 0,
            rng: fastrand::Rng::with_seed(2011),
        }
    }

    /// Applies `change` to the start of frame `n`: it may change the world and
    /// settings there and the selected body, and returns what it did, or why
    /// it changed nothing. The run from `n` on is replaced; undo puts it back.
    pub fn edit(
        &mut self,
        n: u64,
        selected: &mut usize,
        change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>,
    ) -> Result<String, String> {
        self.edit_or_amend(n, selected, change, false)
    }

    /// [`edit`](Self::edit), with `amend` made part of the last edit when that
    /// was at frame `n` too: undo takes both back in one step, to what was
    /// there before the last edit, and says what `change` did. A key held down
    /// is one edit so.
    pub fn edit_or_amend(
        &mut self,
        n: u64,
        selected: &mut usize,
        change: impl FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>,
        amend: bool,
    ) -> Result<String, String> {
        let mut start = self.timeline.start(n);
        let selected_before = *selected;
        start.world.raise_generation(self.next_generation);
        let label = change(&mut start, selected, &mut self.rng)?;
        self.next_generation = start.world.next_generation();
        let after = Starts::from([(n, start)]);
        self.next_edit += 1;
        match self.undo.last_mut().filter(|e| amend && e.frame == n) {
            // A new id: the file no longer holds what the amended edit did.
            Some(e) => (e.id, e.label, e.after, e.selected_after) = (self.next_edit, label.clone(), after.clone(), *selected),
            None => {
                let before = self.timeline.starts_from(n);
                let edit = Edit {
                    id: self.next_edit,
                    frame: n,
                    label: label.clone(),
                    before,
                    after: after.clone(),
                    selected_before,
                    selected_after: *selected,
                };
                self.undo.push(edit);
            }
        }
        self.timeline.replace_from(n, after);
        self.redo.clear();
        Ok(label)
    }

    /// None when there is nothing to undo.
    pub fn undo(&mut self) -> Option<Replayed> {
        self.replay(true)
    }

    /// None when there is nothing to redo.
    pub fn redo(&mut self) -> Option<Replayed> {
        self.replay(false)
    }

    /// Takes the last edit off one stack, puts its starts from before (undo)
    /// or after (redo) back in the timeline, and moves it to the other stack.
    fn replay(&mut self, back: bool) -> Option<Replayed> {
        let e = if back { self.undo.pop() } else { self.redo.pop() }?;
        let (starts, selected) = if back { (e.before.clone(), e.selected_before) } else { (e.after.clone(), e.selected_after) };
        self.timeline.replace_from(e.frame, starts);
        let replayed = Replayed { frame: e.frame, selected, label: e.label.clone() };
        if back {
            self.redo.push(e)
        } else {
            self.undo.push(e)
        }
        Some(replayed)
    }

    /// Whether the scene differs from what its file holds (or the lesson as built in).
    pub fn dirty(&self) -> bool {
        self.undo.last().map(|e| e.id) != self.saved
    }

    /// How many edits undo can take back.
    pub fn edits(&self) -> usize {
        self.undo.len()
    }

    /// The frames after the first at which the run was edited: the scene as
    /// built (frame 0) does not hold those edits, which change the run from there.
    pub fn later_edits(&self) -> Vec<u64> {
        self.timeline.edits_in(1..u64::MAX)
    }

    /// The text of the file with the start of frame `n` written into it, so
    /// that reopening it shows that start as frame 0; checked by reading it
    /// back before anything is written. Motion, a switch of the session and
    /// not a key of the file, is left out. What a step left within 1e-12 of
    /// zero is written as 0 ([`Start::clean_round_off`]).
    pub fn save_text(&mut self, n: u64, file: &str) -> Result<String, String> {
        let mut start = self.timeline.start(n);
        start.clean_round_off();
        let filed: Vec<Option<&str>> = start.world.handles().iter().map(|id| self.filed.get(id).map(String::as_str)).collect();
        let text = to_toml(&self.lesson.source, &start.world, &start.settings, &filed)?;
        // The file starts at this frame: its actions count from here. Left as
        // written (with their comments) when that changes nothing.
        let actions = crate::engine::actions_from(&start.world.actions, start.world.frame);
        let text = if actions == self.lesson.world.actions {
            text
        } else {
            crate::scene::save::with_actions(&text, &actions, &start.world.bodies)?
        };
        // A renamed body is the same body: the lesson's steps, checks,
        // questions and keys that name it by its file name follow it.
        let text = crate::lesson::rename_bodies(&text, &crate::scene::save::renames(&filed, &start.world.bodies))?;
        // The whole file is checked as `impulse check` would (a step or check
        // that names a deleted body breaks the lesson), not only the scene.
        let back = Lesson::parse(file, &text).map_err(|e| format!("the scene would not read back ({})", e.problems[0].message))?;
        if let Err(e) = crate::lesson::validate(&back) {
            let p = &e.problems[0];
            let at = p.span.as_ref().map(|s| crate::scene::error::line_col(&text, s.start));
            let at = at.map_or(String::new(), |(line, col)| format!(" at line {line}, column {col}"));
            return Err(format!("the lesson would break{at}: {}", p.message));
        }
        self.reads_back_as(&back, &start)?;
        Ok(text)
    }

    /// Whether `back`, read from the text about to be written, is the scene
    /// at `start`: the same bodies, gravity, drawing and settings (motion
    /// aside). If not, the first body or setting that differs, and how.
    fn reads_back_as(&self, back: &Lesson, start: &Start) -> Result<(), String> {
        let settings = Settings { motion: true, ..start.settings.clone() };
        let actions = crate::engine::actions_from(&start.world.actions, start.world.frame);
        let apart = if back.world.bodies != start.world.bodies || back.world.motions != start.world.motions {
            bodies_apart(&back.world, &start.world)
        } else if back.world.actions != actions {
            let k = back.world.actions.iter().zip(&actions).take_while(|(a, b)| a == b).count();
            format!("action {} of {} would read back otherwise", k + 1, actions.len())
        } else if back.world.gravity != start.world.gravity {
            format!("gravity would read back {} m/s² apart from the scene's", num(back.world.gravity.distance(start.world.gravity)))
        } else if back.settings != settings {
            format!("{} would read back otherwise", setting_apart(&back.settings, &settings))
        } else if back.y_axis != self.lesson.y_axis {
            "y_axis would read back otherwise".to_string()
        } else if back.view != self.lesson.view {
            "the view would read back otherwise".to_string()
        } else {
            return Ok(());
        };
        Err(apart)
    }

    /// The file now holds `text`, the start of frame `n` written at `path`:
    /// it is the file to save to from now on, and the session is clean.
    pub fn saved_as(&mut self, path: PathBuf, text: String, n: u64) {
        self.filed = names_of(self.timeline.handles(n), self.timeline.bodies(n));
        self.lesson.source = text;
        self.lesson.file = path.display().to_string();
        self.lesson.origin = Some(path);
        self.saved = self.undo.last().map(|e| e.id);
    }
}

/// The first body (or wall) of the scene that the file would give back
/// otherwise, and how: which number, and by how much.
fn bodies_apart(back: &World, scene: &World) -> String {
    use crate::geometry::{Shape, segment_ends};
    let Some(((b, bm), (s, sm))) = back.iter().zip(scene.iter()).find(|(b, s)| b != s) else {
        return format!("the file would give {} bodies and walls where the scene has {}", back.bodies.len(), scene.bodies.len());
    };
    if b.name != s.name {
        return format!("the file would give {} where the scene has {}", b.name, s.name);
    }
    let name = &s.name;
    if let (Shape::Segment { half: hb }, Shape::Segment { half: hs }) = (b.shape, s.shape) {
        // The ends first, as the file says them; ends can agree where the
        // middle and half that the file's ends make do not.
        let ([b0, b1], [s0, s1]) = (segment_ends(hb, bm.pose()), segment_ends(hs, sm.pose()));
        let parts =
            [("ends", b0.distance(s0).max(b1.distance(s1))), ("middle", bm.position.distance(sm.position)), ("half", hb.distance(hs))];
        if let Some((what, d)) = parts.iter().find(|(_, d)| *d != 0.0) {
            return format!("{name}'s {what} would read back {} m apart from the scene's", num(*d));
        }
        if bm.angle != sm.angle {
            return format!("{name} is held turned by {} rad, which a file's wall cannot say", num(sm.angle));
        }
    }
    let numbers: [(&str, f64, &str); 9] = [
        ("position", bm.position.distance(sm.position), " m"),
        ("angle", (bm.angle - sm.angle).abs(), " rad"),
        ("velocity", bm.velocity.distance(sm.velocity), " m/s"),
        ("angular velocity", (bm.angular_velocity - sm.angular_velocity).abs(), " rad/s"),
        ("mass", (b.mass() - s.mass()).abs(), " kg"),
        ("moment of inertia", (b.inertia() - s.inertia()).abs(), " kg·m²"),
        ("restitution", (b.restitution - s.restitution).abs(), ""),
        ("friction", (b.friction - s.friction).abs(), ""),
        ("shape", if b.shape == s.shape { 0.0 } else { f64::NAN }, ""),
    ];
    match numbers.iter().find(|(_, d, _)| *d != 0.0) {
        Some((what, d, _)) if d.is_nan() => format!("{name}'s {what} would read back otherwise"),
        Some((what, d, unit)) => format!("{name}'s {what} would read back {}{unit} apart from the scene's", num(*d)),
        None => format!("{name} would read back otherwise"),
    }
}

/// The first setting, by its key in the file, that differs between `a` and
/// `b`: `dt`, a `[solver]` key ([`crate::scene::SOLVER_KEYS`], which names
/// every other setting but the motion toggle), or `motion`.
fn setting_apart(a: &Settings, b: &Settings) -> &'static str {
    let (sa, sb) = (SolverSection::of(a), SolverSection::of(b));
    let solver = crate::scene::SOLVER_KEYS.iter().find(|k| (k.get)(&sa) != (k.get)(&sb));
    match solver {
        _ if a.dt != b.dt => "dt",
        Some(k) => k.key,
        None if a.motion != b.motion => "motion",
        None => "a setting",
    }
}

/// Each body's name, by its id.
fn names_of(handles: &[BodyHandle], bodies: &[crate::engine::Body]) -> BTreeMap<BodyHandle, String> {
    handles.iter().zip(bodies).map(|(&id, b)| (id, b.name.clone())).collect()
}
