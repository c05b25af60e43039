//! Stage 3a: the narrow phase on the bodies' current positions.

use super::body::Body;
use super::trace::{Phase, PhaseKind, Quantity, Tracer, Value};
use crate::geometry::{CollisionInfo, Method, collide};

pub(super) fn run<T: Tracer>(bodies: &[Body], a: usize, b: usize, pass: usize, tracer: &mut T) -> Option<CollisionInfo> {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    let detection = collide(&ba.shape, ba.pose(), &bb.shape, bb.pose());
    // Text 001 keeps the normal pointing from A's centre toward B's; a deep
    // overlap can make the axis of least penetration face the other way.
    let flip = detection.info.is_some_and(|i| i.normal.dot(bb.position - ba.position) < 0.0);
    let info = if flip { detection.info.map(CollisionInfo::flipped) } else { detection.info };
    if T::ENABLED {
        let mut phase = Phase::new(PhaseKind::Detect, Some(pass), Some((a, b)));
        phase.values = method_quantities(&detection.method, ba, bb);
        phase.values.push(Quantity::new("contact", info.is_some(), ""));
        if let Some(i) = info {
            if flip {
                phase.values.push(Quantity::new("flipped", true, ""));
            }
            phase.values.push(Quantity::new("depth", i.depth, "m"));
            phase.values.push(Quantity::new("normal", i.normal, ""));
            phase.values.push(Quantity::new("start", i.start, "m"));
            phase.values.push(
                Quantity::new("end", i.end, "m").by(
                    "{start} + {normal}·{depth}",
                    vec![("start", i.start.into()), ("normal", i.normal.into()), ("depth", i.depth.into())],
                ),
            );
        }
        tracer.record(phase);
    }
    info
}

/// The working of each narrow-phase method, for the derivation panel.
fn method_quantities(method: &Method, a: &Body, b: &Body) -> Vec<Quantity> {
    match method {
        Method::CircleCircle => {
            let d = a.position.distance(b.position);
            let sum = a.shape.bounding_radius() + b.shape.bounding_radius();
            vec![
                Quantity::new("distance", d, "m").by("|{x_b} − {x_a}|", vec![("x_b", b.position.into()), ("x_a", a.position.into())]),
                Quantity::new("radius sum", sum, "m")
                    .by("{r_a} + {r_b}", vec![("r_a", a.shape.bounding_radius().into()), ("r_b", b.shape.bounding_radius().into())]),
            ]
        }
        Method::BoxBox(report) => {
            let mut out = Vec::new();
            for (side, faces) in report.faces.iter().enumerate() {
                let (own, other) = if side == 0 { (&a.name, &b.name) } else { (&b.name, &a.name) };
                for (i, face) in faces.iter().enumerate() {
                    let Some(face) = face else { continue };
                    out.push(Quantity::new(format!("{own} face {i} normal"), face.normal, ""));
                    out.push(Quantity::new(format!("{own} face {i} support"), face.support, "m"));
                    let dist = Quantity::new(format!("{own} face {i} distance"), face.distance, "m");
                    out.push(match face.support {
                        Some(s) => {
                            dist.by("({s} − {f})·(−{n})", vec![("s", s.into()), ("f", face.on_face.into()), ("n", face.normal.into())])
                        }
                        None => dist,
                    });
                    if face.support.is_none() {
                        let why = format!("no corner of {other} lies behind {own}'s face {i}: it separates");
                        out.push(Quantity::new("separating axis", why.as_str(), ""));
                    }
                }
            }
            if let Some((side, face)) = report.axis {
                let text = format!("{} face {face}", [&a.name, &b.name][side]);
                out.push(Quantity::new("least penetration", Value::Text(text), ""));
            }
            out
        }
        Method::BoxCircle { region, edge, box_is_a } => {
            let who = if *box_is_a { &a.name } else { &b.name };
            vec![
                Quantity::new("nearest edge", Value::Text(format!("{who} face {edge}")), ""),
                Quantity::new("region", region.describe(), ""),
            ]
        }
    }
}
