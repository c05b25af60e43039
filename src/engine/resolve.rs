//! Stage 3c: impulse resolution at one contact (texts 000 and 001).
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
//! Friction acts along the tangent t. Text 000 takes jt = μ·jn (Coulomb, sliding
//! friction proportional to the normal impulse); text 001 takes jt = −μ·vrt/Kt, a
//! fraction μ of the impulse that would stop the sliding. Both vrn and vrt come
//! from the velocities before either impulse.

use super::body::Body;
use super::trace::{Phase, PhaseKind, Quantity, Tracer, Value};
use super::{Friction, Settings, Tangent, pair_changes, pair_mut};
use crate::geometry::{CollisionInfo, cross};
use glam::DVec2;

/// A sliding speed below this (m/s) counts as none, so round-off never picks a
/// tangent at random.
const SLIDING_EPSILON: f64 = 1e-9;

pub(super) fn run<T: Tracer>(
    bodies: &mut [Body],
    a: usize,
    b: usize,
    info: &CollisionInfo,
    settings: &Settings,
    pass: usize,
    tracer: &mut T,
) {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    let (ima, imb) = (ba.inv_mass(), bb.inv_mass());
    let n = info.normal;
    let p = info.start * (imb / (ima + imb)) + info.end * (ima / (ima + imb));
    let (ra, rb) = (p - ba.position, p - bb.position);
    let (vpa, vpb) = (ba.velocity_at(p), bb.velocity_at(p));
    let v_rel = vpa - vpb;
    let vrn = v_rel.dot(n);
    let mut q = Vec::new();
    if T::ENABLED {
        q = vec![
            Quantity::new("p", p, "m").by(
                "{start} + ({end} − {start})·{1/m_a}/({1/m_a} + {1/m_b})",
                vec![("start", info.start.into()), ("end", info.end.into()), ("1/m_a", ima.into()), ("1/m_b", imb.into())],
            ),
            Quantity::new("r_a", ra, "m").by("{p} − {x_a}", vec![("p", p.into()), ("x_a", ba.position.into())]),
            Quantity::new("r_b", rb, "m").by("{p} − {x_b}", vec![("p", p.into()), ("x_b", bb.position.into())]),
            Quantity::new("n", n, ""),
            Quantity::new("v_pa", vpa, "m/s")
                .by("{v_a} + {ω_a}×{r_a}", vec![("v_a", ba.velocity.into()), ("ω_a", ba.angular_velocity.into()), ("r_a", ra.into())]),
            Quantity::new("v_pb", vpb, "m/s")
                .by("{v_b} + {ω_b}×{r_b}", vec![("v_b", bb.velocity.into()), ("ω_b", bb.angular_velocity.into()), ("r_b", rb.into())]),
            Quantity::new("v_rel", v_rel, "m/s").by("{v_pa} − {v_pb}", vec![("v_pa", vpa.into()), ("v_pb", vpb.into())]),
            Quantity::new("vrn", vrn, "m/s").by("{v_rel}·{n}", vec![("v_rel", v_rel.into()), ("n", n.into())]),
            Quantity::new("approaching", vrn > 0.0, "").by("{vrn} > 0", vec![("vrn", vrn.into())]),
        ];
    }
    if vrn <= 0.0 {
        if T::ENABLED {
            let mut phase = Phase::new(PhaseKind::Resolve, Some(pass), Some((a, b)));
            phase.values = q;
            tracer.record(phase);
        }
        return;
    }

    let e = (ba.restitution + bb.restitution) / 2.0;
    let mu = (ba.friction + bb.friction) / 2.0;
    let (iia, iib) = (ba.inv_inertia(), bb.inv_inertia());
    let k_n = ima + imb + cross(ra, n).powi(2) * iia + cross(rb, n).powi(2) * iib;
    let jn = -(1.0 + e) * vrn / k_n;

    let t = tangent(settings.tangent, n, v_rel, vrn);
    let vrt = v_rel.dot(t);
    let k_t = ima + imb + cross(ra, t).powi(2) * iia + cross(rb, t).powi(2) * iib;
    let sliding = vrt.abs() > SLIDING_EPSILON;
    let jt_free = match settings.friction {
        Friction::None => 0.0,
        Friction::Coulomb if !sliding => 0.0,
        Friction::Coulomb if settings.tangent == Tangent::SignFixed && vrt < 0.0 => -mu * jn,
        Friction::Coulomb => mu * jn,
        Friction::VelocityRatio => -mu * vrt / k_t,
    };
    // The impulse that stops sliding, −vrt/Kt, is as far as friction should go.
    let jt_max = vrt.abs() / k_t;
    let capped = settings.coulomb_cap && jt_free.abs() > jt_max;
    let jt = if capped { jt_free.signum() * jt_max } else { jt_free };
    let impulse = n * jn + t * jt;

    let before = (ba.state(), bb.state());
    let (ba, bb) = pair_mut(bodies, a, b);
    ba.push(impulse, ra);
    bb.push(-impulse, rb);

    if T::ENABLED {
        q.extend([
            Quantity::new("e", e, "").by("({e_a} + {e_b}) / 2", vec![("e_a", ba.restitution.into()), ("e_b", bb.restitution.into())]),
            k_quantity("k_n", k_n, "{1/m_a} + {1/m_b} + ({r_a}×{n})²/{I_a} + ({r_b}×{n})²/{I_b}", ("n", n), (ba, bb), (ra, rb)),
            Quantity::new("jn", jn, "N·s").by("−(1 + {e})·{vrn} / {k_n}", vec![("e", e.into()), ("vrn", vrn.into()), ("k_n", k_n.into())]),
            tangent_quantity(settings.tangent, t, n, v_rel, vrn),
            Quantity::new("vrt", vrt, "m/s").by("{v_rel}·{t}", vec![("v_rel", v_rel.into()), ("t", t.into())]),
        ]);
        if settings.friction != Friction::None {
            q.push(Quantity::new("mu", mu, "").by("({μ_a} + {μ_b}) / 2", vec![("μ_a", ba.friction.into()), ("μ_b", bb.friction.into())]));
        }
        if settings.friction == Friction::VelocityRatio || settings.coulomb_cap {
            q.push(k_quantity("k_t", k_t, "{1/m_a} + {1/m_b} + ({r_a}×{t})²/{I_a} + ({r_b}×{t})²/{I_b}", ("t", t), (ba, bb), (ra, rb)));
        }
        q.extend(friction_quantities(settings, mu, jn, vrt, k_t, jt_free, jt_max, capped, jt, sliding));
        q.extend([
            Quantity::new("J", impulse, "N·s")
                .by("{jn}·{n} + {jt}·{t}", vec![("jn", jn.into()), ("n", n.into()), ("jt", jt.into()), ("t", t.into())]),
            Quantity::new("v_a'", ba.velocity, "m/s")
                .by("{v_a} + {J}/{m_a}", vec![("v_a", before.0.velocity.into()), ("J", impulse.into()), ("m_a", mass(ba))]),
            Quantity::new("ω_a'", ba.angular_velocity, "rad/s").by(
                "{ω_a} + ({r_a}×{J})/{I_a}",
                vec![("ω_a", before.0.angular_velocity.into()), ("r_a", ra.into()), ("J", impulse.into()), ("I_a", inertia(ba))],
            ),
            Quantity::new("v_b'", bb.velocity, "m/s")
                .by("{v_b} − {J}/{m_b}", vec![("v_b", before.1.velocity.into()), ("J", impulse.into()), ("m_b", mass(bb))]),
            Quantity::new("ω_b'", bb.angular_velocity, "rad/s").by(
                "{ω_b} − ({r_b}×{J})/{I_b}",
                vec![("ω_b", before.1.angular_velocity.into()), ("r_b", rb.into()), ("J", impulse.into()), ("I_b", inertia(bb))],
            ),
        ]);
        let mut phase = Phase::new(PhaseKind::Resolve, Some(pass), Some((a, b)));
        phase.values = q;
        phase.changes = pair_changes(bodies, a, b, before);
        tracer.record(phase);
    }
}

