//! Saving: a world written by `scene::save::to_toml` reads back as the same
//! world, bit for bit, and a file that is saved keeps what its author wrote.

use glam::DVec2;
use impulse::engine::{BodyDef, ContactModel, Friction, Integrator, Method, Settings, Tangent, World};
use impulse::geometry::Shape;
use impulse::lesson;
use impulse::lesson::Lesson;
use impulse::notation::significant as cut;
use impulse::scene::STARTER;
use impulse::scene::save::to_toml;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};

/// Any finite f64 within every limit of the format (|x| < 1000), not only round
/// ones: the remainder of any f64 keeps a full mantissa, and the text must carry every bit.
fn number() -> impl Strategy<Value = f64> {
    let any_bits = any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(|x| x % 1e3);
    prop_oneof![-1e3..1e3, any_bits, Just(0.1), Just(1.0 / 3.0)]
}

/// A positive f64 within every limit of a length, mass, inertia or dt (0.001 to 1).
fn positive() -> impl Strategy<Value = f64> {
    prop_oneof![1e-3..1.0, prop::num::f64::POSITIVE.prop_map(|x| 1e-3 + x % 0.999)]
}

fn body(k: usize) -> impl Strategy<Value = BodyDef> {
    let shape = prop_oneof![
        positive().prop_map(|r| Shape::Circle { radius: r }),
        (positive(), positive()).prop_map(|(w, h)| Shape::Box { size: DVec2::new(w, h) })
    ];
    let moving = prop_oneof![Just(None), (positive(), prop::option::of(positive())).prop_map(Some)];
    (shape, moving, [number(), number(), number()], [number(), number(), number()], 0.0..=1.0, 0.0..2.0).prop_map(
        move |(shape, moving, [x, y, angle], [vx, vy, w], e, mu)| {
            let mut b = BodyDef::fixed(format!("b{k}"), shape).at(DVec2::new(x, y));
            b.motion.angle = angle;
            if let Some((m, inertia)) = moving {
                b.set_mass(m, inertia);
                (b.motion.velocity, b.motion.angular_velocity) = (DVec2::new(vx, vy), w);
            }
            (b.body.restitution, b.body.friction) = (e, mu);
            b
        },
    )
}

fn settings() -> impl Strategy<Value = Settings> {
    let choices = (0..3usize, 0..3usize, any::<bool>(), any::<bool>(), any::<bool>());
    let contact = (0.0..2.0, 0.0..0.05);
    (1..1000usize, 0.01..=1.0, positive(), choices, contact).prop_map(|(n, rate, dt, (f, t, correct, cap, explicit), (threshold, slop))| {
        Settings {
            dt,
            relaxation_iterations: n,
            correction_rate: rate,
            position_correction: correct,
            friction: [Friction::None, Friction::Coulomb, Friction::VelocityRatio][f],
            tangent: [Tangent::RotatedNormal, Tangent::SignFixed, Tangent::Projected][t],
            coulomb_cap: cap,
            restitution_threshold: threshold,
            slop,
            contact: if cap { ContactModel::Clipped } else { ContactModel::Single },
            integrator: if explicit { Integrator::ExplicitEuler } else { Integrator::SymplecticEuler },
            // Valid only with Coulomb's cone and the projected tangent.
            warm_start: cap && f != 2 && t == 2,
            motion: true,
            // Dobre & Ramtal's method takes no boxes, which the worlds here hold; its side tracking is saved either way.
            method: Method::Relaxation,
            side_tracking: correct,
            velocity_correction: explicit,
        }
    })
}

/// Each body in the table of its own name, as a scene edited without renames is saved.
fn by_name(world: &World) -> Vec<Option<&str>> {
    world.bodies.iter().map(|b| Some(b.name.as_str())).collect()
}

