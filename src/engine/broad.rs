//! Stage 2: which pairs are worth the narrow phase.
//!
//! The game-engine book's loop visits every pair (i, j), i < j, in scene order, in every
//! relaxation pass, and tests the two bounding circles *at that moment*, on the
//! current positions: a pair that an earlier correction of the same pass pushed
//! together is caught at once. Visiting all n(n−1)/2 pairs is what makes that
//! loop O(n²) a pass; this stage gives the same visits at the cost of the pairs
//! that are near.
//!
//! Once a frame it finds the pairs whose bounds come within a `margin` of each
//! other (through a grid of cells, `grid`, or for bodies spread too far apart
//! by sorting them along x and sweeping), and keeps them, per first body,
//! in (i, j) order. The relaxation walks that list in the same order as text
//! 001's loop and makes the tight bounding-circle test at each visit, so the
//! visits that pass it are exactly the loop's. A pair left out was more than the
//! margin apart where its bodies were listed; it can only come into reach after
//! a correction has moved one of them far from there. So when a correction moves
//! a body `RELIST_AFTER`·margin from where it was listed, that body's pairs are
//! listed again from where it stands (among its cells' bodies), and the walk
//! goes on after the pair it was at. Its old pairs stay, so its list then
//! covers two places, where it was and where it is: a body that corrections
//! push back and forth (one squeezed between two neighbours) is listed again
//! once, not at every push. A third place replaces the one farther away.
//!
//! Untraced, the bounds are the shapes' boxes (axis-aligned) instead of
//! their bounding circles: a pair whose boxes are apart cannot touch, so text
//! 001's narrow phase would have said "no contact" and changed nothing. Skipping
//! it leaves every state bit for bit the same (tested against a literal O(n²)
//! loop), while a long static wall stops pairing with every body within its huge
//! bounding circle. Traced, the circles are used, so the debugger shows every
//! narrow-phase test the game-engine book makes.
//!
//! Untraced, the list also serves from one frame to the next, with the bodies
//! that moved too far since they were listed listed again, and the margin
//! widens while corrections keep moving bodies out of their listings (see
//! `RELISTS_PER_BODY_BEFORE_WIDENING`); traced, it is built afresh each frame
//! from the margin of the record's formula (widened inside the frame as
//! untraced), so a frame's record depends on its start alone.

use super::body::{Body, BodyRef, Motion};
use super::phase::{Phase, PhaseData, Tracer};
use super::trace::PhaseKind;
use crate::geometry::Shape;
use glam::DVec2;

mod grid;
pub mod record;
mod strays;
use record::{BroadRecord, RELIST_AFTER, Relisted};
pub(super) use strays::Strays;

/// Between frames, a body is listed again sooner than inside the passes: one
/// that has drifted this far (as a fraction of the margin) would need only a
/// small push to be listed again in the middle of a pass, which the untraced
/// passes made in levels can only follow by making the pass again in order.
const RELIST_BEFORE_PASSES: f64 = 0.25;

/// The margin, as a fraction of the smallest moving body's bounding radius: a
/// body must be pushed a fifth of that radius inside the passes (an eighth
/// between frames) before its pairs are listed again.
const MARGIN_OF_RADIUS: f64 = 0.5;

/// After this many bodies were listed again since the list was built, it is
/// built again instead: listing a body again leaves its old pairs in, and
/// building drops the pairs no longer near. Without the grid, listing a body
/// again costs O(n) and a build about as much as a few dozen of those; with
/// it, a body is listed again among the bodies of its cells (the grid keeps
/// those listed again in the cells they were listed in), so a build is worth
/// one for each `BODIES_PER_RELIST_BEFORE_REBUILD` bodies. A pile crushed
/// deeper than its passes push apart lists every body again about once a
/// frame; there fewer builds paid (docs/adr/0101-listed-again-in-cells.md).
const RELISTS_BEFORE_REBUILD: usize = 32;
const BODIES_PER_RELIST_BEFORE_REBUILD: usize = 8;

