use crate::geometry::{Pose, Shape, cross, cross_sv};
use glam::DVec2;

/// What a phase can change about a body, and what the trace keeps of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    pub position: DVec2,
    pub angle: f64,
    pub velocity: DVec2,
    pub angular_velocity: f64,
}

/// A rigid body. Static bodies have zero inverse mass and inverse inertia, so
/// impulses and corrections never move them.
///
/// The fields the relaxation passes read for every contact come first and
/// together (`repr(C)` keeps the order), so a contact touches one or two cache
/// lines of each body rather than three; the name and the queued loads,
/// which the passes never read, come last.
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct Body {
    pub position: DVec2,
    pub velocity: DVec2,
    pub angular_velocity: f64,
    inv_mass: f64,
    inv_inertia: f64,
    pub restitution: f64,
    pub friction: f64,
    pub angle: f64,
    pub shape: Shape,
    mass: f64,
    inertia: f64,
    pub name: String,
    /// Loads queued for the next forces phase, then cleared (text 002).
    pub force: DVec2,
    pub torque: f64,
    pub impulse: DVec2,
    pub angular_impulse: f64,
}

impl Body {
    /// A dynamic body with the uniform inertia of its shape. `mass` must be > 0.
    pub fn dynamic(name: impl Into<String>, shape: Shape, mass: f64) -> Body {
        let mut body = Body::fixed(name, shape);
        body.set_mass(mass, None);
        body
    }

    /// A static body: it never moves, whatever hits it.
    pub fn fixed(name: impl Into<String>, shape: Shape) -> Body {
        Body {
            name: name.into(),
            shape,
            restitution: 1.0,
            friction: 0.0,
            position: DVec2::ZERO,
            angle: 0.0,
            velocity: DVec2::ZERO,
            angular_velocity: 0.0,
            force: DVec2::ZERO,
            torque: 0.0,
            impulse: DVec2::ZERO,
            angular_impulse: 0.0,
            mass: 0.0,
            inertia: 0.0,
            inv_mass: 0.0,
            inv_inertia: 0.0,
        }
    }

    pub fn at(mut self, position: DVec2) -> Body {
        self.position = position;
        self
    }

    /// Mass > 0 makes the body dynamic; `inertia` overrides the shape's uniform one.
    pub fn set_mass(&mut self, mass: f64, inertia: Option<f64>) {
        let inertia = inertia.unwrap_or_else(|| self.shape.inertia(mass));
        self.mass = mass;
        self.inertia = inertia;
        self.inv_mass = 1.0 / mass;
        self.inv_inertia = if inertia > 0.0 { 1.0 / inertia } else { 0.0 };
    }

    pub fn make_static(&mut self) {
        (self.mass, self.inertia, self.inv_mass, self.inv_inertia) = (0.0, 0.0, 0.0, 0.0);
        (self.velocity, self.angular_velocity) = (DVec2::ZERO, 0.0);
    }

    #[inline]
    pub fn is_static(&self) -> bool {
        self.inv_mass == 0.0
    }
    pub fn mass(&self) -> f64 {
        self.mass
    }
    pub fn inertia(&self) -> f64 {
        self.inertia
    }
    #[inline]
    pub fn inv_mass(&self) -> f64 {
        self.inv_mass
    }
    #[inline]
    pub fn inv_inertia(&self) -> f64 {
        self.inv_inertia
    }

    pub fn pose(&self) -> Pose {
        Pose::new(self.position, self.angle)
    }

    /// Velocity of the body's point at `p`: v + ω×(p − x) (text 000).
    #[inline]
    pub fn velocity_at(&self, p: DVec2) -> DVec2 {
        self.velocity + cross_sv(self.angular_velocity, p - self.position)
    }

    /// Linear plus rotational kinetic energy, ½mv² + ½Iω².
    pub fn kinetic_energy(&self) -> f64 {
        0.5 * self.mass * self.velocity.length_squared() + 0.5 * self.inertia * self.angular_velocity.powi(2)
    }

    pub fn state(&self) -> BodyState {
        BodyState { position: self.position, angle: self.angle, velocity: self.velocity, angular_velocity: self.angular_velocity }
    }

    pub fn set_state(&mut self, s: &BodyState) {
        (self.position, self.angle, self.velocity, self.angular_velocity) = (s.position, s.angle, s.velocity, s.angular_velocity);
    }

    /// A force through the point `at` (world space) also turns the body: τ = r×F (text 002).
    pub fn apply_force_at(&mut self, force: DVec2, at: DVec2) {
        self.force += force;
        self.torque += cross(at - self.position, force);
    }

    pub fn apply_torque(&mut self, torque: f64) {
        self.torque += torque;
    }

    /// An impulse J through `at` changes v by J/m and ω by (r×J)/I at once.
    pub fn apply_impulse_at(&mut self, impulse: DVec2, at: DVec2) {
        self.impulse += impulse;
        self.angular_impulse += cross(at - self.position, impulse);
    }

    pub fn apply_angular_impulse(&mut self, angular_impulse: f64) {
        self.angular_impulse += angular_impulse;
    }

    /// Applies J at the point `r` from the centre, as the resolve phase does.
    /// A static body is left alone rather than moved by J·0: an impulse gone
    /// non-finite times a zero inverse mass is NaN, not 0.
    #[inline]
    pub(crate) fn push(&mut self, j: DVec2, r: DVec2) {
        if self.is_static() {
            return;
        }
        self.velocity += j * self.inv_mass;
        self.angular_velocity += cross(r, j) * self.inv_inertia;
    }
}
