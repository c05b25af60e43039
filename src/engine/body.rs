use super::kernel;
use crate::geometry::{Pose, Shape, cross};
use glam::DVec2;

/// What a phase can change about a body, and what the trace keeps of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    pub position: DVec2,
    pub angle: f64,
    pub velocity: DVec2,
    pub angular_velocity: f64,
}

/// A body's hot half: what the relaxation passes read and write for every
/// contact they visit. A world keeps these in an array of their own, apart
/// from the [`Body`] half the passes never touch but for shape and material, as
/// Box2D keeps its body states apart from its bodies: a pass over a thousand
/// bodies then walks 64 kB of motions, one 64-byte line each, and never
/// drags a name or a queued load through the cache.
///
/// Static bodies have zero inverse mass and inverse inertia, so impulses and
/// corrections never move them.
///
/// Aligned to the line, so that no motion straddles two.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(64))]
pub struct Motion {
    pub position: DVec2,
    pub velocity: DVec2,
    pub angle: f64,
    pub angular_velocity: f64,
    inv_mass: f64,
    inv_inertia: f64,
}

/// A body's cold half: what it is rather than where it is going. Its motion
/// is the [`Motion`] of the same index in the world. What a contact reads of
/// it, the shape and the material, comes first and together (`repr(C)` keeps
/// the order).
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct Body {
    pub shape: Shape,
    pub restitution: f64,
    pub friction: f64,
    pub name: String,
    mass: f64,
    inertia: f64,
    /// Loads queued for the next forces phase, then cleared (the rigid-body blog).
    pub force: DVec2,
    pub torque: f64,
    pub impulse: DVec2,
    pub angular_impulse: f64,
}

/// One body's two halves, borrowed together.
pub type BodyRef<'a> = (&'a Body, &'a Motion);

/// A whole body, both halves together: what a world is built from, and what
/// it gives back when a body is taken out or copied for editing.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyDef {
    pub body: Body,
    pub motion: Motion,
}

impl BodyDef {
    /// A dynamic body with the uniform inertia of its shape. `mass` must be > 0.
    pub fn dynamic(name: impl Into<String>, shape: Shape, mass: f64) -> BodyDef {
        let mut def = BodyDef::fixed(name, shape);
        def.set_mass(mass, None);
        def
    }

    /// A static body: it never moves, whatever hits it.
    pub fn fixed(name: impl Into<String>, shape: Shape) -> BodyDef {
        let body = Body {
            name: name.into(),
            shape,
            restitution: 1.0,
            friction: 0.0,
            mass: 0.0,
            inertia: 0.0,
            force: DVec2::ZERO,
            torque: 0.0,
            impulse: DVec2::ZERO,
            angular_impulse: 0.0,
        };
        let motion =
            Motion { position: DVec2::ZERO, velocity: DVec2::ZERO, angle: 0.0, angular_velocity: 0.0, inv_mass: 0.0, inv_inertia: 0.0 };
        BodyDef { body, motion }
    }

    pub fn at(mut self, position: DVec2) -> BodyDef {
        self.motion.position = position;
        self
    }

    /// Mass > 0 makes the body dynamic; `inertia` overrides the shape's uniform one.
    pub fn set_mass(&mut self, mass: f64, inertia: Option<f64>) {
        // Then the mass and the inverse mass agree on which bodies are static.
        debug_assert!(mass > 0.0 && mass.is_finite(), "mass {mass}");
        let inertia = inertia.unwrap_or_else(|| self.body.shape.inertia(mass));
        (self.body.mass, self.body.inertia) = (mass, inertia);
        self.motion.inv_mass = 1.0 / mass;
        self.motion.inv_inertia = if inertia > 0.0 { 1.0 / inertia } else { 0.0 };
    }

    pub fn make_static(&mut self) {
        (self.body.mass, self.body.inertia) = (0.0, 0.0);
        let m = &mut self.motion;
        (m.inv_mass, m.inv_inertia, m.velocity, m.angular_velocity) = (0.0, 0.0, DVec2::ZERO, 0.0);
    }

    /// Both halves copied out of a world (see [`super::World::def`]).
    pub fn copy_of((body, motion): BodyRef) -> BodyDef {
        BodyDef { body: body.clone(), motion: *motion }
    }

