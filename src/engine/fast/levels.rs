//! The game-engine book's pass made level by level, when nothing is traced.
//!
//! A pass visits the listed pairs in (i, j) order, and a visit reads and writes
//! its two bodies only. So a visit depends on nothing but the last visit before
//! it of each of its bodies. Give each visit the level one above the higher of
//! those two visits' levels: the visits of one level share no body, and made
//! level after level, each visit still finds its bodies as the (i, j) order
//! would have left them. The pass ends with the same bits.
//!
//! What that buys: in (i, j) order each visit waits for the last one's
//! velocities, a chain of divisions and roots, and the processor has little to
//! do meanwhile. Two discs of one level are independent, so four visits of
//! discs are made together, as four chains the processor runs side by side:
//! [`discs4`] calls the same formulas a visit calls (`kernel`,
//! `circles_meet`), each computed lane by lane, so each lane has the visit's bits.
//!
//! A correction that moves a body too far lists its pairs again in the middle
//! of a pass, in (i, j) order. A pass made in levels notes such a body
//! instead and goes on; once made, the notes say whether the list still held
//! every pair the body could have met (`broad::strays`). Most bodies pushed a
//! little too far leave a gap to every body not listed with them. If one may
//! not have, the pass puts every body back as it found it, the noted bodies
//! are listed again, and the pass is made again in (i, j) order. A pile whose
//! corrections keep doing that (a tall one, squeezed deeper than a few passes
//! can push apart) would undo nearly every pass, so after a pass undone the
//! passes go in order until one lists nothing again, and at least a few,
//! more after each pass undone in a row (see [`LONGEST_REST`]).
//!
//! On a machine with two cores and a list of many bodies, the visits are cut
//! in two halves, by the body they start from: bodies below a split (and the
//! walls' visits of them) are the first thread's, the rest the second's
//! ([`Levels::two_threads`]). Each thread makes its half of each level, all the
//! passes of the step through, and waits for the other only before a level in
//! which a body was last visited by the other, until the other has made that
//! visit. In a pile listed row by row the two halves meet along one row, so
//! the second thread follows the first by about half a pass and both are
//! busy nearly all the time. Every visit still finds its bodies as the
//! (i, j) order leaves them: the same bits.

mod two;

use super::helper::{Helper, cores};
use crate::engine::body::{Body, BodyRef, Motion};
use crate::engine::broad::{Broad, Strays};
use crate::engine::phase::NoTrace;
use crate::engine::{Friction, Settings, Solve, StepStats, Tangent, Visit, kernel, visit_listed};
use crate::geometry::{F4, Pose, V2, circles_meet};
use glam::DVec2;
use std::marker::PhantomData;
use std::time::Instant;

/// After passes made in levels were undone k times in a row, the next
/// 2ᵏ − 1 passes go in order, up to this many: where the list may miss a pair
/// in nearly every pass, each try levels the whole list again (a millisecond
/// at 10,000 discs) and makes a pass for nothing. About four frames of 15 passes.
const LONGEST_REST: u32 = 64;

/// The fewest bodies whose passes two threads share: below, a level is too
/// little work to pay for the threads' waits for each other.
const FEWEST_FOR_TWO: usize = 512;

