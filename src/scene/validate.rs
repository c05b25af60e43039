//! Checks a parsed file against what the physics can use, collecting every
//! problem with its place in the file and what to write instead.

use super::Scene;
use super::error::{Problem, SceneError, Seg, locate};
use super::file::{BodyEntry, FrictionName, IntegratorName, SceneFile, ShapeName, TangentName};
use crate::engine::{Body, Friction, Integrator, Settings, Tangent, World};
use crate::geometry::Shape;
use glam::DVec2;

pub(super) fn scene(raw: SceneFile, file: &str, source: &str) -> Result<Scene, SceneError> {
    let mut v = Validator { source, problems: Vec::new() };
    let w = &raw.world;
    v.finite(&[Seg::Key("world"), Seg::Key("gravity")], &w.gravity);
    if !(w.dt.is_finite() && w.dt > 0.0) {
        v.bad(
            &[Seg::Key("world"), Seg::Key("dt")],
            "dt must be a positive number of seconds",
            "write e.g. dt = 0.016666666666666666 (1/60 s)",
        );
    }
    if let Some([lo, hi]) = w.view {
        let path = [Seg::Key("world"), Seg::Key("view")];
        if v.finite(&path, &[lo[0], lo[1], hi[0], hi[1]]) && !(lo[0] < hi[0] && lo[1] < hi[1]) {
            v.bad(&path, "the view's first corner must be below and left of its second", "write view = [[xmin, ymin], [xmax, ymax]]");
        }
    }
    let s = &raw.solver;
    if !(1..=1000).contains(&s.relaxation_iterations) {
        v.bad(&[Seg::Key("solver"), Seg::Key("relaxation_iterations")], "relaxation_iterations must be from 1 to 1000", "the texts use 15");
    }
    if !(s.correction_rate.is_finite() && s.correction_rate > 0.0 && s.correction_rate <= 1.0) {
        v.bad(
            &[Seg::Key("solver"), Seg::Key("correction_rate")],
            "correction_rate must be above 0 and at most 1",
            "text 001 removes 80 % a pass: 0.8",
        );
    }
    let bodies: Vec<Body> = raw.body.iter().enumerate().filter_map(|(i, b)| v.body(i, b)).collect();
    for (i, b) in raw.body.iter().enumerate() {
        if raw.body[..i].iter().any(|o| o.name == b.name) {
            v.bad(
                &[Seg::Key("body"), Seg::Index(i), Seg::Key("name")],
                &format!("two bodies are named \"{}\"", b.name),
                "give each body its own name",
            );
        }
    }
    if !v.problems.is_empty() {
        return Err(SceneError::new(file, source, v.problems));
    }
    let settings = Settings {
        dt: w.dt,
        relaxation_iterations: s.relaxation_iterations as usize,
        correction_rate: s.correction_rate,
        position_correction: s.position_correction,
        friction: friction(s.friction),
        tangent: tangent(s.tangent),
        coulomb_cap: s.coulomb_cap,
        integrator: match s.integrator {
            IntegratorName::SymplecticEuler => Integrator::SymplecticEuler,
            IntegratorName::ExplicitEuler => Integrator::ExplicitEuler,
        },
        motion: true,
    };
    Ok(Scene {
        world: World::new(bodies, DVec2::from(w.gravity)),
        settings,
        y_axis: w.y_axis,
        view: w.view.map(|[lo, hi]| (DVec2::from(lo), DVec2::from(hi))),
        lesson: raw.lesson,
        steps: raw.step,
        checks: raw.check,
        file: file.to_string(),
        source: source.to_string(),
    })
}

pub fn friction(name: FrictionName) -> Friction {
    match name {
        FrictionName::None => Friction::None,
        FrictionName::Coulomb => Friction::Coulomb,
        FrictionName::VelocityRatio => Friction::VelocityRatio,
    }
}

pub fn tangent(name: TangentName) -> Tangent {
    match name {
        TangentName::RotatedNormal => Tangent::RotatedNormal,
        TangentName::SignFixed => Tangent::SignFixed,
        TangentName::Projected => Tangent::Projected,
    }
}

struct Validator<'a> {
    source: &'a str,
    problems: Vec<Problem>,
}

