//! Stage 3c: impulse resolution at one contact (the rough-balls article and the game-engine book).
//!
//! The contact point p lies between the collision info's start and end,
//! weighted by inverse mass. Its velocity on each body is v + ω×r, r = p − x, and
//! v_rel = (vA + ωA×rA) − (vB + ωB×rB); vrn = v_rel·n > 0 means the bodies approach.
//!
//! An impulse J on A (and −J on B) changes v_rel at p by
//! (1/mA + 1/mB)·J + ((rA×J)/IA)×rA + ((rB×J)/IB)×rB; along n, for J = j·n, that is
//! j·Kn with Kn = 1/mA + 1/mB + (rA×n)²/IA + (rB×n)²/IB. Newton's restitution law
//! asks for vrn' = −e·vrn, so jn = −(1+e)·vrn / Kn.
//!
//! Friction acts along the tangent t. The rough-balls article takes jt = μ·jn (Coulomb, sliding
//! friction proportional to the normal impulse); the game-engine book takes jt = −μ·vrt/Kt, a
//! fraction μ of the impulse that would stop the sliding. Both vrn and vrt come
//! from the velocities before either impulse.
//!
//! With the cap (not in the texts), friction acts on the sliding that the
//! normal impulse leaves: v_rel' = v_rel + jn·(K·n), where
//! K·n = (1/mA + 1/mB)·n + (rA×n)/IA·rA⊥ + (rB×n)/IB·rB⊥ is how v_rel at p
//! changes per unit of normal impulse, and the tangent and vrt come from v_rel'.
//! Off the line of centres (a box's corner) jn also changes the sliding, and a
//! friction impulse sized on the sliding before it can overshoot and add energy.
//! Sized on v_rel' and capped at |vrt|/Kt, each of the two impulses removes
//! energy on its own, so their sum does too.
//!
//! With a restitution threshold (not in the texts), a contact approaching
//! slower than it bounces with e = 0. Gravity adds g·dt to a resting body's
//! speed every frame; bounced back with e > 0, that speed keeps a stack hopping.

use super::body::{Body, Motion};
use super::kernel::{self, SLIDING_EPSILON, effective_mass};
use super::phase::Tracer;
use super::trace::{BodyChange, PhaseKind};
use super::warm::record::Summed;
use super::{Friction, Settings, Tangent, pair_mut};
use crate::geometry::{CollisionInfo, cross, cross_sv};
use glam::DVec2;

pub mod record;
pub(super) use record::contact_point;
use record::{Contact, Impulse, OptionTerms, ResolveRecord, TwoPointCase, TwoPointShare, TwoPoints, kinematics};

