//! Text 004's method (`method = "event-driven"`) against hand-worked cases:
//! two discs head-on, a disc and a wall at an angle, a grazing pass
//! (discriminant zero), a receding pair, Newton's cradle, and a stale event.

use glam::DVec2;
use impulse::engine::{Body, Method, PhaseKind, Settings, Value, World, record_frame};
use impulse::geometry::Shape;

fn settings(dt: f64) -> Settings {
    Settings { dt, method: Method::EventDriven, ..Settings::default() }
}

fn disc(name: &str, at: (f64, f64), v: (f64, f64)) -> Body {
    let mut b = Body::dynamic(name, Shape::Circle { radius: 0.5 }, 1.0).at(DVec2::new(at.0, at.1));
    b.velocity = DVec2::new(v.0, v.1);
    b
}

fn wall(name: &str, from: (f64, f64), to: (f64, f64)) -> Body {
    let (from, to) = (DVec2::new(from.0, from.1), DVec2::new(to.0, to.1));
    Body::fixed(name, Shape::Segment { half: (to - from) / 2.0 }).at((from + to) / 2.0)
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
    assert_eq!(world.bodies[0].velocity, DVec2::new(-1.0, 0.0));
    assert_eq!(world.bodies[1].velocity, DVec2::new(1.0, 0.0));
    assert_eq!(world.bodies[0].position, DVec2::new(0.0, 0.0));
    assert_eq!(world.bodies[1].position, DVec2::new(3.0, 0.0));
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
    let v = world.bodies[0].velocity;
    assert!((v - DVec2::new(7.68, 2.24)).length() < 1e-12, "{v}");
    let at = DVec2::new(2.0, -0.875) + DVec2::new(7.68, 2.24) * (dt - 0.409375);
    assert!((world.bodies[0].position - at).length() < 1e-12, "{}", world.bodies[0].position);
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
    assert_eq!((world.bodies[0].position, world.bodies[0].velocity), (DVec2::new(4.0, 0.0), DVec2::new(1.0, 0.0)));
    assert_eq!((world.bodies[1].position, world.bodies[1].velocity), (DVec2::new(3.0, 1.0), DVec2::ZERO));
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
    let v: Vec<f64> = world.bodies.iter().map(|b| b.velocity.x).collect();
    assert_eq!(v, [0.0, 0.0, 1.0]);
    assert_eq!(world.bodies[2].position, DVec2::new(3.0, 0.0));
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
    assert_eq!((world.bodies[0].position.x, world.bodies[1].position.x), (1.5, 3.0));
    assert_eq!((world.bodies[0].velocity.x, world.bodies[1].velocity.x), (0.0, -1.0));
}