/// Untraced, a frame whose corrections list bodies again more often than once
/// per this many bodies doubles the margin for the next, and quiet frames halve it
/// again, down to the traced one. The deep overlaps that few passes leave (a
/// pile with one to four passes) move nearly every body out of its listing at
/// every correction: with the traced margin, 1,000 piled discs at one pass
/// were listed again ~3,000 times a frame, and the list built ~100 times.
const RELISTS_PER_BODY_BEFORE_WIDENING: usize = 16;

/// A frame that lists at most one body in this many again counts as quiet:
/// a large pile at rest still has a body or two listed again now and then,
/// and would otherwise keep a wide margin (and test four times the pairs) for good.
const RELISTS_PER_BODY_WHEN_QUIET: usize = 256;

/// Narrowing is tried after this many quiet frames in a row
/// (a second at 60 frames a second): the margin that made them quiet is likely
/// what keeps them so, and each change of margin builds the list afresh.
const QUIET_FRAMES_BEFORE_NARROWING: u32 = 60;

/// At most 2³ = 8 times the traced margin: four times the smallest moving
/// body's bounding radius, beyond which widening lists too many pairs.
const MOST_WIDENINGS: u32 = 3;

/// Room kept in each body's slot of the list for partners found when it is
/// listed again, besides as many again as it has; a body that runs out of
/// room has the whole list built again. A wide margin lists many partners, and
/// listing a body again finds many more; a fixed room made most of those a build.
const SPARE_PARTNERS: usize = 4;

/// The candidate list and the scratch space to build it, kept across frames so
/// the untraced step allocates nothing once the buffers have grown.
#[derive(Default)]
pub(super) struct Broad {
    margin: f64,
    /// Whether bounds are bounding circles (traced) or boxes (untraced).
    circles: bool,
    /// Bodies listed again in the passes since the frame began, and how many times the
    /// untraced margin was doubled for that (see `RELISTS_PER_BODY_BEFORE_WIDENING`).
    relisted_in_frame: usize,
    widenings: u32,
    /// Quiet frames in a row (see `RELISTS_PER_BODY_WHEN_QUIET`).
    quiet_frames: u32,
    /// Per body: the two places its pairs were listed from (the same place
    /// twice until it is listed again), its bounds around both (widened by
    /// half the margin), its bounding radius, whether it is static.
    listed_at: Vec<[DVec2; 2]>,
    listed_angle: Vec<f64>,
    lo: Vec<DVec2>,
    hi: Vec<DVec2>,
    radius: Vec<f64>,
    shape: Vec<Shape>,
    fixed: Vec<bool>,
    /// The candidates of body i are its partners j > i, ascending:
    /// `pool[first[i]..first[i] + count[i]]`, in a slot with room for `SPARE_PARTNERS` more.
    pool: Vec<usize>,
    first: Vec<usize>,
    count: Vec<usize>,
    /// Counts the changes to the list, so a schedule made from it knows when it is stale.
    generation: u64,
    /// Scratch: the pairs the grid or the sweep found; the same in order of
    /// their second body, and where each second body's pairs go in that order.
    found: Vec<(usize, usize)>,
    ordered: Vec<(usize, usize)>,
    by_second: Vec<usize>,
    /// The bodies in cells, as the list was built and as they were listed
    /// again since; whether they are (the bodies were not too far apart); how
    /// many bodies were listed again since the build, which says when to build afresh.
    grid: grid::Grid,
    in_grid: bool,
    relisted_since_build: usize,
    /// The sweep's order (by the low x of the bounds) and its copies of the bounds in that order.
    order: Vec<usize>,
    sorted_lo: Vec<DVec2>,
    sorted_hi: Vec<DVec2>,
}

