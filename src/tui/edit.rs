//! What each editing key does (the game-engine book's controls): a change to the world or
//! settings at the start of the frame being shown. The stepper applies it
//! through the session, which re-runs that frame, drops the run after it and
//! keeps what undo needs to put it back exactly.

use super::msg::Msg;
use super::words::{Words, fill};
use crate::engine::{Body, BodyDef, BodyRef, Method, Motion, Tangent, World};
use crate::geometry::{Shape, collide, segment_ends};
use crate::notation::{num, significant};
use crate::scene::file::WallEntry;
use crate::session::Start;
use glam::DVec2;
use std::f64::consts::PI;

/// How far the keys move and turn: `w a s d` a grid step (none: a round step
/// fitted to the view), `z x` and the aim a turn step. `[` `]` in the field
/// editor change them, on a 1–2–5 ladder for the grid and through the
/// angles a person aims at for the turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Steps {
    pub grid: Option<f64>,
    pub turn_degrees: f64,
}

impl Default for Steps {
    fn default() -> Steps {
        Steps { grid: None, turn_degrees: 5.0 }
    }
}

/// The turn steps, in degrees; each divides 180, so the step in radians is π/n exactly.
const TURNS: [f64; 8] = [1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 45.0, 90.0];

impl Steps {
    /// The turn step, in radians.
    pub fn turn(self) -> f64 {
        PI / (180.0 / self.turn_degrees)
    }

    /// The grid step for a view `span` metres wide.
    pub fn grid(self, span: f64) -> f64 {
        self.grid.unwrap_or_else(|| nice_step(span))
    }

    /// The next coarser (+1) or finer (−1) grid step, from the one in use.
    pub fn change_grid(&mut self, by: i8, span: f64) -> f64 {
        let now = self.grid(span);
        let power = 10f64.powf(now.log10().floor());
        let ladder = [1.0, 2.0, 5.0, 10.0, 20.0].map(|m| tidy1(m * power));
        let at = ladder.iter().position(|&x| x >= now * (1.0 - 1e-9)).unwrap_or(0);
        let next = if by > 0 {
            ladder[at + 1]
        } else if at > 0 {
            ladder[at - 1]
        } else {
            tidy1(power / 2.0)
        };
        let next = next.clamp(1e-3, 1e3);
        self.grid = Some(next);
        next
    }

    /// The next larger (+1) or smaller (−1) turn step, in degrees.
    pub fn change_turn(&mut self, by: i8) -> f64 {
        let at = TURNS.iter().position(|&t| t >= self.turn_degrees).unwrap_or(2);
        self.turn_degrees = TURNS[at.saturating_add_signed(by.into()).min(TURNS.len() - 1)];
        self.turn_degrees
    }
}

/// A grid step as a short number: 0.2, not 0.20000000000000004.
fn tidy1(x: f64) -> f64 {
    significant(x, 12)
}

/// An edit of a start: it may change the world, the settings and which body
/// is selected, and says what it did, or why it changed nothing.
pub(super) type Change = Box<dyn FnOnce(&mut Start, &mut usize, &mut fastrand::Rng) -> Result<String, String>>;

