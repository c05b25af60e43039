//! When will two discs touch, or a disc and a wall? (Sedgewick & Wayne)
//!
//! Two discs i and j with centres x_i, x_j moving at v_i, v_j touch when their
//! centres are σ = r_i + r_j apart. With Δr = x_j − x_i and Δv = v_j − v_i the
//! gap after a time t is Δr + Δv·t, so the hit solves |Δr + Δv·t| = σ:
//!   (Δv·Δv)·t² + 2·(Δv·Δr)·t + (Δr·Δr − σ²) = 0,
//!   t = (−(Δv·Δr) ± √d) / (Δv·Δv),   d = (Δv·Δr)² − (Δv·Δv)·(Δr·Δr − σ²),
//! and the first touch is the smaller root, −(Δv·Δr + √d)/(Δv·Δv). The
//! squared gap is a parabola in t whose slope at t = 0 is 2·(Δv·Δr): when
//! Δv·Δr ≥ 0 the gap is not shrinking now, and a parabola opening upwards
//! never turns back down, so the discs never meet. When d < 0 their paths
//! pass without ever coming σ close. (Δv·Δv is not 0 when Δv·Δr < 0.)
//!
//! A wall is a line with two ends. With N the unit normal of its line turned
//! toward the disc, s the centre's distance from the line and v_n = v·N, the
//! distance shrinks at −v_n, so the disc touches at t = (s − r)/(−v_n) if
//! v_n < 0, provided its centre then stands beside the wall. An end is a point
//! that never moves: a disc of radius 0, the pair formula with σ = r.

use super::super::trace::Quantity;
use super::super::walls::WallSegment;
use glam::DVec2;

/// A gap that closes more slowly than this share of |Δv|·|Δr| is taken as
/// kept: after a plastic bounce round-off leaves Δv·Δr a hair below 0, and the
/// pair would otherwise hit again at once, and again, for ever.
const KEPT: f64 = 1e-12;

/// What a predicted event hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Another disc, by body index.
    Disc(usize),
    /// A wall's face: the segment's place among the frame's walls, and its body.
    Face { segment: usize, body: usize },
    /// One end of a wall, 0 its `from` and 1 its `to`.
    End { segment: usize, body: usize, which: u8 },
}

impl Target {
    pub fn body(self) -> usize {
        match self {
            Target::Disc(b) | Target::Face { body: b, .. } | Target::End { body: b, .. } => b,
        }
    }

    /// The `event` value: what kind of hit.
    pub fn kind(self) -> &'static str {
        match self {
            Target::Disc(_) => "pair",
            Target::Face { .. } => "wall",
            Target::End { .. } => "wall end",
        }
    }
}

/// The numbers a time-to-hit test worked out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Test {
    /// Two discs, or a disc and a wall's end (the end at rest, radius 0).
    Quadratic { x: [DVec2; 2], v: [DVec2; 2], r: [f64; 2], dr: DVec2, dv: DVec2, dvdr: f64, dvdv: f64, drdr: f64, d: f64 },
    /// A disc and a wall's line.
    Line { x: DVec2, v: DVec2, r: f64, n: DVec2, s: f64, vn: f64, along: f64, length: f64 },
}

/// How a test came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitOutcome {
    Hit,
    /// Δv·Δr ≥ 0, or v_n ≥ 0: not closing.
    Receding,
    /// d < 0: the paths pass by.
    Passing,
    /// Already nearer than σ (or r from the line) and closing: a start or an
    /// edit left them overlapping, and they bounce at once.
    Overlapping,
    /// The centre passes the wall's line beyond one of its ends.
    Beside,
}

