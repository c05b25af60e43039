//! With e = 1 and no friction, an impact keeps kinetic energy, whatever the
//! solver options: every active contact point leaves at the speed it came
//! in, and a point whose impulse is zero does no work, so ΔKE = Σ λ·(vrn +
//! vrn')/2 = 0. A remembered (warm-started) impulse only says where the passes
//! start; it must never change what they aim at.
//!
//! Energy and momentum are computed here from the bodies' states, masses and
//! inertias (½·m·v² + ½·I·ω², Σ m·v), not read from the engine's ledger.

use glam::DVec2;
use impulse::engine::{NoTrace, World, step};
use impulse::scene::Scene;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestCaseError, TestRng, TestRunner};

const REL: f64 = 1e-9;

fn kinetic_energy(world: &World) -> f64 {
    world.iter().map(|(b, m)| 0.5 * b.mass() * m.velocity.length_squared() + 0.5 * b.inertia() * m.angular_velocity.powi(2)).sum()
}

fn momentum(world: &World) -> DVec2 {
    world.iter().map(|(b, m)| b.mass() * m.velocity).sum()
}

/// The resting options a sound scene turns on, each on or off.
fn solver(passes: usize, contact: &str, cap: bool, threshold: f64, slop: f64, warm: bool) -> String {
    format!(
        "[solver]\nrelaxation_iterations = {passes}\ncontact = \"{contact}\"\ncoulomb_cap = {cap}\n\
         restitution_threshold = {threshold}\nslop = {slop}\nwarm_start = {warm}\n"
    )
}

/// A box tilted by 0.05 rad falls at 3 m/s onto a plank twice its mass. In
/// frame 1 its left corner hits and bounces it up spinning at −6.8 rad/s;
/// in frame 2 the spin brings its right corner down at 4.6 m/s, 0.97 m from
/// the first. The right corner is a new contact: with the first corner's
/// impulse carried over to it, and no bounce aimed at, KE fell from 4.5 J to
/// 1.918 J.
const TILTED_BOX: &str = r#"
[world]
gravity = [0.0, 0.0]

[[body]]
name = "a"
shape = "box"
size = [2.0, 0.5]
mass = 2.0
position = [0.0, 0.0]
restitution = 1.0

[[body]]
name = "b"
shape = "box"
size = [1.0, 0.5]
mass = 1.0
position = [0.0, 0.545]
velocity = [0.0, -3.0]
angle = 0.05
restitution = 1.0
"#;

#[test]
fn a_box_landing_on_one_corner_then_the_other_keeps_its_energy_with_every_option() {
    let mut tried = 0;
    for contact in ["single", "clipped"] {
        for cap in [false, true] {
            for threshold in [0.0, 1.0] {
                for slop in [0.0, 0.005] {
                    for warm in [false, true] {
                        let options = solver(30, contact, cap, threshold, slop, warm);
                        let scene = Scene::parse("tilted.toml", &format!("{TILTED_BOX}\n{options}")).unwrap();
                        let mut world = scene.world.clone();
                        let (ke0, p0) = (kinetic_energy(&world), momentum(&world));
                        assert_eq!(ke0, 4.5);
                        let mut spins = Vec::new();
                        for frame in 0..4 {
                            step(&mut world, &scene.settings, &mut NoTrace);
                            let (ke, p) = (kinetic_energy(&world), momentum(&world));
                            assert!((ke - ke0).abs() <= REL * ke0, "{options}frame {frame}: KE {ke} J");
                            assert!((p - p0).length() <= REL * p0.length(), "{options}frame {frame}: p {p}");
                            spins.push(world.motions[1].angular_velocity);
                        }
                        // The box did bounce on both corners: spun one way, then the other.
                        assert!(spins[1] < -6.0 && spins[2] > 0.0, "{options}spins {spins:?}");
                        tried += 1;
                    }
                }
            }
        }
    }
    assert_eq!(tried, 32);
}

#[derive(Clone, Debug)]
enum Kind {
    Circle(f64),
    Box(f64, f64),
}

impl Kind {
    fn toml(&self) -> String {
        match self {
            Kind::Circle(r) => format!("shape = \"circle\"\nradius = {r}"),
            Kind::Box(w, h) => format!("shape = \"box\"\nsize = [{w}, {h}]"),
        }
    }