/// What an editing key does to the start of the frame on screen, or none for
/// a key that edits nothing. `window` is the part of the world drawn (moves
/// and new bodies are sized to it); `down` says the scene's y axis points down;
/// `w` the words its notes are written in.
pub(super) fn change_for(msg: Msg, (lo, hi): (DVec2, DVec2), down: bool, steps: Steps, w: &'static Words) -> Option<Change> {
    let span = (hi - lo).max_element();
    let step = steps.grid(span);
    let change: Change = match msg {
        Msg::Move(dx, dy) => Box::new(move |s, &mut i, _| {
            let (b, m) = selected(s, i, w)?;
            // Screen up is world −y when the scene's y axis points down.
            let dy = if down { -dy } else { dy };
            m.position = DVec2::new(snap(m.position.x, step, dx), snap(m.position.y, step, dy));
            as_filed((b, m))?;
            Ok(fill(w.moved, &[&b.name, &num(m.position.x), &num(m.position.y)]))
        }),
        Msg::Rotate(d) => Box::new(move |s, &mut i, _| {
            let (b, m) = selected(s, i, w)?;
            let turn = if down { -f64::from(d) } else { f64::from(d) } * steps.turn();
            if let Shape::Segment { half } = &mut b.shape {
                // A wall keeps angle 0 and turns its ends about its middle,
                // so the ends a file gives stay exact until it is turned.
                *half = DVec2::from_angle(turn).rotate(*half);
                as_filed((&mut *b, m))?;
                let Shape::Segment { half } = b.shape else { unreachable!("a wall stays a wall") };
                return Ok(fill(w.turned_wall, &[&b.name, &num(half.to_angle().to_degrees())]));
            }
            m.angle += turn;
            Ok(fill(w.turned, &[&b.name, &num(m.angle), &num(m.angle.to_degrees())]))
        }),
        Msg::AddCircle | Msg::AddBox => Box::new(move |s, i, rng| {
            let is_box = msg == Msg::AddBox;
            if is_box && s.settings.method != Method::Relaxation {
                return Err(fill(w.no_box, &[&s.settings.method.name()]));
            }
            let body = match s.world.get(*i) {
                Some(on) => stacked_body(is_box, on, &s.world.bodies, if down { -1.0 } else { 1.0 }),
                None => random_body(is_box, &s.world.bodies, lo, hi, rng),
            };
            let note = fill(w.added_on, &[&body.body.name, &s.world.bodies.get(*i).map_or(w.nothing, |b| b.name.as_str())]);
            *i = s.world.insert_body(body);
            Ok(note)
        }),
        Msg::Duplicate => Box::new(move |s, i, _| {
            let on = s.world.get(*i).ok_or(w.no_selection)?;
            let mut copy = beside(on, &s.world);
            as_filed(copy.parts_mut())?;
            let note = fill(w.duplicated, &[&on.0.name, &copy.body.name]);
            *i = match copy.body.shape {
                // Walls come last in a world, as in a file.
                Shape::Segment { .. } => s.world.push_body(copy),
                _ => s.world.insert_body(copy),
            };
            Ok(note)
        }),
        Msg::AddWall => Box::new(move |s, i, _| {
            let mut wall = level_wall(s.world.get(*i), &s.world.bodies, (lo, hi), if down { -1.0 } else { 1.0 });
            as_filed(wall.parts_mut())?;
            let WallEntry { from: [x0, y0], to: [x1, y1], .. } = WallEntry::from_body(wall.parts()).expect("a wall");
            let note = fill(w.added_wall, &[&wall.body.name, &num(x0), &num(y0), &num(x1), &num(y1)]);
            *i = s.world.push_body(wall);
            Ok(note)
        }),
        Msg::Delete => Box::new(move |s, i, _| {
            let name = selected(s, *i, w)?.0.name.clone();
            s.world.remove_body(*i);
            *i = (*i).min(s.world.bodies.len().saturating_sub(1));
            Ok(fill(w.deleted, &[&name]))
        }),
        Msg::Kick => Box::new(move |s, _, rng| {
            // The game-engine book's H key: a random velocity for every body that can move.
            let k = span / 4.0;
            let mut kicked = 0;
            for m in s.world.motions.iter_mut().filter(|m| !m.is_static()) {
                m.velocity += DVec2::new(rng.f64() * 2.0 - 1.0, rng.f64() * 2.0 - 1.0) * k;
                kicked += 1;
            }
            match kicked {
                0 => Err(w.no_kick.to_string()),
                1 => Ok(w.kicked_one.to_string()),
                n => Ok(fill(w.kicked, &[&n])),
            }
        }),
        Msg::ToggleMotion => Box::new(move |s, _, _| {
            s.settings.motion = !s.settings.motion;
            Ok(fill(w.motion_is, &[&on_off(s.settings.motion, w)]))
        }),
        Msg::ToggleCorrection => Box::new(move |s, _, _| {
            s.settings.position_correction = !s.settings.position_correction;
            Ok(fill(w.correction_is, &[&on_off(s.settings.position_correction, w)]))
        }),
        Msg::Passes(d) => Box::new(move |s, _, _| {
            let n = s.settings.relaxation_iterations.saturating_add_signed(d.into()).clamp(1, 1000);
            if n == s.settings.relaxation_iterations {
                return Err(fill(w.passes_stay, &[&n]));
            }
            s.settings.relaxation_iterations = n;
            Ok(fill(w.passes_now, &[&n]))
        }),
        Msg::Rate(d) => Box::new(move |s, _, _| {
            // Tenths, kept exact: 0.8 − 0.1 is 0.7, not 0.7000000000000001.
            let tenths = ((s.settings.correction_rate * 10.0).round() as i64 + i64::from(d)).clamp(1, 10);
            let rate = tenths as f64 / 10.0;
            if rate == s.settings.correction_rate {
                return Err(fill(w.rate_stay, &[&num(rate)]));
            }
            s.settings.correction_rate = rate;
            Ok(fill(w.rate_now, &[&num(rate)]))
        }),
        Msg::CycleTangent => Box::new(move |s, _, _| {
            // The rough-balls article's bug and its two fixes, in turn, on the same frame.
            if s.settings.warm_start {
                return Err(w.tangent_warm.to_string());
            }
            let at = Tangent::ALL.iter().position(|&t| t == s.settings.tangent).unwrap_or(0);
            s.settings.tangent = Tangent::ALL[(at + 1) % Tangent::ALL.len()];
            Ok(fill(w.tangent_now, &[&s.settings.tangent.name()]))
        }),
        _ => return None,
    };
    Some(change)
}