/// Resolves one contact point. `given` is the normal impulse when the two
/// points of a clipped manifold were solved together ([`solve_two`]); without
/// it the point's own approach speed sizes it, as in the texts.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn run<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    (a, b): (usize, usize),
    info: &CollisionInfo,
    given: Option<TwoPointShare>,
    settings: &Settings,
    pass: usize,
    tracer: &mut T,
) {
    let (ma, mb) = (&motions[a], &motions[b]);
    let (ima, imb) = (ma.inv_mass(), mb.inv_mass());
    let n = info.normal;
    let (p, [ra, rb], [vpa, vpb]) = kinematics(ma, mb, info);
    let v_rel = vpa - vpb;
    let vrn = v_rel.dot(n);
    // Recorded only when traced; the untraced step builds nothing.
    let contact =
        (T::ENABLED && tracer.wants(PhaseKind::Resolve, Some((a, b)))).then(|| Contact::of(ma, mb, info, p, [ra, rb], [vpa, vpb]));
    let pressed = given.as_ref().map_or(vrn > 0.0, |g| g.jn < 0.0);
    if !pressed {
        match contact {
            Some(contact) => {
                let record = ResolveRecord { contact, impulse: None, given: given.map(Box::new), summed: None };
                tracer.resolve(pass, (a, b), record);
            }
            None if T::ENABLED => tracer.declined(PhaseKind::Resolve, None),
            None => {}
        }
        return;
    }

    let threshold = settings.restitution_threshold;
    let (body_a, body_b) = (&bodies[a], &bodies[b]);
    let e = kernel::restitution(vrn, threshold, [body_a.restitution, body_b.restitution]);
    let mu = kernel::mix(body_a.friction, body_b.friction);
    let (iia, iib) = (ma.inv_inertia(), mb.inv_inertia());
    let k_n = effective_mass([ima, imb], [iia, iib], [ra, rb], n);
    let jn = given.as_ref().map_or_else(|| kernel::normal_impulse(e, vrn, k_n), |g| g.jn);

    // With two points solved together, friction always acts on the sliding
    // their normal impulses leave (those still to come are `pending`).
    let k_n_vec = (settings.coulomb_cap && given.is_none())
        .then(|| n * (ima + imb) + (ra.perp() * (cross(ra, n) * iia)) + rb.perp() * (cross(rb, n) * iib));
    let sliding_after = match &given {
        Some(g) => Some(v_rel + g.pending),
        None => k_n_vec.map(|k| v_rel + k * jn),
    };
    let (v_slide, vrn_slide) = sliding_after.map_or((v_rel, vrn), |v| (v, v.dot(n)));
    let t = tangent(settings.tangent, n, v_slide, vrn_slide);
    let vrt = v_slide.dot(t);
    // Kt is only needed by the game-engine book's friction and by the cap.
    let k_t =
        (settings.friction == Friction::VelocityRatio || settings.coulomb_cap).then(|| effective_mass([ima, imb], [iia, iib], [ra, rb], t));
    let sliding = vrt.abs() > SLIDING_EPSILON;
    let jt_free = match settings.friction {
        Friction::None => 0.0,
        Friction::Coulomb if sliding && settings.tangent == Tangent::SignFixed && vrt < 0.0 => -kernel::coulomb(vrt, mu, jn),
        Friction::Coulomb => kernel::coulomb(vrt, mu, jn),
        Friction::VelocityRatio => -mu * vrt / k_t.unwrap_or(f64::INFINITY),
    };
    // The impulse that stops sliding, −vrt/Kt, is as far as friction should go.
    // Branched, not selected: the division is only worth its latency with the cap on.
    let jt_max = match k_t {
        Some(k_t) if settings.coulomb_cap => Some(vrt.abs() / k_t),
        _ => None,
    };
    let capped = jt_max.is_some_and(|max| jt_free.abs() > max);
    let jt = match jt_max {
        Some(max) if capped => jt_free.signum() * max,
        _ => jt_free,
    };
    let impulse = n * jn + t * jt;

    let (ma, mb) = pair_mut(motions, a, b);
    ma.push(impulse, ra);
    mb.push(-impulse, rb);

    let changes = BodyChange::both((a, ma), (b, mb));
    match contact {
        Some(contact) => {
            let record = ResolveRecord {
                contact,
                impulse: Some(Impulse {
                    friction: settings.friction,
                    tangent: settings.tangent,
                    coulomb_cap: settings.coulomb_cap,
                    threshold,
                    restitution: [body_a.restitution, body_b.restitution],
                    friction_of: [body_a.friction, body_b.friction],
                    mass: [body_a.mass(), body_b.mass()],
                    inertia: [body_a.inertia(), body_b.inertia()],
                    e,
                    mu,
                    k_n,
                    jn,
                    t,

                    vrt,
                    beyond: (k_t.is_some() || k_n_vec.is_some() || sliding_after.is_some())
                        .then(|| Box::new(OptionTerms { k_t, k_n_vec, sliding_after, jt_max })),
                    sliding,
                    jt_free,
                    capped,
                    jt,
                    j: impulse,
                    changes,
                }),
                given: given.map(Box::new),
                summed: None,
            };
            tracer.resolve(pass, (a, b), record);
        }
        None if T::ENABLED => tracer.declined(PhaseKind::Resolve, Some(changes)),
        None => {}
    }
}

