//! Stage 4: move the bodies. Symplectic Euler uses the velocities the frame has
//! just produced (the game-engine book), which keeps orbits and resting contacts stable;
//! explicit Euler uses those from before the frame's forces.

use super::body::Motion;
use super::trace::{BodyChange, Phase, PhaseData, PhaseKind, Quantity, Record, SHOWN_BODIES, Tracer, more_bodies};
use glam::DVec2;

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

#[derive(Clone, Debug, PartialEq)]
pub struct IntegrateRecord {
    pub dt: f64,
    /// Moved with the velocities from before the frame's forces (explicit Euler).
    pub explicit: bool,
    /// Where each moved body was and the velocities it moved with, in the order of `changes`.
    pub before: Vec<Moved>,
    pub changes: Vec<BodyChange>,
}

/// A body before integrate: its pose, and the velocity and spin that move it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    pub x: DVec2,
    pub theta: f64,
    pub v: DVec2,
    pub w: f64,
}

impl Record for IntegrateRecord {
    fn quantities(&self, names: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let dt = self.dt;
        let mut q = vec![Quantity::new("dt", dt, "s")];
        if self.explicit {
            q.push(Quantity::new("velocities", "from the start of the frame (explicit Euler)", ""));
        }
        for (change, m) in self.changes.iter().zip(&self.before).take(SHOWN_BODIES) {
            let name = names.get(change.body).cloned().unwrap_or_else(|| format!("#{}", change.body));
            let after = change.after;
            q.push(
                Quantity::new(format!("x' {name}"), after.position, "m")
                    .by("{x} + {v}·{dt}", vec![("x", m.x.into()), ("v", m.v.into()), ("dt", dt.into())]),
            );
            if m.w != 0.0 {
                q.push(
                    Quantity::new(format!("θ' {name}"), after.angle, "rad")
                        .by("{θ} + {ω}·{dt}", vec![("θ", m.theta.into()), ("ω", m.w.into()), ("dt", dt.into())]),
                );
            }
        }
        q.extend(more_bodies(self.changes.len()));
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.before[..]) + size_of_val(&self.changes[..])
    }
}
