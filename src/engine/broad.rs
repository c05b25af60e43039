//! Stage 2: which pairs are worth the narrow phase.
//!
//! Text 001's loop visits every pair (i, j), i < j, in scene order, in every
//! relaxation pass, and tests the two bounding circles *at that moment*, on the
//! current positions: a pair that an earlier correction of the same pass pushed
//! together is caught at once. Visiting all n(n−1)/2 pairs is what makes that
//! loop O(n²) a pass; this stage gives the same visits at the cost of the pairs
//! that are near.
//!
//! Once a frame it sweeps the bodies along x (sort and sweep) for the pairs whose
//! bounds come within a `margin` of each other, and keeps them, per first body,
//! in (i, j) order. The relaxation walks that list in the same order as text
//! 001's loop and makes the tight bounding-circle test at each visit, so the
//! visits that pass it are exactly the loop's. A pair left out was more than the
//! margin apart when the list was built; it can only come into reach after its
//! bodies have moved by corrections more than the margin between them, so when
//! any body has moved `REBUILD_AFTER`·margin since the build, the list is built
//! again from the current positions and the walk goes on after the pair it was at.
//!
//! Untraced, the sweep compares the shapes' boxes (axis-aligned) instead of
//! their bounding circles: a pair whose boxes are apart cannot touch, so text
//! 001's narrow phase would have said "no contact" and changed nothing. Skipping
//! it leaves every state bit for bit the same (tested against a literal O(n²)
//! loop), while a long static wall stops pairing with every body within its huge
//! bounding circle. Traced, the circles are used, so the debugger shows every
//! narrow-phase test text 001 makes.

use super::body::Body;
use super::trace::{Phase, PhaseData, Quantity, Tracer};
use crate::geometry::Shape;
use glam::DVec2;

/// How far a body may move before the list is rebuilt, as a fraction of the
/// margin: two bodies that each moved less than this still leave a fifth of
/// the margin between pairs the list left out, far above round-off.
const REBUILD_AFTER: f64 = 0.4;

/// The margin, as a fraction of the smallest moving body's bounding radius: a
/// body must be pushed a tenth of its size before the list is rebuilt.
const MARGIN_OF_RADIUS: f64 = 0.5;

/// The candidate list and the scratch space to build it, kept across frames so
/// the untraced step allocates nothing once the buffers have grown.
#[derive(Default)]
pub(super) struct Broad {
    margin: f64,
    /// Whether bounds are bounding circles (traced) or boxes (untraced).
    circles: bool,
    /// Where each body stood when the list was built.
    built_at: Vec<DVec2>,
    /// Candidates of body i are `partners[first[i]..first[i + 1]]`, ascending.
    first: Vec<usize>,
    partners: Vec<usize>,
    /// Scratch: found pairs, bounds along x and y, the sweep order.
    found: Vec<(usize, usize)>,
    lo: Vec<DVec2>,
    hi: Vec<DVec2>,
    order: Vec<usize>,
    cursor: Vec<usize>,
}

impl Broad {
    /// Builds the list for a new frame.
    pub(super) fn start_frame<T: Tracer>(&mut self, bodies: &[Body], tracer: &mut T) {
        let smallest = bodies.iter().filter(|b| !b.is_static()).map(|b| b.shape.bounding_radius()).fold(f64::INFINITY, f64::min);
        self.margin = if smallest.is_finite() { smallest * MARGIN_OF_RADIUS } else { 0.0 };
        self.circles = T::ENABLED;
        self.build(bodies, None, tracer);
    }

    /// The candidates of body `i` from position `k` of its list on: (k, j) pairs.
    pub(super) fn partner(&self, i: usize, k: usize) -> Option<usize> {
        (self.first[i] + k < self.first[i + 1]).then(|| self.partners[self.first[i] + k])
    }

    /// Whether body `i` has moved far enough since the build that a pair left
    /// out of the list might now be in reach.
    pub(super) fn moved_too_far(&self, bodies: &[Body], i: usize) -> bool {
        let limit = self.margin * REBUILD_AFTER;
        bodies[i].position.distance_squared(self.built_at[i]) > limit * limit
    }

    /// Builds the list again after the visit of (i, j) in `pass`; returns the
    /// position in i's new list of the first partner after j.
    pub(super) fn rebuild<T: Tracer>(&mut self, bodies: &[Body], pass: usize, (i, j): (usize, usize), tracer: &mut T) -> usize {
        self.build(bodies, Some((pass, i, j)), tracer);
        self.partners[self.first[i]..self.first[i + 1]].partition_point(|&p| p <= j)
    }

