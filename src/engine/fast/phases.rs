//! A frame's phases as the recorder keeps them. The game-engine book's
//! visits of a pair in a pass (without the warm start), nearly every phase of
//! a frame, are kept by how each began: the two bodies' positions and
//! velocities, and what each of its correct and resolve phases left them at.
//! A reader takes a visit's phase out whole ([`Phases::get`]) made again from
//! that start by the step's own code ([`Tracer::KEEPS_VISITS`]): the same [`Phase`],
//! bit for bit, that a `Vec<Phase>` tracer keeps. The detect, correct and
//! resolve phases of other visits (the warm start's, `relax_pair`'s) go to
//! lists of their own, the SAT reports and region tests to lists of the
//! frame's; the other phases are kept whole, the warm start's one per contact
//! among them. [`Phases::kind`], [`Phases::iteration`], [`Phases::pair`] and
//! [`Phases::changes`] read a phase where it is kept, for the loops over a
//! whole frame, and make nothing again.
//!
//! 200 bodies make ~18,000 phases a frame. Kept as one `Phase` each, with a
//! box per resolve, SAT report and region test, allocating, writing and
//! freeing them cost more than working out their numbers
//! (docs/adr/0003-frame-recorder-lists.md); kept in lists, their ~6 MB a
//! frame, more than the cache holds, made the traced step 2.8 times the
//! untraced one (docs/adr/0090-visits-kept-by-their-start.md).

use crate::engine::Settings;
use crate::engine::body::{Body, Motion};
use crate::engine::correct::record::CorrectRecord;
use crate::engine::detect::record::{DetectRecord, Work, WorkRef};
use crate::engine::phase::{Phase, PhaseData, Tracer};
use crate::engine::relax;
use crate::engine::resolve::record::ResolveRecord;
use crate::engine::trace::{BodyChange, PhaseKind, Record};
use crate::geometry::{RegionTest, SatReport};
use glam::DVec2;
use std::borrow::Cow;

/// How a kept detect record holds its work: the two reports most tests make
/// by their place in the frame's lists, the others (no report, or a wall's,
/// which are few) as they are.
#[derive(Clone, Debug, PartialEq)]
enum StoredWork {
    Sat(u32),
    Region { at: u32, box_is_a: bool },
    Plain(Work),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum List {
    Detect,
    Correct,
    Resolve,
    Other,
    /// A phase of a visit kept by its start ([`KeptVisit`]): `at` is the visit.
    Visit(VisitPhase),
}

/// Which phase of its visit a phase is, its kind, and whether it moved its
/// bodies (every correct; a resolve, when the bodies approach).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VisitPhase {
    kind: PhaseKind,
    nth: u8,
    moved: bool,
}

/// A visit of the passes as it began: the two bodies' positions and
/// velocities (their angles hold through the passes, and are the frame's
/// in [`Passes`]). Its records are made again from these when read; what
/// its phases left the bodies at is kept, from `moves` on, so that the
/// loops over a frame's changes make nothing again.
#[derive(Clone, Debug, PartialEq)]
struct KeptVisit {
    position: [DVec2; 2],
    velocity: [DVec2; 2],
    angular_velocity: [f64; 2],
    /// The frame's passes it was made in, in [`Phases::passes`].
    passes: u32,
    /// Its first change in [`Phases::moves`].
    moves: u32,
    /// Bit k: phase k of the visit moved its bodies.
    moved: u8,
}

/// What a frame's passes visit with: its bodies (without their names), their
/// motions as the passes begin, and the settings.
#[derive(Clone, Debug, PartialEq)]
struct Passes {
    bodies: Vec<Body>,
    motions: Vec<Motion>,
    settings: Settings,
}

/// The visit being made, and its next phase.
#[derive(Clone, Copy, Debug, Default)]
struct Visiting {
    visit: u32,
    pass: u32,
    pair: (u32, u32),
    nth: u8,
}

/// One phase, in order: which list holds it and where; the pass and pair of
/// the three listed kinds (the others keep theirs in their [`Phase`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Slot {
    list: List,
    at: u32,
    pass: u32,
    pair: (u32, u32),
}

/// The phases of one frame, in the order the step made them. Two are equal
/// when they hold the same phases, however their lists are filled.
#[derive(Clone, Debug, Default)]
pub struct Phases {
    slots: Vec<Slot>,
    detects: Vec<DetectRecord<StoredWork>>,
    sats: Vec<SatReport>,
    regions: Vec<RegionTest>,
    corrects: Vec<CorrectRecord>,
    resolves: Vec<ResolveRecord>,
    others: Vec<Phase>,
    visits: Vec<KeptVisit>,
    moves: Vec<[BodyChange; 2]>,
    passes: Vec<Passes>,
    visiting: Visiting,
}

