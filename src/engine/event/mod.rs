//! Sedgewick & Wayne's method (`method = "event-driven"`, algs4's `CollisionSystem`):
//! predict when each pair of discs, and each disc and wall, will touch; keep
//! the hits in a priority queue; jump from one to the next. Nothing ever
//! overlaps, so nothing tunnels, however fast.
//!
//! A frame covers [t, t + dt]. **Predict** every hit due within it (pairs and
//! walls whose swept boxes meet: others cannot touch before the frame ends).
//! Then, until the queue is empty: pop the earliest **event**; it is stale if
//! either disc has bounced since it was made (algs4's collision counts); else
//! **move** every body to its time, **bounce**, and **predict** again for the
//! discs involved, against every disc and wall (the text's 2·N a collision).
//! Last the **event** of the frame's end (algs4's redraw) with the frame's
//! counts, and a **move** to t + dt. Only hits within the frame are queued;
//! the next frame predicts afresh from where this one ends, so a frame depends
//! on its start alone, and stepping back replays it exactly.
//!
//! Gravity is taken as zero (a scene must say so; its paths would be curves),
//! and boxes play no part (a scene may not have any). A run never hangs: a
//! frame handles at most `event_limit` events; past that the bodies stay where
//! the last event left them, the rest of the frame unplayed, and the frame's
//! last event says so (discs at absurd speeds in a small box, or an inelastic
//! collapse, can call for more than a frame can take).

mod bounce;
pub(in crate::engine) mod predict;
pub mod record;

pub use predict::{HitOutcome, Prediction, Target, Test};
pub use record::{EventBounceRecord, EventImpulse, EventRecord, PredictRecord, Queued, Stale, Tally};

use super::body::{Body, Motion};
use super::phase::{Phase, PhaseData, Tracer};
use super::trace::{BodyChange, PhaseKind};
use super::walls::{WallSegment, segments};
use super::{StepStats, integrate, kernel, pair_mut};
use crate::geometry::Shape;
use glam::DVec2;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// How many of the next events a record keeps for the queue's view.
const SHOWN_EVENTS: usize = 8;

/// One predicted hit, to happen `at` seconds after the frame's start.
#[derive(Clone, Copy, Debug)]
struct Event {
    at: f64,
    a: usize,
    target: Target,
    /// The collision counts of `a` and of the disc hit, when it was made.
    counts: (u32, u32),
    /// Insertion order: of two events at one time, the earlier made goes first.
    seq: u64,
}

