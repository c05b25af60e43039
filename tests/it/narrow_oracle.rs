//! Our narrow phase against an independent oracle, parry2d-f64, on many random
//! overlapping pairs: the penetration depth, the normal (A → B) and the two
//! contact points must agree to 1e-9.
//!
//! parry 0.31 speaks glam 0.33 (through glamx) while we use glam 0.34, so values
//! cross over as plain f64s. `parry2d_f64::query::contact` sends two cuboids to
//! GJK + EPA (its SAT cuboid–cuboid routine is switched off in its dispatcher) and a
//! cuboid and a ball to the closest-point projection of the ball's centre, so the
//! oracle shares no code or method with ours.
//!
//! We compare the raw geometry functions, where the box is A. The engine's detect
//! stage may then flip the normal to point from A's centre toward B's; for two
//! centrally symmetric shapes the least-penetration face already faces the other
//! centre, so the flip only matters on ties.
//!
//! Ties are skipped: when two candidate axes with different normals penetrate by
//! amounts within `TIE` of each other, which one wins is an arbitrary choice (we
//! keep A's first face, parry its own order), so the normals may rightly differ.

use glam::DVec2;
use impulse::geometry::{CircleRegion, CollisionInfo, Pose, SatReport, clip_box_box, collide_box_box, collide_box_circle};
use parry2d_f64::math::{Pose as PPose, Vector as PVec};
use parry2d_f64::query::details::contact_manifold_cuboid_cuboid;
use parry2d_f64::query::{self, Contact, ContactManifold};
use parry2d_f64::shape::{Ball, Cuboid};
use std::f64::consts::PI;

const TOL: f64 = 1e-9;
const TIE: f64 = 1e-9;
/// Overlapping pairs drawn of each kind; ties are skipped among them.
const PAIRS: usize = 12_000;
const MIN_COMPARED: usize = 10_000;

/// splitmix64: small, deterministic and good enough for test inputs.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi).
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }
    fn chance(&mut self, p: f64) -> bool {
        self.range(0.0, 1.0) < p
    }
    /// Mostly any angle; sometimes a multiple of a quarter turn, where faces line up.
    fn angle(&mut self) -> f64 {
        if self.chance(0.1) { (self.range(0.0, 4.0).floor() - 2.0) * PI / 2.0 } else { self.range(-PI, PI) }
    }
    fn size(&mut self) -> DVec2 {
        DVec2::new(self.range(0.2, 6.0), self.range(0.2, 6.0))
    }
    /// An offset of length below `reach`, in a random direction; now and then
    /// none at all, so that the centres coincide and the tie rule is exercised.
    fn offset(&mut self, reach: f64) -> DVec2 {
        if self.chance(0.005) {
            return DVec2::ZERO;
        }
        DVec2::from_angle(self.range(-PI, PI)) * reach * self.range(0.0, 1.0)
    }
}

fn ppose(p: Pose) -> PPose {
    PPose::new(PVec::new(p.position.x, p.position.y), p.angle)
}

fn v(p: PVec) -> DVec2 {
    DVec2::new(p.x, p.y)
}

/// parry's answer as (depth, normal A → B, point on B, point on A), the order of
/// our `start` and `end`.
/// Both answers when both see a real overlap; none when neither does or the pair
/// only touches (whether touching counts is then a matter of rounding).
fn both_overlap(ours: Option<CollisionInfo>, theirs: Option<Oracle>, what: impl Fn() -> String) -> Option<(CollisionInfo, Oracle)> {
    match (ours, theirs) {
        (Some(o), Some(t)) if o.depth > TIE || t.0 > TIE => Some((o, t)),
        (None, None) | (Some(_), Some(_)) => None,
        (Some(o), None) if o.depth < TIE => None,
        (None, Some(t)) if t.0 < TIE => None,
        (o, t) => panic!("disagree on overlap: ours {o:?}, parry {t:?}: {}", what()),
    }
}

type Oracle = (f64, DVec2, DVec2, DVec2);

fn oracle(c: Contact) -> Oracle {
    (-c.dist, v(c.normal1), v(c.point2), v(c.point1))
}

