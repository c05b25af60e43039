//! `impulse new --template NAME`: each template loads, runs and is sound.

use impulse::engine::{self, NoTrace, Totals, World};
use impulse::lesson::Lesson;
use impulse::scene::TEMPLATES;

fn template(name: &str) -> Lesson {
    let text = TEMPLATES.iter().find(|t| t.0 == name).unwrap().1;
    let scene = Lesson::parse(&format!("{name}.toml"), text).unwrap();
    assert!(scene.warnings.is_empty(), "{name}: {}", scene.render_warnings(false));
    scene
}

/// Runs `frames` frames; every state stays finite.
fn run(scene: &Lesson, frames: usize) -> World {
    let mut world = scene.world.clone();
    for _ in 0..frames {
        engine::step(&mut world, &scene.settings, &mut NoTrace);
        assert!(world.motions.iter().all(|m| m.position.is_finite() && m.velocity.is_finite() && m.angular_velocity.is_finite()));
    }
    world
}

fn at<'w>(world: &'w World, name: &str) -> &'w engine::Motion {
    &world.motions[world.bodies.iter().position(|b| b.name == name).unwrap()]
}

#[test]
fn every_template_reads_and_the_starter_and_full_reference_too() {
    assert_eq!(TEMPLATES.map(|t| t.0), ["stack", "pyramid", "snooker", "ramp", "pendulum-row"]);
    for (name, ..) in TEMPLATES {
        template(name);
    }
    let full = format!("{}{}", impulse::scene::STARTER, impulse::scene::REFERENCE);
    Lesson::parse("full.toml", &full).unwrap();
}

#[test]
fn the_stack_and_the_pyramid_come_to_rest_where_they_stand() {
    for (name, top, height) in [("stack", "crate3", 2.5), ("pyramid", "top", 3.15)] {
        let scene = template(name);
        let world = run(&scene, 300);
        let ke = Totals::of_world(&world).ke;
        assert!(ke < 1e-6, "{name}: KE {ke} J after 5 s");
        let top = at(&world, top).position;
        assert!(top.x.abs() < 0.01 && (top.y - height).abs() < 0.01, "{name}: the top box at {top}");
    }
}

#[test]
fn the_snooker_break_stays_on_the_table_and_loses_energy() {
    let scene = template("snooker");
    assert_eq!(scene.world.bodies.iter().filter(|b| b.name.starts_with("red")).count(), 15);
    let start = Totals::of_world(&scene.world);
    // ½·0.17 kg·(6 m/s)² = 3.06 J, all the cue ball's.
    assert!((start.ke - 3.06).abs() < 1e-12, "{}", start.ke);
    let mut world = scene.world.clone();
    for _ in 0..600 {
        engine::step(&mut world, &scene.settings, &mut NoTrace);
        let ke = Totals::of_world(&world).ke;
        assert!(ke <= start.ke + 1e-12, "KE rose to {ke} J");
    }
    let inside = |m: &engine::Motion| (0.0..=3.569).contains(&m.position.x) && (0.0..=1.778).contains(&m.position.y);
    assert!(
        world.iter().filter(|(b, _)| matches!(b.shape, impulse::geometry::Shape::Circle { .. })).all(|(_, m)| inside(m)),
        "a ball left the table"
    );
    // The break spread the pack: most reds move.
    let moving = world.iter().filter(|(b, m)| b.name.starts_with("red") && m.velocity.length() > 0.01).count();
    assert!(moving >= 8, "{moving} reds moving");
}

#[test]
fn the_ramp_ball_rolls_down_and_stays_above_the_floor() {
    let scene = template("ramp");
    let world = run(&scene, 120);
    let ball = at(&world, "ball");
    assert!(ball.position.x > 5.0 && ball.position.y > 0.28, "{}", ball.position);
    // Friction has it roll: ω·r close to the speed along the floor.
    assert!((ball.angular_velocity.abs() * 0.3 - ball.velocity.x.abs()).abs() < 0.2 * ball.velocity.x.abs(), "{ball:?}");
}

#[test]
fn the_flat_cradle_passes_the_striker_velocity_to_the_last_ball() {
    let scene = template("pendulum-row");
    let world = run(&scene, 60);
    assert!((at(&world, "ball5").velocity.x - 2.0).abs() < 1e-9);
    for name in ["striker", "ball1", "ball2", "ball3", "ball4"] {
        assert!(at(&world, name).velocity.length() < 1e-9, "{name}");
    }
}
