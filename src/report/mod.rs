//! Whole traces of what the engine recorded, as text or JSON, a frame at a
//! time. Numbers and derivations are written by `notation`. Nothing here
//! computes physics.

mod compare;
pub mod figure;
pub mod handout;
mod json;
mod text;

pub use compare::{DIFFERS, Row, compare, rows};
pub use handout::{Handout, handout};
pub use json::{JSON_FORMAT, phase_energy_json, write_json_frame};
pub use text::{text_frame, text_phase, text_trace, write_text_frame};
