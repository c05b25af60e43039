//! What the step records, and the one list of the kinds of record. The step
//! is generic over a [`Tracer`]; with [`NoTrace`] every `if T::ENABLED` block
//! is removed at compile time, so the fast path builds none of the records.
//!
//! A record is a plain struct of the numbers a stage computed; each stage
//! defines its own in a `record` module of its own (`correct/record.rs`, …),
//! next to the stage and apart from its code, so that this list imports the
//! records and no stage.

use super::Settings;
use super::body::{Body, Motion};
use super::broad::record::BroadRecord;
use super::correct::record::CorrectRecord;
use super::detect::record::{DetectRecord, FaceTable, Shown, WorkRef};
use super::event::record::{EventBounceRecord, EventRecord, PredictRecord};
use super::forces::record::ForcesRecord;
use super::integrate::record::IntegrateRecord;
use super::reposition::record::{
    EndpointRecord, PairBounceRecord, PairRepositionRecord, TouchRecord, VcorRecord, WallBounceRecord, WallRepositionRecord,
    WallTouchRecord,
};
use super::resolve::record::ResolveRecord;
use super::trace::{BodyChange, PhaseKind, Quantity, Record, Value};
use super::warm::record::WarmRecord;

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
    /// Whether the recorder keeps a visit of the game-engine book's passes
    /// (without the warm start) by how it began: a visit depends on nothing
    /// else but the frame's bodies and settings, so its records can be made
    /// again when they are read (see [`super::Phases`]). Such a visit's
    /// records are not built: [`Self::visit_begins`], then
    /// [`Self::declined`] for each of its phases.
    const KEEPS_VISITS: bool = false;
    /// With `KEEPS_VISITS`, before the passes of a frame: the bodies and
    /// settings their visits run with, and the motions as the passes begin.
    #[inline]
    fn passes_begin(&mut self, _bodies: &[Body], _motions: &[Motion], _settings: &Settings) {}
    /// With `KEEPS_VISITS`, a visit of `pair` in pass `pass` past the bound
    /// test begins, the two bodies' motions `before` it.
    #[inline]
    fn visit_begins(&mut self, _pass: usize, _pair: (usize, usize), _before: [Motion; 2]) {}
    /// Told, only when `ENABLED`, of a detect, correct or resolve phase whose
    /// record [`Self::wants`] declined, with what it left the two bodies at
    /// (none: it moved neither): what a recorder that keeps visits by their
    /// start keeps of each phase, so that the loops over a frame's changes
    /// make no visit again.
    #[inline]
    fn declined(&mut self, _kind: PhaseKind, _changes: Option<[BodyChange; 2]>) {}
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

/// The tracer a visit kept by its start is made with: it declines every
/// record, so that none is built, and hands what the phases moved on.
pub(super) struct Declining<'t, T>(pub &'t mut T);

impl<T: Tracer> Tracer for Declining<'_, T> {
    const ENABLED: bool = true;
    #[inline]
    fn wants(&mut self, _: PhaseKind, _: Option<(usize, usize)>) -> bool {
        false
    }
    fn record(&mut self, phase: Phase) {
        self.0.record(phase);
    }
    #[inline]
    fn declined(&mut self, kind: PhaseKind, changes: Option<[BodyChange; 2]>) {
        self.0.declined(kind, changes);
    }
    fn every_test(&self) -> bool {
        self.0.every_test()
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

/// The kinds of phase record: each line names a variant of [`PhaseData`], its
/// record type and the [`PhaseKind`] it is shown and searched as. A new kind
/// of phase is a record type implementing [`Record`], in its stage's `record`
/// module, and one line here.
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

impl PhaseData {
    /// A visit's record made again as bodies 0 and 1 of a world of two (see
    /// [`super::relax`]'s `visit_again`), its bodies named by their `places`.
    pub(super) fn renumber(&mut self, places: [usize; 2]) {
        let changes: &mut [BodyChange] = match self {
            PhaseData::Correct(r) => &mut r.changes,
            PhaseData::Resolve(r) => r.impulse.as_mut().map_or(&mut [], |i| &mut i.changes),
            _ => &mut [],
        };
        for change in changes {
            change.body = places[change.body];
        }
    }
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