/// A point of the summed solve as a visit sees it: where it is solved, and
/// the restitution it aims at.
struct SummedPoint {
    c: Contact,
    e: f64,
    vrn0: f64,
    /// Where its sums are in the contact memory.
    at: usize,
}

impl SummedPoint {
    /// Found at `info` (its sums made fresh if this is its first visit this frame).
    #[inline(always)]
    fn of(
        bodies: &[Body],
        motions: &[Motion],
        (a, b): (usize, usize),
        info: &CollisionInfo,
        settings: &Settings,
        solve: &mut super::Solve,
    ) -> Self {
        let (ma, mb) = (&motions[a], &motions[b]);
        let c = Contact::at(ma, mb, info);
        // Restitution answers the approach the bodies brought into the frame, not
        // one this frame's impulses made (see `warm`): in a pile, pushes passed on
        // from other contacts would otherwise be bounced back, and energy made.
        let approach = || super::warm::approach_before(solve.before, (a, b), c.n, (c.r[0], c.r[1])).unwrap_or(c.vrn());
        let at = solve.memory.point_for(super::warm::key(solve.handles, a, b, info.feature), solve.frame, (c.n, c.p), approach);
        let vrn0 = solve.memory.sums(at).vrn0;
        let e = kernel::restitution(vrn0, settings.restitution_threshold, [bodies[a].restitution, bodies[b].restitution]);
        SummedPoint { c, e, vrn0, at }
    }

    /// How far the point's normal velocity is from its target: vrn + e·vrn₀.
    fn miss(&self) -> f64 {
        self.c.vrn() + self.e * self.vrn0.max(0.0)
    }
}

/// The normal sums of a clipped manifold's two points solved together, as
/// Box2D's block solver does. One point after the other, the passes settle
/// on them only slowly when the two points push on nearly the same lever
/// (a small box, or points close together): each undoes most of the other's
/// change, and 30 passes left elastic impacts 1 % short of (or over) their
/// energy. With λ = −Σjn ≥ 0 and w = vrn' + e·vrn₀ the miss after the new
/// sums, the sums solve the linear complementarity problem
///   w = b − K·(λ' − λ),  λ' ≥ 0,  w ≤ 0,  λ'·w = 0,
/// b each point's miss now and K the 2×2 effective mass matrix,
///   K_ij = 1/m_a + 1/m_b + (r_ai×n)(r_aj×n)/I_a + (r_bi×n)(r_bj×n)/I_b,
/// that is K·λ' = b + K·λ, by [`two_point_cases`]. At the answer each pushing
/// point leaves at −e·vrn₀, so with e = 1 the impulses do no work:
/// Σ λ'·(vrn + vrn')/2 = 0. None when no case holds (K singular).
pub(super) fn block_sums(
    bodies: &[Body],
    motions: &[Motion],
    (a, b): (usize, usize),
    infos: [&CollisionInfo; 2],
    settings: &Settings,
    solve: &mut super::Solve,
) -> Option<([f64; 2], TwoPointCase)> {
    let points = infos.map(|info| SummedPoint::of(bodies, motions, (a, b), info, settings, solve));
    let lambda = points.each_ref().map(|p| -solve.memory.sums(p.at).jn);
    let (ma, mb) = (&motions[a], &motions[b]);
    let n = points[0].c.n;
    let turn = |p: &SummedPoint| [cross(p.c.r[0], n), cross(p.c.r[1], n)];
    let (turn1, turn2) = (turn(&points[0]), turn(&points[1]));
    let k = |x, y| kernel::coupling([ma.inv_mass(), mb.inv_mass()], [ma.inv_inertia(), mb.inv_inertia()], x, y);
    let (k11, k12, k22) = (k(turn1, turn1), k(turn1, turn2), k(turn2, turn2));
    let rhs = [points[0].miss() + k11 * lambda[0] + k12 * lambda[1], points[1].miss() + k12 * lambda[0] + k22 * lambda[1]];
    let (lambda, case) = two_point_cases([k11, k12, k22], rhs, rhs)?;
    Some((lambda.map(|l| -l), case))
}

