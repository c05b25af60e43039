//! Stage 1: gravity and the loads queued on each body (text 002) change the
//! velocities: v += (g + F/m)·dt + J/m, ω += τ/I·dt + L/I.

use super::body::Body;
use super::trace::{BodyChange, Phase, PhaseData, Quantity, Tracer};
use glam::DVec2;

pub(super) fn apply<T: Tracer>(bodies: &mut [Body], gravity: DVec2, dt: f64, tracer: &mut T) {
    let mut record = T::ENABLED.then(|| ForcesRecord { gravity, dt, loads: Vec::new(), changes: Vec::new() });
    for (i, body) in bodies.iter_mut().enumerate() {
        if body.is_static() {
            continue;
        }
        let dv = (gravity + body.force * body.inv_mass()) * dt + body.impulse * body.inv_mass();
        let dw = body.torque * body.inv_inertia() * dt + body.angular_impulse * body.inv_inertia();
        if let Some(r) = &mut record
            && (body.force != DVec2::ZERO || body.torque != 0.0 || body.impulse != DVec2::ZERO || body.angular_impulse != 0.0)
        {
            r.loads.push(Load {
                body: i,
                force: body.force,
                torque: body.torque,
                impulse: body.impulse,
                angular_impulse: body.angular_impulse,
                mass: body.mass(),
                inertia: body.inertia(),
                dv,
                dw,
            });
        }
        body.velocity += dv;
        body.angular_velocity += dw;
        (body.force, body.torque, body.impulse, body.angular_impulse) = (DVec2::ZERO, 0.0, DVec2::ZERO, 0.0);
        if let Some(r) = &mut record
            && (dv != DVec2::ZERO || dw != 0.0)
        {
            r.changes.push(BodyChange { body: i, after: body.state() });
        }
    }
    if let Some(r) = record {
        tracer.record(Phase::new(None, None, PhaseData::Forces(Box::new(r))));
    }
}

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

#[derive(Clone, Debug, PartialEq)]
pub struct ForcesRecord {
    pub gravity: DVec2,
    pub dt: f64,
    pub loads: Vec<Load>,
    pub changes: Vec<BodyChange>,
}

impl ForcesRecord {
    pub(super) fn quantities(&self, names: &[String]) -> Vec<Quantity> {
        let (g, dt) = (self.gravity, self.dt);
        let mut q = vec![Quantity::new("Δv_g", g * dt, "m/s").by("{g}·{dt}", vec![("g", g.into()), ("dt", dt.into())])];
        for l in &self.loads {
            let name = names.get(l.body).cloned().unwrap_or_else(|| format!("#{}", l.body));
            q.push(Quantity::new(format!("Δv {name}"), l.dv, "m/s").by(
                "({g} + {F}/{m})·{dt} + {J}/{m}",
                vec![("g", g.into()), ("F", l.force.into()), ("m", l.mass.into()), ("dt", dt.into()), ("J", l.impulse.into())],
            ));
            q.push(Quantity::new(format!("Δω {name}"), l.dw, "rad/s").by(
                "{τ}/{I}·{dt} + {L}/{I}",
                vec![("τ", l.torque.into()), ("I", l.inertia.into()), ("dt", dt.into()), ("L", l.angular_impulse.into())],
            ));
        }
        q
    }
}
