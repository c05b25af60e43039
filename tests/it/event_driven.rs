//! Sedgewick & Wayne's method (`method = "event-driven"`) against hand-worked cases:
//! two discs head-on, a disc and a wall at an angle, a grazing pass
//! (discriminant zero), a receding pair, Newton's cradle, and a stale event.

use glam::DVec2;
use impulse::engine::{BodyDef, BodyRef, Method, PhaseKind, Settings, Value, World, record_frame};
use impulse::geometry::Shape;

fn settings(dt: f64) -> Settings {
    Settings { dt, method: Method::EventDriven, ..Settings::default() }
}

fn disc(name: &str, at: (f64, f64), v: (f64, f64)) -> BodyDef {
    let mut b = BodyDef::dynamic(name, Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(at.0, at.1));
    b.motion.velocity = DVec2::new(v.0, v.1);
    b
}

fn wall(name: &str, from: (f64, f64), to: (f64, f64)) -> BodyDef {
    let (from, to) = (DVec2::new(from.0, from.1), DVec2::new(to.0, to.1));
    BodyDef::fixed(name, Shape::Segment { half: (to - from) / 2.0 }).at((from + to) / 2.0)
}

fn names(world: &World) -> Vec<String> {
    world.bodies.iter().map(|b| b.name.clone()).collect()
}

fn scalar(v: Option<Value>) -> f64 {
    match v {
        Some(Value::Scalar(x)) => x,
        other => panic!("not a number: {other:?}"),
    }
}

/// Two unit-mass discs of radius 0.5, 3 m apart, closing at 2 m/s: by hand
/// Δr = (3, 0), Δv = (−2, 0), Δv·Δr = −6, Δv·Δv = 4, Δr·Δr = 9, σ = 1,
/// d = 36 − 4·(9 − 1) = 4, t = −(−6 + 2)/4 = 1 s. Equal masses swap their
/// velocities, and at the frame's end (t = 2) they are back where they began.
#[test]
fn two_discs_head_on() {
    let mut world = World::new(vec![disc("a", (0.0, 0.0), (1.0, 0.0)), disc("b", (3.0, 0.0), (-1.0, 0.0))], DVec2::ZERO);
    let record = record_frame(&mut world, &settings(2.0));
    let names = names(&world);
    let predict = record.phases.iter().find(|p| p.kind() == PhaseKind::Predict).unwrap();
    for (name, want) in [("Δv·Δr", -6.0), ("Δv·Δv", 4.0), ("Δr·Δr", 9.0), ("σ", 1.0), ("d", 4.0), ("Δt", 1.0), ("t", 1.0)] {
        assert_eq!(scalar(predict.value(name, &names)), want, "{name}");
    }
    let event = record.phases.iter().find(|p| p.kind() == PhaseKind::Event).unwrap();
    assert_eq!(scalar(event.value("t", &names)), 1.0);
    assert_eq!(event.value("valid", &names), Some(Value::Bool(true)));
    let bounce = record.phases.iter().find(|p| p.kind() == PhaseKind::Bounce).unwrap();
    // At the touch Δr = (1, 0) and Δv·Δr = −2: J = (1 + 1)·1·1·(−2)/((1 + 1)·1) = −2.
    assert_eq!(scalar(bounce.value("J", &names)), -2.0);
    assert_eq!(world.motions[0].velocity, DVec2::new(-1.0, 0.0));
    assert_eq!(world.motions[1].velocity, DVec2::new(1.0, 0.0));
    assert_eq!(world.motions[0].position, DVec2::new(0.0, 0.0));
    assert_eq!(world.motions[1].position, DVec2::new(3.0, 0.0));
}

