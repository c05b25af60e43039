//! Lessons: a scene plus narration anchored to phases and checks of the numbers.
//! A lesson file is a scene file with more tables, `[lesson]`, `[[step]]`,
//! `[[check]]`, `[[toggle]]` and `[[question]]`, which this module reads; the scene reads the rest and
//! knows nothing of them. A scene file without them is a lesson with no
//! narration, so everything above this layer opens either the same way.
//! Problems are reported against the lesson file like scene errors.

mod check;
pub mod file;
pub mod question;
mod sources;
mod stale;

pub use crate::notation::Lang;
pub use check::{CheckOutcome, overrides_text, overrides_text_in, run_checks};
pub use file::{
    Anchor, CheckEntry, Correct, DEFAULT_QUESTION_TOLERANCE, Expected, LessonSection, Overrides, QuestionEntry, StepEntry, ToggleEntry,
    rename_bodies,
};
pub use question::{Grade, Judged, Truth, Verdict, anchor_questions, hints, judge, truth};
pub use sources::Source;
pub use stale::{narration_settings, stale_banner, step_settings};

use crate::engine::{FrameRecord, NoTrace, PhaseKind, Settings, record_frame, step};
use crate::notation::phase_title;
use crate::scene::{Problem, Scene, SceneError, Seg, limits};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};
use std::path::Path;

/// The tables of a lesson file that are the lesson's, not the scene's.
const TABLES: [&str; 5] = ["lesson", "step", "check", "toggle", "question"];

/// A scene and what a lesson file says besides: its heading, the narration
/// anchored to phases and the checks of the numbers.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub scene: Scene,
    /// `[lesson]`: none for a plain scene file.
    pub section: Option<LessonSection>,
    pub steps: Vec<StepEntry>,
    pub checks: Vec<CheckEntry>,
    /// `[[toggle]]`: keys the lesson names, each switching some settings or materials.
    pub toggles: Vec<ToggleEntry>,
    /// `[[question]]`: asked at their phases in quiz mode.
    pub questions: Vec<QuestionEntry>,
    /// With `--set`, the scene as its file has it: the one the narration was written for.
    pub narrated: Option<Box<Scene>>,
}

/// The lesson's tables as written.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct LessonTables {
    lesson: Option<LessonSection>,
    #[serde(default)]
    step: Vec<StepEntry>,
    #[serde(default)]
    check: Vec<CheckEntry>,
    #[serde(default)]
    toggle: Vec<ToggleEntry>,
    #[serde(default)]
    question: Vec<QuestionEntry>,
}

impl Lesson {
    /// A lesson file, or a plain scene file (a lesson with no narration).
    pub fn parse(file: &str, source: &str) -> Result<Lesson, SceneError> {
        Lesson::from_scene(Scene::parse_beside(file, source, &TABLES)?)
    }

    pub fn load(path: &Path) -> Result<Lesson, SceneError> {
        Lesson::from_scene(Scene::load_beside(path, &TABLES)?)
    }

    /// The same lesson with `--set KEY=VALUE` overrides written into its file
    /// and read again, so they are checked as the file is. Problems point at
    /// the file as changed, named "FILE with --set".
    pub fn with_sets(&self, sets: &[String]) -> Result<Lesson, SceneError> {
        if sets.is_empty() {
            return Ok(self.clone());
        }
        let source = crate::scene::overrides::apply(&self.source, sets)?;
        let mut variant = Lesson::parse(&format!("{} with --set", self.file), &source)?;
        variant.scene.origin.clone_from(&self.origin);
        variant.narrated = Some(self.narrated.clone().unwrap_or_else(|| Box::new(self.scene.clone())));
        Ok(variant)
    }

    fn from_scene((mut scene, tables): (Scene, LessonTables)) -> Result<Lesson, SceneError> {
        // A lesson that starts bodies inside each other (relaxation) does it on purpose.
        if tables.lesson.is_some() {
            scene.warnings.clear();
        }
        let lesson = Lesson {
            scene,
            section: tables.lesson,
            steps: tables.step,
            checks: tables.check,
            toggles: tables.toggle,
            questions: tables.question,
            narrated: None,
        };
        plain_text(&lesson)?;
        toggles_valid(&lesson)?;
        question::questions_valid(&lesson)?;
        anchored_frames(&lesson)?;
        Ok(lesson)
    }
}

