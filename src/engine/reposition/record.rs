//! What Dobre & Ramtal's method computed, ball with ball and ball with wall,
//! and the derivations a person reads from it.

use crate::engine::trace::{BodyChange, Quantity, Record, Value};
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

/// What the detection found against one wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Miss,
    /// Beside the wall and nearer than the radius, or across its line (side tracking).
    Face,
    /// Within the radius of the wall's first (0) or second (1) end.
    End(usize),
}

/// Why a step did something other than Dobre & Ramtal's formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Moving along the wall (sin θ = 0): Δs would be infinite.
    Grazing,
    /// Not moving: there is no way back along the velocity.
    AtRest,
    /// Overlapping but moving away (a start overlapping the wall): going
    /// back along v would carry the ball through the wall.
    MovingAway,
    /// vcor came out below 0: the ball would have stopped before the wall.
    Stopped,
    /// Δs is longer than the ball moved this frame, |v|·dt: going back
    /// along v would throw a ball that skims the wall far away (sin θ =
    /// 0.0007 once gave Δs = 10.9 m).
    Deep,
}

impl Fallback {
    pub fn describe(self) -> &'static str {
        match self {
            Fallback::Grazing => "sin θ = 0, the ball moves along the wall: pushed straight out to touching instead",
            Fallback::AtRest => "the ball is at rest: pushed straight out to touching instead",
            Fallback::MovingAway => "the ball overlaps the wall but moves away from it: pushed straight out to touching, not bounced",
            Fallback::Stopped => "vcor < 0 (the ball would have stopped short of the wall): vcor = 0",
            Fallback::Deep => "Δs > |v|·dt, more than this frame's move: pushed straight out to touching instead",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct WallTouchRecord {
    pub x: DVec2,
    pub r: f64,
    pub from: DVec2,
    pub to: DVec2,
    pub proj1: f64,
    pub proj2: f64,
    pub length: f64,
    pub dist: DVec2,
    /// The side of the wall the ball started the frame on; none without side tracking.
    pub side: Option<f64>,
    pub tunnelled: bool,
    pub outcome: Outcome,
}

impl Record for WallTouchRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (x, from, to) = (self.x, self.from, self.to);
        let unit = (to - from) / self.length;
        let b1 = from - x;
        let b2 = to - x;
        let mut q = vec![
            Quantity::new("b1", b1, "m").by("{p1} − {x}", vec![("p1", from.into()), ("x", x.into())]),
            Quantity::new("b2", b2, "m").by("{p2} − {x}", vec![("p2", to.into()), ("x", x.into())]),
            Quantity::new("|w|", self.length, "m").by("|{p2} − {p1}|", vec![("p2", to.into()), ("p1", from.into())]),
            Quantity::new("proj1", self.proj1, "m").by("{b1}·{ŵ}", vec![("b1", b1.into()), ("ŵ", unit.into())]),
            Quantity::new("proj2", self.proj2, "m").by("{b2}·{ŵ}", vec![("b2", b2.into()), ("ŵ", unit.into())]),
            Quantity::new("dist", self.dist, "m")
                .by("{b1} − {proj1}·{ŵ}", vec![("b1", b1.into()), ("proj1", self.proj1.into()), ("ŵ", unit.into())]),
            Quantity::new("|dist|", self.dist.length(), "m"),
            Quantity::new("beside", self.proj1.abs() < self.length && self.proj2.abs() < self.length, "").by(
                "|{proj1}| < {|w|} and |{proj2}| < {|w|}",
                vec![("proj1", self.proj1.into()), ("|w|", self.length.into()), ("proj2", self.proj2.into())],
            ),
            Quantity::new("nearer than r", self.dist.length() < self.r, "")
                .by("{|dist|} < {r}", vec![("|dist|", self.dist.length().into()), ("r", self.r.into())]),
        ];
        if let Some(side) = self.side {
            q.push(Quantity::new("side", side, "").by("sign of dist·N at the start of the frame", vec![]));
            q.push(
                Quantity::new("tunnelled", self.tunnelled, "")
                    .by("{side}·({dist}·{N}) < 0", vec![("side", side.into()), ("dist", self.dist.into()), ("N", unit.perp().into())]),
            );
        }
        let (hit, what) = match self.outcome {
            Outcome::Miss => (false, "no hit"),
            Outcome::Face => (true, "the wall's face"),
            Outcome::End(0) => (true, "the wall's first end (|b1| < r)"),
            Outcome::End(_) => (true, "the wall's second end (|b2| < r)"),
        };
        q.push(Quantity::new("contact", hit, ""));
        q.push(Quantity::new("hit", what, ""));
        q
    }

