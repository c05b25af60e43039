//! Stage 1: gravity and the loads queued on each body (text 002) change the
//! velocities: v += (g + F/m)·dt + J/m, ω += τ/I·dt + L/I.

use super::trace::{BodyChange, Phase, PhaseKind, Quantity, Tracer};
use super::{World, body::Body};
use glam::DVec2;

pub(super) fn apply<T: Tracer>(world: &mut World, dt: f64, tracer: &mut T) {
    let mut phase = Phase::new(PhaseKind::Forces, None, None);
    for (i, body) in world.bodies.iter_mut().enumerate() {
        if body.is_static() {
            continue;
        }
        let before = body.state();
        let dv = (world.gravity + body.force * body.inv_mass()) * dt + body.impulse * body.inv_mass();
        let dw = body.torque * body.inv_inertia() * dt + body.angular_impulse * body.inv_inertia();
        if T::ENABLED && (body.force != DVec2::ZERO || body.torque != 0.0 || body.impulse != DVec2::ZERO || body.angular_impulse != 0.0) {
            phase.values.extend(load_quantities(body, world.gravity, dt, dv, dw));
        }
        body.velocity += dv;
        body.angular_velocity += dw;
        (body.force, body.torque, body.impulse, body.angular_impulse) = (DVec2::ZERO, 0.0, DVec2::ZERO, 0.0);
        if T::ENABLED && (dv != DVec2::ZERO || dw != 0.0) {
            phase.changes.push(BodyChange { body: i, before, after: body.state() });
        }
    }
    if T::ENABLED {
        let g = Quantity::new("Δv_g", world.gravity * dt, "m/s").by("{g}·{dt}", vec![("g", world.gravity.into()), ("dt", dt.into())]);
        phase.values.insert(0, g);
        tracer.record(phase);
    }
}

fn load_quantities(body: &Body, g: DVec2, dt: f64, dv: DVec2, dw: f64) -> [Quantity; 2] {
    let name = &body.name;
    [
        Quantity::new(format!("Δv {name}"), dv, "m/s").by(
            "({g} + {F}/{m})·{dt} + {J}/{m}",
            vec![("g", g.into()), ("F", body.force.into()), ("m", body.mass().into()), ("dt", dt.into()), ("J", body.impulse.into())],
        ),
        Quantity::new(format!("Δω {name}"), dw, "rad/s").by(
            "{τ}/{I}·{dt} + {L}/{I}",
            vec![("τ", body.torque.into()), ("I", body.inertia().into()), ("dt", dt.into()), ("L", body.angular_impulse.into())],
        ),
    ]
}