fn on_off(on: bool, w: &Words) -> &'static str {
    if on { w.on } else { w.off }
}

/// Body `i`'s two halves to edit, or the screen's words for no selection.
fn selected<'s>(s: &'s mut Start, i: usize, w: &Words) -> Result<(&'s mut Body, &'s mut Motion), String> {
    s.world.get_mut(i).ok_or_else(|| w.no_selection.to_string())
}

/// Whether `msg` is a key held down to move (false) or turn (true) a body:
/// one after another, such keys of one kind make one edit (see `Stepper::update`).
pub(super) fn held(msg: Msg) -> Option<bool> {
    match msg {
        Msg::Move(..) => Some(false),
        Msg::Rotate(_) => Some(true),
        _ => None,
    }
}

/// The first of `prefix`1, `prefix`2 … that no body or wall of `others` is called.
fn fresh_name(prefix: &str, others: &[Body]) -> String {
    (1..).map(|k| format!("{prefix}{k}")).find(|n| others.iter().all(|b| &b.name != n)).expect("names run out never")
}

/// A copy of `b` (shape, mass, material, velocity, angle and spin) beside it,
/// named as `y` and `Y` name bodies but after it (`crate 1` gives `crate 2`,
/// `m1` the first free of `m2`, `m3` …): moved along x by its own width and a
/// tenth of its size, to the right or else the left, and as many widths
/// further as it takes to overlap no other body, if five will do.
fn beside((b, m): BodyRef, others: &World) -> BodyDef {
    let shift = 2.0 * b.shape.half_extent(m.angle).x + b.shape.bounding_radius() / 10.0;
    let mut copy = BodyDef::copy_of((b, m));
    copy.body.name = fresh_name(b.name.trim_end_matches(|c: char| c.is_ascii_digit()), &others.bodies);
    let clear = |at: DVec2| {
        let pose = crate::geometry::Pose::new(at, m.angle);
        others
            .iter()
            .filter(|(o, _)| !(o.is_static() && b.is_static()))
            .all(|(o, om)| collide(&o.shape, om.pose(), &b.shape, pose, None).info.is_none())
    };
    let mut tries = (1..=5).flat_map(|k| [k, -k]).map(|k| m.position + DVec2::new(f64::from(k) * shift, 0.0));
    copy.motion.position = tidy(tries.find(|&at| clear(at)).unwrap_or(m.position + DVec2::new(shift, 0.0)));
    copy
}

/// A place found by adding sizes keeps the sum's round-off (2.05 + 1.05 is
/// 3.0999999999999996), which a saved file would show. Twelve significant
/// digits give back the number a person would have typed: 3.1.
fn tidy(p: DVec2) -> DVec2 {
    DVec2::new(significant(p.x, 12), significant(p.y, 12))
}

