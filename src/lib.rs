//! impulse: a step-through debugger and tutorial for 2D rigid-body collisions.
//!
//! `geometry` and `engine` are pure (no terminal, no files); `scene` turns a TOML
//! file into a validated world; `report` prints what the engine recorded.

pub mod cli;
pub mod engine;
pub mod geometry;
pub mod lesson;
mod named;
pub mod notation;
pub mod report;
pub mod scene;
pub mod session;
pub mod tui;