    fn reach(&self) -> f64 {
        match self {
            Kind::Circle(r) => *r,
            Kind::Box(w, h) => w.hypot(*h) / 2.0,
        }
    }
}

#[derive(Clone, Debug)]
struct Body {
    kind: Kind,
    mass: f64,
    angle: f64,
    spin: f64,
}

fn body(circle: bool) -> impl Strategy<Value = Body> {
    let kind = if circle {
        (0.2..1.5f64).prop_map(Kind::Circle).boxed()
    } else {
        (0.3..3.0f64, 0.3..3.0f64).prop_map(|(w, h)| Kind::Box(w, h)).boxed()
    };
    (kind, 0.2..10.0f64, -3.2..3.2f64, -3.0..3.0f64).prop_map(|(kind, mass, angle, spin)| Body { kind, mass, angle, spin })
}

/// Two bodies a little apart, on a line at `heading`, closing at `speed`,
/// with a sideways offset so that most impacts are off centre.
#[derive(Clone, Debug)]
struct Pair {
    a: Body,
    b: Body,
    heading: f64,
    offset: f64,
    speed: f64,
}

fn pair(circles: (bool, bool)) -> impl Strategy<Value = Pair> {
    (body(circles.0), body(circles.1), -3.2..3.2f64, -0.8..0.8f64, 2.0..8.0f64).prop_map(move |(a, b, heading, offset, speed)| Pair {
        a,
        b,
        heading,
        offset,
        speed,
    })
}

impl Pair {
    fn scene(&self) -> String {
        let dir = DVec2::from_angle(self.heading);
        let gap = self.a.kind.reach() + self.b.kind.reach() + 0.05;
        let at = dir * gap + dir.perp() * self.offset * self.b.kind.reach();
        let v = -dir * self.speed;
        let body = |name: &str, b: &Body, x: DVec2, v: DVec2| {
            format!(
                "[[body]]\nname = \"{name}\"\n{}\nmass = {}\nposition = [{}, {}]\nangle = {}\nvelocity = [{}, {}]\nangular_velocity = {}\nrestitution = 1.0\n",
                b.kind.toml(),
                b.mass,
                x.x,
                x.y,
                b.angle,
                v.x,
                v.y,
                b.spin
            )
        };
        format!(
            "[world]\ngravity = [0.0, 0.0]\n\n{}\n{}\n{}",
            solver(30, "clipped", true, 0.01, 0.005, true),
            body("a", &self.a, DVec2::ZERO, DVec2::ZERO),
            body("b", &self.b, at, v)
        )
    }
}

/// Steps the pair for 40 frames (every option on, the starter's 30 passes)
/// and checks KE and momentum after each one. Each case makes one impact or
/// a few (a spinning box may land on a second corner), some on two points at
/// once; before points were matched by feature and two points' sums solved
/// together, such impacts lost up to 30 % of their energy, or 1 % at 30 passes
/// where two points pushed on nearly the same lever.
fn keeps_energy(pair: Pair) -> Result<(), TestCaseError> {
    let text = pair.scene();
    let scene = Scene::parse("pair.toml", &text).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
    let mut world = scene.world.clone();
    let (ke0, p0) = (kinetic_energy(&world), momentum(&world));
    for frame in 0..40 {
        let stats = step(&mut world, &scene.settings, &mut NoTrace);
        let (ke, p) = (kinetic_energy(&world), momentum(&world));
        prop_assert!((ke - ke0).abs() <= REL * ke0, "frame {frame} ({} contacts): KE {ke0} → {ke} J\n{text}", stats.contacts);
        prop_assert!((p - p0).length() <= REL * p0.length(), "frame {frame}: p {p0} → {p}\n{text}");
    }
    Ok(())
}

fn check(circles: (bool, bool)) {
    let config = ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(300) };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    if let Err(e) = runner.run(&pair(circles), keeps_energy) {
        panic!("{e}");
    }
}

#[test]
fn elastic_boxes_keep_energy_and_momentum() {
    check((false, false));
}

#[test]
fn an_elastic_box_and_circle_keep_energy_and_momentum() {
    check((false, true));
}

#[test]
fn elastic_circles_keep_energy_and_momentum() {
    check((true, true));
}
