use glam::DVec2;

/// 2D cross product of two vectors, the z of their 3D cross: `a.x·b.y − a.y·b.x`.
#[inline]
pub fn cross(a: DVec2, b: DVec2) -> f64 {
    a.perp_dot(b)
}

/// Scalar × vector, `ω×r = (−ω·r.y, ω·r.x)`: the velocity of a point at `r`
/// from the centre of a body spinning at `ω` (the rough-balls article).
#[inline]
pub fn cross_sv(w: f64, r: DVec2) -> DVec2 {
    DVec2::new(-w * r.y, w * r.x)
}

/// Whether two shapes' axis-aligned boxes, where they stand, are apart along
/// x or y: then the shapes are at least that gap apart, and no narrow-phase
/// test finds them touching. The gap must exceed a billionth of the sizes and
/// distances involved, far more than the rounding of any test's arithmetic
/// on them, so that the answer holds for the test as computed, not only as
/// exact arithmetic would have it.
pub fn boxes_apart((a, pa): (&Shape, Pose), (b, pb): (&Shape, Pose)) -> bool {
    let reach = a.half_extent_turned(pa.rotation) + b.half_extent_turned(pb.rotation);
    let gap = (pb.position - pa.position).abs() - reach;
    let scale = pa.position.abs() + pb.position.abs() + reach;
    gap.cmpgt(scale * 1e-9).any()
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Circle {
        radius: f64,
    },
    /// Width and height.
    Box {
        size: DVec2,
    },
    /// A wall (Dobre & Ramtal): a segment whose ends lie at ∓`half` from the centre.
    /// It has no area and no mass; it only stands still and is hit.
    Segment {
        half: DVec2,
    },
}

/// Where a shape stands: centre and angle (positive from +x toward +y), with
/// the angle's cosine and sine worked out once for every corner and normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub position: DVec2,
    pub angle: f64,
    rotation: DVec2,
}

impl Pose {
    pub fn new(position: DVec2, angle: f64) -> Pose {
        Pose::turned(position, angle, DVec2::from_angle(angle))
    }

    /// A pose whose rotation, `DVec2::from_angle(angle)`, was worked out
    /// before: a body's angle holds through a frame's passes.
    #[inline]
    pub fn turned(position: DVec2, angle: f64, rotation: DVec2) -> Pose {
        Pose { position, angle, rotation }
    }

    /// `v` turned by the pose's angle.
    #[inline]
    pub fn rotate(&self, v: DVec2) -> DVec2 {
        self.rotation.rotate(v)
    }
}

impl Shape {
    /// Radius of the circle around the centre that holds the whole shape.
    pub fn bounding_radius(&self) -> f64 {
        match self {
            Shape::Circle { radius } => *radius,
            Shape::Box { size } => size.length() / 2.0,
            Shape::Segment { half } => half.length(),
        }
    }

    /// Half the size of the axis-aligned box around the shape turned by `angle`.
    pub fn half_extent(&self, angle: f64) -> DVec2 {
        self.half_extent_turned(DVec2::from_angle(angle))
    }

    /// [`Self::half_extent`] for the shape turned by `rotation` = (cos, sin),
    /// worked out before (see [`Pose::turned`]).
    #[inline]
    pub fn half_extent_turned(&self, rotation: DVec2) -> DVec2 {
        match *self {
            Shape::Circle { radius } => DVec2::splat(radius),
            Shape::Box { size } => {
                let (c, s) = (rotation.x.abs(), rotation.y.abs());
                let h = size / 2.0;
                DVec2::new(h.x * c + h.y * s, h.x * s + h.y * c)
            }
            Shape::Segment { half } => rotation.rotate(half).abs(),
        }
    }

    /// How far `p` lies outside the shape standing at `pose`; negative inside,
    /// as deep as the nearest edge. For a box, `p` is taken into the box's own
    /// axes, where the excess over the half-size on each axis gives the
    /// distance to the nearest edge or corner.
    pub fn distance_to(&self, pose: Pose, p: DVec2) -> f64 {
        match self {
            Shape::Circle { radius } => (p - pose.position).length() - radius,
            Shape::Box { size } => {
                let local = DVec2::from_angle(-pose.angle).rotate(p - pose.position);
                let excess = local.abs() - *size / 2.0;
                excess.max(DVec2::ZERO).length() + excess.max_element().min(0.0)
            }
            Shape::Segment { half } => {
                let [from, to] = super::segment::segment_ends(*half, pose);
                super::segment::collide_segment_circle(from, to, p, 0.0).1.distance
            }
        }
    }

