//! Dobre & Ramtal's method (`method = "reposition"`) against hand-worked cases: a
//! ball falling onto a 45° wall, and the 1D collision's special cases the text
//! derives (equal masses swap, CR = 0 sticks, a very heavy partner). Then a
//! property: discs in a closed box of walls, e = 1 and no gravity, keep their
//! kinetic energy and never leave the box.

use glam::DVec2;
use impulse::engine::{Body, BodyDef, Method, NoTrace, PhaseKind, Settings, Value, World, record_frame, step};
use impulse::geometry::Shape;
use proptest::prelude::*;

fn settings(dt: f64) -> Settings {
    Settings { dt, method: Method::Reposition, ..Settings::default() }
}

fn ball(name: &str, radius: f64, mass: f64, at: DVec2, v: DVec2) -> BodyDef {
    let mut b = BodyDef::dynamic(name, Shape::Circle { radius }, mass).at(at);
    b.motion.velocity = v;
    b
}

fn wall(name: &str, from: DVec2, to: DVec2) -> BodyDef {
    BodyDef::fixed(name, Shape::Segment { half: (to - from) / 2.0 }).at((from + to) / 2.0)
}

fn close(a: DVec2, b: DVec2, what: &str) {
    assert!((a - b).length() < 1e-12, "{what}: {a} against {b}");
}

/// A ball of radius 1 falls straight down at 10 m/s (g = 10, dt = 0.1) onto the
/// wall y = x. By hand, after the move its centre (5, 6) is 1/√2 from the
/// line; v makes θ = 135° with the wall, so it goes back Δs = (1 − 1/√2)/sin θ
/// = √2 − 1 to (5, 5 + √2), where it is exactly 1 from the line. There it was
/// slower: vcor = 1 − a·displ/|v|² = 1 − 10·(√2 − 1)/100. The bounce turns the
/// normal part round, (V·N)N with N = (−1, 1)/√2, leaving (−10·vcor, 0); the
/// forces then add g·dt = (0, −1).
#[test]
fn a_ball_falling_on_a_45_degree_wall() {
    let mut world = World::new(
        vec![ball("ball", 1.0, 1.0, DVec2::new(5.0, 7.0), DVec2::new(0.0, -10.0)), wall("ramp", DVec2::ZERO, DVec2::new(10.0, 10.0))],
        DVec2::new(0.0, -10.0),
    );
    let record = record_frame(&mut world, &settings(0.1));
    let root2 = 2f64.sqrt();
    let vcor = 1.0 - 10.0 * (root2 - 1.0) / 100.0;
    let ball = &world.motions[0];
    close(ball.position, DVec2::new(5.0, 5.0 + root2), "repositioned");
    close(ball.velocity, DVec2::new(-10.0 * vcor, -1.0), "bounced, then one frame of gravity");
    let names = vec!["ball".to_string(), "ramp".to_string()];
    let value = |kind: PhaseKind, name: &str| {
        let phase = record.phases.iter().find(|p| p.kind() == kind).unwrap_or_else(|| panic!("no {} phase", kind.name()));
        phase.value(name, &names).unwrap_or_else(|| panic!("no {name}"))
    };
    let scalar = |kind, name| match value(kind, name) {
        impulse::engine::Value::Scalar(x) => x,
        v => panic!("{name} is {v:?}"),
    };
    assert!((scalar(PhaseKind::Reposition, "Δs") - (root2 - 1.0)).abs() < 1e-12);
    assert!((scalar(PhaseKind::Reposition, "θ") - 0.75 * std::f64::consts::PI).abs() < 1e-12);
    assert!((scalar(PhaseKind::VelocityCorrection, "vcor") - vcor).abs() < 1e-12);
    // The order of Dobre & Ramtal's frame.
    let kinds: Vec<&str> = record.phases.iter().map(|p| p.kind().name()).collect();
    assert_eq!(kinds, ["move", "detect", "reposition", "velocity-correction", "bounce", "forces"]);
}

/// Two 1 kg balls of radius 1 meet head on, 0.1 m deep after the move, at
/// u = 2 and −1 m/s along x. Each goes back −u·L/|u_i − u_j| with L = 0.1 and
/// |u_i − u_j| = 3: to −0.2/3 and 1.9 + 0.1/3, just touching.
fn head_on(restitution: f64, mass_j: f64) -> World {
    let dt = 0.1;
    let mut i = ball("i", 1.0, 1.0, DVec2::new(-0.2, 0.0), DVec2::new(2.0, 0.0));
    let mut j = ball("j", 1.0, mass_j, DVec2::new(1.9 + 1.0 * dt, 0.0), DVec2::new(-1.0, 0.0));
    i.body.restitution = restitution;
    j.body.restitution = restitution;
    let mut world = World::new(vec![i, j], DVec2::ZERO);
    step(&mut world, &settings(dt), &mut NoTrace);
    world
}

