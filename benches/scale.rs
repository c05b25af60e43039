//! How the untraced step's cost grows with the scene, against rapier2d on the
//! same bodies: for each scene file given (`benches/make_pile.py N`), both
//! engines are stepped from the start until the pile has formed (the top
//! disc's free fall and two seconds more, [`warm_up_frames`]), then timed in
//! turns, `ROUNDS` times, each timing a run of steps of a clone of the warmed
//! world; the median of the rounds is reported.
//! rapier2d makes 15 solver iterations, the passes the scenes ask of impulse.
//!
//! Run: `cargo bench -p impulse-bench --bench scale -- SCENE.toml...` (absolute
//! paths: cargo runs a bench from its package's folder)
//! (`scripts/bench.sh scale` makes the scenes and adds Chipmunk's figures).
//! Prints one JSON line per scene.
//!
//! `SCENE.toml=FORMED.toml` starts impulse from FORMED, the scene after its
//! warm-up (`impulse run SCENE.toml --frames W --save-frame FORMED.toml`, W
//! as [`warm_up_frames`] counts, which a scene saved and read again steps on
//! bit for bit): a crushed pile of 64,000 discs takes an hour to form, and
//! need not be formed again for every run. rapier2d is warmed up from SCENE.

mod rapier_world;

use impulse::engine::{NoTrace, step};
use impulse::scene::Scene;
use rapier_world::RapierWorld;
use rapier2d::prelude::PhysicsPipeline;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const ROUNDS: usize = 5;
/// Steps are timed in runs of about this many body-steps, so a small scene is
/// timed over enough steps and a large one is not timed for minutes.
const BODY_STEPS_PER_RUN: usize = 200_000;

/// Frames for the highest disc to fall to the floor (y = 0) and two seconds
/// for the pile to settle: a pile of 64,000 discs is 556 m tall, and timed
/// any earlier it would be timed while it lands, not at rest.
/// `benches/pymunk_step.py` takes the same number of frames.
fn warm_up_frames(world: &impulse::engine::World, dt: f64) -> usize {
    let top = world.motions.iter().filter(|m| !m.is_static()).map(|m| m.position.y).fold(0.0, f64::max);
    let g = world.gravity.length().max(1e-9);
    ((2.0 * top / g).sqrt() / dt).ceil() as usize + (2.0 / dt).ceil() as usize
}

fn read(file: &str) -> Scene {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    Scene::parse(file, &text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; the scene files are the other arguments.
    let files: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if files.is_empty() {
        eprintln!("usage: cargo bench -p impulse-bench --bench scale -- SCENE.toml[=FORMED.toml]...");
        std::process::exit(2);
    }
    for argument in files {
        let (file, formed) = match argument.split_once('=') {
            Some((file, formed)) => (file.to_string(), Some(read(formed))),
            None => (argument.clone(), None),
        };
        let scene = read(&file);
        let settings = scene.settings.clone();
        let mut world = scene.world;
        let mut rapier = RapierWorld::from_impulse(&world, settings.dt);
        rapier.params.num_solver_iterations = settings.relaxation_iterations;
        let mut pipeline = PhysicsPipeline::new();
        let warm_up = warm_up_frames(&world, settings.dt);
        let formed_before = formed.is_some();
        if let Some(formed) = formed {
            let same = world.bodies.len() == formed.world.bodies.len()
                && world.bodies.iter().zip(&formed.world.bodies).all(|(x, y)| x.name == y.name && x.shape == y.shape);
            assert!(same, "{argument}: the formed scene holds other bodies than the scene");
            world = formed.world;
        }
        let started = Instant::now();
        for frame in 1..=warm_up {
            if !formed_before {
                step(&mut world, &settings, &mut NoTrace);
            }
            rapier.step(&mut pipeline);
            // A large pile takes long to land: say how far it has come.
            if frame % 50 == 0 {
                eprintln!("{file}: warming up, frame {frame} of {warm_up}, {:.0} s", started.elapsed().as_secs_f64());
            }
        }
        let bodies = world.bodies.len();
        // The work each engine finds at the warmed state: that both step a pile.
        let found = step(&mut world.clone(), &settings, &mut NoTrace);
        let mut after = rapier.clone();
        after.step(&mut pipeline);
        let (pairs, _) = after.contacts();
        let contacts = found.contacts / settings.relaxation_iterations.max(1);
        let steps = (BODY_STEPS_PER_RUN / bodies).max(5);
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let mut w = world.clone();
            step(&mut w, &settings, &mut NoTrace);
            let start = Instant::now();
            for _ in 0..steps {
                step(&mut w, &settings, &mut NoTrace);
            }
            ours.push(start.elapsed().as_secs_f64() * 1e3 / steps as f64);
            let mut r = rapier.clone();
            r.step(&mut pipeline);
            let start = Instant::now();
            for _ in 0..steps {
                r.step(&mut pipeline);
            }
            theirs.push(start.elapsed().as_secs_f64() * 1e3 / steps as f64);
        }
        let (ours, theirs) = (median(ours), median(theirs));
        println!(
            "{{\"scene\": \"{file}\", \"bodies\": {bodies}, \"warm_up_frames\": {warm_up}, \"impulse_formed_before\": {}, \"steps\": {steps}, \"impulse_contacts\": {contacts}, \"rapier2d_pairs\": {pairs}, \"impulse_ms\": {ours:.4}, \"rapier2d_ms\": {theirs:.4}}}",
            formed_before
        );
    }
}