/// A disc of radius 0.5 falling at 8 m/s from (2, 2.4) toward the wall from
/// (0, 0) to (4, −3). The wall runs along (0.8, −0.6), its normal toward the
/// disc N = (0.6, 0.8); the centre is s = 0.6·2 + 0.8·2.4 = 3.12 from the line
/// and closes at v_n = −6.4 m/s, so it touches after (3.12 − 0.5)/6.4 =
/// 0.409375 s at (2, −0.875), 2.125 m along the wall. With e = 1 it leaves at
/// v − 2·(v·N)·N = (0, −8) + 12.8·(0.6, 0.8) = (7.68, 2.24).
#[test]
fn a_disc_and_a_wall_at_an_angle() {
    let mut world = World::new(vec![disc("ball", (2.0, 2.4), (0.0, -8.0)), wall("ramp", (0.0, 0.0), (4.0, -3.0))], DVec2::ZERO);
    let dt = 0.5;
    let record = record_frame(&mut world, &settings(dt));
    let names = names(&world);
    let predict = record
        .phases
        .iter()
        .find(|p| p.kind() == PhaseKind::Predict && p.value("outcome", &names) == Some(Value::Text("hit".into())))
        .unwrap();
    assert!((scalar(predict.value("s", &names)) - 3.12).abs() < 1e-12);
    assert!((scalar(predict.value("v_n", &names)) + 6.4).abs() < 1e-12);
    assert!((scalar(predict.value("Δt", &names)) - 0.409375).abs() < 1e-12);
    assert!((scalar(predict.value("along", &names)) - 2.125).abs() < 1e-12);
    let v = world.motions[0].velocity;
    assert!((v - DVec2::new(7.68, 2.24)).length() < 1e-12, "{v}");
    let at = DVec2::new(2.0, -0.875) + DVec2::new(7.68, 2.24) * (dt - 0.409375);
    assert!((world.motions[0].position - at).length() < 1e-12, "{}", world.motions[0].position);
}

/// a moves along y = 0 at 1 m/s; b rests with its centre at (3, 1), exactly
/// σ = 1 off a's path. Δr = (3, 1), Δv = (−1, 0): Δv·Δr = −3, Δv·Δv = 1,
/// Δr·Δr = 10, so d = 9 − 1·(10 − 1) = 0: one root, t = 3, a touch along the
/// side. At it Δr = (0, 1) is square to Δv: Δv·Δr = 0, J = 0, nothing changes.
#[test]
fn a_grazing_pass_touches_once_and_changes_nothing() {
    let mut world = World::new(vec![disc("a", (0.0, 0.0), (1.0, 0.0)), disc("b", (3.0, 1.0), (0.0, 0.0))], DVec2::ZERO);
    let record = record_frame(&mut world, &settings(4.0));
    let names = names(&world);
    let predict = record.phases.iter().find(|p| p.kind() == PhaseKind::Predict).unwrap();
    assert_eq!(scalar(predict.value("d", &names)), 0.0);
    assert_eq!(scalar(predict.value("t", &names)), 3.0);
    let bounce = record.phases.iter().find(|p| p.kind() == PhaseKind::Bounce).unwrap();
    assert_eq!(scalar(bounce.value("J", &names)), 0.0);
    assert_eq!((world.motions[0].position, world.motions[0].velocity), (DVec2::new(4.0, 0.0), DVec2::new(1.0, 0.0)));
    assert_eq!((world.motions[1].position, world.motions[1].velocity), (DVec2::new(3.0, 1.0), DVec2::ZERO));
}

/// 0.27 m apart and moving apart along their line of centres: Δr = (0.9,
/// 0.9), Δv = (2, 2), Δv·Δr = 3.6 > 0. The gap only grows; no event is made.
/// (Near enough for their swept boxes to meet, so the test is made and shown.)
#[test]
fn a_receding_pair_makes_no_event() {
    let mut world = World::new(vec![disc("a", (0.0, 0.0), (-1.0, -1.0)), disc("b", (0.9, 0.9), (1.0, 1.0))], DVec2::ZERO);
    let record = record_frame(&mut world, &settings(2.0));
    let names = names(&world);
    let predict = record.phases.iter().find(|p| p.kind() == PhaseKind::Predict).unwrap();
    assert!((scalar(predict.value("Δv·Δr", &names)) - 3.6).abs() < 1e-12);
    assert_eq!(predict.value("t", &names), None);
    let kinds: Vec<_> = record.phases.iter().map(|p| p.kind()).collect();
    assert_eq!(kinds, [PhaseKind::Predict, PhaseKind::Event, PhaseKind::Move], "only the frame's end");
    let end = record.phases.iter().find(|p| p.kind() == PhaseKind::Event).unwrap();
    assert_eq!((scalar(end.value("popped", &names)), scalar(end.value("inserted", &names))), (0.0, 0.0));
}

