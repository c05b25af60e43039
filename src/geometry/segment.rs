//! A wall: a fixed segment that bodies hit from either side (Dobre & Ramtal).
//!
//! Against a circle, the point of the segment nearest the centre decides: the
//! circle touches when that point is within its radius, and the normal runs
//! from the point to the centre. Past an end the nearest point is the end, so
//! a ball rolling off a ledge turns round the corner.
//!
//! Against a box, the segment is a polygon with two corners and two faces, one
//! facing each way, and the separating axis test of two boxes (the game-engine book)
//! applies unchanged: the segment's two faces against the box's corners, the
//! box's four faces against the segment's two ends.

use super::box_box::{FaceTest, clip_polygons, sat_polygons};
use super::shape::{box_face_normals, box_vertices};
use super::{CollisionInfo, Pose};
use glam::DVec2;

/// The two ends of a segment whose ends lie at ∓`half` from the centre of `pose`.
pub fn segment_ends(half: DVec2, pose: Pose) -> [DVec2; 2] {
    let h = pose.rotate(half);
    [pose.position - h, pose.position + h]
}

/// The middle and the half-vector of the segment from `from` to `to`: how a
/// file's wall becomes a body (`scene::wall`), and the one place that sum is
/// made, so that the ends a file is given can be checked to make it again.
pub fn segment_between(from: DVec2, to: DVec2) -> (DVec2, DVec2) {
    ((from + to) / 2.0, (to - from) / 2.0)
}

/// Where the circle's centre stands against the segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentTest {
    pub from: DVec2,
    pub to: DVec2,
    /// (c − from)·(to − from)/|to − from|², the centre's place along the
    /// segment: below 0 it is past `from`, above 1 past `to`.
    pub along: f64,
    /// The segment's point nearest the centre.
    pub nearest: DVec2,
    pub distance: f64,
}

/// The segment's unit normal, its direction turned a quarter clockwise (the
/// way a box's face normal is made from its edge).
fn face_normal(from: DVec2, to: DVec2) -> DVec2 {
    let d = (to - from).normalize_or_zero();
    DVec2::new(d.y, -d.x)
}

/// Segment A (`from` → `to`) against circle B. The normal points A → B.
///
/// A centre lying on the segment itself has no direction to the segment: the
/// segment's own normal is taken, and the whole radius is the depth.
pub fn collide_segment_circle(from: DVec2, to: DVec2, centre: DVec2, radius: f64) -> (Option<CollisionInfo>, SegmentTest) {
    let edge = to - from;
    let length_sq = edge.length_squared();
    let along = if length_sq > 0.0 { (centre - from).dot(edge) / length_sq } else { 0.0 };
    let nearest = from + edge * along.clamp(0.0, 1.0);
    let gap = centre - nearest;
    let distance = gap.length();
    let test = SegmentTest { from, to, along, nearest, distance };
    if distance > radius {
        return (None, test);
    }
    let normal = if distance > 0.0 { gap / distance } else { face_normal(from, to) };
    (Some(CollisionInfo::new(radius - distance, normal, centre - normal * radius)), test)
}

/// Every face the separating axis test of a segment and a box tried.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SegmentBoxReport {
    /// The segment's face 0 (normal: its direction turned clockwise) and face 1 (the other way).
    pub segment: [Option<FaceTest>; 2],
    pub boxed: [Option<FaceTest>; 4],
    /// The face of least penetration: (0, face) the segment's, (1, face) the box's.
    pub axis: Option<(usize, usize)>,
}

