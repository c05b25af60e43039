//! What the forces phase computed, and the derivation a person reads from it.

use crate::engine::action::{Action, ActionKind};
use crate::engine::body::Motion;
use crate::engine::trace::{BodyChange, Quantity, Record};
use crate::engine::trace::{SHOWN_BODIES, more_bodies};
use glam::DVec2;

/// The loads one body carried into the frame and what they did.
#[derive(Clone, Debug, PartialEq)]
pub struct Load {
    pub body: usize,
    pub force: DVec2,
    pub torque: f64,
    pub impulse: DVec2,
    pub angular_impulse: f64,
    pub mass: f64,
    pub inertia: f64,
    pub dv: DVec2,
    pub dw: f64,
}

/// An action of the frame as it was applied: the body's centre then, and for
/// a force or impulse at a point the arm r = at − x.
#[derive(Clone, Debug, PartialEq)]
pub struct Acted {
    pub body: usize,
    pub kind: ActionKind,
    pub centre: DVec2,
    pub arm: Option<DVec2>,
}

impl Acted {
    pub(in crate::engine) fn of(action: &Action, motion: &Motion) -> Acted {
        Acted { body: action.body, kind: action.kind, centre: motion.position, arm: action.arm(motion.position) }
    }

    fn quantities(&self, name: &str) -> Vec<Quantity> {
        let arm = |at: DVec2, r: DVec2| {
            Quantity::new(format!("r {name}"), r, "m").by("{at} − {x}", vec![("at", at.into()), ("x", self.centre.into())])
        };
        match (self.kind, self.arm) {
            (ActionKind::Force { force, at: Some(at), .. }, Some(r)) => vec![
                arm(at, r),
                Quantity::new(format!("τ {name}"), r.perp_dot(force), "N·m").by(
                    "{r}×{F} = {r.x}·{F.y} − {r.y}·{F.x}",
                    vec![
                        ("r", r.into()),
                        ("F", force.into()),
                        ("r.x", r.x.into()),
                        ("F.y", force.y.into()),
                        ("r.y", r.y.into()),
                        ("F.x", force.x.into()),
                    ],
                ),
            ],
            (ActionKind::Impulse { impulse, at: Some(at) }, Some(r)) => vec![
                arm(at, r),
                Quantity::new(format!("L {name}"), r.perp_dot(impulse), "N·m·s")
                    .by("{r}×{J}", vec![("r", r.into()), ("J", impulse.into())]),
            ],
            (ActionKind::Velocity(v), _) => vec![Quantity::new(format!("v {name}"), v, "m/s").by("set by an action", vec![])],
            _ => vec![],
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ForcesRecord {
    pub gravity: DVec2,
    pub dt: f64,
    /// The frame's actions.
    pub acted: Vec<Acted>,
    pub loads: Vec<Load>,
    /// Each changed body's velocity and spin before the phase, in the order of `changes`.
    pub before: Vec<(DVec2, f64)>,
    pub changes: Vec<BodyChange>,
}

impl Record for ForcesRecord {
    fn quantities(&self, names: &[String], _: (&str, &str)) -> Vec<Quantity> {
        let (g, dt) = (self.gravity, self.dt);
        let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
        let mut q = vec![Quantity::new("Δv_g", g * dt, "m/s").by("{g}·{dt}", vec![("g", g.into()), ("dt", dt.into())])];
        for a in &self.acted {
            q.extend(a.quantities(&name(a.body)));
        }
        for l in &self.loads {
            let name = name(l.body);
            q.push(Quantity::new(format!("Δv {name}"), l.dv, "m/s").by(
                "({g} + {F}/{m})·{dt} + {J}/{m}",
                vec![("g", g.into()), ("F", l.force.into()), ("m", l.mass.into()), ("dt", dt.into()), ("J", l.impulse.into())],
            ));
            q.push(Quantity::new(format!("Δω {name}"), l.dw, "rad/s").by(
                "{τ}/{I}·{dt} + {L}/{I}",
                vec![("τ", l.torque.into()), ("I", l.inertia.into()), ("dt", dt.into()), ("L", l.angular_impulse.into())],
            ));
        }
        // Each body's new velocity, for the first few: the rest follow the same formula.
        for (change, &(v, w)) in self.changes.iter().zip(&self.before).take(SHOWN_BODIES) {
            let name = name(change.body);
            let after = change.after;
            match self.loads.iter().find(|l| l.body == change.body) {
                None => q.push(
                    Quantity::new(format!("v' {name}"), after.velocity, "m/s")
                        .by("{v} + {Δv_g}", vec![("v", v.into()), ("Δv_g", (g * dt).into())]),
                ),
                Some(l) => {
                    q.push(
                        Quantity::new(format!("v' {name}"), after.velocity, "m/s")
                            .by("{v} + {Δv}", vec![("v", v.into()), ("Δv", l.dv.into())]),
                    );
                    q.push(
                        Quantity::new(format!("ω' {name}"), after.angular_velocity, "rad/s")
                            .by("{ω} + {Δω}", vec![("ω", w.into()), ("Δω", l.dw.into())]),
                    );
                }
            }
        }
        q.extend(more_bodies(self.changes.len()));
        q
    }

    fn changes(&self) -> &[BodyChange] {
        &self.changes
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.loads[..]) + size_of_val(&self.before[..]) + size_of_val(&self.changes[..])
    }
}
