//! One frame of a 200-body scene, untraced (`NoTrace`) and traced: into a
//! `Vec<Phase>`, and into a `FrameRecord` (start and end states, and the
//! phases kept by kind) made fresh (`record_frame`), with room made from the
//! last frame (`record_frame_expecting`, as the TUI records) or written over
//! (`record_frame_into`, as `impulse run` records).
//!
//! The scene: 100 discs and 100 boxes on a 20 × 10 grid, one metre apart, sized
//! and jittered so that about a third of the neighbours overlap, above a static
//! floor, under gravity; it is run for 30 frames first so that the bench steps a
//! pile in motion with contacts, not a cloud in free fall. Every way of
//! stepping times the same 240 frames (31 to 270), frame after frame and over
//! again (a traced frame's records are dropped inside the timing, but for
//! `record_frame_into`'s, which the next frame writes over), with the default
//! solver: 15 relaxation passes.
//!
//! Run: `cargo bench -p impulse-bench --bench step`. Results are in BENCHMARKS.md.
//! With `STEP_ONE_WAY` set, one way alone, for callgrind (see [`one_way`]).

use criterion::{Criterion, criterion_group};

mod common;
use glam::DVec2;
use impulse::engine::{
    BodyDef, Filtered, FrameRecord, NoTrace, Phase, PhaseCounts, PhaseKind, Settings, World, record_frame, record_frame_expecting,
    record_frame_into, step,
};
use impulse::geometry::Shape;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The allocator the `impulse` binary uses, so the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
                BodyDef::dynamic(format!("disc {i}"), Shape::Circle { radius: 0.5 + 0.05 * jitter(i, 3) }, 1.0)
            } else {
                let size = DVec2::new(0.95 + 0.1 * jitter(i, 4), 0.95 + 0.1 * jitter(i, 5));
                BodyDef::dynamic(format!("box {i}"), Shape::Box { size }, 1.5)
            };
            b = b.at(at);
            b.motion.angle = 0.3 * jitter(i, 6);
            b.motion.velocity = DVec2::new(jitter(i, 7), jitter(i, 8));
            b.body.restitution = 0.3;
            b.body.friction = 0.4;
            bodies.push(b);
        }
    }
    let mut floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(24.0, 1.0) }).at(DVec2::new(0.0, 0.0));
    floor.body.friction = 0.4;
    bodies.push(floor);
    World::new(bodies, DVec2::new(0.0, -9.8))
}

/// How many frames the bench steps (31 to 270), over and over.
const FRAMES: usize = 240;

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
        let untraced = step(&mut world.clone(), &settings, &mut NoTrace);
        eprintln!(
            "{} bodies; one frame records {} phases ({} detect, {} correct, {} resolve), {} bytes, and {quantities} quantities; \
             untraced, the same frame makes {} narrow-phase tests ({} contacts)",
            world.bodies.len(),
            frame.phases.len(),
            count(PhaseKind::Detect),
            count(PhaseKind::Correct),
            count(PhaseKind::Resolve),
            frame.bytes(),
            untraced.narrow_tests,
            untraced.contacts,
        );
    }
    // Every way of stepping times the same frames: frame after frame from
    // frame 31 (the step before it, which grows the step's buffers, untimed),
    // back to frame 31 after the last of the window, each sample going on
    // where the last stopped, so that every way goes round the window evenly
    // however many iterations its samples hold. Stepped on without end, a way
    // that runs more iterations in its seconds (the untraced one) would reach
    // a calmer pile; started afresh each sample, a way whose samples are short
    // (a traced one) would time mostly the first, busiest frames.
    let from = |w: &mut World| {
        *w = world.clone();
        step(w, &settings, &mut NoTrace);
    };
    let walk = || (world.clone(), 0usize);
    let time = |(w, at): &mut (World, usize), iters: u64, one: &mut dyn FnMut(&mut World)| {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            if *at % FRAMES == 0 {
                from(w);
            }
            *at += 1;
            let start = Instant::now();
            one(w);
            total += start.elapsed();
        }
        total
    };
    let mut frame = FrameRecord::default();
    let mut room = PhaseCounts::default();
    {
        // The ratio the budget asks, taken in turns of eight frames each way:
        // on a shared machine whose speed drifts from one second to the next,
        // criterion's groups, seconds apart, can move by a fifth against each
        // other. Each way steps each frame of the window once; the first frame
        // of each turn, whose caches the other ways' frames have just filled,
        // is stepped untimed.
        let mut ways: [(World, Vec<f64>); 3] = std::array::from_fn(|_| (world.clone(), Vec::new()));
        for (w, _) in &mut ways {
            from(w);
        }
        for _ in 0..FRAMES / 8 {
            for (k, (w, times)) in ways.iter_mut().enumerate() {
                for turn in 0..8 {
                    let began = Instant::now();
                    match k {
                        0 => drop(step(w, &settings, &mut NoTrace)),
                        1 => drop(record_frame_into(&mut frame, w, &settings)),
                        _ => {
                            let record = record_frame_expecting(w, &settings, room);
                            room = record.room_for_next();
                            drop(black_box(record));
                        }
                    }
                    if turn > 0 {
                        times.push(began.elapsed().as_secs_f64());
                    }
                }
            }
        }
        let [untraced, into, expecting] = ways.map(|(_, mut t)| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2] * 1e3
        });
        eprintln!(
            "in turns, medians of {} frames: untraced {untraced:.3} ms; record_frame_into {into:.3} ms ({:.2}×); \
             record_frame_expecting {expecting:.3} ms ({:.2}×)",
            FRAMES / 8 * 7,
            into / untraced,
            expecting / untraced
        );
    }

    let mut group = c.benchmark_group("step 200 bodies");
    group.bench_function("untraced (NoTrace)", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                step(w, black_box(&settings), &mut NoTrace);
            })
        })
    });
    // What tracing costs before any record is built: the game-engine book's every
    // narrow-phase test (bounding circles, the list built afresh), the SAT's
    // faces and the tracer's questions, with every record declined.
    group.bench_function("every test, no record (Filtered)", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                let mut none = Filtered::new(|_, _| false, true);
                step(w, black_box(&settings), &mut none);
                black_box(none.phases);
            })
        })
    });
    group.bench_function("traced (Vec<Phase>)", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                let mut phases: Vec<Phase> = Vec::new();
                step(w, black_box(&settings), &mut phases);
                black_box(phases);
            })
        })
    });
    group.bench_function("record_frame_expecting (sized from the last frame)", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                let frame = record_frame_expecting(w, black_box(&settings), room);
                room = frame.room_for_next();
                black_box(frame);
            })
        })
    });
    group.bench_function("record_frame_into (a frame done with, its room kept)", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                record_frame_into(&mut frame, w, black_box(&settings));
                black_box(&frame);
            })
        })
    });
    group.bench_function("record_frame", |b| {
        let mut walk = walk();
        b.iter_custom(|iters| {
            time(&mut walk, iters, &mut |w| {
                black_box(record_frame(w, black_box(&settings)));
            })
        })
    });
    group.finish();
}