/// A round step for moving bodies: a power of ten near a fortieth of the view.
fn nice_step(span: f64) -> f64 {
    10f64.powf((span / 40.0).log10().floor())
}

/// `x` moved `d` steps along a grid of `step`, landing on the grid (and on a
/// number that prints short: 6.3, not 6.300000000000001).
fn snap(x: f64, step: f64, d: i8) -> f64 {
    if d == 0 {
        return x;
    }
    let d = f64::from(d);
    if step < 1.0 {
        let per_unit = (1.0 / step).round();
        ((x * per_unit).round() + d) / per_unit
    } else {
        ((x / step).round() + d) * step
    }
}

/// A new circle or box of the selected body's size and material, standing on
/// top of it (screen up), a hundredth of its height clear: `y` and `Y` build
/// a stack a key at a time. Of the other kind it takes the size that fits:
/// a box's shorter side as a circle's diameter, a circle's diameter as a
/// square's side. Mass is the selected body's, or the area at density 1 when
/// it is static or of the other kind.
fn stacked_body(is_box: bool, (on, on_motion): BodyRef, others: &[Body], up: f64) -> BodyDef {
    let (shape, height) = match (is_box, on.shape) {
        (false, Shape::Circle { radius }) => (Shape::Circle { radius }, 2.0 * radius),
        (false, Shape::Box { size }) => (Shape::Circle { radius: size.min_element() / 2.0 }, size.min_element()),
        (true, Shape::Box { size }) => (Shape::Box { size }, size.y),
        (true, Shape::Circle { radius }) => (Shape::Box { size: DVec2::splat(2.0 * radius) }, 2.0 * radius),
        // On a wall: a ball or a square a tenth of the wall's length across.
        (false, Shape::Segment { half }) => (Shape::Circle { radius: half.length() / 10.0 }, half.length() / 5.0),
        (true, Shape::Segment { half }) => (Shape::Box { size: DVec2::splat(half.length() / 5.0) }, half.length() / 5.0),
    };
    let area = match shape {
        Shape::Circle { radius } => PI * radius * radius,
        Shape::Box { size } => size.x * size.y,
        Shape::Segment { .. } => 0.0,
    };
    let same_kind = matches!((is_box, on.shape), (false, Shape::Circle { .. }) | (true, Shape::Box { .. }));
    let mass = if same_kind && !on.is_static() { on.mass() } else { area };
    let below = match on.shape {
        Shape::Circle { radius } => radius,
        Shape::Box { size } => size.y / 2.0,
        Shape::Segment { .. } => 0.0,
    };
    let name = fresh_name(if is_box { "box" } else { "circle" }, others);
    let at = tidy(on_motion.position + DVec2::new(0.0, up * (below + height / 2.0 + height / 100.0)));
    let mut def = BodyDef::dynamic(name, shape, mass).at(at);
    (def.body.restitution, def.body.friction) = (on.restitution, on.friction);
    def
}

/// A level wall for `W`: under the selected body (screen down), four of its
/// widths long, a hundredth of its height clear of it (under a wall, as long
/// as it, a fifth of its length down); with nothing
/// selected, across the bottom tenth of the view. Walls come last in a
/// world, as in a file.
fn level_wall(on: Option<BodyRef>, others: &[Body], (lo, hi): (DVec2, DVec2), up: f64) -> BodyDef {
    let (middle, half) = match on {
        // Under a wall: one as long, a fifth of its length below its middle.
        Some((b, m)) if matches!(b.shape, Shape::Segment { .. }) => {
            let r = b.shape.bounding_radius();
            (m.position - DVec2::new(0.0, up * r * 0.4), r)
        }
        Some((b, m)) => {
            let r = b.shape.bounding_radius();
            (m.position - DVec2::new(0.0, up * r * 1.01), 4.0 * r)
        }
        None => {
            let y = if up > 0.0 { lo.y + (hi.y - lo.y) / 10.0 } else { hi.y - (hi.y - lo.y) / 10.0 };
            (DVec2::new((lo.x + hi.x) / 2.0, y), (hi.x - lo.x) * 0.4)
        }
    };
    let name = fresh_name("wall", others);
    BodyDef::fixed(name, Shape::Segment { half: DVec2::new(half, 0.0) }).at(middle)
}

