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
use super::super::trace::{BodyChange, Phase, PhaseData, PhaseKind, Quantity, Record, Tracer};
use super::super::{kernel, pair_mut};
use crate::geometry::Shape;
use glam::DVec2;

/// Why two balls were not put back along their velocities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// u_i = u_j: the gap never closes, so no time back undoes it.
    Parallel,
    /// Already moving apart: going back in time would deepen the overlap,
    /// and a bounce would turn them towards each other.
    Separating,
    /// Going back would take longer than the frame: this move did not make
    /// the overlap (it was there before, or other balls pushed them in), and
    /// a long trip back along v could carry a ball through a wall.
    Older,
}

impl Shared {
    pub fn describe(self) -> &'static str {
        match self {
            Shared::Parallel => "u_i = u_j: the overlap never closes, so it is shared by inverse mass",
            Shared::Separating => "the balls already move apart: the overlap is shared by inverse mass, not bounced",
            Shared::Older => "L / |u_i − u_j| > dt: the overlap is older than this move, so it is shared by inverse mass",
        }
    }
}

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

/// Dobre & Ramtal's test for two balls: do they overlap, |x_i − x_j| < r_i + r_j?
/// (Touching does not count: there is nothing to undo.)
#[derive(Clone, Debug, PartialEq)]
pub struct TouchRecord {
    pub x: [DVec2; 2],
    pub r: [f64; 2],
    pub hit: bool,
}