/// How many of each a frame made: room to make at once for the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseCounts {
    slots: usize,
    detects: usize,
    sats: usize,
    regions: usize,
    corrects: usize,
    resolves: usize,
    visits: usize,
    moves: usize,
}

fn index(n: usize) -> u32 {
    u32::try_from(n).expect("fewer than 2³² phases and bodies in a frame")
}

impl Phases {
    pub fn new() -> Phases {
        Phases::default()
    }

    /// Empty, with room for `room` of each kind.
    pub fn with_room(room: PhaseCounts) -> Phases {
        Phases {
            slots: Vec::with_capacity(room.slots),
            detects: Vec::with_capacity(room.detects),
            sats: Vec::with_capacity(room.sats),
            regions: Vec::with_capacity(room.regions),
            corrects: Vec::with_capacity(room.corrects),
            resolves: Vec::with_capacity(room.resolves),
            others: Vec::new(),
            visits: Vec::with_capacity(room.visits),
            moves: Vec::with_capacity(room.moves),
            passes: Vec::new(),
            visiting: Visiting::default(),
        }
    }

    /// As many of each as this frame made, and an eighth more.
    pub fn room_for_next(&self) -> PhaseCounts {
        let more = |n: usize| n + n / 8;
        PhaseCounts {
            slots: more(self.slots.len()),
            detects: more(self.detects.len()),
            sats: more(self.sats.len()),
            regions: more(self.regions.len()),
            corrects: more(self.corrects.len()),
            resolves: more(self.resolves.len()),
            visits: more(self.visits.len()),
            moves: more(self.moves.len()),
        }
    }

    /// Forgets every phase and keeps the lists' room, for the next frame.
    pub fn clear(&mut self) {
        self.slots.clear();
        self.detects.clear();
        self.sats.clear();
        self.regions.clear();
        self.corrects.clear();
        self.resolves.clear();
        self.others.clear();
        self.visits.clear();
        self.moves.clear();
        self.passes.clear();
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Phase `i`: made whole from the lists for the three listed kinds, and
    /// borrowed for the others, kept whole (a forces or integrate phase of a
    /// thousand bodies is not copied each time a view reads it).
    pub fn get(&self, i: usize) -> Option<Cow<'_, Phase>> {
        let slot = *self.slots.get(i)?;
        let (at, pass, pair) = (slot.at as usize, Some(slot.pass as usize), Some((slot.pair.0 as usize, slot.pair.1 as usize)));
        let data = match slot.list {
            List::Detect => PhaseData::Detect(self.detects[at].clone().map_work(|kept| self.work(kept))),
            List::Correct => PhaseData::Correct(self.corrects[at].clone()),
            List::Resolve => PhaseData::Resolve(Box::new(self.resolves[at].clone())),
            List::Other => return Some(Cow::Borrowed(&self.others[at])),
            List::Visit(phase) => {
                let pair = (slot.pair.0 as usize, slot.pair.1 as usize);
                return Some(Cow::Owned(self.visit_again(at, slot.pass as usize, pair).swap_remove(phase.nth.into())));
            }
        };
        Some(Cow::Owned(Phase::new(pass, pair, data)))
    }

