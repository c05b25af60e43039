//! Whether a lesson's narration still describes what is on screen: its
//! numbers were worked out for the lesson's own settings and bodies, so after
//! a toggle, an edit of a body's make-up or a deletion they no longer match.

use super::{Lesson, StepEntry};
use crate::engine::{Body, Settings};
use crate::notation::num;
use crate::scene::file::SolverSection;
use crate::scene::{SOLVER_KEYS, SolverValue};

/// The settings a person can change and the narration's numbers depend on,
/// as `key = value` for the lesson's and for the ones on screen: every
/// `[solver]` key, the motion toggle and `dt`.
fn settings_pairs(lesson: &Settings, viewing: &Settings) -> Vec<(String, String, String)> {
    let on = |b: bool| if b { "on" } else { "off" }.to_string();
    let shown = |v: SolverValue| match v {
        SolverValue::Whole(x) => x.to_string(),
        SolverValue::Number(x) => num(x),
        SolverValue::Flag(x) => on(x),
        SolverValue::Name(x) => x.to_string(),
    };
    let (l, v) = (SolverSection::of(lesson), SolverSection::of(viewing));
    let solver = SOLVER_KEYS.iter().map(|k| (k.key, shown((k.get)(&l)), shown((k.get)(&v))));
    let rest = [("motion", on(lesson.motion), on(viewing.motion)), ("dt", num(lesson.dt), num(viewing.dt))];
    solver.chain(rest).filter(|(_, a, b)| a != b).map(|(k, a, b)| (k.to_string(), a, b)).collect()
}

/// The settings a run differs in from those its narration was written for
/// (`--set` on the command line), as `key`, the narration's value and the run's.
pub fn narration_settings(lesson: &Lesson) -> Vec<(String, String, String)> {
    let narrated = lesson.narrated.as_deref().unwrap_or(&lesson.scene);
    settings_pairs(&narrated.settings, &lesson.settings)
}

/// What a body is made of, not where it is: motion changes the rest.
fn make_up(b: &Body) -> (&str, String, f64, f64, f64, f64) {
    (&b.name, format!("{:?}", b.shape), b.mass(), b.inertia(), b.restitution, b.friction)
}

/// The settings a step's narration describes: the lesson's as its file has
/// them (after `--set` too), with the step's own `with`.
pub fn step_settings(lesson: &Lesson, step: &StepEntry) -> Settings {
    let narrated = lesson.narrated.as_deref().unwrap_or(&lesson.scene);
    super::with_overrides(&narrated.settings, &step.with)
}

/// One line saying how the screen differs from what the narration of `step`
/// (none: a step without settings of its own) describes, e.g. "narration
/// describes tangent = rotated-normal; you are viewing sign-fixed"; none when
/// it matches or the scene has no narration.
pub fn stale_banner(lesson: &Lesson, step: Option<&StepEntry>, viewing: &Settings, bodies: &[Body]) -> Option<String> {
    if lesson.steps.is_empty() {
        return None;
    }
    // After `--set`, the narration still describes the file as written.
    let narrated = lesson.narrated.as_deref().unwrap_or(&lesson.scene);
    let described = step.map_or_else(|| narrated.settings.clone(), |st| step_settings(lesson, st));
    let mut parts = Vec::new();
    match &settings_pairs(&described, viewing)[..] {
        [] => {}
        [(key, a, b)] => parts.push(format!("narration describes {key} = {a}; you are viewing {b}")),
        many => {
            let side = |pick: fn(&(String, String, String)) -> &String| {
                many.iter().map(|p| format!("{} = {}", p.0, pick(p))).collect::<Vec<_>>().join(", ")
            };
            parts.push(format!("narration describes {}; you are viewing {}", side(|p| &p.1), side(|p| &p.2)));
        }
    }
    let names = |bs: &[Body]| bs.iter().map(|b| b.name.as_str()).collect::<Vec<_>>().join(", ");
    if narrated.world.bodies.iter().map(|b| &b.name).ne(bodies.iter().map(|b| &b.name)) {
        parts.push(format!("narration describes bodies {}; you are viewing {}", names(&narrated.world.bodies), names(bodies)));
    } else if narrated.world.bodies.iter().map(make_up).ne(bodies.iter().map(make_up)) {
        let changed: Vec<&str> =
            narrated.world.bodies.iter().zip(bodies).filter(|(a, b)| make_up(a) != make_up(b)).map(|(_, b)| b.name.as_str()).collect();
        parts.push(format!("narration describes the lesson's {}; you have edited it", changed.join(", ")));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Tangent;

    fn tangent_fix() -> Lesson {
        crate::lesson::find("tangent-fix").unwrap()
    }

    /// `impulse lesson tangent-fix --set solver.tangent=projected`: the run is B's,
    /// the narration still the file's.
    #[test]
    fn a_set_on_the_command_line_is_stale_too() {
        let l = tangent_fix().with_sets(&["solver.tangent=projected".to_string()]).unwrap();
        assert_eq!(
            stale_banner(&l, None, &l.settings, &l.world.bodies).as_deref(),
            Some("narration describes tangent = rotated-normal; you are viewing projected")
        );
        let l = tangent_fix().with_sets(&["body.m1.friction=0.5".to_string()]).unwrap();
        assert_eq!(
            stale_banner(&l, None, &l.settings, &l.world.bodies).as_deref(),
            Some("narration describes the lesson's m1; you have edited it")
        );
    }

    #[test]
    fn the_lessons_own_settings_and_bodies_are_not_stale() {
        let l = tangent_fix();
        assert_eq!(stale_banner(&l, None, &l.settings, &l.world.bodies), None);
    }

    #[test]
    fn a_toggled_tangent_is_named_with_both_values() {
        let l = tangent_fix();
        let settings = Settings { tangent: Tangent::SignFixed, ..l.settings.clone() };
        assert_eq!(
            stale_banner(&l, None, &settings, &l.world.bodies).as_deref(),
            Some("narration describes tangent = rotated-normal; you are viewing sign-fixed")
        );
        let settings = Settings { motion: false, ..settings };
        assert_eq!(
            stale_banner(&l, None, &settings, &l.world.bodies).as_deref(),
            Some("narration describes tangent = rotated-normal, motion = on; you are viewing tangent = sign-fixed, motion = off")
        );
    }

    /// The fix's step narrates the projected tangent: viewing it is not stale, viewing the bug is.
    #[test]
    fn a_step_with_its_own_settings_describes_them() {
        let l = tangent_fix();
        let fix = l.steps.iter().find(|s| s.with.tangent == Some(Tangent::Projected)).expect("tangent-fix narrates the fix");
        let projected = Settings { tangent: Tangent::Projected, ..l.settings.clone() };
        assert_eq!(step_settings(&l, fix), projected);
        assert_eq!(stale_banner(&l, Some(fix), &projected, &l.world.bodies), None);
        assert_eq!(
            stale_banner(&l, Some(fix), &l.settings, &l.world.bodies).as_deref(),
            Some("narration describes tangent = projected; you are viewing rotated-normal")
        );
    }

    #[test]
    fn a_deleted_or_changed_body_is_named() {
        let l = tangent_fix();
        assert_eq!(
            stale_banner(&l, None, &l.settings, &l.world.bodies[..1]).as_deref(),
            Some("narration describes bodies m1, m2; you are viewing m1")
        );
        let mut bodies = l.world.bodies.clone();
        bodies[1].friction = 0.5;
        assert_eq!(
            stale_banner(&l, None, &l.settings, &bodies).as_deref(),
            Some("narration describes the lesson's m2; you have edited it")
        );
    }
}
