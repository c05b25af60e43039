//! The physical range of every number of the scene format. Each is wide enough
//! for any lesson or classroom scene (a gram to a thousand tonnes, a millimetre
//! to ten kilometres) and narrow enough that no product the step forms — an
//! impulse, a kinetic energy, a squared distance — can overflow to infinity or
//! underflow a divisor to zero (a mass of 5e-324 kg has an inverse mass of inf).

/// A closed range `lo..=hi`, with the words a message gives it.
pub struct Limit {
    pub lo: f64,
    pub hi: f64,
    /// "between 0.000001 and 1,000,000,000 kg", as the message says it.
    pub text: &'static str,
}

impl Limit {
    pub fn holds(&self, x: f64) -> bool {
        x.is_finite() && (self.lo..=self.hi).contains(&x)
    }
}

pub const MASS: Limit = Limit { lo: 1e-6, hi: 1e9, text: "between 0.000001 and 1,000,000,000 kg" };
pub const INERTIA: Limit = Limit { lo: 1e-12, hi: 1e15, text: "between 0.000000000001 and 1,000,000,000,000,000 kg·m²" };
/// A radius, or a box's width or height.
pub const LENGTH: Limit = Limit { lo: 1e-3, hi: 1e4, text: "between 0.001 and 10,000 m" };
/// Each coordinate of a position, of an action's point or of the view.
pub const COORDINATE: Limit = Limit { lo: -1e6, hi: 1e6, text: "between -1,000,000 and 1,000,000 m" };
pub const ANGLE: Limit = Limit { lo: -1e6, hi: 1e6, text: "between -1,000,000 and 1,000,000 rad" };
/// Each component of a velocity (a body's or an action's).
pub const SPEED: Limit = Limit { lo: -1e4, hi: 1e4, text: "between -10,000 and 10,000 m/s" };
pub const ANGULAR_SPEED: Limit = Limit { lo: -1e4, hi: 1e4, text: "between -10,000 and 10,000 rad/s" };
/// μ: rubber on dry concrete is about 1, the stickiest pairs measured about 2.
pub const FRICTION: Limit = Limit { lo: 0.0, hi: 2.0, text: "from 0 to 2" };
/// Above this μ, Coulomb friction without `coulomb_cap` can reverse the sliding and add energy.
pub const FRICTION_UNCAPPED: f64 = 1.0;
pub const RESTITUTION: Limit = Limit { lo: 0.0, hi: 1.0, text: "from 0 to 1" };
pub const DT: Limit = Limit { lo: 1e-6, hi: 1.0, text: "between 0.000001 and 1 s" };
/// Each component of gravity: a hundred times the Earth's.
pub const GRAVITY: Limit = Limit { lo: -1e3, hi: 1e3, text: "between -1,000 and 1,000 m/s²" };
pub const RESTITUTION_THRESHOLD: Limit = Limit { lo: 0.0, hi: 1e4, text: "between 0 and 10,000 m/s" };
pub const SLOP: Limit = Limit { lo: 0.0, hi: 1.0, text: "between 0 and 1 m" };
/// Each component of an action's force, or its torque.
pub const FORCE: Limit = Limit { lo: -1e9, hi: 1e9, text: "between -1,000,000,000 and 1,000,000,000 (N or N·m)" };
/// Each component of an action's impulse, or its angular impulse.
pub const IMPULSE: Limit = Limit { lo: -1e9, hi: 1e9, text: "between -1,000,000,000 and 1,000,000,000 (N·s or N·m·s)" };
/// Passes over the contacts a frame (an integer; a check's `with` may set it).
pub const RELAXATION_ITERATIONS: Limit = Limit { lo: 1.0, hi: 1000.0, text: "from 1 to 1000" };
/// A check's tolerance: 0 (exact) or more, and finite.
pub const TOLERANCE: Limit = Limit { lo: 0.0, hi: f64::MAX, text: "a finite number of 0 or more" };
/// A check's expected number: any, but finite.
pub const EXPECTED: Limit = Limit { lo: f64::MIN, hi: f64::MAX, text: "a finite number (not nan or inf)" };
