//! impulse against a peer engine, rapier2d, on the same scene in the same run:
//! the budget (BENCHMARKS.md) is an untraced step no slower than rapier2d's.
//!
//! The scene is benches/discs1000.toml: 1,000 discs (radius 0.5–0.9 m, mass r²)
//! dropped into a box of three static walls, restitution 0.2, friction 0.3,
//! gravity −9.8 m/s², dt 1/60 s, 15 relaxation passes for impulse. rapier gets
//! the same bodies (read from the parsed scene, so the two cannot drift apart)
//! and its default settings otherwise: f32, 4 solver iterations, one thread
//! (the `parallel` feature is off), except that no body may sleep: impulse
//! steps every body every frame, and a sleeping pile is no work to compare.
//!
//! Both engines run WARM_UP_FRAMES from the start, so that the discs have fallen
//! and pile up. Each sample then clones that warmed state, steps it once
//! untimed (so every engine's caches are warm, as in a running game: rapier's
//! clone keeps its broad phase, impulse's clone starts with empty buffers),
//! and times the steps that follow one after another. rapier is timed twice:
//! with its default 4 solver iterations, and with 15, the passes impulse makes.
//!
//! Run: `cargo bench -p impulse-bench --bench peer`. Results are in BENCHMARKS.md.

mod common;
mod rapier_world;

use rapier_world::RapierWorld;

use criterion::{Criterion, criterion_group, criterion_main};
use impulse::engine::{NoTrace, record_frame, step};
use impulse::scene::Scene;
use rapier2d::prelude::PhysicsPipeline;
use std::time::{Duration, Instant};

/// The allocator the `impulse` binary uses, so the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Long enough for the top row (70 m up) to land: free fall from 70 m takes 3.8 s.
const WARM_UP_FRAMES: usize = 300;

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0), |(sum, n), x| (sum + x, n + 1));
    sum / n as f64
}

fn bench(c: &mut Criterion) {
    let scene = Scene::parse("benches/discs1000.toml", include_str!("discs1000.toml")).expect("the committed scene parses");
    let settings = scene.settings.clone();
    let mut world = scene.world;
    let mut rapier = RapierWorld::from_impulse(&world, settings.dt);
    let mut pipeline = PhysicsPipeline::new();
    for _ in 0..WARM_UP_FRAMES {
        step(&mut world, &settings, &mut NoTrace);
        rapier.step(&mut pipeline);
    }

    {
        // What one step does at the warmed state, for BENCHMARKS.md. impulse counts
        // a contact once per relaxation pass that finds it; the trace tells pairs apart.
        let stats = step(&mut world.clone(), &settings, &mut NoTrace);
        let frame = record_frame(&mut world.clone(), &settings);
        let mut touching: Vec<(usize, usize)> = frame.phases.iter().filter(|p| p.found_contact()).filter_map(|p| p.pair).collect();
        touching.sort_unstable();
        touching.dedup();
        let mut after = rapier.clone();
        after.step(&mut pipeline);
        let (pairs, points) = after.contacts();
        let awake = after.islands.num_active_bodies();
        // The discs' mean height in each engine, to see that both step a settled pile, not two different scenes.
        let impulse_y = mean(world.motions.iter().filter(|m| !m.is_static()).map(|m| m.position.y));
        let rapier_y = mean(rapier.bodies.iter().filter(|(_, b)| b.is_dynamic()).map(|(_, b)| f64::from(b.translation().y)));
        eprintln!(
            "after {WARM_UP_FRAMES} frames ({} bodies; discs' mean height: impulse {impulse_y:.2} m, rapier {rapier_y:.2} m), one step finds: \
             impulse {} contacts over {} passes ({} distinct pairs, {} narrow tests); \
             rapier {pairs} pairs in contact, {points} contact points, {awake} bodies awake",
            world.bodies.len(),
            stats.contacts,
            settings.relaxation_iterations,
            touching.len(),
            stats.narrow_tests,
        );
    }

    let mut group = c.benchmark_group("step 1000 discs");
    group.bench_function("impulse (untraced)", |b| b.iter_custom(|iters| common::untraced_steps(&world, &settings, iters)));
    for iterations in [4, 15] {
        let mut rapier = rapier.clone();
        rapier.params.num_solver_iterations = iterations;
        group.bench_function(format!("rapier2d, {iterations} solver iterations"), |b| {
            b.iter_custom(|iters| {
                let mut r = rapier.clone();
                r.step(&mut pipeline);
                let start = Instant::now();
                for _ in 0..iters {
                    r.step(&mut pipeline);
                }
                start.elapsed()
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // The same configuration as benches/step.rs, so the figures read alike.
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
