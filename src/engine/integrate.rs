//! Stage 4: move the bodies. Symplectic Euler uses the velocities the frame has
//! just produced (text 001), which keeps orbits and resting contacts stable;
//! explicit Euler uses those from before the frame's forces.

use super::World;
use super::trace::{BodyChange, Phase, PhaseKind, Quantity, Tracer};
use glam::DVec2;

pub(super) fn run<T: Tracer>(world: &mut World, dt: f64, frame_start_velocities: &[(DVec2, f64)], tracer: &mut T) {
    let mut phase = Phase::new(PhaseKind::Integrate, None, None);
    for (i, body) in world.bodies.iter_mut().enumerate() {
        if body.is_static() {
            continue;
        }
        let before = body.state();
        let (v, w) = frame_start_velocities.get(i).copied().unwrap_or((body.velocity, body.angular_velocity));
        body.position += v * dt;
        body.angle += w * dt;
        if T::ENABLED && (v != DVec2::ZERO || w != 0.0) {
            phase.changes.push(BodyChange { body: i, before, after: body.state() });
        }
    }
    if T::ENABLED {
        phase.values.push(Quantity::new("dt", dt, "s"));
        if !frame_start_velocities.is_empty() {
            phase.values.push(Quantity::new("velocities", "from the start of the frame (explicit Euler)", ""));
        }
        tracer.record(phase);
    }
}
