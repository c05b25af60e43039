//! `impulse handout`: the Markdown (snapshots in both languages and the
//! student's), every picture of every lesson parsed as SVG, one drawn to
//! pixels, the student's version free of checked answers, and the command's
//! files and refusals.

use impulse::lesson::{self, Expected, Lang, Lesson};
use impulse::notation::{num, plain};
use impulse::report::handout::student::{given_numbers, given_vectors};
use impulse::report::handout::{Built, MAX_FRAMES, MAX_PHASES, Options, build};
use std::collections::BTreeSet;
use std::process::{Command, Output};

use crate::common;
use common::snapshot_settings;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(|l| l.unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn built(scene: &Lesson, lang: Lang, student: bool) -> Built {
    build(scene, Options { lang, student, pictures: true, all: false }, None).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_rough_balls_handout_is_locked_in_both_languages_and_for_students() {
    let scene = lesson::find("rough-balls").unwrap();
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("handout.rough-balls.en", built(&scene, Lang::En, false).markdown);
        insta::assert_snapshot!("handout.rough-balls.zh", built(&scene, Lang::Zh, false).markdown);
        insta::assert_snapshot!("handout.rough-balls.student", built(&scene, Lang::En, true).markdown);
    });
}

/// Every picture parses as XML, is an `<svg>` with a size, has a scale bar
/// and at least one body, and is linked from the Markdown exactly once (and
/// every link has its picture).
fn pictures_are_sound(what: &str, b: &Built) {
    assert!(!b.pictures.is_empty(), "{what}: no pictures");
    let mut files = BTreeSet::new();
    for p in &b.pictures {
        let doc = roxmltree::Document::parse(&p.svg).unwrap_or_else(|e| panic!("{what} {}: not XML: {e}", p.file));
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg", "{what} {}", p.file);
        assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"), "{what} {}", p.file);
        for size in ["width", "height"] {
            let v: f64 = root.attribute(size).and_then(|v| v.parse().ok()).unwrap_or(0.0);
            assert!(v > 100.0, "{what} {}: {size} {v}", p.file);
        }
        assert!(doc.descendants().any(|n| n.attribute("id") == Some("scale-bar")), "{what} {}: no scale bar", p.file);
        let bodies = doc.descendants().filter(|n| n.attribute("class") == Some("body")).count();
        assert!(bodies >= 1, "{what} {}: no body", p.file);
        // Every coordinate is a finite number.
        for n in doc.descendants().filter(|n| n.is_element()) {
            for a in n.attributes().filter(|a| ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r"].contains(&a.name())) {
                assert!(a.value().parse::<f64>().is_ok_and(f64::is_finite), "{what} {}: {}={}", p.file, a.name(), a.value());
            }
        }
        let link = format!("]({})", p.file);
        assert_eq!(b.markdown.matches(&link).count(), 1, "{what}: {} linked once", p.file);
        assert!(files.insert(p.file.clone()), "{what}: {} twice", p.file);
    }
    assert_eq!(b.markdown.matches("](").count(), b.pictures.len(), "{what}: a link without a picture");
}

#[test]
fn every_picture_of_every_lesson_is_sound_svg() {
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        for (lang, student) in [(Lang::En, false), (Lang::Zh, false), (Lang::En, true)] {
            let b = built(&scene, lang, student);
            pictures_are_sound(&format!("{id} ({lang:?}, student {student})"), &b);
            // A step at a phase that changed nothing says so in a line instead of a picture.
            let notes = b.markdown.matches(if lang == Lang::Zh { "本阶段没有改变任何物体" } else { "This phase changed no body" }).count();
            assert_eq!(b.pictures.len() + notes, scene.steps.len(), "{id}: a picture or a note per step");
        }
    }
}

