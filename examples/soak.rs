//! Soak: random scenes under every combination of the solver's options,
//! counting what must never happen (a non-finite number) and what the texts'
//! modes may do (gain energy, let a body through the floor), by option.
//!
//! `cargo run --release --example soak [SCENES_PER_MODE]` prints a Markdown
//! table (figures in BENCHMARKS.md). Seeded: the same table every run.

use glam::DVec2;
use impulse::engine::{BodyDef, ContactModel, Friction, Integrator, NoTrace, Settings, Tangent, Totals, World, step};
use impulse::geometry::Shape;

const BODIES: usize = 16;
const FRAMES: usize = 240;
/// Gaining more than this over the start's total energy (kinetic + potential) counts as runaway.
const RUNAWAY_J: f64 = 1.0;

/// A floor (top at y = 0), two walls, and bodies of random shape, mass,
/// restitution, friction and motion dropped above the floor.
fn scene(rng: &mut fastrand::Rng) -> World {
    let mut bodies = vec![
        BodyDef::fixed("floor", Shape::Box { size: DVec2::new(40.0, 1.0) }).at(DVec2::new(0.0, -0.5)),
        BodyDef::fixed("left", Shape::Box { size: DVec2::new(1.0, 40.0) }).at(DVec2::new(-10.5, 10.0)),
        BodyDef::fixed("right", Shape::Box { size: DVec2::new(1.0, 40.0) }).at(DVec2::new(10.5, 10.0)),
    ];
    let mut range = |lo: f64, hi: f64| lo + (hi - lo) * rng.f64();
    for k in 0..BODIES {
        let shape = if k % 2 == 0 {
            Shape::Circle { radius: range(0.2, 0.8) }
        } else {
            Shape::Box { size: DVec2::new(range(0.3, 1.5), range(0.3, 1.5)) }
        };
        let mut b = BodyDef::dynamic(format!("b{k}"), shape, range(0.5, 5.0)).at(DVec2::new(range(-8.0, 8.0), range(1.5, 14.0)));
        b.motion.angle = range(-3.0, 3.0);
        b.motion.velocity = DVec2::new(range(-8.0, 8.0), range(-8.0, 8.0));
        b.motion.angular_velocity = range(-5.0, 5.0);
        b.body.restitution = range(0.0, 1.0);
        b.body.friction = range(0.0, 1.2);
        bodies.push(b);
    }
    World::new(bodies, DVec2::new(0.0, -9.8))
}

/// Every combination of the options, 144 in all.
fn modes() -> Vec<Settings> {
    let mut all = Vec::new();
    for &friction in Friction::ALL {
        for &tangent in Tangent::ALL {
            for cap in [false, true] {
                for &contact in ContactModel::ALL {
                    for &integrator in Integrator::ALL {
                        for correction in [true, false] {
                            let s = Settings::default();
                            all.push(Settings {
                                friction,
                                tangent,
                                coulomb_cap: cap,
                                contact,
                                integrator,
                                position_correction: correction,
                                ..s
                            });
                        }
                    }
                }
            }
        }
    }
    all
}

/// What one run did.
#[derive(Default, Clone, Copy)]
struct Tally {
    runs: usize,
    body_steps: usize,
    nan: usize,
    runaway: usize,
    worst_gain: f64,
    tunnelled: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.runs += o.runs;
        self.body_steps += o.body_steps;
        self.nan += o.nan;
        self.runaway += o.runaway;
        self.worst_gain = self.worst_gain.max(o.worst_gain);
        self.tunnelled += o.tunnelled;
    }
}

fn energy(world: &World) -> f64 {
    Totals::of(&world.bodies, &world.states(), world.gravity).energy()
}

fn soak(mut world: World, settings: &Settings) -> Tally {
    let start = energy(&world);
    let mut t = Tally { runs: 1, ..Tally::default() };
    let mut through = vec![false; world.bodies.len()];
    for _ in 0..FRAMES {
        step(&mut world, settings, &mut NoTrace);
        t.body_steps += BODIES;
        let finite = world
            .motions
            .iter()
            .all(|m| m.position.is_finite() && m.velocity.is_finite() && m.angle.is_finite() && m.angular_velocity.is_finite());
        if !finite {
            t.nan = 1;
            return t;
        }
        t.worst_gain = t.worst_gain.max(energy(&world) - start);
        // A centre below the floor's top or beyond a wall's inner face went through it.
        for (k, m) in world.motions.iter().enumerate().filter(|(_, m)| !m.is_static()) {
            through[k] |= m.position.y < 0.0 || m.position.x.abs() > 10.0;
        }
    }
    t.runaway = usize::from(t.worst_gain > RUNAWAY_J);
    t.tunnelled = through.iter().filter(|&&x| x).count();
    t
}

fn main() {
    let per_mode: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let mut rng = fastrand::Rng::with_seed(17);
    let scenes: Vec<World> = (0..per_mode).map(|_| scene(&mut rng)).collect();
    let options = |s: &Settings| {
        [
            format!("friction {}", s.friction.name()),
            format!("tangent {}", s.tangent.name()),
            format!("coulomb_cap {}", s.coulomb_cap),
            format!("contact {}", s.contact.name()),
            format!("integrator {}", s.integrator.name()),
            format!("position_correction {}", s.position_correction),
        ]
    };
    let mut rows: Vec<(String, Tally)> = Vec::new();
    let mut total = Tally::default();
    let clock = std::time::Instant::now();
    for settings in modes() {
        let mut mode = Tally::default();
        for world in &scenes {
            mode.add(soak(world.clone(), &settings));
        }
        total.add(mode);
        for option in options(&settings) {
            match rows.iter_mut().find(|(o, _)| *o == option) {
                Some((_, t)) => t.add(mode),
                None => rows.push((option, mode)),
            }
        }
    }
    println!(
        "{} runs of {BODIES} bodies × {FRAMES} frames, {} body-steps in {:.1} s\n",
        total.runs,
        total.body_steps,
        clock.elapsed().as_secs_f64()
    );
    println!("| option | runs | NaN runs | runs gaining > {RUNAWAY_J} J | worst gain (J) | bodies through floor/wall |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (option, t) in rows.iter().chain([(String::from("all"), total)].iter()) {
        println!("| {option} | {} | {} | {} | {:.3e} | {} |", t.runs, t.nan, t.runaway, t.worst_gain, t.tunnelled);
    }
}