/// A wall made or changed by an edit, as its file entry reads back: its ends
/// where `b` has them now, cut to 12 significant digits as [`tidy`] cuts a
/// copy's place (the file shows short numbers), made into a body the way a
/// file's `[[wall]]` is (`scene::wall`). A saved file gives such a wall back
/// bit for bit ([`WallEntry::from_body`] finds those ends again); a middle
/// and half moved, turned or added to in f64 need not be the rounded sums of
/// any ends a file can give. Any other body is left as it is; a wall whose
/// ends leave the format's limits is refused, with why.
fn as_filed((b, m): (&mut Body, &mut Motion)) -> Result<(), String> {
    let Shape::Segment { half } = b.shape else { return Ok(()) };
    let [from, to] = segment_ends(half, m.pose()).map(tidy);
    let entry =
        WallEntry { name: b.name.clone(), from: from.to_array(), to: to.to_array(), restitution: b.restitution, friction: b.friction };
    let wall = crate::scene::wall(&entry).map_err(|problems| problems[0].message.clone())?;
    (*b, *m) = (wall.body, wall.motion);
    Ok(())
}

/// The game-engine book's G key: a circle or a box of random size somewhere in the view,
/// with density 1 kg/m² and the file defaults e = 1, μ = 0.
fn random_body(is_box: bool, others: &[Body], lo: DVec2, hi: DVec2, rng: &mut fastrand::Rng) -> BodyDef {
    let span = (hi - lo).max_element();
    let mut between = |a: f64, b: f64| a + (b - a) * rng.f64();
    let (shape, area, kind) = if is_box {
        let size = DVec2::new(between(0.04, 0.1), between(0.04, 0.1)) * span;
        (Shape::Box { size }, size.x * size.y, "box")
    } else {
        let r = between(0.03, 0.06) * span;
        (Shape::Circle { radius: r }, PI * r * r, "circle")
    };
    let r = shape.bounding_radius();
    let position = DVec2::new(between(lo.x + r, (hi.x - r).max(lo.x + r)), between(lo.y + r, (hi.y - r).max(lo.y + r)));
    let angle = if is_box { between(0.0, PI) } else { 0.0 };
    let mut def = BodyDef::dynamic(fresh_name(kind, others), shape, area).at(position);
    def.motion.angle = angle;
    def
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_land_on_short_numbers() {
        assert_eq!(nice_step(20.0), 0.1);
        assert_eq!(nice_step(400.0), 10.0);
        assert_eq!(snap(6.2, 0.1, 1), 6.3);
        assert_eq!(snap(6.04, 0.1, -1), 5.9);
        assert_eq!(snap(30.0, 10.0, 1), 40.0);
        assert_eq!(snap(1.234, 0.1, 0), 1.234);
        assert_eq!(snap(0.4, 0.2, 1), 0.6);
    }

    /// `]` and `[` walk the grid 0.1 → 0.2 → 0.5 → 1 and back, and the turn
    /// 5° → 10° → 15°; 5° is π/36 to the bit, as before the steps could change.
    #[test]
    fn the_steps_change_along_their_ladders() {
        let mut steps = Steps::default();
        assert_eq!(steps.turn(), PI / 36.0);
        let grids: Vec<f64> = (0..3).map(|_| steps.change_grid(1, 20.0)).collect();
        assert_eq!(grids, [0.2, 0.5, 1.0]);
        let grids: Vec<f64> = (0..4).map(|_| steps.change_grid(-1, 20.0)).collect();
        assert_eq!(grids, [0.5, 0.2, 0.1, 0.05]);
        assert_eq!((steps.change_turn(1), steps.change_turn(1), steps.change_turn(-1)), (10.0, 15.0, 10.0));
        assert_eq!(Steps { turn_degrees: 90.0, ..steps }.change_turn(1), 90.0);
    }
}
