//! The handout: Markdown for a class, a section per narrated step (per frame
//! that did something, in a scene without narration), each with its
//! narration, a picture (`svg`), the phase's formulas in three lines
//! (symbols, numbers put in, result, with units) and the bodies' states. The
//! student's version (`student`) leaves every result blank with room to work
//! and holds back narration that states a checked answer.
//!
//! It is written a frame at a time (`impulse run --format markdown` streams
//! it); `build` makes the whole of `impulse handout`, pictures and all. A
//! handout takes the lesson, not only names: its steps, checks and words.
//! Nothing here computes physics: the numbers are the records'.

pub mod page;
pub mod student;
pub mod svg;
pub mod words;

use crate::engine::{self, BodyState, FrameRecord, NoTrace, Phase, PhaseData, PhaseKind, Shown};
use crate::geometry::Shape;
use crate::lesson::{self, CheckOutcome, Expected, Lang, Lesson, Place, Records};
use crate::notation::{
    FACE_CAPTION, code_span, correction_moved_l, derive_in, face_markdown_in, label_in, markdown_text, num, num_near, phase_title_in,
    right_side, rise_mark, state_scale, totals_line,
};
use crate::report::figure;
use crate::scene::SceneError;
use std::fmt::Write;
use std::time::{Duration, Instant};
use student::Answers;
use unicode_width::UnicodeWidthStr;
use words::Word;

/// Which handout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub lang: Lang,
    /// Results blank, space to work, the questions listed.
    pub student: bool,
    /// Draw a picture for each section and link it.
    pub pictures: bool,
    /// For a scene without narration: a picture for every phase shown, and up
    /// to [`MAX_FRAMES_ALL`] sections (not [`MAX_FRAMES`] with one picture each).
    pub all: bool,
}

impl Options {
    /// The Markdown file's name for lesson (or scene) `id`.
    pub fn markdown_name(&self, id: &str) -> String {
        if self.student { format!("{id}-student.md") } else { format!("{id}.md") }
    }

    /// The `k`th picture's file name (from 1); `0` is the set-up.
    pub fn picture_name(&self, k: usize) -> String {
        let prefix = if self.student { "student-" } else { "" };
        if k == 0 { format!("{prefix}setup.svg") } else { format!("{prefix}step-{k:02}.svg") }
    }
}

/// A picture of the handout and the file name the Markdown links it by.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub file: String,
    pub svg: String,
}

/// A whole handout: the Markdown and its pictures.
#[derive(Clone, Debug)]
pub struct Built {
    pub markdown: String,
    pub pictures: Vec<Picture>,
    /// How many numbered sections (steps, or frames of a scene) it has.
    pub steps: usize,
    /// The questions asked at a step, by index in the lesson, with the value each asks for.
    pub asked: Vec<(usize, Option<lesson::Truth>)>,
}

/// In a scene without narration: at most this many frames get a section …
pub const MAX_FRAMES: usize = 8;
/// The sections of a scene's handout with `--all`: still a bound, since each
/// section's frame is held until the handout is written.
pub const MAX_FRAMES_ALL: usize = 64;
/// … each with at most this many phases written out.
pub const MAX_PHASES: usize = 8;
/// How many frames are searched for contacts in a scene without narration, unless told.
pub const SCAN_FRAMES: u64 = 600;
/// The line a student writes a result on.
const BLANK: &str = "________";
/// The line a student works on.
const WORK: &str = "________________________";

/// The teacher's handout in English, no pictures, of the recorded frames (the
/// snapshot tests' and `--format markdown`'s).
pub fn handout(scene: &Lesson, frames: &Records, places: &[Option<Place>]) -> String {
    let mut h = Handout::new(scene, Options::default());
    h.asked_at(lesson::anchor_questions(scene, frames).expect("a lesson's questions anchor where it was read"), places);
    let last = frames.keys().last().map(|f| f + 1);
    h.variants(lesson::variant_steps(scene, last).expect("a lesson's steps anchor where it was read"));
    let mut md = h.head();
    for frame in frames.values() {
        md += &h.frame(frame, places);
    }
    md + &h.tail()
}

/// `impulse handout`: runs the scene and writes the whole handout. A lesson
/// gets a section per step it reaches within `frames` (default: all of
/// them); a scene without narration a section per frame that did something,
/// searching `frames` frames (default [`SCAN_FRAMES`]) for [`MAX_FRAMES`] of them.
pub fn build(scene: &Lesson, options: Options, frames: Option<u64>) -> Result<Built, SceneError> {
    build_within(scene, options, frames, SEARCH_BUDGET)
}

/// How long the search of a scene without narration may take: a scene whose
/// frames each reach the event limit takes seconds a frame, and a person
/// waiting for a handout wants the frames found so far, with a note.
pub const SEARCH_BUDGET: Duration = Duration::from_secs(5);

/// [`build`], searching a scene without narration for at most `budget`.
pub fn build_within(scene: &Lesson, options: Options, frames: Option<u64>, budget: Duration) -> Result<Built, SceneError> {
    build_asking(scene, options, frames, budget, false)
}

