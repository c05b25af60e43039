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
use super::trace::{BodyChange, PhaseKind, Quantity, Record, Tracer, Value};
use super::warm::Summed;
use super::{Friction, Settings, Tangent, pair_mut};
use crate::geometry::{CollisionInfo, cross, cross_sv};
use glam::DVec2;

/// The contact point: between the info's start and end, weighted by inverse mass.
#[inline]
pub(super) fn contact_point(info: &CollisionInfo, ima: f64, imb: f64) -> DVec2 {
    kernel::contact_point(info.start.into(), info.end.into(), ima, imb).into()
}

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
        if let Some(contact) = contact {
            let record = ResolveRecord { contact, impulse: None, given: given.map(Box::new), summed: None };
            tracer.resolve(pass, (a, b), record);
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

    if let Some(contact) = contact {
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
                changes: [BodyChange { body: a, after: ma.state() }, BodyChange { body: b, after: mb.state() }],
            }),
            given: given.map(Box::new),
            summed: None,
        };
        tracer.resolve(pass, (a, b), record);
    }
}

/// A point of the summed solve as a visit sees it: where it is solved, and
/// the restitution it aims at.
struct SummedPoint {
    c: Contact,
    e: f64,
    vrn0: f64,
}

impl SummedPoint {
    /// Found at `info` (its sums made fresh if this is its first visit this frame).
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
        let sums = *solve.memory.sums_for(super::warm::key(solve.handles, a, b, info.feature), solve.frame, (c.n, c.p), approach);
        let e = kernel::restitution(sums.vrn0, settings.restitution_threshold, [bodies[a].restitution, bodies[b].restitution]);
        SummedPoint { c, e, vrn0: sums.vrn0 }
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
    let lambda = infos.map(|info| -solve.memory.get(solve.handles[a], solve.handles[b], info.feature).map_or(0.0, |s| s.jn));
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
/// ([`block_sums`]).
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
    let (pass, frame) = (solve.pass, solve.frame);
    let SummedPoint { c, e, .. } = SummedPoint::of(bodies, motions, (a, b), info, settings, solve);
    let sums = solve.memory.sums_for(super::warm::key(solve.handles, a, b, info.feature), frame, (c.n, c.p), || 0.0);
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
        let changes = [BodyChange { body: a, after: ma.state() }, BodyChange { body: b, after: mb.state() }];
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

/// What resolve found at the contact point, whether or not the bodies approach.
#[derive(Clone, Debug, PartialEq)]
pub struct Contact {
    pub start: DVec2,
    pub end: DVec2,
    pub inv_mass: [f64; 2],
    pub p: DVec2,
    /// The centres.
    pub x: [DVec2; 2],
    /// From each centre to p.
    pub r: [DVec2; 2],
    pub n: DVec2,
    /// Velocities and spins before the impulse.
    pub v: [DVec2; 2],
    pub w: [f64; 2],
    pub v_rel: DVec2,
}

/// The contact point, the arms to it from each centre, and its velocity on each body.
fn kinematics(ma: &Motion, mb: &Motion, info: &CollisionInfo) -> (DVec2, [DVec2; 2], [DVec2; 2]) {
    let p = contact_point(info, ma.inv_mass(), mb.inv_mass());
    (p, [p - ma.position, p - mb.position], [ma.velocity_at(p), mb.velocity_at(p)])
}

impl Contact {
    fn at(ma: &Motion, mb: &Motion, info: &CollisionInfo) -> Contact {
        let (p, r, v_p) = kinematics(ma, mb, info);
        Contact::of(ma, mb, info, p, r, v_p)
    }

    fn of(ma: &Motion, mb: &Motion, info: &CollisionInfo, p: DVec2, r: [DVec2; 2], v_p: [DVec2; 2]) -> Contact {
        Contact {
            start: info.start,
            end: info.end,
            inv_mass: [ma.inv_mass(), mb.inv_mass()],
            p,
            x: [ma.position, mb.position],
            r,
            n: info.normal,
            v: [ma.velocity, mb.velocity],
            w: [ma.angular_velocity, mb.angular_velocity],
            v_rel: v_p[0] - v_p[1],
        }
    }