/// The visits of the current list, grouped by level, and the pass's starting
/// velocities and positions to go back to.
#[derive(Default)]
pub(in crate::engine) struct Levels {
    /// The list these levels were made from (`Broad::generation`).
    made_from: Option<u64>,
    /// Whether the levels are worth making: most visits are of two moving discs.
    worth: bool,
    /// After a pass made in levels was undone: the list as the pass made again
    /// in order began it. While the passes in order list bodies again, the
    /// next pass goes in order too.
    undone_at: Option<u64>,
    /// Passes made in levels and undone since one was not, and how many passes
    /// are still to go in order before levels are tried again (see [`LONGEST_REST`]).
    undone_in_a_row: u32,
    rest: u32,
    /// Per body, while levelling: the level of its last visit so far, the
    /// half that made it, and the part of its first visit of the pass.
    last: Vec<u32>,
    last_half: Vec<u8>,
    first_part: Vec<u32>,
    /// Each visit's level, half and kind as one key, in (i, j) order, while levelling.
    key_of: Vec<u32>,
    /// Where each key's visits go next, while levelling.
    next: Vec<u32>,
    /// 1, or 2 when the visits are cut in halves for two threads.
    halves: usize,
    /// The visits, level after level and half after half: part p (level
    /// p / halves, from 0, half p % halves) is `pairs[starts[2p]..starts[2p + 2]]`,
    /// its visits of two moving discs first, up to `starts[2p + 1]`.
    pairs: Vec<(u32, u32)>,
    starts: Vec<u32>,
    /// Per part: the highest level of the other half that its visits wait
    /// for, in the same pass and in the pass before (0: none).
    wait_same: Vec<u32>,
    wait_before: Vec<u32>,
    /// Each body's motion when the pass (or the passes on two threads) began.
    saved: Vec<Motion>,
    /// The part's visits of discs whose bounds touch, for each thread.
    touching: [Vec<(u32, u32)>; 2],
    /// Whether passes made in levels have moved bodies since the step began
    /// or the last pass in order: then `strays` holds what each thread saw
    /// of how far they went from where they were listed.
    watching: bool,
    strays: [Strays; 2],
    /// Scratch space to weigh the notes in.
    farthest: Vec<(usize, f64)>,
    helper: Helper,
    pace: two::Pace,
    /// How many passes a run on two threads makes (see [`Levels::two_threads`]); 0: all.
    run_length: usize,
    /// Whether this step is the one compiled for AVX2 (`fast::wide`): the
    /// second thread's passes are then compiled for it too.
    wide: bool,
}

impl Levels {
    /// Makes the pass in levels and says whether it did; if not, every body
    /// stands as the pass found it (those too far for the list listed again
    /// there) and the pass is to be made in (i, j) order. Only for the
    /// untraced step without summed impulses (their contact memory is shared
    /// by every visit), and only where it pays: with the texts' resolve and
    /// correction (which four discs at once make), and when most visits are of
    /// two moving discs.
    #[inline(always)]
    pub(in crate::engine) fn pass(
        &mut self,
        (bodies, motions): (&[Body], &mut [Motion]),
        broad: &mut Broad,
        pose: &impl Fn(&Motion, usize) -> Pose,
        settings: &Settings,
        solve: &mut Solve,
        stats: &mut StepStats,
    ) -> bool {
        if !self.ready(broad, (bodies, motions), settings) {
            self.give_way(motions, broad, solve.pass);
            return false;
        }
        // Timed where two threads could take it, to compare them with.
        let began = (self.halves == 2).then(Instant::now);
        self.saved.clear();
        self.saved.extend_from_slice(motions);
        let mut made = StepStats::default();
        let pose = |motions: &[Motion], i: usize| pose(&motions[i], i);
        let pass = solve.pass;
        self.watch_from_here(broad, motions);
        let parts = self.parts();
        let Levels { pairs, starts, touching: [touching, _], strays: [strays, _], .. } = self;
        let mut watch = Watch { pass, strays };
        for part in 0..parts {
            let [discs, others] = part_visits((pairs, starts), part);
            make_discs(discs, touching, (bodies, Motions::new(motions)), broad, settings, &mut watch, &mut made);
            // (A loop, not `for_each`: a closure's function would not be compiled for the wide step.)
            for &(i, j) in others {
                let (i, j) = (i as usize, j as usize);
                if visit_listed(bodies, motions, broad, (i, j), &pose, settings, solve, &mut NoTrace, &mut made) == Visit::Contact {
                    watch_moved(broad, [(i, motions[i].position), (j, motions[j].position)], &mut watch);
                }
            }
            if watch.strays.overflowed() {
                break;
            }
        }
        // Weighed again after every pass while any body is noted: one not
        // noted may have come nearer to it, within the limit.
        let strayed = self.strays.iter().any(|s| !s.is_empty());
        if strayed && self.first_pass_missed(broad).is_some() {
            motions.copy_from_slice(&self.saved);
            self.undo(motions, broad, pass);
            return false;
        }
        stats.narrow_tests += made.narrow_tests;
        stats.contacts += made.contacts;
        stats.passes_in_levels += 1;
        stats.kept_with_strays += usize::from(strayed);
        self.undone_in_a_row = 0;
        if let Some(began) = began {
            self.pace.took_one(began.elapsed().as_secs_f64());
        }
        true
    }