impl Broad {
    /// Builds the list for a new frame.
    ///
    /// Traced, the list is always built afresh, so a frame's record depends on
    /// its start alone. Untraced, last frame's list goes on serving while it was
    /// made for the same bodies: only those that moved too far since they were
    /// listed are listed again, as inside the passes.
    pub(super) fn start_frame<T: Tracer>(&mut self, bodies: &[Body], motions: &[Motion], tracer: &mut T) {
        let moving = bodies.iter().zip(motions).filter(|(_, m)| !m.is_static());
        let smallest = moving.map(|(b, _)| b.shape.bounding_radius()).fold(f64::INFINITY, f64::min);
        let margin = if smallest.is_finite() { smallest * MARGIN_OF_RADIUS } else { 0.0 };
        self.widen_or_narrow(motions.len(), tracer.every_test());
        let margin = margin * f64::from(1u32 << self.widenings);
        let same = !tracer.every_test()
            && !self.circles
            && margin == self.margin
            && self.shape.len() == motions.len()
            && bodies.iter().zip(motions).enumerate().all(|(i, (b, m))| {
                b.shape == self.shape[i] && m.is_static() == self.fixed[i] && (!m.is_static() || m.angle == self.listed_angle[i])
            });
        if same {
            // Integrate moved every body since its pairs were listed; those that
            // went too far are listed again before the first pass (untraced, so
            // nothing is recorded: pass 0 and the body itself as "pair").
            let limit = self.margin * RELIST_BEFORE_PASSES;
            let far = (0..motions.len()).filter(|&body| self.moved(motions, body) > limit).count();
            if far + self.relisted_since_build > self.relists_before_rebuild() {
                // So many would be listed again one by one (a pile still
                // falling) that one build, at the cost of a few, is cheaper.
                return self.build(motions, None, tracer);
            }
            for body in 0..motions.len() {
                let moved = self.moved(motions, body);
                if moved > limit {
                    self.relist_or_build(motions, 0, Relisted { body, moved, pair: (body, body) }, tracer);
                }
            }
            return;
        }
        self.margin = margin;
        self.circles = tracer.every_test();
        self.shape.clear();
        self.shape.extend(bodies.iter().map(|b| b.shape));
        self.radius.clear();
        self.radius.extend(bodies.iter().map(|b| b.shape.bounding_radius()));
        self.fixed.clear();
        self.fixed.extend(motions.iter().map(Motion::is_static));
        self.build(motions, None, tracer);
    }

    /// Sets the margin's widening for the frame that begins from how often the
    /// last one's corrections listed bodies again; traced, there is none.
    fn widen_or_narrow(&mut self, bodies: usize, traced: bool) {
        let relisted = std::mem::take(&mut self.relisted_in_frame);
        let quiet = relisted <= bodies / RELISTS_PER_BODY_WHEN_QUIET;
        self.quiet_frames = if quiet { self.quiet_frames + 1 } else { 0 };
        if traced {
            self.widenings = 0;
        } else if relisted > bodies / RELISTS_PER_BODY_BEFORE_WIDENING {
            self.widenings = (self.widenings + 1).min(MOST_WIDENINGS);
        } else if self.quiet_frames >= QUIET_FRAMES_BEFORE_NARROWING {
            self.widenings = self.widenings.saturating_sub(1);
            self.quiet_frames = 0;
        }
    }

    /// Counts bodies that strayed in passes made in levels (see `strays`) as
    /// listed again, for the margin's widening: they left their listings as
    /// much as those listed again in (i, j) order.
    pub(super) fn strayed(&mut self, bodies: usize) {
        self.relisted_in_frame += bodies;
    }

    /// How far a body is from the nearer of the places its pairs were listed from.
    fn moved(&self, motions: &[Motion], body: usize) -> f64 {
        self.moved_squared(motions, body).sqrt()
    }

    /// Whether a body at `x` is within √`squared` of one of the places it was
    /// listed from: [`Self::moved_squared`] ≤ `squared`, without taking the smaller.
    #[inline(always)]
    fn within(&self, (body, x): (usize, DVec2), squared: f64) -> bool {
        let [p, q] = self.listed_at[body];
        x.distance_squared(p) <= squared || x.distance_squared(q) <= squared
    }

    fn moved_squared(&self, motions: &[Motion], body: usize) -> f64 {
        self.moved_squared_at(body, motions[body].position)
    }

