//! Issue 10: scenes a user builds from `impulse new` behave. The figures the
//! issue measured with the texts' settings are the "before"; the starter's
//! settings (the cap, the restitution threshold and the slop) must not let
//! friction make energy.

use glam::DVec2;
use impulse::engine::{Body, NoTrace, Settings, World, step};
use impulse::geometry::Shape;
use impulse::scene::{STARTER, Scene};

/// The solver settings `impulse new` writes.
fn starter_settings() -> Settings {
    Scene::parse("starter", STARTER).unwrap().settings
}

/// The ramp: a 1 kg ball of radius 0.4 dropped from y = 4 onto a
/// static 8 × 0.3 plank tilted by −0.35 rad; μ 0.6 and e 0.75 on both.
fn ramp() -> World {
    let mut ramp = Body::fixed("ramp", Shape::Box { size: DVec2::new(8.0, 0.3) });
    ramp.angle = -0.35;
    let mut ball = Body::dynamic("ball", Shape::Circle { radius: 0.4 }, 1.0).at(DVec2::new(0.0, 4.0));
    for b in [&mut ramp, &mut ball] {
        (b.friction, b.restitution) = (0.6, 0.75);
    }
    World::new(vec![ramp, ball], DVec2::new(0.0, -9.8))
}

/// Kinetic plus potential energy (height above y = 0).
fn energy(w: &World) -> f64 {
    w.kinetic_energy() - w.bodies.iter().filter(|b| !b.is_static()).map(|b| b.mass() * w.gravity.y * b.position.y).sum::<f64>()
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