/// Depth and normal always; the contact points only when `points` says they are
/// unique (an edge parallel to the winning face makes every point of it deepest).
/// Returns the differences found, to report the largest.
fn assert_same(ours: &CollisionInfo, theirs: (f64, DVec2, DVec2, DVec2), points: bool, what: &dyn Fn() -> String) -> [f64; 3] {
    let (depth, normal, on_b, on_a) = theirs;
    assert!((ours.depth - depth).abs() < TOL, "depth {} vs parry {depth}: {}", ours.depth, what());
    assert!((ours.normal - normal).length() < TOL, "normal {} vs parry {normal}: {}", ours.normal, what());
    let mut diff = [(ours.depth - depth).abs(), (ours.normal - normal).length(), 0.0];
    if points {
        assert!((ours.start - on_b).length() < TOL, "start {} vs parry point2 {on_b}: {}", ours.start, what());
        assert!((ours.end - on_a).length() < TOL, "end {} vs parry point1 {on_a}: {}", ours.end, what());
        diff[2] = (ours.start - on_b).length().max((ours.end - on_a).length());
    }
    diff
}

fn worst(acc: &mut [f64; 3], diff: [f64; 3]) {
    for (a, d) in acc.iter_mut().zip(diff) {
        *a = a.max(d);
    }
}

/// Every face test as (distance, normal A → B). B's faces push A out along their
/// own outward normal, so seen from A the contact normal is its negation.
fn candidates(report: &SatReport) -> Vec<(f64, DVec2)> {
    let mut out = Vec::new();
    for (side, faces) in report.faces.iter().enumerate() {
        for face in faces.iter().flatten() {
            let d = face.distance.expect("overlapping boxes have a support point behind every face");
            out.push((d, if side == 0 { face.normal } else { -face.normal }));
        }
    }
    out
}

/// Two candidate axes with different normals penetrate equally deep.
fn is_tie(cands: &[(f64, DVec2)]) -> bool {
    let least = cands.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let best: Vec<DVec2> = cands.iter().filter(|c| c.0 - least < TIE).map(|c| c.1).collect();
    best.iter().any(|n| (*n - best[0]).length() > 1e-6)
}

#[test]
fn box_box_agrees_with_parry() {
    let mut rng = Rng(0x1A2B_3C4D_5E6F_7081);
    let (mut compared, mut skipped, mut drawn, mut points) = (0, 0, 0usize, 0usize);
    let mut largest = [0.0; 3];
    while compared + skipped < PAIRS {
        drawn += 1;
        let (size_a, size_b) = (rng.size(), rng.size());
        let pa = Pose::new(DVec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0)), rng.angle());
        let reach = (size_a.length() + size_b.length()) / 2.0;
        let pb = Pose::new(pa.position + rng.offset(reach), rng.angle());
        let what = || format!("A {size_a} at {pa:?}, B {size_b} at {pb:?}");

        let (ours, report) = collide_box_box(size_a, pa, size_b, pb);
        let (ca, cb) = (Cuboid::new(PVec::new(size_a.x / 2.0, size_a.y / 2.0)), Cuboid::new(PVec::new(size_b.x / 2.0, size_b.y / 2.0)));
        let theirs = query::contact(&ppose(pa), &ca, &ppose(pb), &cb, 0.0).expect("parry supports cuboids").map(oracle);
        let Some((ours, theirs)) = both_overlap(ours, theirs, what) else { continue };
        if is_tie(&candidates(&report)) {
            skipped += 1;
            continue;
        }
        assert!(ours.depth >= 0.0);
        // Faces of the two boxes are parallel when the angles differ by a
        // multiple of a quarter turn; then a whole edge is the deepest feature.
        let turn = (pa.angle - pb.angle).rem_euclid(PI / 2.0);
        let parallel = turn.min(PI / 2.0 - turn) < 1e-9;
        worst(&mut largest, assert_same(&ours, theirs, !parallel, &what));
        // So the engine's detect stage never needs to flip it.
        assert!(ours.normal.dot(pb.position - pa.position) >= -TOL, "normal faces away from B: {}", what());
        compared += 1;
        points += usize::from(!parallel);
    }
    println!(
        "box–box: {compared} compared with parry ({points} with contact points too), {skipped} ties skipped, {drawn} pairs drawn; \
         largest difference in depth, normal, points: {:.1e}, {:.1e}, {:.1e}",
        largest[0], largest[1], largest[2]
    );
    assert!(compared >= MIN_COMPARED, "only {compared} compared");
    assert!(skipped > 0 && skipped * 50 < PAIRS, "{skipped} ties: coincident centres should give about 60");
}