    /// A step begins, compiled for AVX2 if `wide`: the bodies the last one's
    /// passes moved too far for the list count as listed again (the margin
    /// widens for them as for those); how far bodies went is watched afresh.
    pub(in crate::engine) fn step_begins(&mut self, broad: &mut Broad, wide: bool) {
        self.wide = wide;
        // (A body beyond the limit was noted, or its note found no room.)
        if self.watching && self.strays.iter().any(|s| !s.is_empty()) {
            let beyond = broad.stray_beyond_squared();
            broad.strayed(Strays::count_beyond([&self.strays[0], &self.strays[1]], beyond));
        }
        self.watching = false;
        self.passes_coming();
    }

    /// Starts watching how far bodies go from where they were listed, from
    /// where they stand, unless the passes made in levels already are: after
    /// passes in order, or as the step begins, every body is within the
    /// list's reach (see `broad::strays`).
    fn watch_from_here(&mut self, broad: &Broad, motions: &[Motion]) {
        if !self.watching {
            self.watching = true;
            self.strays[0].watch_from(motions.iter().enumerate().map(|(body, m)| broad.moved_squared_at(body, m.position)));
            self.strays[1].watch_from(motions.iter().map(|_| 0.0));
        }
    }

    /// The first pass after which the list may have missed a pair (see `broad::strays`).
    fn first_pass_missed(&mut self, broad: &Broad) -> Option<usize> {
        broad.first_pass_missed([&self.strays[0], &self.strays[1]], &mut self.farthest)
    }

    /// Whether the levels serve this pass: the settings they make, no rest
    /// after passes undone, and a list of mostly disc visits. Levels the list
    /// when it changed.
    #[inline(always)]
    fn ready(&mut self, broad: &Broad, (bodies, motions): (&[Body], &[Motion]), settings: &Settings) -> bool {
        let texts = settings.friction == Friction::Coulomb && settings.tangent == Tangent::Projected && !settings.coulomb_cap;
        if !(texts && settings.position_correction) {
            return false;
        }
        if self.rest > 0 {
            self.rest -= 1;
            return false;
        }
        if let Some(listed) = self.undone_at {
            if listed != broad.generation() {
                self.undone_at = Some(broad.generation());
                return false;
            }
            self.undone_at = None;
        }
        if self.made_from != Some(broad.generation()) {
            self.level(broad, (bodies, motions));
        }
        self.worth
    }

    /// How many parts the visits are in: a level's, or each half of a level's.
    fn parts(&self) -> usize {
        (self.starts.len() - 1) / 2
    }

    /// Pass `pass` goes in (i, j) order after one made in levels was undone,
    /// the bodies standing as it found them (put back by the caller, which
    /// knows where that is): the bodies too far for the list are listed again
    /// there, and the passes after go in order for a while (see [`LONGEST_REST`]).
    fn undo(&mut self, motions: &[Motion], broad: &mut Broad, pass: usize) {
        self.give_way(motions, broad, pass);
        self.undone_at = Some(broad.generation());
        self.undone_in_a_row = (self.undone_in_a_row + 1).min(LONGEST_REST.ilog2());
        self.rest = (1 << self.undone_in_a_row) - 1;
    }

