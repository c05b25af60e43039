//! Chinese everywhere the screen speaks: every lesson, at one phase of each
//! kind of every frame its steps and questions stand on, rendered with
//! `--lang zh` (120×40 TestBackend), and at every narrated step, holds no English word of the screen's
//! own word list. The list is the English side of `src/tui/words.rs` and the
//! English phase and quantity words; names, symbols, units, keys and file
//! keywords are not words to translate and are left out of it.

use impulse::engine::PhaseKind;
use impulse::lesson::{self, Lang, Lesson};
use impulse::tui::app::Screen;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};
use std::collections::BTreeSet;

/// Not words to translate: keys, commands, file keywords and values, units.
const KEPT: &[&str] = &[
    "enter",
    "esc",
    "tab",
    "space",
    "ctrl",
    "shift",
    "del",
    "pgup",
    "pgdn",
    "impulse",
    "run",
    "key",
    "value",
    "static",
    "fps",
    "vcor",
    "kg",
    "rad",
    "true",
    "false",
    "warm_start",
    "method",
    "question",
    // Symbols: v_rel, vrn, vrt, dist, displ, vcor.
    "rel",
    "vrn",
    "vrt",
    "dist",
    "displ",
    // algs4's name for its frame-end event.
    "redraw",
    // Values of [solver] keys, as the file writes them: method, tangent.
    "reposition",
    "relaxation",
    "projected",
    "sign",
    "fixed",
    "rotated",
    "normal",
    "driven",
    "event",
];

/// The English words of the screen: the English table of `words.rs` and the
/// terms phase titles and derivations are written in.
fn word_list() -> BTreeSet<String> {
    let source = include_str!("../../src/tui/words.rs");
    let english = &source[source.find("pub const EN: Words").unwrap()..source.find("pub const ZH: Words").unwrap()];
    let terms = include_str!("../../src/notation/terms.rs");
    let english_terms = &terms[terms.find("pub const EN: Terms").unwrap()..terms.find("pub const ZH: Terms").unwrap()];
    let names = &terms[terms.find("names: &[\n").unwrap()..terms.find("fn kind_zh").unwrap()];
    let kinds = [
        "forces",
        "broad",
        "detect",
        "correct",
        "resolve",
        "integrate",
        "warm",
        "move",
        "reposition",
        "velocity",
        "correction",
        "bounce",
        "endpoint",
        "predict",
        "event",
    ];
    // The English of each (English, Chinese) pair: its first string.
    let name_words = names.lines().filter_map(|l| l.split('"').nth(1));
    let literals = |text: &'static str| text.split('"').skip(1).step_by(2).collect::<Vec<_>>();
    literals(english)
        .into_iter()
        .chain(literals(english_terms))
        .chain(name_words)
        .chain(kinds)
        .flat_map(|s| s.split(|c: char| !c.is_ascii_alphabetic()).map(str::to_lowercase).collect::<Vec<_>>())
        .filter(|w| w.len() >= 3 && !KEPT.contains(&w.as_str()))
        .collect()
}

/// The screen's cells as text, a row a line.
fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..40).map(|y| (0..120).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect::<Vec<_>>().join("\n")
}

/// The words a lesson's own Chinese texts write in Latin letters (its bodies'
/// names, the English term beside a Chinese one): the lesson's, not the screen's.
fn lesson_words(lesson: &Lesson) -> Vec<String> {
    let section = lesson.section.as_ref().unwrap();
    let texts = lesson
        .steps
        .iter()
        .flat_map(|s| [s.title_zh.clone(), s.text_zh.clone()])
        .chain(lesson.questions.iter().flat_map(|q| [q.ask_zh.clone(), q.explain_zh.clone(), q.choices_zh.as_ref().map(|c| c.join(" "))]))
        .chain([section.title_zh.clone(), section.summary_zh.clone()])
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let bodies = lesson.world.bodies.iter().map(|b| b.name.clone());
    texts.split(|c: char| !c.is_ascii_alphabetic()).map(str::to_lowercase).chain(bodies).collect()
}

fn stepper(app: &App) -> &impulse::tui::app::Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

/// English words of `list` on `shown`, other than the lesson's body names.
/// A phase's address (`0:resolve:1:m1-m2`) is what `--at` reads, in any
/// language, so it is no English on the screen.
fn english_on(shown: &str, list: &BTreeSet<String>, names: &[String]) -> BTreeSet<String> {
    shown
        .split_whitespace()
        .filter(|token| impulse::session::address::Address::parse(token).is_err())
        .flat_map(|token| token.split(|c: char| !c.is_ascii_alphabetic()))
        .map(str::to_lowercase)
        .filter(|w| list.contains(w) && !names.iter().any(|n| n.to_lowercase() == *w))
        .collect()
}

#[test]
fn every_lesson_speaks_chinese_at_every_kind_of_phase() {
    let list = word_list();
    assert!(list.contains("frame") && list.contains("resolve") && list.contains("distance"), "{list:?}");
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().map(Result::unwrap).collect();
    let mut found = Vec::new();
    for lesson in &lessons {
        let names = lesson_words(lesson);
        let frames: BTreeSet<u64> =
            std::iter::once(0).chain(lesson.steps.iter().map(|s| s.frame)).chain(lesson.questions.iter().map(|q| q.frame)).collect();
        let mut app = App::stepper(lesson.clone(), lessons.clone(), false).with_lang(Lang::Zh);
        for frame in frames {
            while stepper(&app).frame < frame {
                app.update(Msg::NextFrame);
            }
            let mut seen: Vec<PhaseKind> = Vec::new();
            while stepper(&app).frame == frame {
                let s = stepper(&app);
                let kind = s.record().phases.at(s.phase).kind();
                if !seen.contains(&kind) {
                    seen.push(kind);
                    let shown = screen(&app);
                    if std::env::var("SHOW_ZH").is_ok() {
                        eprintln!("{shown}");
                    }
                    let english = english_on(&shown, &list, &names);
                    if !english.is_empty() {
                        found.push(format!("{} frame {frame} {}: {english:?}", lesson.section.as_ref().unwrap().id, kind.name()));
                    }
                }
                let at = (s.frame, s.phase);
                app.update(Msg::NextPhase);
                if (stepper(&app).frame, stepper(&app).phase) == at {
                    break;
                }
            }
        }
    }
    // And at every narrated step, where the phases the lessons are about stand (SAT's early exit).
    for lesson in &lessons {
        let names = lesson_words(lesson);
        let mut app = App::stepper(lesson.clone(), lessons.clone(), false).with_lang(Lang::Zh);
        for _ in &lesson.steps {
            app.update(Msg::NextStep);
            let shown = screen(&app);
            if std::env::var("SHOW_ZH").is_ok() {
                eprintln!("{shown}");
            }
            let english = english_on(&shown, &list, &names);
            if !english.is_empty() {
                let s = stepper(&app);
                found.push(format!("{} frame {} phase {}: {english:?}", lesson.section.as_ref().unwrap().id, s.frame, s.phase));
            }
        }
    }
    assert!(found.is_empty(), "English on the Chinese screen:\n{}", found.join("\n"));
}