    fn relist_or_build<T: Tracer>(&mut self, motions: &[Motion], pass: usize, why: Relisted, tracer: &mut T) {
        // Bodies that moved too far while the frame integrated are listed
        // again once each before the passes, at most a few dozen times before a
        // build: that is bounded, and falling bodies need no wider margin.
        if pass > 0 {
            self.relisted_in_frame += 1;
            // A frame whose corrections keep moving bodies out of their
            // listings widens the margin at once, rather than listing them
            // again one by one until the frame ends: a pile loaded with deep
            // overlaps listed 4,000 discs again 45,000 times in its first
            // frame. (Traced too: the record shows the margin it widened to,
            // and the next frame starts again from the traced one.)
            let widen = self.widenings < MOST_WIDENINGS
                && self.relisted_in_frame > (motions.len() / RELISTS_PER_BODY_BEFORE_WIDENING).max(RELISTS_BEFORE_REBUILD);
            if widen {
                self.widenings += 1;
                self.margin *= 2.0;
                self.relisted_in_frame = 0;
                return self.build(motions, Some((pass, why)), tracer);
            }
        }
        if self.relisted_since_build < self.relists_before_rebuild() {
            self.relist(motions, pass, why, tracer);
        } else {
            self.build(motions, Some((pass, why)), tracer);
        }
    }

    /// Whether the list still serves both bodies of a pair that was just
    /// corrected: neither has gone too far from where it was listed.
    #[inline(always)]
    pub(super) fn keeps(&self, motions: &[Motion], (i, j): (usize, usize)) -> bool {
        let squared = self.relist_beyond_squared();
        self.within((i, motions[i].position), squared) && self.within((j, motions[j].position), squared)
    }

    /// How far a body may move inside the passes before it is listed again, squared.
    #[inline(always)]
    fn relist_beyond_squared(&self) -> f64 {
        let limit = self.margin * RELIST_AFTER;
        limit * limit
    }

    /// How many bodies may be listed again before the list is built afresh.
    fn relists_before_rebuild(&self) -> usize {
        if self.in_grid { relists_in_grid(self.lo.len()) } else { RELISTS_BEFORE_REBUILD }
    }

    /// Which list this is: it changes whenever a pair is listed or dropped.
    pub(super) fn generation(&self) -> u64 {
        self.generation
    }

    /// Partner `k` of body `i`'s list.
    #[inline]
    pub(super) fn partner(&self, i: usize, k: usize) -> Option<usize> {
        (k < self.count[i]).then(|| self.pool[self.first[i] + k])
    }

    /// The game-engine book's bound test at the visit, as [`bounds_touch`] makes it, with
    /// the radii of this frame at hand.
    #[inline]
    pub(super) fn touch(&self, motions: &[Motion], a: usize, b: usize) -> bool {
        self.touch_at((a, motions[a].position), (b, motions[b].position))
    }

    /// [`Self::touch`] for bodies a and b standing at `x_a` and `x_b`.
    #[inline(always)]
    pub(super) fn touch_at(&self, (a, x_a): (usize, DVec2), (b, x_b): (usize, DVec2)) -> bool {
        let reach = self.radius[a] + self.radius[b];
        // Measured from a to b, as the narrow phase measures two discs (the
        // same bits either way round), so that the compiler does it once.
        x_b.distance_squared(x_a) <= reach * reach
    }

    /// After the visit of (i, j) in `pass` moved them: lists again the pairs of
    /// either body that has gone too far from where it was listed. Returns the
    /// position in i's list of the first partner after j, where the walk goes
    /// on: `k` when nothing was listed again.
    #[inline(always)]
    pub(super) fn follow<T: Tracer>(&mut self, motions: &[Motion], pass: usize, (i, j): (usize, usize), k: usize, tracer: &mut T) -> usize {
        // Compared squared: most visits move nothing far, and need no root.
        if self.keeps(motions, (i, j)) {
            return k;
        }
        for body in [i, j] {
            // Listing i again may have built the whole list, j with it.
            if self.moved_squared(motions, body) > self.relist_beyond_squared() {
                let moved = self.moved(motions, body);
                self.relist_or_build(motions, pass, Relisted { body, moved, pair: (i, j) }, tracer);
            }
        }
        self.partners(i).partition_point(|&p| p <= j)
    }

