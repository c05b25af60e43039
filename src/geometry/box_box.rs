//! Separating axis test for two boxes with support points (the game-engine book).
//!
//! For each face of one box, walk against its outward normal n and ask which
//! corner of the other box lies deepest behind that face: that corner is the
//! face's support point, and its distance behind the face, (v − f)·(−n), is how far
//! the boxes overlap along n. A face with no corner behind it is a separating
//! axis, so the test stops there. Otherwise the face whose support point is
//! shallowest is the axis of least penetration, and its depth is the overlap.

use super::shape::{box_face_normals, box_vertices};
use super::{CollisionInfo, Feature, Pose};
use glam::DVec2;

/// One face of one box tested against the other box's corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceTest {
    pub normal: DVec2,
    /// A point on the face: the corner it starts from.
    pub on_face: DVec2,
    /// The other box's corner deepest behind the face; none means the face separates.
    pub support: Option<DVec2>,
    /// How far behind the face the support point lies.
    pub distance: Option<f64>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SatReport {
    /// `faces[0]` are A's faces tested against B's corners, `faces[1]` B's against A's.
    /// Faces after the first separating one are never tested and stay `None`.
    pub faces: [[Option<FaceTest>; 4]; 2],
    /// The face of least penetration as (0 for A or 1 for B, face index).
    pub axis: Option<(usize, usize)>,
}

/// The winning face of one box: index, depth, and support point with its corner's index.
struct Least {
    face: usize,
    depth: f64,
    support: DVec2,
    corner: usize,
}

/// The corner deepest behind the face, its index, and how deep it lies.
fn find_support_point(corners: &[DVec2], dir: DVec2, on_face: DVec2) -> Option<(DVec2, f64, usize)> {
    let mut best: Option<(DVec2, f64, usize)> = None;
    for (i, &v) in corners.iter().enumerate() {
        let projection = (v - on_face).dot(dir);
        // Touching (distance 0) counts as contact.
        if projection >= 0.0 && best.is_none_or(|(_, d, _)| projection > d) {
            best = Some((v, projection, i));
        }
    }
    best
}

/// `faces`, when asked for, gets every face tested. A polygon's face i runs
/// from corner i to corner i + 1 (a segment is a polygon of two faces, one
/// each way, so it has a face on each side).
fn find_axis_least_penetration(
    own_corners: &[DVec2],
    own_normals: &[DVec2],
    other_corners: &[DVec2],
    mut faces: Option<&mut [Option<FaceTest>]>,
) -> Option<Least> {
    let mut least: Option<Least> = None;
    for i in 0..own_corners.len() {
        let normal = own_normals[i];
        let on_face = own_corners[i];
        let found = find_support_point(other_corners, -normal, on_face);
        if let Some(faces) = faces.as_deref_mut() {
            faces[i] = Some(FaceTest { normal, on_face, support: found.map(|f| f.0), distance: found.map(|f| f.1) });
        }
        let (support, depth, corner) = found?;
        if least.as_ref().is_none_or(|l| depth < l.depth) {
            least = Some(Least { face: i, depth, support, corner });
        }
    }
    least
}

/// Boxes of the given sizes at the given poses. Returns the collision info (normal
/// A → B) when they overlap or touch, and the record of every face tested.
pub fn collide_box_box(size_a: DVec2, pa: Pose, size_b: DVec2, pb: Pose) -> (Option<CollisionInfo>, SatReport) {
    let mut report = SatReport::default();
    let info = sat(size_a, pa, size_b, pb, Some(&mut report)).map(|(info, _)| info);
    (info, report)
}

/// The separating axis test; the faces tested go into `report` when one is
/// given (the debugger's), and nowhere when the step runs untraced. With the
/// info comes the axis of least penetration, as in [`SatReport::axis`].
pub(crate) fn sat(
    size_a: DVec2,
    pa: Pose,
    size_b: DVec2,
    pb: Pose,
    report: Option<&mut SatReport>,
) -> Option<(CollisionInfo, (usize, usize))> {
    let a = (box_vertices(size_a, pa), box_face_normals(pa));
    let b = (box_vertices(size_b, pb), box_face_normals(pb));
    match report {
        Some(r) => {
            let [fa, fb] = &mut r.faces;
            let found = sat_polygons((&a.0, &a.1), (&b.0, &b.1), Some((fa, fb)));
            r.axis = found.map(|f| f.1);
            found
        }
        None => sat_polygons((&a.0, &a.1), (&b.0, &b.1), None),
    }
}

/// Where [`sat_polygons`] writes each face's test, A's faces then B's.
pub(crate) type FaceReports<'a> = (&'a mut [Option<FaceTest>], &'a mut [Option<FaceTest>]);

