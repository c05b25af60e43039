//! The rough-balls article's snooker shot: aim at a body's new velocity with the arrow keys
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
    /// A speed being typed (m/s): the shot keeps its direction and takes it.
    pub typed: String,
}

impl Shot {
    /// Aims along the body's velocity, or to the right at `speed` if it is at rest.
    pub fn new(body: usize, velocity: DVec2, speed: f64) -> Shot {
        Shot { body, aim: if velocity == DVec2::ZERO { DVec2::new(speed, 0.0) } else { velocity }, typed: String::new() }
    }

    /// A character of a typed speed: digits and one decimal point.
    pub fn type_char(&mut self, c: char) {
        if (c.is_ascii_digit() || (c == '.' && !self.typed.contains('.'))) && self.typed.len() < 12 {
            self.typed.push(c);
            self.take_typed();
        }
    }

    pub fn erase(&mut self) {
        self.typed.pop();
        self.take_typed();
    }

    /// The aim at the typed speed, when what is typed is a speed above zero.
    fn take_typed(&mut self) {
        if let Ok(speed) = self.typed.parse::<f64>()
            && speed > 0.0
            && speed.is_finite()
            && self.aim != DVec2::ZERO
        {
            self.aim = self.aim.normalize() * speed;
        }
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

    /// A typed speed keeps the direction: 3-4-5 aimed, 10 typed gives (6, 8).
    #[test]
    fn a_typed_speed_keeps_the_direction() {
        let mut s = Shot::new(0, DVec2::new(3.0, 4.0), 1.0);
        for c in "1x0.5.".chars() {
            s.type_char(c);
        }
        assert_eq!(s.typed, "10.5");
        s.erase();
        s.erase();
        assert_eq!(s.typed, "10");
        assert!((s.aim - DVec2::new(6.0, 8.0)).length() < 1e-12, "{}", s.aim);
    }
}