#[test]
fn equal_masses_swap_velocities() {
    let world = head_on(1.0, 1.0);
    close(world.motions[0].position, DVec2::new(-0.2 / 3.0, 0.0), "i put back");
    close(world.motions[1].position, DVec2::new(1.9 + 0.1 / 3.0, 0.0), "j put back");
    close(world.motions[0].velocity, DVec2::new(-1.0, 0.0), "i takes j's velocity");
    close(world.motions[1].velocity, DVec2::new(2.0, 0.0), "j takes i's");
}

#[test]
fn cr_zero_makes_them_stick() {
    let world = head_on(0.0, 1.0);
    // One common velocity, the momentum (2 − 1) kg·m/s over 2 kg.
    close(world.motions[0].velocity, DVec2::new(0.5, 0.0), "i");
    close(world.motions[1].velocity, DVec2::new(0.5, 0.0), "j");
}

#[test]
fn a_very_heavy_partner_nearly_reverses_the_light_ball() {
    let (mi, mj) = (1.0, 1e6);
    let mut world = World::new(
        vec![
            ball("light", 1.0, mi, DVec2::new(-0.2, 0.0), DVec2::new(2.0, 0.0)),
            ball("heavy", 1.0, mj, DVec2::new(1.9, 0.0), DVec2::ZERO),
        ],
        DVec2::ZERO,
    );
    step(&mut world, &settings(0.1), &mut NoTrace);
    // Dobre & Ramtal's formula with u_j = 0: v_i = (m_i − m_j)·u_i/(m_i + m_j), v_j = 2·m_i·u_i/(m_i + m_j).
    let (vi, vj) = ((mi - mj) * 2.0 / (mi + mj), 2.0 * mi * 2.0 / (mi + mj));
    assert!((world.motions[0].velocity.x - vi).abs() < 1e-12 && vi < -1.99999);
    assert!((world.motions[1].velocity.x - vj).abs() < 1e-15 && vj < 4.1e-6);
}

/// A ball moving along a wall it overlaps, at rest on it, or moving away from
/// it at the start: no NaN, and the trace names the fallback.
#[test]
fn degenerate_hits_fall_back_without_nan() {
    let floor = || wall("floor", DVec2::new(-5.0, 0.0), DVec2::new(5.0, 0.0));
    for (v, why) in
        [(DVec2::new(3.0, 0.0), "moves along the wall"), (DVec2::ZERO, "at rest"), (DVec2::new(0.0, 2.0), "moving away from it")]
    {
        // 0.3 m above the floor, radius 0.5: 0.2 m into it, no gravity.
        let mut world = World::new(vec![ball("ball", 0.5, 1.0, DVec2::new(0.0, 0.3) - v * 0.01, v), floor()], DVec2::ZERO);
        let record = record_frame(&mut world, &settings(0.01));
        let b = &world.motions[0];
        assert!(b.position.is_finite() && b.velocity.is_finite(), "{why}: {b:?}");
        assert!((b.position.y - 0.5).abs() < 1e-12, "{why}: pushed out to touching, at {}", b.position);
        assert_eq!(b.velocity, v, "{why}: nothing to bounce");
        let names = vec!["ball".to_string(), "floor".to_string()];
        let reposition = record.phases.iter().find(|p| p.kind() == PhaseKind::Reposition).expect("a reposition phase");
        assert!(reposition.value("fallback", &names).is_some(), "{why}: the trace names the fallback");
    }
}

/// Two unit balls overlap by more than one frame's move could make. By hand
/// (dt = 0.1, no gravity): after the move they are 1.49 m apart when
/// approaching at 0.05 m/s each, L = 0.51 and the text's time back would be
/// 0.51/0.1 = 5.1 s, fifty frames; moving apart they are 1.51 m apart. Either
/// way the overlap is shared, equal masses 0.255 and 0.245 m each, which puts
/// the centres at −0.25 and 1.75, touching. Approaching, the bounce swaps the
/// normal velocities; moving apart, nothing bounces.
#[test]
fn an_overlap_older_than_the_frame_is_shared_not_undone_along_v() {
    for (u, older) in [(0.05, true), (-0.05, false)] {
        let a = ball("a", 1.0, 1.0, DVec2::ZERO, DVec2::new(u, 0.0));
        let b = ball("b", 1.0, 1.0, DVec2::new(1.5, 0.0), DVec2::new(-u, 0.0));
        let mut world = World::new(vec![a, b], DVec2::ZERO);
        let record = record_frame(&mut world, &settings(0.1));
        close(world.motions[0].position, DVec2::new(-0.25, 0.0), "a put back");
        close(world.motions[1].position, DVec2::new(1.75, 0.0), "b put back");
        let swapped = if older { -u } else { u };
        assert_eq!((world.motions[0].velocity.x, world.motions[1].velocity.x), (swapped, -swapped));
        let names = vec!["a".to_string(), "b".to_string()];
        let reposition = record.phases.iter().find(|p| p.kind() == PhaseKind::Reposition).expect("a reposition phase");
        let Some(Value::Text(why)) = reposition.value("fallback", &names) else { panic!("the trace names the fallback") };
        assert!(why.contains(if older { "older than this move" } else { "move apart" }), "{why}");
        assert_eq!(record.phases.iter().any(|p| p.kind() == PhaseKind::Bounce), older);
    }
}