/// The lesson's words reach the terminal in the TUI, the traces and the
/// handout: a control character in them (other than a line break or a tab)
/// could move the cursor or retitle the window, and a format character
/// reorder or hide the text, so either is refused where it is.
fn plain_text(lesson: &Lesson) -> Result<(), SceneError> {
    let section = lesson.section.iter().flat_map(|l| {
        [("id", Some(&l.id)), ("title", Some(&l.title)), ("summary", Some(&l.summary))]
            .into_iter()
            .chain([("title_zh", l.title_zh.as_ref()), ("summary_zh", l.summary_zh.as_ref())])
    });
    let section = section.filter_map(|(key, text)| Some((vec![Seg::Key("lesson"), Seg::Key(key)], text?)));
    let steps = lesson.steps.iter().enumerate().flat_map(|(i, s)| {
        [("title", Some(&s.title)), ("text", Some(&s.text)), ("title_zh", s.title_zh.as_ref()), ("text_zh", s.text_zh.as_ref())]
            .into_iter()
            .filter_map(move |(key, text)| Some((vec![Seg::Key("step"), Seg::Index(i), Seg::Key(key)], text?)))
    });
    let notes = lesson
        .checks
        .iter()
        .enumerate()
        .filter_map(|(i, c)| Some((vec![Seg::Key("check"), Seg::Index(i), Seg::Key("note")], c.note.as_ref()?)));
    let questions = lesson.questions.iter().enumerate().flat_map(|(i, q)| {
        let at = move |key| vec![Seg::Key("question"), Seg::Index(i), Seg::Key(key)];
        let texts = [("ask", Some(&q.ask)), ("ask_zh", q.ask_zh.as_ref()), ("answer", q.answer.as_ref())]
            .into_iter()
            .chain([("explain", q.explain.as_ref()), ("explain_zh", q.explain_zh.as_ref())])
            .filter_map(move |(key, text)| Some((at(key), text?)));
        let choices = [("choices", q.choices.as_ref()), ("choices_zh", q.choices_zh.as_ref())].into_iter().flat_map(move |(key, list)| {
            list.into_iter().flatten().enumerate().map(move |(k, text)| ([at(key), vec![Seg::Index(k)]].concat(), text))
        });
        texts.chain(choices)
    });
    let problems: Vec<Problem> = section
        .chain(steps)
        .chain(notes)
        .chain(questions)
        .filter_map(|(path, text)| {
            let c = text.chars().find(|&c| crate::scene::error::is_hostile(c))?;
            let problem = if c.is_control() {
                Problem::error(
                    format!("a lesson's text cannot hold a control character (here U+{:04X})", u32::from(c)),
                    "holds a control character",
                    Some("write plain text: line breaks and tabs are the only control characters allowed".to_string()),
                )
            } else {
                Problem::error(
                    format!("a lesson's text cannot hold U+{:04X}, {}", u32::from(c), crate::scene::error::format_kind(c)),
                    "holds an invisible format character",
                    Some("write plain text: delete the character (a copy from a web page or a chat may carry it)".to_string()),
                )
            };
            Some(crate::scene::error::locate(&lesson.source, &path, problem))
        })
        .collect();
    if problems.is_empty() { Ok(()) } else { Err(SceneError::new(&lesson.file, &lesson.source, problems)) }
}

