//! Narrow-phase geometry: shapes at a pose and the collision tests between them.
//! Nothing here knows about mass or velocity.

mod box_box;
mod box_circle;
mod circle_circle;
mod lane;
mod segment;
mod shape;

pub use box_box::{FaceTest, SatReport, clip_box_box, collide_box_box};
pub use box_circle::{CircleRegion, RegionTest, collide_box_circle};
pub use circle_circle::{CirclesMeet, circles_meet, collide_circle_circle};
pub use lane::{F4, Lane, V2};
pub use segment::{SegmentBoxReport, SegmentTest, collide_segment_box, collide_segment_circle, segment_between, segment_ends};
pub use shape::{Pose, Shape, box_vertices, boxes_apart, cross, cross_sv};

use glam::DVec2;

/// What the game-engine book calls collision info. The normal points from A to B; `start`
/// lies on B (its point deepest inside A) and `end = start + normal·depth` on A.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollisionInfo {
    pub depth: f64,
    pub normal: DVec2,
    pub start: DVec2,
    pub end: DVec2,
    /// Which parts of the two shapes made the point (see [`Feature`]).
    pub feature: Feature,
}

impl CollisionInfo {
    pub fn new(depth: f64, normal: DVec2, start: DVec2) -> Self {
        CollisionInfo { depth, normal, start, end: start + normal * depth, feature: Feature::ROUND }
    }

    /// The same contact seen from the other body: the normal turns round and
    /// start and end swap, so the invariants above still hold.
    pub fn flipped(self) -> Self {
        CollisionInfo { normal: -self.normal, start: self.end, end: self.start, ..self }
    }

    fn made_by(self, feature: Feature) -> Self {
        CollisionInfo { feature, ..self }
    }
}

/// Which parts of two shapes made a contact point, as Box2D's feature ids say:
/// a point carried from one frame to the next is the same contact only if the
/// same parts made it. Between polygons (boxes, walls) a point is made by the
/// reference face (which shape, which face) and either a corner of the other
/// shape or, where clipping cut the other shape's edge, the side of the
/// reference face that cut it. A tilted box that lands on one corner and then
/// on the other thus makes two contacts, not one remembered twice. A point
/// with a round shape in it is the pair's only point: [`Feature::ROUND`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Feature(u32);

impl Feature {
    /// The only point a circle makes with anything.
    pub const ROUND: Feature = Feature(0);

    /// `side` 0 if A's face is the reference, 1 if B's; `corner` the other
    /// shape's corner that lies behind it.
    fn corner(side: usize, face: usize, corner: usize) -> Feature {
        Feature(1 << 24 | (side as u32) << 16 | (face as u32) << 8 | corner as u32)
    }

    /// A point where the reference face's side `end` (0 at the face's first
    /// corner, 1 at its second) cut the other shape's edge.
    fn cut(side: usize, face: usize, end: usize) -> Feature {
        Feature(2 << 24 | (side as u32) << 16 | (face as u32) << 8 | end as u32)
    }
}

/// How the narrow phase reached its answer, kept so the debugger can show the work.
#[derive(Clone, Debug, PartialEq)]
pub enum NarrowTest {
    CircleCircle,
    /// The faces tested are in the report given to [`collide`], if any; the
    /// axis of least penetration (side, face) when the boxes touch.
    BoxBox {
        axis: Option<(usize, usize)>,
    },
    /// `box_is_a` says which of the pair is the box.
    BoxCircle {
        test: RegionTest,
        box_is_a: bool,
    },
    /// A wall and a circle; `wall_is_a` says which of the pair is the wall.
    SegmentCircle {
        test: SegmentTest,
        wall_is_a: bool,
    },
    /// A wall and a box: the faces tested are in the report given to
    /// [`collide`], if any. The second point is clipping's, as for two boxes.
    SegmentBox {
        wall_is_a: bool,
        second: Option<CollisionInfo>,
    },
    /// Two walls: both fixed, they are never tested against each other.
    SegmentSegment,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Detection {
    pub info: Option<CollisionInfo>,
    pub method: NarrowTest,
}

/// Narrow phase for any two shapes, A first. The info's normal always points A → B.
/// For two boxes, `report` (when given) gets every face the SAT tested.
pub fn collide(a: &Shape, pa: Pose, b: &Shape, pb: Pose, report: Option<&mut SatReport>) -> Detection {
    collide_reporting(a, pa, b, pb, report, None, false)
}

/// [`collide`], with a wall–box pair's faces written into `wall_box` when
/// given, and the clipped second point of a wall–box pair when `clipped`.
pub fn collide_reporting(
    a: &Shape,
    pa: Pose,
    b: &Shape,
    pb: Pose,
    report: Option<&mut SatReport>,
    wall_box: Option<&mut SegmentBoxReport>,
    clipped: bool,
) -> Detection {
    match (a, b) {
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => {
            Detection { info: collide_circle_circle(pa.position, *ra, pb.position, *rb), method: NarrowTest::CircleCircle }
        }
        (Shape::Box { size: sa }, Shape::Box { size: sb }) => {
            let found = box_box::sat(*sa, pa, *sb, pb, report);
            Detection { info: found.map(|f| f.0), method: NarrowTest::BoxBox { axis: found.map(|f| f.1) } }
        }
        (Shape::Box { size }, Shape::Circle { radius }) => {
            let (info, test) = collide_box_circle(*size, pa, pb.position, *radius);
            Detection { info, method: NarrowTest::BoxCircle { test, box_is_a: true } }
        }
        (Shape::Circle { radius }, Shape::Box { size }) => {
            let (info, test) = collide_box_circle(*size, pb, pa.position, *radius);
            Detection { info: info.map(CollisionInfo::flipped), method: NarrowTest::BoxCircle { test, box_is_a: false } }
        }
        (Shape::Segment { half }, Shape::Circle { radius }) => {
            let [from, to] = segment_ends(*half, pa);
            let (info, test) = collide_segment_circle(from, to, pb.position, *radius);
            Detection { info, method: NarrowTest::SegmentCircle { test, wall_is_a: true } }
        }
        (Shape::Circle { radius }, Shape::Segment { half }) => {
            let [from, to] = segment_ends(*half, pb);
            let (info, test) = collide_segment_circle(from, to, pa.position, *radius);
            Detection { info: info.map(CollisionInfo::flipped), method: NarrowTest::SegmentCircle { test, wall_is_a: false } }
        }
        (Shape::Segment { half }, Shape::Box { size }) => {
            let found = collide_segment_box(segment_ends(*half, pa).into(), *size, pb, wall_box, clipped);
            Detection { info: found.map(|f| f.0), method: NarrowTest::SegmentBox { wall_is_a: true, second: found.and_then(|f| f.1) } }
        }
        (Shape::Box { size }, Shape::Segment { half }) => {
            let found = collide_segment_box(segment_ends(*half, pb).into(), *size, pa, wall_box, clipped);
            let flip = |i: Option<CollisionInfo>| i.map(CollisionInfo::flipped);
            Detection {
                info: flip(found.map(|f| f.0)),
                method: NarrowTest::SegmentBox { wall_is_a: false, second: flip(found.and_then(|f| f.1)) },
            }
        }
        (Shape::Segment { .. }, Shape::Segment { .. }) => Detection { info: None, method: NarrowTest::SegmentSegment },
    }
}