/// Three touching discs, the first moving at 1 m/s: it stops, the middle one
/// takes the speed and passes it on at once (both hits at t = 0), and the
/// last one leaves at 1 m/s.
#[test]
fn newtons_cradle() {
    let bodies = vec![disc("a", (0.0, 0.0), (1.0, 0.0)), disc("b", (1.0, 0.0), (0.0, 0.0)), disc("c", (2.0, 0.0), (0.0, 0.0))];
    let mut world = World::new(bodies, DVec2::ZERO);
    let record = record_frame(&mut world, &settings(1.0));
    let v: Vec<f64> = world.motions.iter().map(|b| b.velocity.x).collect();
    assert_eq!(v, [0.0, 0.0, 1.0]);
    assert_eq!(world.motions[2].position, DVec2::new(3.0, 0.0));
    assert_eq!(record.phases.iter().filter(|p| p.kind() == PhaseKind::Bounce).count(), 2);
}

/// a (at 0, 1 m/s) will hit b (at rest at 2.5) at 1.5 s and, were b not
/// there, the wall x = 5 at 4.5 s. After a–b a stops and b goes on, meets the
/// wall at 3.5 s and comes back; the a–wall event made at the start is popped
/// at 4.5 s stale (a's count went from 0 to 1) and skipped. By the frame's end
/// (5 s): a at 1.5, b at 3; popped 3, stale 1, inserted 3 (a–b, a–wall, then
/// b–wall; b's next hit with a, at 5.5 s, falls after the frame).
#[test]
fn a_stale_event_is_popped_and_skipped() {
    let bodies = vec![disc("a", (0.0, 0.0), (1.0, 0.0)), disc("b", (2.5, 0.0), (0.0, 0.0)), wall("w", (5.0, -5.0), (5.0, 5.0))];
    let mut world = World::new(bodies, DVec2::ZERO);
    let record = record_frame(&mut world, &settings(5.0));
    let names = names(&world);
    let events: Vec<(f64, bool)> = record
        .phases
        .iter()
        .filter(|p| p.kind() == PhaseKind::Event && p.pair.is_some())
        .map(|p| (scalar(p.value("t", &names)), p.value("valid", &names) == Some(Value::Bool(true))))
        .collect();
    assert_eq!(events, [(1.5, true), (3.5, true), (4.5, false)]);
    let end = record.phases.iter().rfind(|p| p.kind() == PhaseKind::Event).unwrap();
    let tally: Vec<f64> = ["popped", "invalid", "inserted"].iter().map(|n| scalar(end.value(n, &names))).collect();
    assert_eq!(tally, [3.0, 1.0, 3.0]);
    assert_eq!((world.motions[0].position.x, world.motions[1].position.x), (1.5, 3.0));
    assert_eq!((world.motions[0].velocity.x, world.motions[1].velocity.x), (0.0, -1.0));
}

