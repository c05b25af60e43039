//! The scene file as written (docs/scene-format.md). Every key is optional but a
//! body's name and shape; serde rejects unknown keys and wrong types with spans.

use crate::engine::{Action, ActionKind, Body, BodyRef, ContactModel, Friction, Integrator, Method, Settings, Tangent, World};
use crate::geometry::Shape;
use crate::named::named;
use serde::de::{Error as _, Expected, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

#[derive(Deserialize, Debug, Default, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SceneFile {
    #[serde(default)]
    pub world: WorldSection,
    #[serde(default)]
    pub solver: SolverSection,
    #[serde(default)]
    pub body: Vec<BodyEntry>,
    #[serde(default)]
    pub wall: Vec<WallEntry>,
    #[serde(default)]
    pub action: Vec<ActionEntry>,
    #[serde(default)]
    pub rack: Vec<RackEntry>,
    #[serde(default)]
    pub row: Vec<RowEntry>,
    #[serde(default)]
    pub grid: Vec<GridEntry>,
    /// Where each entry of `body` is written: `[[body]]` N, or, for a copy a
    /// pattern made (`pattern::expand`), the pattern's table; empty until the
    /// patterns are expanded.
    #[serde(skip)]
    pub written_at: Vec<Vec<super::error::Seg>>,
}

/// `[[rack]]`: rows of equal circles in a triangle (see `pattern.rs`), named
/// `NAME1`, `NAME2`, … row by row from the apex.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RackEntry {
    pub name: String,
    pub rows: i64,
    #[serde(deserialize_with = "pair")]
    pub apex: [f64; 2],
    #[serde(default = "along_x", deserialize_with = "pair")]
    pub direction: [f64; 2],
    pub radius: f64,
    pub mass: f64,
    #[serde(default)]
    pub gap: f64,
    #[serde(default = "one")]
    pub restitution: f64,
    #[serde(default)]
    pub friction: f64,
}

fn along_x() -> [f64; 2] {
    [1.0, 0.0]
}

/// `[[row]]`: `count` copies of `[row.body]`, the first where it says, each
/// next one `step` further; named `NAME1` … `NAMEn`.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RowEntry {
    pub count: i64,
    #[serde(deserialize_with = "pair")]
    pub step: [f64; 2],
    pub body: BodyEntry,
}

/// `[[grid]]`: `columns` × `rows` copies of `[grid.body]`, the first where it
/// says, columns `step.x` apart and rows `step.y`; named `NAME1` … row by row.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GridEntry {
    pub columns: i64,
    pub rows: i64,
    #[serde(deserialize_with = "pair")]
    pub step: [f64; 2],
    pub body: BodyEntry,
}

/// `[[wall]]`: a fixed segment (docs/scene-format.md). The world
/// holds it as a static body after the file's `[[body]]` entries.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WallEntry {
    pub name: String,
    #[serde(deserialize_with = "pair")]
    pub from: [f64; 2],
    #[serde(deserialize_with = "pair")]
    pub to: [f64; 2],
    #[serde(default = "one")]
    pub restitution: f64,
    #[serde(default)]
    pub friction: f64,
}

impl WallEntry {
    /// A wall body as a file would say it: its ends where the body stands
    /// now, as numbers that read back (`scene::wall`) to this very body, the
    /// shortest such (see [`exact_ends`]). A turned wall body (angle not 0),
    /// which no file makes, gets the ends it has; they read back unturned.
    pub fn from_body((b, m): BodyRef) -> Option<WallEntry> {
        let Shape::Segment { half } = b.shape else { return None };
        let ends = crate::geometry::segment_ends(half, m.pose());
        let [from, to] = if m.angle == 0.0 { exact_ends(m.position, half).unwrap_or(ends) } else { ends };
        Some(WallEntry { name: b.name.clone(), from: from.to_array(), to: to.to_array(), restitution: b.restitution, friction: b.friction })
    }
}

