//! Stage 3b: positional correction (text 001). Overlap is removed a fraction
//! `rate` at a time, split by inverse mass so the lighter body moves more and
//! the centre of mass stays put: s = depth·rate/(1/mA + 1/mB), xA −= n·s/mA,
//! xB += n·s/mB. Repeating a partial push over many passes lets a pile settle;
//! one full push per pair would shove each body into its other neighbours.

use super::body::Body;
use super::pair_mut;
use super::trace::{BodyChange, Phase, PhaseData, Quantity, Tracer};
use crate::geometry::CollisionInfo;
use glam::DVec2;

pub(super) fn run<T: Tracer>(bodies: &mut [Body], a: usize, b: usize, info: &CollisionInfo, rate: f64, pass: usize, tracer: &mut T) {
    let (ba, bb) = pair_mut(bodies, a, b);
    let (inv_a, inv_b) = (ba.inv_mass(), bb.inv_mass());
    let s = info.depth * rate / (inv_a + inv_b);
    ba.position -= info.normal * s * inv_a;
    bb.position += info.normal * s * inv_b;
    if T::ENABLED {
        let changes = [BodyChange { body: a, after: ba.state() }, BodyChange { body: b, after: bb.state() }];
        let record = CorrectRecord { depth: info.depth, rate, inv_mass: [inv_a, inv_b], normal: info.normal, s, changes };
        tracer.record(Phase::new(Some(pass), Some((a, b)), PhaseData::Correct(record)));
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CorrectRecord {
    pub depth: f64,
    pub rate: f64,
    pub inv_mass: [f64; 2],
    pub normal: DVec2,
    pub s: f64,
    pub changes: [BodyChange; 2],
}

impl CorrectRecord {
    pub(super) fn quantities(&self) -> Vec<Quantity> {
        let [ia, ib] = self.inv_mass;
        let (n, s) = (self.normal, self.s);
        vec![
            Quantity::new("s", s, "kg·m").by(
                "{depth}·{rate} / ({1/m_a} + {1/m_b})",
                vec![("depth", self.depth.into()), ("rate", self.rate.into()), ("1/m_a", ia.into()), ("1/m_b", ib.into())],
            ),
            Quantity::new("Δx_a", -n * s * ia, "m").by("−{n}·{s}·{1/m_a}", vec![("n", n.into()), ("s", s.into()), ("1/m_a", ia.into())]),
            Quantity::new("Δx_b", n * s * ib, "m").by("{n}·{s}·{1/m_b}", vec![("n", n.into()), ("s", s.into()), ("1/m_b", ib.into())]),
        ]
    }
}
