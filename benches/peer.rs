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

use criterion::{Criterion, criterion_group, criterion_main};
use impulse::engine::{NoTrace, World, record_frame, step};
use impulse::geometry::Shape;
use impulse::scene::Scene;
use rapier2d::prelude::*;
use std::time::{Duration, Instant};

/// The allocator the `impulse` binary uses, so the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Long enough for the top row (70 m up) to land: free fall from 70 m takes 3.8 s.
const WARM_UP_FRAMES: usize = 300;

/// All of rapier's state for one world, so a warmed world can be cloned. The
/// `PhysicsPipeline` is not in it: it holds only scratch buffers (and is not
/// `Clone`), so one pipeline steps every clone, as a game reuses its pipeline.
#[derive(Clone)]
struct RapierWorld {
    gravity: Vector,
    params: IntegrationParameters,
    islands: IslandManager,
    broad_phase: DefaultBroadPhase,
    narrow_phase: NarrowPhase,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    impulse_joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
}

impl RapierWorld {
    /// impulse's bodies as rapier bodies: same shape, pose, velocity, mass
    /// (inertia follows from it and the shape, m r²/2 for a disc as in impulse),
    /// restitution and friction; static bodies become fixed ones.
    fn from_impulse(world: &World, dt: f64) -> RapierWorld {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        for (b, m) in world.iter() {
            // impulse steps every body every frame; rapier would put a resting
            // pile to sleep and skip it, which measures a different workload.
            let kind = if b.is_static() { RigidBodyBuilder::fixed() } else { RigidBodyBuilder::dynamic().can_sleep(false) };
            let body = kind
                .translation(Vector::new(m.position.x as f32, m.position.y as f32))
                .rotation(m.angle as f32)
                .linvel(Vector::new(m.velocity.x as f32, m.velocity.y as f32))
                .angvel(m.angular_velocity as f32);
            let shape = match b.shape {
                Shape::Circle { radius } => ColliderBuilder::ball(radius as f32),
                Shape::Box { size } => ColliderBuilder::cuboid(size.x as f32 / 2.0, size.y as f32 / 2.0),
                // A wall's ends sit at ∓half about its position (its angle is 0).
                Shape::Segment { half } => {
                    ColliderBuilder::segment(Vector::new(-half.x as f32, -half.y as f32), Vector::new(half.x as f32, half.y as f32))
                }
            };
            let mut collider = shape.restitution(b.restitution as f32).friction(b.friction as f32);
            if !b.is_static() {
                collider = collider.mass(b.mass() as f32);
            }
            let handle = bodies.insert(body);
            colliders.insert_with_parent(collider, handle, &mut bodies);
        }
        RapierWorld {
            gravity: Vector::new(world.gravity.x as f32, world.gravity.y as f32),
            params: IntegrationParameters { dt: dt as f32, ..IntegrationParameters::default() },
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::default(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
        }
    }

    fn step(&mut self, pipeline: &mut PhysicsPipeline) {
        pipeline.step(
            self.gravity,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            &mut self.ccd,
            &(),
            &(),
        );
    }

    /// Pairs the solver had contact points for after the last step, and those points.
    fn contacts(&self) -> (usize, usize) {
        let pairs = self.narrow_phase.contact_pairs().filter(|p| p.has_any_active_contact()).count();
        let points = self.narrow_phase.contact_pairs().flat_map(|p| p.solver_manifolds()).map(|m| m.data.solver_contacts.len()).sum();
        (pairs, points)
    }
}

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