/// Each toggle's key is a digit of its own, and its changes read as `--set`
/// would read them (the file's messages, pointing at the toggle).
fn toggles_valid(lesson: &Lesson) -> Result<(), SceneError> {
    let mut problems = Vec::new();
    for (i, t) in lesson.toggles.iter().enumerate() {
        let at = |key: &'static str, p: Problem| {
            crate::scene::error::locate(&lesson.source, &[Seg::Key("toggle"), Seg::Index(i), Seg::Key(key)], p)
        };
        let digit = t.key.len() == 1 && t.key.chars().all(|c| ('1'..='9').contains(&c));
        if !digit || lesson.toggles[..i].iter().any(|o| o.key == t.key) {
            let problem = Problem::error(
                "a toggle's key is a digit from 1 to 9, each used once",
                "not a free digit",
                Some("write e.g. key = \"1\"".to_string()),
            );
            problems.push(at("key", problem));
        }
        if let Err(e) =
            crate::scene::overrides::apply(&lesson.source, &t.sets).and_then(|text| Scene::parse_except(&lesson.file, &text, &TABLES))
        {
            let problem = Problem::error(
                format!("these changes do not read: {}", e.problems[0].message),
                "does not read",
                Some("write KEY=VALUE as for --set, e.g. \"body.*.friction=0\"".to_string()),
            );
            problems.push(at("sets", problem));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(SceneError::new(&lesson.file, &lesson.source, problems)) }
}

/// A lesson is its scene and more: its world, settings and file are the scene's.
impl Deref for Lesson {
    type Target = Scene;
    fn deref(&self) -> &Scene {
        &self.scene
    }
}

impl DerefMut for Lesson {
    fn deref_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }
}

/// The latest frame a step or check may point at: 100,000 frames is half an
/// hour of simulated time at 60 frames a second, far beyond any lesson.
pub const LAST_ANCHOR_FRAME: u64 = 100_000;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}

/// Every lesson built into the binary, in lesson order. An embedded lesson that
/// does not parse is a bug caught by the tests, so it is reported, not hidden.
pub fn embedded() -> Vec<Result<Lesson, SceneError>> {
    let mut all: Vec<_> = embedded::EMBEDDED.iter().map(|(name, src)| Lesson::parse(name, src)).collect();
    all.sort_by_key(|s| s.as_ref().map_or(i64::MIN, |s| s.section.as_ref().map_or(i64::MAX, |l| l.order)));
    all
}

/// The `[lesson]` table of every lesson built into the binary, in lesson
/// order: what `impulse lessons` lists. Each is read from its table's own
/// lines, not the whole file (a tenth of the text, read once instead of
/// twice); the files are whole lessons, read in full by the tests and when
/// opened. A table that does not read on its own is read with its file, so
/// its problem is reported where it is.
pub fn catalogue() -> Vec<Result<LessonSection, SceneError>> {
    #[derive(Deserialize)]
    struct Table {
        lesson: LessonSection,
    }
    let mut all: Vec<_> = embedded::EMBEDDED
        .iter()
        .filter_map(|(name, src)| {
            let alone = lesson_table(src).and_then(|table| toml::from_str::<Table>(table).ok());
            match alone {
                Some(t) => Some(Ok(t.lesson)),
                None => Lesson::parse(name, src).map(|l| l.section).transpose(),
            }
        })
        .collect();
    all.sort_by_key(|s| s.as_ref().map_or(i64::MIN, |l| l.order));
    all
}

/// The lines of a file's `[lesson]` table: from its header to the next table's.
fn lesson_table(source: &str) -> Option<&str> {
    let start = source.find("\n[lesson]\n")? + 1;
    let end = source[start + 1..].find("\n[").map_or(source.len(), |at| start + 1 + at + 1);
    Some(&source[start..end])
}

pub fn ids() -> Vec<String> {
    embedded().into_iter().filter_map(|s| s.ok()?.section.map(|l| l.id)).collect()
}

pub fn find(id: &str) -> Option<Lesson> {
    embedded().into_iter().filter_map(Result::ok).find(|s| s.section.as_ref().is_some_and(|l| l.id == id))
}

