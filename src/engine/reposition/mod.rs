//! Dobre & Ramtal's method (`method = "reposition"`): move first, then undo each
//! overlap by putting the balls back where they touched, and bounce them.
//!
//! A frame, in the text's loop order: **move** every ball (x += v·dt); for
//! each ball i in scene order, each later ball j: **detect**, **reposition**,
//! **bounce** (`pair.rs`); then ball i against the walls in order, stopping
//! at the first one hit: **detect**, **reposition**, **velocity correction**,
//! **bounce**, or an **endpoint** bounce off a wall's end (`wall.rs`); last,
//! **forces** (v += a·dt). Side tracking compares each ball's side of each
//! wall at the start of the frame with its side after the move: a centre that
//! crossed a wall's line went through it, however thin the wall.
//!
//! The text knows balls and walls. A static box is taken as its four faces,
//! walls in their own right, so a scene's floor or block works here too.

mod pair;
pub mod record;
mod wall;

pub use record::{
    EndpointRecord, Fallback, Outcome, PairBounceRecord, PairRepositionRecord, Shared, TouchRecord, VcorRecord, WallBounceRecord,
    WallRepositionRecord, WallTouchRecord,
};

use super::body::{Body, Motion};
use super::phase::Tracer;
use super::trace::PhaseKind;
use super::{Settings, StepStats, integrate};
use crate::geometry::Shape;
use glam::DVec2;

/// Move, then the collisions; the caller applies the forces after.
pub(super) fn move_and_collide<T: Tracer>(
    bodies: &[Body],
    motions: &mut [Motion],
    settings: &Settings,
    gravity: DVec2,
    tracer: &mut T,
) -> StepStats {
    let walls = super::walls::segments(bodies, motions);
    let balls: Vec<usize> = (0..bodies.len()).filter(|&k| matches!(bodies[k].shape, Shape::Circle { .. })).collect();
    // Each ball's side of each wall, before the move: where the last frame left it.
    let sides: Vec<f64> = if settings.side_tracking {
        let walls = &walls;
        balls.iter().map(|&i| motions[i].position).flat_map(|x| walls.iter().map(move |w| wall::side(x, w))).collect()
    } else {
        Vec::new()
    };
    if settings.motion {
        integrate::run(motions, settings.dt, &[], (PhaseKind::Move, None), tracer);
    }
    let mut stats = StepStats::default();
    for (at, &i) in balls.iter().enumerate() {
        for &j in &balls[at + 1..] {
            stats.narrow_tests += 1;
            stats.contacts += usize::from(pair::visit((bodies, motions), (i, j), settings.dt, tracer));
        }
        if motions[i].is_static() {
            continue;
        }
        let own = sides.get(at * walls.len()..(at + 1) * walls.len()).unwrap_or(&[]);
        stats.narrow_tests += walls.len();
        let gravity = if settings.velocity_correction { Some(gravity) } else { None };
        stats.contacts += usize::from(wall::visit((bodies, motions), i, &walls, own, (settings.dt, gravity), tracer));
    }
    stats
}
