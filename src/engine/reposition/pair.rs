//! Two balls that overlap (Dobre & Ramtal, "collisions between particles").
//!
//! The collision happened a moment ago, when the balls just touched. Running
//! time back along the line of centres, each ball retraces its own normal
//! velocity u, and the overlap L closes at the rate |u_i − u_j|: both go back
//! for the time L/|u_i − u_j|, so each moves −u·L/|u_i − u_j|. Then only the
//! normal components change, as in a collision on a line (1D): momentum is
//! kept, and the separating speed is CR times the approaching one, which gives
//! v_i = ((m_i − CR·m_j)·u_i + (1 + CR)·m_j·u_j) / (m_i + m_j), and the same
//! with i and j swapped. The tangential parts pass through unchanged.
//!
//! The text assumes this frame's move made the overlap. When it cannot have
//! (the balls move apart, move alike, or would need longer than dt to get
//! back), the overlap is shared by inverse mass instead, and the record says
//! why ([`Shared`]): a trip back of seconds along v once threw a ball 19 m,
//! through the wall of its box.

use super::super::body::{Body, Motion};
use super::super::phase::{Phase, PhaseData, Tracer};
use super::super::trace::{BodyChange, PhaseKind};
use super::super::{kernel, pair_mut};
use super::record::{PairBounceRecord, PairRepositionRecord, Shared, TouchRecord};
use crate::geometry::Shape;
use glam::DVec2;

/// Detect → reposition → bounce for balls `i` < `j`; whether they collided.
pub(super) fn visit<T: Tracer>((bodies, motions): (&[Body], &mut [Motion]), (i, j): (usize, usize), dt: f64, tracer: &mut T) -> bool {
    let (Shape::Circle { radius: ri }, Shape::Circle { radius: rj }) = (bodies[i].shape, bodies[j].shape) else { return false };
    let (mi, mj) = pair_mut(motions, i, j);
    if mi.is_static() && mj.is_static() {
        return false;
    }
    let x = [mi.position, mj.position];
    let dist = x[0] - x[1];
    let d = dist.length();
    let hit = d < ri + rj;
    // Every pair is tested, as the text does; only those within twice their
    // reach are shown: a thousand balls make half a million tests a frame.
    if T::ENABLED && d < 2.0 * (ri + rj) && tracer.wants(PhaseKind::Detect, Some((i, j))) {
        let record = TouchRecord { x, r: [ri, rj], hit };
        tracer.record(Phase::new(None, Some((i, j)), PhaseData::Touch(record)));
    }
    if !hit {
        return false;
    }
    // The line of centres, from j to i; coincident centres have none, so +y.
    let n = if d > 0.0 { dist / d } else { DVec2::Y };
    let u = [mi.velocity.dot(n), mj.velocity.dot(n)];
    let overlap = ri + rj - d;
    let closing = (u[0] - u[1]).abs();
    let w = [mi.inv_mass(), mj.inv_mass()];
    // n points from j to i, so the balls approach while u_i − u_j < 0.
    let shared = if u[0] - u[1] >= 0.0 && closing > 0.0 {
        Some(Shared::Separating)
    } else if !(closing > 0.0 && (overlap / closing).is_finite()) {
        Some(Shared::Parallel)
    } else if overlap / closing > dt {
        Some(Shared::Older)
    } else {
        None
    };
    let shift = if shared.is_some() {
        // No time back: the overlap is shared by inverse mass along the line
        // of centres, i away from j, the lighter ball moving more.
        [n * overlap * w[0] / (w[0] + w[1]), -n * overlap * w[1] / (w[0] + w[1])]
    } else {
        [-(n * u[0]) * (overlap / closing), -(n * u[1]) * (overlap / closing)]
    };
    mi.position += shift[0];
    mj.position += shift[1];
    if T::ENABLED && tracer.wants(PhaseKind::Reposition, Some((i, j))) {
        let changes = [BodyChange { body: i, after: mi.state() }, BodyChange { body: j, after: mj.state() }];
        let record = PairRepositionRecord { x, r: [ri, rj], d, n, u, overlap, closing, shared, w, shift, changes };
        tracer.record(Phase::new(None, Some((i, j)), PhaseData::PairReposition(Box::new(record))));
    }
    if shared == Some(Shared::Separating) {
        return true;
    }
    let cr = kernel::mix(bodies[i].restitution, bodies[j].restitution);
    let m = [bodies[i].mass(), bodies[j].mass()];
    let after = match (mi.is_static(), mj.is_static()) {
        // A fixed partner is infinitely heavy: m_j → ∞ leaves v_i = −CR·u_i + (1 + CR)·u_j.
        (false, true) => [-cr * u[0] + (1.0 + cr) * u[1], u[1]],
        (true, false) => [u[0], -cr * u[1] + (1.0 + cr) * u[0]],
        _ => [
            ((m[0] - cr * m[1]) * u[0] + (1.0 + cr) * m[1] * u[1]) / (m[0] + m[1]),
            ((m[1] - cr * m[0]) * u[1] + (1.0 + cr) * m[0] * u[0]) / (m[0] + m[1]),
        ],
    };
    let v = [mi.velocity, mj.velocity];
    let tangent = [v[0] - n * u[0], v[1] - n * u[1]];
    mi.velocity = n * after[0] + tangent[0];
    mj.velocity = n * after[1] + tangent[1];
    if T::ENABLED && tracer.wants(PhaseKind::Bounce, Some((i, j))) {
        let changes = [BodyChange { body: i, after: mi.state() }, BodyChange { body: j, after: mj.state() }];
        let fixed = [mi.is_static(), mj.is_static()];
        let record = PairBounceRecord { n, u, m, fixed, cr, after, tangent, changes };
        tracer.record(Phase::new(None, Some((i, j)), PhaseData::PairBounce(Box::new(record))));
    }
    true
}
