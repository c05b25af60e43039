//! What the step records. The step is generic over a [`Tracer`]; with
//! [`NoTrace`] every `if T::ENABLED` block is removed at compile time, so the
//! fast path builds none of the records below.
//!
//! A record is a plain struct of the numbers a stage computed (each stage's
//! file defines its own, next to the code that fills it). The quantities a
//! person reads — name, value, unit, formula and inputs — are made from it
//! only when a phase is shown or exported, so recording a phase costs a copy
//! of a few numbers, not a string per value.

use super::body::BodyState;
use super::broad::BroadRecord;
use super::correct::CorrectRecord;
use super::detect::{DetectRecord, FaceTable, Shown, WorkRef};
use super::event::{EventBounceRecord, EventRecord, PredictRecord};
use super::forces::ForcesRecord;
use super::integrate::IntegrateRecord;
use super::reposition::{
    EndpointRecord, PairBounceRecord, PairRepositionRecord, TouchRecord, VcorRecord, WallBounceRecord, WallRepositionRecord,
    WallTouchRecord,
};
use super::resolve::ResolveRecord;
use super::warm::WarmRecord;
use glam::DVec2;

pub trait Tracer {
    const ENABLED: bool;
    /// Asked, only when `ENABLED`, just before a phase's record would be
    /// built: whether to build it; `record` (or `detect`, `correct`,
    /// `resolve`) follows when it answers yes.
    #[inline]
    fn wants(&mut self, _kind: PhaseKind, _pair: Option<(usize, usize)>) -> bool {
        true
    }
    fn record(&mut self, phase: Phase);
    /// The three phases a pass makes thousands of, handed over whole: a
    /// recorder may keep them in lists of their own (see [`super::Phases`])
    /// rather than as a [`Phase`] each, with a box for the large ones.
    #[inline]
    fn detect(&mut self, pass: usize, pair: (usize, usize), record: DetectRecord<WorkRef<'_>>) {
        self.record(Phase::new(Some(pass), Some(pair), PhaseData::Detect(record.map_work(WorkRef::to_work))));
    }
    #[inline]
    fn correct(&mut self, pass: usize, pair: (usize, usize), record: CorrectRecord) {
        self.record(Phase::new(Some(pass), Some(pair), PhaseData::Correct(record)));
    }
    #[inline]
    fn resolve(&mut self, pass: usize, pair: (usize, usize), record: ResolveRecord) {
        self.record(Phase::new(Some(pass), Some(pair), PhaseData::Resolve(Box::new(record))));
    }
    /// Whether the broad phase lists pairs by their bounding circles, built
    /// afresh each frame, so that the record shows every narrow-phase test
    /// the game-engine book makes. Untraced it uses the tighter boxes and keeps its list
    /// from frame to frame, which changes no state; a search that looks only
    /// at contacts, which both lists hold, may do the same.
    #[inline]
    fn every_test(&self) -> bool {
        Self::ENABLED
    }
}

/// The tracer that keeps nothing and costs nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
    fn record(&mut self, _: Phase) {}
}

impl Tracer for Vec<Phase> {
    const ENABLED: bool = true;
    // Inlined, so that a record can be written straight into the list
    // rather than built on the stack and copied in.
    #[inline]
    fn record(&mut self, phase: Phase) {
        self.push(phase);
    }
}

/// A recorder that builds only the records `keep` accepts, judged by the
/// phase's kind and pair before anything is built: a search for the contact
/// of two bodies among a thousand pays a call per phase, not a record.
/// `every_test` as [`Tracer::every_test`].
pub struct Filtered<F> {
    pub keep: F,
    pub every_test: bool,
    pub phases: Vec<Phase>,
}

impl<F: FnMut(PhaseKind, Option<(usize, usize)>) -> bool> Filtered<F> {
    pub fn new(keep: F, every_test: bool) -> Filtered<F> {
        Filtered { keep, every_test, phases: Vec::new() }
    }
}

