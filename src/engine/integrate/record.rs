//! What integrate computed, and the derivation a person reads from it.

use crate::engine::trace::{BodyChange, Quantity, Record, SHOWN_BODIES, more_bodies};
use glam::DVec2;

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