fn reads_back(source: &str, world: &World, settings: &Settings) -> Result<(), TestCaseError> {
    let text = to_toml(source, world, settings, &by_name(world)).unwrap();
    let scene = Lesson::parse("saved.toml", &text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(&scene.world.bodies, &world.bodies, "{}", text);
    prop_assert_eq!(scene.world.gravity, world.gravity);
    prop_assert_eq!(&scene.settings, settings);
    Ok(())
}

#[test]
fn any_world_reads_back_identically() {
    let worlds = (prop::collection::vec(0..1usize, 0..5), (number(), number()), settings());
    let strategy = worlds.prop_flat_map(|(n, (gx, gy), settings)| {
        let bodies: Vec<_> = (0..n.len()).map(body).collect();
        (bodies, Just(DVec2::new(gx, gy)), Just(settings))
    });
    let config = ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(500) };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let result = runner.run(&strategy, |(bodies, gravity, settings)| {
        let world = World::new(bodies, gravity);
        // Into an empty file and into the starter, whose bodies it replaces.
        reads_back("", &world, &settings)?;
        reads_back(STARTER, &world, &settings)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn an_unchanged_lesson_saves_to_its_own_text() {
    for scene in lesson::embedded().into_iter().map(Result::unwrap) {
        assert_eq!(to_toml(&scene.source, &scene.world, &scene.settings, &by_name(&scene.world)).unwrap(), scene.source, "{}", scene.file);
    }
}

#[test]
fn a_changed_value_keeps_its_comment_and_its_neighbours() {
    let scene = Lesson::parse("starter.toml", STARTER).unwrap();
    let mut world = scene.world.clone();
    world.bodies[1].friction = 0.9;
    world.bodies.swap(1, 2);
    world.motions.swap(1, 2);
    let text = to_toml(STARTER, &world, &scene.settings, &by_name(&world)).unwrap();
    assert!(text.contains("friction = 0.9              # μ; a pair uses the average\n"), "{text}");
    // Only that line changed; the bodies moved as whole tables, comments and all.
    let changed: Vec<_> = {
        let mut old: Vec<_> = STARTER.lines().collect();
        let mut new: Vec<_> = text.lines().collect();
        old.sort_unstable();
        new.sort_unstable();
        new.into_iter().filter(|l| !old.contains(l)).collect()
    };
    assert_eq!(changed, ["friction = 0.9              # μ; a pair uses the average"]);
    assert!(text.find("name = \"crate\"").unwrap() < text.find("name = \"ball\"").unwrap());
}

#[test]
fn a_body_made_static_loses_its_mass_and_motion_keys() {
    let scene = Lesson::parse("starter.toml", STARTER).unwrap();
    let mut world = scene.world.clone();
    let mut ball = world.def(1);
    ball.make_static();
    world.set_body(1, ball);
    let text = to_toml(STARTER, &world, &scene.settings, &by_name(&world)).unwrap();
    let ball_table = text.split("[[body]]").nth(2).unwrap();
    assert!(ball_table.contains("static = true"), "{ball_table}");
    assert!(!ball_table.contains("mass =") && !ball_table.contains("velocity = [1.0"), "{ball_table}");
    assert_eq!(Lesson::parse("s.toml", &text).unwrap().world.bodies, world.bodies);
}

/// A one-line array keeps the column of the comment after it:
/// `gravity = [0.0, -9.8]` set to `[0.0, -12.25]`, two characters longer.
#[test]
fn a_comment_after_a_one_line_array_keeps_its_column() {
    let source = "[world]\ngravity = [0.0, -9.8]       # m/s²\n";
    let scene = Lesson::parse("s.toml", source).unwrap();
    let mut world = scene.world.clone();
    world.gravity = DVec2::new(0.0, -12.25);
    let text = to_toml(source, &world, &scene.settings, &by_name(&world)).unwrap();
    assert!(text.contains("gravity = [0.0, -12.25]     # m/s²\n"), "{text}");
}

#[test]
fn comments_keep_their_column_and_arrays_their_layout() {
    let source = "[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\nposition = [\n  -2.0, # x\n  3.0,  # y\n]\nangle = 0.5      # radians\n";
    let scene = Lesson::parse("s.toml", source).unwrap();
    let mut world = scene.world.clone();
    world.motions[0].position.x = -1.9;
    world.motions[0].angle = 0.125;
    let text = to_toml(source, &world, &scene.settings, &by_name(&world)).unwrap();
    assert!(text.contains("position = [\n  -1.9, # x\n  3.0,  # y\n]"), "{text}");
    assert!(text.contains("angle = 0.125    # radians\n"), "the comment stays at its column:\n{text}");
    world.motions[0].angle = 1e-200;
    let tiny = to_toml(source, &world, &scene.settings, &by_name(&world)).unwrap();
    assert!(tiny.contains("angle = 1e-200   # radians\n"), "{tiny}");
    assert_eq!(Lesson::parse("s.toml", &tiny).unwrap().world.bodies, world.bodies);
}

#[test]
fn windows_line_ends_stay() {
    let source = STARTER.replace('\n', "\r\n");
    let scene = Lesson::parse("s.toml", &source).unwrap();
    let mut world = scene.world.clone();
    world.bodies[1].friction = 0.9;
    let text = to_toml(&source, &world, &scene.settings, &by_name(&world)).unwrap();
    assert_eq!(text.matches('\n').count(), text.matches("\r\n").count(), "every line ends in CR LF");
    assert_eq!(Lesson::parse("s.toml", &text).unwrap().world.bodies, world.bodies);
}

#[cfg(unix)]
#[test]
fn saving_through_a_link_writes_its_target_and_keeps_permissions() {
    use impulse::scene::save::write_atomic;
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.toml");
    std::fs::write(&target, "old\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    write_atomic(&link, "new\n").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new\n");
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
}

#[test]
fn an_inline_world_table_keeps_its_other_keys() {
    let source = "world = { gravity = [0.0, -9.8], y_axis = \"down\", view = [[0.0, 0.0], [10.0, 10.0]] }\n\n[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\n";
    let scene = Lesson::parse("s.toml", source).unwrap();
    let mut world = scene.world.clone();
    world.gravity = DVec2::new(0.0, 9.8);
    let back = Lesson::parse("s.toml", &to_toml(source, &world, &scene.settings, &by_name(&world)).unwrap()).unwrap();
    assert_eq!((back.y_axis, back.view, back.world.gravity), (scene.y_axis, scene.view, world.gravity));
}

/// A scene written with inline tables, as some users write TOML.
const INLINE: &str = r#"# Inline tables, as some users write them.
world = { gravity = [0.0, -9.8], dt = 0.02 }  # earth, 50 Hz
solver = { relaxation_iterations = 20 }  # a few more passes

body = [
  # the ball comes first
  { name = "ball", shape = "circle", radius = 0.5, mass = 1.0, position = [0.0, 2.0] },  # dropped from 2 m
  # then the floor
  { name = "floor", shape = "box", size = [10.0, 1.0], static = true, position = [0.0, -0.5] },  # fixed
]
"#;

/// Inline tables stay inline, and every comment in and around them stays:
/// before, the save turned them into `[world]` and `[[body]]` tables and
/// dropped all five comments.
#[test]
fn a_save_keeps_inline_tables_and_their_comments() {
    let scene = impulse::scene::Scene::parse("inline.toml", INLINE).unwrap();
    let mut world = scene.world.clone();
    world.motions[0].position.x = 1.5;
    let text = to_toml(INLINE, &world, &scene.settings, &by_name(&world)).unwrap();
    assert_eq!(text, INLINE.replace("position = [0.0, 2.0]", "position = [1.5, 2.0]"));
}

/// Deleting a body takes its own comments with it (the one above it, the one
/// after its comma) and leaves the others' where they were; a new body gets
/// a line of its own.
#[test]
fn a_save_of_inline_bodies_moves_each_comment_with_its_body() {
    let scene = impulse::scene::Scene::parse("inline.toml", INLINE).unwrap();
    let mut world = scene.world.clone();
    let mut second = world.def(0);
    second.body.name = "second".into();
    world.remove_body(0);
    world.push_body(second);
    let text = to_toml(INLINE, &world, &scene.settings, &by_name(&world)).unwrap();
    let expected = r#"body = [
  # then the floor
  { name = "floor", shape = "box", size = [10.0, 1.0], static = true, position = [0.0, -0.5] },  # fixed
  { name = "second", shape = "circle", radius = 0.5, mass = 1.0, position = [0.0, 2.0] },
]
"#;
    assert!(text.ends_with(expected), "{text}");
    assert_eq!(impulse::scene::Scene::parse("saved.toml", &text).unwrap().world.bodies, world.bodies);
}

/// Two balls with comments of their author's, and an action on the second.
const COMMENTED: &str = r#"[world]
gravity = [0.0, -9.8]

# the left ball
[[body]]
name = "a"          # the cue ball
shape = "circle"
radius = 0.5
mass = 1.0
position = [-2.0, 3.0]

# the right ball
[[body]]
name = "b"   # the target
shape = "circle"
radius = 0.5
mass = 1.0
position = [2.0, 3.0]

[[action]]
frame = 3
body = "b"   # kick the target
impulse = [1.0, 0.0]
"#;

/// The lines of `after` that differ from `before`'s, as (before, after); the
/// two have as many lines.
fn changed_lines<'a>(before: &'a str, after: &'a str) -> Vec<(&'a str, &'a str)> {
    assert_eq!(before.lines().count(), after.lines().count(), "{after}");
    before.lines().zip(after.lines()).filter(|(a, b)| a != b).collect()
}

/// A body is written into the table it came from, whatever it is called now:
/// renamed, its block keeps its comments, key order and layout, and only the
/// name's value changes (its comment staying at its column).
#[test]
fn a_renamed_body_keeps_its_table_and_only_its_name_changes() {
    let scene = Lesson::parse("s.toml", COMMENTED).unwrap();
    let mut world = scene.world.clone();
    world.bodies[0].name = "cue".into();
    let text = to_toml(COMMENTED, &world, &scene.settings, &[Some("a"), Some("b")]).unwrap();
    assert_eq!(changed_lines(COMMENTED, &text), [(r#"name = "a"          # the cue ball"#, r#"name = "cue"        # the cue ball"#)]);
    assert_eq!(Lesson::parse("s.toml", &text).unwrap().world.bodies, world.bodies);
}

/// Names swapped: each body keeps its own block, and the action, which is on
/// the same body as before, names it by its new name.
#[test]
fn swapped_names_keep_their_blocks_and_the_action_follows_its_body() {
    let scene = Lesson::parse("s.toml", COMMENTED).unwrap();
    let mut world = scene.world.clone();
    (world.bodies[0].name, world.bodies[1].name) = ("b".into(), "a".into());
    let text = to_toml(COMMENTED, &world, &scene.settings, &[Some("a"), Some("b")]).unwrap();
    assert_eq!(
        changed_lines(COMMENTED, &text),
        [
            (r#"name = "a"          # the cue ball"#, r#"name = "b"          # the cue ball"#),
            (r#"name = "b"   # the target"#, r#"name = "a"   # the target"#),
            (r#"body = "b"   # kick the target"#, r#"body = "a"   # kick the target"#),
        ]
    );
    let back = Lesson::parse("s.toml", &text).unwrap();
    assert_eq!((&back.world.bodies, &back.world.actions), (&world.bodies, &world.actions));
}

/// A body renamed to the name of one deleted is still itself: it keeps its
/// block, and the deleted body's block goes with its comments.
#[test]
fn a_body_renamed_to_a_deleted_body_s_name_keeps_its_own_block() {
    let scene = Lesson::parse("s.toml", COMMENTED).unwrap();
    let mut world = scene.world.clone();
    world.remove_body(0);
    world.bodies[0].name = "a".into();
    let text = to_toml(COMMENTED, &world, &scene.settings, &[Some("b")]).unwrap();
    assert!(!text.contains("the cue ball") && !text.contains("the left ball"), "{text}");
    assert!(text.contains("# the right ball\n[[body]]\nname = \"a\"   # the target\n"), "{text}");
    assert!(text.contains("body = \"a\"   # kick the target"), "{text}");
    let back = Lesson::parse("s.toml", &text).unwrap();
    assert_eq!((&back.world.bodies, &back.world.actions), (&world.bodies, &world.actions));
}

/// A new body is never written into an old table, even one of its name: the
/// comments there were about the body deleted.
#[test]
fn a_new_body_with_a_deleted_body_s_name_gets_a_block_of_its_own() {
    let scene = Lesson::parse("s.toml", COMMENTED).unwrap();
    let mut world = scene.world.clone();
    let mut new = world.remove_body(0);
    new.motion.position.y = 5.0;
    world.push_body(new);
    let text = to_toml(COMMENTED, &world, &scene.settings, &[Some("b"), None]).unwrap();
    assert!(!text.contains("the cue ball") && !text.contains("the left ball"), "{text}");
    let block = "position = [2.0, 3.0]\n\n[[body]]\nname = \"a\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\nposition = [-2.0, 5.0]\n\n";
    assert!(text.contains(block), "after the last body's block: {text}");
    assert_eq!(Lesson::parse("s.toml", &text).unwrap().world.bodies, world.bodies);
}

/// Inline bodies follow their tables the same way.
#[test]
fn a_renamed_inline_body_keeps_its_comments() {
    let scene = impulse::scene::Scene::parse("inline.toml", INLINE).unwrap();
    let mut world = scene.world.clone();
    world.bodies[0].name = "cue".into();
    let text = to_toml(INLINE, &world, &scene.settings, &[Some("ball"), Some("floor")]).unwrap();
    assert_eq!(text, INLINE.replace(r#"{ name = "ball","#, r#"{ name = "cue","#));
}

/// An end's coordinate: any f64 within the format's limits, a number cut to 1
/// to 12 significant digits, or a tiny one or a large one (beside a large
/// end, the sum rounds away most of a tiny one's digits).
fn coordinate() -> impl Strategy<Value = f64> {
    let short = (-3e3..3e3, 1..=12usize).prop_map(|(x, n)| cut(x, n));
    let tiny = (-1.0..1.0, -9..0i32).prop_map(|(x, p): (f64, i32)| x * 10f64.powi(p));
    let large = (-1.0..1.0, 2..=3i32).prop_map(|(x, p): (f64, i32)| cut(x * 10f64.powi(p), 7));
    prop_oneof![number(), short, tiny, large]
}

/// A wall's ends: two coordinates each, or (for walls far out, up to the
/// format's 1,000,000 m) `to` a cut distance from `from`, both cut to 12
/// digits, as a wall an edit moved far.
fn wall_entry() -> impl Strategy<Value = impulse::scene::file::WallEntry> {
    let apart = ([coordinate(), coordinate()], [coordinate(), coordinate()]);
    let far = ([-1e6..1e6, -1e6..1e6], [-1e3..1e3, -1e3..1e3], 1..=12usize)
        .prop_map(|([x, y], [dx, dy], n): ([f64; 2], [f64; 2], usize)| ([cut(x, n), cut(y, n)], [cut(x + dx, 12), cut(y + dy, 12)]));
    prop_oneof![apart, far].prop_filter_map("a wall of a length the format takes", |(from, to)| {
        let entry = impulse::scene::file::WallEntry { name: "w".into(), from, to, restitution: 0.5, friction: 0.25 };
        impulse::scene::wall(&entry).is_ok().then_some(entry)
    })
}

/// A wall is held as its middle and half, rounded sums of its ends, so the
/// ends worked back from them can miss the file's numbers in the last bit;
/// the ends a file is written with read back to the very same body, and a
/// wall given by numbers of up to 12 digits is written no longer than that.
#[test]
fn every_wall_reads_back_to_the_same_body() {
    use impulse::scene::file::WallEntry;
    let config = ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(5_000) };
    let mut runner = TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let digits = |x: f64| format!("{x:e}").trim_start_matches('-').split('e').next().unwrap().replace('.', "").len();
    let result = runner.run(&wall_entry(), |entry| {
        let body = impulse::scene::wall(&entry).unwrap();
        let written = WallEntry::from_body(body.parts()).unwrap();
        prop_assert_eq!(impulse::scene::wall(&written).unwrap(), body.clone(), "{:?} written as {:?}", entry, written);
        let given: Vec<f64> = entry.from.into_iter().chain(entry.to).collect();
        if given.iter().all(|&x| digits(x) <= 12) {
            let back: Vec<f64> = written.from.into_iter().chain(written.to).collect();
            for (g, b) in given.iter().zip(&back) {
                prop_assert!(digits(*b) <= digits(*g).max(1), "{:?} written as {:?}", entry, written);
            }
        }
        // And through a whole file, into the table it came from.
        let world = World::new(vec![body], DVec2::ZERO);
        let text = to_toml("", &world, &Settings::default(), &[None]).unwrap();
        prop_assert_eq!(&Lesson::parse("w.toml", &text).unwrap().world.bodies, &world.bodies, "{}", text);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
