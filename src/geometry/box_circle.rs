//! Box against circle by the nearest edge and three regions (the game-engine book).
//!
//! The face the circle's centre stands furthest out from (least deep, if the
//! centre is inside) is the nearest edge. Outside it, the centre is either past
//! the edge's first corner, past its second corner, or beside the edge itself:
//! near a corner the contact normal runs from the corner to the centre, beside
//! the edge it is the face normal.

use super::shape::{box_face_normals, box_vertices};
use super::{CollisionInfo, Pose};
use glam::DVec2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CircleRegion {
    /// The centre is inside the box.
    Inside,
    /// Past the nearest edge's first corner.
    StartCorner,
    /// Past the nearest edge's second corner.
    EndCorner,
    /// Beside the nearest edge.
    Face,
}

impl CircleRegion {
    pub fn describe(self) -> &'static str {
        match self {
            CircleRegion::Inside => "centre inside the box",
            CircleRegion::StartCorner => "past the edge's first corner",
            CircleRegion::EndCorner => "past the edge's second corner",
            CircleRegion::Face => "beside the edge",
        }
    }
}

fn corner_contact(corner: DVec2, centre: DVec2, radius: f64) -> Option<CollisionInfo> {
    let v = centre - corner;
    let dist = v.length();
    if dist > radius || dist == 0.0 {
        return None;
    }
    let n = v / dist;
    Some(CollisionInfo::new(radius - dist, n, centre - n * radius))
}

/// The region test's numbers: which edge is nearest, where the centre stands
/// against it, and so which region it is in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegionTest {
    pub region: CircleRegion,
    /// The nearest edge: its index, its corners in order and its outward normal.
    pub edge: usize,
    pub first: DVec2,
    pub second: DVec2,
    pub normal: DVec2,
    /// (c − first)·n: how far the centre stands out of the edge's line (≤ 0: inside the box).
    pub out: f64,
    /// (c − first)·(second − first): below 0, the centre is past the first corner.
    pub along_first: f64,
    /// (c − second)·(first − second): below 0, past the second corner.
    pub along_second: f64,
}

/// The box is A, the circle B: the normal points out of the box. Also returns the
/// region test: the nearest edge and where the centre stands against it.
pub fn collide_box_circle(size: DVec2, pose: Pose, centre: DVec2, radius: f64) -> (Option<CollisionInfo>, RegionTest) {
    let corners = box_vertices(size, pose);
    let normals = box_face_normals(pose);
    let (mut edge, mut best) = (0, f64::NEG_INFINITY);
    for i in 0..4 {
        let projection = (centre - corners[i]).dot(normals[i]);
        if projection > best {
            (edge, best) = (i, projection);
        }
    }
    let (first, second) = (corners[edge], corners[(edge + 1) % 4]);
    let along = second - first;
    let mut test = RegionTest {
        region: CircleRegion::Inside,
        edge,
        first,
        second,
        normal: normals[edge],
        out: best,
        along_first: (centre - first).dot(along),
        along_second: (centre - second).dot(-along),
    };
    let face_contact = |depth: f64| CollisionInfo::new(depth, normals[edge], centre - normals[edge] * radius);
    let info = if best <= 0.0 {
        Some(face_contact(radius - best))
    } else if test.along_first < 0.0 {
        test.region = CircleRegion::StartCorner;
        corner_contact(first, centre, radius)
    } else if test.along_second < 0.0 {
        test.region = CircleRegion::EndCorner;
        corner_contact(second, centre, radius)
    } else {
        test.region = CircleRegion::Face;
        (best <= radius).then(|| face_contact(radius - best))
    };
    (info, test)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_resting_on_top_face() {
        let pose = Pose::new(DVec2::ZERO, 0.0);
        let (info, test) = collide_box_circle(DVec2::new(4.0, 2.0), pose, DVec2::new(0.5, 1.8), 1.0);
        assert_eq!((test.region, test.edge), (CircleRegion::Face, 2));
        assert!((test.out - 0.8).abs() < 1e-12);
        let info = info.unwrap();
        assert!((info.depth - 0.2).abs() < 1e-12);
        assert!((info.normal - DVec2::Y).length() < 1e-12);
    }

    #[test]
    fn circle_near_a_corner_is_pushed_away_from_it() {
        let pose = Pose::new(DVec2::ZERO, 0.0);
        let (info, test) = collide_box_circle(DVec2::splat(2.0), pose, DVec2::new(1.5, 1.5), 1.0);
        assert!(matches!(test.region, CircleRegion::StartCorner | CircleRegion::EndCorner));
        let info = info.unwrap();
        assert!((info.normal - DVec2::splat(0.5f64.sqrt())).length() < 1e-12);
        assert!((info.depth - (1.0 - 0.5f64.sqrt())).abs() < 1e-12);
    }
}
