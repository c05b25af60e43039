//! How a step runs: the method, the texts' choices and the options added to them.

use crate::named::named;

named! {
    /// How the rough-balls article and the game-engine book differ on friction.
    pub enum Friction {
        None = "none",
        /// The rough-balls article: jt = μ·jn whenever there is sliding.
        Coulomb = "coulomb",
        /// The game-engine book: jt = −μ·vrt / Kt, a fraction μ of the impulse that stops sliding.
        VelocityRatio = "velocity-ratio",
    }
}

named! {
    /// Which way the tangent points, the subject of the rough-balls article's bug and fixes.
    pub enum Tangent {
        /// t = (n.y, −n.x), whatever the sliding direction: the rough-balls article's first code.
        RotatedNormal = "rotated-normal",
        /// The same t, with the friction impulse negated when vrt < 0.
        SignFixed = "sign-fixed",
        /// t = (n×v_rel)×n normalised: the sliding direction itself.
        Projected = "projected",
    }
}

named! {
    /// Where two boxes touch: the game-engine book's one deepest corner, or the two ends of
    /// the incident face clipped to the reference face (Box2D's manifold).
    pub enum ContactModel {
        Single = "single",
        Clipped = "clipped",
    }
}

named! {
    /// How contact is handled (docs/scene-format.md, `method`).
    pub enum Method {
        /// The game-engine book: positional correction and impulses, relaxed over passes.
        Relaxation = "relaxation",
        /// Dobre & Ramtal: move, then put each ball back where it touched and bounce it.
        Reposition = "reposition",
        /// Sedgewick & Wayne: predict each hit, and jump from one to the next.
        EventDriven = "event-driven",
    }
}

named! {
    pub enum Integrator {
        SymplecticEuler = "symplectic-euler",
        /// Moves bodies with the velocities they had before the frame's forces.
        ExplicitEuler = "explicit-euler",
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub dt: f64,
    pub relaxation_iterations: usize,
    pub correction_rate: f64,
    pub position_correction: bool,
    pub friction: Friction,
    pub tangent: Tangent,
    pub coulomb_cap: bool,
    /// Below this approach speed (m/s) a contact bounces with e = 0, so the
    /// speed gravity adds each frame to a resting body is not bounced back.
    pub restitution_threshold: f64,
    /// Overlap (m) that positional correction leaves alone, so a resting
    /// contact stays touching instead of being pushed apart and falling back.
    pub slop: f64,
    pub contact: ContactModel,
    pub integrator: Integrator,
    /// Summed impulses, and contacts that begin each frame from the last one's (not in the texts).
    pub warm_start: bool,
    /// `false` freezes the forces and integrate stages (the game-engine book's motion toggle).
    pub motion: bool,
    pub method: Method,
    /// `reposition`: a ball whose centre crossed a wall's line since the last frame has hit it.
    pub side_tracking: bool,
    /// `reposition`: a ball put back to a wall takes the slower velocity it had there.
    pub velocity_correction: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            dt: 1.0 / 60.0,
            relaxation_iterations: 15,
            correction_rate: 0.8,
            position_correction: true,
            friction: Friction::Coulomb,
            tangent: Tangent::Projected,
            coulomb_cap: false,
            restitution_threshold: 0.0,
            slop: 0.0,
            contact: ContactModel::Single,
            integrator: Integrator::SymplecticEuler,
            warm_start: false,
            motion: true,
            method: Method::Relaxation,
            side_tracking: true,
            velocity_correction: true,
        }
    }
}