    /// Lists body `body` where it stands now: the only place it is listed
    /// from when the list is built, else in place of the one farther away.
    ///
    /// Untraced, a static body's bounds are its shape's box at its angle (it
    /// never turns), a moving body's the square around its bounding circle, so
    /// they stay true however it turns while its list serves.
    fn place(&mut self, motions: &[Motion], body: usize, building: bool) {
        let m = &motions[body];
        let tight = !self.circles && self.fixed[body];
        let extent = if tight { self.shape[body].half_extent(m.angle) } else { DVec2::splat(self.radius[body]) } + self.margin / 2.0;
        let [p, q] = self.listed_at[body];
        let kept = if building {
            m.position
        } else if m.position.distance_squared(p) <= m.position.distance_squared(q) {
            p
        } else {
            q
        };
        self.listed_at[body] = [kept, m.position];
        self.listed_angle[body] = m.angle;
        self.lo[body] = kept.min(m.position) - extent;
        self.hi[body] = kept.max(m.position) + extent;
    }

    fn build<T: Tracer>(&mut self, motions: &[Motion], why: Option<(usize, Relisted)>, tracer: &mut T) {
        let n = motions.len();
        self.generation += 1;
        self.relisted_since_build = 0;
        self.listed_at.resize(n, [DVec2::ZERO; 2]);
        self.listed_angle.resize(n, 0.0);
        self.lo.resize(n, DVec2::ZERO);
        self.hi.resize(n, DVec2::ZERO);
        for body in 0..n {
            self.place(motions, body, true);
        }
        self.found.clear();
        self.in_grid = self.grid.fill(&self.lo, &self.hi, &self.fixed, relists_in_grid(n));
        if self.in_grid {
            let mut found = std::mem::take(&mut self.found);
            self.grid.pairs(&self.lo, &self.hi, |a, b| {
                if !(self.fixed[a] && self.fixed[b]) && (!self.circles || self.near(a, b)) {
                    found.push((a.min(b), a.max(b)));
                }
            });
            self.found = found;
        } else {
            self.sweep();
        }
        // Each body's slot holds its partners and room for as many more; the
        // pool keeps its size across builds, so a pile whose number of pairs
        // stays about the same never allocates again. Partners go in
        // ascending, the game-engine book's (i, j) order: the pairs are first
        // put in order of their second body (a counting sort), then each in
        // its first body's slot, in that order.
        self.count.clear();
        self.count.resize(n, 0);
        self.by_second.clear();
        self.by_second.resize(n + 1, 0);
        for &(i, j) in &self.found {
            self.count[i] += 1;
            self.by_second[j + 1] += 1;
        }
        for j in 1..=n {
            self.by_second[j] += self.by_second[j - 1];
        }
        self.ordered.clear();
        self.ordered.resize(self.found.len(), (0, 0));
        for &(i, j) in &self.found {
            let at = &mut self.by_second[j];
            self.ordered[*at] = (i, j);
            *at += 1;
        }
        self.first.clear();
        let mut slots = 0;
        for &c in &self.count {
            self.first.push(slots);
            slots += 2 * c + SPARE_PARTNERS;
        }
        self.pool.resize(slots, 0);
        self.count.fill(0);
        for &(i, j) in &self.ordered {
            self.pool[self.first[i] + self.count[i]] = j;
            self.count[i] += 1;
        }
        if T::ENABLED && tracer.wants(PhaseKind::Broad, None) {
            let mut candidates = Vec::with_capacity(self.found.len());
            candidates.extend((0..n).flat_map(|i| self.partners(i).iter().map(move |&j| (i, j))));
            let record = BroadRecord { bodies: n, margin: self.margin, candidates, relisted: why.map(|w| w.1), rebuilt: why.is_some() };
            tracer.record(Phase::new(why.map(|w| w.0), None, PhaseData::Broad(Box::new(record))));
        }
    }

