//! The lesson player (`impulse handout --format html`) without a browser:
//! every lesson's page, both versions and both languages, is one file that
//! asks for nothing outside itself, has a screen per step and a picture per
//! step inline, stays small, and in the student's version holds no answer;
//! the command writes it as it writes a handout, never over a user's file.
//! `browser.rs` (`--features browser`) opens the pages in Chromium.

use impulse::engine::Value;
use impulse::lesson::{self, Lang, Lesson};
use impulse::notation::num;
use impulse::report::handout::{Options, page, student};
use std::process::Command;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(|l| l.unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn options(lang: Lang, student: bool) -> Options {
    Options { lang, student, pictures: true, all: false }
}

/// A ten-step lesson's page must stay under this.
const MEGABYTE: usize = 1 << 20;

#[test]
fn every_page_is_one_file_with_a_screen_and_a_picture_per_step() {
    let mut ten_steps = Vec::new();
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        for (lang, student) in [(Lang::En, false), (Lang::En, true), (Lang::Zh, false), (Lang::Zh, true)] {
            let what = format!("{id} {lang:?} student={student}");
            let built = page::handout(&scene, options(lang, student), None).unwrap_or_else(|e| panic!("{what}: {e}"));
            let html = page::page(&scene, options(lang, student), &built);
            assert!(html.starts_with("<!DOCTYPE html>"), "{what}");
            assert_eq!(html.matches("<section class=\"screen step\"").count(), built.steps, "{what}: a screen per step");
            assert_eq!(html.matches("<svg ").count(), built.pictures.len(), "{what}: every picture inline");
            for n in 1..=built.steps {
                assert!(html.contains(&format!("id=\"step-{n}\"")), "{what}: #step-{n}");
            }
            // Nothing is fetched: no element that loads, no address but the SVG namespace.
            for never in ["src=", "<link", "<img", "<iframe", "<object", "url(", "@import", "https://"] {
                assert!(!html.contains(never), "{what}: {never}");
            }
            assert_eq!(html.matches("http://").count(), html.matches("http://www.w3.org/2000/svg").count(), "{what}");
            assert!(html.contains("@media print"), "{what}");
            if student {
                for (i, _) in &built.asked {
                    assert!(html.contains(&format!("<form class=\"answer\" data-question=\"{i}\"")), "{what}: question {}'s box", i + 1);
                }
            } else {
                assert!(!html.contains("<form class=\"answer\""), "{what}: the teacher's page asks on paper");
            }
            assert!(html.len() < MEGABYTE, "{what}: {} bytes", html.len());
            if built.steps >= 10 {
                ten_steps.push(format!("{what}: {} steps in {} kB", built.steps, html.len() / 1024));
            }
        }
    }
    // Lessons of ten steps and more are among them, so "a ten-step lesson under 1 MB" is shown, not extrapolated.
    assert!(!ten_steps.is_empty(), "no lesson has ten steps");
    println!("{}", ten_steps.join("\n"));
}

/// A question's answer, written as a derivation or a state table writes a
/// number, is not in the student's page (its results are blanks, and the
/// boxes hold hashes); the teacher's page has it.
#[test]
fn the_students_page_holds_no_answer() {
    let mut asked = 0;
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        for lang in [Lang::En, Lang::Zh] {
            let built = page::handout(&scene, options(lang, true), None).unwrap();
            let html = page::page(&scene, options(lang, true), &built);
            let data = html.split("id=\"impulse-data\">").nth(1).unwrap().split("</script>").next().unwrap();
            let data: serde_json::Value = serde_json::from_str(data).unwrap();
            // What the boxes are judged by; the units' tables are the quiz's, the same on every page.
            let mut said = Vec::new();
            numbers_and_words(&data["questions"], &mut said);
            for (i, truth) in &built.asked {
                let Some(truth) = truth else { continue };
                let parts = match truth.value {
                    Value::Scalar(x) => vec![x],
                    Value::Vector(v) => vec![v.x, v.y],
                    _ => continue,
                };
                asked += 1;
                for x in parts.into_iter().filter(|x| x.abs() > 1e-9) {
                    let token = num(x.abs());
                    for s in &said {
                        let found = match s {
                            Said::Number(y) => (y.abs() - x.abs()).abs() <= 1e-9 * x.abs(),
                            Said::Words(w) => student::tokens(&w.replace('−', "-")).iter().any(|t| t.text == token),
                        };
                        assert!(!found, "{id} question {}: {x} in the page's data as {s:?}", i + 1);
                    }
                }
            }
        }
    }
    assert!(asked >= 20, "only {asked} questions with a number");
}

#[derive(Debug)]
enum Said {
    Number(f64),
    Words(String),
}

/// Every number and string of the questions' data, but the hashes and the
/// words that are the same for every answer: the slips of a factor a box
/// names (2, 10, 1 + e), "close: within 10 %" and the choices, which the
/// page shows as the Markdown does.
fn numbers_and_words(v: &serde_json::Value, out: &mut Vec<Said>) {
    match v {
        serde_json::Value::Number(n) => out.push(Said::Number(n.as_f64().unwrap())),
        serde_json::Value::String(s) => out.push(Said::Words(s.clone())),
        serde_json::Value::Array(list) => list.iter().for_each(|x| numbers_and_words(x, out)),
        serde_json::Value::Object(map) => {
            let fixed = ["factors", "close", "right", "correct", "salt", "choices"];
            map.iter().filter(|(k, _)| !fixed.contains(&k.as_str())).for_each(|(_, x)| numbers_and_words(x, out));
        }
        _ => {}
    }
}

fn impulse(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_impulse")).args(args).output().unwrap()
}

#[test]
fn the_page_is_written_as_a_handout_is_never_over_a_users_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("class");
    let out_s = out.to_str().unwrap();
    let run = impulse(&["handout", "rough-balls", "--format", "html", "--out", out_s, "--lang", "en"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.starts_with(&format!("wrote {}", out.join("rough-balls.html").display())), "{said}");
    let first = std::fs::read_to_string(out.join("rough-balls.html")).unwrap();
    assert!(first.contains("id=\"step-4\""));
    // Written again over its own page; the student's beside it.
    assert!(impulse(&["handout", "rough-balls", "--format", "html", "--out", out_s]).status.success());
    assert!(impulse(&["handout", "rough-balls", "--format", "html", "--student", "--out", out_s]).status.success());
    assert!(out.join("rough-balls-student.html").is_file());

    // A page of the user's own is left alone: exit 2, nothing written.
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("rough-balls.html"), "my notes").unwrap();
    let refused = impulse(&["handout", "rough-balls", "--format", "html", "--out", mine.to_str().unwrap(), "--lang", "en"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("would write over rough-balls.html"));
    assert_eq!(std::fs::read_to_string(mine.join("rough-balls.html")).unwrap(), "my notes");

    // `--out -` prints the page.
    let printed = impulse(&["handout", "rough-balls", "--format", "html", "--out", "-", "--lang", "en"]);
    assert!(printed.status.success());
    assert_eq!(String::from_utf8(printed.stdout).unwrap(), first);
}
