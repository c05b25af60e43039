//! What a key waits for in the debugger on a big scene: stepping back one
//! frame that is no longer cached, in the 1,000-disc pile of
//! benches/discs1000.toml, after 600 frames were played untraced. The frame is
//! recorded from its keyframe (about 131,000 phases), into the lists of the
//! record dropped to make room for it, and its ledger worked out.
//!
//! Run: `cargo bench -p impulse-bench --bench timeline`. Results are in BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use impulse::scene::Scene;
use impulse::session::Timeline;
use std::time::{Duration, Instant};

/// The allocator the `impulse` binary uses, so the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PLAYED: u64 = 600;

fn step_back(c: &mut Criterion) {
    let scene = Scene::parse("benches/discs1000.toml", include_str!("discs1000.toml")).expect("the committed scene parses");
    let mut timeline = Timeline::new(scene.world.clone(), scene.settings.clone());
    for n in 0..PLAYED {
        timeline.end_of(n);
    }
    // Frames are stepped back through from the last one played; a frame once
    // recorded is cached, so each iteration goes one further back.
    let mut next = PLAYED - 1;
    c.bench_function("step back one uncached frame, 1,000 discs", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                if next < 300 {
                    next = PLAYED - 1;
                    timeline = Timeline::new(scene.world.clone(), scene.settings.clone());
                    for n in 0..PLAYED {
                        timeline.end_of(n);
                    }
                }
                let start = Instant::now();
                std::hint::black_box(timeline.frame(next));
                spent += start.elapsed();
                next -= 1;
            }
            spent
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(12));
    targets = step_back
}
criterion_main!(benches);
