//! What a resolve computed, and the derivation a person reads from it.

use crate::engine::body::Motion;
use crate::engine::kernel;
use crate::engine::settings::{Friction, Tangent};
use crate::engine::trace::{BodyChange, Quantity, Record, Value};
use crate::engine::warm::record::Summed;
use crate::geometry::{CollisionInfo, cross, cross_sv};
use glam::DVec2;

/// What resolve found at the contact point, whether or not the bodies approach.
/// The contact point: between the info's start and end, weighted by inverse mass.
#[inline]
pub(in crate::engine) fn contact_point(info: &CollisionInfo, ima: f64, imb: f64) -> DVec2 {
    kernel::contact_point(info.start.into(), info.end.into(), ima, imb).into()
}

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
pub(in crate::engine) fn kinematics(ma: &Motion, mb: &Motion, info: &CollisionInfo) -> (DVec2, [DVec2; 2], [DVec2; 2]) {
    let p = contact_point(info, ma.inv_mass(), mb.inv_mass());
    (p, [p - ma.position, p - mb.position], [ma.velocity_at(p), mb.velocity_at(p)])
}

impl Contact {
    pub(in crate::engine) fn at(ma: &Motion, mb: &Motion, info: &CollisionInfo) -> Contact {
        let (p, r, v_p) = kinematics(ma, mb, info);
        Contact::of(ma, mb, info, p, r, v_p)
    }

    pub(in crate::engine) fn of(ma: &Motion, mb: &Motion, info: &CollisionInfo, p: DVec2, r: [DVec2; 2], v_p: [DVec2; 2]) -> Contact {
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

impl TwoPoints {
    /// What resolving point `point` is given: its normal impulse, and how the
    /// normal impulses from it on change v_rel there. An impulse −λⱼ·n at point j
    /// changes v_rel at point i by −λⱼ·((1/mA + 1/mB)·n + (rAⱼ×n)/IA·rAᵢ⊥ + (rBⱼ×n)/IB·rBᵢ⊥).
    pub(in crate::engine) fn given(&self, point: usize, motions: &[Motion], (a, b): (usize, usize), n: DVec2) -> TwoPointShare {
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
