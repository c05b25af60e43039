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
use super::super::phase::{Phase, PhaseData, Tracer};
use super::super::trace::{BodyChange, PhaseKind};
use super::super::walls::WallSegment;
use super::record::{EndpointRecord, Fallback, Outcome, VcorRecord, WallBounceRecord, WallRepositionRecord, WallTouchRecord};
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