/// [`build_within`]; with `boxes`, a question at a step leaves a mark where
/// the lesson player puts its answer box (`page`), not a line to write on.
fn build_asking(scene: &Lesson, options: Options, frames: Option<u64>, budget: Duration, boxes: bool) -> Result<Built, SceneError> {
    let options = Options { pictures: true, ..options };
    let mut h = Handout::new(scene, options);
    h.boxes = boxes;
    if !scene.steps.is_empty() {
        // The same checks `impulse check` makes, so that the two agree on what holds.
        h.checked(lesson::run_checks(scene)?);
    }
    let mut md = h.head();
    if scene.steps.is_empty() {
        let scanned = frames.unwrap_or(SCAN_FRAMES);
        let cap = if options.all { MAX_FRAMES_ALL } else { MAX_FRAMES };
        let (records, ended) = eventful_frames(scene, scanned, cap, budget)?;
        writeln!(md, "*{} {scanned}*\n", h.word(words::WHICH_FRAMES)).unwrap();
        if records.is_empty() {
            writeln!(md, "{}\n", h.word(words::NO_EVENTS)).unwrap();
        }
        for record in records.values() {
            md += &h.frame(record, &[]);
        }
        match ended {
            Searched::All => {}
            Searched::Full => writeln!(md, "*{}*\n", h.word(words::MORE_FRAMES)).unwrap(),
            Searched::OutOfTime(searched) => writeln!(md, "*{} {searched}.*\n", h.word(words::OUT_OF_TIME)).unwrap(),
        }
    } else {
        let mut anchored = lesson::anchored_frames(scene)?;
        if let Some(n) = frames {
            anchored.retain(|&f| f < n);
        }
        let records = lesson::run(scene, &scene.settings, &anchored)?;
        let places = lesson::anchor_steps(scene, &records)?;
        h.asked_at(lesson::anchor_questions(scene, &records)?, &places);
        h.variants(lesson::variant_steps(scene, frames)?);
        for record in records.values() {
            md += &h.frame(record, &places);
        }
    }
    md += &h.tail();
    Ok(Built { markdown: md, pictures: h.pictures, steps: h.sections, asked: h.asked })
}

/// The frames of a scene without narration worth a section: those in which
/// a pair begins to touch (it did not in the frame before) or an action acts
/// — a contact that goes on frame after frame is shown once, where it
/// begins. At most [`MAX_FRAMES`] of the first `frames`, recorded; and
/// how the search ended. Frames are stepped untraced
/// and a frame with a contact or an action is recorded again from its start
/// (the step is deterministic), so a long search stays fast, and it stops
/// when it has taken `budget`.
fn eventful_frames(scene: &Lesson, frames: u64, cap: usize, budget: Duration) -> Result<(Records, Searched), SceneError> {
    let started = Instant::now();
    let names = lesson::body_names(scene);
    let mut world = scene.world.clone();
    let mut records = Records::new();
    let mut touching = std::collections::BTreeSet::new();
    for f in 0..frames {
        if started.elapsed() > budget {
            return Ok((records, Searched::OutOfTime(f)));
        }
        let start = world.clone();
        let acted = world.actions.iter().any(|a| a.acts_in(world.frame));
        let stats = engine::step(&mut world, &scene.settings, &mut NoTrace);
        let finite = world.motions.iter().all(|m| m.state().is_finite());
        if stats.contacts == 0 && !acted && finite {
            touching.clear();
            continue;
        }
        let mut again = start;
        let record = engine::record_frame(&mut again, &scene.settings);
        if let Err(stop) = engine::guard(&record) {
            return Err(SceneError::io(&scene.file, crate::notation::non_finite_message(&names, &stop, &record)));
        }
        let pairs: std::collections::BTreeSet<(usize, usize)> =
            record.phases.iter().filter(|p| p.found_contact()).filter_map(|p| p.pair).collect();
        let begins = pairs.iter().any(|p| !touching.contains(p));
        touching = pairs;
        if (begins || acted) && !eventful(&record).is_empty() {
            if records.len() == cap {
                return Ok((records, Searched::Full));
            }
            records.insert(f, record);
        }
    }
    Ok((records, Searched::All))
}

/// How the search for eventful frames ended.
enum Searched {
    /// Every frame asked for was searched.
    All,
    /// It found [`MAX_FRAMES`] with frames left.
    Full,
    /// Its time ran out after this many frames.
    OutOfTime(u64),
}

/// The phases of a frame that did something, each kind once a pair: the
/// first contact the pair's detection found, its first correction, impulse
/// or bounce that changed a body (the later passes repeat them), and a forces
/// phase that applied an action. Gravity, the broad phase, predictions and
/// the integration happen every frame and are left out.
pub fn eventful(frame: &FrameRecord) -> Vec<usize> {
    let mut states = frame.start.clone();
    let mut seen: Vec<(PhaseKind, Option<(usize, usize)>)> = Vec::new();
    let mut out = Vec::new();
    for (i, p) in frame.phases.iter().enumerate() {
        let changed = p.changes().iter().any(|c| states[c.body] != c.after);
        let did = match (&p.data, p.kind()) {
            // An action that changed nothing (a zero force) is no event either.
            (PhaseData::Forces(r), _) => !r.acted.is_empty() && changed,
            (_, PhaseKind::Integrate | PhaseKind::Move | PhaseKind::Broad | PhaseKind::Predict) => false,
            (_, PhaseKind::Detect) | (PhaseData::Event(_), _) => p.found_contact(),
            _ => changed,
        };
        if did && !seen.contains(&(p.kind(), p.pair)) {
            seen.push((p.kind(), p.pair));
            out.push(i);
        }
        for c in p.changes() {
            states[c.body] = c.after;
        }
    }
    out
}

