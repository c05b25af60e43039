//! The formulas of one contact, written once.
//!
//! Each is generic over a [`Lane`]: the stages call them with `f64` for the
//! contact in front of them, and the levelled pass (`fast/levels.rs`) with
//! [`F4`](crate::geometry::F4) for four disc visits at once. Being one piece of
//! code, the two cannot drift apart, and each lane gets the bits of the visit
//! made on its own. The derivations are in `resolve.rs` and `correct.rs`.

use crate::geometry::{Lane, V2};

/// A contact's restitution or friction: the mean of the two bodies' (the texts'
/// rule; Box2D takes the larger restitution and the geometric mean of friction).
#[inline(always)]
pub(crate) fn mix<L: Lane>(a: L, b: L) -> L {
    (a + b) / L::splat(2.0)
}

/// How a unit impulse along `dir` at the contact changes the relative speed
/// along `dir`: K = 1/mA + 1/mB + (rA×d)²/IA + (rB×d)²/IB (Kn for the normal,
/// Kt for the tangent).
#[inline(always)]
pub(crate) fn effective_mass<L: Lane, V: Into<V2<L>>>(inv_mass: [L; 2], inv_inertia: [L; 2], [ra, rb]: [V; 2], dir: V) -> L {
    let dir = dir.into();
    let turn = [ra.into().cross(dir), rb.into().cross(dir)];
    coupling(inv_mass, inv_inertia, turn, turn)
}

/// How a unit normal impulse at one point of a manifold changes the normal
/// speed at another, given each point's turns `[rA×n, rB×n]`:
/// K_ij = 1/mA + 1/mB + (rA_i×n)(rA_j×n)/IA + (rB_i×n)(rB_j×n)/IB. K_ii is the
/// point's own Kn; the 2 × 2 matrix of a two-point manifold is what the block
/// solver inverts.
#[inline(always)]
pub(crate) fn coupling<L: Lane>([ima, imb]: [L; 2], [iia, iib]: [L; 2], [ta_i, tb_i]: [L; 2], [ta_j, tb_j]: [L; 2]) -> L {
    ima + imb + ta_i * ta_j * iia + tb_i * tb_j * iib
}

/// The restitution a contact bounces with: 0 when it approaches slower than
/// `threshold` (never, at the texts' threshold of 0 for an approaching contact).
#[inline(always)]
pub(crate) fn restitution<L: Lane>(vrn: L, threshold: f64, [ea, eb]: [L; 2]) -> L {
    // `vrn < threshold` is `threshold > vrn`.
    L::splat(threshold).if_above(vrn, || L::splat(0.0), || mix(ea, eb))
}

/// Newton's law of restitution at the contact: jn = −(1 + e)·vrn / Kn.
#[inline(always)]
pub(crate) fn normal_impulse<L: Lane>(e: L, vrn: L, k_n: L) -> L {
    -(L::splat(1.0) + e) * vrn / k_n
}

/// The sliding direction: v_rel with its normal part removed, (n×v)×n for a
/// unit n, made a unit; none when the sliding is below [`SLIDING_EPSILON`].
#[inline(always)]
pub(crate) fn projected_tangent<L: Lane>(n: V2<L>, v_rel: V2<L>, vrn: L) -> V2<L> {
    let along = v_rel - n.scale(vrn);
    let len = along.dot(along).sqrt();
    let (epsilon, zero) = (L::splat(SLIDING_EPSILON), L::splat(0.0));
    len.if_above_v(epsilon, || along.over(len), || V2::new(zero, zero))
}

/// A sliding speed below this (m/s) counts as none, so round-off never picks a
/// tangent at random.
pub(crate) const SLIDING_EPSILON: f64 = 1e-9;

/// Coulomb friction as the rough-balls article takes it: jt = μ·jn whenever the contact slides.
#[inline(always)]
pub(crate) fn coulomb<L: Lane>(vrt: L, mu: L, jn: L) -> L {
    vrt.abs().if_above(L::splat(SLIDING_EPSILON), || mu * jn, || L::splat(0.0))
}

/// The velocity of a body's point at arm r: v + ω×r.
#[inline(always)]
pub(crate) fn velocity_at<L: Lane>(v: V2<L>, w: L, r: V2<L>) -> V2<L> {
    v + r.spun(w)
}

/// The contact point: between the collision's start and end, weighted by
/// inverse mass (the lighter body's point counts for more).
#[inline(always)]
pub(crate) fn contact_point<L: Lane>(start: V2<L>, end: V2<L>, ima: L, imb: L) -> V2<L> {
    start.scale(imb / (ima + imb)) + end.scale(ima / (ima + imb))
}

/// An impulse J at arm r on a body of inverse mass and inertia (im, ii): its
/// velocity changes by J/m and its spin by (r×J)/I.
#[inline(always)]
pub(crate) fn push<L: Lane>((v, w): (V2<L>, L), j: V2<L>, r: V2<L>, im: L, ii: L) -> (V2<L>, L) {
    (v + j.scale(im), w + r.cross(j) * ii)
}

/// Positional correction's size: s = max(depth − slop, 0)·rate / (1/mA + 1/mB).
/// A moves by −n·s/mA and B by n·s/mB, so the heavier body moves less and the
/// momentum-weighted centre stays put.
#[inline(always)]
pub(crate) fn correction<L: Lane>(depth: L, slop: f64, rate: f64, ima: L, imb: L) -> L {
    let excess = if slop > 0.0 { (depth - L::splat(slop)).max(L::splat(0.0)) } else { depth };
    excess * L::splat(rate) / (ima + imb)
}
