//! The run-time guard and static bodies' immunity to NaN. A file cannot give
//! an infinite speed (the ranges rule it out), so these worlds are made in
//! code: a ball falling onto a static floor at an infinite speed, the way a run
//! whose energy grows without bound ends.

use impulse::cli::{Format, TraceOptions, write_trace};
use impulse::engine::{self, FrameRecord, record_frame};
use impulse::lesson::Lesson;
use impulse::tui::Msg;
use impulse::tui::app::Stepper;

const BALL_ON_FLOOR: &str = r#"
[world]
gravity = [0.0, -9.8]

[[body]]
name = "floor"
shape = "box"
size = [8.0, 1.0]
static = true
position = [0.0, -0.5]

[[body]]
name = "ball"
shape = "circle"
radius = 0.5
mass = 1.0
position = [0.0, 0.45]
friction = 0.3
restitution = 0.5
"#;

/// The ball 5 cm into the floor, falling at an infinite speed.
fn runaway() -> Lesson {
    let mut scene = Lesson::parse("runaway.toml", BALL_ON_FLOOR).unwrap();
    scene.world.motions[1].velocity.y = f64::NEG_INFINITY;
    scene
}

#[test]
fn a_static_floor_stays_finite_under_an_infinite_impulse() {
    // Before the fix the resolve phase pushed the floor by J·(1/m) = −inf·0 = NaN.
    let mut world = runaway().world.clone();
    let record = record_frame(&mut world, &runaway().settings);
    assert_eq!(world.motions[0].velocity, glam::DVec2::ZERO);
    assert_eq!(world.motions[0].position, glam::DVec2::new(0.0, -0.5));
    assert!(record.phases.iter().flat_map(|p| p.changes().to_vec()).filter(|c| c.body == 0).all(|c| c.after.is_finite()));
    assert!(!world.motions[1].state().is_finite(), "the ball itself is not finite: the guard must see it");
}

#[test]
fn the_guard_names_the_frame_the_phase_and_the_body() {
    let scene = runaway();
    let mut world = scene.world.clone();
    let record = record_frame(&mut world, &scene.settings);
    let stop = engine::guard(&record).unwrap_err();
    assert_eq!(stop.bodies, vec![1]);
    // Gravity adds to −inf and leaves it −inf: the forces phase is the first to hold a non-finite state.
    assert_eq!(stop.phase, Some(0));
    assert_eq!(record.phases.at(0).kind().name(), "forces");
    let untraced = FrameRecord { phases: engine::Phases::new(), ..record };
    assert_eq!(engine::guard(&untraced).unwrap_err().phase, None);
    let mut fine = Lesson::parse("fine.toml", BALL_ON_FLOOR).unwrap().world.clone();
    assert_eq!(engine::guard(&record_frame(&mut fine, &scene.settings)), Ok(()));
}

#[test]
fn impulse_run_stops_before_printing_a_non_finite_frame() {
    for format in [Format::Text, Format::Json, Format::Markdown] {
        let mut out = Vec::new();
        let options = TraceOptions { frames: Some(3), format, kinds: None, bodies_only: false, lang: Default::default() };
        let err = write_trace(&mut out, &runaway(), &options).unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "frame 0, forces: the state of \"ball\" became infinite or NaN; the run stops here. The energy grew without bound: \
             give the solver coulomb_cap = true, or smaller speeds, friction or dt"
        );
        // Nothing of frame 0 is printed (the handout's head shows the start this test forced to −inf).
        let printed = String::from_utf8(out).unwrap();
        assert!(!printed.contains("NaN") && !printed.contains("forces"), "{printed}");
    }
}

#[test]
fn the_debugger_stops_before_a_non_finite_frame_and_says_why() {
    // Gravity of −f64::MAX with a 1 s frame: the ball's speed is −MAX after
    // frame 0 and −inf in frame 1's forces phase. The floor is left far above.
    let mut scene = Lesson::parse("runaway.toml", BALL_ON_FLOOR).unwrap();
    scene.world.gravity.y = -f64::MAX;
    scene.settings.dt = 1.0;
    let mut stepper = Stepper::new(scene);
    let why = "frame 1, forces: the state of \"ball\" became infinite or NaN; the run stops here.";
    stepper.update(Msg::NextFrame);
    assert_eq!(stepper.frame, 0);
    assert!(stepper.note_text().as_deref().is_some_and(|n| n.starts_with(why)), "{:?}", stepper.note_text());
    stepper.update(Msg::ToggleRun);
    stepper.update(Msg::Tick(60.0));
    assert_eq!((stepper.frame, stepper.running), (0, false));
    assert!(stepper.note_text().as_deref().is_some_and(|n| n.starts_with(why)), "{:?}", stepper.note_text());
}

/// `impulse check` (and a lesson's anchoring) stops at the first non-finite
/// frame with the same message as `run`, instead of judging checks on NaN.
#[test]
fn a_lesson_run_stops_at_the_first_non_finite_frame() {
    let source = format!(
        "{BALL_ON_FLOOR}\n[lesson]\nid = \"runaway\"\ntitle = \"A runaway\"\norder = 99\nsummary = \"x\"\n\n\
         [[check]]\nframe = 2\nkind = \"integrate\"\nbody = \"ball\"\nfield = \"velocity\"\nexpected = [0.0, 0.0]\n"
    );
    let mut scene = Lesson::parse("runaway.toml", &source).unwrap();
    // Frame 0 runs untraced (only frame 2 is checked); it is recorded again to name the phase.
    scene.world.motions[1].velocity.y = f64::NEG_INFINITY;
    let err = impulse::lesson::validate(&scene).unwrap_err().render(false);
    assert!(err.contains("became infinite or NaN; the run stops here"), "{err}");
    assert!(err.starts_with("runaway.toml: error: frame 0, forces: the state of \"ball\""), "{err}");
    assert!(!err.contains("got NaN"), "{err}");
}