/// Whether phase `pi` of `frame` changed nothing: a phase that moves or
/// pushes bodies (not one that finds contacts or predicts them) and left
/// each as it was, such as a forces phase without gravity, a correction with
/// s = 0 or a pass that found the pair already separating. Its picture would
/// show nothing happening, so the handout says so in a line instead.
pub fn trivial(frame: &FrameRecord, pi: usize) -> bool {
    let phase = frame.phases.at(pi);
    let finds = matches!(phase.kind(), PhaseKind::Broad | PhaseKind::Detect | PhaseKind::Predict | PhaseKind::Event);
    let before = frame.state_after(pi);
    !finds && phase.changes().iter().all(|c| before[c.body] == c.after)
}

/// A handout written a frame at a time, so a long run is never held whole.
pub struct Handout<'a> {
    scene: &'a Lesson,
    names: Vec<String>,
    options: Options,
    /// Sections written so far, for their numbers.
    sections: usize,
    pictures: Vec<Picture>,
    /// Step pictures drawn so far, for their numbers.
    drawn: usize,
    /// The unit of each check's value, found when its frame is written.
    units: Vec<&'static str>,
    /// Each check as this run came out (as `impulse check` reports it), once
    /// [`Handout::checked`] has been given them: under `--set` the narration's
    /// numbers may no longer hold, and the handout must say where.
    outcomes: Vec<CheckOutcome>,
    /// Where each question is asked: at its step, before the derivation that
    /// answers it. A question at no step's phase is listed at the end.
    question_places: Vec<Option<Place>>,
    answers: Answers,
    /// The bodies at the scene's start: what a student is given.
    given: Vec<BodyState>,
    /// Mark where each question at a step is answered in a box, for the page.
    boxes: bool,
    /// The questions asked at steps so far, with the value each asks for.
    asked: Vec<(usize, Option<lesson::Truth>)>,
    /// The fence of the formulas' code blocks: longer than any run of backticks in a name.
    fence: String,
    /// The steps with their own settings, each at its phase of its own run.
    variants: Vec<lesson::VariantStep>,
}

impl<'a> Handout<'a> {
    pub fn new(scene: &'a Lesson, options: Options) -> Handout<'a> {
        Handout {
            scene,
            names: lesson::body_names(scene),
            options,
            sections: 0,
            pictures: Vec::new(),
            drawn: 0,
            units: scene.checks.iter().map(|c| state_unit(c.field.as_deref().or(c.world.as_deref()).unwrap_or(""))).collect(),
            outcomes: Vec::new(),
            question_places: Vec::new(),
            answers: Answers::of(scene),
            given: scene.world.states(),
            boxes: false,
            asked: Vec::new(),
            fence: crate::notation::code_fence(scene.world.bodies.iter().map(|b| b.name.as_str())),
            variants: Vec::new(),
        }
    }

    /// The checks of the run this handout shows, one per `[[check]]`.
    pub fn checked(&mut self, outcomes: Vec<CheckOutcome>) {
        self.outcomes = outcomes;
    }

    /// Where the lesson's questions are asked (`lesson::anchor_questions`): a
    /// question at a step's phase is asked there; the others at the end.
    pub fn asked_at(&mut self, questions: Vec<Option<Place>>, steps: &[Option<Place>]) {
        self.question_places = questions.into_iter().map(|q| q.filter(|place| steps.contains(&Some(*place)))).collect();
    }

    /// The questions asked at phase `pi` of `frame`, numbered as in the lesson,
    /// with room sized to the answer: two blanks for a vector.
    fn questions_here(&mut self, md: &mut String, frame: &FrameRecord, pi: usize) {
        let lang = self.options.lang;
        for (i, q) in self.scene.questions.iter().enumerate() {
            if self.question_places.get(i).copied().flatten() != Some((frame.frame, pi)) {
                continue;
            }
            let truth =
                q.answer.as_deref().and_then(|a| lesson::truth(a, &frame.phases.at(pi), &self.names, || frame.state_after(pi + 1)).ok());
            let room = match truth.as_ref().map(|t| (&t.value, t.unit)) {
                Some((engine::Value::Vector(_), unit)) => format!("({BLANK}, {BLANK}) {unit}"),
                Some((_, unit)) => format!("{BLANK} {unit}"),
                None => format!("{BLANK}{BLANK}"),
            };
            let asked = Question { number: i + 1, ask: q.ask(lang), choices: q.choices(lang), room: room.trim_end().to_string() };
            if self.boxes {
                // The page's box takes the answer (and offers the choices) in place of the room.
                writeln!(md, "**{} {}.** {}\n\n{}\n", words::QUESTION.get(lang), i + 1, q.ask(lang).trim(), page::answer_mark(i)).unwrap();
            } else {
                question(md, &asked, lang, true);
            }
            self.asked.push((i, truth));
        }
    }

    /// The checks whose numbers this run does not give, by index.
    fn failing(&self) -> impl Iterator<Item = (usize, &CheckOutcome)> {
        self.outcomes.iter().enumerate().filter(|(_, o)| !o.passed)
    }

    fn word(&self, w: Word) -> &'static str {
        w.get(self.options.lang)
    }

