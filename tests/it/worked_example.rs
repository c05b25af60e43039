//! The rough-balls article's worked example: every number it prints, to 1e-12, plus momentum and
//! kinetic energy computed by hand (see the comments for the arithmetic).

use glam::DVec2;
use impulse::engine::{BodyDef, Friction, Phase, PhaseKind, Settings, Tangent, Value, World, record_frame};
use impulse::geometry::Shape;

const TOL: f64 = 1e-12;

/// m1: 2 kg, r 2 at `c1` with v (0, −5) and spin `w1`; m2: 3 kg, r 3 at (10, 10) at rest; e = 1.
fn balls(c1: DVec2, w1: f64, mu: f64) -> World {
    let mut m1 = BodyDef::dynamic("m1", Shape::Circle { radius: 2.0 }, 2.0).at(c1);
    m1.motion.velocity = DVec2::new(0.0, -5.0);
    m1.motion.angular_velocity = w1;
    let mut m2 = BodyDef::dynamic("m2", Shape::Circle { radius: 3.0 }, 3.0).at(DVec2::new(10.0, 10.0));
    for b in [&mut m1, &mut m2] {
        b.body.restitution = 1.0;
        b.body.friction = mu;
    }
    World::new(vec![m1, m2], DVec2::ZERO)
}

fn settings(friction: Friction, tangent: Tangent) -> Settings {
    Settings { friction, tangent, ..Settings::default() }
}

/// Runs frame 0 and returns the world after it plus its first resolve record.
fn collide(world: &mut World, s: &Settings, normal: (f64, f64)) -> Phase {
    let frame = record_frame(world, s);
    let detect = frame.phases.iter().find(|p| p.kind() == PhaseKind::Detect).expect("a detect phase");
    close_v(vector(&detect, "normal"), normal.0, normal.1);
    close(scalar(&detect, "depth"), 0.0);
    let resolves: Vec<Phase> = frame.phases.iter().filter(|p| p.kind() == PhaseKind::Resolve && p.value("jn", &[]).is_some()).collect();
    assert_eq!(resolves.len(), 1, "the touching pair is resolved once, in pass 1");
    resolves[0].clone()
}

fn scalar(p: &Phase, name: &str) -> f64 {
    match p.value(name, &[]) {
        Some(Value::Scalar(x)) => x,
        other => panic!("{name}: {other:?}"),
    }
}

fn vector(p: &Phase, name: &str) -> DVec2 {
    match p.value(name, &[]) {
        Some(Value::Vector(v)) => v,
        other => panic!("{name}: {other:?}"),
    }
}

fn close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() < TOL, "{actual} != {expected}");
}

fn close_v(actual: DVec2, x: f64, y: f64) {
    assert!((actual - DVec2::new(x, y)).length() < TOL, "{actual} != ({x}, {y})");
}

/// Velocities after the resolve, before the frame's integrate moved positions.
fn after(p: &Phase) -> [(DVec2, f64); 2] {
    [0, 1].map(|i| (p.changes()[i].after.velocity, p.changes()[i].after.angular_velocity))
}

fn energy(world: &World, p: &Phase) -> f64 {
    after(p).iter().zip(&world.bodies).map(|((v, w), b)| 0.5 * b.mass() * v.length_squared() + 0.5 * b.inertia() * w * w).sum()
}

fn momentum(world: &World, p: &Phase) -> DVec2 {
    after(p).iter().zip(&world.bodies).map(|((v, _), b)| *v * b.mass()).sum()
}

#[test]
fn smooth_balls() {
    let mut w = balls(DVec2::new(6.0, 13.0), -1.0, 0.0);
    // ½·2·5² + ½·(2·2²/2)·1² = 25 + 2 = 27 J; momentum 2·(0, −5).
    close(w.kinetic_energy(), 27.0);
    let p = collide(&mut w, &settings(Friction::None, Tangent::Projected), (0.8, -0.6));
    close_v(vector(&p, "p"), 7.6, 11.8);
    close_v(vector(&p, "r_a"), 1.6, -1.2);
    close_v(vector(&p, "r_b"), -2.4, 1.8);
    close_v(vector(&p, "v_rel"), -1.2, -6.6);
    close(scalar(&p, "vrn"), 3.0);
    close(scalar(&p, "jn"), -7.2);
    let [(v1, w1), (v2, w2)] = after(&p);
    close_v(v1, -2.88, -2.84);
    close(w1, -1.0); // a smooth ball's spin cannot change: J passes through its centre
    close_v(v2, 1.92, -1.44); // −J/m2 = (5.76, −4.32)/3
    close(w2, 0.0);
    close_v(momentum(&w, &p), 0.0, -10.0);
    close(energy(&w, &p), 27.0); // e = 1 keeps it all
}

