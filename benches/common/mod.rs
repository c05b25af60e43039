//! What the benches share.

use impulse::engine::{NoTrace, Settings, World, step};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// `iters` untraced steps of a clone of `world`, timed after one untimed step
/// that grows the step's buffers, as a run does.
pub fn untraced_steps(world: &World, settings: &Settings, iters: u64) -> Duration {
    let mut w = world.clone();
    step(&mut w, settings, &mut NoTrace);
    let start = Instant::now();
    for _ in 0..iters {
        step(&mut w, black_box(settings), &mut NoTrace);
    }
    start.elapsed()
}