/// The settings a check or variant runs under.
pub fn with_overrides(settings: &Settings, o: &Overrides) -> Settings {
    let mut s = settings.clone();
    if let Some(t) = o.tangent {
        s.tangent = t;
    }
    if let Some(f) = o.friction {
        s.friction = f;
    }
    if let Some(n) = o.relaxation_iterations {
        s.relaxation_iterations = n.clamp(1, 1000) as usize;
    }
    if let Some(c) = o.coulomb_cap {
        s.coulomb_cap = c;
    }
    if let Some(t) = o.restitution_threshold {
        s.restitution_threshold = t;
    }
    if let Some(slop) = o.slop {
        s.slop = slop;
    }
    if let Some(c) = o.contact {
        s.contact = c;
    }
    if let Some(i) = o.integrator {
        s.integrator = i;
    }
    if let Some(w) = o.warm_start {
        s.warm_start = w;
    }
    if let Some(m) = o.method {
        s.method = m;
    }
    if let Some(t) = o.side_tracking {
        s.side_tracking = t;
    }
    if let Some(v) = o.velocity_correction {
        s.velocity_correction = v;
    }
    s
}

/// How many frames a lesson needs so that every step, check and question is reached.
pub fn frames_needed(scene: &Lesson) -> u64 {
    let steps = scene.steps.iter().map(|s| s.frame);
    let checks = scene.checks.iter().map(|c| c.frame);
    let questions = scene.questions.iter().map(|q| q.frame);
    steps.chain(checks).chain(questions).max().map_or(1, |f| f.saturating_add(1))
}

/// The frames that steps, checks and questions point at, each checked to lie within
/// [`LAST_ANCHOR_FRAME`] (a located error, never a huge run or allocation).
pub fn anchored_frames(scene: &Lesson) -> Result<BTreeSet<u64>, SceneError> {
    let tables = [
        ("step", scene.steps.iter().map(|s| s.frame).collect::<Vec<_>>()),
        ("check", scene.checks.iter().map(|c| c.frame).collect()),
        ("question", scene.questions.iter().map(|q| q.frame).collect()),
    ];
    let mut problems = Vec::new();
    for (i, step) in scene.steps.iter().enumerate() {
        problems.extend(overrides_problems(scene, "step", i, &step.with));
    }
    for (i, check) in scene.checks.iter().enumerate() {
        problems.extend(overrides_problems(scene, "check", i, &check.with));
        let expected = match check.expected {
            Expected::Scalar(x) => vec![x],
            Expected::Vector(v) => v.to_vec(),
            Expected::Bool(_) => vec![],
        };
        let numbers = [
            ("tolerance", vec![check.tolerance], &limits::TOLERANCE, "0.001"),
            // A NaN compares false with everything, so a check expecting it would pass whatever the run gives.
            ("expected", expected, &limits::EXPECTED, "-7.2"),
        ];
        for (key, values, limit, example) in numbers {
            if values.iter().any(|&v| !limit.holds(v)) {
                let problem =
                    Problem::error(format!("{key} must be {}", limit.text), "out of range", Some(format!("write e.g. {key} = {example}")));
                problems.push(crate::scene::error::locate(&scene.source, &[Seg::Key("check"), Seg::Index(i), Seg::Key(key)], problem));
            }
        }
    }
    for (table, frames) in &tables {
        for (i, &frame) in frames.iter().enumerate() {
            if frame > LAST_ANCHOR_FRAME {
                let problem = Problem::error(
                    format!("frame {frame} is beyond the last frame a {table} may point at, {LAST_ANCHOR_FRAME}"),
                    "too far",
                    Some(format!("write a frame from 0 to {LAST_ANCHOR_FRAME} (frame 0 is the first)")),
                );
                problems.push(crate::scene::error::locate(&scene.source, &[Seg::Key(table), Seg::Index(i), Seg::Key("frame")], problem));
            }
        }
    }
    if !problems.is_empty() {
        return Err(SceneError::new(&scene.file, &scene.source, problems));
    }
    Ok(tables.into_iter().flat_map(|(_, f)| f).collect())
}