/// The inverse effective mass along an axis, K = 1/mA + 1/mB + (rA×d)²/IA + (rB×d)²/IB, with its inputs.
fn k_quantity(
    name: &'static str,
    k: f64,
    template: &'static str,
    axis: (&'static str, DVec2),
    (ba, bb): (&Body, &Body),
    (ra, rb): (DVec2, DVec2),
) -> Quantity {
    Quantity::new(name, k, "1/kg").by(
        template,
        vec![
            ("1/m_a", ba.inv_mass().into()),
            ("1/m_b", bb.inv_mass().into()),
            ("r_a", ra.into()),
            (axis.0, axis.1.into()),
            ("I_a", inertia(ba)),
            ("r_b", rb.into()),
            ("I_b", inertia(bb)),
        ],
    )
}

/// A static body's mass is infinite: J/m is zero for it.
fn mass(b: &Body) -> Value {
    if b.is_static() { Value::Text("∞".into()) } else { Value::Scalar(b.mass()) }
}

/// A static body's inertia is infinite: its terms in K vanish.
fn inertia(b: &Body) -> Value {
    if b.is_static() { Value::Text("∞".into()) } else { Value::Scalar(b.inertia()) }
}

/// The unit tangent, or zero when there is no sliding to oppose.
fn tangent(mode: Tangent, n: DVec2, v_rel: DVec2, vrn: f64) -> DVec2 {
    match mode {
        Tangent::RotatedNormal | Tangent::SignFixed => DVec2::new(n.y, -n.x),
        // (n×v)×n = v − (v·n)n for a unit n: v_rel with its normal part removed.
        Tangent::Projected => {
            let along = v_rel - n * vrn;
            let len = along.length();
            if len > SLIDING_EPSILON { along / len } else { DVec2::ZERO }
        }
    }
}

fn tangent_quantity(mode: Tangent, t: DVec2, n: DVec2, v_rel: DVec2, vrn: f64) -> Quantity {
    let q = Quantity::new("t", t, "");
    match mode {
        Tangent::RotatedNormal | Tangent::SignFixed => q.by("({n.y}, −{n.x})", vec![("n.y", n.y.into()), ("n.x", n.x.into())]),
        Tangent::Projected if t == DVec2::ZERO => q.by("none: {v_rel} has no sliding part", vec![("v_rel", v_rel.into())]),
        Tangent::Projected => q.by("({v_rel} − {vrn}·{n}) / |…|", vec![("v_rel", v_rel.into()), ("vrn", vrn.into()), ("n", n.into())]),
    }
}

#[allow(clippy::too_many_arguments)]
fn friction_quantities(
    s: &Settings,
    mu: f64,
    jn: f64,
    vrt: f64,
    k_t: f64,
    jt_free: f64,
    jt_max: f64,
    capped: bool,
    jt: f64,
    sliding: bool,
) -> Vec<Quantity> {
    let free = match s.friction {
        Friction::None => Quantity::new("jt", 0.0, "N·s").by("friction is off", vec![]),
        Friction::Coulomb if !sliding => Quantity::new("jt", 0.0, "N·s").by("0: no sliding ({vrt} = 0)", vec![("vrt", vrt.into())]),
        Friction::Coulomb if s.tangent == Tangent::SignFixed && vrt < 0.0 => {
            Quantity::new("jt", jt_free, "N·s").by("−{mu}·{jn}  (negated: vrt < 0)", vec![("mu", mu.into()), ("jn", jn.into())])
        }
        Friction::Coulomb => Quantity::new("jt", jt_free, "N·s").by("{mu}·{jn}", vec![("mu", mu.into()), ("jn", jn.into())]),
        Friction::VelocityRatio => {
            Quantity::new("jt", jt_free, "N·s").by("−{mu}·{vrt} / {k_t}", vec![("mu", mu.into()), ("vrt", vrt.into()), ("k_t", k_t.into())])
        }
    };
    if !s.coulomb_cap || s.friction == Friction::None {
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
