//! The physics: a world of rigid bodies and the one function that steps it.
//!
//! A frame runs as named stages (DESIGN.md, "A frame, phase by phase"):
//! forces → for each relaxation pass: broad, then detect → correct → resolve for
//! every candidate pair in scene order → integrate.

mod body;
mod broad;
mod correct;
mod detect;
mod forces;
mod integrate;
mod record;
mod resolve;
mod trace;

pub use body::{Body, BodyState};
pub use record::{FrameRecord, record_frame};
pub use trace::{BodyChange, NoTrace, Phase, PhaseKind, Quantity, Tracer, Value};

use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub bodies: Vec<Body>,
    pub gravity: DVec2,
    pub time: f64,
    pub frame: u64,
}

impl World {
    pub fn new(bodies: Vec<Body>, gravity: DVec2) -> World {
        World { bodies, gravity, time: 0.0, frame: 0 }
    }

    pub fn kinetic_energy(&self) -> f64 {
        self.bodies.iter().map(Body::kinetic_energy).sum()
    }

    pub fn momentum(&self) -> DVec2 {
        self.bodies.iter().map(|b| b.velocity * b.mass()).sum()
    }

    pub fn states(&self) -> Vec<BodyState> {
        self.bodies.iter().map(Body::state).collect()
    }
}

/// How text 000 and text 001 differ on friction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Friction {
    None,
    /// Text 000: jt = μ·jn whenever there is sliding.
    Coulomb,
    /// Text 001: jt = −μ·vrt / Kt, a fraction μ of the impulse that stops sliding.
    VelocityRatio,
}

/// Which way the tangent points, the subject of text 000's bug and fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tangent {
    /// t = (n.y, −n.x), whatever the sliding direction: text 000's first code.
    RotatedNormal,
    /// The same t, with the friction impulse negated when vrt < 0.
    SignFixed,
    /// t = (n×v_rel)×n normalised: the sliding direction itself.
    Projected,
}

impl Friction {
    /// The name scene files use.
    pub fn name(self) -> &'static str {
        match self {
            Friction::None => "none",
            Friction::Coulomb => "coulomb",
            Friction::VelocityRatio => "velocity-ratio",
        }
    }
}

impl Tangent {
    /// The name scene files use.
    pub fn name(self) -> &'static str {
        match self {
            Tangent::RotatedNormal => "rotated-normal",
            Tangent::SignFixed => "sign-fixed",
            Tangent::Projected => "projected",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Integrator {
    SymplecticEuler,
    /// Moves bodies with the velocities they had before the frame's forces.
    ExplicitEuler,
}

impl Integrator {
    /// The name a scene file uses.
    pub fn name(self) -> &'static str {
        match self {
            Integrator::SymplecticEuler => "symplectic-euler",
            Integrator::ExplicitEuler => "explicit-euler",
        }
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
    pub integrator: Integrator,
    /// `false` freezes the forces and integrate stages (text 001's motion toggle).
    pub motion: bool,
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
            integrator: Integrator::SymplecticEuler,
            motion: true,
        }
    }
}

/// What a step did, counted even when nothing is traced (for `impulse bench`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepStats {
    /// Pairs that passed the bounding test and went to the narrow phase, over all passes.
    pub narrow_tests: usize,
    /// Narrow-phase tests that found contact, over all passes.
    pub contacts: usize,
}

/// Advances the world by one frame, telling `tracer` what each phase did.
pub fn step<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    let mut stats = StepStats::default();
    let frame_start_velocities: Vec<(DVec2, f64)> = match settings.integrator {
        Integrator::ExplicitEuler => world.bodies.iter().map(|b| (b.velocity, b.angular_velocity)).collect(),
        Integrator::SymplecticEuler => Vec::new(),
    };
    if settings.motion {
        forces::apply(world, settings.dt, tracer);
    }
    let mut candidates = Vec::new();
    for pass in 1..=settings.relaxation_iterations {
        broad::find_candidates(&world.bodies, pass, &mut candidates, tracer);
        for &(a, b) in &candidates {
            stats.narrow_tests += 1;
            let Some(info) = detect::run(&world.bodies, a, b, pass, tracer) else { continue };
            stats.contacts += 1;
            if settings.position_correction {
                correct::run(&mut world.bodies, a, b, &info, settings.correction_rate, pass, tracer);
            }
            resolve::run(&mut world.bodies, a, b, &info, settings, pass, tracer);
        }
    }
    if settings.motion {
        integrate::run(world, settings.dt, &frame_start_velocities, tracer);
    }
    world.time += settings.dt;
    world.frame += 1;
    stats
}

/// Borrows two different bodies of the slice mutably, in the order asked.
pub(crate) fn pair_mut(bodies: &mut [Body], a: usize, b: usize) -> (&mut Body, &mut Body) {
    debug_assert!(a < b);
    let (left, right) = bodies.split_at_mut(b);
    (&mut left[a], &mut right[0])
}

/// Records the change a phase made to bodies `a` and `b`.
pub(crate) fn pair_changes(bodies: &[Body], a: usize, b: usize, before: (BodyState, BodyState)) -> Vec<BodyChange> {
    vec![
        BodyChange { body: a, before: before.0, after: bodies[a].state() },
        BodyChange { body: b, before: before.1, after: bodies[b].state() },
    ]
}