/// What is wrong with the `with` of step or check `i` (`table`), located in
/// the file: a number out of range, or a method that cannot run this scene.
fn overrides_problems(scene: &Lesson, table: &'static str, i: usize, o: &Overrides) -> Vec<Problem> {
    let mut problems = Vec::new();
    let at = |key: &'static str| [Seg::Key(table), Seg::Index(i), Seg::Key("with"), Seg::Key(key)];
    let numbers = [
        ("restitution_threshold", Vec::from_iter(o.restitution_threshold), &limits::RESTITUTION_THRESHOLD, "0.5"),
        ("slop", Vec::from_iter(o.slop), &limits::SLOP, "0.005"),
        ("relaxation_iterations", o.relaxation_iterations.map(|n| n as f64).into_iter().collect(), &limits::RELAXATION_ITERATIONS, "15"),
    ];
    // Dobre & Ramtal's method moves circles only; a run must not quietly leave a moving box or a spin out.
    let cannot = |(b, m): &crate::engine::BodyRef| {
        (matches!(b.shape, crate::geometry::Shape::Box { .. }) && !b.is_static()) || m.angular_velocity != 0.0
    };
    // Sedgewick & Wayne's method predicts straight paths of discs: no gravity, no box.
    if o.method == Some(crate::engine::Method::EventDriven) {
        let why = if scene.world.gravity != glam::DVec2::ZERO {
            Some("predicts straight paths, and this scene has gravity".to_string())
        } else {
            let is_box = |b: &&crate::engine::Body| matches!(b.shape, crate::geometry::Shape::Box { .. });
            scene.world.bodies.iter().find(is_box).map(|b| format!("knows discs and walls only, and \"{}\" is a box", b.name))
        };
        if let Some(why) = why {
            let problem = Problem::error(
                format!("method = \"event-driven\" {why}"),
                "cannot run this scene",
                Some(format!("{} under method = \"relaxation\"", if table == "check" { "check this scene" } else { "narrate this step" })),
            );
            problems.push(crate::scene::error::locate(&scene.source, &at("method"), problem));
        }
    }
    if o.method == Some(crate::engine::Method::Reposition)
        && let Some((b, _)) = scene.world.iter().find(cannot)
    {
        let problem = Problem::error(
            format!("method = \"reposition\" moves circles without turning them; \"{}\" is a moving box or spins", b.name),
            "cannot run this scene",
            Some(format!("{} under method = \"relaxation\"", if table == "check" { "check this scene" } else { "narrate this step" })),
        );
        problems.push(crate::scene::error::locate(&scene.source, &at("method"), problem));
    }
    for (key, values, limit, example) in numbers {
        if values.iter().any(|&v| !limit.holds(v)) {
            let problem =
                Problem::error(format!("{key} must be {}", limit.text), "out of range", Some(format!("write e.g. {key} = {example}")));
            problems.push(crate::scene::error::locate(&scene.source, &at(key), problem));
        }
    }
    problems
}

/// The recorded frames of a run, by frame number; the frames between were stepped untraced.
pub type Records = BTreeMap<u64, FrameRecord>;

/// Everything `impulse check` validates: the anchors of the steps, checks and
/// questions land on phases of the scene's run, every check names a quantity
/// or body that exists, and every question's answer a number recorded there. Returns the checks' outcomes (a wrong number is an
/// outcome, not an error).
pub fn validate(scene: &Lesson) -> Result<Vec<CheckOutcome>, SceneError> {
    let frames = run(scene, &scene.settings, &anchored_frames(scene)?)?;
    anchor_steps(scene, &frames)?;
    variant_steps(scene, None)?;
    anchor_questions(scene, &frames)?;
    run_checks(scene)
}

/// Runs the scene to the last of `frames`, recording only those: memory
/// follows how many frames are kept, not how far the run goes. The run-time
/// guard stops it at the first frame that leaves a state non-finite, with
/// the frame, phase and bodies named, so no check ever reads a NaN.
pub fn run(scene: &Lesson, settings: &Settings, frames: &BTreeSet<u64>) -> Result<Records, SceneError> {
    let mut world = scene.world.clone();
    let mut records = Records::new();
    let Some(&last) = frames.last() else { return Ok(records) };
    for f in 0..=last {
        if frames.contains(&f) {
            let record = record_frame(&mut world, settings);
            if let Err(stop) = crate::engine::guard(&record) {
                return Err(stopped(scene, &stop, &record));
            }
            records.insert(f, record);
        } else {
            step(&mut world, settings, &mut NoTrace);
            if !world.motions.iter().all(|m| m.state().is_finite()) {
                // Run again to the frame's start and record it, to name the phase (the run is deterministic).
                let mut again = scene.world.clone();
                (0..f).for_each(|_| {
                    step(&mut again, settings, &mut NoTrace);
                });
                let record = record_frame(&mut again, settings);
                let stop = crate::engine::guard(&record).expect_err("the same step from the same start");
                return Err(stopped(scene, &stop, &record));
            }
        }
    }
    Ok(records)
}

