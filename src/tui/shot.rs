//! Text 000's snooker shot: aim at a body's new velocity with the arrow keys
//! or a click (the velocity is the vector from the body to the cursor, as in
//! the text's demo), then fire. Firing is an edit like any other.

use glam::DVec2;

/// Arrow keys turn the aim 5° a press and scale its power by a quarter.
const TURN: f64 = std::f64::consts::PI / 36.0;
const POWER: f64 = 1.25;

#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub body: usize,
    /// The velocity the body will get.
    pub aim: DVec2,
}

impl Shot {
    /// Aims along the body's velocity, or to the right at `speed` if it is at rest.
    pub fn new(body: usize, velocity: DVec2, speed: f64) -> Shot {
        Shot { body, aim: if velocity == DVec2::ZERO { DVec2::new(speed, 0.0) } else { velocity } }
    }

    /// `d` steps, counter-clockwise in the world's own axes.
    pub fn turn(&mut self, d: i8) {
        self.aim = DVec2::from_angle(f64::from(d) * TURN).rotate(self.aim);
    }

    pub fn power(&mut self, d: i8) {
        self.aim *= POWER.powi(d.into());
    }

    /// A click at `cursor` with the body at `from`.
    pub fn click(&mut self, from: DVec2, cursor: DVec2) {
        if cursor != from {
            self.aim = cursor - from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_aims_from_the_body_to_the_cursor() {
        let mut s = Shot::new(0, DVec2::ZERO, 5.0);
        assert_eq!(s.aim, DVec2::new(5.0, 0.0));
        s.click(DVec2::new(1.0, 1.0), DVec2::new(4.0, 5.0));
        assert_eq!(s.aim, DVec2::new(3.0, 4.0));
        s.power(1);
        assert!((s.aim.length() - 6.25).abs() < 1e-12);
        for _ in 0..72 {
            s.turn(1);
        }
        assert!((s.aim - DVec2::new(3.75, 5.0)).length() < 1e-9, "a full turn comes back: {}", s.aim);
    }
}