impl Record for TouchRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let [xi, xj] = self.x;
        let [ri, rj] = self.r;
        let d = xi.distance(xj);
        vec![
            Quantity::new("distance", d, "m").by("|{x_i} − {x_j}|", vec![("x_i", xi.into()), ("x_j", xj.into())]),
            Quantity::new("radius sum", ri + rj, "m").by("{r_i} + {r_j}", vec![("r_i", ri.into()), ("r_j", rj.into())]),
            Quantity::new("contact", self.hit, "")
                .by("{distance} < {radius sum}", vec![("distance", d.into()), ("radius sum", (ri + rj).into())]),
        ]
    }

    fn found_contact(&self) -> bool {
        self.hit
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PairRepositionRecord {
    pub x: [DVec2; 2],
    pub r: [f64; 2],
    pub d: f64,
    /// The unit line of centres, from j to i.
    pub n: DVec2,
    /// The normal velocities u_i, u_j along `n`.
    pub u: [f64; 2],
    pub overlap: f64,
    /// |u_i − u_j|, the rate the overlap closes at.
    pub closing: f64,
    /// Why the overlap was shared by inverse mass instead of undone along v.
    pub shared: Option<Shared>,
    pub w: [f64; 2],
    pub shift: [DVec2; 2],
    pub changes: [BodyChange; 2],
}

impl Record for PairRepositionRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let [xi, xj] = self.x;
        let (n, [ui, uj], l, closing) = (self.n, self.u, self.overlap, self.closing);
        let mut q = vec![
            Quantity::new("n", n, "").by("({x_i} − {x_j}) / {d}", vec![("x_i", xi.into()), ("x_j", xj.into()), ("d", self.d.into())]),
            Quantity::new("u_i", ui, "m/s").by("{v_i}·{n}", vec![("v_i", (self.changes[0].after.velocity).into()), ("n", n.into())]),
            Quantity::new("u_j", uj, "m/s").by("{v_j}·{n}", vec![("v_j", (self.changes[1].after.velocity).into()), ("n", n.into())]),
            Quantity::new("L", l, "m")
                .by("{r_i} + {r_j} − {d}", vec![("r_i", self.r[0].into()), ("r_j", self.r[1].into()), ("d", self.d.into())]),
        ];
        if let Some(why) = self.shared {
            let [wi, wj] = self.w;
            if closing > 0.0 {
                q.push(Quantity::new("|u_i − u_j|", closing, "m/s").by("|{u_i} − {u_j}|", vec![("u_i", ui.into()), ("u_j", uj.into())]));
            }
            q.push(Quantity::new("fallback", why.describe(), ""));
            q.push(Quantity::new("s_i", self.shift[0], "m").by(
                "{n}·{L}·{1/m_i} / ({1/m_i} + {1/m_j})",
                vec![("n", n.into()), ("L", l.into()), ("1/m_i", wi.into()), ("1/m_j", wj.into())],
            ));
            q.push(Quantity::new("s_j", self.shift[1], "m").by(
                "−{n}·{L}·{1/m_j} / ({1/m_i} + {1/m_j})",
                vec![("n", n.into()), ("L", l.into()), ("1/m_i", wi.into()), ("1/m_j", wj.into())],
            ));
        } else {
            q.push(Quantity::new("|u_i − u_j|", closing, "m/s").by("|{u_i} − {u_j}|", vec![("u_i", ui.into()), ("u_j", uj.into())]));
            q.push(
                Quantity::new("t back", l / closing, "s").by("{L} / {|u_i − u_j|}", vec![("L", l.into()), ("|u_i − u_j|", closing.into())]),
            );
            for (k, (name, u)) in [("s_i", ui), ("s_j", uj)].into_iter().enumerate() {
                q.push(Quantity::new(name, self.shift[k], "m").by(
                    "−{u}·{n}·{L} / {|u_i − u_j|}",
                    vec![("u", u.into()), ("n", n.into()), ("L", l.into()), ("|u_i − u_j|", closing.into())],
                ));
            }
        }
        q.push(
            Quantity::new("x_i'", self.changes[0].after.position, "m")
                .by("{x_i} + {s_i}", vec![("x_i", xi.into()), ("s_i", self.shift[0].into())]),
        );
        q.push(
            Quantity::new("x_j'", self.changes[1].after.position, "m")
                .by("{x_j} + {s_j}", vec![("x_j", xj.into()), ("s_j", self.shift[1].into())]),
        );
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PairBounceRecord {
    pub n: DVec2,
    pub u: [f64; 2],
    pub m: [f64; 2],
    /// Which of the two is fixed (infinitely heavy).
    pub fixed: [bool; 2],
    pub cr: f64,
    /// The normal velocities after the bounce.
    pub after: [f64; 2],
    pub tangent: [DVec2; 2],
    pub changes: [BodyChange; 2],
}

impl Record for PairBounceRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let ([ui, uj], [mi, mj], cr, [vi, vj]) = (self.u, self.m, self.cr, self.after);
        let ins = vec![("m_i", mi.into()), ("m_j", mj.into()), ("CR", cr.into()), ("u_i", ui.into()), ("u_j", uj.into())];
        let mut q = vec![Quantity::new("CR", cr, "")];
        match self.fixed {
            [false, true] => {
                q.push(Quantity::new("v_i", vi, "m/s").by("−{CR}·{u_i} + (1 + {CR})·{u_j}  (j fixed: m_j → ∞)", ins));
                q.push(Quantity::new("v_j", vj, "m/s").by("fixed", vec![]));
            }
            [true, false] => {
                q.push(Quantity::new("v_i", vi, "m/s").by("fixed", vec![]));
                q.push(Quantity::new("v_j", vj, "m/s").by("−{CR}·{u_j} + (1 + {CR})·{u_i}  (i fixed: m_i → ∞)", ins));
            }
            _ => {
                q.push(
                    Quantity::new("v_i", vi, "m/s")
                        .by("(({m_i} − {CR}·{m_j})·{u_i} + (1 + {CR})·{m_j}·{u_j}) / ({m_i} + {m_j})", ins.clone()),
                );
                q.push(Quantity::new("v_j", vj, "m/s").by("(({m_j} − {CR}·{m_i})·{u_j} + (1 + {CR})·{m_i}·{u_i}) / ({m_i} + {m_j})", ins));
            }
        }
        let n = self.n;
        // The normal speeds by their own names, so that a formula hiding v_i puts it in as v_i.
        let formulas = [("v_i'", "v_i", "{v_i}·{n} + {tangent}"), ("v_j'", "v_j", "{v_j}·{n} + {tangent}")];
        for (k, (name, normal, formula)) in formulas.into_iter().enumerate() {
            q.push(
                Quantity::new(name, self.changes[k].after.velocity, "m/s")
                    .by(formula, vec![(normal, [vi, vj][k].into()), ("n", n.into()), ("tangent", self.tangent[k].into())]),
            );
        }
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}