    /// The pairs whose bounds overlap, found by sorting the bodies along x
    /// and sweeping: for bodies spread too far apart for a grid.
    fn sweep(&mut self) {
        let n = self.lo.len();
        // Sort and sweep along x. Ties go by index, so the list is a function
        // of the positions alone, whatever order the last frame left.
        let lo = &self.lo;
        let by_x = |a: &usize, b: &usize| lo[*a].x.total_cmp(&lo[*b].x).then(a.cmp(b));
        if self.order.len() == n {
            insertion_sort(&mut self.order, |a, b| by_x(a, b).is_lt());
        } else {
            self.order.clear();
            self.order.extend(0..n);
            self.order.sort_unstable_by(by_x);
        }
        self.sorted_lo.clear();
        self.sorted_lo.extend(self.order.iter().map(|&b| self.lo[b]));
        self.sorted_hi.clear();
        self.sorted_hi.extend(self.order.iter().map(|&b| self.hi[b]));
        for k in 0..n {
            let a = self.order[k];
            let (lo_a, hi_a) = (self.sorted_lo[k], self.sorted_hi[k]);
            for m in k + 1..n {
                if self.sorted_lo[m].x > hi_a.x {
                    break;
                }
                let b = self.order[m];
                let near = if self.circles { self.near(a, b) } else { self.sorted_lo[m].y <= hi_a.y && lo_a.y <= self.sorted_hi[m].y };
                if near && !(self.fixed[a] && self.fixed[b]) {
                    self.found.push((a.min(b), a.max(b)));
                }
            }
        }
    }

    /// Lists again the pairs of one body that moved too far: every body whose
    /// listed bounds come within the margin of its bounds where it stands now.
    /// Pairs already listed stay (a pair in the list too many is only tested).
    fn relist<T: Tracer>(&mut self, motions: &[Motion], pass: usize, why: Relisted, tracer: &mut T) {
        self.generation += 1;
        let b = why.body;
        self.place(motions, b, false);
        // First every body near b (one tight pass over the bounds), then the
        // pairs among them that are not listed yet.
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let (lo, hi) = (self.lo[b], self.hi[b]);
        let meets = |c: usize| if self.circles { self.near(b, c) } else { lo.cmple(self.hi[c]).all() && self.lo[c].cmple(hi).all() };
        if self.in_grid {
            self.grid.near(lo, hi, |c| found.extend(meets(c).then_some((b, c))));
            found.sort_unstable();
            found.dedup();
            self.grid.listed_again(b, lo, hi);
        } else {
            found.extend((0..motions.len()).filter(|&c| meets(c)).map(|c| (b, c)));
        }
        self.found = found;
        self.relisted_since_build += 1;
        let mut added = Vec::new();
        for f in 0..self.found.len() {
            let c = self.found[f].1;
            if c == b || (self.fixed[b] && self.fixed[c]) {
                continue;
            }
            let (i, j) = (b.min(c), b.max(c));
            if let Err(at) = self.partners(i).binary_search(&j) {
                if self.count[i] == self.room(i) {
                    // No room left in i's slot: build the whole list instead.
                    return self.build(motions, Some((pass, why)), tracer);
                }
                let slot = &mut self.pool[self.first[i]..self.first[i] + self.count[i] + 1];
                slot.copy_within(at..slot.len() - 1, at + 1);
                slot[at] = j;
                self.count[i] += 1;
                if T::ENABLED {
                    added.push((i, j));
                }
            }
        }
        if T::ENABLED && tracer.wants(PhaseKind::Broad, None) {
            let record = BroadRecord { bodies: motions.len(), margin: self.margin, candidates: added, relisted: Some(why), rebuilt: false };
            tracer.record(Phase::new(Some(pass), None, PhaseData::Broad(Box::new(record))));
        }
    }

    /// Body i's partners j > i, ascending.
    pub(super) fn partners(&self, i: usize) -> &[usize] {
        &self.pool[self.first[i]..self.first[i] + self.count[i]]
    }

    /// How many partners body i's slot can hold.
    fn room(&self, i: usize) -> usize {
        self.first.get(i + 1).unwrap_or(&self.pool.len()) - self.first[i]
    }

    /// Whether the bounding circles of `a` and `b`, at any of the places they
    /// were listed from, come within the margin of each other (the game-engine book's
    /// test, widened).
    fn near(&self, a: usize, b: usize) -> bool {
        let reach = self.radius[a] + self.radius[b] + self.margin;
        let ([p, q], [r, s]) = (self.listed_at[a], self.listed_at[b]);
        [p.distance_squared(r), p.distance_squared(s), q.distance_squared(r), q.distance_squared(s)].into_iter().any(|d| d <= reach * reach)
    }
}

/// How many of `bodies` may be listed again through the grid before the list is built afresh.
fn relists_in_grid(bodies: usize) -> usize {
    RELISTS_BEFORE_REBUILD.max(bodies / BODIES_PER_RELIST_BEFORE_REBUILD)
}