    /// The words phase titles, derivations and the faces' table are written in.
    fn terms(&self) -> &'static crate::notation::Terms {
        self.options.lang.terms()
    }

    /// "Frame 8", "第 8 帧".
    fn frame_text(&self, n: u64) -> String {
        match self.options.lang {
            Lang::En => format!("Frame {n}"),
            Lang::Zh => format!("第 {n} 帧"),
        }
    }

    /// The pictures drawn so far, taken.
    pub fn take_pictures(&mut self) -> Vec<Picture> {
        std::mem::take(&mut self.pictures)
    }

    /// The title, the source, the world and the table of bodies (and, for a
    /// scene without narration, a picture of the set-up).
    pub fn head(&mut self) -> String {
        let mut md = String::new();
        let lang = self.options.lang;
        let worksheet = if self.options.student { format!(" — {}", self.word(words::WORKSHEET)) } else { String::new() };
        match &self.scene.section {
            Some(l) => {
                writeln!(md, "# {}{worksheet}\n", l.title(lang)).unwrap();
                let summary = l.summary(lang);
                if !(self.options.student && self.answers.revealed_in(summary)) {
                    writeln!(md, "*{}*\n", summary.trim()).unwrap();
                }
                if let Some(source) = l.source {
                    writeln!(md, "{}{}{}\n", self.word(words::SOURCE), self.word(words::COLON), source.citation_in(self.options.lang))
                        .unwrap();
                }
            }
            None => writeln!(md, "# {}{worksheet}\n", markdown_text(&crate::scene::error::escaped(&self.scene.file))).unwrap(),
        }
        self.other_run(&mut md);
        self.world_line(&mut md);
        self.bodies_table(&mut md);
        if self.options.pictures && self.scene.steps.is_empty() {
            let states = self.given.clone();
            let file = self.draw(0, None, &states, &states, format!("{} · {}", self.word(words::SETUP), self.frame_text(0)));
            writeln!(md, "![{}]({file})\n", self.word(words::SETUP)).unwrap();
        }
        md
    }

    /// A warning when the run is not the one the narration describes: the
    /// settings changed on the command line, and how many checks differ.
    fn other_run(&self, md: &mut String) {
        let failing = self.failing().count();
        let changed = lesson::narration_settings(self.scene);
        if failing == 0 && changed.is_empty() {
            return;
        }
        let colon = self.word(words::COLON);
        write!(md, "> ⚠ **{}**", self.word(words::OTHER_RUN)).unwrap();
        if !changed.is_empty() {
            let list: Vec<String> = changed.iter().map(|(k, a, b)| code_span(&format!("{k} = {a} → {b}"))).collect();
            write!(md, "{colon}{} {}", self.word(words::SETTINGS_CHANGED), list.join(self.word(words::LIST_COMMA))).unwrap();
        }
        if failing > 0 {
            let sep = if changed.is_empty() { colon } else { self.word(words::LIST_COMMA) };
            write!(md, "{sep}{failing}/{} {}", self.outcomes.len(), self.word(words::CHECKS_DIFFER)).unwrap();
        }
        writeln!(md, "{}\n", self.word(words::FULL_STOP)).unwrap();
    }

    /// Under a step, the checks at its phase that this run does not give: the
    /// narration's number beside the run's (a student's handout says only that
    /// they differ, since the numbers are the answers).
    fn step_differs(&self, md: &mut String, frame: &FrameRecord, pi: usize, with: &lesson::Overrides) {
        let here: Vec<&CheckOutcome> = self
            .failing()
            .filter(|(i, _)| {
                let c = &self.scene.checks[*i];
                c.frame == frame.frame && c.with == *with && lesson::find_phase(frame, &c.anchor(), &self.names) == Some(pi)
            })
            .map(|(_, o)| o)
            .collect();
        if here.is_empty() {
            return;
        }
        writeln!(md, "> ⚠ **{}**{}", self.word(words::STEP_DIFFERS), if self.options.student { "." } else { self.word(words::COLON) })
            .unwrap();
        if !self.options.student {
            for o in here {
                let what = if self.options.lang == Lang::Zh { &o.what_zh } else { &o.what };
                let (says, gives) = (self.word(words::NARRATION_SAYS), self.word(words::RUN_GIVES));
                writeln!(md, "> - {}{}{says} {}, {gives} **{}**", markdown_text(what), self.word(words::COLON), o.expected, o.actual)
                    .unwrap();
            }
        }
        md.push('\n');
    }

    fn world_line(&self, md: &mut String) {
        let w = &self.scene.world;
        let s = &self.scene.settings;
        let axis = match self.scene.y_axis {
            crate::scene::YAxis::Up => self.word(words::Y_UP),
            crate::scene::YAxis::Down => self.word(words::Y_DOWN),
        };
        writeln!(
            md,
            "{}{}g = ({}, {}) m/s² · dt = {} s · {} · {axis}\n",
            self.word(words::WORLD),
            self.word(words::COLON),
            num(w.gravity.x),
            num(w.gravity.y),
            num(s.dt),
            (self.terms().method)(s.method)
        )
        .unwrap();
    }

    fn bodies_table(&self, md: &mut String) {
        let w = |word: Word| self.word(word);
        writeln!(md, "**{}**\n", w(words::BODIES)).unwrap();
        writeln!(
            md,
            "| {} | {} | {} (kg) | {} (m) | {} (rad) | {} (m/s) | {} (rad/s) | {} | {} |\n|---|---|---|---|---|---|---|---|---|",
            w(words::BODY),
            w(words::SHAPE),
            w(words::MASS),
            w(words::POSITION),
            w(words::ANGLE),
            w(words::VELOCITY),
            w(words::SPIN),
            w(words::RESTITUTION),
            w(words::FRICTION),
        )
        .unwrap();
        for (b, m) in self.scene.world.iter() {
            let shape = match b.shape {
                Shape::Circle { radius } => format!("{} {} m", w(words::CIRCLE), num(radius)),
                Shape::Box { size } => format!("{} {} × {} m", w(words::BOX), num(size.x), num(size.y)),
                Shape::Segment { half } => {
                    let [from, to] = crate::geometry::segment_ends(half, crate::geometry::Pose::new(m.position, m.angle));
                    let v = |p: glam::DVec2| {
                        format!("({}, {})", num_near(p.x, state_scale(&m.state())), num_near(p.y, state_scale(&m.state())))
                    };
                    format!("{} {} {} {} m", w(words::WALL), v(from), w(words::TO), v(to))
                }
            };
            let mass = if b.is_static() { w(words::STATIC).to_string() } else { num(b.mass()) };
            let scale = state_scale(&m.state());
            let n = |x: f64| num_near(x, scale);
            writeln!(
                md,
                "| {} | {shape} | {mass} | ({}, {}) | {} | ({}, {}) | {} | {} | {} |",
                markdown_text(&b.name),
                n(m.position.x),
                n(m.position.y),
                n(m.angle),
                n(m.velocity.x),
                n(m.velocity.y),
                n(m.angular_velocity),
                num(b.restitution),
                num(b.friction)
            )
            .unwrap();
        }
        md.push('\n');
    }

    /// A section per narrated phase of `frame`; in a scene without steps, one
    /// section for the frame with the phases that did something.
    pub fn frame(&mut self, frame: &FrameRecord, places: &[Option<Place>]) -> String {
        let mut md = String::new();
        let world = &self.scene.world;
        let ledger = frame.ledger(&world.bodies, world.gravity);
        self.find_units(frame);
        if self.scene.steps.is_empty() {
            let shown = eventful(frame);
            if shown.is_empty() {
                return md;
            }
            self.sections += 1;
            writeln!(md, "## {}. {} (t = {} s)\n", self.sections, self.frame_text(frame.frame), num(frame.time)).unwrap();
            for (k, &pi) in shown.iter().take(MAX_PHASES).enumerate() {
                writeln!(md, "### {}\n", markdown_text(&phase_title_in(&frame.phases.at(pi), &self.names, self.terms()))).unwrap();
                // One picture a section, of the first thing that happened, unless every one is asked for.
                let picture = (k == 0 || self.options.all).then_some("");
                self.phase(&mut md, frame, pi, (&ledger[pi], &ledger[pi + 1]), picture);
            }
            if shown.len() > MAX_PHASES {
                writeln!(md, "*{} {}*\n", shown.len() - MAX_PHASES, self.word(words::MORE_PHASES)).unwrap();
            }
            return md;
        }
        for pi in 0..frame.phases.len() {
            let Some(i) = places.iter().position(|p| *p == Some((frame.frame, pi))) else { continue };
            if self.sections == 0 {
                self.variants_after(&mut md, None);
            }
            self.section(&mut md, i, frame, pi, &ledger);
            self.variants_after(&mut md, Some(i));
        }
        md
    }

    /// The steps with their own settings (`lesson::variant_steps`) that the
    /// handout writes in the file's order of steps, each after the step
    /// without one before it in the file.
    pub fn variants(&mut self, variants: Vec<lesson::VariantStep>) {
        self.variants = variants;
    }

    /// The sections of the steps with a `with` that follow step `after` in
    /// the file (`None`: those before the first step without one).
    fn variants_after(&mut self, md: &mut String, after: Option<usize>) {
        let steps = &self.scene.steps;
        let from = after.map_or(0, |i| i + 1);
        let end = (from..steps.len()).find(|&j| steps[j].with == Default::default()).unwrap_or(steps.len());
        let variants: Vec<lesson::VariantStep> = self.variants.iter().filter(|v| (from..end).contains(&v.step)).cloned().collect();
        for v in variants {
            let world = &self.scene.world;
            let ledger = v.record.ledger(&world.bodies, world.gravity);
            self.section(md, v.step, &v.record, v.phase, &ledger);
        }
    }

    /// The section of step `i`, anchored at phase `pi` of `frame` (of the
    /// run with the step's own settings, if it has some).
    fn section(&mut self, md: &mut String, i: usize, frame: &FrameRecord, pi: usize, ledger: &[engine::Totals]) {
        let step = &self.scene.steps[i];
        self.sections += 1;
        let lang = self.options.lang;
        let phase = &frame.phases.at(pi);
        let title = if self.options.student && self.answers.revealed_in(step.title(lang)) {
            markdown_text(&phase_title_in(phase, &self.names, self.terms()))
        } else {
            step.title(lang).to_string()
        };
        writeln!(md, "## {}. {title}\n", self.sections).unwrap();
        let title = phase_title_in(phase, &self.names, self.terms());
        // A step with its own settings says which, under its title and its picture: its numbers are that run's.
        let (with, with_md) = if step.with == Default::default() {
            (String::new(), String::new())
        } else {
            let settings = lesson::overrides_text_in(&step.with, lang);
            // In Chinese the settings are the file's keys and values, written as code.
            let shown = if lang == Lang::Zh { code_span(&settings) } else { markdown_text(&settings) };
            let with = self.word(words::WITH);
            (format!(" · {with} {settings}"), format!(" · {with} {shown}"))
        };
        writeln!(md, "*{} · {}{with_md}*\n", self.frame_text(frame.frame), markdown_text(&title)).unwrap();
        if step.with == Default::default() {
            // The questions first: the narration may work out their answers.
            self.questions_here(md, frame, pi);
        }
        self.narration(md, step.text(lang));
        self.step_differs(md, frame, pi, &step.with);
        self.phase(md, frame, pi, (&ledger[pi], &ledger[pi + 1]), Some(&with));
    }

    /// The units of the quantities the checks of this frame name, read from
    /// the phase each points at (or, when a check's own settings give other
    /// phases, from a phase of the same kind that computes it).
    fn find_units(&mut self, frame: &FrameRecord) {
        for (i, c) in self.scene.checks.iter().enumerate() {
            let Some(q) = c.quantity.as_deref().filter(|_| c.frame == frame.frame) else { continue };
            let at = c.anchor();
            let exact = lesson::find_phase(frame, &at, &self.names).map(|pi| frame.phases.at(pi).into_owned());
            let same_kind = frame.phases.iter().filter(|p| p.kind().name() == at.kind);
            let unit = exact.into_iter().chain(same_kind).find_map(|p| p.quantities(&self.names).into_iter().find(|x| x.name == q));
            if let Some(x) = unit {
                self.units[i] = x.unit;
            }
        }
    }

    /// The narration; in a student's handout, without the paragraphs that state an answer.
    fn narration(&self, md: &mut String, text: &str) {
        let mut held = false;
        for paragraph in text.trim().split("\n\n").map(str::trim).filter(|p| !p.is_empty()) {
            if self.options.student && self.answers.revealed_in(paragraph) {
                held = true;
                continue;
            }
            writeln!(md, "{paragraph}\n").unwrap();
        }
        if held {
            writeln!(md, "*{}*\n", self.word(words::HELD_BACK)).unwrap();
        }
    }

    /// One phase: its picture (with `picture`, the end of its caption), its
    /// formulas, the bodies' states and the totals.
    fn phase(
        &mut self,
        md: &mut String,
        frame: &FrameRecord,
        pi: usize,
        (before, after): (&engine::Totals, &engine::Totals),
        picture: Option<&str>,
    ) {
        let phase = &frame.phases.at(pi);
        let states_before = frame.state_after(pi);
        let states_after = frame.state_after(pi + 1);
        if self.options.pictures && picture.is_some() && trivial(frame, pi) {
            writeln!(md, "*{}*\n", self.word(words::NOTHING_CHANGED)).unwrap();
        } else if self.options.pictures
            && let Some(with) = picture
        {
            let title = format!("{} · {}{with}", self.frame_text(frame.frame), phase_title_in(phase, &self.names, self.terms()));
            self.drawn += 1;
            let file = self.draw(self.drawn, Some(phase), &states_before, &states_after, title.clone());
            writeln!(md, "![{}]({file})\n", markdown_text(&title)).unwrap();
        }
        self.derivations(md, phase);
        self.state_table(md, phase, &states_before, &states_after);
        if !self.options.student {
            let mark = rise_mark(phase.kind(), before, after).map_or(String::new(), |m| format!(" **{m}**"));
            writeln!(md, "{}{}{}{mark}\n", self.word(words::TOTALS), self.word(words::COLON), totals_line(before, after)).unwrap();
            if correction_moved_l(phase.kind(), before, after) {
                writeln!(md, "*{}*\n", self.word(words::L_MOVED)).unwrap();
            }
        }
    }

    /// Draws picture `k` and keeps it; returns its file name.
    fn draw(&mut self, k: usize, phase: Option<&Phase>, before: &[BodyState], after: &[BodyState], title: String) -> String {
        let file = self.options.picture_name(k);
        let input = figure::Input {
            bodies: &self.scene.world.bodies,
            before,
            after,
            given: &self.given,
            phase,
            y_axis: self.scene.y_axis,
            view: self.scene.view,
            lang: self.options.lang,
            student: self.options.student,
            // Velocities are fitted to the scene's own speeds at least: a stack at rest gets no long arrows.
            typical_speed: figure::typical_speed(&self.given, self.scene.world.gravity, self.scene.settings.dt),
            true_scale: false,
            all_names: true,
            chosen: None,
        };
        let fig = figure::figure(&input);
        let svg = svg::draw(&svg::Stage { input, title }, &fig);
        self.pictures.push(Picture { file: file.clone(), svg });
        file
    }

    /// The phase's quantities in three lines each (symbols, numbers put in,
    /// result); a student's have a line to work on and the result blank.
    fn derivations(&self, md: &mut String, phase: &Phase) {
        let quantities = phase.shown(&self.names);
        if quantities.is_empty() {
            return;
        }
        let fence = &self.fence;
        writeln!(md, "{fence}text").unwrap();
        for shown in quantities {
            let q = match shown {
                Shown::Quantity(q) => q,
                // The separating axis test's faces: a pipe table between the formulas.
                Shown::Faces(table) => {
                    let table = face_markdown_in(&table, self.options.student, self.terms());
                    let (legend, colon, stop) = (self.terms().face_legend, self.word(words::COLON), self.word(words::FULL_STOP));
                    writeln!(md, "{fence}\n\n`{FACE_CAPTION}`{colon}{legend}{stop}\n\n{table}\n{fence}text").unwrap();
                    continue;
                }
            };
            let q = &q;
            let d = derive_in(q, self.terms());
            let pad = " ".repeat(label_in(&q.name, self.terms()).width() + 1);
            let unit = if q.unit.is_empty() || matches!(q.value, engine::Value::Bool(_) | engine::Value::Text(_)) {
                String::new()
            } else {
                format!(" {}", q.unit)
            };
            match (d.symbols, d.numbers, self.options.student) {
                (Some(s), Some(_), true) => writeln!(md, "{s}\n{pad}= {WORK}\n{pad}= {BLANK}{unit}").unwrap(),
                (Some(s), Some(n), false) => writeln!(md, "{s}\n{pad}= {}\n{pad}= {}", right_side(&n), right_side(&d.result)).unwrap(),
                (_, _, true) => writeln!(md, "{} = {BLANK}{unit}", label_in(&q.name, self.terms())).unwrap(),
                (_, _, false) => writeln!(md, "{}", d.result).unwrap(),
            }
        }
        writeln!(md, "{fence}\n").unwrap();
    }

    /// The states of the bodies the phase is about (its pair and the bodies
    /// it changed; all, up to eight, when it names none), `before → after`
    /// where the phase changed them. A student sees only what the scene gives.
    fn state_table(&self, md: &mut String, phase: &Phase, before: &[BodyState], after: &[BodyState]) {
        let mut bodies: Vec<usize> = phase.pair.map(|(a, b)| vec![a, b]).unwrap_or_default();
        for c in phase.changes() {
            if !bodies.contains(&c.body) {
                bodies.push(c.body);
            }
        }
        if bodies.is_empty() {
            bodies = (0..self.names.len()).collect();
        }
        let more = bodies.len().saturating_sub(8);
        bodies.truncate(8);
        let w = |word: Word| self.word(word);
        writeln!(md, "**{}** ({})\n", w(words::STATE), w(words::BEFORE_AFTER)).unwrap();
        writeln!(
            md,
            "| {} | {} (m) | {} (rad) | {} (m/s) | {} (rad/s) |\n|---|---|---|---|---|",
            w(words::BODY),
            w(words::POSITION),
            w(words::ANGLE),
            w(words::VELOCITY),
            w(words::SPIN)
        )
        .unwrap();
        for &i in &bodies {
            let (b, a) = (&before[i], &after[i]);
            let g = self.given.get(i);
            let scale = state_scale(b).max(state_scale(a));
            let n = |x: f64| num_near(x, scale);
            let v = |p: glam::DVec2| format!("({}, {})", n(p.x), n(p.y));
            let student = self.options.student;
            // A student is shown a value only as the scene gives it; what a phase worked out is a blank.
            let cell = |was: String, now: String, given: bool| -> String {
                let changed = was != now;
                let was = if student && !given { BLANK.to_string() } else { was };
                match (changed, student) {
                    (false, _) => was,
                    (true, true) => format!("{was} → {BLANK}"),
                    (true, false) => format!("{was} → {now}"),
                }
            };
            writeln!(
                md,
                "| {} | {} | {} | {} | {} |",
                markdown_text(&self.names[i]),
                cell(v(b.position), v(a.position), g.is_some_and(|g| g.position == b.position)),
                cell(n(b.angle), n(a.angle), g.is_some_and(|g| g.angle == b.angle)),
                cell(v(b.velocity), v(a.velocity), g.is_some_and(|g| g.velocity == b.velocity)),
                cell(n(b.angular_velocity), n(a.angular_velocity), g.is_some_and(|g| g.angular_velocity == b.angular_velocity)),
            )
            .unwrap();
        }
        if more > 0 {
            writeln!(md, "\n… {}{more}", self.word(words::MORE_BODIES)).unwrap();
        }
        md.push('\n');
    }

    /// The checks' numbers with their units (the teacher's), or blanks to
    /// fill in and the lesson's questions (the student's).
    pub fn tail(&self) -> String {
        let mut md = String::new();
        if !self.scene.checks.is_empty() {
            let heading = if self.options.student { words::ANSWERS_TO_FIND } else { words::NUMBERS_TO_VERIFY };
            writeln!(md, "## {}\n", self.word(heading)).unwrap();
            for (i, c) in self.scene.checks.iter().enumerate() {
                let what = c
                    .quantity
                    .clone()
                    .or_else(|| c.body.as_ref().map(|b| format!("{b}.{}", c.field.as_deref().unwrap_or(""))))
                    .or(c.world.clone())
                    .unwrap_or_default();
                let with = if c.with == Default::default() {
                    String::new()
                } else {
                    let (comma, lang) = (self.word(words::LIST_COMMA), self.options.lang);
                    let settings = lesson::overrides_text_in(&c.with, lang);
                    // In Chinese the settings are the file's keys and values, written as code.
                    let settings = if lang == Lang::Zh { code_span(&settings) } else { settings };
                    format!("{comma}{} {settings}", self.word(words::WITH))
                };
                let unit = self.units[i];
                let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
                let answer = if self.options.student {
                    match c.expected {
                        // Two blanks for a vector: room sized to the answer.
                        Expected::Vector(_) => format!("({BLANK}, {BLANK}){unit}"),
                        _ => format!("{BLANK}{unit}"),
                    }
                } else {
                    let expected = match &c.expected {
                        Expected::Scalar(x) => num(*x),
                        Expected::Vector([x, y]) => format!("({}, {})", num(*x), num(*y)),
                        // English keeps the file's true and false; Chinese says 是 and 否, as its derivations do.
                        Expected::Bool(b) if self.options.lang == Lang::Zh => {
                            (if *b { self.terms().yes } else { self.terms().no }).to_string()
                        }
                        Expected::Bool(b) => b.to_string(),
                    };
                    match self.outcomes.get(i).filter(|o| !o.passed) {
                        // The run's number, as `impulse check` gives it, and the narration's beside it.
                        Some(o) => format!("**{}{unit}** ⚠ ({} {expected}{unit})", o.actual, self.word(words::NARRATION_SAYS)),
                        None => format!("**{expected}{unit}**"),
                    }
                };
                let frame = self.frame_text(c.frame).to_lowercase();
                let (what, at) = (code_span(&what), markdown_text(&lesson::describe_in(&c.anchor(), self.terms())));
                writeln!(md, "- {what} · {at} · {frame}{with}{}{answer}", self.word(words::COLON)).unwrap();
            }
            md.push('\n');
        }
        let lang = self.options.lang;
        let at_end = |i: usize| self.question_places.get(i).copied().flatten().is_none();
        let list: Vec<Question> = (self.scene.questions.iter().enumerate())
            .filter(|&(i, _)| at_end(i))
            .map(|(i, q)| Question { number: i + 1, ask: q.ask(lang), choices: q.choices(lang), room: format!("{BLANK}{BLANK}") })
            .collect();
        md += &questions(&list, lang);
        md
    }
}

