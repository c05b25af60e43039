//! The ways the step is made faster without changing a bit of what it
//! computes. Each must leave the same world (and, for the recorder, the same
//! phases) as the plain step in scene order; the tests that prove it step
//! real scenes, so they live with the integration tests: `tests/it/levels.rs`,
//! `tests/it/wide_step.rs` and `tests/it/phases.rs`.
//!
//! - [`levels`]: untraced, a pass's visits grouped into levels of pairs that
//!   share no body, four disc visits at a time, on two threads for many bodies
//!   (`levels/two.rs`).
//! - [`helper`]: the second thread those levels use, kept from step to step.
//! - [`wide`]: the whole step compiled for AVX2, chosen at run time.
//! - [`phases`]: the recorder that keeps the thousands of detect, correct and
//!   resolve records of a frame in lists of their own.

mod helper;
pub(super) mod levels;
pub(super) mod phases;
#[cfg(target_arch = "x86_64")]
pub(super) mod wide;
