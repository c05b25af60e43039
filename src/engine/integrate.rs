//! Stage 4: move the bodies. Symplectic Euler uses the velocities the frame has
//! just produced (the game-engine book), which keeps orbits and resting contacts stable;
//! explicit Euler uses those from before the frame's forces.

use super::body::Motion;
use super::phase::{Phase, PhaseData, Tracer};
use super::trace::{BodyChange, PhaseKind};
use glam::DVec2;

pub mod record;
use record::{IntegrateRecord, Moved};

/// `frame_start_velocities` is empty for symplectic Euler. `kind` is
/// `Integrate`, or `Move` for Dobre & Ramtal's method, whose frame moves first, and
/// Sedgewick & Wayne's, which moves to each event (`iteration`, the event's number).
pub(super) fn run<T: Tracer>(
    motions: &mut [Motion],
    dt: f64,
    frame_start_velocities: &[(DVec2, f64)],
    (kind, iteration): (PhaseKind, Option<usize>),
    tracer: &mut T,
) {
    let explicit = !frame_start_velocities.is_empty();
    let mut record =
        (T::ENABLED && tracer.wants(kind, None)).then(|| IntegrateRecord { dt, explicit, before: Vec::new(), changes: Vec::new() });
    for (i, motion) in motions.iter_mut().enumerate() {
        if motion.is_static() {
            continue;
        }
        let (v, w) = frame_start_velocities.get(i).copied().unwrap_or((motion.velocity, motion.angular_velocity));
        let before = Moved { x: motion.position, theta: motion.angle, v, w };
        motion.position += v * dt;
        motion.angle += w * dt;
        if let Some(r) = &mut record
            && (v != DVec2::ZERO || w != 0.0)
        {
            r.before.push(before);
            r.changes.push(BodyChange { body: i, after: motion.state() });
        }
    }
    if let Some(r) = record {
        let data = if kind == PhaseKind::Move { PhaseData::Move(Box::new(r)) } else { PhaseData::Integrate(Box::new(r)) };
        tracer.record(Phase::new(iteration, None, data));
    }
}