impl PartialEq for Event {
    fn eq(&self, other: &Event) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Event {}

impl PartialOrd for Event {
    fn partial_cmp(&self, other: &Event) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Reversed, so that the standard max-heap pops the earliest.
impl Ord for Event {
    fn cmp(&self, other: &Event) -> Ordering {
        other.at.total_cmp(&self.at).then(other.seq.cmp(&self.seq))
    }
}

/// The method's working state, rebuilt every frame and kept only so its
/// buffers are not allocated again.
#[derive(Default)]
pub(super) struct Scratch {
    queue: BinaryHeap<Event>,
    counts: Vec<u32>,
    walls: Vec<WallSegment>,
    discs: Vec<usize>,
    sweep: Vec<(f64, usize)>,
}

/// Move, collide and move on: the whole frame. `t0` is the run's time at its start.
pub(super) fn run<T: Tracer>(
    (bodies, motions): (&[Body], &mut [Motion]),
    scratch: &mut Scratch,
    (t0, dt): (f64, f64),
    motion: bool,
    tracer: &mut T,
) -> StepStats {
    let mut frame = Frame { bodies, motions, s: scratch, t0, dt, now: 0.0, seq: 0, tally: Tally::default(), stats: StepStats::default() };
    frame.start();
    if motion {
        frame.predict_all(tracer);
        frame.events(tracer);
    }
    let Frame { motions, s, now, mut tally, stats, .. } = frame;
    tally.limit = event_limit(s.discs.len(), s.walls.len());
    if T::ENABLED && tracer.wants(PhaseKind::Event, None) {
        let record = EventRecord { t: t0 + dt, hit: None, stale: None, tally: Some(tally), queue: Vec::new() };
        // Numbered as the event after the frame's last hit: algs4's redraw is an event of the queue too.
        tracer.record(Phase::new(Some(tally.popped + 1), None, PhaseData::Event(Box::new(record))));
    }
    // Past the limit the bodies stay where the last event left them: moving on
    // without collisions would let them pass through each other and the walls.
    if motion && !tally.limited {
        integrate::run(motions, dt - now, &[], (PhaseKind::Move, Some(tally.popped + 1)), tracer);
    }
    stats
}

/// Events a frame may handle: enough for every disc to bounce a hundred times.
fn event_limit(discs: usize, walls: usize) -> usize {
    1000 + 100 * (discs + walls)
}

struct Frame<'a> {
    bodies: &'a [Body],
    motions: &'a mut [Motion],
    s: &'a mut Scratch,
    t0: f64,
    dt: f64,
    /// Seconds since the frame's start.
    now: f64,
    seq: u64,
    tally: Tally,
    stats: StepStats,
}

impl Frame<'_> {
    fn start(&mut self) {
        let s = &mut *self.s;
        s.queue.clear();
        s.counts.clear();
        s.counts.resize(self.bodies.len(), 0);
        s.walls = segments(self.bodies, self.motions);
        s.discs.clear();
        s.discs.extend((0..self.bodies.len()).filter(|&i| matches!(self.bodies[i].shape, Shape::Circle { .. })));
    }

    /// Where a body's swept box lies along x over the rest of the frame.
    fn span_x(&self, i: usize) -> (f64, f64) {
        let (m, r) = (&self.motions[i], self.bodies[i].shape.bounding_radius());
        let end = m.position.x + m.velocity.x * (self.dt - self.now);
        (m.position.x.min(end) - r, m.position.x.max(end) + r)
    }

    /// Whether two bodies' boxes, swept over the rest of the frame, meet.
    fn near(&self, i: usize, j: usize) -> bool {
        let left = self.dt - self.now;
        let reach = self.bodies[i].shape.bounding_radius() + self.bodies[j].shape.bounding_radius();
        let (ma, mb) = (&self.motions[i], &self.motions[j]);
        let lo = |x: f64, v: f64| x.min(x + v * left);
        let hi = |x: f64, v: f64| x.max(x + v * left);
        let apart = |ax: f64, av: f64, bx: f64, bv: f64| lo(ax, av) - reach > hi(bx, bv) || lo(bx, bv) - reach > hi(ax, av);
        !(apart(ma.position.x, ma.velocity.x, mb.position.x, mb.velocity.x)
            || apart(ma.position.y, ma.velocity.y, mb.position.y, mb.velocity.y))
    }

    /// Whether a disc's box, swept over the rest of the frame, meets a wall's, grown by its radius.
    fn near_wall(&self, i: usize, k: usize) -> bool {
        let left = self.dt - self.now;
        let (m, w) = (&self.motions[i], &self.s.walls[k]);
        let r = self.bodies[i].shape.bounding_radius();
        let (lo, hi) = (m.position.min(m.position + m.velocity * left) - r, m.position.max(m.position + m.velocity * left) + r);
        let (wlo, whi) = (w.from.min(w.to), w.from.max(w.to));
        lo.x <= whi.x && wlo.x <= hi.x && lo.y <= whi.y && wlo.y <= hi.y
    }