/// A small fast ball crosses a thin wall within one frame: side tracking
/// catches it, and without it the ball passes through.
#[test]
fn side_tracking_catches_a_tunnelling_ball() {
    // 0.05 m ball at 30 m/s, 0.3 m from the wall at x = 0: it moves 0.5 m a frame.
    let run = |tracking: bool| {
        let mut world = World::new(
            vec![
                ball("bullet", 0.05, 0.1, DVec2::new(-0.3, 0.0), DVec2::new(30.0, 0.0)),
                wall("pane", DVec2::new(0.0, -1.0), DVec2::new(0.0, 1.0)),
            ],
            DVec2::ZERO,
        );
        let s = Settings { side_tracking: tracking, ..settings(1.0 / 60.0) };
        step(&mut world, &s, &mut NoTrace);
        world.motions[0]
    };
    let caught = run(true);
    assert!((caught.position.x + 0.05).abs() < 1e-12, "put back touching the pane's near side: {}", caught.position);
    assert_eq!(caught.velocity, DVec2::new(-30.0, 0.0));
    let through = run(false);
    assert!(through.position.x > 0.1 && through.velocity.x == 30.0, "{through:?}");
}

/// `count` discs of radius 0.2–0.5 on a grid in a 10 × 10 box of four walls, so
/// none overlaps another or a wall at the start.
fn boxed_discs(speeds: &[(f64, f64)], radii: &[f64]) -> World {
    let mut bodies = Vec::new();
    for (k, (&(speed, angle), &r)) in speeds.iter().zip(radii).enumerate() {
        let at = DVec2::new(-3.75 + (k % 4) as f64 * 2.5, -3.75 + (k / 4) as f64 * 2.5);
        bodies.push(ball(&format!("d{k}"), r, r * r * r, at, DVec2::from_angle(angle) * speed));
    }
    let corners = [DVec2::new(-5.0, -5.0), DVec2::new(5.0, -5.0), DVec2::new(5.0, 5.0), DVec2::new(-5.0, 5.0)];
    for k in 0..4 {
        bodies.push(wall(&format!("w{k}"), corners[k], corners[(k + 1) % 4]));
    }
    World::new(bodies, DVec2::ZERO)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Every bounce of this method with e = 1 and no friction or gravity keeps
    /// the normal speed (1D elastic formula, mirrored wall bounce), so the
    /// kinetic energy holds frame to frame to round-off. At speeds below r/dt
    /// no disc crosses a wall. A light disc hit by a heavy one can leave faster
    /// than either came, so the speeds are scaled until even a disc holding
    /// all the energy, √(2·KE/m), would stay below its r/dt.
    #[test]
    fn discs_in_a_box_keep_their_energy_and_stay_inside(
        n in 2usize..=16,
        radii in prop::collection::vec(0.2f64..0.5, 16),
        motion in prop::collection::vec((0.0f64..1.0, -3.2f64..3.2), 16),
    ) {
        let dt = 1.0 / 60.0;
        let speeds: Vec<(f64, f64)> = motion.iter().zip(&radii).map(|(&(f, a), &r)| (f * r / dt, a)).collect();
        let mut world = boxed_discs(&speeds[..n], &radii[..n]);
        let ke = world.kinetic_energy();
        let fastest = |b: &Body| (2.0 * ke / b.mass()).sqrt() / (b.shape.bounding_radius() / dt);
        let worst = world.bodies.iter().filter(|b| !b.is_static()).map(fastest).fold(0.0, f64::max);
        if worst >= 1.0 {
            for b in &mut world.motions {
                b.velocity *= 0.999 / worst;
            }
        }
        let s = settings(dt);
        let start = world.kinetic_energy();
        for frame in 0..1000 {
            let before = world.kinetic_energy();
            step(&mut world, &s, &mut NoTrace);
            let after = world.kinetic_energy();
            prop_assert!((after - before).abs() <= 1e-9 * before.max(1e-12), "frame {frame}: KE {before} → {after}");
            for (b, m) in world.iter().filter(|(b, _)| !b.is_static()) {
                prop_assert!(m.position.abs().max_element() < 5.0, "frame {frame}: {} left the box at {}", b.name, m.position);
            }
        }
        prop_assert!((world.kinetic_energy() - start).abs() <= 1e-9 * start.max(1e-12));
    }
}
