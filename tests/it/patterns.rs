//! Patterns in scene files: `[[rack]]`, `[[row]]` and `[[grid]]` expanded when
//! read, kept as written when saved, and written out as bodies once a copy is
//! edited, so that no edit is lost.

use glam::DVec2;
use impulse::lesson::Lesson;
use impulse::scene::save::to_toml;

const PATTERNS: &str = "\
[world]
gravity = [0.0, -9.8]

[[body]]
name = \"floor\"
shape = \"box\"
size = [4.0, 0.2]
static = true
position = [0.0, -0.1]

# The reds, touching, opening to the right.
[[rack]]
name = \"red\"
rows = 3
apex = [0.0, 1.0]
radius = 0.1
mass = 0.2

[[row]]
count = 3
step = [0.5, 0.0]
[row.body]
name = \"crate\"
shape = \"box\"
size = [0.2, 0.2]
mass = 1.0
position = [-1.5, 0.1]
";

fn names(scene: &Lesson) -> Vec<&str> {
    scene.world.bodies.iter().map(|b| b.name.as_str()).collect()
}

fn filed(scene: &Lesson) -> Vec<Option<&str>> {
    scene.world.bodies.iter().map(|b| Some(b.name.as_str())).collect()
}

#[test]
fn patterns_expand_after_the_bodies_in_file_order() {
    let scene = Lesson::parse("patterns.toml", PATTERNS).unwrap();
    assert_eq!(names(&scene), ["floor", "red1", "red2", "red3", "red4", "red5", "red6", "crate1", "crate2", "crate3"]);
    let x = |i: usize| scene.world.motions[i].position;
    // Row 2 of the rack stands 2·(2r)·√3/2 = 0.2·√3 right of the apex, its balls 2r apart.
    assert!((x(4) - DVec2::new(0.2 * 3f64.sqrt(), 0.8)).length() < 1e-12, "{}", x(4));
    assert!((x(4).distance(x(5)) - 0.2).abs() < 1e-12);
    assert_eq!((x(7), x(9)), (DVec2::new(-1.5, 0.1), DVec2::new(-0.5, 0.1)));
    // Touching is not overlapping: no warning.
    assert!(scene.warnings.is_empty(), "{:?}", scene.warnings);
}

#[test]
fn a_save_keeps_the_patterns_as_written() {
    let scene = Lesson::parse("patterns.toml", PATTERNS).unwrap();
    let text = to_toml(PATTERNS, &scene.world, &scene.settings, &filed(&scene)).unwrap();
    assert_eq!(text, PATTERNS);
}

#[test]
fn an_edited_copy_writes_its_pattern_out_as_bodies_and_reads_back_the_same() {
    let scene = Lesson::parse("patterns.toml", PATTERNS).unwrap();
    let mut world = scene.world.clone();
    world.motions[8].position.x += 0.25; // crate2
    let text = to_toml(PATTERNS, &world, &scene.settings, &filed(&scene)).unwrap();
    // The rack's copies come before the row's: it is written out too, to keep the world's order.
    assert!(!text.contains("[[row]]") && !text.contains("[[rack]]"), "{text}");
    assert_eq!(text.matches("[[body]]").count(), 10, "{text}");
    let again = Lesson::parse("patterns.toml", &text).unwrap();
    assert_eq!(names(&again), names(&scene));
    assert_eq!(again.world, world);
}

#[test]
fn a_bad_pattern_is_refused_where_it_is_written() {
    let bad = PATTERNS.replace("rows = 3", "rows = 0").replace("mass = 1.0", "mass = -1.0");
    let err = Lesson::parse("patterns.toml", &bad).unwrap_err().to_string();
    assert!(err.contains("patterns.toml:14:1: error: a rack has from 1 to 100 rows"), "{err}");
    assert!(err.contains("patterns.toml:26:1: error: mass must be between"), "{err}");
    assert_eq!(err.matches("error: mass must be").count(), 1, "once for the three copies: {err}");
}
