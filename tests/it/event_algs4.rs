//! Sedgewick & Wayne's method against algs4's own arithmetic: a transcription of
//! `CollisionSystem` and `Particle` (Sedgewick & Wayne, §6.1, with the
//! `limit` of its `simulate` and its redraw events), written here apart from
//! the engine. Discs in a unit box of four walls, e = 1: at every redraw the
//! engine's frame end holds the same positions and velocities within 1e-9.

use glam::DVec2;
use impulse::engine::{BodyDef, Method, NoTrace, Settings, World, step};
use impulse::geometry::Shape;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Clone, Copy, Debug)]
struct Particle {
    rx: f64,
    ry: f64,
    vx: f64,
    vy: f64,
    radius: f64,
    mass: f64,
    count: u32,
}

impl Particle {
    fn mv(&mut self, dt: f64) {
        self.rx += self.vx * dt;
        self.ry += self.vy * dt;
    }

    fn time_to_hit(&self, that: &Particle) -> f64 {
        let (dx, dy) = (that.rx - self.rx, that.ry - self.ry);
        let (dvx, dvy) = (that.vx - self.vx, that.vy - self.vy);
        let dvdr = dx * dvx + dy * dvy;
        if dvdr > 0.0 {
            return f64::INFINITY;
        }
        let dvdv = dvx * dvx + dvy * dvy;
        if dvdv == 0.0 {
            return f64::INFINITY;
        }
        let drdr = dx * dx + dy * dy;
        let sigma = self.radius + that.radius;
        let d = (dvdr * dvdr) - dvdv * (drdr - sigma * sigma);
        if d < 0.0 {
            return f64::INFINITY;
        }
        -(dvdr + d.sqrt()) / dvdv
    }

    fn time_to_hit_vertical_wall(&self) -> f64 {
        if self.vx > 0.0 {
            (1.0 - self.rx - self.radius) / self.vx
        } else if self.vx < 0.0 {
            (self.radius - self.rx) / self.vx
        } else {
            f64::INFINITY
        }
    }

    fn time_to_hit_horizontal_wall(&self) -> f64 {
        if self.vy > 0.0 {
            (1.0 - self.ry - self.radius) / self.vy
        } else if self.vy < 0.0 {
            (self.radius - self.ry) / self.vy
        } else {
            f64::INFINITY
        }
    }
}

fn bounce_off(p: &mut [Particle], i: usize, j: usize) {
    let (a, b) = (p[i], p[j]);
    let (dx, dy) = (b.rx - a.rx, b.ry - a.ry);
    let (dvx, dvy) = (b.vx - a.vx, b.vy - a.vy);
    let dvdr = dx * dvx + dy * dvy;
    let dist = a.radius + b.radius;
    let magnitude = 2.0 * a.mass * b.mass * dvdr / ((a.mass + b.mass) * dist);
    let (fx, fy) = (magnitude * dx / dist, magnitude * dy / dist);
    p[i].vx += fx / a.mass;
    p[i].vy += fy / a.mass;
    p[j].vx -= fx / b.mass;
    p[j].vy -= fy / b.mass;
    p[i].count += 1;
    p[j].count += 1;
}

/// algs4's Event: a and b both none is a redraw; a alone a vertical wall, b alone a horizontal one.
#[derive(Clone, Copy, Debug)]
struct Event {
    time: f64,
    a: Option<usize>,
    b: Option<usize>,
    count_a: u32,
    count_b: u32,
    seq: u64,
}

impl PartialEq for Event {
    fn eq(&self, o: &Event) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Event {}
impl PartialOrd for Event {
    fn partial_cmp(&self, o: &Event) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Event {
    fn cmp(&self, o: &Event) -> Ordering {
        o.time.total_cmp(&self.time).then(o.seq.cmp(&self.seq))
    }
}

struct CollisionSystem {
    pq: BinaryHeap<Event>,
    t: f64,
    particles: Vec<Particle>,
    seq: u64,
}

impl CollisionSystem {
    fn insert(&mut self, time: f64, a: Option<usize>, b: Option<usize>) {
        let count = |i: Option<usize>| i.map_or(0, |i| self.particles[i].count);
        let e = Event { time, a, b, count_a: count(a), count_b: count(b), seq: self.seq };
        self.seq += 1;
        self.pq.push(e);
    }

    fn valid(&self, e: &Event) -> bool {
        e.a.is_none_or(|a| self.particles[a].count == e.count_a) && e.b.is_none_or(|b| self.particles[b].count == e.count_b)
    }

    fn predict(&mut self, a: Option<usize>, limit: f64) {
        let Some(a) = a else { return };
        for i in 0..self.particles.len() {
            let dt = if i == a { f64::INFINITY } else { self.particles[a].time_to_hit(&self.particles[i]) };
            if self.t + dt <= limit {
                self.insert(self.t + dt, Some(a), Some(i));
            }
        }
        let dt_x = self.particles[a].time_to_hit_vertical_wall();
        let dt_y = self.particles[a].time_to_hit_horizontal_wall();
        if self.t + dt_x <= limit {
            self.insert(self.t + dt_x, Some(a), None);
        }
        if self.t + dt_y <= limit {
            self.insert(self.t + dt_y, None, Some(a));
        }
    }