    /// Inertia about the centre for a uniform body: disc m r²/2, box m(w²+h²)/12 (the rigid-body blog).
    pub fn inertia(&self, mass: f64) -> f64 {
        match self {
            Shape::Circle { radius } => mass * radius * radius / 2.0,
            Shape::Box { size } => mass * size.length_squared() / 12.0,
            // A wall is static: its mass and inertia are never used.
            Shape::Segment { .. } => 0.0,
        }
    }
}

/// A box's corners in world space, counter-clockwise when y points up, so that
/// face i runs from corner i to corner i+1 and its outward normal is the edge
/// turned a quarter clockwise.
pub fn box_vertices(size: DVec2, pose: Pose) -> [DVec2; 4] {
    let h = size / 2.0;
    [DVec2::new(-h.x, -h.y), DVec2::new(h.x, -h.y), DVec2::new(h.x, h.y), DVec2::new(-h.x, h.y)]
        .map(|c| pose.position + pose.rotation.rotate(c))
}

pub(crate) fn box_face_normals(pose: Pose) -> [DVec2; 4] {
    [DVec2::NEG_Y, DVec2::X, DVec2::Y, DVec2::NEG_X].map(|n| pose.rotation.rotate(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shapes placed so that their boxes are just apart or just overlapping
    /// along x or y, at every angle: whenever `boxes_apart` says so, the narrow
    /// phase finds no contact; boxes that touch are never called apart.
    #[test]
    fn shapes_whose_boxes_are_apart_never_collide() {
        let mut rng = fastrand::Rng::with_seed(11);
        let shape = |rng: &mut fastrand::Rng| match rng.usize(0..3) {
            0 => Shape::Circle { radius: 0.1 + rng.f64() * 2.0 },
            1 => Shape::Box { size: DVec2::new(0.1 + rng.f64() * 30.0, 0.1 + rng.f64() * 2.0) },
            _ => Shape::Segment { half: DVec2::new(rng.f64() * 20.0 - 10.0, rng.f64() * 4.0 - 2.0) },
        };
        let (mut apart, mut near) = (0, 0);
        for _ in 0..200_000 {
            let (a, b) = (shape(&mut rng), shape(&mut rng));
            let pa = Pose::new(DVec2::new(rng.f64() * 2e3 - 1e3, rng.f64() * 10.0), rng.f64() * 7.0 - 3.5);
            let angle = rng.f64() * 7.0 - 3.5;
            let reach = a.half_extent(pa.angle) + b.half_extent(angle);
            // Off by up to a thousandth either way along one axis, anywhere along the other.
            let off = (rng.f64() - 0.5) * 2e-3 * 10f64.powi(-rng.i32(0..10));
            let along = (rng.f64() * 2.0 - 1.0) * reach;
            let offset = if rng.bool() { DVec2::new(reach.x + off, along.y) } else { DVec2::new(along.x, reach.y + off) };
            let offset = if rng.bool() { -offset } else { offset };
            let pb = Pose::new(pa.position + offset, angle);
            if boxes_apart((&a, pa), (&b, pb)) {
                apart += 1;
                assert!(off > 0.0, "{a:?} at {pa:?} and {b:?} at {pb:?} overlap by {} yet are called apart", -off);
                let found = crate::geometry::collide(&a, pa, &b, pb, None).info;
                assert!(found.is_none(), "{a:?} at {pa:?} and {b:?} at {pb:?}: boxes apart by {off}, yet {found:?}");
            } else if off > 0.0 {
                near += 1;
            }
        }
        // Both answers were given: boxes apart by more than the allowance for
        // rounding were called apart, those closer were not.
        assert!(apart > 30_000 && near > 10_000, "{apart} apart, {near} too close to call");
    }

    #[test]
    fn distance_to_a_turned_box_and_a_circle() {
        let quarter = Pose::new(DVec2::new(1.0, 1.0), std::f64::consts::FRAC_PI_2);
        let plank = Shape::Box { size: DVec2::new(4.0, 2.0) };
        // Turned a quarter, the plank is 2 wide and 4 tall.
        assert!((plank.distance_to(quarter, DVec2::new(1.0, 1.0)) + 1.0).abs() < 1e-12);
        assert!((plank.distance_to(quarter, DVec2::new(3.0, 1.0)) - 1.0).abs() < 1e-12);
        assert!((plank.distance_to(quarter, DVec2::new(1.0, 4.0)) - 1.0).abs() < 1e-12);
        // Beyond the corner (2, 3): the distance to the corner.
        assert!((plank.distance_to(quarter, DVec2::new(5.0, 6.0)) - 18f64.sqrt()).abs() < 1e-12);
        let disc = Shape::Circle { radius: 2.0 };
        assert_eq!(disc.distance_to(quarter, DVec2::new(1.0, 4.0)), 1.0);
    }
}