/// Ends from which `geometry::segment_between` makes exactly `middle` and
/// `half`, the shortest a file can show, or none if none is found.
///
/// A wall is held as its middle and half, each a rounded sum of its ends, so
/// the ends worked back from them (middle ∓ half) can differ from the numbers
/// that made them in the last bit, and those ends can make a middle or half a
/// bit off in turn: a file written with them would not read back to the wall
/// on screen. The two axes are apart (x of the ends makes x of the middle and
/// half, alone), so each is searched on its own: the worked-back ends cut to
/// 1 to 17 significant digits, the fewest digits in all first (a wall made
/// from 12-digit ends finds them, or shorter ones that make the same wall),
/// then the numbers three steps of the last bit either side of them.
pub fn exact_ends(middle: glam::DVec2, half: glam::DVec2) -> Option<[glam::DVec2; 2]> {
    let (fx, tx) = exact_axis(middle.x, half.x)?;
    let (fy, ty) = exact_axis(middle.y, half.y)?;
    Some([glam::DVec2::new(fx, fy), glam::DVec2::new(tx, ty)])
}

fn exact_axis(middle: f64, half: f64) -> Option<(f64, f64)> {
    let makes = |a: f64, b: f64| {
        let (m, h) = crate::geometry::segment_between(glam::DVec2::splat(a), glam::DVec2::splat(b));
        m.x == middle && h.x == half
    };
    let (a, b) = (middle - half, middle + half);
    let cut = crate::notation::significant;
    let (short_a, short_b): (Vec<f64>, Vec<f64>) = (1..=17).map(|n| (cut(a, n), cut(b, n))).unzip();
    let mut by_digits =
        (2..=34).flat_map(|total: usize| (total.saturating_sub(17).max(1)..=(total - 1).min(17)).map(move |i| (i, total - i)));
    if let Some((i, j)) = by_digits.find(|&(i, j)| makes(short_a[i - 1], short_b[j - 1])) {
        return Some((short_a[i - 1], short_b[j - 1]));
    }
    let near = |x: f64| {
        let (mut up, mut down) = (x, x);
        let mut v = vec![x];
        for _ in 0..3 {
            (up, down) = (up.next_up(), down.next_down());
            v.extend([up, down]);
        }
        v
    };
    let near_b = near(b);
    near(a).into_iter().flat_map(|x| near_b.iter().map(move |&y| (x, y))).find(|&(x, y)| makes(x, y))
}

/// `[[action]]`: something done to a body during a run (docs/scene-format.md).
/// Exactly one of the five kinds is given.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ActionEntry {
    #[serde(default)]
    pub frame: i64,
    pub body: String,
    #[serde(default, deserialize_with = "maybe_pair")]
    pub force: Option<[f64; 2]>,
    pub torque: Option<f64>,
    #[serde(default, deserialize_with = "maybe_pair")]
    pub impulse: Option<[f64; 2]>,
    pub angular_impulse: Option<f64>,
    #[serde(default, deserialize_with = "maybe_pair")]
    pub velocity: Option<[f64; 2]>,
    #[serde(default, deserialize_with = "maybe_pair")]
    pub at: Option<[f64; 2]>,
    pub frames: Option<i64>,
}

impl ActionEntry {
    /// An action as a file would say it; `bodies` are the world's, for its body's name.
    pub fn from_action(a: &Action, bodies: &[Body]) -> ActionEntry {
        let name = bodies.get(a.body).map_or(String::new(), |b| b.name.clone());
        let mut e = ActionEntry {
            frame: a.frame as i64,
            body: name,
            force: None,
            torque: None,
            impulse: None,
            angular_impulse: None,
            velocity: None,
            at: None,
            frames: None,
        };
        // A file leaves `frames = 1` out.
        let lasting = |frames: u64| (frames != 1).then_some(frames as i64);
        match a.kind {
            ActionKind::Force { force, at, frames } => {
                (e.force, e.at, e.frames) = (Some(force.to_array()), at.map(|p| p.to_array()), lasting(frames))
            }
            ActionKind::Torque { torque, frames } => (e.torque, e.frames) = (Some(torque), lasting(frames)),
            ActionKind::Impulse { impulse, at } => (e.impulse, e.at) = (Some(impulse.to_array()), at.map(|p| p.to_array())),
            ActionKind::AngularImpulse(l) => e.angular_impulse = Some(l),
            ActionKind::Velocity(v) => e.velocity = Some(v.to_array()),
        }
        e
    }
}