#[test]
fn a_scene_without_narration_gets_a_section_per_frame_where_contact_begins() {
    let scene = Lesson::parse("starter.toml", impulse::scene::STARTER).unwrap();
    let b = built(&scene, Lang::En, false);
    pictures_are_sound("starter", &b);
    let sections: Vec<&str> = b.markdown.split("\n## ").skip(1).collect();
    assert!(!sections.is_empty() && sections.len() <= MAX_FRAMES, "{} sections", sections.len());
    for s in &sections {
        assert!(s.starts_with(|c: char| c.is_ascii_digit()) && s.contains(". Frame "), "{s}");
        let phases: Vec<&str> = s.lines().filter(|l| l.starts_with("### ")).collect();
        assert!(!phases.is_empty() && phases.len() <= MAX_PHASES, "{phases:?}");
        // Only phases that did something: no gravity, no integration, no broad phase.
        for p in phases {
            assert!(["### detect", "### correct", "### resolve", "### warm"].iter().any(|k| p.starts_with(k)), "{p}");
        }
    }
    // The set-up is drawn first, then one picture a section.
    assert_eq!(b.pictures[0].file, "setup.svg");
    assert_eq!(b.pictures.len(), 1 + sections.len());
    // `--all`: a picture for every phase shown.
    let all = build(&scene, Options { lang: Lang::En, student: false, pictures: true, all: true }, None).unwrap();
    let shown = all.markdown.lines().filter(|l| l.starts_with("### ")).count();
    assert!(all.pictures.len() == 1 + shown && shown > sections.len(), "{} pictures, {shown} phases", all.pictures.len());
}

/// A student's picture at a resolve draws the velocities the scene gives,
/// even when a correction has moved the bodies first (SAT: the plank and the
/// crate are pushed apart, their velocities still the ones the file states).
#[test]
fn a_students_resolve_picture_draws_the_given_velocities() {
    let b = built(&lesson::find("sat").unwrap(), Lang::En, true);
    let resolve =
        b.pictures.iter().find(|p| p.svg.contains("<title>Frame 0 · resolve · pass 1 · plank–crate</title>")).expect("a resolve picture");
    for label in [">v plank (1, 0) m/s<", ">v crate (−1, 0) m/s<"] {
        assert!(resolve.svg.contains(label), "{label} missing in {}", resolve.file);
    }
}

/// A student measures off the page: every student picture has a grid of
/// light lines at the scale bar's round metres, the teacher's none. In
/// tangent-fix (scale bar 2 m, the view 4…20 m by 4…16 m) they are the
/// lines x = 4, 6, …, 20 and y = 4, 6, …, 16: 9 + 7.
#[test]
fn a_students_pictures_have_a_grid_at_round_metres() {
    let scene = lesson::find("tangent-fix").unwrap();
    let student = built(&scene, Lang::En, true);
    for p in &student.pictures {
        let grid = p.svg.split("<g id=\"grid\"").nth(1).and_then(|g| g.split("</g>").next()).unwrap_or_else(|| panic!("{}", p.file));
        assert!(p.svg.contains(">scale bar 2 m<"), "{}", p.file);
        assert_eq!(grid.matches("<line").count(), 9 + 7, "{}", p.file);
    }
    assert!(built(&scene, Lang::En, false).pictures.iter().all(|p| !p.svg.contains("id=\"grid\"")));
}

/// A phase that changed nothing gets a line, not a picture, in both
/// languages, and keeps its narration and derivation: tangent-fix's forces
/// without gravity and its correction of depth 0.
#[test]
fn a_phase_that_changed_nothing_has_a_line_instead_of_a_picture() {
    let scene = lesson::find("tangent-fix").unwrap();
    for (lang, note) in
        [(Lang::En, "*This phase changed no body, so it has no picture.*"), (Lang::Zh, "*本阶段没有改变任何物体，因此不配图。*")]
    {
        let md = built(&scene, lang, false).markdown;
        let correction = md.split("## 4. ").nth(1).unwrap().split("\n## ").next().unwrap();
        assert!(correction.contains(note) && !correction.contains("]("), "{correction}");
        assert!(correction.contains("  = 0·0.8 / (0.5 + 0.333333)\n"), "{correction}");
        assert!(correction.contains("| m1 | (14, 13) | 0 | (0, −5) | 1 |"), "{correction}");
    }
}

