//! A ball against a wall (Dobre & Ramtal, "bouncing off inclined walls").
//!
//! Detection by projections: with b1 and b2 the vectors from the centre to
//! the wall's ends and ŵ the wall's direction, proj1 = b1·ŵ and proj2 = b2·ŵ
//! both shorter than the wall mean the centre is beside it, and
//! dist = b1 − proj1·ŵ is the perpendicular from the centre to its line.
//! A ball nearer than its radius has hit it.
//!
//! Repositioning: the hit happened when the centre was exactly r from the
//! line. Going back along the velocity, a step Δs along v closes the distance
//! to the line by Δs·sin θ (θ between v and the wall), so the ball goes back
//! Δs = (r + dist·n)/sin θ, with n the wall's normal turned against v
//! (dist·n is −|dist| in front of the wall and +|dist| behind it).
//!
//! Velocity correction: the ball was slower at the wall than where it was
//! caught, by what the acceleration added over Δs. From v·dv = a·ds,
//! v' = v·(1 − a·displ/|v|²): vcor = 1 − a·displ/|v|².
//!
//! Bounce: the normal part of v' turns round, times e; the part along the
//! wall keeps (1 − μ) of itself.
//!
//! A wall's end is a fixed ball of radius 0, infinitely heavy: the ball is put
//! back along its normal velocity to touching, and its normal velocity turns
//! round times e, as two balls do (see `pair.rs`).

use super::super::body::{Body, Motion};
use super::super::kernel;
use super::super::trace::{BodyChange, Phase, PhaseData, PhaseKind, Quantity, Record, Tracer, Value};
use super::super::walls::WallSegment;
use crate::geometry::Shape;
use glam::DVec2;

/// Which side of the wall's line the centre `x` is on: Dobre & Ramtal's `setSide`,
/// the sign of dist·N with N the wall's own normal (−1 when on the line).
pub(super) fn side(x: DVec2, wall: &WallSegment) -> f64 {
    let unit = (wall.to - wall.from).normalize_or_zero();
    let b1 = wall.from - x;
    let dist = b1 - unit * b1.dot(unit);
    if dist.dot(unit.perp()) > 0.0 { 1.0 } else { -1.0 }
}