    /// The frame's first prediction: every pair whose swept boxes meet (a
    /// sweep along x finds them), and every disc against every wall near it.
    fn predict_all<T: Tracer>(&mut self, tracer: &mut T) {
        let mut sweep = std::mem::take(&mut self.s.sweep);
        sweep.clear();
        sweep.extend(self.s.discs.iter().map(|&i| (self.span_x(i).0, i)));
        sweep.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut pairs = Vec::new();
        for (k, &(_, i)) in sweep.iter().enumerate() {
            let hi = self.span_x(i).1;
            for &(lo, j) in &sweep[k + 1..] {
                if lo > hi {
                    break;
                }
                if self.near(i, j) && !(self.motions[i].is_static() && self.motions[j].is_static()) {
                    pairs.push((i.min(j), i.max(j)));
                }
            }
        }
        self.s.sweep = sweep;
        pairs.sort_unstable();
        for (i, j) in pairs {
            self.test_pair(i, j, true, tracer);
        }
        for k in 0..self.s.discs.len() {
            let i = self.s.discs[k];
            if !self.motions[i].is_static() {
                self.test_walls(i, true, tracer);
            }
        }
    }

    /// After a bounce: disc `i` against every disc and every wall.
    fn predict<T: Tracer>(&mut self, i: usize, tracer: &mut T) {
        if self.motions[i].is_static() {
            return;
        }
        for k in 0..self.s.discs.len() {
            let j = self.s.discs[k];
            if j != i {
                let near = T::ENABLED && self.near(i, j);
                self.test_pair(i, j, near, tracer);
            }
        }
        self.test_walls(i, false, tracer);
    }

    fn test_pair<T: Tracer>(&mut self, i: usize, j: usize, near: bool, tracer: &mut T) {
        let (ma, mb) = (&self.motions[i], &self.motions[j]);
        let (ra, rb) = (self.bodies[i].shape.bounding_radius(), self.bodies[j].shape.bounding_radius());
        self.stats.narrow_tests += 1;
        let p = predict::discs((ma.position, ma.velocity, ra), (mb.position, mb.velocity, rb));
        self.consider(i, Target::Disc(j), p, near, tracer);
    }

    fn test_walls<T: Tracer>(&mut self, i: usize, only_near: bool, tracer: &mut T) {
        let (x, v, r) = (self.motions[i].position, self.motions[i].velocity, self.bodies[i].shape.bounding_radius());
        for k in 0..self.s.walls.len() {
            let near = self.near_wall(i, k);
            if only_near && !near {
                continue;
            }
            let w = self.s.walls[k];
            self.stats.narrow_tests += 1;
            self.consider(i, Target::Face { segment: k, body: w.body }, predict::face(x, v, r, &w), near, tracer);
            for (which, point) in [w.from, w.to].into_iter().enumerate() {
                self.consider(i, Target::End { segment: k, body: w.body, which: which as u8 }, predict::end(x, v, r, point), near, tracer);
            }
        }
    }

    /// Queues a prediction that falls within the frame; records the test if
    /// traced and it matters: queued, or about bodies that could meet.
    fn consider<T: Tracer>(&mut self, i: usize, target: Target, p: Prediction, near: bool, tracer: &mut T) {
        let at = p.dt.map(|t| self.now + t);
        let queued = at.is_some_and(|at| at <= self.dt);
        if let Some(at) = at.filter(|_| queued) {
            let other = match target {
                Target::Disc(j) => self.s.counts[j],
                _ => 0,
            };
            self.s.queue.push(Event { at, a: i, target, counts: (self.s.counts[i], other), seq: self.seq });
            self.seq += 1;
            self.tally.inserted += 1;
            self.tally.largest = self.tally.largest.max(self.s.queue.len());
        }
        // A wall's ends are tested at every look at the wall; shown only when hit.
        let shown = queued || (near && !matches!(target, Target::End { .. }));
        if T::ENABLED && shown && tracer.wants(PhaseKind::Predict, Some((i, target.body()))) {
            let record = PredictRecord { now: self.t0 + self.now, prediction: p, queued, queue: self.view() };
            tracer.record(Phase::new(Some(self.tally.popped), Some((i, target.body())), PhaseData::Predict(Box::new(record))));
        }
    }

