//! `warm_start` (issue 10): summed impulses that begin each frame from the
//! last one's bring a column and a pile to rest, where the texts' per-pass
//! impulses leave them sinking into themselves every frame.

use glam::DVec2;
use impulse::engine::{BodyDef, BodyRef, ContactModel, NoTrace, PhaseKind, Settings, World, record_frame, step};
use impulse::geometry::{Feature, Shape};
use impulse::scene::{STARTER, Scene};

use crate::common;

const G: f64 = 9.8;
const DT: f64 = 1.0 / 60.0;

/// The solver settings `impulse new` writes (warm_start among them).
fn starter() -> Settings {
    Scene::parse("starter", STARTER).unwrap().settings
}

/// Ten 1 kg discs of radius 0.5 stacked straight up on a static floor.
fn column() -> World {
    let mut bodies = vec![BodyDef::fixed("floor", Shape::Box { size: DVec2::new(20.0, 2.0) }).at(DVec2::new(0.0, -1.0))];
    for k in 0..10 {
        let mut disc = BodyDef::dynamic(format!("c{k}"), Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(0.0, 0.5 + k as f64));
        disc.body.friction = 0.3;
        disc.body.restitution = 0.2;
        bodies.push(disc);
    }
    World::new(bodies, DVec2::new(0.0, -G))
}

fn fastest(world: &World) -> f64 {
    world.motions.iter().map(|b| b.velocity.length()).fold(0.0, f64::max)
}

fn run(mut world: World, settings: &Settings, frames: usize) -> World {
    for _ in 0..frames {
        step(&mut world, settings, &mut NoTrace);
    }
    world
}

/// Per-pass impulses carry the top disc's weight one contact further each
/// pass, and a pass can never take back a push: 30 passes leave the column
/// sinking at about a frame of gravity (g·dt = 0.163 m/s) every frame, held up
/// by the positional correction alone.
#[test]
fn a_column_of_ten_sinks_every_frame_without_warm_start() {
    let texts = Settings { warm_start: false, ..starter() };
    let world = run(column(), &texts, 300);
    assert!(fastest(&world) > G * DT / 2.0, "{} m/s", fastest(&world));
}

/// With warm start the column rests, and each contact holds up exactly the
/// discs above it: Σjn = −k·m·g·dt for the contact under k discs (statics,
/// worked by hand: one frame of each disc's weight).
#[test]
fn a_column_of_ten_rests_with_warm_start_and_each_contact_carries_the_discs_above() {
    let world = run(column(), &starter(), 300);
    assert!(fastest(&world) < 1e-9, "{} m/s", fastest(&world));
    for below in 0..10 {
        let above = 10 - below;
        let h = world.handles();
        let sums = world.contacts.get(h[below], h[below + 1], Feature::ROUND).expect("the contact is remembered");
        let expected = -(above as f64) * G * DT;
        assert!((sums.jn - expected).abs() < 1e-9 * expected.abs(), "contact {below}: Σjn {} vs {expected}", sums.jn);
        assert!(sums.jt.abs() < 1e-12, "no sliding, no friction: Σjt {}", sums.jt);
    }
}

/// `benches/make_pile.py 200`: 200 discs dropped into a walled box.
/// Issue 10's target: with `impulse new`'s settings, no disc moves faster than
/// 0.01 m/s after 10 s. Without warm start the pile keeps ~0.3 m/s. One disc
/// leaves the pile's foot rolling on the flat floor (0.055 m/s, v = −ω·r):
/// nothing in the model resists rolling, so it rolls on, alone, until it meets
/// the wall. After 10 s every disc rests or rolls like that; after 20 s all rest.
#[test]
fn the_two_hundred_disc_pile_comes_to_rest() {
    let scene = common::pile200();
    let settings = Settings { dt: scene.settings.dt, ..starter() };
    let world = run(scene.world.clone(), &settings, 600);
    let discs: Vec<BodyRef> = world.iter().filter(|(b, _)| matches!(b.shape, Shape::Circle { .. })).collect();
    for &(d, dm) in &discs {
        if dm.velocity.length() < 0.01 {
            continue;
        }
        let r = d.shape.bounding_radius();
        let alone =
            discs.iter().all(|&(o, om)| std::ptr::eq(o, d) || om.position.distance(dm.position) > r + o.shape.bounding_radius() + 0.01);
        let rolling = dm.velocity.y.abs() < 1e-9 && (dm.velocity.x + dm.angular_velocity * r).abs() < 1e-9;
        assert!(alone && rolling, "after 10 s {} moves at {} m/s, ω {}", d.name, dm.velocity, dm.angular_velocity);
    }
    let world = run(world, &settings, 600);
    assert!(fastest(&world) < 0.01, "after 20 s a disc moves at {} m/s", fastest(&world));
}

