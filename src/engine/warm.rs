//! Impulses with memory (not in the texts; Catto's sequential impulses, as
//! Box2D solves contacts).
//!
//! The texts size each pass's impulse on its own and keep it only if it pushes
//! (jn ≤ 0 here, n from A to B). A push cannot be taken back, so an early pass
//! that pushed too hard leaves the pair flying apart; and since an impulse only
//! carries its news one contact further per pass, a column of k bodies needs on
//! the order of k² passes to hold up its top one. A 200-disc pile sinks
//! 0.3 m/s into itself every frame and is pushed back out by the correction.
//!
//! With `warm_start` each contact point keeps the sum of its impulses over the
//! frame, Σjn and Σjt, and a pass changes the sums rather than adding to them:
//!   Δjn = −(vrn + e·vrn₀)/k_n,   Σjn' = min(Σjn + Δjn, 0),   jn = Σjn' − Σjn
//! (vrn₀ the approach speed the contact brought into the frame, so the pair leaves at
//! e·vrn₀), which may pull back part of an earlier push but never makes the sum
//! pull. Friction's sum stays in Coulomb's cone: |Σjt| ≤ μ·|Σjn|.
//! A resting contact needs about the same sums every frame, so a contact still
//! touching at the start of the next frame begins from them (the `warm` phase):
//! its last impulse is applied again before the first pass, and the passes
//! only correct it.
//!
//! Restitution aims at e·vrn₀ with vrn₀ the approach the point had when the
//! frame's solve began: after the forces, before the warm phase, on this
//! frame's normal and arms. An approach made by this frame's own impulses
//! (the warm phase's, or pushes passed on through a pile) is not bounced back,
//! and a real impact bounces with its e whatever was warmed: a warm impulse
//! only says where the passes start, never what they aim at.
//!
//! A point is carried from one frame to the next only if the same parts of
//! the two shapes made it (its [`Feature`], as Box2D's feature ids) and it has
//! moved less than [`SAME_PLACE`] of the smaller body's size. A point of a
//! clipped manifold is not known by its rank (deeper or shallower, which swap
//! as a box rocks), nor by its normal alone: a tilted box that lands on one
//! corner and then, spun by the bounce, on the other, meets the floor with
//! another corner, and last frame's impulse there would stop a new impact
//! dead. An unmatched point starts cold.

use super::body::{Body, Motion};
use super::handle::BodyHandle;
use super::phase::{Phase, PhaseData, Tracer};
use super::resolve::record::contact_point;
use super::trace::{BodyChange, PhaseKind};
use super::{kernel, pair_mut};
use crate::geometry::{CollisionInfo, Feature};
use glam::DVec2;

mod memory;
pub mod record;
pub use memory::ContactMemory;
use memory::Key;
use record::WarmRecord;

/// A contact is warm-started only if its normal turned less than this (cos 25°)
/// since the last frame: past it the sums belong to another contact.
const SAME_CONTACT: f64 = 0.9;

/// Nor if its point moved more than this share of the smaller body's
/// bounding radius: a box resting or sliding slowly stays well inside it, a
/// point that jumped along an edge or round a ball is somewhere else.
const SAME_PLACE: f64 = 0.25;

/// One contact point's impulses summed over a frame's passes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sums {
    /// The frame these sums belong to.
    frame: u64,
    pub jn: f64,
    pub jt: f64,
    /// The normal they were taken along.
    pub n: DVec2,
    /// Where the point was when last found.
    pub p: DVec2,
    /// The approach speed restitution answers (see the module's notes).
    pub vrn0: f64,
}

/// The key of the point `feature` made between the bodies at places `a` and `b`.
#[inline]
pub(super) fn key(handles: &[BodyHandle], a: usize, b: usize, feature: Feature) -> Key {
    (handles[a], handles[b], feature)
}

/// The approach speed vrn of a point at the velocities `before` (each body's
/// velocity and spin when the solve began), along `n` with arms `ra`, `rb`.
pub(super) fn approach_before(before: &[(DVec2, f64)], (a, b): (usize, usize), n: DVec2, (ra, rb): (DVec2, DVec2)) -> Option<f64> {
    let (&(va, wa), &(vb, wb)) = (before.get(a)?, before.get(b)?);
    Some(((va + ra.perp() * wa) - (vb + rb.perp() * wb)).dot(n))
}

/// The warm phase of one contact point that still touches: last frame's
/// impulse, taken along this frame's normal and tangent and kept inside the
/// cone, applied again. `info` is the pair's point the same features made
/// now; a point that turned or moved too far is forgotten.
pub(super) fn warm<T: Tracer>(
    (bodies, motions): (&[Body], &mut [Motion]),
    (a, b, key): (usize, usize, Key),
    (point, info): (u8, &CollisionInfo),
    (frame, before): (u64, &[(DVec2, f64)]),
    memory: &mut ContactMemory,
    tracer: &mut T,
) {
    let Some(old) = memory.get(key.0, key.1, key.2).copied() else { return };
    let (ma, mb) = pair_mut(motions, a, b);
    let n = info.normal;
    let turn = old.n.dot(n);
    let p = contact_point(info, ma.inv_mass(), mb.inv_mass());
    let size = bodies[a].shape.bounding_radius().min(bodies[b].shape.bounding_radius());
    let moved = p.distance(old.p);
    if turn <= SAME_CONTACT || moved > SAME_PLACE * size {
        memory.forget(key);
        return;
    }
    let (ra, rb) = (p - ma.position, p - mb.position);
    // Restitution's target is set here, before the warm impulse moves anything.
    let vrn0 = approach_before(before, (a, b), n, (ra, rb)).unwrap_or(0.0);
    let t = n.perp();
    let last = old.n * old.jn + old.n.perp() * old.jt;
    let mu = kernel::mix(bodies[a].friction, bodies[b].friction);
    let jn = last.dot(n).min(0.0);
    let jt = last.dot(t).clamp(mu * jn, -mu * jn);
    let j = n * jn + t * jt;
    let before = [(ma.velocity, ma.angular_velocity), (mb.velocity, mb.angular_velocity)];
    ma.push(j, ra);
    mb.push(-j, rb);
    memory.keep(key, Sums { frame, jn, jt, n, p, vrn0 });
    if T::ENABLED && tracer.wants(PhaseKind::Warm, Some((a, b))) {
        let changes = BodyChange::both((a, ma), (b, mb));
        let inv = [(ma.inv_mass(), ma.inv_inertia()), (mb.inv_mass(), mb.inv_inertia())];
        let record = WarmRecord { point, last, turn, moved, n, t, mu, p, r: [ra, rb], inv, jn, jt, before, changes };
        tracer.record(Phase::new(None, Some((a, b)), PhaseData::Warm(Box::new(record))));
    }
}
