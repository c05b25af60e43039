//! Lessons: a scene plus narration anchored to phases and checks of the numbers.

pub mod file;

pub use file::{Anchor, CheckEntry, Expected, LessonSection, Overrides, StepEntry};