/// `impulse handout tangent-fix --set solver.tangent=projected`: the run is the
/// fixed one, the narration still the bug's. The handout says so at the top,
/// marks the step whose numbers no longer hold, and lists the run's numbers to
/// verify: the rough-balls article's corrected result J = (4.896, 5.472) N·s,
/// v1 = (2.448, −2.264) m/s, ω1 = 0.28 rad/s and KE 20.952 J, with the
/// narration's beside them. Its count of differing checks is `impulse check`'s.
#[test]
fn a_handout_under_set_marks_what_its_narration_no_longer_says() {
    let scene = lesson::find("tangent-fix").unwrap().with_sets(&["solver.tangent=projected".to_string()]).unwrap();
    let failing = lesson::run_checks(&scene).unwrap().iter().filter(|o| !o.passed).count();
    assert_eq!(failing, 8, "impulse check gives 36 of 44");
    let md = built(&scene, Lang::En, false).markdown;
    assert!(md.contains("changed `tangent = rotated-normal → projected`, 8/44 checks give other numbers"), "{md}");
    assert!(
        md.contains("> - J at resolve · pass 1 \\(frame 0\\): the narration says (6.624, 3.168), this run gives **(4.896, 5.472)**"),
        "{md}"
    );
    for line in [
        "- `J` · resolve · pass 1 · frame 0: **(4.896, 5.472) N·s** ⚠ (the narration says (6.624, 3.168) N·s)",
        "- `m1.velocity` · resolve · pass 1 · frame 0: **(2.448, −2.264) m/s** ⚠",
        "- `m1.angular_velocity` · resolve · pass 1 · frame 0: **0.28 rad/s** ⚠",
        "- `kinetic_energy` · resolve · pass 1 · frame 0: **20.952 J** ⚠ (the narration says 38.232 J)",
        "- `jt` · resolve · pass 1 · frame 0: **−1.44 N·s**\n",
    ] {
        assert!(md.contains(line), "missing {line:?}");
    }
    // A student's handout says a step differs, never by how much.
    let student = built(&scene, Lang::En, true).markdown;
    assert!(student.contains("> ⚠ **The narration's numbers do not hold in this run**."), "{student}");
    assert!(!student.contains("4.896"), "{student}");
    // The lesson as written: nothing to mark.
    for scene in lessons() {
        let md = built(&scene, Lang::En, false).markdown;
        assert!(!md.contains('⚠'), "{}", scene.section.as_ref().unwrap().id);
    }
}

/// The unsigned numbers of a text: digits with an optional decimal part,
/// not glued to a letter, digit or point before them ("m1" names a body).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let glued = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.' || b[i - 1] == b'_');
        if !b[i].is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        out.push((start, i));
    }
    out
}

/// `text` without the numbers that say where, not how much: section numbers
/// ("## 6."), passes, frames, events and faces ("pass 2", "frame 8").
fn without_places(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = match line.strip_prefix("## ").and_then(|rest| rest.split_once(". ")) {
            Some((n, rest)) if n.bytes().all(|b| b.is_ascii_digit()) => format!("## {rest}"),
            _ => line.to_string(),
        };
        // A row of the SAT table starts with the face it is about: "| crate 3 |".
        let line = match line.strip_prefix("| ").and_then(|rest| rest.split_once(" |")) {
            Some((cell, rest)) if cell.rsplit(' ').next().is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) => {
                format!("| {} N |{rest}", cell.rsplit_once(' ').map_or(cell, |(body, _)| body))
            }
            _ => line,
        };
        let mut words: Vec<&str> = Vec::new();
        for w in line.split(' ') {
            let place = matches!(words.last(), Some(&("pass" | "frame" | "Frame" | "event" | "face" | "passes")));
            words.push(if place && w.bytes().next().is_some_and(|b| b.is_ascii_digit()) { "N" } else { w });
        }
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// Whether the number at `start..end` is written as a result: after "="
/// (and a sign), and neither a factor of more arithmetic nor the
/// coefficient of a symbol ("x = 3t").
fn as_result(text: &str, (start, end): (usize, usize)) -> bool {
    let before = text[..start].trim_end_matches(['-', '−']).trim_end();
    let coefficient = text[end..].chars().next().is_some_and(|c| c.is_alphabetic() && !"JmNs".contains(c));
    let after = text[end..].trim_start();
    before.ends_with('=') && !coefficient && !after.starts_with(['·', '×', '/', '+', '−', '-', '*'])
}

