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
use super::record::EventImpulse;
use glam::DVec2;

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