/// What `warm_start` costs: the 200-disc pile of tests/fixtures/pile200.toml
/// (`benches/make_pile.py 200`) after 10 s, stepped untraced with the
/// starter's settings, with the texts' per-pass impulses and with summed,
/// warm-started ones (the contact memory read at every contact visit, a warm phase per
/// contact before the first pass).
fn warm_start(c: &mut Criterion) {
    use impulse::scene::{STARTER, Scene};
    let pile = Scene::parse("pile200.toml", include_str!("../tests/fixtures/pile200.toml")).unwrap();
    let starter = Scene::parse("starter", STARTER).unwrap().settings;
    let mut group = c.benchmark_group("pile of 200 discs at rest");
    for warm in [false, true] {
        let settings = Settings { dt: pile.settings.dt, warm_start: warm, ..starter.clone() };
        let mut world = pile.world.clone();
        for _ in 0..600 {
            step(&mut world, &settings, &mut NoTrace);
        }
        let name = if warm { "warm_start = true" } else { "warm_start = false" };
        group.bench_function(name, |b| b.iter_custom(|iters| common::untraced_steps(&world, &settings, iters)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Two cores: keep the whole run to well under a minute.
    config = Criterion::default().sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    targets = bench, warm_start
}
/// One way of stepping, alone, over the bench's window (frames 31 to 270,
/// after the same 30): what `STEP_ONE_WAY=untraced|into` runs instead of
/// the bench, for valgrind's callgrind to count its instructions in
/// `one_way_frames` (`--toggle-collect='*one_way_frames*'`), which a loaded
/// machine does not change.
fn one_way(way: &str) {
    let settings = Settings::default();
    let mut world = scene();
    for _ in 0..31 {
        step(&mut world, &settings, &mut NoTrace);
    }
    let mut frame = FrameRecord::default();
    // One frame first, so that the recorder's lists have their room, as in the bench's turns.
    record_frame_into(&mut frame, &mut world.clone(), &settings);
    let traced = match way {
        "untraced" => false,
        "into" => true,
        _ => panic!("STEP_ONE_WAY is untraced or into, not {way}"),
    };
    one_way_frames(&mut world, &settings, traced, &mut frame);
}

#[inline(never)]
fn one_way_frames(world: &mut World, settings: &Settings, traced: bool, frame: &mut FrameRecord) {
    for _ in 0..FRAMES {
        if traced {
            record_frame_into(frame, world, black_box(settings));
            black_box(&*frame);
        } else {
            black_box(step(world, black_box(settings), &mut NoTrace));
        }
    }
}

fn main() {
    if let Ok(way) = std::env::var("STEP_ONE_WAY") {
        return one_way(&way);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