    /// The velocity of p on each body, v + ω×r: the step's own arithmetic
    /// ([`Motion::velocity_at`], with r = p − x as recorded), so the same bits.
    /// Not kept in the record: a traced frame writes thousands of these.
    pub fn v_p(&self) -> [DVec2; 2] {
        [0, 1].map(|k| self.v[k] + cross_sv(self.w[k], self.r[k]))
    }

    /// The approach speed along n, v_rel·n, as the step computed it.
    pub fn vrn(&self) -> f64 {
        self.v_rel.dot(self.n)
    }
}

/// The impulse, when the bodies approach. A static body's mass and inertia are infinite.
#[derive(Clone, Debug, PartialEq)]
pub struct Impulse {
    pub friction: Friction,
    pub tangent: Tangent,
    pub coulomb_cap: bool,
    /// The restitution threshold (m/s); 0 in the texts.
    pub threshold: f64,
    pub restitution: [f64; 2],
    pub friction_of: [f64; 2],
    /// The bodies' masses and inertias; a static body's (inverse mass 0, in
    /// the contact) are infinite and shown as ∞.
    pub mass: [f64; 2],
    pub inertia: [f64; 2],
    pub e: f64,
    pub mu: f64,
    pub k_n: f64,
    pub jn: f64,
    pub t: DVec2,
    pub vrt: f64,
    pub sliding: bool,
    pub jt_free: f64,
    pub capped: bool,
    pub jt: f64,
    pub j: DVec2,
    pub changes: [BodyChange; 2],
    /// What only velocity-ratio friction, the cap and a clipped manifold's
    /// solve compute; none with the texts' defaults, which keeps the common
    /// record small.
    pub beyond: Option<Box<OptionTerms>>,
}

/// The parts of an [`Impulse`] that the texts' default (Coulomb friction, no
/// cap, one point) never computes.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionTerms {
    /// Only for velocity-ratio friction and the cap.
    pub k_t: Option<f64>,
    /// With the cap: K·n, and v_rel after the normal impulse, which friction acts on.
    pub k_n_vec: Option<DVec2>,
    /// Also with a clipped manifold's two-point solve: v_rel after both normal impulses.
    pub sliding_after: Option<DVec2>,
    /// Only with the cap.
    pub jt_max: Option<f64>,
}