/// The game-engine book's bound test at the moment a pair is visited: do the bounding
/// circles touch? |x_b − x_a| ≤ r_a + r_b, compared squared.
pub(super) fn bounds_touch((a, ma): BodyRef, (b, mb): BodyRef) -> bool {
    let reach = a.shape.bounding_radius() + b.shape.bounding_radius();
    ma.position.distance_squared(mb.position) <= reach * reach
}

/// Sorts a slice that is usually nearly sorted already (the bodies moved a
/// little since the last frame) in about linear time, without allocating.
fn insertion_sort<T: Copy>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for k in 1..v.len() {
        let x = v[k];
        let mut m = k;
        while m > 0 && less(&x, &v[m - 1]) {
            v[m] = v[m - 1];
            m -= 1;
        }
        v[m] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, NoTrace, World};

    /// A disc that corrections push back and forth between two places, as one
    /// squeezed between two neighbours is, has its pairs listed again once:
    /// after that its list covers both places.
    #[test]
    fn a_body_pushed_back_and_forth_is_listed_again_once() {
        let disc = |x: f64| BodyDef::dynamic("d", Shape::Circle { radius: 1.0 }, 1.0).at(DVec2::new(x, 0.0));
        let World { bodies, mut motions, .. } = World::new(vec![disc(0.0), disc(1.5), disc(10.0)], DVec2::ZERO);
        let mut broad = Broad::default();
        broad.start_frame(&bodies, &motions, &mut NoTrace);
        let limit = broad.margin * RELIST_AFTER;
        for push in 0..6 {
            motions[1].position.x = if push % 2 == 0 { 1.5 + 2.0 * limit } else { 1.5 };
            broad.follow(&motions, 1, (0, 1), 0, &mut NoTrace);
        }
        assert_eq!(broad.relisted_since_build, 1);
        // A third place is listed again, and replaces the farther of the two.
        motions[1].position.x = 1.5 - 2.0 * limit;
        broad.follow(&motions, 1, (0, 1), 0, &mut NoTrace);
        assert_eq!(broad.relisted_since_build, 2);
        assert_eq!(broad.listed_at[1].map(|p| p.x), [1.5, 1.5 - 2.0 * limit]);
    }

    /// 400 unit discs 1.2 m apart, each overlapping its neighbours by 0.8 m,
    /// falling onto a floor, one pass a frame: the corrections move most of
    /// them out of their listings every frame. The margin widens until that
    /// stops being most of them, and narrows back once frames are quiet.
    #[test]
    fn a_pile_that_keeps_leaving_its_listings_widens_the_margin() {
        use crate::engine::{Settings, step};
        let disc = |i: usize| {
            let at = DVec2::new((i % 20) as f64 * 1.2, 1.0 + (i / 20) as f64 * 1.2);
            BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 1.0 }, 1.0).at(at)
        };
        let mut bodies: Vec<BodyDef> = (0..400).map(disc).collect();
        bodies.push(BodyDef::fixed("floor", Shape::Box { size: DVec2::new(40.0, 1.0) }).at(DVec2::new(11.4, -0.5)));
        let mut world = World::new(bodies, DVec2::new(0.0, -9.8));
        let settings = Settings { relaxation_iterations: 1, ..Settings::default() };
        // One pass lists most discs again: the margin widens in the first frame.
        step(&mut world, &settings, &mut NoTrace);
        assert!(world.scratch.broad.widenings > 0);
        for _ in 0..10 {
            step(&mut world, &settings, &mut NoTrace);
        }
        let broad = &world.scratch.broad;
        assert!(broad.widenings > 0);
        assert!(broad.relisted_in_frame <= 400 / RELISTS_PER_BODY_BEFORE_WIDENING, "{} listed again", broad.relisted_in_frame);

        // Frozen, nothing moves: after the quiet frames the margin narrows back.
        let still = Settings { motion: false, relaxation_iterations: 0, ..settings };
        let widened = broad.widenings;
        for _ in 0..QUIET_FRAMES_BEFORE_NARROWING + 1 {
            step(&mut world, &still, &mut NoTrace);
        }
        assert_eq!(world.scratch.broad.widenings, widened - 1);
    }
}