    /// Phase `i`, which must be there (as indexing a list).
    pub fn at(&self, i: usize) -> Cow<'_, Phase> {
        self.get(i).unwrap_or_else(|| panic!("phase {i} of a frame of {}", self.len()))
    }

    /// The phases in order, each taken out whole; those skipped (`skip`,
    /// `nth`, `rev` after `take`) are not taken out.
    pub fn iter(&self) -> Iter<'_> {
        Iter { phases: self, range: 0..self.len(), made: None }
    }

    /// The kind of phase `i`, without taking it out (for the listed kinds,
    /// what [`Phase::kind`] answers for their data).
    pub fn kind(&self, i: usize) -> PhaseKind {
        match self.slots[i].list {
            List::Detect => PhaseKind::Detect,
            List::Correct => PhaseKind::Correct,
            List::Resolve => PhaseKind::Resolve,
            List::Other => self.others[self.slots[i].at as usize].kind(),
            List::Visit(phase) => phase.kind,
        }
    }

    /// The pass (or event) of phase `i`, without taking it out.
    pub fn iteration(&self, i: usize) -> Option<usize> {
        let slot = self.slots[i];
        match slot.list {
            List::Other => self.others[slot.at as usize].iteration,
            _ => Some(slot.pass as usize),
        }
    }

    /// The pair of phase `i`, without taking it out.
    pub fn pair(&self, i: usize) -> Option<(usize, usize)> {
        let slot = self.slots[i];
        match slot.list {
            List::Other => self.others[slot.at as usize].pair,
            _ => Some((slot.pair.0 as usize, slot.pair.1 as usize)),
        }
    }

    /// The bodies phase `i` moved or sped up, with their states after it
    /// ([`Phase::changes`]), without taking it out.
    pub fn changes(&self, i: usize) -> &[BodyChange] {
        let at = self.slots[i].at as usize;
        match self.slots[i].list {
            List::Detect => &[],
            List::Correct => &self.corrects[at].changes,
            List::Resolve => self.resolves[at].changes(),
            List::Other => self.others[at].changes(),
            List::Visit(VisitPhase { moved: false, .. }) => &[],
            List::Visit(VisitPhase { nth, moved: true, .. }) => {
                let visit = &self.visits[at];
                let before = visit.moved & ((1 << nth) - 1);
                &self.moves[visit.moves as usize + before.count_ones() as usize]
            }
        }
    }

    /// Keeps only the phases `keep` accepts, in order. The lists keep their
    /// room (and what the phases let go held, until [`Self::clear`]).
    pub fn retain(&mut self, mut keep: impl FnMut(&Phase) -> bool) {
        let kept: Vec<bool> = self.iter().map(|p| keep(&p)).collect();
        let mut kept = kept.into_iter();
        self.slots.retain(|_| kept.next().unwrap_or(false));
    }

    /// About how many bytes the lists hold, room included: what a cache of
    /// frames counts against its budget.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let beyond: usize = self.resolves.iter().map(|r| r.heap_bytes()).sum();
        let walls: usize = self.detects.iter().map(|d| if let StoredWork::Plain(w) = &d.work { w.boxed_bytes() } else { 0 }).sum();
        size_of::<Phases>()
            + self.slots.capacity() * size_of::<Slot>()
            + self.detects.capacity() * size_of::<DetectRecord<StoredWork>>()
            + self.sats.capacity() * size_of::<SatReport>()
            + self.regions.capacity() * size_of::<RegionTest>()
            + self.corrects.capacity() * size_of::<CorrectRecord>()
            + self.resolves.capacity() * size_of::<ResolveRecord>()
            + self.others.iter().map(Phase::bytes).sum::<usize>()
            + self.visits.capacity() * size_of::<KeptVisit>()
            + self.moves.capacity() * size_of::<[BodyChange; 2]>()
            + self
                .passes
                .iter()
                .map(|p| size_of::<Passes>() + p.bodies.len() * size_of::<Body>() + p.motions.len() * size_of::<Motion>())
                .sum::<usize>()
            + beyond
            + walls
    }

    fn work(&self, kept: StoredWork) -> Work {
        match kept {
            StoredWork::Sat(at) => WorkRef::BoxBox(&self.sats[at as usize]).to_work(),
            StoredWork::Region { at, box_is_a } => WorkRef::BoxCircle { test: &self.regions[at as usize], box_is_a }.to_work(),
            StoredWork::Plain(work) => work,
        }
    }

    /// The phases of kept visit `at`, made again as they were made, in order.
    fn visit_again(&self, at: usize, pass: usize, (a, b): (usize, usize)) -> Vec<Phase> {
        let visit = &self.visits[at];
        let with = &self.passes[visit.passes as usize];
        let before = [(0, a), (1, b)].map(|(k, i)| {
            let mut m = with.motions[i];
            (m.position, m.velocity, m.angular_velocity) = (visit.position[k], visit.velocity[k], visit.angular_velocity[k]);
            m
        });
        relax::visit_again([&with.bodies[a], &with.bodies[b]], before, (a, b), pass, &with.settings)
    }

    fn slot(&mut self, list: List, at: usize, pass: usize, (a, b): (usize, usize)) {
        self.slots.push(Slot { list, at: index(at), pass: index(pass), pair: (index(a), index(b)) });
    }
}

impl Tracer for Phases {
    const ENABLED: bool = true;

    const KEEPS_VISITS: bool = true;

    fn passes_begin(&mut self, bodies: &[Body], motions: &[Motion], settings: &Settings) {
        let bodies = bodies.iter().map(Body::unnamed).collect();
        self.passes.push(Passes { bodies, motions: motions.to_vec(), settings: settings.clone() });
    }

    /// Keeps the visit by its start, and of its phases only what they left
    /// the bodies at ([`Self::declined`]): a frame's ~18,000 records of a
    /// 200-body pile, written out, were megabytes, more than the cache
    /// holds, and most are never read. A reader's visit is made again from
    /// its start (see [`relax::visit_again`]).
    #[inline]
    fn visit_begins(&mut self, pass: usize, (a, b): (usize, usize), before: [Motion; 2]) {
        self.visits.push(KeptVisit {
            position: before.map(|m| m.position),
            velocity: before.map(|m| m.velocity),
            angular_velocity: before.map(|m| m.angular_velocity),
            passes: index(self.passes.len() - 1),
            moves: index(self.moves.len()),
            moved: 0,
        });
        self.visiting = Visiting { visit: index(self.visits.len() - 1), pass: index(pass), pair: (index(a), index(b)), nth: 0 };
    }