/// The centre is inside the box and two faces are equally near it.
fn inside_tie(size: DVec2, pose: Pose, centre: DVec2) -> bool {
    // Local coordinates, independent of the code under test: the depths below
    // the four faces are h.x ∓ x and h.y ∓ y.
    let local = DVec2::from_angle(-pose.angle).rotate(centre - pose.position);
    let h = size / 2.0;
    let mut depths = [h.x - local.x, h.x + local.x, h.y - local.y, h.y + local.y];
    if depths.iter().any(|d| *d < 0.0) {
        return false;
    }
    depths.sort_by(f64::total_cmp);
    depths[1] - depths[0] < TIE
}

#[test]
fn box_circle_agrees_with_parry() {
    let mut rng = Rng(0x0F1E_2D3C_4B5A_6978);
    let (mut compared, mut skipped, mut drawn) = (0, 0, 0usize);
    let mut regions = [0usize; 4];
    let mut largest = [0.0; 3];
    while compared + skipped < PAIRS {
        drawn += 1;
        let size = rng.size();
        let radius = rng.range(0.05, 4.0);
        let pose = Pose::new(DVec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0)), rng.angle());
        let centre = pose.position + rng.offset(size.length() / 2.0 + radius);
        let what = || format!("box {size} at {pose:?}, circle r {radius} at {centre}");

        let (ours, test) = collide_box_circle(size, pose, centre, radius);
        let region = test.region;
        let cuboid = Cuboid::new(PVec::new(size.x / 2.0, size.y / 2.0));
        let ball_pose = Pose::new(centre, rng.range(-PI, PI));
        let theirs =
            query::contact(&ppose(pose), &cuboid, &ppose(ball_pose), &Ball::new(radius), 0.0).expect("parry supports balls").map(oracle);
        let Some((ours, theirs)) = both_overlap(ours, theirs, what) else { continue };
        if inside_tie(size, pose, centre) {
            skipped += 1;
            continue;
        }
        assert!(ours.depth >= 0.0);
        worst(&mut largest, assert_same(&ours, theirs, true, &what));
        assert!(ours.normal.dot(centre - pose.position) >= -TOL, "normal faces away from the circle: {}", what());
        regions[region as usize] += 1;
        compared += 1;
    }
    println!(
        "box–circle: {compared} compared with parry, {skipped} ties skipped, {drawn} pairs drawn; \
         regions inside/start corner/end corner/face = {regions:?}; \
         largest difference in depth, normal, points: {:.1e}, {:.1e}, {:.1e}",
        largest[0], largest[1], largest[2]
    );
    assert!(compared >= MIN_COMPARED, "only {compared} compared");
    assert!(skipped > 0 && skipped * 50 < PAIRS, "{skipped} ties: coincident centres should give about 60");
    // Every region must have been exercised, or the comparison proves little.
    assert!(regions.iter().all(|&n| n > 500), "regions {regions:?}");
}

/// The tie rule above is not vacuous: a square dead centre in a larger one ties
/// on all four of A's faces, and a circle centred in a square on all four edges.
#[test]
fn exact_ties_are_detected() {
    let at = |x: f64, y: f64, angle: f64| Pose::new(DVec2::new(x, y), angle);
    let (_, report) = collide_box_box(DVec2::splat(4.0), at(0.0, 0.0, 0.0), DVec2::splat(1.0), at(0.0, 0.0, 0.3));
    assert!(is_tie(&candidates(&report)));
    let (_, report) = collide_box_box(DVec2::splat(4.0), at(0.0, 0.0, 0.0), DVec2::splat(1.0), at(1.0, 0.5, 0.3));
    assert!(!is_tie(&candidates(&report)));
    assert!(inside_tie(DVec2::splat(2.0), at(1.0, 1.0, 0.7), DVec2::new(1.0, 1.0)));
    assert!(!inside_tie(DVec2::splat(2.0), at(1.0, 1.0, 0.7), DVec2::new(1.2, 1.0)));
    // And `CircleRegion` discriminants index `regions` in declaration order.
    assert_eq!(
        [CircleRegion::Inside, CircleRegion::StartCorner, CircleRegion::EndCorner, CircleRegion::Face].map(|r| r as usize),
        [0, 1, 2, 3]
    );
}

