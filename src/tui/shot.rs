//! The rough-balls article's snooker shot: aim at a body's new velocity with the arrow keys
//! or a click (the velocity is the vector from the body to the cursor, as in
//! the text's demo), then fire. Firing is an edit like any other.

use glam::DVec2;

/// Arrow keys scale the aim's power by a quarter a press.
const POWER: f64 = 1.25;

#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    pub body: usize,
    /// The velocity the body will get.
    pub aim: DVec2,
    /// A speed being typed (m/s): the shot keeps its direction and takes it.
    pub typed: String,
    /// An angle being typed instead (degrees from +x toward +y), after Tab:
    /// the shot keeps its speed and takes the direction.
    pub typed_angle: Option<String>,
}

impl Shot {
    /// Aims along the body's velocity, or to the right at `speed` if it is at rest.
    pub fn new(body: usize, velocity: DVec2, speed: f64) -> Shot {
        let aim = if velocity == DVec2::ZERO { DVec2::new(speed, 0.0) } else { velocity };
        Shot { body, aim, typed: String::new(), typed_angle: None }
    }

    /// Tab: type the angle, or the speed again.
    pub fn switch_typing(&mut self) {
        self.typed_angle = match self.typed_angle {
            Some(_) => None,
            None => Some(String::new()),
        };
    }

    /// A character of a typed speed (digits and one decimal point) or angle (a minus sign first, too).
    pub fn type_char(&mut self, c: char) {
        let angle = self.typed_angle.is_some();
        let typed = self.typed_angle.as_mut().unwrap_or(&mut self.typed);
        let minus = c == '-' && typed.is_empty() && angle;
        if (c.is_ascii_digit() || (c == '.' && !typed.contains('.')) || minus) && typed.len() < 12 {
            typed.push(c);
            self.take_typed();
        }
    }

    pub fn erase(&mut self) {
        self.typed_angle.as_mut().unwrap_or(&mut self.typed).pop();
        self.take_typed();
    }

    /// The aim at `degrees` (from +x toward +y), at the speed it has.
    fn take_angle(&mut self, degrees: f64) {
        self.aim = polar(self.aim.length(), degrees.to_radians());
    }

    /// The aim at the typed speed, when what is typed is a speed above zero,
    /// or at the typed angle.
    fn take_typed(&mut self) {
        if let Some(angle) = &self.typed_angle {
            if let Ok(degrees) = angle.parse::<f64>() {
                self.take_angle(degrees);
            }
            return;
        }
        if let Ok(speed) = self.typed.parse::<f64>()
            && speed > 0.0
            && speed.is_finite()
            && self.aim != DVec2::ZERO
        {
            self.aim = self.aim.normalize() * speed;
        }
    }

    /// `d` steps of `step` degrees, counter-clockwise in the world's own
    /// axes. An aim on the steps' grid stays on it exactly (so eighteen
    /// steps of 5° from +x are straight up), whatever the round-off of the last turn.
    pub fn turn(&mut self, d: i8, step: f64) {
        let degrees = self.aim.to_angle().to_degrees() + f64::from(d) * step;
        let on_grid = (degrees / step).round() * step;
        self.take_angle(if (degrees - on_grid).abs() < 1e-6 { on_grid } else { degrees });
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

/// A velocity of `speed` at `angle`, with the round-off of a right angle
/// left out (straight up is [0, 8], not [4.9e-16, 8], in the file too) and
/// each part to 12 digits (8 m/s at −30° is [6.92820323028, −4], not −3.999999999999999).
fn polar(speed: f64, angle: f64) -> DVec2 {
    let clean = |x: f64| if x.abs() <= 1e-12 * speed { 0.0 } else { crate::notation::significant(x, 12) };
    DVec2::new(clean(speed * angle.cos()), clean(speed * angle.sin()))
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
            s.turn(1, 5.0);
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

    /// Aimed straight up by the keys, or by a typed angle, the shot is
    /// [0, 8] exactly (the file says so, not 7.4e-16).
    #[test]
    fn a_shot_straight_up_has_no_round_off() {
        let mut s = Shot::new(0, DVec2::ZERO, 5.0);
        for _ in 0..18 {
            s.turn(1, 5.0);
        }
        s.type_char('8');
        assert_eq!(s.aim, DVec2::new(0.0, 8.0));
        let mut s = Shot::new(0, DVec2::new(8.0, 0.0), 1.0);
        s.switch_typing();
        "-90".chars().for_each(|c| s.type_char(c));
        assert_eq!(s.aim, DVec2::new(0.0, -8.0));
        s.erase();
        s.erase();
        s.type_char('3');
        s.type_char('0');
        assert_eq!(s.aim, DVec2::new(6.92820323028, -4.0));
    }
}
