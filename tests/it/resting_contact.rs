//! Issue 10: scenes a user builds from `impulse new` behave. The figures the
//! issue measured with the texts' settings are the "before"; the starter's
//! settings (the cap, the restitution threshold and the slop) must not let
//! friction make energy.

use glam::DVec2;
use impulse::engine::{BodyDef, NoTrace, Settings, World, step};
use impulse::geometry::Shape;
use impulse::scene::{STARTER, Scene};

use crate::common;

/// The solver settings `impulse new` writes.
fn starter_settings() -> Settings {
    Scene::parse("starter", STARTER).unwrap().settings
}

/// The ramp: a 1 kg ball of radius 0.4 dropped from y = 4 onto a
/// static 8 × 0.3 plank tilted by −0.35 rad; μ 0.6 and e 0.75 on both.
fn ramp() -> World {
    let mut ramp = BodyDef::fixed("ramp", Shape::Box { size: DVec2::new(8.0, 0.3) });
    ramp.motion.angle = -0.35;
    let mut ball = BodyDef::dynamic("ball", Shape::Circle { radius: 0.4 }, 1.0).at(DVec2::new(0.0, 4.0));
    for b in [&mut ramp, &mut ball] {
        (b.body.friction, b.body.restitution) = (0.6, 0.75);
    }
    World::new(vec![ramp, ball], DVec2::new(0.0, -9.8))
}

/// Kinetic plus potential energy (height above y = 0).
fn energy(w: &World) -> f64 {
    w.kinetic_energy() - w.iter().filter(|(b, _)| !b.is_static()).map(|(b, m)| b.mass() * w.gravity.y * m.position.y).sum::<f64>()
}

/// The largest rise of the total energy from one frame to the next over `frames`.
fn largest_rise(mut world: World, settings: &Settings, frames: usize) -> f64 {
    let mut rise = f64::NEG_INFINITY;
    for _ in 0..frames {
        let before = energy(&world);
        step(&mut world, settings, &mut NoTrace);
        rise = rise.max(energy(&world) - before);
    }
    rise
}

#[test]
fn the_texts_uncapped_friction_makes_energy_on_the_ramp() {
    let texts = Settings { dt: 1.0 / 60.0, ..Settings::default() };
    let rise = largest_rise(ramp(), &texts, 300);
    assert!(rise > 10.0, "the issue measured 47.8 J in one frame; here {rise} J");
}

#[test]
fn the_starters_settings_never_make_energy_on_the_ramp() {
    let rise = largest_rise(ramp(), &starter_settings(), 600);
    assert!(rise <= 0.05, "total energy rose by {rise} J in one frame");
}

/// Boxes of 1 × 1 m and 1 kg (μ 0.6, e 0.2) on a static floor, in rows of
/// the given counts from the bottom, each row centred and resting on the last.
fn pile(rows: &[usize]) -> World {
    let material = |mut b: BodyDef| {
        (b.body.friction, b.body.restitution) = (0.6, 0.2);
        b
    };
    let mut bodies = vec![material(BodyDef::fixed("floor", Shape::Box { size: DVec2::new(20.0, 1.0) }).at(DVec2::new(0.0, -0.5)))];
    for (row, &count) in rows.iter().enumerate() {
        for k in 0..count {
            let x = k as f64 - (count as f64 - 1.0) / 2.0;
            let at = DVec2::new(x, 0.5 + row as f64);
            bodies.push(material(BodyDef::dynamic(format!("box {row}.{k}"), Shape::Box { size: DVec2::ONE }, 1.0).at(at)));
        }
    }
    World::new(bodies, DVec2::new(0.0, -9.8))
}

/// (the fastest speed after 5 s, the farthest any box moved from its start in 10 s)
fn settle(mut world: World, settings: &Settings) -> (f64, f64) {
    let start: Vec<DVec2> = world.motions.iter().map(|b| b.position).collect();
    let run = |w: &mut World, frames| (0..frames).for_each(|_| _ = step(w, settings, &mut NoTrace));
    run(&mut world, 300);
    let fastest = world.motions.iter().map(|b| b.velocity.length()).fold(0.0, f64::max);
    run(&mut world, 300);
    let farthest = world.motions.iter().zip(&start).map(|(b, s)| b.position.distance(*s)).fold(0.0, f64::max);
    (fastest, farthest)
}