/// Our clipped manifold (`contact = "clipped"`) against parry's own cuboid–cuboid
/// manifold, which clips polygonal features too: the same number of contact
/// points, the same normal, and point by point the same depth and the same two
/// ends (parry's point on A with our `end`, its point on B with our `start`).
/// Ties of the SAT are skipped as above, and so are pairs with a point that
/// only touches (depth within `TIE` of 0), which either side may keep or drop.
#[test]
fn clipped_box_box_agrees_with_parrys_manifold() {
    let mut rng = Rng(0x005E_ED0F_C11B);
    let (mut compared, mut skipped, mut two) = (0, 0, 0usize);
    let mut largest = [0.0; 3];
    while compared + skipped < PAIRS {
        let (size_a, size_b) = (rng.size(), rng.size());
        let pa = Pose::new(DVec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0)), rng.angle());
        let reach = (size_a.length() + size_b.length()) / 2.0;
        let pb = Pose::new(pa.position + rng.offset(reach), rng.angle());
        let what = || format!("A {size_a} at {pa:?}, B {size_b} at {pb:?}");
        let (sat, report) = collide_box_box(size_a, pa, size_b, pb);
        let (ca, cb) = (Cuboid::new(PVec::new(size_a.x / 2.0, size_a.y / 2.0)), Cuboid::new(PVec::new(size_b.x / 2.0, size_b.y / 2.0)));
        let (qa, qb) = (ppose(pa), ppose(pb));
        let mut manifold = ContactManifold::<(), ()>::new();
        contact_manifold_cuboid_cuboid(&qa.inv_mul(&qb), &ca, &cb, 0.0, &mut manifold);
        let Some(axis) = report.axis.filter(|_| sat.is_some_and(|s| s.depth > TIE)) else { continue };
        let ours: Vec<CollisionInfo> = clip_box_box(size_a, pa, size_b, pb, axis).into_iter().flatten().collect();
        let theirs: Vec<(f64, DVec2, DVec2)> = manifold
            .points
            .iter()
            .map(|p| (-p.dist, v(qa.transform_point(p.local_p1)), v(qb.transform_point(p.local_p2))))
            // parry may keep an end of the incident face that lies clear of the
            // reference face (a contact to come); ours keeps only those that touch.
            .filter(|t| t.0 > -TIE)
            .collect();
        let touching = ours.iter().any(|o| o.depth < TIE) || theirs.iter().any(|t| t.0 < TIE);
        if is_tie(&candidates(&report)) || touching {
            skipped += 1;
            continue;
        }
        assert_eq!(ours.len(), theirs.len(), "points: ours {ours:?}, parry {theirs:?}: {}", what());
        let normal = v(qa.rotation * manifold.local_n1);
        for o in &ours {
            assert!((o.normal - normal).length() < TOL, "normal {} vs parry {normal}: {}", o.normal, what());
            // The parry point with the same point on B.
            let t = theirs.iter().min_by(|x, y| (x.2 - o.start).length().total_cmp(&(y.2 - o.start).length())).unwrap();
            let diff = [(o.depth - t.0).abs(), (o.start - t.2).length(), (o.end - t.1).length()];
            assert!(diff.iter().all(|d| *d < TOL), "point {o:?} vs parry {t:?}: {}", what());
            worst(&mut largest, diff);
        }
        compared += 1;
        two += usize::from(ours.len() == 2);
    }
    println!(
        "clipped box–box: {compared} compared with parry's manifold ({two} with two points), {skipped} skipped; \
         largest difference in depth, start, end: {:.1e}, {:.1e}, {:.1e}",
        largest[0], largest[1], largest[2]
    );
    assert!(compared >= MIN_COMPARED, "only {compared} compared");
    assert!(two > 0 && two < compared, "{two} of {compared} pairs had two points: both kinds must be tested");
}

/// A wall (Dobre & Ramtal's segment) against a circle and against a box: depth and
/// normal as parry's `Segment` gives them. The wall is A, so the normal points
/// from the wall toward the other shape.
fn wall(rng: &mut Rng) -> (DVec2, DVec2) {
    let from = DVec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0));
    let to = if rng.chance(0.1) {
        // Now and then level or upright, where faces of a turned-square box line up.
        from + [DVec2::X, DVec2::Y][usize::from(rng.chance(0.5))] * rng.range(0.5, 10.0)
    } else {
        from + DVec2::from_angle(rng.range(-PI, PI)) * rng.range(0.5, 10.0)
    };
    (from, to)
}