impl SceneFile {
    /// A world and its settings as a file would say them: its bodies, walls
    /// and actions, gravity and the solver's table. The drawing (`y_axis`,
    /// `view`) is not the world's and is left at its defaults.
    pub fn from_world(world: &World, settings: &Settings) -> SceneFile {
        let solver = SolverSection::of(settings);
        let (walls, bodies): (Vec<BodyRef>, Vec<BodyRef>) = world.iter().partition(|(b, _)| matches!(b.shape, Shape::Segment { .. }));
        SceneFile {
            world: WorldSection { gravity: world.gravity.to_array(), dt: settings.dt, ..WorldSection::default() },
            solver,
            body: bodies.into_iter().map(BodyEntry::from_body).collect(),
            wall: walls.into_iter().filter_map(WallEntry::from_body).collect(),
            action: world.actions.iter().map(|a| ActionEntry::from_action(a, &world.bodies)).collect(),
            ..SceneFile::default()
        }
    }
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct WorldSection {
    #[serde(deserialize_with = "pair")]
    pub gravity: [f64; 2],
    pub dt: f64,
    pub y_axis: YAxis,
    #[serde(deserialize_with = "maybe_corners")]
    pub view: Option<[[f64; 2]; 2]>,
}

impl Default for WorldSection {
    fn default() -> Self {
        WorldSection { gravity: [0.0, 0.0], dt: 1.0 / 60.0, y_axis: YAxis::Up, view: None }
    }
}

named! {
    pub enum YAxis {
        Up = "up",
        /// Screen coordinates, as the rough-balls article and Dobre & Ramtal draw: positive ω looks clockwise.
        Down = "down",
    }
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SolverSection {
    pub relaxation_iterations: i64,
    pub correction_rate: f64,
    pub position_correction: bool,
    pub friction: Friction,
    pub tangent: Tangent,
    pub coulomb_cap: bool,
    pub restitution_threshold: f64,
    pub slop: f64,
    pub contact: ContactModel,
    pub integrator: Integrator,
    pub warm_start: bool,
    pub method: Method,
    pub side_tracking: bool,
    pub velocity_correction: bool,
}

impl Default for SolverSection {
    fn default() -> Self {
        SolverSection {
            relaxation_iterations: 15,
            correction_rate: 0.8,
            position_correction: true,
            friction: Friction::Coulomb,
            tangent: Tangent::Projected,
            coulomb_cap: false,
            restitution_threshold: 0.0,
            slop: 0.0,
            contact: ContactModel::Single,
            integrator: Integrator::SymplecticEuler,
            warm_start: false,
            method: Method::Relaxation,
            side_tracking: true,
            velocity_correction: true,
        }
    }
}

named! {
    pub enum ShapeName {
        Circle = "circle",
        Box = "box",
    }
}

#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BodyEntry {
    pub name: String,
    pub shape: ShapeName,
    pub radius: Option<f64>,
    #[serde(default, deserialize_with = "maybe_pair")]
    pub size: Option<[f64; 2]>,
    pub mass: Option<f64>,
    #[serde(default, rename = "static")]
    pub is_static: bool,
    pub inertia: Option<f64>,
    #[serde(default, deserialize_with = "pair")]
    pub position: [f64; 2],
    #[serde(default)]
    pub angle: f64,
    #[serde(default, deserialize_with = "pair")]
    pub velocity: [f64; 2],
    #[serde(default)]
    pub angular_velocity: f64,
    #[serde(default = "one")]
    pub restitution: f64,
    #[serde(default)]
    pub friction: f64,
}

fn one() -> f64 {
    1.0
}

/// Exactly two items of a sequence: serde's fixed arrays would drop a third in silence.
fn two<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(mut seq: A, what: &dyn Expected) -> Result<[T; 2], A::Error> {
    let mut items = Vec::with_capacity(2);
    while let Some(x) = seq.next_element::<T>()? {
        items.push(x);
    }
    let n = items.len();
    <[T; 2]>::try_from(items).map_err(|_| A::Error::invalid_length(n, what))
}

/// `[x, y]`, exactly two numbers.
fn pair<'de, D: Deserializer<'de>>(d: D) -> Result<[f64; 2], D::Error> {
    struct Pair;
    impl<'de> Visitor<'de> for Pair {
        type Value = [f64; 2];
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an array of length 2")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<[f64; 2], A::Error> {
            two(seq, &self)
        }
    }
    d.deserialize_seq(Pair)
}

