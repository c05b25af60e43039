//! Stage 2: which pairs are worth the narrow phase. Bounding circles that touch
//! or overlap make a candidate. The list keeps scene order, (i, j) with i < j,
//! because the relaxation loop's result depends on the order pairs are visited.
//! It is rebuilt in every pass, as text 001's loop re-tests bounds, so a pair
//! pushed together by an earlier correction in the same frame is never missed.

use super::body::Body;
use super::trace::{Phase, PhaseKind, Quantity, Tracer};

pub(super) fn find_candidates<T: Tracer>(bodies: &[Body], pass: usize, out: &mut Vec<(usize, usize)>, tracer: &mut T) {
    out.clear();
    for (i, a) in bodies.iter().enumerate() {
        let ra = a.shape.bounding_radius();
        for (j, b) in bodies.iter().enumerate().skip(i + 1) {
            if a.is_static() && b.is_static() {
                continue;
            }
            let reach = ra + b.shape.bounding_radius();
            if a.position.distance_squared(b.position) <= reach * reach {
                out.push((i, j));
            }
        }
    }
    if T::ENABLED {
        let mut phase = Phase::new(PhaseKind::Broad, Some(pass), None);
        let n = bodies.len();
        phase.values.push(Quantity::new("pairs tested", (n * n.saturating_sub(1) / 2) as f64, ""));
        phase.values.push(Quantity::new("candidates", out.len() as f64, ""));
        phase.candidates = out.clone();
        tracer.record(phase);
    }
}