fn stopped(scene: &Lesson, stop: &crate::engine::NonFinite, record: &FrameRecord) -> SceneError {
    SceneError::io(&scene.file, crate::notation::non_finite_message(&body_names(scene), stop, record))
}

/// The index of the first phase of `frame` that matches the anchor.
pub fn find_phase(frame: &FrameRecord, at: &Anchor, names: &[String]) -> Option<usize> {
    let kind = PhaseKind::from_name(&at.kind)?;
    let pair = match &at.pair {
        Some([a, b]) => Some((names.iter().position(|n| n == a)?, names.iter().position(|n| n == b)?)),
        None => None,
    };
    let phases = &frame.phases;
    (0..phases.len()).find(|&i| {
        phases.kind(i) == kind
            && at.iteration.is_none_or(|k| phases.iteration(i) == Some(k))
            && pair.is_none_or(|pr| phases.pair(i) == Some(pr))
    })
}

/// A step's phase in a run: (frame, phase index).
pub type Place = (u64, usize);

/// Checks that every anchor names a real phase kind and real bodies, and that
/// every step lands on a phase of the scene's own run. Returns where each step
/// lands; none for a step beyond the frames that were run.
pub fn anchor_steps(scene: &Lesson, frames: &Records) -> Result<Vec<Option<Place>>, SceneError> {
    let names = body_names(scene);
    let mut problems = Vec::new();
    let mut places = Vec::new();
    for (i, step) in scene.steps.iter().enumerate() {
        // A step with its own settings lands in its own run ([`variant_steps`]).
        if step.with != Overrides::default() {
            places.push(None);
            continue;
        }
        let at = step.anchor();
        match anchor_problem(scene, "step", i, &at, frames, &names) {
            Some(p) => problems.push(p),
            None => places.push(frames.get(&at.frame).and_then(|f| Some((at.frame, find_phase(f, &at, &names)?)))),
        }
    }
    if problems.is_empty() { Ok(places) } else { Err(SceneError::new(&scene.file, &scene.source, problems)) }
}

/// A step with its own settings (`with`), at its phase of the run made
/// with the lesson's settings and those.
#[derive(Clone, Debug)]
pub struct VariantStep {
    /// Its index among the lesson's steps.
    pub step: usize,
    /// Its frame of that run.
    pub record: FrameRecord,
    /// Its phase's index in `record`.
    pub phase: usize,
}

/// Anchors every step that has a `with` in the run made with the lesson's
/// settings and its `with` (one run for each different `with`), as
/// [`anchor_steps`] anchors the others; the steps beyond `last` frames are left out.
pub fn variant_steps(scene: &Lesson, last: Option<u64>) -> Result<Vec<VariantStep>, SceneError> {
    let names = body_names(scene);
    let mut runs: Vec<(&Overrides, Records)> = Vec::new();
    let mut problems = Vec::new();
    let mut found = Vec::new();
    for (i, step) in scene.steps.iter().enumerate() {
        if step.with == Overrides::default() || last.is_some_and(|n| step.frame >= n) {
            continue;
        }
        if !runs.iter().any(|(o, _)| **o == step.with) {
            let frames: BTreeSet<u64> = scene.steps.iter().filter(|s| s.with == step.with).map(|s| s.frame).collect();
            runs.push((&step.with, run(scene, &with_overrides(&scene.settings, &step.with), &frames)?));
        }
        let records = &runs.iter().find(|(o, _)| **o == step.with).expect("run just made").1;
        let at = step.anchor();
        match anchor_problem(scene, "step", i, &at, records, &names) {
            Some(p) => problems.push(p),
            None => {
                let Some(record) = records.get(&at.frame) else { continue };
                let phase = find_phase(record, &at, &names).expect("anchor checked above");
                found.push(VariantStep { step: i, record: record.clone(), phase });
            }
        }
    }
    if problems.is_empty() { Ok(found) } else { Err(SceneError::new(&scene.file, &scene.source, problems)) }
}