#[test]
fn a_stack_of_three_never_rests_with_the_texts_settings() {
    let (fastest, _) = settle(pile(&[1, 1, 1]), &Settings::default());
    assert!(fastest > 0.1, "the issue measured 1.35 m/s after 5 s; here {fastest} m/s");
}

// The targets: under 1e-3 m/s after 5 s, under 2 cm in 10 s. Three
// things make them: the clipped manifold with its two points solved together,
// the restitution threshold (gravity's g·dt a frame is not bounced back), and
// the starter's 30 passes (with the game-engine book's 15 the Gauss–Seidel passes leave
// about 2e-3 m/s of gravity's pull in a three-box stack).

#[test]
fn a_stack_of_three_settles_with_the_starters_settings() {
    let (fastest, farthest) = settle(pile(&[1, 1, 1]), &starter_settings());
    assert!(fastest < 1e-3 && farthest < 0.02, "after 5 s {fastest} m/s; moved {farthest} m in 10 s");
}

#[test]
fn a_pyramid_settles_with_the_starters_settings() {
    let (fastest, farthest) = settle(pile(&[4, 3, 2, 1]), &starter_settings());
    assert!(fastest < 1e-3 && farthest < 0.02, "after 5 s {fastest} m/s; moved {farthest} m in 10 s");
}

/// A level 1 kg box landing flat at 1 m/s with e = 0: the two points of the
/// clipped manifold each take half the momentum, 0.5 N·s, and the box stops
/// without turning. Resolved one after the other instead, the first point's
/// 1 N·s-sized impulse at one end would set it spinning.
#[test]
fn a_box_landing_flat_is_stopped_by_two_equal_impulses() {
    use impulse::engine::{ContactModel, PhaseKind, Value, record_frame};
    let mut world = common::landing_box();
    let settings = Settings {
        relaxation_iterations: 1,
        position_correction: false,
        contact: ContactModel::Clipped,
        motion: false,
        ..Settings::default()
    };
    let frame = record_frame(&mut world, &settings);
    let resolves: Vec<_> = frame.phases.iter().filter(|p| p.kind() == PhaseKind::Resolve).collect();
    assert_eq!(resolves.len(), 2, "one resolve a point");
    let names = ["floor".to_string(), "crate".to_string()];
    let scalar = |p: &impulse::engine::Phase, name| match p.value(name, &names) {
        Some(Value::Scalar(x)) => x,
        other => panic!("{name}: {other:?}"),
    };
    for r in &resolves {
        assert!((scalar(r, "jn") + 0.5).abs() < 1e-12, "jn = {}", scalar(r, "jn"));
    }
    let crate_ = &world.motions[1];
    assert!(crate_.velocity.length() < 1e-12 && crate_.angular_velocity.abs() < 1e-12, "{:?} {}", crate_.velocity, crate_.angular_velocity);
}

/// The starter scene itself (a ball and a tilted crate dropped on a floor)
/// comes to rest: with a threshold under 2·g·dt/(1 − e²) ≈ 0.75 m/s the ball
/// (e = 0.75 with the floor) would hop forever, each bounce regaining the
/// frame of gravity that forces add before the contact is resolved. The ball
/// stops hopping, rolls into the crate and comes back off it rolling at a few
/// mm/s. Nothing in the model resists rolling (a ball that rolls without
/// slipping on a level floor feels no force), so it rolls on: that alone may
/// still move.
#[test]
fn the_starter_scene_comes_to_rest() {
    let scene = Scene::parse("starter", STARTER).unwrap();
    let mut world = scene.world.clone();
    for _ in 0..1200 {
        step(&mut world, &scene.settings, &mut NoTrace);
    }
    for (body, m) in world.iter() {
        let speed = m.velocity.length();
        match body.shape {
            Shape::Circle { radius } => {
                let rolling = m.velocity.y.abs() < 1e-9 && (m.velocity.x + m.angular_velocity * radius).abs() < 1e-9;
                assert!(
                    speed < 1e-3 || rolling && speed < 0.01,
                    "after 20 s {} moves at {} m/s, ω {}",
                    body.name,
                    m.velocity,
                    m.angular_velocity
                );
            }
            _ => assert!(speed < 1e-3 && m.angular_velocity.abs() < 1e-3, "after 20 s {} moves at {} m/s", body.name, m.velocity),
        }
    }
}
