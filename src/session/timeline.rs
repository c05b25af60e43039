//! The run as the debugger walks it, edits included.
//!
//! A run is its *starts*: the world and settings the user set at the start of
//! some frames (frame 0 is the scene; every edit adds one). Everything else
//! follows from them, because the engine is deterministic, so what is kept
//! beyond them is only a cache, and both caches are held to a budget of bytes,
//! half each: recent frames keep their full records, so stepping back inside
//! them is instant, and every `keyframe_every` frames the world is kept, so an
//! evicted frame is rebuilt by re-running fewer than that many frames untraced
//! and the frame itself traced. When the keyframes outgrow their share, every
//! other one is dropped and the spacing doubles. Undo swaps starts back;
//! nothing else needs remembering.
//!
//! Why half each: a record of 1,000 discs holds about 130,000 phases (some
//! 45 MB), a keyframe of them about 0.2 MB, so a byte spent on keyframes
//! spares far more re-running than one spent on records.

use super::marks::Marks;
use super::order::{Made, Order};
use super::{Ahead, Played, Series, Start};
use crate::engine::BodyHandle;
use crate::engine::{
    Body, BodyState, FrameRecord, Motion, NoTrace, PhaseCounts, Settings, Totals, World, record_frame_expecting, record_frame_into, step,
};
use std::collections::BTreeMap;

/// The caches' budget unless told otherwise: 256 MB.
pub const DEFAULT_BUDGET: usize = 256 << 20;

/// Body-steps in about 1 ms untraced (one takes about 1 µs): keyframes are
/// spaced so that rebuilding a frame re-runs no more than that before the
/// frame's own traced step, which takes several times as long, so that step
/// is most of what a key that steps back to an evicted frame waits for. Up
/// to 1,000 bodies no frame is re-run at all while the keyframes fit their
/// share.
const BODY_STEPS_PER_REBUILD: usize = 1_000;

/// The densest and sparsest keyframes before thinning: a start per frame for
/// big worlds; for small ones, whose frames take microseconds, one every 32.
const KEYFRAME_EVERY: std::ops::RangeInclusive<usize> = 1..=32;

/// A traced frame costs about as much as this many untraced ones: what
/// [`Timeline::quick`] weighs a record against re-running.
const TRACED_STEPS: u64 = 4;

/// Body-steps (untraced, about 1 µs each) that a key may spend recording a
/// frame before answering: a lesson's few bodies are recorded on the spot,
/// a pile of a thousand discs on the shell's recorder.
const QUICK_BODY_STEPS: u64 = 2_000;

