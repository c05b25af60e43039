//! Positional correction over relaxation passes (the game-engine book), checked against
//! formulas worked out here rather than against the engine's output.
//!
//! One pass moves A by −n·s/mA and B by +n·s/mB with s = depth·rate/(1/mA + 1/mB),
//! so the two centres part along n by s·(1/mA + 1/mB) = rate·depth. While the
//! contact normal stays the same (always for two discs; for boxes and a box and a
//! disc while the same face is nearest) the overlap is a linear function of that
//! separation, so every pass leaves (1 − rate) of the depth it found:
//!
//!   d_k = (1 − rate)^k · d_0.
//!
//! Bodies at rest never approach (vrn = 0), so resolve adds no velocity and the
//! integrate stage moves nothing: positions change only by correction.

use glam::DVec2;
use impulse::engine::{BodyDef, Friction, PhaseKind, Settings, Value, World, record_frame};
use impulse::geometry::Shape;

const RATE: f64 = 0.8;

fn settings(passes: usize) -> Settings {
    Settings {
        relaxation_iterations: passes,
        correction_rate: RATE,
        position_correction: true,
        friction: Friction::None,
        ..Settings::default()
    }
}

fn at_rest(mut b: BodyDef) -> BodyDef {
    b.body.restitution = 0.0;
    b
}

fn circle(r: f64, mass: f64, x: f64, y: f64) -> BodyDef {
    at_rest(BodyDef::dynamic(format!("circle {r}"), Shape::Circle { radius: r }, mass).at(DVec2::new(x, y)))
}

fn rect(w: f64, h: f64, mass: f64, x: f64, y: f64) -> BodyDef {
    at_rest(BodyDef::dynamic(format!("box {w}×{h}"), Shape::Box { size: DVec2::new(w, h) }, mass).at(DVec2::new(x, y)))
}

/// Runs one frame of `passes` passes on a copy of `bodies`; returns the world
/// after it and the depth the last detect phase reported.
fn relax(bodies: &[BodyDef], passes: usize) -> (World, f64) {
    let mut world = World::new(bodies.to_vec(), DVec2::ZERO);
    let frame = record_frame(&mut world, &settings(passes));
    let detects: Vec<_> = frame.phases.iter().filter(|p| p.kind() == PhaseKind::Detect).collect();
    assert_eq!(detects.len(), passes, "one isolated pair: one detect a pass");
    let depth = match detects.last().unwrap().value("depth", &[]) {
        Some(Value::Scalar(d)) => d,
        other => panic!("depth: {other:?}"),
    };
    (world, depth)
}

/// Checks d_k = 0.2^k·d_0 for k = 1..=5, with `overlap` computed from positions.
fn geometric_decay(bodies: [BodyDef; 2], d0: f64, overlap: impl Fn(&World) -> f64) {
    assert!((overlap(&World::new(bodies.to_vec(), DVec2::ZERO)) - d0).abs() < 1e-12, "the stated initial overlap");
    for k in 1..=5 {
        let (world, last_detected) = relax(&bodies, k);
        let expected = (1.0 - RATE).powi(k as i32) * d0;
        let left = overlap(&world);
        assert!((left - expected).abs() < 1e-12, "after {k} passes: overlap {left}, expected 0.2^{k}·{d0} = {expected}");
        // Pass k detected what pass k − 1 left.
        let seen = (1.0 - RATE).powi(k as i32 - 1) * d0;
        assert!((last_detected - seen).abs() < 1e-12, "pass {k} detected {last_detected}, expected {seen}");
        for b in &world.motions {
            assert_eq!((b.velocity, b.angular_velocity), (DVec2::ZERO, 0.0), "correction never adds velocity");
        }
    }
}

#[test]
fn two_discs_lose_four_fifths_of_their_overlap_each_pass() {
    // Centres √(2² + 0.5²) = √4.25 apart, radii 1 + 1.5: d_0 = 2.5 − √4.25.
    let d0 = 2.5 - 4.25f64.sqrt();
    let bodies = [circle(1.0, 1.0, 0.0, 0.0), circle(1.5, 3.0, 2.0, 0.5)];
    geometric_decay(bodies, d0, |w| 2.5 - w.motions[0].position.distance(w.motions[1].position));
}

#[test]
fn two_boxes_lose_four_fifths_of_their_overlap_each_pass() {
    // 2×2 squares, centres 1.7 apart in x and 0.3 in y: they overlap 0.3 in x and
    // 1.7 in y, so the least penetration is along x and stays so as they part.
    let bodies = [rect(2.0, 2.0, 2.0, 0.0, 0.0), rect(2.0, 2.0, 1.0, 1.7, 0.3)];
    geometric_decay(bodies, 0.3, |w| 2.0 - (w.motions[1].position.x - w.motions[0].position.x));
}