    fn stale(&self, e: &Event) -> Option<Stale> {
        let counts = &self.s.counts;
        if counts[e.a] != e.counts.0 {
            return Some(Stale { body: e.a, made: e.counts.0, now: counts[e.a] });
        }
        match e.target {
            Target::Disc(j) if counts[j] != e.counts.1 => Some(Stale { body: j, made: e.counts.1, now: counts[j] }),
            _ => None,
        }
    }

    /// The next events, earliest first, each marked valid or stale as of now.
    fn view(&self) -> Vec<Queued> {
        let mut next: Vec<Event> = self.s.queue.iter().copied().collect();
        let k = SHOWN_EVENTS.min(next.len());
        if k < next.len() {
            next.select_nth_unstable_by(k, |a, b| b.cmp(a));
        }
        next.truncate(k);
        next.sort_unstable_by(|a, b| b.cmp(a));
        next.iter().map(|e| Queued { t: self.t0 + e.at, a: e.a, target: e.target, valid: self.stale(e).is_none() }).collect()
    }

    fn events<T: Tracer>(&mut self, tracer: &mut T) {
        let limit = event_limit(self.s.discs.len(), self.s.walls.len());
        while let Some(e) = self.s.queue.pop() {
            if self.tally.popped == limit {
                self.tally.limited = true;
                self.s.queue.clear();
                break;
            }
            self.tally.popped += 1;
            let stale = self.stale(&e);
            if T::ENABLED && tracer.wants(PhaseKind::Event, Some((e.a, e.target.body()))) {
                let record = EventRecord { t: self.t0 + e.at, hit: Some((e.a, e.target)), stale, tally: None, queue: self.view() };
                tracer.record(Phase::new(Some(self.tally.popped), Some((e.a, e.target.body())), PhaseData::Event(Box::new(record))));
            }
            if stale.is_some() {
                self.tally.invalid += 1;
                continue;
            }
            integrate::run(self.motions, e.at - self.now, &[], (PhaseKind::Move, Some(self.tally.popped)), tracer);
            self.now = e.at;
            self.bounce(e.a, e.target, tracer);
            self.stats.contacts += 1;
            self.predict(e.a, tracer);
            if let Target::Disc(j) = e.target {
                self.predict(j, tracer);
            }
        }
    }

    fn bounce<T: Tracer>(&mut self, i: usize, target: Target, tracer: &mut T) {
        let bodies = self.bodies;
        let e = kernel::mix(bodies[i].restitution, bodies[target.body()].restitution);
        let (how, moved) = match target {
            Target::Disc(j) => {
                let (a, b) = if i < j {
                    pair_mut(self.motions, i, j)
                } else {
                    let (b, a) = pair_mut(self.motions, j, i);
                    (a, b)
                };
                (bounce::discs((&bodies[i], a), Some((&bodies[j], b)), DVec2::ZERO, e), [Some(i), Some(j)])
            }
            Target::End { segment, which, .. } => {
                let w = self.s.walls[segment];
                let point = if which == 0 { w.from } else { w.to };
                (bounce::discs((&bodies[i], &mut self.motions[i]), None, point, e), [Some(i), None])
            }
            Target::Face { segment, .. } => {
                let a = &self.motions[i];
                let n = predict::facing(a.position, a.velocity, &self.s.walls[segment]).map_or(DVec2::ZERO, |f| f.0);
                (bounce::face(&mut self.motions[i], n, e), [Some(i), None])
            }
        };
        let mut changes = Vec::new();
        for b in moved.into_iter().flatten().filter(|&b| !self.motions[b].is_static()) {
            self.s.counts[b] += 1;
            if T::ENABLED {
                changes.push(BodyChange { body: b, after: self.motions[b].state() });
            }
        }
        if T::ENABLED && tracer.wants(PhaseKind::Bounce, Some((i, target.body()))) {
            let record = EventBounceRecord { e, how, changes };
            tracer.record(Phase::new(Some(self.tally.popped), Some((i, target.body())), PhaseData::EventBounce(Box::new(record))));
        }
    }
}