    /// Before pass `pass` goes in (i, j) order: the bodies that strayed in
    /// the passes made in levels are listed again where they stand, as
    /// that order asks (every body within the list's reach), and counted as
    /// listed again; how far bodies go is watched afresh when levels resume.
    fn give_way(&mut self, motions: &[Motion], broad: &mut Broad, pass: usize) {
        if self.watching {
            broad.list_strays_again(motions, pass);
            self.watching = false;
        }
    }

    /// Levels the list's visits, cuts them in halves where two threads pay,
    /// and in each level's half puts the visits of two moving discs first: a
    /// counting sort of the visits by level, half and kind.
    fn level(&mut self, broad: &Broad, (bodies, motions): (&[Body], &[Motion])) {
        self.made_from = Some(broad.generation());
        let n = bodies.len();
        for (list, zero) in [(&mut self.last, 0), (&mut self.first_part, u32::MAX)] {
            list.clear();
            list.resize(n, zero);
        }
        self.last_half.clear();
        self.last_half.resize(n, 0);
        self.key_of.clear();
        self.wait_same.clear();
        self.wait_before.clear();
        let visits = |f: &mut dyn FnMut(usize, usize)| {
            for i in 0..bodies.len() {
                broad.partners(i).iter().for_each(|&j| f(i, j));
            }
        };
        // The first half's bodies are those below `split`, which starts about
        // half the visits (a wall's visit of a body goes with the body).
        self.halves = if n >= FEWEST_FOR_TWO && cores() >= 2 { 2 } else { 1 };
        let mut split = n;
        if self.halves == 2 {
            let all: usize = (0..n).map(|i| broad.partners(i).len()).sum();
            let mut seen = 0;
            split = (0..n)
                .position(|i| {
                    seen += broad.partners(i).len();
                    2 * seen >= all
                })
                .map_or(n, |i| i + 1);
        }
        let half_of = |i: usize, j: usize| u8::from(if motions[i].is_static() { j } else { i } >= split);
        let halves = self.halves as u32;
        let (mut keys, mut fours) = (0, 0);
        visits(&mut |i, j| {
            let level = 1 + self.last[i].max(self.last[j]);
            let half = half_of(i, j);
            let part = (halves * (level - 1) + u32::from(half)) as usize;
            if self.wait_same.len() <= part {
                self.wait_same.resize(part + 1, 0);
            }
            for body in [i, j] {
                if self.last[body] == 0 {
                    self.first_part[body] = part as u32;
                } else if self.last_half[body] != half {
                    self.wait_same[part] = self.wait_same[part].max(self.last[body]);
                }
            }
            (self.last[i], self.last[j]) = (level, level);
            (self.last_half[i], self.last_half[j]) = (half, half);
            let discs = both_moving_discs((&bodies[i], &motions[i]), (&bodies[j], &motions[j]));
            fours += usize::from(discs);
            // Keys from 0: part p holds keys 2p, its discs, and 2p + 1.
            self.key_of.push(2 * part as u32 + u32::from(!discs));
            keys = keys.max(2 * halves * level);
        });
        let parts = keys as usize / 2;
        self.wait_same.resize(parts, 0);
        // A body's first visit of a pass follows its last of the pass before.
        self.wait_before.resize(parts, 0);
        for body in 0..n {
            let part = self.first_part[body];
            if part != u32::MAX && u32::from(self.last_half[body]) != part % halves {
                let wait = &mut self.wait_before[part as usize];
                *wait = (*wait).max(self.last[body]);
            }
        }
        self.worth = 2 * fours >= self.key_of.len();
        if !self.worth {
            return;
        }
        // next[key] counts the visits of lower keys: where the key's visits begin.
        self.next.clear();
        self.next.resize(keys as usize + 1, 0);
        for &key in &self.key_of {
            self.next[key as usize + 1] += 1;
        }
        for key in 1..self.next.len() {
            self.next[key] += self.next[key - 1];
        }
        self.starts.clear();
        self.starts.extend_from_slice(&self.next);
        self.pairs.clear();
        self.pairs.resize(self.key_of.len(), (0, 0));
        let mut visit = 0;
        visits(&mut |i, j| {
            let slot = &mut self.next[self.key_of[visit] as usize];
            self.pairs[*slot as usize] = (i as u32, j as u32);
            *slot += 1;
            visit += 1;
        });
    }
}