impl Impulse {
    pub fn k_t(&self) -> Option<f64> {
        self.beyond.as_ref().and_then(|b| b.k_t)
    }
    pub fn k_n_vec(&self) -> Option<DVec2> {
        self.beyond.as_ref().and_then(|b| b.k_n_vec)
    }
    pub fn sliding_after(&self) -> Option<DVec2> {
        self.beyond.as_ref().and_then(|b| b.sliding_after)
    }
    pub fn jt_max(&self) -> Option<f64> {
        self.beyond.as_ref().and_then(|b| b.jt_max)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResolveRecord {
    pub contact: Contact,
    pub impulse: Option<Impulse>,
    /// The normal impulse given by the two-point solve, for a clipped manifold.
    pub given: Option<Box<TwoPointShare>>,
    /// With `warm_start`: the sums this visit changed, and the impulses it applied.
    pub summed: Option<Box<Summed>>,
}

/// The normal impulse of one point of a clipped manifold, from [`solve_two`].
#[derive(Clone, Debug, PartialEq)]
pub struct TwoPointShare {
    /// Which of the two points this is (0: the deeper).
    pub point: usize,
    pub jn: f64,
    /// How the normal impulses not yet applied (this point's and, at the
    /// first point, the second's) change v_rel here: friction acts on the rest.
    pub pending: DVec2,
    pub solve: TwoPoints,
}

/// The two points of a clipped manifold solved together.
///
/// Resolved one after the other, the second point's impulse turns the box and
/// makes the first approach again, and an impulse that only ever pushes leaves
/// a level box lifting at one end each frame. Together: a normal impulse λᵢ ≥ 0
/// at each point (jnᵢ = −λᵢ) changes the approach speeds by vn' = vn − A·λ, with
/// Aᵢⱼ = 1/mA + 1/mB + (rAᵢ×n)(rAⱼ×n)/IA + (rBᵢ×n)(rBⱼ×n)/IB. Each pushing point
/// must end at vnᵢ' = −eᵢ·vnᵢ, so A·λ = b with bᵢ = (1 + eᵢ)·vnᵢ, and a point that
/// does not push must not approach (vnᵢ' ≤ 0). Of the four cases (both push,
/// either one, neither) exactly one holds (Box2D's block solver).
#[derive(Clone, Debug, PartialEq)]
pub struct TwoPoints {
    /// Each point's arms from A's and B's centres.
    pub arms: [(DVec2, DVec2); 2],
    pub vn: [f64; 2],
    pub e: [f64; 2],
    /// A₁₁, A₁₂ (= A₂₁), A₂₂.
    pub a: [f64; 3],
    pub b: [f64; 2],
    pub lambda: [f64; 2],
    pub case: TwoPointCase,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoPointCase {
    Both,
    FirstOnly,
    SecondOnly,
    Neither,
}

impl TwoPointShare {
    /// The two-point solve, in full at the first point and by its result at the second.
    fn quantities(&self) -> Vec<Quantity> {
        let s = &self.solve;
        let [a11, a12, a22] = s.a;
        if self.point == 1 {
            let why = "solved with the first point, on the velocities before either impulse";
            return vec![Quantity::new("λ", s.lambda[1], "N·s").by(why, vec![])];
        }
        let case = match s.case {
            TwoPointCase::Both => "both points push: λ = A⁻¹·b",
            TwoPointCase::FirstOnly => "only the deeper point pushes: λ₁ = b₁/A₁₁, and the other does not approach",
            TwoPointCase::SecondOnly => "only the other point pushes: λ₂ = b₂/A₂₂, and the deeper does not approach",
            TwoPointCase::Neither => "neither point approaches: no impulse",
        };
        vec![
            Quantity::new("vn₁", s.vn[0], "m/s"),
            Quantity::new("vn₂", s.vn[1], "m/s"),
            Quantity::new("A₁₁", a11, "1/kg"),
            Quantity::new("A₁₂", a12, "1/kg"),
            Quantity::new("A₂₂", a22, "1/kg"),
            Quantity::new("b₁", s.b[0], "m/s").by("(1 + {e₁})·{vn₁}", vec![("e₁", s.e[0].into()), ("vn₁", s.vn[0].into())]),
            Quantity::new("b₂", s.b[1], "m/s").by("(1 + {e₂})·{vn₂}", vec![("e₂", s.e[1].into()), ("vn₂", s.vn[1].into())]),
            Quantity::new("two points", case, ""),
            Quantity::new("λ₁", s.lambda[0], "N·s"),
            Quantity::new("λ₂", s.lambda[1], "N·s"),
        ]
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

impl TwoPoints {
    /// What resolving point `point` is given: its normal impulse, and how the
    /// normal impulses from it on change v_rel there. An impulse −λⱼ·n at point j
    /// changes v_rel at point i by −λⱼ·((1/mA + 1/mB)·n + (rAⱼ×n)/IA·rAᵢ⊥ + (rBⱼ×n)/IB·rBᵢ⊥).
    pub(super) fn given(&self, point: usize, motions: &[Motion], (a, b): (usize, usize), n: DVec2) -> TwoPointShare {
        let (ma, mb) = (&motions[a], &motions[b]);
        let (ima, imb, iia, iib) = (ma.inv_mass(), mb.inv_mass(), ma.inv_inertia(), mb.inv_inertia());
        let (ra, rb) = self.arms[point];
        let pending = (point..2)
            .map(|j| {
                let (ra_j, rb_j) = self.arms[j];
                (n * (ima + imb) + ra.perp() * (cross(ra_j, n) * iia) + rb.perp() * (cross(rb_j, n) * iib)) * -self.lambda[j]
            })
            .sum();
        TwoPointShare { point, jn: -self.lambda[point], pending, solve: self.clone() }
    }
}

impl Record for ResolveRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let c = &self.contact;
        let [ima, imb] = c.inv_mass;
        let [ra, rb] = c.r;
        let [vpa, vpb] = c.v_p();
        let (n, v_rel, vrn) = (c.n, c.v_rel, c.vrn());
        let mut q = vec![
            Quantity::new("p", c.p, "m").by(
                "{start} + ({end} − {start})·{1/m_a}/({1/m_a} + {1/m_b})",
                vec![("start", c.start.into()), ("end", c.end.into()), ("1/m_a", ima.into()), ("1/m_b", imb.into())],
            ),
            Quantity::new("r_a", ra, "m").by("{p} − {x_a}", vec![("p", c.p.into()), ("x_a", c.x[0].into())]),
            Quantity::new("r_b", rb, "m").by("{p} − {x_b}", vec![("p", c.p.into()), ("x_b", c.x[1].into())]),
            Quantity::new("n", n, ""),
            Quantity::new("v_pa", vpa, "m/s")
                .by("{v_a} + {ω_a}×{r_a}", vec![("v_a", c.v[0].into()), ("ω_a", c.w[0].into()), ("r_a", ra.into())]),
            Quantity::new("v_pb", vpb, "m/s")
                .by("{v_b} + {ω_b}×{r_b}", vec![("v_b", c.v[1].into()), ("ω_b", c.w[1].into()), ("r_b", rb.into())]),
            Quantity::new("v_rel", v_rel, "m/s").by("{v_pa} − {v_pb}", vec![("v_pa", vpa.into()), ("v_pb", vpb.into())]),
            Quantity::new("vrn", vrn, "m/s").by("{v_rel}·{n}", vec![("v_rel", v_rel.into()), ("n", n.into())]),
            Quantity::new("approaching", vrn > 0.0, "").by("{vrn} > 0", vec![("vrn", vrn.into())]),
        ];
        if let Some(g) = &self.given {
            q.extend(g.quantities());
        }
        if let Some(s) = &self.summed {
            q.extend(s.quantities(c));
            return q;
        }
        let Some(i) = &self.impulse else { return q };
        let infinite_if_static = |k: usize, x: [f64; 2]| if c.inv_mass[k] == 0.0 { Value::Text("∞".into()) } else { Value::Scalar(x[k]) };
        let [mass_a, mass_b] = [0, 1].map(|k| infinite_if_static(k, i.mass));
        let [ia, ib] = [0, 1].map(|k| infinite_if_static(k, i.inertia));
        let k = |name, k, template, axis: (&'static str, DVec2)| {
            Quantity::new(name, k, "1/kg").by(
                template,
                vec![
                    ("1/m_a", ima.into()),
                    ("1/m_b", imb.into()),
                    ("r_a", ra.into()),
                    (axis.0, axis.1.into()),
                    ("I_a", ia.clone()),
                    ("r_b", rb.into()),
                    ("I_b", ib.clone()),
                ],
            )
        };
        let e = Quantity::new("e", i.e, "");
        let average = vec![("e_a", i.restitution[0].into()), ("e_b", i.restitution[1].into())];
        let e = match i.threshold {
            0.0 => e.by("({e_a} + {e_b}) / 2", average),
            t if vrn < t => e.by("0: approach {vrn} < threshold {threshold}", vec![("vrn", vrn.into()), ("threshold", t.into())]),
            t => e.by(
                "({e_a} + {e_b}) / 2  (approach {vrn} ≥ threshold {threshold})",
                [average, vec![("vrn", vrn.into()), ("threshold", t.into())]].concat(),
            ),
        };
        q.extend([
            e,
            k("k_n", i.k_n, "{1/m_a} + {1/m_b} + ({r_a}×{n})²/{I_a} + ({r_b}×{n})²/{I_b}", ("n", n)),
            match &self.given {
                None => Quantity::new("jn", i.jn, "N·s")
                    .by("−(1 + {e})·{vrn} / {k_n}", vec![("e", i.e.into()), ("vrn", vrn.into()), ("k_n", i.k_n.into())]),
                Some(g) => Quantity::new("jn", i.jn, "N·s")
                    .by("−{λ}  (this point's share of the two-point solve)", vec![("λ", g.solve.lambda[g.point].into())]),
            },
        ]);
        let slide =
            match (i.k_n_vec(), i.sliding_after(), &self.given) {
                (_, Some(after), Some(g)) => {
                    q.push(
                        Quantity::new("Δv_rel", g.pending, "m/s")
                            .by("the normal impulses of the two points not yet applied, this one's included", vec![]),
                    );
                    q.push(Quantity::new("v_rel'", after, "m/s").by(
                        "{v_rel} + {Δv_rel}  (after both normal impulses)",
                        vec![("v_rel", v_rel.into()), ("Δv_rel", g.pending.into())],
                    ));
                    Sliding::AfterNormal(after)
                }
                (Some(k_n_vec), Some(after), None) => {
                    q.push(Quantity::new("K·n", k_n_vec, "1/kg").by(
                        "({1/m_a} + {1/m_b})·{n} + ({r_a}×{n})/{I_a}·{r_a}⊥ + ({r_b}×{n})/{I_b}·{r_b}⊥",
                        vec![
                            ("1/m_a", ima.into()),
                            ("1/m_b", imb.into()),
                            ("n", n.into()),
                            ("r_a", ra.into()),
                            ("I_a", ia.clone()),
                            ("r_b", rb.into()),
                            ("I_b", ib.clone()),
                        ],
                    ));
                    q.push(Quantity::new("v_rel'", after, "m/s").by(
                        "{v_rel} + {jn}·{K·n}  (after the normal impulse)",
                        vec![("v_rel", v_rel.into()), ("jn", i.jn.into()), ("K·n", k_n_vec.into())],
                    ));
                    Sliding::AfterNormal(after)
                }
                _ => Sliding::Before(v_rel, vrn),
            };
        q.extend([
            tangent_quantity(i.tangent, i.t, n, slide),
            match slide {
                Sliding::Before(v, _) => Quantity::new("vrt", i.vrt, "m/s").by("{v_rel}·{t}", vec![("v_rel", v.into()), ("t", i.t.into())]),
                Sliding::AfterNormal(v) => {
                    Quantity::new("vrt", i.vrt, "m/s").by("{v_rel'}·{t}", vec![("v_rel'", v.into()), ("t", i.t.into())])
                }
            },
        ]);
        if i.friction != Friction::None {
            q.push(
                Quantity::new("mu", i.mu, "")
                    .by("({μ_a} + {μ_b}) / 2", vec![("μ_a", i.friction_of[0].into()), ("μ_b", i.friction_of[1].into())]),
            );
        }
        if let Some(k_t) = i.k_t() {
            q.push(k("k_t", k_t, "{1/m_a} + {1/m_b} + ({r_a}×{t})²/{I_a} + ({r_b}×{t})²/{I_b}", ("t", i.t)));
        }
        q.extend(friction_quantities(i));
        let j = i.j;
        let [after_a, after_b] = i.changes.map(|c| c.after);
        q.extend([
            Quantity::new("J", j, "N·s")
                .by("{jn}·{n} + {jt}·{t}", vec![("jn", i.jn.into()), ("n", n.into()), ("jt", i.jt.into()), ("t", i.t.into())]),
            Quantity::new("v_a'", after_a.velocity, "m/s")
                .by("{v_a} + {J}/{m_a}", vec![("v_a", c.v[0].into()), ("J", j.into()), ("m_a", mass_a)]),
            Quantity::new("ω_a'", after_a.angular_velocity, "rad/s")
                .by("{ω_a} + ({r_a}×{J})/{I_a}", vec![("ω_a", c.w[0].into()), ("r_a", ra.into()), ("J", j.into()), ("I_a", ia)]),
            Quantity::new("v_b'", after_b.velocity, "m/s")
                .by("{v_b} − {J}/{m_b}", vec![("v_b", c.v[1].into()), ("J", j.into()), ("m_b", mass_b)]),
            Quantity::new("ω_b'", after_b.angular_velocity, "rad/s")
                .by("{ω_b} − ({r_b}×{J})/{I_b}", vec![("ω_b", c.w[1].into()), ("r_b", rb.into()), ("J", j.into()), ("I_b", ib)]),
        ]);
        q
    }

    fn changes(&self) -> &[BodyChange] {
        match (&self.impulse, &self.summed) {
            (Some(i), _) => &i.changes,
            (None, Some(s)) => &s.changes,
            (None, None) => &[],
        }
    }

    /// The bytes of its boxed parts, if any: none with the texts' defaults.
    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        let beyond = self.impulse.as_ref().and_then(|i| i.beyond.as_ref());
        self.summed.as_ref().map_or(0, |s| size_of_val(&**s))
            + beyond.map_or(0, |b| size_of_val(&**b))
            + self.given.as_ref().map_or(0, |g| size_of_val(&**g))
    }
}

impl ResolveRecord {
    /// The impulse applied, as (jn, t, jt), whichever way it was sized.
    pub fn applied(&self) -> Option<(f64, DVec2, f64)> {
        match (&self.impulse, &self.summed) {
            (Some(i), _) => Some((i.jn, i.t, i.jt)),
            (None, Some(s)) => Some((s.jn, s.t, s.jt)),
            (None, None) => None,
        }
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

/// The relative velocity friction acts on: the one before either impulse (the
/// texts), or with the cap the one the normal impulse leaves.
#[derive(Clone, Copy)]
enum Sliding {
    Before(DVec2, f64),
    AfterNormal(DVec2),
}

fn tangent_quantity(mode: Tangent, t: DVec2, n: DVec2, sliding: Sliding) -> Quantity {
    let q = Quantity::new("t", t, "");
    match (mode, sliding) {
        (Tangent::RotatedNormal | Tangent::SignFixed, _) => q.by("({n.y}, −{n.x})", vec![("n.y", n.y.into()), ("n.x", n.x.into())]),
        (Tangent::Projected, Sliding::Before(v, _)) if t == DVec2::ZERO => {
            q.by("none: {v_rel} has no sliding part", vec![("v_rel", v.into())])
        }
        (Tangent::Projected, Sliding::AfterNormal(v)) if t == DVec2::ZERO => {
            q.by("none: {v_rel'} has no sliding part", vec![("v_rel'", v.into())])
        }
        (Tangent::Projected, Sliding::Before(v, vrn)) => {
            q.by("({v_rel} − {vrn}·{n}) / |…|", vec![("v_rel", v.into()), ("vrn", vrn.into()), ("n", n.into())])
        }
        (Tangent::Projected, Sliding::AfterNormal(v)) => {
            q.by("({v_rel'} − ({v_rel'}·{n})·{n}) / |…|", vec![("v_rel'", v.into()), ("n", n.into())])
        }
    }
}

/// jt as the friction model gives it, and the cap when it is on.
fn friction_quantities(i: &Impulse) -> Vec<Quantity> {
    let Impulse { mu, jn, vrt, jt_free, capped, jt, sliding, .. } = *i;
    let (k_t, jt_max) = (i.k_t(), i.jt_max());
    let free = match i.friction {
        Friction::None => Quantity::new("jt", 0.0, "N·s").by("friction is off", vec![]),
        Friction::Coulomb if !sliding => Quantity::new("jt", 0.0, "N·s").by("0: no sliding ({vrt} = 0)", vec![("vrt", vrt.into())]),
        Friction::Coulomb if i.tangent == Tangent::SignFixed && vrt < 0.0 => {
            Quantity::new("jt", jt_free, "N·s").by("−{mu}·{jn}  (negated: vrt < 0)", vec![("mu", mu.into()), ("jn", jn.into())])
        }
        Friction::Coulomb => Quantity::new("jt", jt_free, "N·s").by("{mu}·{jn}", vec![("mu", mu.into()), ("jn", jn.into())]),
        Friction::VelocityRatio => {
            Quantity::new("jt", jt_free, "N·s").by("−{mu}·{vrt} / {k_t}", vec![("mu", mu.into()), ("vrt", vrt.into()), ("k_t", k_t.into())])
        }
    };
    if !i.coulomb_cap || i.friction == Friction::None {
        return vec![free];
    }
    let mut out = vec![
        Quantity { name: "jt_free".into(), ..free },
        Quantity::new("jt_max", jt_max, "N·s").by("|{vrt}| / {k_t}", vec![("vrt", vrt.into()), ("k_t", k_t.into())]),
    ];
    let jt_q = Quantity::new("jt", jt, "N·s");
    out.push(if capped {
        jt_q.by(
            "sign({jt_free})·{jt_max}  (capped: no more than stops sliding)",
            vec![("jt_free", jt_free.into()), ("jt_max", jt_max.into())],
        )
    } else {
        jt_q.by("{jt_free}  (within the cap)", vec![("jt_free", Value::Scalar(jt_free))])
    });
    out
}
