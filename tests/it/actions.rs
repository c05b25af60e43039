//! `[[action]]`: loads a scene applies to a body at given frames (the rigid-body blog),
//! checked against Newton's laws worked out here, not against the engine.

use glam::DVec2;
use impulse::engine::{Action, ActionKind, BodyDef, NoTrace, Settings, World, step};
use impulse::geometry::Shape;
use impulse::scene::Scene;

/// A 2 × 1 box of 3 kg (I = 3·(4 + 1)/12 = 1.25 kg·m²) alone, no gravity.
fn plank(actions: Vec<ActionKind>) -> World {
    let body = BodyDef::dynamic("plank", Shape::Box { size: DVec2::new(2.0, 1.0) }, 3.0).at(DVec2::new(1.0, 2.0));
    let mut w = World::new(vec![body], DVec2::ZERO);
    w.actions = actions.into_iter().map(|kind| Action { frame: 0, body: 0, kind }).collect();
    w
}

fn run(mut w: World, frames: usize) -> BodyDef {
    let s = Settings::default();
    for _ in 0..frames {
        step(&mut w, &s, &mut NoTrace);
    }
    w.remove_body(0)
}

const DT: f64 = 1.0 / 60.0;

#[test]
fn a_force_through_the_centre_does_not_turn_the_body() {
    let b = run(plank(vec![ActionKind::Force { force: DVec2::new(6.0, -3.0), at: Some(DVec2::new(1.0, 2.0)), frames: 1 }]), 1);
    assert_eq!(b.motion.angular_velocity, 0.0);
    assert!((b.motion.velocity - DVec2::new(6.0, -3.0) / 3.0 * DT).length() < 1e-15);
}

#[test]
fn a_force_held_for_k_frames_gives_k_times_a_frames_change() {
    let force = ActionKind::Force { force: DVec2::new(6.0, 0.0), at: Some(DVec2::new(1.0, 2.5)), frames: 5 };
    let b = run(plank(vec![force]), 8);
    // Δv = F/m·dt a frame, five frames; the arm (0, 0.5) gives τ = 0.5·0 − 0.5·6 = −3 N·m.
    assert!((b.motion.velocity.x - 5.0 * 2.0 * DT).abs() < 1e-14, "{}", b.motion.velocity.x);
    assert!((b.motion.angular_velocity - 5.0 * (-3.0 / 1.25) * DT).abs() < 1e-14, "{}", b.motion.angular_velocity);
}

#[test]
fn an_angular_impulse_is_a_torque_held_for_one_frame() {
    let by_impulse = run(plank(vec![ActionKind::AngularImpulse(7.0 * DT)]), 1);
    let by_torque = run(plank(vec![ActionKind::Torque { torque: 7.0, frames: 1 }]), 1);
    assert!((by_impulse.motion.angular_velocity - by_torque.motion.angular_velocity).abs() < 1e-15);
    assert!((by_torque.motion.angular_velocity - 7.0 / 1.25 * DT).abs() < 1e-15);
}

#[test]
fn an_impulse_at_a_point_and_a_set_velocity() {
    // J = (0, 2) at the right end, r = (1, 0): Δv = J/m, Δω = (r×J)/I = 2/1.25.
    let b = run(plank(vec![ActionKind::Impulse { impulse: DVec2::new(0.0, 2.0), at: Some(DVec2::new(2.0, 2.0)) }]), 1);
    assert!((b.motion.velocity - DVec2::new(0.0, 2.0 / 3.0)).length() < 1e-15 && (b.motion.angular_velocity - 1.6).abs() < 1e-15);
    let b = run(plank(vec![ActionKind::Velocity(DVec2::new(4.0, 1.0))]), 1);
    assert_eq!(b.motion.velocity, DVec2::new(4.0, 1.0));
}

#[test]
fn actions_act_in_their_frames_only() {
    let mut w = plank(vec![]);
    w.actions = vec![Action { frame: 3, body: 0, kind: ActionKind::Torque { torque: 1.25, frames: 2 } }];
    let spins: Vec<f64> = (0..7)
        .map(|_| {
            step(&mut w, &Settings::default(), &mut NoTrace);
            w.motions[0].angular_velocity
        })
        .collect();
    assert_eq!(spins[..3], [0.0; 3]);
    assert!((spins[4] - 2.0 * DT).abs() < 1e-15 && spins[4] == spins[6]);
}

#[test]
fn a_scene_files_actions_name_their_bodies() {
    let scene = Scene::parse(
        "s.toml",
        "[[body]]\nname = \"a\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\n\n[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\nposition = [5.0, 0.0]\n\n\
         [[action]]\nframe = 2\nbody = \"b\"\nforce = [1.0, 0.0]\nat = [5.0, 1.0]\nframes = 4\n",
    )
    .unwrap();
    let force = ActionKind::Force { force: DVec2::X, at: Some(DVec2::new(5.0, 1.0)), frames: 4 };
    assert_eq!(scene.world.actions, [Action { frame: 2, body: 1, kind: force }]);
    // Deleting a body drops its actions and keeps the others on theirs.
    let mut w = scene.world.clone();
    w.remove_body(0);
    assert_eq!(w.actions[0].body, 0);
    w.remove_body(0);
    assert!(w.actions.is_empty());
}
