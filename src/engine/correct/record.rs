//! What a correction computed, and the derivation a person reads from it.

use crate::engine::trace::{BodyChange, Quantity, Record};
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct CorrectRecord {
    pub depth: f64,
    /// The overlap left alone; 0 in the texts.
    pub slop: f64,
    pub rate: f64,
    pub inv_mass: [f64; 2],
    pub normal: DVec2,
    pub s: f64,
    pub changes: [BodyChange; 2],
}

impl CorrectRecord {
    /// How far the correction moved A and B: `−n·s/m_a` and `n·s/m_b`. The
    /// derivation and every picture of the phase read them here.
    pub fn shifts(&self) -> [DVec2; 2] {
        [-self.normal * self.s * self.inv_mass[0], self.normal * self.s * self.inv_mass[1]]
    }
}

impl Record for CorrectRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let [ia, ib] = self.inv_mass;
        let (n, s) = (self.normal, self.s);
        let (depth, rate, slop) = (self.depth.into(), self.rate.into(), self.slop.into());
        let s_q = Quantity::new("s", s, "kg·m");
        let s_q = if self.slop > 0.0 {
            s_q.by(
                "max({depth} − {slop}, 0)·{rate} / ({1/m_a} + {1/m_b})",
                vec![("depth", depth), ("slop", slop), ("rate", rate), ("1/m_a", ia.into()), ("1/m_b", ib.into())],
            )
        } else {
            s_q.by(
                "{depth}·{rate} / ({1/m_a} + {1/m_b})",
                vec![("depth", depth), ("rate", rate), ("1/m_a", ia.into()), ("1/m_b", ib.into())],
            )
        };
        vec![
            s_q,
            Quantity::new("Δx_a", self.shifts()[0], "m")
                .by("−{n}·{s}·{1/m_a}", vec![("n", n.into()), ("s", s.into()), ("1/m_a", ia.into())]),
            Quantity::new("Δx_b", self.shifts()[1], "m")
                .by("{n}·{s}·{1/m_b}", vec![("n", n.into()), ("s", s.into()), ("1/m_b", ib.into())]),
        ]
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}
