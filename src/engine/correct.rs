//! Stage 3b: positional correction (the game-engine book). Overlap is removed a fraction
//! `rate` at a time, split by inverse mass so the lighter body moves more and
//! the centre of mass stays put: s = depth·rate/(1/mA + 1/mB), xA −= n·s/mA,
//! xB += n·s/mB. Repeating a partial push over many passes lets a pile settle;
//! one full push per pair would shove each body into its other neighbours.
//!
//! With a slop (not in the texts) the first `slop` metres of overlap are left
//! alone: s = max(depth − slop, 0)·rate/(1/mA + 1/mB). Pushed fully apart, a
//! resting body would lose contact, fall back under gravity and be pushed out
//! again every frame; a little overlap keeps the contact, and the impulse
//! alone holds it.

use super::body::Motion;
use super::phase::Tracer;
use super::trace::{BodyChange, PhaseKind};
use super::{Settings, kernel, pair_mut};
use crate::geometry::CollisionInfo;

pub mod record;
use record::CorrectRecord;

#[inline(always)]
pub(super) fn run<T: Tracer>(
    motions: &mut [Motion],
    a: usize,
    b: usize,
    info: &CollisionInfo,
    settings: &Settings,
    pass: usize,
    tracer: &mut T,
) {
    let (ma, mb) = pair_mut(motions, a, b);
    let (inv_a, inv_b) = (ma.inv_mass(), mb.inv_mass());
    let (rate, slop) = (settings.correction_rate, settings.slop);
    // Without a slop the depth is used as it is, bit for bit the texts' value.
    let s = kernel::correction(info.depth, slop, rate, inv_a, inv_b);
    // A static body is not moved at all: a non-finite s times its zero inverse mass would be NaN.
    if !ma.is_static() {
        ma.position -= info.normal * s * inv_a;
    }
    if !mb.is_static() {
        mb.position += info.normal * s * inv_b;
    }
    if T::ENABLED {
        let changes = BodyChange::both((a, ma), (b, mb));
        if tracer.wants(PhaseKind::Correct, Some((a, b))) {
            let record = CorrectRecord { depth: info.depth, slop, rate, inv_mass: [inv_a, inv_b], normal: info.normal, s, changes };
            tracer.correct(pass, (a, b), record);
        } else {
            tracer.declined(PhaseKind::Correct, Some(changes));
        }
    }
}
