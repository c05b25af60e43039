//! The step compiled for processors with AVX2, chosen at run time.
//!
//! A contact visit is a chain of dependent divisions and roots, and the game-engine book's
//! loop makes each visit wait for the last one's velocities; what the
//! processor can do meanwhile is start the next visit, if the instructions of
//! this one leave it room. Compiled for x86-64 as a whole (SSE2), every
//! operation that keeps its input overwrites one operand, so the compiler adds
//! a register copy for it; with AVX's three-operand forms those copies go, and
//! the visit is shorter by as many instructions (3–4 % of the 1,000-disc
//! step here, see docs/adr/0009-avx2-at-run-time.md).
//!
//! The bits stay the same: AVX adds, multiplies, divides and takes roots as
//! IEEE 754 says, exactly as SSE2 does, and fused multiply–adds (which round
//! once, not twice) are not enabled, so the compiler cannot form them; Rust
//! never reorders floating-point arithmetic. A test steps scenes both ways and
//! compares every state bit for bit.

use crate::engine::step::step_compiled;
use crate::engine::{Settings, StepStats, Tracer, World};

/// [`crate::engine::step_portable`], compiled with AVX2, the passes on the
/// second thread too (`levels/two.rs`).
///
/// # Safety
/// The processor must have AVX2 (`is_x86_feature_detected!("avx2")`).
#[target_feature(enable = "avx2")]
pub(in crate::engine) unsafe fn step_wide<T: Tracer>(world: &mut World, settings: &Settings, tracer: &mut T) -> StepStats {
    step_compiled(world, settings, tracer, true)
}
