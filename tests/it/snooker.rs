//! The snooker lesson's break (the rough-balls article's demo), beyond its checks: what
//! friction does in a crowd, tested as directions, not as numbers copied
//! from a run.

use impulse::engine::{NoTrace, Settings, World, step};
use impulse::lesson;

fn break_at(frames: usize, settings: impl Fn(Settings) -> Settings, friction: Option<f64>) -> (World, World) {
    let scene = lesson::find("snooker").unwrap();
    let mut world = scene.world.clone();
    if let Some(mu) = friction {
        world.bodies.iter_mut().filter(|b| !b.is_static()).for_each(|b| b.friction = mu);
    }
    let start = world.clone();
    let settings = settings(scene.settings.clone());
    for _ in 0..frames {
        step(&mut world, &settings, &mut NoTrace);
    }
    (start, world)
}

fn spin(w: &World) -> f64 {
    w.motions.iter().map(|b| b.angular_velocity.abs()).fold(0.0, f64::max)
}

/// Frame 114: after the break (frame 104), before any cushion (frame 152).
const AFTER_BREAK: usize = 115;

/// Without friction a disc is pushed only through its centre: no ball turns
/// (beyond round-off in r×n, which is zero for a disc).
/// With the text's μ = 0.2 the struck balls spin.
#[test]
fn friction_and_only_friction_sets_the_balls_spinning() {
    let (_, smooth) = break_at(AFTER_BREAK, |s| s, Some(0.0));
    assert!(spin(&smooth) < 1e-9, "fastest spin {}", spin(&smooth));
    let (_, rough) = break_at(AFTER_BREAK, |s| s, None);
    assert!(spin(&rough) > 0.1, "fastest spin {}", spin(&rough));
}

/// The rough-balls article's jt = μ·jn, uncapped, makes energy in the crowd of the break;
/// with the cap, friction can only take it out.
#[test]
fn the_texts_friction_gains_energy_in_the_break_and_the_capped_one_loses_it() {
    // ½·m·|v|² of the shot: 0.14 kg at (4.5, −0.5) m/s.
    let shot = 0.5 * 0.14 * (4.5f64.powi(2) + 0.5f64.powi(2));
    let (_, texts) = break_at(AFTER_BREAK, |s| s, None);
    assert!(texts.kinetic_energy() > shot * 1.01, "{} vs {shot}", texts.kinetic_energy());
    let (_, capped) = break_at(AFTER_BREAK, |s| Settings { coulomb_cap: true, ..s }, None);
    assert!(capped.kinetic_energy() < shot, "{} vs {shot}", capped.kinetic_energy());
}
