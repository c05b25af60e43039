//! Turning what the engine recorded into text: numbers, derivations, and whole
//! traces as text, JSON or a Markdown handout. Nothing here computes physics.

mod derivation;
mod json;
mod text;

pub use derivation::{Derivation, derive, num, value};
pub use json::write_json_frame;
pub use text::{phase_title, right_side, state_line, text_frame, text_trace};