/// A corner of the view, `[x, y]`.
#[derive(Deserialize)]
struct Corner(#[serde(deserialize_with = "pair")] [f64; 2]);

/// `[[xmin, ymin], [xmax, ymax]]`: exactly two corners of exactly two numbers.
fn maybe_corners<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[[f64; 2]; 2]>, D::Error> {
    struct Corners;
    impl<'de> Visitor<'de> for Corners {
        type Value = [[f64; 2]; 2];
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("two corners")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<[[f64; 2]; 2], A::Error> {
            two::<Corner, A>(seq, &self).map(|[lo, hi]| [lo.0, hi.0])
        }
    }
    d.deserialize_seq(Corners).map(Some)
}

fn maybe_pair<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[f64; 2]>, D::Error> {
    pair(d).map(Some)
}

/// A number (or pair of numbers) of a body that a file writes as it is, with
/// the value a file may leave out. The serde struct above reads them; this
/// table is what saving and the field editor go through, so each is listed once.
pub struct BodyNumber {
    pub key: &'static str,
    /// How the field editor names it, one label a number of the key.
    pub labels: &'static [&'static str],
    pub default: f64,
    pub get: fn(&BodyEntry) -> &[f64],
    pub get_mut: fn(&mut BodyEntry) -> &mut [f64],
}

/// A body's plain numbers, in the order the field editor lists them (the
/// material first) and a save adds them to a body's table.
pub const BODY_NUMBERS: [BodyNumber; 6] = [
    BodyNumber {
        key: "restitution",
        labels: &["restitution e"],
        default: 1.0,
        get: |e| std::slice::from_ref(&e.restitution),
        get_mut: |e| std::slice::from_mut(&mut e.restitution),
    },
    BodyNumber {
        key: "friction",
        labels: &["friction μ"],
        default: 0.0,
        get: |e| std::slice::from_ref(&e.friction),
        get_mut: |e| std::slice::from_mut(&mut e.friction),
    },
    BodyNumber {
        key: "velocity",
        labels: &["velocity x (m/s)", "velocity y (m/s)"],
        default: 0.0,
        get: |e| &e.velocity,
        get_mut: |e| &mut e.velocity,
    },
    BodyNumber {
        key: "angular_velocity",
        labels: &["angular velocity ω (rad/s)"],
        default: 0.0,
        get: |e| std::slice::from_ref(&e.angular_velocity),
        get_mut: |e| std::slice::from_mut(&mut e.angular_velocity),
    },
    BodyNumber {
        key: "position",
        labels: &["position x (m)", "position y (m)"],
        default: 0.0,
        get: |e| &e.position,
        get_mut: |e| &mut e.position,
    },
    BodyNumber {
        key: "angle",
        labels: &["angle θ (rad)"],
        default: 0.0,
        get: |e| std::slice::from_ref(&e.angle),
        get_mut: |e| std::slice::from_mut(&mut e.angle),
    },
];

impl BodyEntry {
    /// A body as a file would say it. The inertia is written only when it is
    /// not the shape's uniform one, so a mass change keeps a custom inertia
    /// and recomputes a uniform one.
    pub fn from_body((b, m): BodyRef) -> BodyEntry {
        let (shape, radius, size) = match b.shape {
            Shape::Circle { radius } => (ShapeName::Circle, Some(radius), None),
            Shape::Box { size } => (ShapeName::Box, None, Some(size.to_array())),
            // A wall is written by `WallEntry`; as a body it has neither radius nor size.
            Shape::Segment { .. } => (ShapeName::Box, None, None),
        };
        let moving = !b.is_static();
        BodyEntry {
            name: b.name.clone(),
            shape,
            radius,
            size,
            mass: moving.then(|| b.mass()),
            is_static: !moving,
            inertia: (moving && b.inertia() != b.shape.inertia(b.mass())).then(|| b.inertia()),
            position: m.position.to_array(),
            angle: m.angle,
            velocity: m.velocity.to_array(),
            angular_velocity: m.angular_velocity,
            restitution: b.restitution,
            friction: b.friction,
        }
    }
}
