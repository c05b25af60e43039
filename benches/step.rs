//! One frame of a 200-body scene, untraced (`NoTrace`) and traced (`Vec<Phase>`,
//! and `record_frame`, which also keeps the start and end states).
//!
//! The scene: 100 discs and 100 boxes on a 20 × 10 grid, one metre apart, sized
//! and jittered so that about a third of the neighbours overlap, above a static
//! floor, under gravity; it is run for 30 frames first so that the bench steps a
//! pile in motion with contacts, not a cloud in free fall. Every iteration steps
//! a fresh clone of that state (cloning is outside the timing, and so is dropping
//! what the step produced), with the default solver: 15 relaxation passes.
//!
//! Run: `cargo bench --bench step`. Results are in BENCHMARKS.md.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::DVec2;
use impulse::engine::{Body, NoTrace, Phase, PhaseKind, Settings, World, record_frame, step};
use impulse::geometry::Shape;
use std::hint::black_box;
use std::time::Duration;

/// A deterministic jitter in [−1, 1) from a body's index (splitmix64).
fn jitter(i: u64, salt: u64) -> f64 {
    let mut z = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 52) as f64 - 1.0
}

fn scene() -> World {
    let mut bodies = Vec::with_capacity(201);
    for row in 0..10u64 {
        for col in 0..20u64 {
            let i = row * 20 + col;
            let at = DVec2::new(col as f64 - 9.5 + 0.1 * jitter(i, 1), row as f64 + 1.2 + 0.1 * jitter(i, 2));
            let mut b = if (row + col).is_multiple_of(2) {
                Body::dynamic(format!("disc {i}"), Shape::Circle { radius: 0.5 + 0.05 * jitter(i, 3) }, 1.0)
            } else {
                let size = DVec2::new(0.95 + 0.1 * jitter(i, 4), 0.95 + 0.1 * jitter(i, 5));
                Body::dynamic(format!("box {i}"), Shape::Box { size }, 1.5)
            };
            b = b.at(at);
            b.angle = 0.3 * jitter(i, 6);
            b.velocity = DVec2::new(jitter(i, 7), jitter(i, 8));
            b.restitution = 0.3;
            b.friction = 0.4;
            bodies.push(b);
        }
    }
    let mut floor = Body::fixed("floor", Shape::Box { size: DVec2::new(24.0, 1.0) }).at(DVec2::new(0.0, 0.0));
    floor.friction = 0.4;
    bodies.push(floor);
    World::new(bodies, DVec2::new(0.0, -9.8))
}

fn bench(c: &mut Criterion) {
    let settings = Settings::default();
    let mut world = scene();
    for _ in 0..30 {
        step(&mut world, &settings, &mut NoTrace);
    }
    {
        // What one traced frame of this state holds, for BENCHMARKS.md.
        let frame = record_frame(&mut world.clone(), &settings);
        let count = |k: PhaseKind| frame.phases.iter().filter(|p| p.kind() == k).count();
        let names: Vec<String> = world.bodies.iter().map(|b| b.name.clone()).collect();
        let quantities: usize = frame.phases.iter().map(|p| p.quantities(&names).len()).sum();
        eprintln!(
            "{} bodies; one frame records {} phases ({} detect, {} correct, {} resolve) and {quantities} quantities",
            world.bodies.len(),
            frame.phases.len(),
            count(PhaseKind::Detect),
            count(PhaseKind::Correct),
            count(PhaseKind::Resolve),
        );
    }

    let mut group = c.benchmark_group("step 200 bodies");
    group.bench_function("untraced (NoTrace)", |b| {
        b.iter_batched(
            || world.clone(),
            |mut w| {
                step(&mut w, black_box(&settings), &mut NoTrace);
                w
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("traced (Vec<Phase>)", |b| {
        b.iter_batched(
            || (world.clone(), Vec::<Phase>::new()),
            |(mut w, mut phases)| {
                step(&mut w, black_box(&settings), &mut phases);
                (w, phases)
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("record_frame", |b| {
        b.iter_batched(
            || world.clone(),
            |mut w| {
                let frame = record_frame(&mut w, black_box(&settings));
                (w, frame)
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // Two cores: keep the whole run to well under a minute.
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