#[test]
fn rough_balls() {
    let mut w = balls(DVec2::new(6.0, 13.0), -1.0, 0.2);
    let p = collide(&mut w, &settings(Friction::Coulomb, Tangent::Projected), (0.8, -0.6));
    close(scalar(&p, "jn"), -7.2);
    close_v(vector(&p, "t"), -0.6, -0.8);
    close(scalar(&p, "vrt"), 6.0);
    close(scalar(&p, "jt"), -1.44);
    let [(v1, w1), (v2, w2)] = after(&p);
    close_v(v1, -2.448, -2.264);
    close(w1, -0.28);
    // Jt = −1.44·(−0.6, −0.8) = (0.864, 1.152); v2 = (1.92, −1.44) − Jt/3.
    close_v(v2, 1.632, -1.824);
    // rB×Jt = −2.4·1.152 − 1.8·0.864 = −4.32; I2 = 3·9/2 = 13.5; ω2 = 4.32/13.5.
    close(w2, 0.32);
    close_v(momentum(&w, &p), 0.0, -10.0);
    // 11.1184 + 0.1568 + 8.9856 + 0.6912: friction turns 6.048 J into heat.
    close(energy(&w, &p), 20.952);
}

fn mirrored(tangent: Tangent) -> (World, Phase) {
    let mut w = balls(DVec2::new(14.0, 13.0), 1.0, 0.2);
    let p = collide(&mut w, &settings(Friction::Coulomb, tangent), (-0.8, -0.6));
    close_v(vector(&p, "r_a"), -1.6, -1.2);
    close_v(vector(&p, "v_rel"), 1.2, -6.6);
    close(scalar(&p, "vrn"), 3.0);
    close(scalar(&p, "jn"), -7.2);
    close_v(momentum(&w, &p), 0.0, -10.0);
    (w, p)
}

#[test]
fn mirrored_with_rotated_normal_tangent_pushes_the_wrong_way() {
    let (w, p) = mirrored(Tangent::RotatedNormal);
    close_v(vector(&p, "t"), -0.6, 0.8);
    close(scalar(&p, "vrt"), -6.0);
    close(scalar(&p, "jt"), -1.44);
    close(scalar(&p, "jt") * vector(&p, "t").x, 0.864); // It·t.x > 0: the wrong way
    let [(v1, w1), (v2, w2)] = after(&p);
    // v1 = (2.88, −2.84) + (0.864, −1.152)/2; ω1 = 1 + ((−1.6)(−1.152) − (−1.2)(0.864))/4.
    close_v(v1, 3.312, -3.416);
    close(w1, 1.72);
    close_v(v2, -2.208, -1.056);
    close(w2, 0.32);
    // 22.6384 + 5.9168 + 8.9856 + 0.6912 = 38.232 J out of 27 J: friction made energy.
    close(energy(&w, &p), 38.232);
}

fn assert_mirrored_fixed(p: &Phase, w: &World) {
    let jt_vec = vector(p, "t") * scalar(p, "jt");
    close_v(jt_vec, -0.864, 1.152);
    let [(v1, w1), (v2, w2)] = after(p);
    // The mirror image of the rough case: x components and spins change sign.
    close_v(v1, 2.448, -2.264);
    close(w1, 0.28);
    close_v(v2, -1.632, -1.824);
    close(w2, -0.32);
    close(energy(w, p), 20.952);
}

#[test]
fn mirrored_with_sign_fixed_tangent() {
    let (w, p) = mirrored(Tangent::SignFixed);
    close_v(vector(&p, "t"), -0.6, 0.8);
    close(scalar(&p, "jt"), 1.44);
    assert_mirrored_fixed(&p, &w);
}

#[test]
fn mirrored_with_projected_tangent() {
    let (w, p) = mirrored(Tangent::Projected);
    close_v(vector(&p, "t"), 0.6, -0.8);
    close(scalar(&p, "vrt"), 6.0);
    close(scalar(&p, "jt"), -1.44);
    assert_mirrored_fixed(&p, &w);
}