    /// Runs to `limit`, redrawing `hz` times a second; the particles at each redraw after the first.
    fn simulate(&mut self, limit: f64, hz: f64) -> Vec<Vec<Particle>> {
        let mut frames = Vec::new();
        for i in 0..self.particles.len() {
            self.predict(Some(i), limit);
        }
        self.insert(0.0, None, None);
        while let Some(e) = self.pq.pop() {
            if !self.valid(&e) {
                continue;
            }
            for p in &mut self.particles {
                p.mv(e.time - self.t);
            }
            self.t = e.time;
            match (e.a, e.b) {
                (Some(a), Some(b)) => bounce_off(&mut self.particles, a, b),
                (Some(a), None) => {
                    self.particles[a].vx = -self.particles[a].vx;
                    self.particles[a].count += 1;
                }
                (None, Some(b)) => {
                    self.particles[b].vy = -self.particles[b].vy;
                    self.particles[b].count += 1;
                }
                (None, None) => {
                    frames.push(self.particles.clone());
                    if self.t < limit {
                        self.insert(self.t + 1.0 / hz, None, None);
                    }
                }
            }
            self.predict(e.a, limit);
            self.predict(e.b, limit);
        }
        frames.remove(0);
        frames
    }
}

/// Up to twelve candidates, each kept if inside the box and clear of those kept before.
fn discs(candidates: &[(f64, f64, f64, f64, f64)]) -> Vec<Particle> {
    let mut kept: Vec<Particle> = Vec::new();
    for &(x, y, vx, vy, radius) in candidates {
        let inside = (radius..=1.0 - radius).contains(&x) && (radius..=1.0 - radius).contains(&y);
        let clear = kept.iter().all(|p| (p.rx - x).hypot(p.ry - y) > p.radius + radius);
        if inside && clear {
            kept.push(Particle { rx: x, ry: y, vx, vy, radius, mass: 1000.0 * radius * radius, count: 0 });
        }
    }
    kept
}

fn wall(name: &str, from: DVec2, to: DVec2) -> BodyDef {
    BodyDef::fixed(name, Shape::Segment { half: (to - from) / 2.0 }).at((from + to) / 2.0)
}

proptest! {
    // A billiard magnifies a difference at every disc–disc bounce, and the two
    // cannot agree to the last bit: algs4 predicts a hit when a disc last
    // bounced, the engine again at each frame's start from where the disc has
    // moved to (so that a frame depends on its start alone). The round-off of
    // the two, 1e-16, grows past 1e-9 in about one run in a few thousand of
    // these (one second, up to twelve discs at up to 0.7 m/s, 14 bounces on
    // average, at most ~50). The 64 scenes here come from a fixed seed, so the
    // test says the same on every machine.
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(4004), ..ProptestConfig::default() })]

    #[test]
    fn the_engine_matches_algs4_frame_by_frame(
        candidates in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, -0.5f64..0.5, -0.5f64..0.5, 0.02f64..0.08), 12),
    ) {
        let particles = discs(&candidates);
        prop_assume!(particles.len() >= 2);
        let (hz, frames) = (60.0, 60);
        let mut algs4 = CollisionSystem { pq: BinaryHeap::new(), t: 0.0, particles: particles.clone(), seq: 0 };
        let expected = algs4.simulate(frames as f64 / hz, hz);
        // Its redraws add 1/hz each time; round-off can leave room for one past the limit.
        prop_assert!(expected.len() >= frames);

        let mut bodies: Vec<BodyDef> = particles
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let mut b = BodyDef::dynamic(format!("p{k}"), Shape::Circle { radius: p.radius }, p.mass).at(DVec2::new(p.rx, p.ry));
                b.motion.velocity = DVec2::new(p.vx, p.vy);
                b
            })
            .collect();
        let c = [DVec2::new(0.0, 0.0), DVec2::new(1.0, 0.0), DVec2::new(1.0, 1.0), DVec2::new(0.0, 1.0)];
        for k in 0..4 {
            bodies.push(wall(&format!("w{k}"), c[k], c[(k + 1) % 4]));
        }
        let mut world = World::new(bodies, DVec2::ZERO);
        let settings = Settings { dt: 1.0 / hz, method: Method::EventDriven, ..Settings::default() };
        for (frame, want) in expected.iter().take(frames).enumerate() {
            step(&mut world, &settings, &mut NoTrace);
            for ((b, m), p) in world.iter().zip(want) {
                let (x, v) = (DVec2::new(p.rx, p.ry), DVec2::new(p.vx, p.vy));
                prop_assert!((m.position - x).length() < 1e-9 && (m.velocity - v).length() < 1e-9,
                    "frame {}: {} at {} moving {}, algs4 {} moving {}", frame, b.name, m.position, m.velocity, x, v);
            }
        }
    }
}