impl Validator<'_> {
    fn bad(&mut self, path: &[Seg], message: &str, help: &str) {
        let label = message.split(':').next().unwrap_or(message).to_string();
        self.problems.push(locate(self.source, path, Problem::error(message, label, Some(help.to_string()))));
    }

    /// TOML allows `nan` and `inf`; the physics does not.
    fn finite(&mut self, path: &[Seg], xs: &[f64]) -> bool {
        let ok = xs.iter().all(|x| x.is_finite());
        if !ok {
            self.bad(path, "numbers must be finite (not nan or inf)", "write an ordinary number");
        }
        ok
    }

    fn body(&mut self, i: usize, b: &BodyEntry) -> Option<Body> {
        let at = |key: &'static str| [Seg::Key("body"), Seg::Index(i), Seg::Key(key)];
        let before = self.problems.len();
        if b.name.trim().is_empty() {
            self.bad(&at("name"), "a body's name cannot be empty", "write e.g. name = \"ball\"");
        }
        let shape = match b.shape {
            ShapeName::Circle => {
                if b.size.is_some() {
                    self.bad(&at("size"), "a circle has a radius, not a size", "write radius = … instead of size");
                }
                match b.radius {
                    None => {
                        self.bad(&at("shape"), "a circle needs a radius", "add radius = 1.0 (metres)");
                        None
                    }
                    Some(r) if !(r.is_finite() && r > 0.0) => {
                        self.bad(&at("radius"), "radius must be a positive number", "write e.g. radius = 1.0");
                        None
                    }
                    Some(r) => Some(Shape::Circle { radius: r }),
                }
            }
            ShapeName::Box => {
                if b.radius.is_some() {
                    self.bad(&at("radius"), "a box has a size, not a radius", "write size = [width, height] instead of radius");
                }
                match b.size {
                    None => {
                        self.bad(&at("shape"), "a box needs a size", "add size = [width, height], e.g. size = [2.0, 1.0]");
                        None
                    }
                    Some(s) if !s.iter().all(|x| x.is_finite() && *x > 0.0) => {
                        self.bad(&at("size"), "a box's width and height must be positive numbers", "write e.g. size = [2.0, 1.0]");
                        None
                    }
                    Some(s) => Some(Shape::Box { size: DVec2::from(s) }),
                }
            }
        };
        self.finite(&at("position"), &b.position);
        self.finite(&at("angle"), &[b.angle]);
        self.finite(&at("velocity"), &b.velocity);
        self.finite(&at("angular_velocity"), &[b.angular_velocity]);
        if !(b.restitution.is_finite() && (0.0..=1.0).contains(&b.restitution)) {
            self.bad(&at("restitution"), "restitution must be from 0 to 1", "1 is perfectly elastic, 0 perfectly plastic");
        }
        if !(b.friction.is_finite() && b.friction >= 0.0) {
            self.bad(&at("friction"), "friction must be 0 or more", "text 000's table: steel on steel 0.25, wood on wood 0.3");
        }
        if b.is_static {
            if b.mass.is_some() {
                self.bad(&at("mass"), "a static body has no mass", "remove `mass`, or remove `static = true` to let it move");
            }
            if b.inertia.is_some() {
                self.bad(&at("inertia"), "a static body has no inertia", "remove `inertia`");
            }
            if b.velocity != [0.0, 0.0] || b.angular_velocity != 0.0 {
                let key = if b.velocity != [0.0, 0.0] { "velocity" } else { "angular_velocity" };
                self.bad(&at(key), "a static body never moves", "remove the velocity, or give the body a mass instead of `static = true`");
            }
        } else {
            match b.mass {
                None => self.bad(&at("shape"), "a moving body needs a mass", "add mass = 1.0 (kg), or static = true for a wall or floor"),
                Some(m) if !(m.is_finite() && m > 0.0) => self.bad(
                    &at("mass"),
                    "mass must be a positive number of kilograms",
                    "write e.g. mass = 1.0, or static = true for a body that never moves",
                ),
                Some(_) => {}
            }
            if let Some(inertia) = b.inertia
                && !(inertia.is_finite() && inertia > 0.0)
            {
                self.bad(
                    &at("inertia"),
                    "inertia must be a positive number",
                    "leave it out to use the shape's (disc m r²/2, box m(w²+h²)/12)",
                );
            }
        }
        if self.problems.len() > before {
            return None;
        }
        let mut body = Body::fixed(b.name.clone(), shape?);
        if let (false, Some(mass)) = (b.is_static, b.mass) {
            body.set_mass(mass, b.inertia);
        }
        body.position = DVec2::from(b.position);
        body.angle = b.angle;
        body.velocity = DVec2::from(b.velocity);
        body.angular_velocity = b.angular_velocity;
        body.restitution = b.restitution;
        body.friction = b.friction;
        Some(body)
    }
}