pub fn body_names(scene: &Lesson) -> Vec<String> {
    scene.world.bodies.iter().map(|b| b.name.clone()).collect()
}

/// What is wrong with an anchor, located in the file, or none.
fn anchor_problem(scene: &Lesson, table: &'static str, i: usize, at: &Anchor, frames: &Records, names: &[String]) -> Option<Problem> {
    let place =
        |key: &'static str, p: Problem| crate::scene::error::locate(&scene.source, &[Seg::Key(table), Seg::Index(i), Seg::Key(key)], p);
    if PhaseKind::from_name(&at.kind).is_none() {
        let kinds: Vec<&str> = PhaseKind::ALL.iter().map(|k| k.name()).collect();
        let help = match crate::scene::error::nearest(&at.kind, &kinds) {
            Some(n) => format!("did you mean \"{n}\"? The kinds are {}", kinds.join(", ")),
            None => format!("the kinds are {}", kinds.join(", ")),
        };
        return Some(place("kind", Problem::error(format!("unknown phase kind \"{}\"", at.kind), "not a phase kind", Some(help))));
    }
    if let Some(pair) = &at.pair {
        for n in pair {
            if !names.contains(n) {
                let help = format!("the bodies are {}", names.join(", "));
                return Some(place("pair", Problem::error(format!("no body is named \"{n}\""), "unknown body", Some(help))));
            }
        }
    }
    let frame = frames.get(&at.frame)?;
    if find_phase(frame, at, names).is_some() {
        return None;
    }
    // List the phases of the kind asked for, which usually shows the slip (a pass
    // too many, a pair written in the other order); else every kind the frame has.
    let kind = PhaseKind::from_name(&at.kind)?;
    let same: Vec<String> = frame.phases.iter().filter(|p| p.kind() == kind).map(|p| phase_title(&p, names)).collect();
    let listed = if same.is_empty() {
        let mut kinds: Vec<&str> = frame.phases.iter().map(|p| p.kind().name()).collect();
        kinds.dedup();
        format!("frame {} has no {} phase; it has {}", at.frame, at.kind, kinds.join(", "))
    } else {
        let shown: Vec<&str> = same.iter().take(6).map(String::as_str).collect();
        let more = if same.len() > 6 { format!(" … ({} in all)", same.len()) } else { String::new() };
        format!("the {} phases of frame {} are: {}{more}", at.kind, at.frame, shown.join("; "))
    };
    let what = describe(at);
    Some(place(
        "kind",
        Problem::error(
            format!("{table} {} points at {what} of frame {}, which never happens", i + 1, at.frame),
            "no such phase",
            Some(listed),
        ),
    ))
}

pub fn describe(at: &Anchor) -> String {
    describe_in(at, &crate::notation::terms::EN)
}

/// [`describe`] in the words of `t`: "求解 · 第 1 轮 · m1–m2".
pub fn describe_in(at: &Anchor, t: &crate::notation::Terms) -> String {
    let mut s = crate::engine::PhaseKind::from_name(&at.kind).map_or(at.kind.clone(), |k| (t.kind)(k).to_string());
    if let Some(k) = at.iteration {
        // Sedgewick & Wayne's phases count events; the relaxation's count passes.
        let word = if matches!(at.kind.as_str(), "predict" | "event" | "bounce" | "move") { t.event } else { t.pass };
        s += &format!(" · {}", crate::notation::terms::with_number(word, k));
    }
    if let Some([a, b]) = &at.pair {
        s += &format!(" · {a}–{b}");
    }
    s
}