/// The thin-wall bullet: a disc of radius 0.05 m at 400 m/s, 5 m from a wall
/// of no thickness, dt = 1/60 s. A frame carries it 6.67 m, more than the 4.95 m
/// to the wall: a method that looks only at frame ends never sees it touch.
/// Events predict the hit at (5 − 0.05)/400 = 0.012375 s and turn it round.
#[test]
fn the_thin_wall_bullet_stays_on_its_side_only_with_events() {
    let run = |method: Method, side_tracking: bool| {
        let mut bullet = BodyDef::dynamic("bullet", Shape::Circle { radius: 0.05 }, 0.01);
        bullet.motion.velocity = DVec2::new(400.0, 0.0);
        let mut world = World::new(vec![bullet, wall("pane", (5.0, -1.0), (5.0, 1.0))], DVec2::ZERO);
        let s = Settings { dt: 1.0 / 60.0, method, side_tracking, ..Settings::default() };
        for _ in 0..60 {
            impulse::engine::step(&mut world, &s, &mut impulse::engine::NoTrace);
        }
        world.motions[0].position.x
    };
    let events = run(Method::EventDriven, true);
    // Back from the wall for the rest of the second at 400 m/s.
    assert!((events - (4.95 - 400.0 * (1.0 - 0.012375))).abs() < 1e-9, "{events}");
    assert!(run(Method::Relaxation, true) > 5.0, "relaxation lets it through");
    assert!(run(Method::Reposition, false) > 5.0, "so does Dobre & Ramtal's method without side tracking");
    assert!(run(Method::Reposition, true) < 5.0, "with side tracking Dobre & Ramtal catches it");
}

/// Three touching discs in a row between two walls that touch the outer ones,
/// e = 0, the middle one pushed right at 1 m/s: it stops against its
/// neighbour, which stops against the wall, which lets the middle one hit it
/// again at half the speed, at the same instant (an inelastic collapse). The
/// speed halves at every second event until it is too small to close a gap
/// (1e-162 m/s here): about a thousand events at one instant, then the frame
/// goes on. Nothing turns to NaN and no disc moves.
#[test]
fn an_inelastic_collapse_at_one_instant_ends() {
    let plastic = |name: &str, x: f64, v: f64| {
        let mut d = disc(name, (x, 0.0), (v, 0.0));
        d.body.restitution = 0.0;
        d
    };
    let mut left = wall("left", (0.0, -1.0), (0.0, 1.0));
    let mut right = wall("right", (3.0, -1.0), (3.0, 1.0));
    (left.body.restitution, right.body.restitution) = (0.0, 0.0);
    let bodies = vec![plastic("a", 0.5, 0.0), plastic("b", 1.5, 1.0), plastic("c", 2.5, 0.0), left, right];
    let mut world = World::new(bodies, DVec2::ZERO);
    let record = record_frame(&mut world, &settings(1.0 / 60.0));
    let names = names(&world);
    let end = record.phases.iter().rfind(|p| p.kind() == PhaseKind::Event).unwrap();
    assert_eq!(end.value("limit", &names), None);
    assert!(scalar(end.value("popped", &names)) > 1000.0);
    for (b, x) in world.motions[..3].iter().zip([0.5, 1.5, 2.5]) {
        assert!((b.position - DVec2::new(x, 0.0)).length() < 1e-12 && b.velocity.length() < 1e-100, "{b:?}");
    }
}

/// Ten discs at 10 km/s in a 1 m box: each would bounce some 300 times a
/// frame, past the limit of 1000 + 100 for each of 10 discs and 4 walls. The
/// frame stops there and says so; the discs stay inside and apart.
#[test]
fn a_frame_stops_at_its_event_limit_and_leaves_everything_inside() {
    let mut bodies: Vec<BodyDef> = (0..10)
        .map(|k| {
            let mut d = BodyDef::dynamic(format!("d{k}"), Shape::Circle { radius: 0.05 }, 0.01)
                .at(DVec2::new(0.1 + 0.08 * k as f64, 0.2 + 0.06 * k as f64));
            d.motion.velocity = DVec2::from_angle(k as f64) * 10_000.0;
            d
        })
        .collect();
    let c = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    bodies.extend((0..4).map(|k| wall(&format!("w{k}"), c[k], c[(k + 1) % 4])));
    let mut world = World::new(bodies, DVec2::ZERO);
    let record = record_frame(&mut world, &settings(1.0 / 60.0));
    let names = names(&world);
    let end = record.phases.iter().rfind(|p| p.kind() == PhaseKind::Event).unwrap();
    assert_eq!(end.value("limit", &names), Some(Value::Bool(true)));
    assert_eq!(scalar(end.value("popped", &names)), 2400.0);
    assert_ne!(record.phases.iter().next_back().unwrap().kind(), PhaseKind::Move, "no move to the frame's end");
    for b in world.motions.iter().filter(|m| !m.is_static()) {
        let inside = (0.05 - 1e-9..=0.95 + 1e-9).contains(&b.position.x) && (0.05 - 1e-9..=0.95 + 1e-9).contains(&b.position.y);
        assert!(inside && b.velocity.is_finite(), "{b:?}");
    }
    assert!(properties::deepest(&world) < 1e-9);
}

