//! What the warm phase and a summed resolve computed, and the derivations a
//! person reads from them.

use crate::engine::resolve::record::{Contact, TwoPointCase};
use crate::engine::trace::{BodyChange, Quantity, Record};
use glam::DVec2;

/// What an accumulated resolve computed, beside the contact's own numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Summed {
    pub point: u8,
    pub changes: [BodyChange; 2],
    pub inv_inertia: [f64; 2],
    pub vrn0: f64,
    pub e: f64,
    pub k_n: f64,
    pub djn: f64,
    /// Which case of the two points' block solve gave Δjn, if it did.
    pub block: Option<TwoPointCase>,
    /// Σjn and Σjt before this visit and after it.
    pub sums_before: (f64, f64),
    pub sums_after: (f64, f64),
    /// The normal impulse applied: Σjn' − Σjn.
    pub jn: f64,
    pub t: DVec2,
    /// The sliding speed the normal impulse leaves.
    pub vrt: f64,
    pub mu: f64,
    pub k_t: f64,
    pub djt: f64,
    /// μ·|Σjn'|: how far friction's sum may go.
    pub limit: f64,
    pub jt: f64,
}

impl Summed {
    /// The derivation after the contact's own quantities (p, arms, v_rel, vrn).
    pub(in crate::engine) fn quantities(&self, c: &Contact) -> Vec<Quantity> {
        let (before, after, vrn) = (self.sums_before, self.sums_after, c.vrn());
        let e = if self.e == 0.0 && self.vrn0 > 0.0 {
            Quantity::new("e", 0.0, "").by("0: approach {vrn₀} below the threshold", vec![("vrn₀", self.vrn0.into())])
        } else {
            Quantity::new("e", self.e, "")
        };
        let mut q = second_point(self.point);
        q.extend([
            Quantity::new("vrn₀", self.vrn0, "m/s").by("vrn when the solve began, before any warm impulse", vec![]),
            e,
            Quantity::new("k_n", self.k_n, "1/kg"),
            if let Some(case) = self.block {
                let why = match case {
                    TwoPointCase::Both => "both points' sums solved together: each leaves at −e·vrn₀",
                    TwoPointCase::FirstOnly => "both points' sums solved together: only the deeper pushes, the other leaves fast enough",
                    TwoPointCase::SecondOnly => "both points' sums solved together: only the other pushes, the deeper leaves fast enough",
                    TwoPointCase::Neither => "both points' sums solved together: both leave fast enough, neither pushes",
                };
                Quantity::new("Δjn", self.djn, "N·s").by(why, vec![])
            } else {
                Quantity::new("Δjn", self.djn, "N·s").by(
                    "−({vrn} + {e}·{vrn₀}) / {k_n}",
                    vec![("vrn", vrn.into()), ("e", self.e.into()), ("vrn₀", self.vrn0.max(0.0).into()), ("k_n", self.k_n.into())],
                )
            },
            Quantity::new("Σjn", after.0, "N·s")
                .by("min({Σjn before} + {Δjn}, 0)", vec![("Σjn before", before.0.into()), ("Δjn", self.djn.into())]),
            Quantity::new("jn", self.jn, "N·s")
                .by("{Σjn} − {Σjn before}  (applied now)", vec![("Σjn", after.0.into()), ("Σjn before", before.0.into())]),
            Quantity::new("t", self.t, "").by("n⊥: friction's sum may take either sign", vec![]),
            Quantity::new("vrt", self.vrt, "m/s").by("v_rel·t after the normal impulse", vec![]),
            Quantity::new("mu", self.mu, ""),
            Quantity::new("k_t", self.k_t, "1/kg"),
            Quantity::new("Δjt", self.djt, "N·s").by("−{vrt} / {k_t}", vec![("vrt", self.vrt.into()), ("k_t", self.k_t.into())]),
            Quantity::new("Σjt", after.1, "N·s").by(
                "clamp({Σjt before} + {Δjt}, ±{mu}·|{Σjn}|)",
                vec![("Σjt before", before.1.into()), ("Δjt", self.djt.into()), ("mu", self.mu.into()), ("Σjn", after.0.into())],
            ),
            Quantity::new("jt", self.jt, "N·s")
                .by("{Σjt} − {Σjt before}  (applied now)", vec![("Σjt", after.1.into()), ("Σjt before", before.1.into())]),
        ]);
        let inv = [(c.inv_mass[0], self.inv_inertia[0]), (c.inv_mass[1], self.inv_inertia[1])];
        q.extend(impulse_and_after(c.n, (self.jn, self.t, self.jt), c.r, inv, [(c.v[0], c.w[0]), (c.v[1], c.w[1])], &self.changes));
        q
    }
}

