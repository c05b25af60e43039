//! Stage 1: gravity and the loads queued on each body (the rigid-body blog) change the
//! velocities: v += (g + F/m)·dt + J/m, ω += τ/I·dt + L/I. The scene's actions
//! of the frame queue their loads first (see `action.rs`).

use super::body::{Body, Motion};
use super::phase::{Phase, PhaseData, Tracer};
use super::trace::{BodyChange, PhaseKind};
use glam::DVec2;

pub mod record;
use record::{Acted, ForcesRecord, Load};

/// `acted` are the frame's actions, for the record (empty untraced).
pub(super) fn apply<T: Tracer>(
    (bodies, motions): (&mut [Body], &mut [Motion]),
    gravity: DVec2,
    dt: f64,
    acted: Vec<Acted>,
    tracer: &mut T,
) {
    let mut record = (T::ENABLED && tracer.wants(PhaseKind::Forces, None)).then(|| ForcesRecord {
        gravity,
        dt,
        acted,
        loads: Vec::new(),
        before: Vec::new(),
        changes: Vec::new(),
    });
    for (i, (body, motion)) in bodies.iter_mut().zip(motions.iter_mut()).enumerate() {
        if motion.is_static() {
            continue;
        }
        let dv = (gravity + body.force * motion.inv_mass()) * dt + body.impulse * motion.inv_mass();
        let dw = body.torque * motion.inv_inertia() * dt + body.angular_impulse * motion.inv_inertia();
        if let Some(r) = &mut record
            && (body.force != DVec2::ZERO || body.torque != 0.0 || body.impulse != DVec2::ZERO || body.angular_impulse != 0.0)
        {
            r.loads.push(Load {
                body: i,
                force: body.force,
                torque: body.torque,
                impulse: body.impulse,
                angular_impulse: body.angular_impulse,
                mass: body.mass(),
                inertia: body.inertia(),
                dv,
                dw,
            });
        }
        let before = (motion.velocity, motion.angular_velocity);
        motion.velocity += dv;
        motion.angular_velocity += dw;
        (body.force, body.torque, body.impulse, body.angular_impulse) = (DVec2::ZERO, 0.0, DVec2::ZERO, 0.0);
        if let Some(r) = &mut record
            && (dv != DVec2::ZERO || dw != 0.0 || r.acted.iter().any(|a| a.body == i))
        {
            r.before.push(before);
            r.changes.push(BodyChange { body: i, after: motion.state() });
        }
    }
    if let Some(r) = record {
        tracer.record(Phase::new(None, None, PhaseData::Forces(Box::new(r))));
    }
}