/// A question of the lesson as a handout asks it.
pub struct Question<'q> {
    /// Its number in the lesson, from 1.
    pub number: usize,
    pub ask: &'q str,
    /// The choices, if it is a multiple choice.
    pub choices: Vec<&'q str>,
    /// Room for a number: blanks sized to the answer, with its unit (two
    /// blanks for a vector); empty for a choice.
    pub room: String,
}

/// One question with its choices or its room: in the list at the end, or at
/// its step ("**Question 2.**").
fn question(md: &mut String, q: &Question, lang: Lang, at_step: bool) {
    if at_step {
        writeln!(md, "**{} {}.** {}\n", words::QUESTION.get(lang), q.number, q.ask.trim()).unwrap();
    } else {
        writeln!(md, "{}. {}\n", q.number, q.ask.trim()).unwrap();
    }
    for (k, choice) in q.choices.iter().enumerate() {
        let letter = char::from(b'a' + (k % 26) as u8);
        writeln!(md, "   - ({letter}) {choice}").unwrap();
    }
    if q.choices.is_empty() {
        writeln!(md, "   {} {}", words::WORK_HERE.get(lang), q.room).unwrap();
    }
    md.push('\n');
}

/// Questions with room for the answers, under a heading.
pub fn questions(list: &[Question], lang: Lang) -> String {
    let mut md = String::new();
    if list.is_empty() {
        return md;
    }
    writeln!(md, "## {}\n", words::QUESTIONS.get(lang)).unwrap();
    for q in list {
        question(&mut md, q, lang, false);
    }
    md
}

/// The unit of a body's state field or a world total a check names.
fn state_unit(field: &str) -> &'static str {
    match field {
        "position" => "m",
        "angle" => "rad",
        "velocity" => "m/s",
        "angular_velocity" => "rad/s",
        "kinetic_energy" | "potential_energy" | "energy" => "J",
        "momentum" => "N·s",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_listed_with_room_or_choices() {
        let md = questions(
            &[
                Question { number: 1, ask: "What sign will jt have?", choices: vec!["positive", "negative"], room: String::new() },
                Question { number: 2, ask: "What is jn?", choices: vec![], room: format!("{BLANK} N·s") },
            ],
            Lang::En,
        );
        assert!(md.starts_with("## Questions\n\n1. What sign will jt have?\n\n   - (a) positive\n   - (b) negative\n"), "{md}");
        assert!(md.contains("2. What is jn?\n\n   Work it out here: ________ N·s\n"), "{md}");
        assert_eq!(questions(&[], Lang::Zh), "");
    }
}