impl HitOutcome {
    fn describe(self) -> &'static str {
        match self {
            HitOutcome::Hit => "hit",
            HitOutcome::Receding => "not closing: no hit",
            HitOutcome::Passing => "d < 0: the paths pass by, no hit",
            HitOutcome::Overlapping => "already overlapping and closing: they bounce now (Δt = 0)",
            HitOutcome::Beside => "the centre meets the line beyond the wall's end: no hit on the face",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    pub test: Test,
    /// Seconds from now to the hit.
    pub dt: Option<f64>,
    pub outcome: HitOutcome,
}

/// Two discs (or a disc and a fixed point, `vj` zero and `rj` 0): algs4's
/// `timeToHit`, in its order of operations.
pub(super) fn discs((xi, vi, ri): (DVec2, DVec2, f64), (xj, vj, rj): (DVec2, DVec2, f64)) -> Prediction {
    let dr = xj - xi;
    let dv = vj - vi;
    let dvdr = dr.dot(dv);
    let dvdv = dv.dot(dv);
    let drdr = dr.dot(dr);
    let sigma = ri + rj;
    let d = (dvdr * dvdr) - dvdv * (drdr - sigma * sigma);
    let (dt, outcome) = if dvdr >= -KEPT * (dvdv * drdr).sqrt() {
        (None, HitOutcome::Receding)
    } else if d < 0.0 {
        (None, HitOutcome::Passing)
    } else {
        let t = -(dvdr + d.sqrt()) / dvdv;
        if t < 0.0 { (Some(0.0), HitOutcome::Overlapping) } else { (Some(t), HitOutcome::Hit) }
    };
    let test = Test::Quadratic { x: [xi, xj], v: [vi, vj], r: [ri, rj], dr, dv, dvdr, dvdv, drdr, d };
    Prediction { test, dt, outcome }
}

/// The unit normal of a wall's line turned toward the centre `x` moving at
/// `v`, and the centre's distance from the line. A centre on the line came
/// from the side it moves away from; moving along the line it has none.
pub(super) fn facing(x: DVec2, v: DVec2, seg: &WallSegment) -> Option<(DVec2, f64, f64)> {
    let length = (seg.to - seg.from).length();
    let w = (seg.to - seg.from) / length;
    let normal = w.perp();
    let s = normal.dot(x - seg.from);
    let side = if s > 0.0 {
        1.0
    } else if s < 0.0 {
        -1.0
    } else {
        let across = v.dot(normal);
        if across == 0.0 {
            return None;
        }
        -across.signum()
    };
    Some((normal * side, s.abs(), length))
}

/// A disc and a wall's face.
pub(super) fn face(x: DVec2, v: DVec2, r: f64, seg: &WallSegment) -> Prediction {
    let Some((n, s, length)) = facing(x, v, seg) else {
        let test = Test::Line { x, v, r, n: (seg.to - seg.from).normalize_or_zero().perp(), s: 0.0, vn: 0.0, along: 0.0, length: 0.0 };
        return Prediction { test, dt: None, outcome: HitOutcome::Receding };
    };
    let vn = v.dot(n);
    let line = |along| Test::Line { x, v, r, n, s, vn, along, length };
    if vn >= -KEPT * v.length() {
        return Prediction { test: line(0.0), dt: None, outcome: HitOutcome::Receding };
    }
    let t = (s - r) / (-vn);
    let (t, outcome) = if t < 0.0 { (0.0, HitOutcome::Overlapping) } else { (t, HitOutcome::Hit) };
    let along = (seg.to - seg.from).normalize().dot(x + v * t - seg.from);
    if !(0.0..=length).contains(&along) {
        return Prediction { test: line(along), dt: None, outcome: HitOutcome::Beside };
    }
    Prediction { test: line(along), dt: Some(t), outcome }
}

/// A disc and one end of a wall: a point at rest.
pub(super) fn end(x: DVec2, v: DVec2, r: f64, point: DVec2) -> Prediction {
    discs((x, v, r), (point, DVec2::ZERO, 0.0))
}

impl Prediction {
    /// The derivation, `now` the run's time when the test was made.
    pub(in super::super) fn quantities(&self, now: f64, queued: bool) -> Vec<Quantity> {
        let mut q = match self.test {
            Test::Quadratic { x, v, r, dr, dv, dvdr, dvdv, drdr, d } => vec![
                Quantity::new("Δr", dr, "m").by("{x_j} − {x_i}", vec![("x_j", x[1].into()), ("x_i", x[0].into())]),
                Quantity::new("Δv", dv, "m/s").by("{v_j} − {v_i}", vec![("v_j", v[1].into()), ("v_i", v[0].into())]),
                Quantity::new("Δv·Δr", dvdr, "m²/s").by("{Δv}·{Δr}", vec![("Δv", dv.into()), ("Δr", dr.into())]),
                Quantity::new("Δv·Δv", dvdv, "m²/s²"),
                Quantity::new("Δr·Δr", drdr, "m²"),
                Quantity::new("σ", r[0] + r[1], "m").by("{r_i} + {r_j}", vec![("r_i", r[0].into()), ("r_j", r[1].into())]),
                Quantity::new("d", d, "m⁴/s²").by(
                    "{Δv·Δr}² − {Δv·Δv}·({Δr·Δr} − {σ}²)",
                    vec![("Δv·Δr", dvdr.into()), ("Δv·Δv", dvdv.into()), ("Δr·Δr", drdr.into()), ("σ", (r[0] + r[1]).into())],
                ),
            ],
            Test::Line { x, v, r, n, s, vn, .. } => vec![
                Quantity::new("N", n, "").by("the wall's unit normal, toward the centre {x}", vec![("x", x.into())]),
                Quantity::new("s", s, "m").by("distance of the centre from the wall's line", vec![]),
                Quantity::new("v_n", vn, "m/s").by("{v}·{N}", vec![("v", v.into()), ("N", n.into())]),
                Quantity::new("r", r, "m"),
            ],
        };
        match (self.test, self.dt) {
            (Test::Quadratic { dvdr, dvdv, d, .. }, Some(dt)) => {
                let ins = vec![("Δv·Δr", dvdr.into()), ("d", d.into()), ("Δv·Δv", dvdv.into())];
                q.push(Quantity::new("Δt", dt, "s").by("−({Δv·Δr} + √{d}) / ({Δv·Δv})", ins));
            }
            (Test::Line { s, r, vn, .. }, Some(dt)) => {
                q.push(
                    Quantity::new("Δt", dt, "s").by("({s} − {r}) / (−{v_n})", vec![("s", s.into()), ("r", r.into()), ("v_n", vn.into())]),
                );
            }
            _ => {}
        }
        if let Test::Line { along, length, .. } = self.test
            && matches!(self.outcome, HitOutcome::Hit | HitOutcome::Overlapping | HitOutcome::Beside)
        {
            q.push(
                Quantity::new("along", along, "m")
                    .by("where the centre meets the line, from the wall's start (0 to {length})", vec![("length", length.into())]),
            );
        }
        q.push(Quantity::new("outcome", self.outcome.describe(), ""));
        if let Some(dt) = self.dt {
            q.push(Quantity::new("t", now + dt, "s").by("{now} + {Δt}", vec![("now", now.into()), ("Δt", dt.into())]));
            q.push(Quantity::new("queued", queued, "").by("t ≤ the frame's end", vec![]));
        }
        q
    }
}