/// The warm phase of one contact point.
#[derive(Clone, Debug, PartialEq)]
pub struct WarmRecord {
    pub point: u8,
    /// Last frame's summed impulse, Σjn·n + Σjt·t of then.
    pub last: DVec2,
    /// n·n of last frame: how far the contact turned.
    pub turn: f64,
    /// How far the point moved since last frame.
    pub moved: f64,
    pub n: DVec2,
    pub t: DVec2,
    pub mu: f64,
    pub p: DVec2,
    pub r: [DVec2; 2],
    /// Inverse mass and inverse inertia of A and B (0 for a static body).
    pub inv: [(f64, f64); 2],
    pub jn: f64,
    pub jt: f64,
    /// Velocities and spins before it.
    pub before: [(DVec2, f64); 2],
    pub changes: [BodyChange; 2],
}

impl Record for WarmRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let mut q = second_point(self.point);
        q.extend([
            Quantity::new("J_last", self.last, "N·s").by("Σjn·n + Σjt·t at the end of the last frame", vec![]),
            Quantity::new("n·n_last", self.turn, "").by("still the same contact: above 0.9", vec![]),
            Quantity::new("|p − p_last|", self.moved, "m")
                .by("made by the same corner or cut, and moved less than a quarter of the smaller body's size", vec![]),
            Quantity::new("n", self.n, ""),
            Quantity::new("p", self.p, "m"),
            Quantity::new("jn", self.jn, "N·s").by("min({J_last}·{n}, 0)", vec![("J_last", self.last.into()), ("n", self.n.into())]),
            Quantity::new("jt", self.jt, "N·s").by(
                "clamp({J_last}·{t}, ±{mu}·|{jn}|)",
                vec![("J_last", self.last.into()), ("t", self.t.into()), ("mu", self.mu.into()), ("jn", self.jn.into())],
            ),
        ]);
        q.extend(impulse_and_after(self.n, (self.jn, self.t, self.jt), self.r, self.inv, self.before, &self.changes));
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}

/// Which point of the pair this is, said only for a clipped manifold's second.
fn second_point(point: u8) -> Vec<Quantity> {
    if point == 0 { Vec::new() } else { vec![Quantity::new("point", "the second of a clipped manifold", "")] }
}

/// The impulse J = jn·n + jt·t applied at the contact, and the velocities and
/// spins it left (read from the states after it).
fn impulse_and_after(
    n: DVec2,
    (jn, t, jt): (f64, DVec2, f64),
    r: [DVec2; 2],
    inv: [(f64, f64); 2],
    before: [(DVec2, f64); 2],
    changes: &[BodyChange; 2],
) -> Vec<Quantity> {
    let j = n * jn + t * jt;
    let [a, b] = changes.map(|c| c.after);
    let [(ima, iia), (imb, iib)] = inv;
    vec![
        Quantity::new("J", j, "N·s")
            .by("{jn}·{n} + {jt}·{t}", vec![("jn", jn.into()), ("n", n.into()), ("jt", jt.into()), ("t", t.into())]),
        Quantity::new("v_a'", a.velocity, "m/s")
            .by("{v_a} + {J}·{1/m_a}", vec![("v_a", before[0].0.into()), ("J", j.into()), ("1/m_a", ima.into())]),
        Quantity::new("ω_a'", a.angular_velocity, "rad/s").by(
            "{ω_a} + ({r_a}×{J})·{1/I_a}",
            vec![("ω_a", before[0].1.into()), ("r_a", r[0].into()), ("J", j.into()), ("1/I_a", iia.into())],
        ),
        Quantity::new("v_b'", b.velocity, "m/s")
            .by("{v_b} − {J}·{1/m_b}", vec![("v_b", before[1].0.into()), ("J", j.into()), ("1/m_b", imb.into())]),
        Quantity::new("ω_b'", b.angular_velocity, "rad/s").by(
            "{ω_b} − ({r_b}×{J})·{1/I_b}",
            vec![("ω_b", before[1].1.into()), ("r_b", r[1].into()), ("J", j.into()), ("1/I_b", iib.into())],
        ),
    ]
}