/// Two discs touching at rest: Δv = 0, so Δv·Δr = 0 and no event, ever.
#[test]
fn touching_at_rest_makes_no_event() {
    let mut world = World::new(vec![disc("a", (0.0, 0.0), (0.0, 0.0)), disc("b", (1.0, 0.0), (0.0, 0.0))], DVec2::ZERO);
    let record = record_frame(&mut world, &settings(1.0));
    assert!(record.phases.iter().all(|p| p.kind() != PhaseKind::Bounce));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Up to ten discs scattered over a 10 m square, none overlapping.
    fn scatter(candidates: &[(f64, f64, f64, f64, f64)]) -> Vec<BodyDef> {
        let mut kept: Vec<BodyDef> = Vec::new();
        for (k, &(x, y, vx, vy, r)) in candidates.iter().enumerate() {
            let at = DVec2::new(x, y);
            if kept.iter().all(|b| b.motion.position.distance(at) > b.body.shape.bounding_radius() + r) {
                let mut b = BodyDef::dynamic(format!("d{k}"), Shape::Circle { radius: r }, r * r).at(at);
                b.motion.velocity = DVec2::new(vx, vy);
                kept.push(b);
            }
        }
        kept
    }

    pub(super) fn deepest(world: &World) -> f64 {
        let discs: Vec<BodyRef> = world.iter().filter(|(b, _)| matches!(b.shape, Shape::Circle { .. })).collect();
        let mut deepest = 0.0f64;
        for (k, (a, am)) in discs.iter().enumerate() {
            for (b, bm) in &discs[k + 1..] {
                deepest = deepest.max(a.shape.bounding_radius() + b.shape.bounding_radius() - am.position.distance(bm.position));
            }
        }
        deepest
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// With e = 1 and no walls every bounce keeps kinetic energy and
        /// momentum (to round-off), and no frame ends with discs overlapping
        /// deeper than 1e-9 m.
        #[test]
        fn elastic_discs_keep_energy_and_momentum_and_never_overlap(
            candidates in prop::collection::vec((0.0f64..10.0, 0.0f64..10.0, -3.0f64..3.0, -3.0f64..3.0, 0.2f64..0.8), 10),
        ) {
            let bodies = scatter(&candidates);
            prop_assume!(bodies.len() >= 2);
            let mut world = World::new(bodies, DVec2::ZERO);
            let (ke, p) = (world.kinetic_energy(), world.momentum());
            let s = settings(1.0 / 60.0);
            for frame in 0..300 {
                impulse::engine::step(&mut world, &s, &mut impulse::engine::NoTrace);
                prop_assert!(deepest(&world) < 1e-9, "frame {}: overlap {}", frame, deepest(&world));
            }
            prop_assert!((world.kinetic_energy() - ke).abs() <= 1e-9 * ke, "KE {} → {}", ke, world.kinetic_energy());
            let scale = world.iter().map(|(b, m)| b.mass() * m.velocity.length()).sum::<f64>();
            prop_assert!((world.momentum() - p).length() <= 1e-9 * scale, "p {} → {}", p, world.momentum());
        }
    }
}