/// The bodies' motions as the passes' threads share them. A visit reads and
/// writes its own two bodies only, and any two visits of one body are made
/// one after the other: by one thread level after level, or across threads
/// after a wait that sees the first made (acquire after release). So a motion
/// is never read by one thread while another writes it, and no reference to
/// one outlives its visit.
#[derive(Clone, Copy)]
struct Motions<'a> {
    first: *mut Motion,
    len: usize,
    of: PhantomData<&'a mut [Motion]>,
}

// SAFETY: see the type's notes: the levels keep two threads off one motion at once.
unsafe impl Send for Motions<'_> {}
unsafe impl Sync for Motions<'_> {}

impl<'a> Motions<'a> {
    fn new(motions: &'a mut [Motion]) -> Motions<'a> {
        Motions { first: motions.as_mut_ptr(), len: motions.len(), of: PhantomData }
    }

    /// Body `k`'s motion, in a visit of it.
    #[inline(always)]
    fn get(&self, k: usize) -> &Motion {
        assert!(k < self.len);
        // SAFETY: in bounds, and no other thread writes it during the visit (the type's notes).
        unsafe { &*self.first.add(k) }
    }

    /// Body `k`'s motion to change, in a visit of it.
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    fn get_mut(&self, k: usize) -> &mut Motion {
        assert!(k < self.len);
        // SAFETY: in bounds, and no other thread reads or writes it during the visit (the type's notes).
        unsafe { &mut *self.first.add(k) }
    }
}

/// A thread's visits in pass `pass`, and what it keeps of how far they move
/// bodies from where they were listed.
struct Watch<'s> {
    pass: usize,
    strays: &'s mut Strays,
}

/// Part `part`'s visits (a level's half): those of two moving discs, and the others.
#[inline(always)]
fn part_visits<'p>((pairs, starts): (&'p [(u32, u32)], &[u32]), part: usize) -> [&'p [(u32, u32)]; 2] {
    let [discs, rest, end] = [2 * part, 2 * part + 1, 2 * part + 2].map(|key| starts[key] as usize);
    [&pairs[discs..rest], &pairs[rest..end]]
}

/// Makes a part's visits of two moving discs, four at a time, watching how
/// far they move the bodies.
#[inline(always)]
fn make_discs(
    fours: &[(u32, u32)],
    touching: &mut Vec<(u32, u32)>,
    (bodies, motions): (&[Body], Motions),
    broad: &Broad,
    settings: &Settings,
    watch: &mut Watch,
    made: &mut StepStats,
) {
    // The bound test first, for the whole part: its visits share no body, so
    // each pair stands now as it will at its visit. Only the pairs that pass
    // it take lanes. (Written whether it passes or not, and kept if it does:
    // which pairs pass is hard to foretell, and a branch that guesses wrong costs more.)
    touching.resize(fours.len(), (0, 0));
    let mut kept = 0;
    for &(i, j) in fours {
        touching[kept] = (i, j);
        let (i, j) = (i as usize, j as usize);
        kept += usize::from(broad.touch_at((i, motions.get(i).position), (j, motions.get(j).position)));
    }
    // Two fours worked out before either is written back: the processor runs
    // the second's chain of divisions and roots while the first's waits on
    // its own (the two share no body).
    let mut fours = touching[..kept].chunks(4);
    while let Some(first) = fours.next() {
        let one = discs4((bodies, motions), first, settings);
        match fours.next() {
            Some(second) => {
                let two = discs4((bodies, motions), second, settings);
                write4(one, motions, made, (broad, &mut *watch));
                write4(two, motions, made, (broad, &mut *watch));
            }
            None => write4(one, motions, made, (broad, watch)),
        }
    }
}