    fn build<T: Tracer>(&mut self, bodies: &[Body], rebuilt: Option<(usize, usize, usize)>, tracer: &mut T) {
        let n = bodies.len();
        let half = self.margin / 2.0;
        self.built_at.clear();
        self.built_at.extend(bodies.iter().map(|b| b.position));
        self.lo.clear();
        self.hi.clear();
        for b in bodies {
            let extent = if self.circles { DVec2::splat(b.shape.bounding_radius()) } else { half_extent(&b.shape, b.angle) };
            self.lo.push(b.position - extent - half);
            self.hi.push(b.position + extent + half);
        }
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
        self.found.clear();
        for (k, &a) in self.order.iter().enumerate() {
            for &b in &self.order[k + 1..] {
                if self.lo[b].x > self.hi[a].x {
                    break;
                }
                if bodies[a].is_static() && bodies[b].is_static() {
                    continue;
                }
                if self.near(bodies, a, b) {
                    self.found.push((a.min(b), a.max(b)));
                }
            }
        }
        // Group by first body, partners ascending: the walk is text 001's (i, j) order.
        self.first.clear();
        self.first.resize(n + 1, 0);
        for &(i, _) in &self.found {
            self.first[i + 1] += 1;
        }
        for i in 0..n {
            self.first[i + 1] += self.first[i];
        }
        self.partners.clear();
        self.partners.resize(self.found.len(), 0);
        self.cursor.clear();
        self.cursor.extend_from_slice(&self.first[..n]);
        for &(i, j) in &self.found {
            self.partners[self.cursor[i]] = j;
            self.cursor[i] += 1;
        }
        for i in 0..n {
            self.partners[self.first[i]..self.first[i + 1]].sort_unstable();
        }
        if T::ENABLED {
            let candidates = (0..n).flat_map(|i| self.partners[self.first[i]..self.first[i + 1]].iter().map(move |&j| (i, j))).collect();
            let record = BroadRecord { bodies: n, margin: self.margin, candidates, rebuilt: rebuilt.map(|(_, i, j)| (i, j)) };
            tracer.record(Phase::new(rebuilt.map(|r| r.0), None, PhaseData::Broad(Box::new(record))));
        }
    }

    /// Whether the bounds of `a` and `b` come within the margin: bounding
    /// circles (text 001's test, widened), or boxes when untraced.
    fn near(&self, bodies: &[Body], a: usize, b: usize) -> bool {
        if self.circles {
            let reach = bodies[a].shape.bounding_radius() + bodies[b].shape.bounding_radius() + self.margin;
            bodies[a].position.distance_squared(bodies[b].position) <= reach * reach
        } else {
            self.lo[b].y <= self.hi[a].y && self.lo[a].y <= self.hi[b].y
        }
    }
}

/// Text 001's bound test at the moment a pair is visited: do the bounding
/// circles touch? |x_b − x_a| ≤ r_a + r_b, compared squared.
pub(super) fn bounds_touch(a: &Body, b: &Body) -> bool {
    let reach = a.shape.bounding_radius() + b.shape.bounding_radius();
    a.position.distance_squared(b.position) <= reach * reach
}

/// Half the size of the axis-aligned box around a shape turned by `angle`.
fn half_extent(shape: &Shape, angle: f64) -> DVec2 {
    match *shape {
        Shape::Circle { radius } => DVec2::splat(radius),
        Shape::Box { size } => {
            let (s, c) = angle.sin_cos();
            let h = size / 2.0;
            DVec2::new(h.x * c.abs() + h.y * s.abs(), h.x * s.abs() + h.y * c.abs())
        }
    }
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

/// What a build of the candidate list found.
#[derive(Clone, Debug, PartialEq)]
pub struct BroadRecord {
    pub bodies: usize,
    pub margin: f64,
    /// The pairs whose bounds came within the margin, in (i, j) order.
    pub candidates: Vec<(usize, usize)>,
    /// For a build inside the passes: the pair whose correction moved a body too far.
    pub rebuilt: Option<(usize, usize)>,
}

impl BroadRecord {
    pub(super) fn quantities(&self, names: &[String]) -> Vec<Quantity> {
        let mut q = vec![
            Quantity::new("bodies", self.bodies as f64, ""),
            Quantity::new("margin", self.margin, "m"),
            Quantity::new("candidates", self.candidates.len() as f64, ""),
        ];
        if let Some((a, b)) = self.rebuilt {
            let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
            let why = format!("correcting {}–{} moved a body more than {REBUILD_AFTER} of the margin", name(a), name(b));
            q.push(Quantity::new("rebuilt", why.as_str(), ""));
        }
        q
    }
}
