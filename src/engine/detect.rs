//! Stage 3a: the narrow phase on the bodies' current positions, for a pair whose
//! bounding circles touch at the moment it is visited (the game-engine book's bound test).

use super::ContactModel;
use super::body::{Body, Motion};
use super::phase::Tracer;
use super::trace::PhaseKind;
use crate::geometry::{
    CollisionInfo, NarrowTest, Pose, SatReport, SegmentBoxReport, Shape, clip_box_box, collide_circle_circle, collide_reporting,
};

pub mod record;
use record::{DetectRecord, WorkRef};

/// `poses` are the two bodies' poses where they stand now. Returns the
/// contact, deepest point first, and with `ContactModel::Clipped` the second
/// point of two boxes' manifold. (The pass loop takes the two paths below
/// itself; this serves the warm start.)
#[allow(clippy::too_many_arguments)]
pub(super) fn run<T: Tracer>(
    bodies: &[Body],
    motions: &[Motion],
    a: usize,
    b: usize,
    poses: (Pose, Pose),
    model: ContactModel,
    pass: usize,
    tracer: &mut T,
) -> Option<(CollisionInfo, Option<CollisionInfo>)> {
    match discs(&bodies[a], &bodies[b]) {
        Some(radii) => run_discs(bodies, motions, a, b, radii, pass, tracer).map(|info| (info, None)),
        None => shapes(bodies, motions, a, b, poses, model, pass, tracer),
    }
}

/// The radii of a pair of discs, most pairs of a pile, which the pass loop
/// answers with [`run_discs`] on a path of its own: merged with the general
/// path's answer, which comes back through memory, their contact would be
/// written out and read back at every visit.
#[inline(always)]
pub(super) fn discs(ba: &Body, bb: &Body) -> Option<(f64, f64)> {
    match (ba.shape, bb.shape) {
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => Some((ra, rb)),
        _ => None,
    }
}

/// [`run`] for two discs of radii `(ra, rb)`, where they stand. Their normal is
/// (x_b − x_a)/|x_b − x_a| itself, never turned round, and no clipping or
/// report follows.
#[inline(always)]
pub(super) fn run_discs<T: Tracer>(
    bodies: &[Body],
    motions: &[Motion],
    a: usize,
    b: usize,
    (ra, rb): (f64, f64),
    pass: usize,
    tracer: &mut T,
) -> Option<CollisionInfo> {
    let info = collide_circle_circle(motions[a].position, ra, motions[b].position, rb);
    if T::ENABLED {
        if tracer.wants(PhaseKind::Detect, Some((a, b))) {
            let pair = ((&bodies[a], &motions[a]), (&bodies[b], &motions[b]));
            tracer.detect(pass, (a, b), DetectRecord::of(pair, WorkRef::CircleCircle, (info, None), false));
        } else {
            tracer.declined(PhaseKind::Detect, None);
        }
    }
    info
}

/// [`run`] for any pair of shapes but two discs.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn shapes<T: Tracer>(
    bodies: &[Body],
    motions: &[Motion],
    a: usize,
    b: usize,
    (pa, pb): (Pose, Pose),
    model: ContactModel,
    pass: usize,
    tracer: &mut T,
) -> Option<(CollisionInfo, Option<CollisionInfo>)> {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    // The SAT's report of every face is the debugger's; untraced, none is made.
    let both_boxes = matches!((ba.shape, bb.shape), (Shape::Box { .. }, Shape::Box { .. }));
    let wall_box = matches!((ba.shape, bb.shape), (Shape::Box { .. }, Shape::Segment { .. }) | (Shape::Segment { .. }, Shape::Box { .. }));
    let traced = T::ENABLED && tracer.wants(PhaseKind::Detect, Some((a, b)));
    if T::ENABLED && !traced {
        tracer.declined(PhaseKind::Detect, None);
    }
    // On the stack: the tracer copies what it keeps (a frame's recorder, into
    // one list of reports for the frame, so a box–box test allocates nothing).
    let mut report = (traced && both_boxes).then(SatReport::default);
    let mut wall_report = (traced && wall_box).then(SegmentBoxReport::default);
    let clipped_model = model == ContactModel::Clipped;
    let detection = collide_reporting(&ba.shape, pa, &bb.shape, pb, report.as_mut(), wall_report.as_mut(), clipped_model);
    // The game-engine book keeps the normal pointing from A's centre toward B's; a deep
    // overlap can make the axis of least penetration face the other way.
    let clipped = match (model, &detection.method, ba.shape, bb.shape) {
        (ContactModel::Clipped, NarrowTest::BoxBox { axis: Some(axis) }, Shape::Box { size: sa }, Shape::Box { size: sb }) => {
            clip_box_box(sa, pa, sb, pb, *axis)
        }
        (_, NarrowTest::SegmentBox { second, .. }, ..) => [detection.info, *second],
        _ => [None, None],
    };
    let (first, second) = match clipped {
        [Some(first), second] => (Some(first), second),
        _ => (detection.info, None),
    };
    let flipped = first.is_some_and(|i| i.normal.dot(motions[b].position - motions[a].position) < 0.0);
    let turn = |i: Option<CollisionInfo>| if flipped { i.map(CollisionInfo::flipped) } else { i };
    let (info, second) = (turn(first), turn(second));
    if traced {
        let work = match (&detection.method, &report, &wall_report) {
            (NarrowTest::CircleCircle, ..) => WorkRef::CircleCircle,
            (NarrowTest::BoxBox { .. }, Some(report), _) => WorkRef::BoxBox(report),
            (NarrowTest::BoxCircle { test, box_is_a }, ..) => WorkRef::BoxCircle { test, box_is_a: *box_is_a },
            (NarrowTest::SegmentCircle { test, wall_is_a }, ..) => WorkRef::WallCircle { test, wall_is_a: *wall_is_a },
            (NarrowTest::SegmentBox { wall_is_a, .. }, _, Some(report)) => WorkRef::WallBox { report, wall_is_a: *wall_is_a },
            (NarrowTest::SegmentSegment, ..) => WorkRef::TwoWalls,
            (NarrowTest::BoxBox { .. } | NarrowTest::SegmentBox { .. }, ..) => unreachable!("traced, both reports are made above"),
        };
        let pair = ((ba, &motions[a]), (bb, &motions[b]));
        tracer.detect(pass, (a, b), DetectRecord::of(pair, work, (info, second), flipped));
    }
    info.map(|info| (info, second))
}