impl<F: FnMut(PhaseKind, Option<(usize, usize)>) -> bool> Tracer for Filtered<F> {
    const ENABLED: bool = true;
    fn wants(&mut self, kind: PhaseKind, pair: Option<(usize, usize)>) -> bool {
        (self.keep)(kind, pair)
    }
    fn record(&mut self, phase: Phase) {
        self.phases.push(phase);
    }
    fn every_test(&self) -> bool {
        self.every_test
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseKind {
    Forces,
    Broad,
    Detect,
    Correct,
    Resolve,
    Integrate,
    /// `warm_start`: a contact still touching begins from last frame's impulse.
    Warm,
    /// Dobre & Ramtal's method: x += v·dt, first in the frame.
    Move,
    /// Dobre & Ramtal: a ball put back to where it touched.
    Reposition,
    /// Dobre & Ramtal: the velocity at the wall, slower than where the hit was caught.
    VelocityCorrection,
    /// Dobre & Ramtal: the normal velocities exchanged or turned round.
    Bounce,
    /// Dobre & Ramtal: a ball off a wall's end, a fixed point.
    Endpoint,
    /// Sedgewick & Wayne: when a disc will hit another disc or a wall.
    Predict,
    /// Sedgewick & Wayne: the earliest hit taken from the queue, valid or stale.
    Event,
}

impl PhaseKind {
    pub const ALL: [PhaseKind; 14] = [
        PhaseKind::Forces,
        PhaseKind::Broad,
        PhaseKind::Warm,
        PhaseKind::Detect,
        PhaseKind::Correct,
        PhaseKind::Resolve,
        PhaseKind::Integrate,
        PhaseKind::Move,
        PhaseKind::Reposition,
        PhaseKind::VelocityCorrection,
        PhaseKind::Bounce,
        PhaseKind::Endpoint,
        PhaseKind::Predict,
        PhaseKind::Event,
    ];

    /// The name used in files, the JSON trace and on screen.
    pub fn name(self) -> &'static str {
        match self {
            PhaseKind::Forces => "forces",
            PhaseKind::Broad => "broad",
            PhaseKind::Detect => "detect",
            PhaseKind::Correct => "correct",
            PhaseKind::Resolve => "resolve",
            PhaseKind::Integrate => "integrate",
            PhaseKind::Warm => "warm",
            PhaseKind::Move => "move",
            PhaseKind::Reposition => "reposition",
            PhaseKind::VelocityCorrection => "velocity-correction",
            PhaseKind::Bounce => "bounce",
            PhaseKind::Endpoint => "endpoint",
            PhaseKind::Predict => "predict",
            PhaseKind::Event => "event",
        }
    }

    pub fn from_name(name: &str) -> Option<PhaseKind> {
        PhaseKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(f64),
    Vector(DVec2),
    Bool(bool),
    Text(String),
    /// Asked for but not there, e.g. a face with no support point.
    Absent,
}

impl From<f64> for Value {
    fn from(x: f64) -> Value {
        Value::Scalar(x)
    }
}
impl From<DVec2> for Value {
    fn from(v: DVec2) -> Value {
        Value::Vector(v)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Text(s.to_string())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Absent, Into::into)
    }
}

/// One computed value with how it was computed. `formula` names its inputs in
/// braces, e.g. `−(1 + {e})·{vrn} / {k_n}`; a view prints it once with the names
/// and once with `inputs` put in.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    pub name: String,
    pub value: Value,
    pub unit: &'static str,
    pub formula: Option<&'static str>,
    pub inputs: Vec<(&'static str, Value)>,
}

impl Quantity {
    pub fn new(name: impl Into<String>, value: impl Into<Value>, unit: &'static str) -> Quantity {
        Quantity { name: name.into(), value: value.into(), unit, formula: None, inputs: Vec::new() }
    }

    pub fn by(mut self, formula: &'static str, inputs: Vec<(&'static str, Value)>) -> Quantity {
        self.formula = Some(formula);
        self.inputs = inputs;
        self
    }
}