/// Resolves one contact point with summed impulses (`warm_start`; the
/// derivation is in [`super::warm`]): the normal sum first, then friction's,
/// on the sliding the normal impulse leaves. `given` is the point's new
/// normal sum when both points of a clipped manifold were solved together
/// ([`block_sums`]). (Inlined, with `SummedPoint::of`, so that the wide
/// step compiles them for its processor: a quarter fewer instructions a visit.)
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn run_summed<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    (a, b, point): (usize, usize, usize),
    info: &CollisionInfo,
    given: Option<(f64, TwoPointCase)>,
    settings: &Settings,
    solve: &mut super::Solve,
    tracer: &mut T,
) {
    let pass = solve.pass;
    let SummedPoint { c, e, at, .. } = SummedPoint::of(bodies, motions, (a, b), info, settings, solve);
    let sums = solve.memory.sums_at(at);
    let (ma, mb) = pair_mut(motions, a, b);
    let (n, [ra, rb]) = (c.n, c.r);
    let (ima, imb, iia, iib) = (ma.inv_mass(), mb.inv_mass(), ma.inv_inertia(), mb.inv_inertia());
    let before = (sums.jn, sums.jt);
    let k_n = effective_mass([ima, imb], [iia, iib], [ra, rb], n);
    let djn = match given {
        Some((sum, _)) => sum - before.0,
        None => -(c.vrn() + e * sums.vrn0.max(0.0)) / k_n,
    };
    sums.jn = (sums.jn + djn).min(0.0);
    let jn = sums.jn - before.0;
    if jn != 0.0 {
        ma.push(n * jn, ra);
        mb.push(-n * jn, rb);
    }

    // A point that has pushed nothing this frame has no friction either: the cone is a point.
    let t = n.perp();
    let mu = if settings.friction == Friction::None { 0.0 } else { kernel::mix(bodies[a].friction, bodies[b].friction) };
    let limit = -mu * sums.jn;
    let (vrt, k_t, djt) = if limit == 0.0 && before.1 == 0.0 && !T::ENABLED {
        (0.0, 0.0, 0.0)
    } else {
        let vrt = (ma.velocity_at(c.p) - mb.velocity_at(c.p)).dot(t);
        let k_t = effective_mass([ima, imb], [iia, iib], [ra, rb], t);
        (vrt, k_t, -vrt / k_t)
    };
    sums.jt = (sums.jt + djt).clamp(-limit, limit);
    let jt = sums.jt - before.1;
    if jt != 0.0 {
        ma.push(t * jt, ra);
        mb.push(-t * jt, rb);
    }
    (sums.n, sums.p) = (n, c.p);
    let (vrn0, after) = (sums.vrn0, (sums.jn, sums.jt));
    if T::ENABLED && tracer.wants(PhaseKind::Resolve, Some((a, b))) {
        let changes = BodyChange::both((a, ma), (b, mb));
        let summed = Summed {
            point: point as u8,
            changes,
            inv_inertia: [iia, iib],
            vrn0,
            e,
            k_n,
            djn,
            block: given.map(|(_, case)| case),
            sums_before: before,
            sums_after: after,
            jn,
            t,
            vrt,
            mu,
            k_t,
            djt,
            limit,
            jt,
        };
        let record = ResolveRecord { contact: c, impulse: None, given: None, summed: Some(Box::new(summed)) };
        tracer.resolve(pass, (a, b), record);
    }
}

/// Past this ratio of A₁₁² to det A the two points are too close to tell
/// apart (as Box2D's `maxConditionNumber`): they are resolved one by one.
const MAX_CONDITION: f64 = 1000.0;

