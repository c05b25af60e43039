//! Stage 3b: positional correction (text 001). Overlap is removed a fraction
//! `rate` at a time, split by inverse mass so the lighter body moves more and
//! the centre of mass stays put: s = depth·rate/(1/mA + 1/mB), xA −= n·s/mA,
//! xB += n·s/mB. Repeating a partial push over many passes lets a pile settle;
//! one full push per pair would shove each body into its other neighbours.

use super::body::Body;
use super::trace::{Phase, PhaseKind, Quantity, Tracer};
use super::{pair_changes, pair_mut};
use crate::geometry::CollisionInfo;

pub(super) fn run<T: Tracer>(bodies: &mut [Body], a: usize, b: usize, info: &CollisionInfo, rate: f64, pass: usize, tracer: &mut T) {
    let before = (bodies[a].state(), bodies[b].state());
    let (ba, bb) = pair_mut(bodies, a, b);
    let inv_sum = ba.inv_mass() + bb.inv_mass();
    let s = info.depth * rate / inv_sum;
    ba.position -= info.normal * s * ba.inv_mass();
    bb.position += info.normal * s * bb.inv_mass();
    if T::ENABLED {
        let mut phase = Phase::new(PhaseKind::Correct, Some(pass), Some((a, b)));
        let (ia, ib) = (bodies[a].inv_mass(), bodies[b].inv_mass());
        phase.values = vec![
            Quantity::new("s", s, "kg·m").by(
                "{depth}·{rate} / ({1/m_a} + {1/m_b})",
                vec![("depth", info.depth.into()), ("rate", rate.into()), ("1/m_a", ia.into()), ("1/m_b", ib.into())],
            ),
            Quantity::new("Δx_a", -info.normal * s * ia, "m")
                .by("−{n}·{s}·{1/m_a}", vec![("n", info.normal.into()), ("s", s.into()), ("1/m_a", ia.into())]),
            Quantity::new("Δx_b", info.normal * s * ib, "m")
                .by("{n}·{s}·{1/m_b}", vec![("n", info.normal.into()), ("s", s.into()), ("1/m_b", ib.into())]),
        ];
        phase.changes = pair_changes(bodies, a, b, before);
        tracer.record(phase);
    }
}
