//! A/B: the scene run a second time with `--set`-style overrides (B), beside
//! the run on screen (A), frame for frame. B is made from the file with the
//! overrides, checked with the file's rules and messages; edits made on
//! screen stay A's. B keeps its own timeline, with a smaller cache: the
//! debugger shows one of its frames at a time.

use super::timeline::{DEFAULT_BUDGET, Timeline};
use crate::engine::{ContactModel, Friction, Settings, Tangent};
use crate::lesson::Lesson;
use crate::scene::SceneError;

/// B's caches: a quarter of A's budget.
pub const VARIANT_BUDGET: usize = DEFAULT_BUDGET / 4;

pub struct Variant {
    /// The overrides, as typed: `solver.tangent=projected`.
    pub sets: Vec<String>,
    pub lesson: Lesson,
    pub timeline: Timeline,
}

impl Variant {
    /// B: `lesson` with `text`'s overrides, `KEY=VALUE` separated by spaces.
    pub fn new(lesson: &Lesson, text: &str) -> Result<Variant, SceneError> {
        let sets: Vec<String> = text.split_whitespace().filter(|s| *s != "--set").map(str::to_string).collect();
        if sets.is_empty() {
            return Err(SceneError::io("A/B", "write at least one KEY=VALUE, e.g. solver.tangent=projected".to_string()));
        }
        let b = lesson.with_sets(&sets)?;
        let timeline = Timeline::with_budget(b.world.clone(), b.settings.clone(), VARIANT_BUDGET);
        Ok(Variant { sets, lesson: b, timeline })
    }
}

/// What A/B offers first for a scene: the first of the texts' settings that
/// the sound engine changes (the tangent fix, the cap, two contact points, the
/// restitution threshold, warm starting); none when it has them all.
pub fn suggested(s: &Settings) -> Option<&'static str> {
    [
        (s.tangent != Tangent::Projected, "solver.tangent=projected"),
        (s.friction == Friction::Coulomb && !s.coulomb_cap, "solver.coulomb_cap=true"),
        (s.contact == ContactModel::Single, "solver.contact=clipped"),
        (s.restitution_threshold == 0.0, "solver.restitution_threshold=1.0"),
        (!s.warm_start && s.friction != Friction::VelocityRatio, "solver.warm_start=true"),
    ]
    .into_iter()
    .find_map(|(applies, set)| applies.then_some(set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tangent_fix_is_offered_the_projected_tangent() {
        let l = crate::lesson::find("tangent-fix").unwrap();
        assert_eq!(suggested(&l.settings), Some("solver.tangent=projected"));
        let v = Variant::new(&l, "solver.tangent=projected").unwrap();
        assert_eq!(v.lesson.settings.tangent, Tangent::Projected);
        assert_eq!(v.sets, ["solver.tangent=projected"]);
    }

    #[test]
    fn a_bad_override_gets_the_file_s_message() {
        let l = crate::lesson::find("tangent-fix").unwrap();
        let e = Variant::new(&l, "solver.tangent=sideways").err().unwrap().render(false);
        assert!(e.contains("sideways"), "{e}");
        assert!(Variant::new(&l, "  ").is_err());
    }
}