/// After a visit moved bodies a and b to `x_a` and `x_b`: how far they went,
/// kept, and noted where too far for the list.
#[inline(always)]
fn watch_moved(broad: &Broad, [a, b]: [(usize, DVec2); 2], watch: &mut Watch) {
    for (body, x) in [a, b] {
        if let Some(moved) = broad.followed_at(body, x) {
            watch.strays.went(watch.pass, body, moved, broad.stray_beyond_squared());
        }
    }
}

#[inline(always)]
fn both_moving_discs((a, ma): BodyRef, (b, mb): BodyRef) -> bool {
    crate::engine::detect::discs(a, b).is_some() && !ma.is_static() && !mb.is_static()
}

/// One number of each of four bodies, `at` giving a body by its place.
#[inline(always)]
fn gather<'b, B: 'b>(at: impl Fn(usize) -> &'b B, [k, l, m, n]: [usize; 4], f: impl Fn(&B) -> f64) -> F4 {
    F4([f(at(k)), f(at(l)), f(at(m)), f(at(n))])
}

/// One vector of each of four bodies, as its x and its y.
#[inline(always)]
fn gather2<'b, B: 'b>(at: impl Fn(usize) -> &'b B, [k, l, m, n]: [usize; 4], f: impl Fn(&B) -> DVec2) -> V2<F4> {
    let [p, q, r, t] = [f(at(k)), f(at(l)), f(at(m)), f(at(n))];
    V2::new(F4([p.x, q.x, r.x, t.x]), F4([p.y, q.y, r.y, t.y]))
}

/// Visits 1 to 4 pairs of moving discs of one level at once: the bound test,
/// detect, correct and the texts' resolve (Coulomb friction along the
/// projected tangent), through the formulas `collide_circle_circle`,
/// `correct::run` and `resolve::run` share with it, so each lane's numbers are
/// the bits a visit in (i, j) order gives. Lanes past the pairs given repeat
/// the first. Reads the bodies only: [`write4`] writes back what it made.
#[inline(always)]
fn discs4<'a>((bodies, motions): (&[Body], Motions), lanes: &'a [(u32, u32)], s: &Settings) -> Made4<'a> {
    let (body, motion) = (|k: usize| &bodies[k], |k: usize| motions.get(k));
    let count = lanes.len();
    let pair = |k: usize| {
        let (i, j) = lanes[if k < count { k } else { 0 }];
        (i as usize, j as usize)
    };
    let [(a0, b0), (a1, b1), (a2, b2), (a3, b3)] = [pair(0), pair(1), pair(2), pair(3)];
    let (ia, ib) = ([a0, a1, a2, a3], [b0, b1, b2, b3]);
    // Only two moving discs come here. (`Shape::bounding_radius`, which gives the
    // same number, also holds a box's root in the lanes: 3 % of the step.)
    let radius = |b: &Body| match b.shape {
        crate::geometry::Shape::Circle { radius } => radius,
        _ => 0.0,
    };
    let (ra, rb) = (gather(body, ia, radius), gather(body, ib, radius));

    // The bound test (a disc's bound is the disc) and `collide_circle_circle`.
    let (xa, xb) = (gather2(motion, ia, |m| m.position), gather2(motion, ib, |m| m.position));
    let meet = circles_meet(xa, ra, xb, rb);
    let (n, depth) = (meet.normal, meet.sum - meet.dist);
    let reach2 = meet.sum * meet.sum;

    // `correct::run`: both bodies move.
    let (ima, imb) = (gather(motion, ia, Motion::inv_mass), gather(motion, ib, Motion::inv_mass));
    let push = kernel::correction(depth, s.slop, s.correction_rate, ima, imb);
    let (xa, xb) = (xa - n.scale(push).scale(ima), xb + n.scale(push).scale(imb));

    // `resolve::run`, the texts' way: Coulomb friction along the projected tangent.
    let end = meet.start + n.scale(depth);
    let p = kernel::contact_point(meet.start, end, ima, imb);
    let (arm_a, arm_b) = (p - xa, p - xb);
    let (va, wa) = (gather2(motion, ia, |m| m.velocity), gather(motion, ia, |m| m.angular_velocity));
    let (vb, wb) = (gather2(motion, ib, |m| m.velocity), gather(motion, ib, |m| m.angular_velocity));
    let v_rel = kernel::velocity_at(va, wa, arm_a) - kernel::velocity_at(vb, wb, arm_b);
    let vrn = v_rel.dot(n);
    let e = kernel::restitution(vrn, s.restitution_threshold, [gather(body, ia, |b| b.restitution), gather(body, ib, |b| b.restitution)]);
    let mu = kernel::mix(gather(body, ia, |b| b.friction), gather(body, ib, |b| b.friction));
    let (iia, iib) = (gather(motion, ia, Motion::inv_inertia), gather(motion, ib, Motion::inv_inertia));
    let jn = kernel::normal_impulse(e, vrn, kernel::effective_mass([ima, imb], [iia, iib], [arm_a, arm_b], n));
    let t = kernel::projected_tangent(n, v_rel, vrn);
    let jt = kernel::coulomb(v_rel.dot(t), mu, jn);
    let j = n.scale(jn) + t.scale(jt);
    // `Motion::push`: J at A, −J at B.
    let (va2, wa2) = kernel::push((va, wa), j, arm_a, ima, iia);
    let (vb2, wb2) = kernel::push((vb, wb), -j, arm_b, imb, iib);

    Made4 { lanes, dist2: meet.dist2, dist: meet.dist, sum: meet.sum, reach2, xa, xb, vrn, va2, wa2, vb2, wb2 }
}