/// A body's state after a phase that changed it; the state before is the one
/// the phases before left (`FrameRecord::state_after`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyChange {
    pub body: usize,
    pub after: BodyState,
}

/// How many bodies a forces or integrate phase writes out formula by formula;
/// the others follow the same formula, and a line counts them.
pub(super) const SHOWN_BODIES: usize = 8;

/// "… and 992 more bodies, by the same formula", when a phase moved more than it shows.
pub(super) fn more_bodies(changed: usize) -> Option<Quantity> {
    let more = changed.checked_sub(SHOWN_BODIES).filter(|&n| n > 0)?;
    Some(Quantity::new("more", format!("{more} more bodies, by the same formula").as_str(), ""))
}

/// What a phase's record says of itself, whatever its kind: the same few
/// questions the trace, the debugger and the budgets ask of every phase.
pub trait Record {
    /// Every value the phase computed, in the order of the derivation, with
    /// its formula and inputs. `names` are the bodies' names by index, `pair`
    /// the names of the phase's two bodies.
    fn quantities(&self, names: &[String], pair: (&str, &str)) -> Vec<Quantity>;
    /// The bodies the phase moved or sped up, with their states after it.
    fn changes(&self) -> &[BodyChange] {
        &[]
    }
    /// Bytes the record holds beyond its own size (its lists and boxes):
    /// what a cache of records counts against its budget.
    fn heap_bytes(&self) -> usize {
        0
    }
    /// Whether the phase is a detection that found contact (or, for Sedgewick &
    /// Wayne's method, a valid event: the touch itself).
    fn found_contact(&self) -> bool {
        false
    }
}

/// A boxed record (the large ones are boxed so that a detect phase, the most
/// common, stays small) answers as its record, its box counted in its bytes.
impl<R: Record> Record for Box<R> {
    fn quantities(&self, names: &[String], pair: (&str, &str)) -> Vec<Quantity> {
        (**self).quantities(names, pair)
    }
    fn changes(&self) -> &[BodyChange] {
        (**self).changes()
    }
    fn heap_bytes(&self) -> usize {
        std::mem::size_of::<R>() + (**self).heap_bytes()
    }
    fn found_contact(&self) -> bool {
        (**self).found_contact()
    }
}