    /// A phase of the visit begun last, in its place.
    #[inline]
    fn declined(&mut self, kind: PhaseKind, changes: Option<[BodyChange; 2]>) {
        let v = &mut self.visiting;
        let slot =
            Slot { list: List::Visit(VisitPhase { kind, nth: v.nth, moved: changes.is_some() }), at: v.visit, pass: v.pass, pair: v.pair };
        if let Some(changes) = changes {
            self.visits[v.visit as usize].moved |= 1 << v.nth;
            self.moves.push(changes);
        }
        v.nth += 1;
        self.slots.push(slot);
    }

    /// Any phase: the three listed kinds go to their lists, as if handed over
    /// by their own methods.
    fn record(&mut self, phase: Phase) {
        let listed = phase.iteration.zip(phase.pair);
        match (phase.data, listed) {
            (PhaseData::Detect(mut d), Some((pass, pair))) => {
                let work = std::mem::replace(&mut d.work, Work::TwoWalls);
                self.detect(pass, pair, d.map_work(|_| work.as_ref()));
            }
            (PhaseData::Correct(r), Some((pass, pair))) => self.correct(pass, pair, r),
            (PhaseData::Resolve(r), Some((pass, pair))) => self.resolve(pass, pair, *r),
            (data, _) => {
                self.slots.push(Slot { list: List::Other, at: index(self.others.len()), pass: 0, pair: (0, 0) });
                self.others.push(Phase { data, ..phase });
            }
        }
    }

    #[inline]
    fn detect(&mut self, pass: usize, pair: (usize, usize), record: DetectRecord<WorkRef<'_>>) {
        let kept = match record.work {
            WorkRef::BoxBox(report) => {
                self.sats.push(*report);
                StoredWork::Sat(index(self.sats.len() - 1))
            }
            WorkRef::BoxCircle { test, box_is_a } => {
                self.regions.push(*test);
                StoredWork::Region { at: index(self.regions.len() - 1), box_is_a }
            }
            work => StoredWork::Plain(work.to_work()),
        };
        self.slot(List::Detect, self.detects.len(), pass, pair);
        self.detects.push(record.map_work(|_| kept));
    }

    #[inline]
    fn correct(&mut self, pass: usize, pair: (usize, usize), record: CorrectRecord) {
        self.slot(List::Correct, self.corrects.len(), pass, pair);
        self.corrects.push(record);
    }

    #[inline]
    fn resolve(&mut self, pass: usize, pair: (usize, usize), record: ResolveRecord) {
        self.slot(List::Resolve, self.resolves.len(), pass, pair);
        self.resolves.push(record);
    }
}

impl PartialEq for Phases {
    fn eq(&self, other: &Phases) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl FromIterator<Phase> for Phases {
    fn from_iter<I: IntoIterator<Item = Phase>>(phases: I) -> Phases {
        let mut kept = Phases::new();
        for phase in phases {
            kept.record(phase);
        }
        kept
    }
}

/// The phases of a frame in order, each taken out whole.
pub struct Iter<'a> {
    phases: &'a Phases,
    range: std::ops::Range<usize>,
    /// The last kept visit made again, and its phases: a visit's phases
    /// come together, and it is made once for them all.
    made: Option<(u32, Vec<Phase>)>,
}

impl Iter<'_> {
    fn take(&mut self, i: usize) -> Phase {
        let slot = self.phases.slots[i];
        let List::Visit(phase) = slot.list else { return self.phases.at(i).into_owned() };
        if self.made.as_ref().is_none_or(|(visit, _)| *visit != slot.at) {
            let pair = (slot.pair.0 as usize, slot.pair.1 as usize);
            self.made = Some((slot.at, self.phases.visit_again(slot.at as usize, slot.pass as usize, pair)));
        }
        self.made.as_ref().map(|(_, phases)| phases[usize::from(phase.nth)].clone()).expect("made just above")
    }
}

impl Iterator for Iter<'_> {
    type Item = Phase;
    fn next(&mut self) -> Option<Phase> {
        self.range.next().map(|i| self.take(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }
    fn nth(&mut self, n: usize) -> Option<Phase> {
        self.range.nth(n).map(|i| self.take(i))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Phase> {
        self.range.next_back().map(|i| self.take(i))
    }
    fn nth_back(&mut self, n: usize) -> Option<Phase> {
        self.range.nth_back(n).map(|i| self.take(i))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Phases {
    type Item = Phase;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}
