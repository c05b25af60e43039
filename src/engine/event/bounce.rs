//! The bounce at an event (Sedgewick & Wayne, the impulse way).
//!
//! At the moment of contact the discs touch along Δr = x_j − x_i, |Δr| = σ,
//! with unit normal Δr/σ. An impulse J along it changes v_i by +J/m_i and v_j
//! by −J/m_j (as a vector, J·Δr/σ), so the normal relative velocity
//! Δv·Δr/σ becomes Δv·Δr/σ − J·(1/m_i + 1/m_j). Restitution asks that it end
//! at −e times what it was:
//!   J = (1 + e)·m_i·m_j·(Δv·Δr) / ((m_i + m_j)·σ),
//! with e = 1 algs4's `bounceOff`. A body that never moves is infinitely
//! heavy: m_j → ∞ leaves J = (1 + e)·m_i·(Δv·Δr)/σ. A wall's end is such a
//! body, of radius 0.
//!
//! Off a wall's face the normal part of the velocity turns round, times e:
//! v' = v − (1 + e)·(v·N)·N, N the wall's normal toward the disc (algs4's
//! `bounceOffVerticalWall` for e = 1). Friction plays no part in this method.

use super::super::body::{Body, Motion};
use super::super::trace::{BodyChange, Quantity, Record};
use glam::DVec2;

#[derive(Clone, Debug, PartialEq)]
pub struct EventBounceRecord {
    pub e: f64,
    pub how: EventImpulse,
    pub changes: Vec<BodyChange>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EventImpulse {
    /// Two discs, or a disc and a wall's end (`m[1]` none: fixed).
    Discs { x: [DVec2; 2], v: [DVec2; 2], m: [Option<f64>; 2], r: [f64; 2], dr: DVec2, dv: DVec2, dvdr: f64, j: f64, f: DVec2 },
    /// A disc off a wall's face.
    Face { v: DVec2, n: DVec2, vn: f64 },
}

/// Disc `a` against disc `b` (or a fixed point when `b` is none).
pub(super) fn discs((a, ma): (&Body, &mut Motion), b: Option<(&Body, &mut Motion)>, point: DVec2, e: f64) -> EventImpulse {
    let (xj, vj, rj, mj) = match &b {
        Some((b, mb)) => (mb.position, mb.velocity, b.shape.bounding_radius(), (!mb.is_static()).then(|| b.mass())),
        None => (point, DVec2::ZERO, 0.0, None),
    };
    let (xi, vi, ri, mi) = (ma.position, ma.velocity, a.shape.bounding_radius(), (!ma.is_static()).then(|| a.mass()));
    let dr = xj - xi;
    let dv = vj - vi;
    let dvdr = dr.dot(dv);
    let sigma = ri + rj;
    let j = match (mi, mj) {
        (Some(mi), Some(mj)) => (1.0 + e) * mi * mj * dvdr / ((mi + mj) * sigma),
        (Some(m), None) | (None, Some(m)) => (1.0 + e) * m * dvdr / sigma,
        (None, None) => 0.0,
    };
    let f = dr * j / sigma;
    if let Some(mi) = mi {
        ma.velocity += f / mi;
    }
    if let (Some((_, mb)), Some(mj)) = (b, mj) {
        mb.velocity -= f / mj;
    }
    EventImpulse::Discs { x: [xi, xj], v: [vi, vj], m: [mi, mj], r: [ri, rj], dr, dv, dvdr, j, f }
}

/// A disc off a wall's face, `n` the wall's normal toward it.
pub(super) fn face(m: &mut Motion, n: DVec2, e: f64) -> EventImpulse {
    let v = m.velocity;
    let vn = v.dot(n);
    m.velocity = v - n * ((1.0 + e) * vn);
    EventImpulse::Face { v, n, vn }
}

impl Record for EventBounceRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let e = self.e;
        let after = |k: usize| self.changes.get(k).map_or(DVec2::ZERO, |c| c.after.velocity);
        match self.how {
            EventImpulse::Discs { x, v, m, r, dr, dv, dvdr, j, f } => {
                let sigma = r[0] + r[1];
                let mut q = vec![
                    Quantity::new("Δr", dr, "m").by("{x_j} − {x_i}", vec![("x_j", x[1].into()), ("x_i", x[0].into())]),
                    Quantity::new("Δv", dv, "m/s").by("{v_j} − {v_i}", vec![("v_j", v[1].into()), ("v_i", v[0].into())]),
                    Quantity::new("Δv·Δr", dvdr, "m²/s").by("{Δv}·{Δr}", vec![("Δv", dv.into()), ("Δr", dr.into())]),
                    Quantity::new("σ", sigma, "m").by("{r_i} + {r_j}", vec![("r_i", r[0].into()), ("r_j", r[1].into())]),
                    Quantity::new("e", e, ""),
                ];
                let common = vec![("e", e.into()), ("Δv·Δr", dvdr.into()), ("σ", sigma.into())];
                let jq = match m {
                    [Some(mi), Some(mj)] => Quantity::new("J", j, "N·s").by(
                        "(1 + {e})·{m_i}·{m_j}·{Δv·Δr} / (({m_i} + {m_j})·{σ})",
                        [vec![("m_i", mi.into()), ("m_j", mj.into())], common].concat(),
                    ),
                    [Some(mi), None] => Quantity::new("J", j, "N·s")
                        .by("(1 + {e})·{m_i}·{Δv·Δr} / {σ}  (j fixed: m_j → ∞)", [vec![("m_i", mi.into())], common].concat()),
                    [None, Some(mj)] => Quantity::new("J", j, "N·s")
                        .by("(1 + {e})·{m_j}·{Δv·Δr} / {σ}  (i fixed: m_i → ∞)", [vec![("m_j", mj.into())], common].concat()),
                    [None, None] => Quantity::new("J", j, "N·s").by("0: both fixed", vec![]),
                };
                q.push(jq);
                q.push(Quantity::new("F", f, "N·s").by("{J}·{Δr} / {σ}", vec![("J", j.into()), ("Δr", dr.into()), ("σ", sigma.into())]));
                let mut k = 0;
                if let Some(mi) = m[0] {
                    q.push(
                        Quantity::new("v_i'", after(k), "m/s")
                            .by("{v_i} + {F} / {m_i}", vec![("v_i", v[0].into()), ("F", f.into()), ("m_i", mi.into())]),
                    );
                    k += 1;
                }
                if let Some(mj) = m[1] {
                    q.push(
                        Quantity::new("v_j'", after(k), "m/s")
                            .by("{v_j} − {F} / {m_j}", vec![("v_j", v[1].into()), ("F", f.into()), ("m_j", mj.into())]),
                    );
                }
                q
            }
            EventImpulse::Face { v, n, vn } => vec![
                Quantity::new("N", n, "").by("the wall's unit normal, toward the disc", vec![]),
                Quantity::new("v·N", vn, "m/s").by("{v}·{N}", vec![("v", v.into()), ("N", n.into())]),
                Quantity::new("e", e, ""),
                Quantity::new("v'", after(0), "m/s")
                    .by("{v} − (1 + {e})·{v·N}·{N}", vec![("v", v.into()), ("e", e.into()), ("v·N", vn.into()), ("N", n.into())]),
            ],
        }
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.changes[..])
    }
}