/// What [`discs4`] made of its pairs: the bound test's and the narrow
/// phase's numbers, and the bodies' new positions and velocities.
struct Made4<'a> {
    lanes: &'a [(u32, u32)],
    dist2: F4,
    dist: F4,
    sum: F4,
    reach2: F4,
    xa: V2<F4>,
    xb: V2<F4>,
    vrn: F4,
    va2: V2<F4>,
    wa2: F4,
    vb2: V2<F4>,
    wb2: F4,
}

/// Writes back the pairs whose discs touched and overlapped, as the visits in
/// (i, j) order would; the lanes past the pairs given are not. Watches how
/// far they moved the bodies.
#[inline(always)]
fn write4(made: Made4, motions: Motions, stats: &mut StepStats, (broad, watch): (&Broad, &mut Watch)) {
    let Made4 { lanes, dist2, dist, sum, reach2, xa, xb, vrn, va2, wa2, vb2, wb2 } = made;
    let count = lanes.len();
    let pair = |k: usize| {
        let (i, j) = lanes[k];
        (i as usize, j as usize)
    };
    for k in 0..count {
        let touch = dist2.lane(k) <= reach2.lane(k);
        if !touch {
            continue;
        }
        stats.narrow_tests += 1;
        if dist.lane(k) > sum.lane(k) {
            continue;
        }
        stats.contacts += 1;
        let (a, b) = pair(k);
        let at = |v: V2<F4>| DVec2::new(v.x.lane(k), v.y.lane(k));
        let (pa, pb) = (at(xa), at(xb));
        motions.get_mut(a).position = pa;
        motions.get_mut(b).position = pb;
        if vrn.lane(k) > 0.0 {
            let ma = motions.get_mut(a);
            (ma.velocity, ma.angular_velocity) = (at(va2), wa2.lane(k));
            let mb = motions.get_mut(b);
            (mb.velocity, mb.angular_velocity) = (at(vb2), wb2.lane(k));
        }
        // The positions just written, not read back: a position stored a
        // moment ago as two numbers waits for the stores to finish.
        watch_moved(broad, [(a, pa), (b, pb)], watch);
    }
}
