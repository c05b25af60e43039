//! Shared by the snapshot tests: every snapshot lives in the top-level `snapshots/`.
//! Each test crate uses some of it, hence the allowances for the rest.

#[allow(dead_code)]
pub fn snapshot_settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

/// A level 1 kg box 1 cm into a static floor, falling at 1 m/s, e = 0 on both,
/// no gravity: a flat landing on two contact points.
#[allow(dead_code)]
pub fn landing_box() -> impulse::engine::World {
    use glam::DVec2;
    use impulse::engine::{BodyDef, World};
    use impulse::geometry::Shape;
    let mut floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(4.0, 1.0) }).at(DVec2::new(0.0, -0.5));
    floor.body.restitution = 0.0;
    let mut crate_ = BodyDef::dynamic("crate", Shape::Box { size: DVec2::ONE }, 1.0).at(DVec2::new(0.3, 0.49));
    crate_.motion.velocity = DVec2::new(0.0, -1.0);
    crate_.body.restitution = 0.0;
    World::new(vec![floor, crate_], DVec2::ZERO)
}

/// 60 discs and boxes packed so that neighbours overlap, moving, on a static floor.
#[allow(dead_code)]
pub fn packed_pile() -> impulse::engine::World {
    use glam::DVec2;
    use impulse::engine::{BodyDef, World};
    use impulse::geometry::Shape;
    let mut bodies: Vec<BodyDef> = (0..60u32)
        .map(|i| {
            let at = DVec2::new((i % 12) as f64 * 0.9, (i / 12) as f64 * 0.9 + 1.0);
            let shape = if i.is_multiple_of(2) { Shape::Circle { radius: 0.5 } } else { Shape::Box { size: DVec2::splat(0.95) } };
            let mut b = BodyDef::dynamic(format!("b{i}"), shape, 1.0).at(at);
            b.motion.velocity = DVec2::new(1.0, -2.0);
            b.body.friction = 0.3;
            b
        })
        .collect();
    bodies.push(BodyDef::fixed("floor", Shape::Box { size: DVec2::new(20.0, 1.0) }).at(DVec2::new(5.0, 0.0)));
    World::new(bodies, DVec2::new(0.0, -9.8))
}

/// 200 discs dropped into a walled box (`tests/fixtures/pile200.toml`).
#[allow(dead_code)]
pub fn pile200() -> impulse::scene::Scene {
    impulse::scene::Scene::parse("pile200.toml", include_str!("../../fixtures/pile200.toml")).unwrap()
}

/// The bodies' states as bits: equal floats are not enough (0.0 and −0.0 are equal).
#[allow(dead_code)]
pub fn bits(world: &impulse::engine::World) -> Vec<[u64; 6]> {
    let bits = |b: &impulse::engine::BodyState| {
        [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angular_velocity].map(f64::to_bits)
    };
    world.states().iter().map(bits).collect()
}

/// The starter scene in the debugger, as `impulse new` writes it.
#[allow(dead_code)]
pub fn starter() -> impulse::tui::app::Stepper {
    impulse::tui::app::Stepper::new(impulse::lesson::Lesson::parse("starter.toml", impulse::scene::STARTER).unwrap())
}

/// A key as the TUI's shell handles it: the update, then the effect it asks for.
#[allow(dead_code)]
pub fn act(s: &mut impulse::tui::app::Stepper, m: impulse::tui::Msg) {
    if let Some(effect) = s.update(m) {
        s.performed(impulse::tui::perform(&effect));
    }
}

/// The start of the frame on screen: the world and settings an edit changes.
#[allow(dead_code)]
pub fn start(s: &mut impulse::tui::app::Stepper) -> impulse::tui::Start {
    let n = s.frame;
    s.session.timeline.start(n)
}