/// For every check of every lesson: the student's Markdown never writes its
/// expected number. A number the scene also gives (μ = 0.2 is both the input
/// and the pair's average; a mass of 3 kg and vrn = 3 m/s) must appear in the
/// set-up, so for those the test asks only that it is never written as a
/// result ("= 3"). A checked vector never appears as written. The student's
/// pictures' labels hold no checked number the scene does not give.
#[test]
fn a_student_handout_states_no_checked_result() {
    let mut tested = 0;
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        let b = built(&scene, Lang::En, true);
        // The questions (at their steps, or at the end) ask for results in the
        // author's words; a choice question lists its answer among the others
        // by design.
        let md = b.markdown.split("\n## Questions\n").next().unwrap();
        let question = |l: &&str| l.starts_with("**Question ") || l.starts_with("   - (") || l.starts_with("   Work it out here:");
        let md: String = md.lines().filter(|l| !question(l)).map(|l| format!("{l}\n")).collect();
        let md = without_places(&md.replace('−', "-"));
        // What the scene gives a student, and the step dt the world line states.
        let mut given = given_numbers(&scene.world);
        given.insert(num(scene.settings.dt));
        let given_vectors = given_vectors(&scene.world);
        let labels: String = b
            .pictures
            .iter()
            .flat_map(|p| {
                let doc = roxmltree::Document::parse(&p.svg).unwrap();
                doc.descendants()
                    .filter(|n| n.has_tag_name("text") && n.attribute("class") != Some("legend"))
                    .filter_map(|n| n.text().map(str::to_string))
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let labels = without_places(&labels);
        for c in &scene.checks {
            let xs = match c.expected {
                Expected::Scalar(x) => vec![x],
                Expected::Vector([x, y]) => {
                    // A zero vector (a body at rest) is everywhere, as 0 is.
                    // With ASCII minus signs, as the handout is read here.
                    let v = format!("({}, {})", plain(x), plain(y));
                    if (x, y) == (0.0, 0.0) {
                    } else if given_vectors.contains(&v) {
                        assert!(!md.replace(' ', "").contains(&format!("={}", v.replace(' ', ""))), "{id}: writes = {v}");
                    } else {
                        assert!(!md.contains(&v), "{id}: the student's handout writes the checked {v}");
                    }
                    vec![x, y]
                }
                Expected::Bool(_) => vec![],
            };
            for x in xs.into_iter().filter(|x| *x != 0.0) {
                let token = num(x.abs());
                let at: Vec<(usize, usize)> = numbers(&md).into_iter().filter(|&(s, e)| md[s..e] == token).collect();
                if given.contains(&token) {
                    // The world line states the scene's own inputs ("dt = 1 s").
                    let world_line = |s: usize| md[..s].rsplit('\n').next().is_some_and(|l| l.starts_with("World: "));
                    for span in at.into_iter().filter(|&(s, _)| !world_line(s)) {
                        assert!(!as_result(&md, span), "{id}: the student's handout writes the checked {token} as a result");
                    }
                } else {
                    assert!(at.is_empty(), "{id}: the student's handout writes the checked {token} (not an input of the scene)");
                    let in_labels = numbers(&labels).into_iter().any(|(s, e)| labels[s..e] == token);
                    assert!(!in_labels, "{id}: a student's picture writes the checked {token}");
                }
                tested += 1;
            }
        }
        // And every result line is blank.
        assert!(md.contains("= ________"), "{id}");
    }
    assert!(tested > 50, "only {tested} checked numbers");
}

#[test]
fn a_picture_draws_to_pixels() {
    let scene = lesson::find("rough-balls").unwrap();
    let b = built(&scene, Lang::En, false);
    let resolve = b.pictures.iter().find(|p| p.svg.contains("resolve · pass 1")).expect("the resolve step's picture");
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(&resolve.svg, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let pixels = pixmap.pixels();
    let inked = pixels.iter().filter(|p| p.red() < 200 || p.green() < 200 || p.blue() < 200).count();
    assert!(inked * 100 > pixels.len(), "almost blank: {inked} of {} pixels", pixels.len());
    // The impulse arrows' orange (#e67e00) is there.
    assert!(pixels.iter().any(|p| p.red() == 0xe6 && p.green() == 0x7e && p.blue() == 0x00), "no impulse arrow drawn");
}

fn impulse(args: &[&str], dir: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).current_dir(dir).output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn the_command_writes_a_folder_and_never_over_a_users_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = impulse(&["handout", "rough-balls"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let folder = dir.join("rough-balls-handout");
    let md = std::fs::read_to_string(folder.join("rough-balls.md")).unwrap();
    // Four steps, two of them at phases that changed nothing (the forces without gravity, the zero correction).
    assert!(md.contains("](step-02.svg)") && !md.contains("step-03.svg"));
    for k in 1..=2 {
        assert!(folder.join(format!("step-{k:02}.svg")).is_file());
    }
    // Again: it wrote them, so it may write them again; the student's go beside them.
    assert_eq!(impulse(&["handout", "rough-balls"], dir).status.code(), Some(0));
    let out = impulse(&["handout", "rough-balls", "--student", "--lang", "zh"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(folder.join("rough-balls-student.md").is_file() && folder.join("student-step-01.svg").is_file());
    assert_eq!(std::fs::read_to_string(folder.join("rough-balls.md")).unwrap(), md, "the teacher's file is left alone");

    // A file of the user's where the handout would write: nothing is written, exit 2.
    let mine = dir.join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("step-02.svg"), "my drawing").unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "mine"], dir);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("step-02.svg") && err.contains("--force") && err.contains("nothing was written"), "{err}");
    assert_eq!(std::fs::read_to_string(mine.join("step-02.svg")).unwrap(), "my drawing");
    assert!(!mine.join("rough-balls.md").exists());
    // With --force it is written over.
    assert_eq!(impulse(&["handout", "rough-balls", "--out", "mine", "--force"], dir).status.code(), Some(0));
    assert!(std::fs::read_to_string(mine.join("step-02.svg")).unwrap().starts_with("<svg"));
}

#[test]
fn pictures_an_earlier_run_wrote_and_this_one_does_not_are_removed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    assert_eq!(impulse(&["handout", "sat", "--out", "h"], dir).status.code(), Some(0));
    assert!(dir.join("h/step-07.svg").is_file());
    // The same folder for a lesson of two pictures: the sat lesson's later pictures go, its Markdown stays.
    let out = impulse(&["handout", "rough-balls", "--out", "h"], dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!dir.join("h/step-07.svg").exists() && dir.join("h/step-02.svg").is_file());
    assert!(dir.join("h/sat.md").is_file());
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = impulse(&["handout", "rough-bals"], dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("did you mean `rough-balls`?"), "{}", text(&out.stderr));
    let out = impulse(&["handout", "nowhere/scene.toml"], dir);
    assert_eq!(out.status.code(), Some(2));
    // A file where the folder would go.
    std::fs::write(dir.join("taken"), "").unwrap();
    let out = impulse(&["handout", "rough-balls", "--out", "taken"], dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a folder"), "{}", text(&out.stderr));
    let out = impulse(&["handout", "rough-balls", "--out", "taken/inside"], dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot make the folder"), "{}", text(&out.stderr));
}

/// Smooth balls' impulse leaves ω at round-off (about 1e-15): no picture draws
/// it as a change of spin or writes it in exponent form.
#[test]
fn round_off_in_spin_draws_no_spin_change() {
    let scene = lesson::find("smooth-balls").unwrap();
    let b = built(&scene, Lang::En, false);
    for p in &b.pictures {
        assert!(!p.svg.contains("ω'"), "{}: a spin change drawn from round-off", p.file);
        assert!(!p.svg.contains("e-1") && !p.svg.contains("e−1"), "{}: round-off written out", p.file);
    }
    assert!(!b.markdown.contains("e-15") && !b.markdown.contains("e−15"), "{}", b.markdown);
}

/// A scene handout chooses no phase that changed nothing: an action that sets
/// the velocity a ball already has acts but changes no body, so no frame gets a section.
#[test]
fn a_scene_handout_leaves_out_an_action_that_changed_nothing() {
    let source = "[world]\ngravity = [0.0, 0.0]\n\n[[body]]\nname = \"b\"\nshape = \"circle\"\nradius = 1.0\nmass = 1.0\nvelocity = [1.0, 0.0]\n\n[[action]]\nframe = 0\nbody = \"b\"\nvelocity = [1.0, 0.0]\n";
    let scene = Lesson::parse("same.toml", source).unwrap();
    let b = build(&scene, Options::default(), Some(5)).unwrap();
    assert_eq!(b.steps, 0, "{}", b.markdown);
    assert!(b.markdown.contains("Nothing touched in the frames run."), "{}", b.markdown);
    // The same action changing the velocity is a section.
    let changed = Lesson::parse("set.toml", &source.replace("velocity = [1.0, 0.0]\n\n", "velocity = [2.0, 0.0]\n\n")).unwrap();
    assert_eq!(build(&changed, Options::default(), Some(5)).unwrap().steps, 1);
}