/// Segment A against box B (of `size` at `pose`): the collision info, normal
/// A → B, and the axis of least penetration, as [`super::collide_box_box`].
/// With `clipped`, the second point of the manifold too.
/// The depth and normal are the SAT's; the point is the deepest of the
/// clipped manifold (see below).
pub fn collide_segment_box(
    (from, to): (DVec2, DVec2),
    size: DVec2,
    pose: Pose,
    report: Option<&mut SegmentBoxReport>,
    clipped: bool,
) -> Option<(CollisionInfo, Option<CollisionInfo>)> {
    let n = face_normal(from, to);
    let segment = ([from, to], [n, -n]);
    let boxed = (box_vertices(size, pose), box_face_normals(pose));
    let (a, b) = ((&segment.0[..], &segment.1[..]), (&boxed.0[..], &boxed.1[..]));
    let found = match report {
        Some(r) => {
            let found = sat_polygons(a, b, Some((&mut r.segment, &mut r.boxed)));
            r.axis = found.map(|f| f.1);
            found
        }
        None => sat_polygons(a, b, None),
    };
    let (info, axis) = found?;
    // On the box's face, the SAT's support point is the segment end deepest
    // behind it, which may lie far beyond the box: the contact is where the
    // segment, cut to the face's width, lies deepest, which clipping finds.
    match clip_polygons(a, b, axis) {
        [Some(first), second] => Some((first, second.filter(|_| clipped))),
        _ => Some((info, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ball_on_a_floor_touches_beside_it_and_turns_round_its_end() {
        let (from, to) = (DVec2::new(-2.0, 0.0), DVec2::new(2.0, 0.0));
        // 0.5 m above the floor, radius 0.6: 0.1 m deep, normal straight up.
        let (info, test) = collide_segment_circle(from, to, DVec2::new(1.0, 0.5), 0.6);
        let info = info.unwrap();
        assert!((info.depth - 0.1).abs() < 1e-12 && info.normal == DVec2::Y);
        assert_eq!(test.nearest, DVec2::new(1.0, 0.0));
        assert_eq!(info.end, DVec2::new(1.0, 0.0));
        // Past the right end by (0.3, 0.4): 0.5 m from the end, along (0.6, 0.8).
        let (info, test) = collide_segment_circle(from, to, DVec2::new(2.3, 0.4), 0.6);
        let info = info.unwrap();
        assert!(test.along > 1.0 && test.nearest == to);
        assert!((info.depth - 0.1).abs() < 1e-12 && (info.normal - DVec2::new(0.6, 0.8)).length() < 1e-12);
        // From below, the normal points down: a wall has two sides.
        let (info, _) = collide_segment_circle(from, to, DVec2::new(0.0, -0.5), 0.6);
        assert_eq!(info.unwrap().normal, DVec2::NEG_Y);
        assert!(collide_segment_circle(from, to, DVec2::new(0.0, 0.7), 0.6).0.is_none());
    }

    #[test]
    fn a_centre_on_the_segment_takes_its_normal() {
        let (info, _) = collide_segment_circle(DVec2::ZERO, DVec2::new(0.0, 3.0), DVec2::new(0.0, 1.0), 0.5);
        let info = info.unwrap();
        // Direction (0, 1) turned clockwise: (1, 0).
        assert_eq!(info.normal, DVec2::X);
        assert_eq!(info.depth, 0.5);
    }

    #[test]
    fn a_box_resting_flat_on_a_wall_touches_at_its_two_corners() {
        let (from, to) = (DVec2::new(-3.0, 0.0), DVec2::new(3.0, 0.0));
        let pose = Pose::new(DVec2::new(0.5, 0.45), 0.0);
        let mut report = SegmentBoxReport::default();
        let (first, second) = collide_segment_box((from, to), DVec2::splat(1.0), pose, Some(&mut report), true).unwrap();
        // The box's bottom, y = −0.05 from x = 0 to 1, lies 0.05 below the wall.
        for p in [first, second.unwrap()] {
            assert!((p.depth - 0.05).abs() < 1e-12 && (p.normal - DVec2::Y).length() < 1e-12, "{p:?}");
            assert!((p.start.y + 0.05).abs() < 1e-12 && (p.end.y).abs() < 1e-12);
        }
        // The wall's face 1 (normal +y) and the box's bottom face both overlap by 0.05; a tie goes to B's face, as for two boxes.
        assert_eq!(report.axis, Some((1, 0)));
        let (single, none) = collide_segment_box((from, to), DVec2::splat(1.0), pose, None, false).unwrap();
        assert!(none.is_none() && (single.depth - 0.05).abs() < 1e-12);
    }

    #[test]
    fn a_wall_end_poking_into_a_box_is_pushed_out_by_the_box_face() {
        // A wall from (−3, 0) to (0.1, 0) ends 0.1 inside a unit box's left face (x = 0).
        let pose = Pose::new(DVec2::new(0.5, 0.0), 0.0);
        let (info, _) = collide_segment_box((DVec2::new(-3.0, 0.0), DVec2::new(0.1, 0.0)), DVec2::splat(1.0), pose, None, false).unwrap();
        assert!((info.depth - 0.1).abs() < 1e-12);
        assert!((info.normal - DVec2::X).length() < 1e-12, "{info:?}");
        assert!(collide_segment_box((DVec2::new(-3.0, 0.0), DVec2::new(-0.1, 0.0)), DVec2::splat(1.0), pose, None, false).is_none());
    }
}
