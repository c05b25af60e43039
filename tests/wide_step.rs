//! The step the processor's features choose (`step`: with AVX2, compiled for
//! it) and the step compiled for any x86-64 (`step_portable`) leave the same
//! world, bit for bit, and record the same phases. (Without AVX2 both are the
//! portable step, and this holds trivially.)

use glam::DVec2;
use impulse::engine::{Body, ContactModel, NoTrace, Phase, Settings, World, step, step_portable};
use impulse::geometry::Shape;
use impulse::scene::{STARTER, Scene};

/// Discs and boxes, turned and moving, in a pile above a floor and between two
/// walls, so that every narrow phase of the relaxation runs.
fn mixed_pile() -> World {
    let mut bodies = Vec::new();
    for k in 0..60u32 {
        let (col, row) = (f64::from(k % 10), f64::from(k / 10));
        let at = DVec2::new(col * 0.95 - 4.3 + 0.07 * row, row * 0.95 + 1.0);
        let mut b = if k % 3 == 0 {
            Body::dynamic(format!("box {k}"), Shape::Box { size: DVec2::new(0.9, 0.7) }, 1.5)
        } else {
            Body::dynamic(format!("disc {k}"), Shape::Circle { radius: 0.45 + 0.01 * f64::from(k % 5) }, 1.0)
        };
        b = b.at(at);
        b.angle = 0.1 * f64::from(k % 7);
        b.velocity = DVec2::new(0.3 * f64::from(k % 4) - 0.45, -0.2 * f64::from(k % 3));
        b.restitution = 0.3;
        b.friction = 0.4;
        bodies.push(b);
    }
    let walls = [("floor", DVec2::new(0.0, 0.0), DVec2::new(12.0, 1.0)), ("left", DVec2::new(-5.5, 5.0), DVec2::new(1.0, 10.0))];
    for (name, at, size) in walls {
        let mut wall = Body::fixed(name, Shape::Box { size }).at(at);
        wall.friction = 0.4;
        bodies.push(wall);
    }
    World::new(bodies, DVec2::new(0.0, -9.8))
}

fn bits(world: &World) -> Vec<[u64; 6]> {
    let bits = |b: &Body| {
        let (x, v) = (b.position, b.velocity);
        [x.x, x.y, b.angle, v.x, v.y, b.angular_velocity].map(f64::to_bits)
    };
    world.bodies.iter().map(bits).collect()
}

/// Steps two copies of `world` `frames` times, one each way, untraced,
/// comparing every state after every frame; then one traced frame each way.
fn same_both_ways(name: &str, world: &World, settings: &Settings, frames: usize) {
    let (mut chosen, mut portable) = (world.clone(), world.clone());
    let mut contacts = 0;
    for frame in 0..frames {
        let a = step(&mut chosen, settings, &mut NoTrace);
        contacts += a.contacts;
        let b = step_portable(&mut portable, settings, &mut NoTrace);
        assert_eq!((a.narrow_tests, a.contacts), (b.narrow_tests, b.contacts), "{name}: frame {frame}");
        assert_eq!(bits(&chosen), bits(&portable), "{name}: the states differ after frame {frame}");
    }
    assert!(contacts > 10 * frames, "{name}: only {contacts} contacts in {frames} frames");
    let (mut traced_chosen, mut traced_portable): (Vec<Phase>, Vec<Phase>) = (Vec::new(), Vec::new());
    step(&mut chosen, settings, &mut traced_chosen);
    step_portable(&mut portable, settings, &mut traced_portable);
    assert!(!traced_chosen.is_empty());
    assert!(traced_chosen == traced_portable, "{name}: the traced frames differ");
    assert_eq!(bits(&chosen), bits(&portable), "{name}: the states differ after the traced frame");
}

#[test]
fn the_texts_solver_on_a_pile_of_discs() {
    let pile = Scene::parse("pile200.toml", include_str!("fixtures/pile200.toml")).unwrap();
    same_both_ways("pile200", &pile.world, &pile.settings, 120);
}

#[test]
fn the_texts_solver_on_discs_boxes_and_walls() {
    same_both_ways("mixed, texts", &mixed_pile(), &Settings::default(), 150);
}

#[test]
fn the_starters_solver_warm_started_and_clipped() {
    let starter = Scene::parse("starter", STARTER).unwrap().settings;
    assert!(starter.warm_start, "the starter warm-starts (else this test repeats the last)");
    same_both_ways("mixed, starter", &mixed_pile(), &starter, 150);
    let clipped = Settings { contact: ContactModel::Clipped, ..Settings::default() };
    same_both_ways("mixed, clipped", &mixed_pile(), &clipped, 150);
}