/// Ball `i` against the walls, in order, until one is hit. `sides` are the
/// ball's sides of each wall at the start of the frame (empty without side
/// tracking). `gravity` is none without the velocity correction. Whether a wall was hit.
///
/// After the first hit the text looks no further. Side tracking still puts
/// back a ball whose centre crossed a later wall's line: in a corner, a ball
/// shoved by its neighbours through one wall while it sank into the other
/// was otherwise left outside for good, since the next frame starts there.
pub(super) fn visit<T: Tracer>(
    (bodies, motions): (&[Body], &mut [Motion]),
    i: usize,
    walls: &[WallSegment],
    sides: &[f64],
    (dt, gravity): (f64, Option<DVec2>),
    tracer: &mut T,
) -> bool {
    let mut hit = false;
    for (k, seg) in walls.iter().enumerate() {
        let w = seg.body;
        if w == i {
            continue;
        }
        let Shape::Circle { radius: r } = bodies[i].shape else { continue };
        let ball = &mut motions[i];
        let (from, to) = (seg.from, seg.to);
        let wdir = to - from;
        let length = wdir.length();
        let unit = wdir / length;
        let x = ball.position;
        let (b1, b2) = (from - x, to - x);
        let (proj1, proj2) = (b1.dot(unit), b2.dot(unit));
        let dist = b1 - unit * proj1;
        let beside = proj1.abs() < length && proj2.abs() < length;
        let side = sides.get(k).copied();
        let tunnelled = side.is_some_and(|s| s * dist.dot(unit.perp()) < 0.0);
        if hit && !tunnelled {
            continue;
        }
        let outcome = if (dist.length() < r || tunnelled) && beside {
            Outcome::Face
        } else if b1.length() < r {
            Outcome::End(0)
        } else if b2.length() < r {
            Outcome::End(1)
        } else {
            Outcome::Miss
        };
        if T::ENABLED && tracer.wants(PhaseKind::Detect, Some((i, w))) {
            let record = WallTouchRecord { x, r, from, to, proj1, proj2, length, dist, side, tunnelled, outcome };
            tracer.record(Phase::new(None, Some((i, w)), PhaseData::WallTouch(Box::new(record))));
        }
        let e = kernel::mix(bodies[i].restitution, bodies[w].restitution);
        match outcome {
            Outcome::Miss => continue,
            Outcome::End(end) => endpoint(ball, (i, w), r, [from, to][end], end, e, tracer),
            Outcome::Face => {
                let mu = kernel::mix(bodies[i].friction, bodies[w].friction);
                face(ball, (i, w), Face { r, wall: unit, dist, tunnelled, side, dt }, gravity, (e, mu), tracer);
            }
        }
        hit = true;
    }
    hit
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

struct Face {
    r: f64,
    wall: DVec2,
    dist: DVec2,
    tunnelled: bool,
    side: Option<f64>,
    dt: f64,
}

fn face<T: Tracer>(ball: &mut Motion, pair: (usize, usize), f: Face, gravity: Option<DVec2>, (e, mu): (f64, f64), tracer: &mut T) {
    let (x, v) = (ball.position, ball.velocity);
    let big_n = f.wall.perp();
    let d = f.dist.length();
    // Where the ball belongs: the side it came from (side tracking), else
    // the side its centre is on; out of the wall along this normal.
    let out = match (f.tunnelled, f.side) {
        (true, Some(s)) => -big_n * s,
        _ if d > 0.0 => -f.dist / d,
        _ => -big_n * f.side.unwrap_or(-1.0),
    };
    let depth = if f.tunnelled { f.r + d } else { f.r - d };
    let fallback = if v == DVec2::ZERO {
        Some(Fallback::AtRest)
    } else if !f.tunnelled && v.dot(out) >= 0.0 {
        Some(Fallback::MovingAway)
    } else {
        None
    };
    let theta = (v.normalize_or_zero().dot(f.wall)).clamp(-1.0, 1.0).acos();
    let sin = theta.sin();
    let n = if big_n.dot(v) > 0.0 { -big_n } else { big_n };
    let ds = (f.r + f.dist.dot(n)) / sin;
    let fallback = fallback.or((!(sin > 0.0 && ds.is_finite())).then_some(Fallback::Grazing)).or_else(|| {
        // More than a frame's move back along v: the ball did not get this
        // deep by this move (it skims the wall, or a neighbour pushed it in).
        (ds > v.length() * f.dt).then_some(Fallback::Deep)
    });
    let displ = match fallback {
        None => v.normalize() * ds,
        // Straight back out: the displacement that is undone.
        Some(_) => -out * depth,
    };
    ball.position -= displ;
    if T::ENABLED && tracer.wants(PhaseKind::Reposition, Some(pair)) {
        let record =
            WallRepositionRecord { x, v, r: f.r, theta, sin, n, dist: f.dist, ds, displ, fallback, changes: [change(pair.0, ball)] };
        tracer.record(Phase::new(None, Some(pair), PhaseData::WallReposition(Box::new(record))));
    }
    if matches!(fallback, Some(Fallback::MovingAway | Fallback::AtRest)) {
        return;
    }
    let raw = match gravity {
        Some(a) if fallback.is_none() => 1.0 - a.dot(displ) / v.length_squared(),
        _ => 1.0,
    };
    let vcor = raw.max(0.0);
    let corrected = v * vcor;
    ball.velocity = corrected;
    if let Some(gravity) = gravity
        && T::ENABLED
        && tracer.wants(PhaseKind::VelocityCorrection, Some(pair))
    {
        let stopped = raw < 0.0;
        let record = VcorRecord { a: gravity, displ, v, vcor, skipped: fallback.is_some(), stopped, changes: [change(pair.0, ball)] };
        tracer.record(Phase::new(None, Some(pair), PhaseData::VelocityCorrection(Box::new(record))));
    }
    let normal = big_n * corrected.dot(big_n);
    let tangent = corrected - normal;
    ball.velocity = tangent * (1.0 - mu) - normal * e;
    if T::ENABLED && tracer.wants(PhaseKind::Bounce, Some(pair)) {
        let record = WallBounceRecord { v: corrected, wall_normal: big_n, normal, tangent, e, mu, changes: [change(pair.0, ball)] };
        tracer.record(Phase::new(None, Some(pair), PhaseData::WallBounce(Box::new(record))));
    }
}

fn endpoint<T: Tracer>(ball: &mut Motion, pair: (usize, usize), r: f64, end: DVec2, which: usize, e: f64, tracer: &mut T) {
    let (x, v) = (ball.position, ball.velocity);
    let gap = x - end;
    let d = gap.length();
    // A centre exactly on the end: back the way the ball came, or up.
    let n = if d > 0.0 { gap / d } else { -v.try_normalize().unwrap_or(DVec2::NEG_Y) };
    let u = v.dot(n);
    let overlap = r - d;
    let moving_away = u >= 0.0;
    // The end is fixed, so the overlap closes at |u| and the ball alone goes back.
    ball.position = if moving_away { x + n * overlap } else { x - n * u * (overlap / u.abs()) };
    if !moving_away {
        ball.velocity = v - n * u - n * (e * u);
    }
    if T::ENABLED && tracer.wants(PhaseKind::Endpoint, Some(pair)) {
        let record = EndpointRecord { end, which, x, v, r, n, u, overlap, e, moving_away, changes: [change(pair.0, ball)] };
        tracer.record(Phase::new(None, Some(pair), PhaseData::Endpoint(Box::new(record))));
    }
}

fn change(body: usize, m: &Motion) -> BodyChange {
    BodyChange { body, after: m.state() }
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
