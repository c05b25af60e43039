use glam::DVec2;

/// 2D cross product of two vectors, the z of their 3D cross: `a.x·b.y − a.y·b.x`.
pub fn cross(a: DVec2, b: DVec2) -> f64 {
    a.perp_dot(b)
}

/// Scalar × vector, `ω×r = (−ω·r.y, ω·r.x)`: the velocity of a point at `r`
/// from the centre of a body spinning at `ω` (text 000).
pub fn cross_sv(w: f64, r: DVec2) -> DVec2 {
    DVec2::new(-w * r.y, w * r.x)
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
}

/// Where a shape stands: centre and angle (positive from +x toward +y).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub position: DVec2,
    pub angle: f64,
}

impl Shape {
    /// Radius of the circle around the centre that holds the whole shape.
    pub fn bounding_radius(&self) -> f64 {
        match self {
            Shape::Circle { radius } => *radius,
            Shape::Box { size } => size.length() / 2.0,
        }
    }

    /// Inertia about the centre for a uniform body: disc m r²/2, box m(w²+h²)/12 (text 002).
    pub fn inertia(&self, mass: f64) -> f64 {
        match self {
            Shape::Circle { radius } => mass * radius * radius / 2.0,
            Shape::Box { size } => mass * size.length_squared() / 12.0,
        }
    }
}

/// A box's corners in world space, counter-clockwise when y points up, so that
/// face i runs from corner i to corner i+1 and its outward normal is the edge
/// turned a quarter clockwise.
pub fn box_vertices(size: DVec2, pose: Pose) -> [DVec2; 4] {
    let h = size / 2.0;
    let rot = DVec2::from_angle(pose.angle);
    [DVec2::new(-h.x, -h.y), DVec2::new(h.x, -h.y), DVec2::new(h.x, h.y), DVec2::new(-h.x, h.y)].map(|c| pose.position + rot.rotate(c))
}

pub(crate) fn box_face_normals(pose: Pose) -> [DVec2; 4] {
    let rot = DVec2::from_angle(pose.angle);
    [DVec2::NEG_Y, DVec2::X, DVec2::Y, DVec2::NEG_X].map(|n| rot.rotate(n))
}