    /// Both halves, borrowed.
    pub fn parts(&self) -> BodyRef<'_> {
        (&self.body, &self.motion)
    }

    /// Both halves, borrowed to change.
    pub fn parts_mut(&mut self) -> (&mut Body, &mut Motion) {
        (&mut self.body, &mut self.motion)
    }
}

impl Body {
    /// A static body has no mass, and its motion no inverse mass: the two are
    /// only ever set together ([`BodyDef::set_mass`], for a mass > 0 and
    /// finite, and [`BodyDef::make_static`]). The step asks the motion.
    pub fn is_static(&self) -> bool {
        self.mass == 0.0
    }
    pub fn mass(&self) -> f64 {
        self.mass
    }
    pub fn inertia(&self) -> f64 {
        self.inertia
    }

    /// The body without its name (nor the loads queued for the next frame):
    /// what a contact reads of it, copied without an allocation.
    pub(crate) fn unnamed(&self) -> Body {
        let (force, torque, impulse, angular_impulse) = (DVec2::ZERO, 0.0, DVec2::ZERO, 0.0);
        Body { name: String::new(), force, torque, impulse, angular_impulse, ..*self }
    }

    /// Linear plus rotational kinetic energy of this body moving as `m`, ½mv² + ½Iω².
    pub fn kinetic_energy(&self, m: &Motion) -> f64 {
        0.5 * self.mass * m.velocity.length_squared() + 0.5 * self.inertia * m.angular_velocity.powi(2)
    }

    /// A force with arm `r` from the centre also turns the body: τ = r×F (the rigid-body blog).
    pub fn apply_force(&mut self, force: DVec2, r: DVec2) {
        self.force += force;
        self.torque += cross(r, force);
    }

    pub fn apply_torque(&mut self, torque: f64) {
        self.torque += torque;
    }

    /// An impulse J with arm `r` changes v by J/m and ω by (r×J)/I at once.
    pub fn apply_impulse(&mut self, impulse: DVec2, r: DVec2) {
        self.impulse += impulse;
        self.angular_impulse += cross(r, impulse);
    }

    pub fn apply_angular_impulse(&mut self, angular_impulse: f64) {
        self.angular_impulse += angular_impulse;
    }
}

impl Motion {
    #[inline]
    pub fn is_static(&self) -> bool {
        self.inv_mass == 0.0
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

    /// Velocity of the body's point at `p`: v + ω×(p − x) (the rough-balls article).
    #[inline]
    pub fn velocity_at(&self, p: DVec2) -> DVec2 {
        kernel::velocity_at(self.velocity.into(), self.angular_velocity, (p - self.position).into()).into()
    }

    pub fn state(&self) -> BodyState {
        BodyState { position: self.position, angle: self.angle, velocity: self.velocity, angular_velocity: self.angular_velocity }
    }

    pub fn set_state(&mut self, s: &BodyState) {
        (self.position, self.angle, self.velocity, self.angular_velocity) = (s.position, s.angle, s.velocity, s.angular_velocity);
    }

    /// Applies J at the point `r` from the centre, as the resolve phase does.
    /// A static body is left alone rather than moved by J·0: an impulse gone
    /// non-finite times a zero inverse mass is NaN, not 0.
    #[inline]
    pub(crate) fn push(&mut self, j: DVec2, r: DVec2) {
        if self.is_static() {
            return;
        }
        let (v, w) = kernel::push((self.velocity.into(), self.angular_velocity), j.into(), r.into(), self.inv_mass, self.inv_inertia);
        (self.velocity, self.angular_velocity) = (v.into(), w);
    }
}

// One motion, one cache line: the reason for the split.
const _: () = assert!(std::mem::size_of::<Motion>() == 64);

/// Borrows two different motions of the slice mutably, in the order asked.
#[inline]
pub(crate) fn pair_mut(motions: &mut [Motion], a: usize, b: usize) -> (&mut Motion, &mut Motion) {
    debug_assert!(a < b);
    let (left, right) = motions.split_at_mut(b);
    (&mut left[a], &mut right[0])
}
