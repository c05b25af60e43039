//! What a key waits for in the debugger on a big scene: stepping back to a
//! frame that is no longer cached, in the 1,000-disc pile of
//! benches/discs1000.toml, after 600 frames were played untraced. The frame is
//! recorded from its keyframe (about 131,000 phases, no frame re-run), into
//! the lists of the record dropped to make room for it, and the totals of the
//! phase the key shows are read from its ledger: `F` shows the frame's first
//! phase, `N` on a frame's first phase the last phase of the frame before,
//! whose totals need the whole frame summed.
//!
//! The first few keys after play have no record to drop yet, so they record
//! into fresh memory that the kernel zeroes first (some 50 MB a frame, tens of
//! milliseconds on a loaded machine): they are stepped untimed, and the
//! figure is the key's wait once the caches are full, as in any long session.
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

/// Keys stepped untimed after play, until a record is dropped for each new one.
const WARM: u64 = 4;

/// Steps back one uncached frame at a time, from the last one played, and
/// reads the totals of the phase `shown` picks among the frame's phases.
fn step_back(c: &mut Criterion, name: &str, shown: fn(usize) -> usize) {
    let scene = Scene::parse("benches/discs1000.toml", include_str!("discs1000.toml")).expect("the committed scene parses");
    let key = |timeline: &mut Timeline, n: u64| {
        let phase = shown(timeline.frame(n).phases.len());
        std::hint::black_box(timeline.totals_around(n, phase).expect("the frame has that phase"));
    };
    let played = || {
        let mut timeline = Timeline::new(scene.world.clone(), scene.settings.clone());
        for n in 0..PLAYED {
            timeline.end_of(n);
        }
        for n in (PLAYED - WARM..PLAYED).rev() {
            key(&mut timeline, n);
        }
        timeline
    };
    let mut timeline = played();
    // A frame once recorded is cached, so each iteration goes one further back.
    let mut next = PLAYED - WARM - 1;
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                if next < 300 {
                    next = PLAYED - WARM - 1;
                    timeline = played();
                }
                let start = Instant::now();
                key(&mut timeline, next);
                spent += start.elapsed();
                next -= 1;
            }
            spent
        })
    });
}

fn keys(c: &mut Criterion) {
    step_back(c, "step back one uncached frame, 1,000 discs (F: its first phase)", |_| 0);
    step_back(c, "step back one phase into an uncached frame, 1,000 discs (N: its last phase)", |phases| phases - 1);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(12));
    targets = keys
}
criterion_main!(benches);
