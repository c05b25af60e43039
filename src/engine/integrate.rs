//! Stage 4: move the bodies. Symplectic Euler uses the velocities the frame has
//! just produced (text 001), which keeps orbits and resting contacts stable;
//! explicit Euler uses those from before the frame's forces.

use super::body::Body;
use super::trace::{BodyChange, Phase, PhaseData, PhaseKind, Quantity, Tracer};
use glam::DVec2;

/// `frame_start_velocities` is empty for symplectic Euler.
pub(super) fn run<T: Tracer>(bodies: &mut [Body], dt: f64, frame_start_velocities: &[(DVec2, f64)], tracer: &mut T) {
    let explicit = !frame_start_velocities.is_empty();
    let mut record =
        (T::ENABLED && tracer.wants(PhaseKind::Integrate, None)).then(|| IntegrateRecord { dt, explicit, changes: Vec::new() });
    for (i, body) in bodies.iter_mut().enumerate() {
        if body.is_static() {
            continue;
        }
        let (v, w) = frame_start_velocities.get(i).copied().unwrap_or((body.velocity, body.angular_velocity));
        body.position += v * dt;
        body.angle += w * dt;
        if let Some(r) = &mut record
            && (v != DVec2::ZERO || w != 0.0)
        {
            r.changes.push(BodyChange { body: i, after: body.state() });
        }
    }
    if let Some(r) = record {
        tracer.record(Phase::new(None, None, PhaseData::Integrate(Box::new(r))));
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct IntegrateRecord {
    pub dt: f64,
    /// Moved with the velocities from before the frame's forces (explicit Euler).
    pub explicit: bool,
    pub changes: Vec<BodyChange>,
}

impl IntegrateRecord {
    pub(super) fn quantities(&self) -> Vec<Quantity> {
        let mut q = vec![Quantity::new("dt", self.dt, "s")];
        if self.explicit {
            q.push(Quantity::new("velocities", "from the start of the frame (explicit Euler)", ""));
        }
        q
    }
}