/// A level 1 kg box landing flat at 1 m/s with e = 0 on a clipped manifold
/// (the scene of tests/it/resting_contact.rs): symmetry gives each end half the
/// momentum, 0.5 N·s, and no turn. The points are solved one after the other,
/// so the first pass leaves them unequal; the sums settle on the halves over
/// the passes. Without warm_start the block solve gives the halves at once.
#[test]
fn a_box_landing_flat_ends_with_two_equal_sums() {
    let mut world = common::landing_box();
    let settings = Settings {
        position_correction: false,
        contact: ContactModel::Clipped,
        motion: false,
        warm_start: true,
        relaxation_iterations: 30,
        ..Settings::default()
    };
    step(&mut world, &settings, &mut NoTrace);
    let points = world.contacts.of_pair(world.handles()[0], world.handles()[1]);
    assert_eq!(points.len(), 2, "both points remembered: {points:?}");
    for (feature, sums) in points {
        assert!((sums.jn + 0.5).abs() < 1e-9, "point {feature:?}: Σjn = {}", sums.jn);
    }
    let crate_ = &world.motions[1];
    assert!(crate_.velocity.length() < 1e-9 && crate_.angular_velocity.abs() < 1e-9, "{:?} {}", crate_.velocity, crate_.angular_velocity);
}

/// The warm phases are in the trace, one per remembered point before the first
/// pass, and replaying the frame's records rebuilds the world the step left.
#[test]
fn warm_phases_are_recorded_before_the_first_pass() {
    let settings = starter();
    let mut world = run(column(), &settings, 100);
    let frame = record_frame(&mut world, &settings);
    let kinds: Vec<PhaseKind> = frame.phases.iter().map(|p| p.kind()).collect();
    let warm = kinds.iter().filter(|k| **k == PhaseKind::Warm).count();
    assert_eq!(warm, 10, "one warm phase a contact");
    let first_detect = kinds.iter().position(|k| *k == PhaseKind::Detect).unwrap();
    assert!(kinds[..first_detect].iter().filter(|k| **k == PhaseKind::Warm).count() == 10, "all before the first pass");
    let replayed = frame.state_after(frame.phases.len());
    assert_eq!(replayed, world.states());
}

/// The memory is part of the world: two runs give the same world, and a run
/// resumed from a clone mid-way gives the same world as one straight through.
#[test]
fn warm_start_is_deterministic_and_survives_a_clone() {
    let settings = starter();
    let straight = run(column(), &settings, 120);
    let halfway = run(column(), &settings, 60);
    let resumed = run(halfway.clone(), &settings, 60);
    assert_eq!(straight, resumed);
    assert_eq!(straight, run(column(), &settings, 120));
}

/// The memory is kept by the bodies' handles: deleting the top disc of the
/// resting column forgets its one contact and keeps the nine below it, sums
/// and all, though every body after it in the list moved up a place; adding a
/// disc before the floor keeps them all. The frames after start warm, and the
/// column comes to rest again with each contact carrying the discs now above
/// it (the statics of the column test above: nine on the floor, one at the top).
#[test]
fn an_edit_keeps_the_other_bodies_contacts() {
    let mut world = run(column(), &starter(), 300);
    assert_eq!(world.contacts.len(), 10);
    let h = world.handles().to_vec();
    let kept: Vec<_> = (0..9).map(|k| *world.contacts.get(h[k], h[k + 1], Feature::ROUND).unwrap()).collect();
    world.remove_body(10);
    assert_eq!(world.contacts.len(), 9, "the top disc's contact is forgotten");
    let mut spare = BodyDef::dynamic("spare", Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(8.0, 0.5));
    spare.body.friction = 0.3;
    assert_eq!(world.insert_body(spare), 10);
    for k in 0..9 {
        assert_eq!(world.place(h[k]), Some(k));
        assert_eq!(world.contacts.get(h[k], h[k + 1], Feature::ROUND), Some(&kept[k]), "contact {k} kept");
    }
    let world = run(world, &starter(), 120);
    assert!(fastest(&world) < 1e-9, "{} m/s", fastest(&world));
    let top = world.contacts.get(h[8], h[9], Feature::ROUND).unwrap();
    assert!((top.jn - -G * DT).abs() < 1e-9, "the contact under the top disc carries it alone: {}", top.jn);
    let bottom = world.contacts.get(h[0], h[1], Feature::ROUND).unwrap();
    assert!((bottom.jn - -9.0 * G * DT).abs() < 1e-9 * 9.0 * G * DT, "the floor carries the nine left: {}", bottom.jn);
}
