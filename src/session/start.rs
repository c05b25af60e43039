//! A start (the world and settings at the start of a frame) and which body is
//! which in it through edits.

use crate::engine::{Settings, World};

/// The world at the start of a frame and the settings it runs with from there.
/// Which body is which through edits is the world's handles
/// ([`World::handles`]): breakpoints and saving follow a body by its handle,
/// not by its place in the list or its name.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub world: World,
    pub settings: Settings,
}

impl Start {
    pub fn new(world: World, settings: Settings) -> Start {
        Start { world, settings }
    }

    /// About how many bytes it holds: what a cache of starts counts.
    pub fn bytes(&self) -> usize {
        self.world.bytes()
    }
}

/// How close to zero, as a share of the scene's scale, a saved number is
/// taken for zero: a step's round-off leaves 1e-14 where a person would
/// write 0, and a file should say 0.
const ROUND_OFF: f64 = 1e-12;

impl Start {
    /// Writes as 0 each coordinate, angle, velocity and spin of a moving body
    /// that is within 1e-12 of the scene's scale of its kind (the largest
    /// coordinate or body size; the largest speed, and at least the scene's
    /// size a second, so that a stack at rest, whose speeds are all
    /// round-off, is not its own scale; the largest spin, or that speed over
    /// the scene's size; π for an angle); returns how many it changed.
    /// Static bodies keep what their file gave (a wall's ends read back from
    /// its exact middle).
    pub fn clean_round_off(&mut self) -> usize {
        let moving = || self.world.iter().filter(|(b, _)| !b.is_static());
        let largest = |values: &mut dyn Iterator<Item = f64>| values.map(f64::abs).fold(0.0, f64::max);
        let length = largest(&mut moving().flat_map(|(b, m)| [m.position.x, m.position.y, b.shape.bounding_radius()]));
        // At least the scene's size crossed in a second (m/s).
        let speed = largest(&mut moving().flat_map(|(_, m)| [m.velocity.x, m.velocity.y])).max(length);
        let spin = largest(&mut moving().map(|(_, m)| m.angular_velocity)).max(if length > 0.0 { speed / length } else { 0.0 });
        let turn = largest(&mut moving().map(|(_, m)| m.angle)).max(std::f64::consts::PI);
        let mut cleaned = 0;
        let mut clean = |x: &mut f64, scale: f64| {
            if *x != 0.0 && x.abs() <= ROUND_OFF * scale {
                *x = 0.0;
                cleaned += 1;
            }
        };
        for m in self.world.motions.iter_mut().filter(|m| !m.is_static()) {
            clean(&mut m.position.x, length);
            clean(&mut m.position.y, length);
            clean(&mut m.velocity.x, speed);
            clean(&mut m.velocity.y, speed);
            clean(&mut m.angle, turn);
            clean(&mut m.angular_velocity, spin);
        }
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BodyDef;
    use crate::geometry::Shape;
    use glam::DVec2;

    /// The numbers of a box that came to rest on a floor: its x drifted to
    /// −2.1e-14 m and its spin to 3e-17 rad/s; they are written 0, and its
    /// 0.5000000000000067 m (round-off of a number, not of zero) is kept.
    #[test]
    fn round_off_of_zero_is_written_as_zero() {
        let mut crate_ =
            BodyDef::dynamic("crate", Shape::Box { size: DVec2::ONE }, 1.0).at(DVec2::new(-2.1375147022754484e-14, 0.5000000000000067));
        crate_.motion.velocity = DVec2::new(7.4e-16, -0.16333333333333333);
        crate_.motion.angular_velocity = 3e-17;
        let floor = BodyDef::fixed("floor", Shape::Box { size: DVec2::new(12.0, 1.0) }).at(DVec2::new(1e-15, -0.5));
        let mut s = Start::new(World::new(vec![floor, crate_], DVec2::ZERO), Settings::default());
        assert_eq!(s.clean_round_off(), 3);
        let m = s.world.motions[1];
        assert_eq!(
            (m.position, m.velocity, m.angular_velocity),
            (DVec2::new(0.0, 0.5000000000000067), DVec2::new(0.0, -0.16333333333333333), 0.0)
        );
        assert_eq!(s.world.motions[0].position.x, 1e-15, "a static body keeps what its file says");
        assert_eq!(s.clean_round_off(), 0);
    }

    /// Three boxes come to rest in a stack (frame 243 of the starter made
    /// one): every speed and spin left is round-off, 1e-13 or less, and each
    /// is written 0; the tilt of 1.4e-4 rad they settled at is real and kept.
    #[test]
    fn a_stack_at_rest_is_written_at_rest() {
        let boxes = [
            (0.49931353443324855, 4.2256092127788504e-14, -2.274889891333909e-13),
            (1.494341643361428, 5.791340470444872e-13, -2.9976659860451773e-13),
        ];
        let bodies = boxes.iter().enumerate().map(|(k, &(y, vx, spin))| {
            let mut b = BodyDef::dynamic(format!("box{k}"), Shape::Box { size: DVec2::ONE }, 2.0).at(DVec2::new(1.4999731702136594, y));
            (b.motion.velocity, b.motion.angular_velocity, b.motion.angle) =
                (DVec2::new(vx, -2.0026675877341378e-17), spin, 0.0001383837775250419);
            b
        });
        let mut s = Start::new(World::new(bodies.collect(), DVec2::new(0.0, -9.8)), Settings::default());
        assert_eq!(s.clean_round_off(), 6);
        for m in &s.world.motions {
            assert_eq!((m.velocity, m.angular_velocity, m.angle), (DVec2::ZERO, 0.0, 0.0001383837775250419));
        }
    }
}