/// Solves the two points of a clipped manifold together (see [`TwoPoints`]);
/// none when they are too close to tell apart.
pub(super) fn solve_two(
    bodies: &[Body],
    motions: &[Motion],
    a: usize,
    b: usize,
    infos: [&CollisionInfo; 2],
    settings: &Settings,
) -> Option<TwoPoints> {
    let (ma, mb) = (&motions[a], &motions[b]);
    let (ima, imb, iia, iib) = (ma.inv_mass(), mb.inv_mass(), ma.inv_inertia(), mb.inv_inertia());
    let n = infos[0].normal;
    let arms = infos.map(|info| {
        let p = contact_point(info, ima, imb);
        (p - ma.position, p - mb.position)
    });
    let vn =
        arms.map(|(ra, rb)| (ma.velocity + cross_sv(ma.angular_velocity, ra) - mb.velocity - cross_sv(mb.angular_velocity, rb)).dot(n));
    let turn = arms.map(|(ra, rb)| [cross(ra, n), cross(rb, n)]);
    let entry = |i: usize, j: usize| kernel::coupling([ima, imb], [iia, iib], turn[i], turn[j]);
    let (a11, a12, a22) = (entry(0, 0), entry(0, 1), entry(1, 1));
    let det = a11 * a22 - a12 * a12;
    if a11 * a11 >= MAX_CONDITION * det {
        return None;
    }
    let e = vn.map(|v| kernel::restitution(v, settings.restitution_threshold, [bodies[a].restitution, bodies[b].restitution]));
    let rhs = [(1.0 + e[0]) * vn[0], (1.0 + e[1]) * vn[1]];
    let (lambda, case) = two_point_cases([a11, a12, a22], rhs, vn)?;
    Some(TwoPoints { arms, vn, e, a: [a11, a12, a22], b: rhs, lambda, case })
}

/// Box2D's block solver: the two normal impulses λ ≥ 0 of points whose
/// normal velocities change by −A·λ (A the 2 × 2 effective mass matrix) that
/// take each point to its target, A·λ = `rhs`, or leave a point alone,
/// λᵢ = 0, where what it is left with, `left`ᵢ − A_ij·λⱼ, does not exceed its
/// target (a point may move off faster than asked, never be pulled). Of the
/// four cases (both push, either alone, neither) the first that holds; none
/// when none does (A singular).
fn two_point_cases([a11, a12, a22]: [f64; 3], rhs: [f64; 2], left: [f64; 2]) -> Option<([f64; 2], TwoPointCase)> {
    let det = a11 * a22 - a12 * a12;
    let both = [(a22 * rhs[0] - a12 * rhs[1]) / det, (a11 * rhs[1] - a12 * rhs[0]) / det];
    let (first, second) = (rhs[0] / a11, rhs[1] / a22);
    if det > f64::EPSILON * a11 * a22 && both[0] >= 0.0 && both[1] >= 0.0 {
        Some((both, TwoPointCase::Both))
    } else if first >= 0.0 && left[1] - a12 * first <= 0.0 {
        Some(([first, 0.0], TwoPointCase::FirstOnly))
    } else if second >= 0.0 && left[0] - a12 * second <= 0.0 {
        Some(([0.0, second], TwoPointCase::SecondOnly))
    } else if left[0] <= 0.0 && left[1] <= 0.0 {
        Some(([0.0, 0.0], TwoPointCase::Neither))
    } else {
        None
    }
}

/// The unit tangent, or zero when there is no sliding to oppose.
fn tangent(mode: Tangent, n: DVec2, v_rel: DVec2, vrn: f64) -> DVec2 {
    match mode {
        Tangent::RotatedNormal | Tangent::SignFixed => DVec2::new(n.y, -n.x),
        // (n×v)×n = v − (v·n)n for a unit n: v_rel with its normal part removed.
        Tangent::Projected => kernel::projected_tangent(n.into(), v_rel.into(), vrn).into(),
    }
}