/// The same test for any two convex polygons given as corners and face
/// normals, A's faces against B's corners and then B's against A's.
pub(crate) fn sat_polygons(
    (corners_a, normals_a): (&[DVec2], &[DVec2]),
    (corners_b, normals_b): (&[DVec2], &[DVec2]),
    report: Option<FaceReports>,
) -> Option<(CollisionInfo, (usize, usize))> {
    let (faces_a, faces_b) = match report {
        Some((fa, fb)) => (Some(fa), Some(fb)),
        None => (None, None),
    };
    let on_a = find_axis_least_penetration(corners_a, normals_a, corners_b, faces_a)?;
    let on_b = find_axis_least_penetration(corners_b, normals_b, corners_a, faces_b)?;
    if on_a.depth < on_b.depth {
        // B's corner sits inside A; it is the start, and A's face is the end.
        let info = CollisionInfo::new(on_a.depth, normals_a[on_a.face], on_a.support);
        Some((info.made_by(Feature::corner(0, on_a.face, on_a.corner)), (0, on_a.face)))
    } else {
        // A's corner sits inside B; start on B's face, end at that corner.
        let n = normals_b[on_b.face];
        let info = CollisionInfo::new(on_b.depth, -n, on_b.support + n * on_b.depth);
        Some((info.made_by(Feature::corner(1, on_b.face, on_b.corner)), (1, on_b.face)))
    }
}

/// The two-point manifold of boxes that overlap along the SAT's `axis` (side
/// 0: A's face, 1: B's; as [`SatReport::axis`]), by clipping, as Box2D's
/// `manifold.c` does. The face of least penetration is the reference face; the
/// incident face is the other box's face turned most against it. The incident
/// face's segment is cut to the part between the reference face's two side
/// planes, and each of its two ends that lies behind the reference face is a
/// contact point, as deep as it lies behind it. A flat box resting on another
/// then touches at two points, and the impulses at its ends keep it level
/// where one deepest corner would rock it. Deepest point first; the normal
/// points A → B as in [`CollisionInfo`].
pub fn clip_box_box(size_a: DVec2, pa: Pose, size_b: DVec2, pb: Pose, axis: (usize, usize)) -> [Option<CollisionInfo>; 2] {
    let a = (box_vertices(size_a, pa), box_face_normals(pa));
    let b = (box_vertices(size_b, pb), box_face_normals(pb));
    clip_polygons((&a.0, &a.1), (&b.0, &b.1), axis)
}