/// Each run a timeline starts (at its opening, and at every edit) gets the
/// next number: an order made in one run is not taken back into another.
static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn new_run() -> u64 {
    RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The starts from some frame on: what an edit replaces and what undo puts back.
pub type Starts = BTreeMap<u64, Start>;

/// A recorded frame and its marks (the states and totals every so many
/// phases, from which the panels' are worked out at every redraw), and the
/// bytes they hold, counted once (counting walks every phase).
pub(super) struct Recorded {
    record: FrameRecord,
    marks: Marks,
    bytes: usize,
}

impl Recorded {
    /// `record`, of a frame whose bodies are `bodies`, under `gravity`.
    pub(super) fn new(record: FrameRecord, bodies: &[Body], gravity: glam::DVec2) -> Recorded {
        let marks = Marks::new(&record, bodies, gravity);
        let bytes = record.bytes() + Marks::bytes(&record);
        Recorded { record, marks, bytes }
    }
}

pub struct Timeline {
    starts: Starts,
    /// Starts of frames, every `keyframe_every`th and every one in `starts`,
    /// so a re-run never crosses an edit.
    keyframes: BTreeMap<u64, Start>,
    keyframe_every: u64,
    keyframe_bytes: usize,
    records: BTreeMap<u64, Recorded>,
    record_bytes: usize,
    budget: usize,
    /// The start of frame `reached`, the first not yet run.
    frontier: Start,
    reached: u64,
    /// While playing behind the frontier: the start of a frame, stepped untraced.
    player: Option<(u64, Start)>,
    /// The totals at the start of each frame run, for the energy chart.
    series: Series,
    /// A record evicted to make room for the frame being recorded, which is
    /// recorded into it: its lists keep their room, so a big frame is written
    /// into memory already in use, not into fresh pages (the kernel zeroing
    /// 45 MB of them cost more than the step). Empty between calls.
    spare: Option<FrameRecord>,
    /// This run's number: an edit starts another (see [`Order`]).
    run: u64,
}

impl Timeline {
    pub fn new(world: World, settings: Settings) -> Timeline {
        Timeline::with_budget(world, settings, DEFAULT_BUDGET)
    }

    /// A timeline whose caches hold about `budget` bytes.
    pub fn with_budget(world: World, settings: Settings, budget: usize) -> Timeline {
        let keyframe_every =
            (BODY_STEPS_PER_REBUILD / world.bodies.len().max(1)).clamp(*KEYFRAME_EVERY.start(), *KEYFRAME_EVERY.end()) as u64;
        let start = Start::new(world, settings);
        let keyframe_bytes = start.bytes();
        let mut series = Series::default();
        series.take(0, &start.world);
        Timeline {
            starts: BTreeMap::from([(0, start.clone())]),
            keyframes: BTreeMap::from([(0, start.clone())]),
            keyframe_every,
            keyframe_bytes,
            records: BTreeMap::new(),
            record_bytes: 0,
            budget,
            frontier: start,
            reached: 0,
            player: None,
            series,
            spare: None,
            run: new_run(),
        }
    }

    /// The totals at the start of each frame run so far (thinned when long).
    pub fn series(&self) -> &Series {
        &self.series
    }

    /// Bytes held by the cached records and keyframes.
    pub fn cached_bytes(&self) -> usize {
        self.record_bytes + self.keyframe_bytes
    }

    /// How many frames have been run.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// The start set by the user that frame `n` runs under.
    fn governing(&self, n: u64) -> &Start {
        self.starts.range(..=n).next_back().map(|(_, s)| s).expect("frame 0 has a start")
    }

    /// The settings frame `n` runs with.
    pub fn settings(&self, n: u64) -> &Settings {
        &self.governing(n).settings
    }

    /// The bodies of frame `n` as defined (shape, mass, name …); their motion
    /// is in the frame's record. Only an edit changes them.
    pub fn bodies(&self, n: u64) -> &[Body] {
        &self.governing(n).world.bodies
    }

    /// How the bodies of frame `n`'s governing start move at that start.
    pub fn motions(&self, n: u64) -> &[Motion] {
        &self.governing(n).world.motions
    }

    /// Which body is which in frame `n`, in the order of [`bodies`](Self::bodies).
    pub fn handles(&self, n: u64) -> &[BodyHandle] {
        self.governing(n).world.handles()
    }

    /// The scene's actions as the start that governs frame `n` has them.
    pub fn actions(&self, n: u64) -> &[crate::engine::Action] {
        &self.governing(n).world.actions
    }

    /// The gravity frame `n` runs under (for its ledger).
    pub fn gravity(&self, n: u64) -> glam::DVec2 {
        self.governing(n).world.gravity
    }

    /// The record of frame `n`, running or re-running frames as needed.
    pub fn frame(&mut self, n: u64) -> &FrameRecord {
        if !self.records.contains_key(&n) {
            self.make_room(n);
            let record = if n >= self.reached {
                self.run_to(n)
            } else {
                let mut start = self.start(n);
                let room = self.expected_room();
                record_into(self.spare.take(), &mut start.world, &start.settings, room)
            };
            let recorded = Recorded::new(record, self.bodies(n), self.gravity(n));
            self.keep(n, recorded);
        }
        &self.records[&n].record
    }

    /// Caches the record of frame `n`.
    fn keep(&mut self, n: u64, recorded: Recorded) {
        self.record_bytes += recorded.bytes;
        self.records.insert(n, recorded);
        // A frame bigger than the last can still overrun the share.
        while self.record_bytes > self.budget / 2 && self.records.len() > 1 {
            self.evict_furthest_from(n);
        }
    }

    /// Whether recording frame `n` here, as a key is answered, is quick: a
    /// few hundred bodies at most, with the frames re-run to reach it.
    pub fn quick(&self, n: u64) -> bool {
        let rerun = if n >= self.reached { n - self.reached } else { n - self.keyframe_for(n).0 };
        (self.bodies(n).len() as u64).saturating_mul(TRACED_STEPS + rerun) <= QUICK_BODY_STEPS
    }

    /// What recording frame `n` elsewhere takes (none when it is cached): the
    /// nearest start before it, and the room of the record evicted for it.
    pub fn order(&mut self, n: u64) -> Option<Order> {
        if self.records.contains_key(&n) {
            return None;
        }
        self.make_room(n);
        let (k, start) = if n >= self.reached { (self.reached, &self.frontier) } else { self.keyframe_for(n) };
        let ahead = Ahead::new(k, start.clone(), self.starts_from(k + 1), self.keyframe_every);
        Some(Order { run: self.run, frame: n, ahead, spare: self.spare.take(), room: self.expected_room() })
    }

    /// Takes back the record made for an [`Order`], with what the frames run
    /// on the way bring; whether it was taken (not when an edit came since).
    pub fn made(&mut self, made: Made) -> bool {
        if made.run != self.run {
            return false;
        }
        let n = made.frame;
        for played in made.played {
            self.played(played);
        }
        if n + 1 > self.reached {
            (self.reached, self.frontier) = (n + 1, made.after);
        }
        if !self.records.contains_key(&n) {
            self.make_room(n);
            self.keep(n, made.recorded);
        }
        true
    }

    /// Drops the cached frames furthest from `n`, where the user is looking,
    /// until one more like the last fits the records' share, and keeps the
    /// last record dropped as the spare to record `n` into.
    fn make_room(&mut self, n: u64) {
        let expected = self.records.values().next_back().map_or(0, |r| r.bytes);
        while !self.records.is_empty() && self.record_bytes + expected > self.budget / 2 {
            let dropped = self.evict_furthest_from(n);
            self.spare = Some(dropped.record);
        }
    }

    fn evict_furthest_from(&mut self, n: u64) -> Recorded {
        let far = *self.records.keys().filter(|&&k| k != n).max_by_key(|&&k| k.abs_diff(n)).expect("another frame is cached");
        let dropped = self.records.remove(&far).expect("cached");
        self.record_bytes -= dropped.bytes;
        dropped
    }

    /// The totals before and after phase `k` of frame `n`, when it is
    /// recorded and has that phase.
    pub fn totals_around(&self, n: u64, k: usize) -> Option<(Totals, Totals)> {
        self.around(n, k).map(|(_, totals)| totals)
    }

    /// The bodies' states before phase `k` of frame `n` and the totals before
    /// and after it, from one walk, when it is recorded and has that phase.
    pub fn around(&self, n: u64, k: usize) -> Option<(Vec<BodyState>, (Totals, Totals))> {
        let r = self.records.get(&n).filter(|r| k < r.record.phases.len())?;
        let (bodies, gravity) = (self.bodies(n), self.gravity(n));
        let mut walk = r.marks.after(&r.record, bodies, gravity, k);
        let (states, before) = (walk.states.clone(), walk.totals);
        walk.apply(&r.record, bodies, gravity, k);
        Some((states, (before, walk.totals)))
    }

    /// This run's number: an edit starts another, and what was worked out
    /// from the records of one run may be kept until then.
    pub fn run(&self) -> u64 {
        self.run
    }

    /// The bodies' states once phases `0..count` of frame `n` have run, when it is recorded.
    pub fn states_after(&self, n: u64, count: usize) -> Option<Vec<BodyState>> {
        let r = self.records.get(&n)?;
        Some(r.marks.after(&r.record, self.bodies(n), self.gravity(n), count).states)
    }

    /// The bodies' states at the end of frame `n`, without recording it: what
    /// playing shows. Playing on from the frame before costs one untraced step.
    pub fn end_of(&mut self, n: u64) -> Vec<BodyState> {
        let next = n + 1;
        if next >= self.reached {
            self.player = None;
            while self.reached < next {
                self.advance_frontier(false);
            }
            return self.frontier.world.states();
        }
        match &mut self.player {
            Some((k, start)) if *k <= next && next - *k <= self.keyframe_every => {
                while *k < next {
                    step(&mut start.world, &start.settings, &mut NoTrace);
                    *k += 1;
                }
            }
            _ => self.player = Some((next, self.start(next))),
        }
        self.player.as_ref().expect("set above").1.world.states()
    }

    /// Frames to play from the start of frame `n`, away from the timeline
    /// (each taken back with [`played`](Self::played)).
    pub fn ahead(&mut self, n: u64) -> Ahead {
        Ahead::new(n, self.start(n), self.starts_from(n + 1), self.keyframe_every)
    }

    /// Takes back a frame played ahead: its totals for the chart and, past the
    /// frontier, the start it brings as the new frontier and a keyframe. Its end is what play shows.
    pub fn played(&mut self, played: Played) -> Vec<BodyState> {
        let next = played.frame + 1;
        self.series.take_with(next, || played.totals);
        if let Some(start) = played.next.filter(|_| next > self.reached) {
            if next.is_multiple_of(self.keyframe_every) && !self.keyframes.contains_key(&next) {
                self.keyframe_bytes += start.bytes();
                self.keyframes.insert(next, start.clone());
                self.thin_keyframes();
            }
            (self.reached, self.frontier) = (next, start);
        }
        played.end
    }

    /// The record of frame `n` if it is at hand, for a view that must not run anything.
    pub fn cached(&self, n: u64) -> Option<&FrameRecord> {
        self.records.get(&n).map(|r| &r.record)
    }

    /// Room for the next frame's phases, judged from the last cached frame, so
    /// its list need not regrow.
    fn expected_room(&self) -> PhaseCounts {
        self.records.values().next_back().map_or_else(PhaseCounts::default, |r| r.record.room_for_next())
    }

    fn advance_frontier(&mut self, record: bool) -> Option<FrameRecord> {
        let expected = if record { self.expected_room() } else { PhaseCounts::default() };
        let spare = if record { self.spare.take() } else { None };
        let Start { world, settings, .. } = &mut self.frontier;
        let out = if record {
            Some(record_into(spare, world, settings, expected))
        } else {
            step(world, settings, &mut NoTrace);
            None
        };
        self.reached += 1;
        if let Some(start) = self.starts.get(&self.reached) {
            self.frontier = start.clone();
        } else if self.reached.is_multiple_of(self.keyframe_every) {
            self.keyframe_bytes += self.frontier.bytes();
            self.keyframes.insert(self.reached, self.frontier.clone());
            self.thin_keyframes();
        }
        self.series.take(self.reached, &self.frontier.world);
        out
    }

    /// Over their share of the budget, keyframes are halved: those that are
    /// no start and not on the doubled spacing go.
    fn thin_keyframes(&mut self) {
        while self.keyframe_bytes > self.budget / 2 && self.keyframe_every < u64::MAX / 2 {
            self.keyframe_every *= 2;
            let every = self.keyframe_every;
            let starts = &self.starts;
            self.keyframes.retain(|k, _| k.is_multiple_of(every) || starts.contains_key(k));
            self.keyframe_bytes = self.keyframes.values().map(Start::bytes).sum();
        }
    }

    fn run_to(&mut self, n: u64) -> FrameRecord {
        while self.reached < n {
            self.advance_frontier(false);
        }
        self.advance_frontier(true).expect("recorded")
    }

    /// The start of frame `n`, rebuilt from the nearest keyframe before it.
    pub fn start(&mut self, n: u64) -> Start {
        while self.reached < n {
            self.advance_frontier(false);
        }
        if n == self.reached {
            return self.frontier.clone();
        }
        let (k, start) = self.keyframe_for(n);
        let mut start = start.clone();
        for _ in k..n {
            step(&mut start.world, &start.settings, &mut NoTrace);
        }
        start
    }

    /// The nearest keyframe at or before frame `n`: rebuilding `n` re-runs
    /// the frames from it to `n` untraced.
    fn keyframe_for(&self, n: u64) -> (u64, &Start) {
        self.keyframes.range(..=n).next_back().map(|(&k, s)| (k, s)).expect("frame 0 is a keyframe")
    }

    /// The frames in `range` that begin with an edit: a stretch between two of
    /// them runs with one world's bodies and one set of settings.
    pub fn edits_in(&self, range: std::ops::Range<u64>) -> Vec<u64> {
        self.starts.range(range).map(|(&k, _)| k).collect()
    }

    /// The starts from frame `n` on.
    pub fn starts_from(&self, n: u64) -> Starts {
        self.starts.range(n..).map(|(&k, s)| (k, s.clone())).collect()
    }

    /// Replaces the starts from frame `n` on with `starts` (all at frames ≥ n)
    /// and forgets what was run from `n` on. Earlier frames stay as they were.
    pub fn replace_from(&mut self, n: u64, starts: Starts) {
        debug_assert!(starts.keys().all(|&k| k >= n));
        self.records.retain(|&k, _| k < n);
        self.keyframes.retain(|&k, _| k < n);
        self.starts.retain(|&k, _| k < n);
        self.keyframes.extend(starts.iter().map(|(&k, s)| (k, s.clone())));
        self.starts.extend(starts);
        self.record_bytes = self.records.values().map(|r| r.bytes).sum();
        self.keyframe_bytes = self.keyframes.values().map(Start::bytes).sum();
        self.player = None;
        if self.reached >= n {
            let (k, start) = self.keyframe_for(n);
            (self.reached, self.frontier) = (k, start.clone());
        }
        self.series.forget_from(n);
        self.series.take(self.reached, &self.frontier.world);
        self.run = new_run();
    }
}

/// Records the frame `world` is at into `spare`, a record done with, or into
/// a new one with room for `room` phases.
pub(super) fn record_into(spare: Option<FrameRecord>, world: &mut World, settings: &Settings, room: PhaseCounts) -> FrameRecord {
    match spare {
        Some(mut record) => {
            record_frame_into(&mut record, world, settings);
            record
        }
        None => record_frame_expecting(world, settings, room),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, Tangent};
    use crate::geometry::Shape;
    use glam::DVec2;

    /// A small budget (about 14 frames of records at first), so eviction happens soon.
    fn falling() -> Timeline {
        let floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(10.0, 1.0) });
        let mut ball = BodyDef::dynamic("ball", Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(0.0, 3.0));
        ball.body.restitution = 0.5;
        Timeline::with_budget(World::new(vec![floor, ball], DVec2::new(0.0, -9.8)), Settings::default(), 200_000)
    }

    fn edit(t: &mut Timeline, n: u64, change: impl FnOnce(&mut Start)) -> Starts {
        let before = t.starts_from(n);
        let mut start = t.start(n);
        change(&mut start);
        t.replace_from(n, Starts::from([(n, start)]));
        before
    }

    /// Views frame after frame until frame `gone` has been pushed out of the cache.
    fn view_until_evicted(t: &mut Timeline, gone: u64) {
        let mut n = gone;
        while t.records.contains_key(&gone) {
            n += 1;
            t.frame(n);
        }
    }

    #[test]
    fn an_evicted_frame_is_rebuilt_identically() {
        let mut t = falling();
        let early = t.frame(40).clone();
        view_until_evicted(&mut t, 40);
        assert_eq!(t.frame(40), &early);
    }

    /// Reading the totals of a frame's last phase first, then the others
    /// backwards, gives the frame's ledger, and so does a frame recorded
    /// again into an evicted record and its ledger.
    #[test]
    fn a_frame_s_totals_are_its_ledger_s_whatever_phase_is_read_first() {
        let mut t = falling();
        let (bodies, gravity) = (t.bodies(0).to_vec(), t.gravity(0));
        for n in [40, 41, 3, 40] {
            let ledger = t.frame(n).ledger(&bodies, gravity);
            let phases = ledger.len() - 1;
            assert!(phases > 10, "frame {n}: {phases} phases");
            for k in (0..phases).rev() {
                assert_eq!(t.totals_around(n, k), Some((ledger[k], ledger[k + 1])), "frame {n}, phase {k}");
            }
            assert_eq!(t.totals_around(n, phases), None, "no phase after the last");
            view_until_evicted(&mut t, n);
            assert_eq!(t.totals_around(n, 0), None, "frame {n} evicted");
        }
    }

    #[test]
    fn an_edit_keeps_the_past_and_replaces_the_future() {
        let mut t = falling();
        let before = t.frame(5).clone();
        edit(&mut t, 10, |s| s.world.motions[1].velocity = DVec2::new(3.0, 0.0));
        assert_eq!(t.frame(5), &before);
        assert_eq!(t.frame(10).start[1].velocity, DVec2::new(3.0, 0.0));
    }

    #[test]
    fn frames_before_a_settings_edit_rerun_with_their_own_settings() {
        let mut t = falling();
        let early = t.frame(3).clone();
        edit(&mut t, 40, |s| s.settings.tangent = Tangent::RotatedNormal);
        view_until_evicted(&mut t, 3);
        assert_eq!(t.frame(3), &early);
        assert_eq!(t.settings(3).tangent, Tangent::Projected);
        assert_eq!(t.settings(40).tangent, Tangent::RotatedNormal);
    }

    #[test]
    fn undoing_an_earlier_edit_brings_back_a_later_one() {
        let mut t = falling();
        edit(&mut t, 20, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        let with_late_edit = t.frame(60).clone();
        let before = edit(&mut t, 10, |s| s.world.motions[1].position.x = -3.0);
        assert_ne!(t.frame(60), &with_late_edit);
        t.replace_from(10, before);
        assert_eq!(t.frame(60), &with_late_edit);
        assert_eq!(t.frame(20).start[1].velocity, DVec2::new(2.0, 0.0));
    }

    #[test]
    fn bodies_follow_the_edit_that_governs_a_frame() {
        let mut t = falling();
        edit(&mut t, 7, |s| {
            s.world.insert_body(BodyDef::dynamic("new", Shape::Circle { radius: 0.2 }, 1.0));
        });
        assert_eq!(t.bodies(6).len(), 2);
        assert_eq!(t.bodies(7).len(), 3);
        assert_eq!(t.frame(8).start.len(), 3);
    }

    #[test]
    fn the_caches_stay_within_their_budget() {
        let mut t = falling();
        for n in 0..4000 {
            t.frame(n);
            assert!(t.cached_bytes() <= 200_000, "{} bytes at frame {n}", t.cached_bytes());
        }
        assert!(t.record_bytes > 200_000 / 4, "the records fill most of their half: {} bytes", t.record_bytes);
        assert!(t.keyframe_every > 32, "keyframes were thinned: every {}", t.keyframe_every);
        // Stepping back to a long-evicted frame rebuilds it exactly.
        assert_eq!(t.frame(3), falling().frame(3));
    }

    /// Records ordered and made elsewhere (here, on the same thread) are the
    /// timeline's own, bit for bit, behind the frontier (an evicted frame,
    /// re-run from a keyframe) and past it (the frontier moves on), and the
    /// energy chart gets the same points.
    #[test]
    fn a_record_made_elsewhere_is_the_one_the_timeline_makes() {
        let mut t = falling();
        let mut stepped = falling();
        edit(&mut t, 30, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        edit(&mut stepped, 30, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        // Past the frontier and across the edit: frames 0 to 40 re-run untraced on the way.
        let order = t.order(41).expect("not cached");
        assert!(t.made(order.run()));
        assert_eq!(t.reached(), 42, "the frontier moved past the frame made");
        assert_eq!(t.cached(41), Some(stepped.frame(41)));
        assert_eq!(t.series().points(), stepped.series().points(), "the energy chart is the same");
        // Behind the frontier, evicted and rebuilt from a keyframe.
        view_until_evicted(&mut t, 41);
        view_until_evicted(&mut stepped, 41);
        assert_eq!(t.cached(41), None);
        let order = t.order(41).expect("evicted");
        assert!(t.made(order.run()));
        assert_eq!(t.cached(41), Some(stepped.frame(41)));
        assert_eq!(t.totals_around(41, 7), stepped.totals_around(41, 7));
        assert!(t.order(41).is_none(), "a cached frame needs no order");
    }

    /// An edit made while a record is being made elsewhere changes the frames
    /// after it: the record that comes back is of the run before, and is dropped.
    #[test]
    fn a_record_ordered_before_an_edit_is_dropped() {
        let mut t = falling();
        let order = t.order(20).expect("not cached");
        edit(&mut t, 10, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        assert!(!t.made(order.run()), "the old run's record is not taken");
        assert_eq!(t.cached(20), None);
        let mut edited = falling();
        edit(&mut edited, 10, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        assert_eq!(t.frame(20), edited.frame(20), "frame 20 is the edited run's");
    }

    #[test]
    fn playing_shows_each_frame_s_end_without_recording_it() {
        let mut t = falling();
        let ends: Vec<_> = (0..80).map(|n| t.end_of(n)).collect();
        assert!(t.records.is_empty(), "nothing recorded while playing");
        for (n, end) in ends.iter().enumerate() {
            assert_eq!(&t.frame(n as u64).end, end, "frame {n}");
        }
        // Playing again from an early frame, behind the frontier.
        for n in 5..40 {
            assert_eq!(t.end_of(n), ends[n as usize], "again, frame {n}");
        }
    }

    /// 1,000 discs over a floor, the size of the benchmark's pile.
    fn thousand_discs() -> Timeline {
        let floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(60.0, 1.0) });
        let discs = (0..1000).map(|i| {
            let (column, row) = (f64::from(i % 40), f64::from(i / 40));
            BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(column * 1.1 - 22.0, 1.0 + row * 1.1))
        });
        Timeline::new(World::new(std::iter::once(floor).chain(discs).collect(), DVec2::new(0.0, -9.8)), Settings::default())
    }

    /// Stepping back to a frame of 1,000 discs waits for that frame's traced
    /// step alone: every frame is a keyframe, and 600 of them (ten seconds
    /// at 60 frames a second; a keyframe's size does not change from frame
    /// to frame without warm starting's contact memory, which the texts'
    /// settings leave off) fit the keyframes' half of the default budget, so
    /// none is re-run.
    #[test]
    fn a_thousand_disc_frame_is_rebuilt_re_running_no_frame() {
        let mut t = thousand_discs();
        assert_eq!(t.keyframe_every, 1);
        for n in 0..4 {
            t.end_of(n);
        }
        for n in 0..4 {
            assert_eq!(t.keyframe_for(n).0, n, "frame {n} is rebuilt from its own start");
        }
        let largest = t.keyframes.values().map(Start::bytes).max().expect("keyframes");
        assert!(601 * largest <= DEFAULT_BUDGET / 2, "a keyframe of 1,000 discs holds {largest} bytes");
        // Rebuilt from its keyframe, frame 2 is the frame run in order.
        let rebuilt = t.frame(2).clone();
        let mut fresh = thousand_discs();
        assert_eq!(rebuilt, *fresh.frame(2));
    }

    /// However long the run, the keyframes stay within their half of the
    /// budget, and rebuilding any frame re-runs fewer frames than their
    /// spacing, which doubles only when they outgrow that half.
    #[test]
    fn over_a_long_run_keyframes_keep_their_share_and_their_spacing_bounds_a_rebuild() {
        let mut t = falling();
        let every_at_first = t.keyframe_every;
        for n in 0..20_000 {
            t.end_of(n);
            assert!(t.keyframe_bytes <= 100_000, "{} bytes of keyframes at frame {n}", t.keyframe_bytes);
        }
        assert!(t.keyframe_every > every_at_first, "they were thinned: every {}", t.keyframe_every);
        assert!(t.keyframe_bytes > 100_000 / 4, "thinned no more than needed: {} bytes", t.keyframe_bytes);
        for n in 0..t.reached() {
            assert!(n - t.keyframe_for(n).0 < t.keyframe_every, "frame {n}");
        }
    }

    #[test]
    fn frames_played_ahead_are_the_timeline_s_own_and_none_is_recorded() {
        let mut t = falling();
        edit(&mut t, 30, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        let mut ahead = t.ahead(1);
        let ends: Vec<_> = (1..80).map(|_| t.played(ahead.step())).collect();
        assert!(t.records.is_empty(), "nothing recorded while playing");
        assert!(t.reached() + t.keyframe_every > 80, "the frontier followed play to {}", t.reached());
        let mut stepped = falling();
        edit(&mut stepped, 30, |s| s.world.motions[1].velocity = DVec2::new(2.0, 0.0));
        for (k, end) in ends.iter().enumerate() {
            let n = k as u64 + 1;
            assert_eq!(&stepped.frame(n).end, end, "frame {n}, as the timeline steps it");
            assert_eq!(&t.frame(n).end, end, "frame {n}, recorded after play");
        }
        assert_eq!(t.series().points(), stepped.series().points(), "the energy chart is the same");
    }
}