#[test]
fn a_box_and_a_disc_lose_four_fifths_of_their_overlap_each_pass() {
    // A 4×2 box's top face is at y = 1; a unit disc centred at (0.5, 1.8) sinks 0.2.
    let bodies = [rect(4.0, 2.0, 5.0, 0.0, 0.0), circle(1.0, 1.0, 0.5, 1.8)];
    geometric_decay(bodies, 0.2, |w| 2.0 - (w.motions[1].position.y - w.motions[0].position.y));
}

#[test]
fn the_displacement_splits_by_inverse_mass() {
    // mA = 1, mB = 3: A takes (1/1)/(1/1 + 1/3) = 3/4 of the parting, B 1/4.
    let d0 = 2.5 - 4.25f64.sqrt();
    let bodies = [circle(1.0, 1.0, 0.0, 0.0), circle(1.5, 3.0, 2.0, 0.5)];
    let n = DVec2::new(2.0, 0.5) / 4.25f64.sqrt();
    for k in 1..=5 {
        let (world, _) = relax(&bodies, k);
        let parted = d0 * (1.0 - (1.0 - RATE).powi(k as i32));
        let (da, db) = (world.motions[0].position - bodies[0].motion.position, world.motions[1].position - bodies[1].motion.position);
        assert!((da - (-n * parted * 0.75)).length() < 1e-12, "A moved {da}");
        assert!((db - n * parted * 0.25).length() < 1e-12, "B moved {db}");
        assert!((da.length() - 3.0 * db.length()).abs() < 1e-12, "moved distances in ratio 3:1");
        // So the centre of mass, (1·xA + 3·xB)/4, stays where it was.
        assert!((da + 3.0 * db).length() < 1e-12);
    }
}

fn floor() -> BodyDef {
    // A 20×1 static slab whose top face is at y = 0.5.
    let mut f = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(20.0, 1.0) }).at(DVec2::ZERO);
    f.body.restitution = 0.0;
    f
}

#[test]
fn a_static_floor_takes_none_of_the_correction() {
    // A ball of radius 0.5 centred at y = 0.6 is sunk 0.4 into the floor. The floor's
    // inverse mass is 0, so s = 0.4·0.8/(1/m) and the ball moves s/m = 0.32 up.
    for ball_first in [true, false] {
        let ball = circle(0.5, 2.0, 3.0, 0.6);
        let bodies = if ball_first { vec![ball, floor()] } else { vec![floor(), ball] };
        let (fi, bi) = if ball_first { (1, 0) } else { (0, 1) };
        let mut world = World::new(bodies, DVec2::ZERO);
        record_frame(&mut world, &settings(1));
        assert_eq!(world.motions[fi].state(), floor().motion.state(), "the floor never moves");
        assert!((world.motions[bi].position - DVec2::new(3.0, 0.92)).length() < 1e-12, "ball at {}", world.motions[bi].position);
    }
}

#[test]
fn a_static_floor_never_moves_under_a_sunk_ball() {
    for ball_first in [true, false] {
        let ball = circle(0.5, 2.0, 3.0, 0.6);
        let bodies = if ball_first { vec![ball, floor()] } else { vec![floor(), ball] };
        let (fi, bi) = if ball_first { (1, 0) } else { (0, 1) };
        let mut world = World::new(bodies, DVec2::new(0.0, -9.8));
        let s = Settings { friction: Friction::Coulomb, ..Settings::default() };
        for frame in 0..600 {
            record_frame(&mut world, &s);
            // Exactly: not even round-off may reach a body with zero inverse mass.
            assert_eq!(world.motions[fi].state(), floor().motion.state(), "floor moved in frame {frame}");
        }
        // The ball has risen out and rests on the top face (y = 0.5 + radius), give or
        // take the sag of one frame's gravity, g·dt² ≈ 2.7 mm.
        let y = world.motions[bi].position.y;
        assert!((y - 1.0).abs() < 0.003, "ball rests at y = {y}");
    }
}

#[test]
fn two_static_bodies_are_never_tested() {
    let mut other = floor();
    other.body.name = "other".into();
    let mut world = World::new(vec![floor(), other], DVec2::new(0.0, -9.8));
    let frame = record_frame(&mut world, &Settings::default());
    assert!(frame.phases.iter().all(|p| p.kind() != PhaseKind::Detect), "both static: skipped by the broad phase");
    assert_eq!(world.motions[0].state(), floor().motion.state());
}