    fn found_contact(&self) -> bool {
        self.outcome != Outcome::Miss
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct WallRepositionRecord {
    pub x: DVec2,
    pub v: DVec2,
    pub r: f64,
    pub theta: f64,
    pub sin: f64,
    /// The wall's normal turned against the velocity.
    pub n: DVec2,
    pub dist: DVec2,
    pub ds: f64,
    /// What was undone: x' = x − displ.
    pub displ: DVec2,
    pub fallback: Option<Fallback>,
    pub changes: [BodyChange; 1],
}

impl Record for WallRepositionRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (v, n, dist, r) = (self.v, self.n, self.dist, self.r);
        let mut q = vec![
            Quantity::new("θ", self.theta, "rad").by("angle between {v} and the wall", vec![("v", v.into())]),
            Quantity::new("n", n, "").by("the wall's normal, turned so {n}·{v} ≤ 0", vec![("n", n.into()), ("v", v.into())]),
        ];
        match self.fallback {
            Some(f) => q.push(Quantity::new("fallback", f.describe(), "")),
            None => {
                q.push(Quantity::new("Δs", self.ds, "m").by(
                    "({r} + {dist}·{n}) / sin {θ}",
                    vec![("r", r.into()), ("dist", dist.into()), ("n", n.into()), ("θ", self.theta.into())],
                ));
            }
        }
        let formula = if self.fallback.is_some() { "the overlap, straight out" } else { "{v}/|{v}|·{Δs}" };
        q.push(Quantity::new("displ", self.displ, "m").by(formula, vec![("v", v.into()), ("Δs", self.ds.into())]));
        q.push(
            Quantity::new("x'", self.changes[0].after.position, "m")
                .by("{x} − {displ}", vec![("x", self.x.into()), ("displ", self.displ.into())]),
        );
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct VcorRecord {
    pub a: DVec2,
    pub displ: DVec2,
    pub v: DVec2,
    pub vcor: f64,
    /// The repositioning fell back, so there is no distance to correct over.
    pub skipped: bool,
    pub stopped: bool,
    pub changes: [BodyChange; 1],
}

impl Record for VcorRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (a, displ, v) = (self.a, self.displ, self.v);
        let mut q = vec![];
        if self.skipped {
            q.push(Quantity::new("vcor", 1.0, "").by("1: the ball was not moved back along its path", vec![]));
        } else {
            q.push(
                Quantity::new("vcor", self.vcor, "")
                    .by("1 − {a}·{displ} / |{v}|²", vec![("a", a.into()), ("displ", displ.into()), ("v", v.into())]),
            );
            if self.stopped {
                q.push(Quantity::new("fallback", Fallback::Stopped.describe(), ""));
            }
        }
        q.push(
            Quantity::new("v'", self.changes[0].after.velocity, "m/s").by("{v}·{vcor}", vec![("v", v.into()), ("vcor", self.vcor.into())]),
        );
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct WallBounceRecord {
    /// The velocity at the wall (after the correction).
    pub v: DVec2,
    pub wall_normal: DVec2,
    pub normal: DVec2,
    pub tangent: DVec2,
    pub e: f64,
    pub mu: f64,
    pub changes: [BodyChange; 1],
}

impl Record for WallBounceRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (v, n, vn, vt, e, mu) = (self.v, self.wall_normal, self.normal, self.tangent, self.e, self.mu);
        vec![
            Quantity::new("v_n", vn, "m/s").by("({v}·{N})·{N}", vec![("v", v.into()), ("N", n.into())]),
            Quantity::new("v_t", vt, "m/s").by("{v} − {v_n}", vec![("v", v.into()), ("v_n", vn.into())]),
            Quantity::new("e", e, ""),
            Quantity::new("μ", mu, ""),
            Quantity::new("v'", self.changes[0].after.velocity, "m/s")
                .by("{v_t}·(1 − {μ}) − {e}·{v_n}", vec![("v_t", vt.into()), ("μ", mu.into()), ("e", e.into()), ("v_n", vn.into())]),
        ]
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct EndpointRecord {
    pub end: DVec2,
    pub which: usize,
    pub x: DVec2,
    pub v: DVec2,
    pub r: f64,
    pub n: DVec2,
    pub u: f64,
    pub overlap: f64,
    pub e: f64,
    pub moving_away: bool,
    pub changes: [BodyChange; 1],
}

impl Record for EndpointRecord {
    fn quantities(&self, _: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (x, v, n, u, l, e) = (self.x, self.v, self.n, self.u, self.overlap, self.e);
        let after = self.changes[0].after;
        let mut q = vec![
            Quantity::new("end", Value::Text(if self.which == 0 { "first".into() } else { "second".into() }), ""),
            Quantity::new("n", n, "").by("({x} − {p}) / |{x} − {p}|", vec![("x", x.into()), ("p", self.end.into())]),
            Quantity::new("u", u, "m/s").by("{v}·{n}", vec![("v", v.into()), ("n", n.into())]),
            Quantity::new("L", l, "m").by("{r} − |{x} − {p}|", vec![("r", self.r.into()), ("x", x.into()), ("p", self.end.into())]),
        ];
        if self.moving_away {
            q.push(Quantity::new("fallback", Fallback::MovingAway.describe(), ""));
            q.push(Quantity::new("x'", after.position, "m").by("{x} + {n}·{L}", vec![("x", x.into()), ("n", n.into()), ("L", l.into())]));
        } else {
            q.push(
                Quantity::new("x'", after.position, "m")
                    .by("{x} − {u}·{n}·{L} / |{u}|", vec![("x", x.into()), ("u", u.into()), ("n", n.into()), ("L", l.into())]),
            );
            q.push(Quantity::new("u'", -e * u, "m/s").by("−{e}·{u}  (the end is fixed: m → ∞)", vec![("e", e.into()), ("u", u.into())]));
            q.push(
                Quantity::new("v'", after.velocity, "m/s")
                    .by("{v} − {u}·{n} + {u'}·{n}", vec![("v", v.into()), ("u", u.into()), ("n", n.into()), ("u'", (-e * u).into())]),
            );
        }
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }
}