/// [`clip_box_box`] for any two convex polygons (corners and face normals).
pub(crate) fn clip_polygons(a: (&[DVec2], &[DVec2]), b: (&[DVec2], &[DVec2]), (side, face): (usize, usize)) -> [Option<CollisionInfo>; 2] {
    let polygons = [a, b];
    let ((ref_corners, ref_normals), (inc_corners, inc_normals)) = (polygons[side], polygons[1 - side]);
    let (n_ref, n_inc) = (ref_corners.len(), inc_corners.len());
    let normal = ref_normals[face];
    let (v1, v2) = (ref_corners[face], ref_corners[(face + 1) % n_ref]);
    let incident = (0..n_inc).min_by(|&i, &j| inc_normals[i].dot(normal).total_cmp(&inc_normals[j].dot(normal))).unwrap_or(0);
    let ends = [incident, (incident + 1) % n_inc];
    let (mut p1, mut p2) = (inc_corners[ends[0]], inc_corners[ends[1]]);
    // Each end is its corner until a side plane cuts it.
    let mut made_by = ends.map(|corner| Feature::corner(side, face, corner));
    // Side planes: along the reference face, from v1 (0) to v2 (its length).
    let along = (v2 - v1).normalize_or_zero();
    let length = (v2 - v1).dot(along);
    for (plane, (offset, sign)) in [(0.0, 1.0), (length, -1.0)].into_iter().enumerate() {
        let (d1, d2) = (sign * ((p1 - v1).dot(along) - offset), sign * ((p2 - v1).dot(along) - offset));
        if d1 < 0.0 && d2 < 0.0 {
            return [None, None];
        }
        let cut = |inside: DVec2, outside: DVec2, di: f64, dout: f64| inside + (outside - inside) * (di / (di - dout));
        if d1 < 0.0 {
            p1 = cut(p2, p1, d2, d1);
            made_by[0] = Feature::cut(side, face, plane);
        } else if d2 < 0.0 {
            p2 = cut(p1, p2, d1, d2);
            made_by[1] = Feature::cut(side, face, plane);
        }
    }
    let point = |p: DVec2, feature: Feature| {
        let depth = -(p - v1).dot(normal);
        (depth >= 0.0).then(|| match side {
            // The point is on B, inside A: it is the start; A's face is the end.
            0 => CollisionInfo::new(depth, normal, p).made_by(feature),
            // The point is on A, inside B: the start is on B's face.
            _ => CollisionInfo::new(depth, -normal, p + normal * depth).made_by(feature),
        })
    };
    let (a, b) = (point(p1, made_by[0]), point(p2, made_by[1]));
    match (a, b) {
        (Some(x), Some(y)) if y.depth > x.depth => [Some(y), Some(x)],
        (None, y) => [y, None],
        (x, y) => [x, y],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pose(x: f64, y: f64, angle: f64) -> Pose {
        Pose::new(DVec2::new(x, y), angle)
    }

    #[test]
    fn overlap_along_x_is_found_on_as_right_face() {
        let (info, report) = collide_box_box(DVec2::splat(2.0), pose(0.0, 0.0, 0.0), DVec2::splat(2.0), pose(1.5, 0.2, 0.0));
        let info = info.unwrap();
        assert!((info.depth - 0.5).abs() < 1e-12);
        assert!((info.normal - DVec2::X).length() < 1e-12);
        assert!((info.end - info.start - DVec2::X * 0.5).length() < 1e-12);
        assert!(report.axis.is_some());
    }

    #[test]
    fn a_level_box_on_a_plank_touches_at_both_ends() {
        let (plank, crate_) = (DVec2::new(4.0, 1.0), DVec2::splat(1.0));
        let (pa, pb) = (pose(0.0, 0.0, 0.0), pose(0.3, 0.95, 0.0));
        let (_, report) = collide_box_box(plank, pa, crate_, pb);
        let mut points = clip_box_box(plank, pa, crate_, pb, report.axis.unwrap()).map(Option::unwrap);
        points.sort_by(|p, q| p.start.x.total_cmp(&q.start.x));
        // The crate's bottom face, x from −0.2 to 0.8, lies 0.05 inside the plank's top face y = 0.5.
        for (point, x) in points.into_iter().zip([-0.2, 0.8]) {
            assert!((point.depth - 0.05).abs() < 1e-12 && (point.normal - DVec2::Y).length() < 1e-12);
            assert!((point.start - DVec2::new(x, 0.45)).length() < 1e-12, "{point:?}");
            assert!((point.end - DVec2::new(x, 0.5)).length() < 1e-12);
        }
        // Seen from the crate (its face is the reference, the plank's incident), the same two points.
        let (_, report) = collide_box_box(crate_, pb, plank, pa);
        let [p, q] = clip_box_box(crate_, pb, plank, pa, report.axis.unwrap()).map(Option::unwrap);
        let mut starts = [p.start.x, q.start.x];
        starts.sort_by(f64::total_cmp);
        assert!((starts[0] + 0.2).abs() < 1e-12 && (starts[1] - 0.8).abs() < 1e-12, "{starts:?}");
        assert!((p.normal + DVec2::Y).length() < 1e-12 && (p.start.y - 0.5).abs() < 1e-12 && (p.end.y - 0.45).abs() < 1e-12);
    }

    #[test]
    fn a_tilted_box_touches_at_its_deepest_corner_first() {
        let (plank, crate_) = (DVec2::new(4.0, 1.0), DVec2::splat(1.0));
        let (pa, pb) = (pose(0.0, 0.0, 0.0), pose(0.0, 0.98, 0.1));
        let (sat, report) = collide_box_box(plank, pa, crate_, pb);
        let [p, q] = clip_box_box(plank, pa, crate_, pb, report.axis.unwrap());
        let p = p.unwrap();
        // The deepest point is the SAT's own corner, with the same depth.
        assert!((p.depth - sat.unwrap().depth).abs() < 1e-12 && (p.start - sat.unwrap().start).length() < 1e-12);
        // The other end of the bottom face is lifted 0.1 rad · 1 m ≈ 0.1 m: above the plank, no second point.
        assert!(q.is_none(), "{q:?}");
    }

    #[test]
    fn a_face_with_no_support_point_stops_the_test() {
        let (info, report) = collide_box_box(DVec2::splat(2.0), pose(0.0, 0.0, 0.0), DVec2::splat(2.0), pose(5.0, 0.0, 0.3));
        assert!(info.is_none());
        // A's right face (index 1) separates; faces 2 and 3 and all of B's are never tested.
        assert_eq!(report.faces[0][1].unwrap().support, None);
        assert!(report.faces[0][2].is_none() && report.faces[1][0].is_none());
    }
}