/// The kinds of phase record: each line names a variant of [`PhaseData`], its
/// record type and the [`PhaseKind`] it is shown and searched as. A new kind
/// of phase is a record type implementing [`Record`], in its stage's file, and
/// one line here.
macro_rules! phase_records {
    ($($(#[$doc:meta])* $variant:ident($record:ty) => $kind:ident,)*) => {
        /// What one stage computed, by kind.
        #[derive(Clone, Debug, PartialEq)]
        pub enum PhaseData {
            $($(#[$doc])* $variant($record),)*
        }

        impl PhaseData {
            pub fn kind(&self) -> PhaseKind {
                match self {
                    $(PhaseData::$variant(_) => PhaseKind::$kind,)*
                }
            }

            /// The record, asked what every record answers.
            #[inline]
            pub fn record(&self) -> &dyn Record {
                match self {
                    $(PhaseData::$variant(r) => r,)*
                }
            }
        }
    };
}

phase_records! {
    Forces(Box<ForcesRecord>) => Forces,
    Broad(Box<BroadRecord>) => Broad,
    Detect(DetectRecord) => Detect,
    Correct(CorrectRecord) => Correct,
    Resolve(Box<ResolveRecord>) => Resolve,
    Integrate(Box<IntegrateRecord>) => Integrate,
    Warm(Box<WarmRecord>) => Warm,
    Move(Box<IntegrateRecord>) => Move,
    /// Dobre & Ramtal's test of two balls.
    Touch(TouchRecord) => Detect,
    /// Dobre & Ramtal's test of a ball and a wall, by projections.
    WallTouch(Box<WallTouchRecord>) => Detect,
    PairReposition(Box<PairRepositionRecord>) => Reposition,
    WallReposition(Box<WallRepositionRecord>) => Reposition,
    VelocityCorrection(Box<VcorRecord>) => VelocityCorrection,
    PairBounce(Box<PairBounceRecord>) => Bounce,
    WallBounce(Box<WallBounceRecord>) => Bounce,
    Endpoint(Box<EndpointRecord>) => Endpoint,
    Predict(Box<PredictRecord>) => Predict,
    Event(Box<EventRecord>) => Event,
    /// Sedgewick & Wayne's bounce: an impulse along the line of centres, or off a wall.
    EventBounce(Box<EventBounceRecord>) => Bounce,
}

/// The record of one phase. Applying `changes` in order to a frame's start state
/// rebuilds the world after any phase.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    /// The relaxation pass, from 1; none for forces, integrate and the frame's broad phase.
    pub iteration: Option<usize>,
    /// Indices of the two bodies, A first.
    pub pair: Option<(usize, usize)>,
    pub data: PhaseData,
}

impl Phase {
    #[inline]
    pub fn new(iteration: Option<usize>, pair: Option<(usize, usize)>, data: PhaseData) -> Phase {
        Phase { iteration, pair, data }
    }

    pub fn kind(&self) -> PhaseKind {
        self.data.kind()
    }

    /// What `iteration` counts: the relaxation pass, or for Sedgewick & Wayne's
    /// method the events popped so far in the frame.
    pub fn iteration_name(&self) -> &'static str {
        match self.data {
            PhaseData::Predict(_) | PhaseData::Event(_) | PhaseData::EventBounce(_) | PhaseData::Move(_) => "event",
            _ => "pass",
        }
    }

    /// Whether this is a detect phase whose narrow phase found contact (or,
    /// for Sedgewick & Wayne's method, a valid event: the touch itself).
    pub fn found_contact(&self) -> bool {
        self.data.record().found_contact()
    }

    /// The bodies this phase moved or sped up, with their states after it.
    pub fn changes(&self) -> &[BodyChange] {
        self.data.record().changes()
    }

    /// Every value the phase computed, in the order of the derivation, with
    /// its formula and inputs. `names` are the bodies' names, by index (A and
    /// B, or the index, stand in for a missing name).
    pub fn quantities(&self, names: &[String]) -> Vec<Quantity> {
        self.data.record().quantities(names, self.pair_names(names))
    }

    /// The quantities as a reader sees them: [`Self::quantities`], in their
    /// order, but with the separating axis test's faces as one table.
    pub fn shown(&self, names: &[String]) -> Vec<Shown> {
        match &self.data {
            PhaseData::Detect(r) => r.shown(self.pair_names(names)),
            _ => self.quantities(names).into_iter().map(Shown::Quantity).collect(),
        }
    }

    /// The faces the separating axis test tried, for a detect phase of two
    /// boxes or a wall and a box.
    pub fn faces(&self, names: &[String]) -> Option<FaceTable> {
        match &self.data {
            PhaseData::Detect(r) => r.faces(self.pair_names(names)),
            _ => None,
        }
    }

    /// The names of the phase's pair (A and B stand in for a missing one).
    fn pair_names<'a>(&self, names: &'a [String]) -> (&'a str, &'a str) {
        let name = |i: usize, fallback| names.get(i).map_or(fallback, String::as_str);
        self.pair.map_or(("A", "B"), |(a, b)| (name(a, "A"), name(b, "B")))
    }

    /// About how many bytes this record holds, its boxed parts included: what
    /// a cache of records counts against its budget.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Phase>() + self.data.record().heap_bytes()
    }

    /// One value by its name, e.g. `jn`.
    pub fn value(&self, name: &str, names: &[String]) -> Option<Value> {
        self.quantities(names).into_iter().find(|q| q.name == name).map(|q| q.value)
    }
}