fn segment(from: DVec2, to: DVec2) -> parry2d_f64::shape::Segment {
    parry2d_f64::shape::Segment::new(PVec::new(from.x, from.y), PVec::new(to.x, to.y))
}

#[test]
fn wall_circle_agrees_with_parry() {
    let mut rng = Rng(0x5EED_0003_0000_0001);
    let (mut compared, mut drawn, mut ends) = (0, 0usize, 0usize);
    let mut largest = [0.0; 3];
    while compared < PAIRS {
        drawn += 1;
        let (from, to) = wall(&mut rng);
        let radius = rng.range(0.05, 4.0);
        // Somewhere near the wall, its ends included.
        let centre = from.lerp(to, rng.range(-0.3, 1.3)) + rng.offset(radius * 1.2);
        let what = || format!("wall {from} → {to}, circle r {radius} at {centre}");
        let (ours, test) = impulse::geometry::collide_segment_circle(from, to, centre, radius);
        if test.distance < 1e-9 {
            // On the wall's line itself neither answer has a direction to give.
            continue;
        }
        let at_origin = Pose::new(DVec2::ZERO, 0.0);
        let theirs = query::contact(&ppose(at_origin), &segment(from, to), &ppose(Pose::new(centre, 0.0)), &Ball::new(radius), 0.0)
            .expect("parry supports segments and balls")
            .map(oracle);
        let Some((ours, theirs)) = both_overlap(ours, theirs, what) else { continue };
        worst(&mut largest, assert_same(&ours, theirs, true, &what));
        ends += usize::from(!(0.0..=1.0).contains(&test.along));
        compared += 1;
    }
    println!(
        "wall–circle: {compared} compared with parry ({ends} nearest an end), {drawn} drawn; \
         largest difference in depth, normal, points: {:.1e}, {:.1e}, {:.1e}",
        largest[0], largest[1], largest[2]
    );
    assert!(ends > 1000, "only {ends} pairs nearest an end");
}

#[test]
fn wall_box_agrees_with_parry() {
    let mut rng = Rng(0x5EED_0003_0000_0002);
    let (mut compared, mut skipped, mut drawn) = (0, 0, 0usize);
    let mut largest = [0.0; 3];
    while compared + skipped < PAIRS {
        drawn += 1;
        let (from, to) = wall(&mut rng);
        let size = rng.size();
        let pose = Pose::new(from.lerp(to, rng.range(-0.2, 1.2)) + rng.offset(size.length() / 2.0), rng.angle());
        let what = || format!("wall {from} → {to}, box {size} at {pose:?}");
        let mut report = impulse::geometry::SegmentBoxReport::default();
        let ours = impulse::geometry::collide_segment_box((from, to), size, pose, Some(&mut report), false).map(|f| f.0);
        let cuboid = Cuboid::new(PVec::new(size.x / 2.0, size.y / 2.0));
        let at_origin = Pose::new(DVec2::ZERO, 0.0);
        let theirs =
            query::contact(&ppose(at_origin), &segment(from, to), &ppose(pose), &cuboid, 0.0).expect("parry supports segments").map(oracle);
        let Some((ours, theirs)) = both_overlap(ours, theirs, what) else { continue };
        let faces = |side: usize, faces: &[Option<impulse::geometry::FaceTest>]| -> Vec<(f64, DVec2)> {
            faces.iter().flatten().map(|f| (f.distance.expect("overlap"), if side == 0 { f.normal } else { -f.normal })).collect()
        };
        let cands = [faces(0, &report.segment), faces(1, &report.boxed)].concat();
        if is_tie(&cands) {
            skipped += 1;
            continue;
        }
        worst(&mut largest, assert_same(&ours, theirs, false, &what));
        compared += 1;
    }
    println!(
        "wall–box: {compared} compared with parry, {skipped} ties skipped, {drawn} drawn; largest difference in depth, normal: {:.1e}, {:.1e}",
        largest[0], largest[1]
    );
    assert!(compared >= MIN_COMPARED, "only {compared} compared");
}
