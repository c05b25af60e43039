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

/// The words a scene file itself writes: keys, table names, the values a key
/// takes and the files' own names. They stay as written in any language.
fn file_words(texts: &[&str]) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for text in texts {
        for line in text.lines() {
            let line = line.trim_start_matches(['#', ' ']);
            // A key (`mass = `), a table (`[[body]]`) or a quoted value (`"velocity-ratio"`).
            let (key, value) = match line.split_once(" = ") {
                Some((k, v)) if !k.contains(' ') => (Some(k), v.split(' ').next()),
                _ => (None, None),
            };
            let table = line.strip_prefix('[').map(|t| t.trim_matches(['[', ']']));
            let quoted = line.split('"').skip(1).step_by(2);
            for piece in key.into_iter().chain(value).chain(table).chain(quoted) {
                words.extend(piece.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).map(str::to_lowercase));
            }
        }
    }
    words
}

/// The words of `text` outside what is quoted as written: `code`, "values",
/// 《titles》, paths, and the file's own lines under a message (`12 | mass = …`).
fn own_words(text: &str) -> Vec<String> {
    let quoting_the_file =
        |l: &str| l.trim_start().starts_with("-->") || l.trim_start().split(' ').next().is_some_and(|n| n.parse::<u32>().is_ok());
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !quoting_the_file(l)) {
        let line: Vec<&str> = line.split(' ').filter(|w| !w.contains(".toml") && !w.contains('/')).collect();
        let line = line.join(" ");
        let mut kept = String::new();
        let mut closing: Option<char> = None;
        for c in line.chars() {
            match (closing, c) {
                (None, '`' | '"') => closing = Some(c),
                (None, '《') => closing = Some('》'),
                (Some(end), c) if c == end => closing = None,
                (None, c) => kept.push(c),
                _ => {}
            }
        }
        out.extend(kept.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3).map(str::to_lowercase));
    }
    out
}

/// Scene errors under `--lang zh`: every mistake of `tests/broken/`, a bad
/// `--set` and a bad `--break-on` condition. The message, the label under the
/// line and the help say no English word but what the file itself writes
/// (keys, values, names, a line to copy); file:line:column and exit code 2 stay.
#[test]
fn every_scene_error_speaks_chinese() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let format = file_words(&[include_str!("../../src/scene/reference.toml"), include_str!("../../src/scene/starter.toml")]);
    // Units, the texts' authors, what the file is (TOML, UTF-8), the corners
    // of `view`, the keys of a question and the values a phase records.
    let kept = [
        "kg",
        "rad",
        "nan",
        "inf",
        "toml",
        "utf",
        "sedgewick",
        "wayne",
        "dobre",
        "ramtal",
        "set",
        "key",
        "value",
        "xmin",
        "ymin",
        "xmax",
        "ymax",
        "answer",
        "choices",
        "correct",
        "approaching",
        "rel",
        "vrn",
        "vrt",
    ];
    let mut runs: Vec<(String, Vec<String>)> = std::fs::read_dir(root.join("tests/broken"))
        .unwrap()
        .map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            (format!("tests/broken/{name}"), vec!["check".to_string(), format!("tests/broken/{name}")])
        })
        .collect();
    let command = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    runs.push(("--set".to_string(), command(&["check", "rough-balls", "--set", "solver.tangent=sideways"])));
    runs.push(("--set".to_string(), command(&["check", "rough-balls", "--set", "body.bal.friction=0.5"])));
    runs.push(("--set".to_string(), command(&["check", "rough-balls", "--set", "nokey"])));
    runs.push(("--break-on".to_string(), command(&["run", "rough-balls", "--break-on", "contact m1 m3"])));
    runs.push(("--break-on".to_string(), command(&["run", "rough-balls", "--break-on", "jn <"])));
    runs.sort();
    let screen = word_list();
    let mut found = Vec::new();
    for (file, args) in &runs {
        let run = |lang: &str| {
            std::process::Command::new(env!("CARGO_BIN_EXE_impulse"))
                .args(args)
                .args(["--lang", lang])
                .current_dir(root)
                .env("NO_COLOR", "1")
                .output()
                .unwrap()
        };
        let (en, zh) = (run("en"), run("zh"));
        let (en_text, zh_text) = (String::from_utf8(en.stderr).unwrap(), String::from_utf8(zh.stderr).unwrap());
        assert_eq!(zh.status.code(), Some(2), "{file}: {zh_text}");
        // The same places, in the same order.
        let places = |t: &str| {
            let line_col = |l: &str| l.rsplitn(3, ':').take(2).collect::<Vec<_>>().join(":");
            t.lines().filter(|l| l.trim_start().starts_with("-->")).map(line_col).collect::<Vec<_>>()
        };
        assert_eq!(places(&en_text), places(&zh_text), "{file}");
        let mut own = file_words(&[&std::fs::read_to_string(root.join(file)).unwrap_or_default()]);
        own.extend(args.iter().flat_map(|a| a.split(|c: char| !c.is_ascii_alphabetic()).map(str::to_lowercase)));
        let english: BTreeSet<String> = own_words(&zh_text)
            .into_iter()
            .filter(|w| !format.contains(w) && !own.contains(w) && !kept.contains(&w.as_str()))
            .filter(|w| own_words(&en_text).contains(w) || screen.contains(w))
            .collect();
        if std::env::var("SHOW_ZH").is_ok() {
            eprintln!("{zh_text}");
        }
        if !english.is_empty() {
            found.push(format!("{file}: {english:?}\n{zh_text}"));
        }
    }
    assert!(found.is_empty(), "English in {} of {} Chinese errors:\n{}", found.len(), runs.len(), found.join("\n"));
}

/// The text of a handout a reader sees: the Markdown outside its code spans
/// (quantity names as checks write them) and the words of its pictures.
fn handout_text(built: &impulse::report::handout::Built) -> String {
    // The source line cites the texts by their own titles, which stay as published.
    let (source, rest) = built.markdown.split_once("\n出处：").expect("a lesson names its source");
    let title = rest.split_once('\n').map_or(rest, |(line, _)| line);
    assert!(title.starts_with('《') || title.contains("《"), "{title}");
    let rest = rest.split_once('\n').map_or("", |(_, after)| after);
    // Pictures are linked by file name (step-01.svg).
    let markdown: String = format!("{source}\n{rest}").split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let markdown = markdown.split("](").map(|part| part.split_once(')').map_or(part, |(_, after)| after)).collect::<Vec<_>>().join(" ");
    let pictures = built.pictures.iter().flat_map(|p| p.svg.split("<text").skip(1).map(|t| t.split_once('>').map_or("", |(_, rest)| rest)));
    let words: Vec<&str> = pictures.map(|t| t.split("</text>").next().unwrap_or("")).collect();
    format!("{markdown}\n{}", words.join("\n"))
}

/// Every lesson's handout in Chinese, the teacher's and the student's, with
/// its pictures: no English word of the screen's word list outside the
/// lesson's own names and the quantity names checks write in code.
#[test]
fn every_handout_speaks_chinese() {
    use impulse::report::handout::{Options, build};
    let list = word_list();
    let mut found = Vec::new();
    for lesson in lesson::embedded().into_iter().map(Result::unwrap) {
        let names = lesson_words(&lesson);
        for student in [false, true] {
            let built = build(&lesson, Options { lang: Lang::Zh, student, pictures: true, all: false }, None).unwrap();
            let shown = handout_text(&built);
            if std::env::var("SHOW_ZH").is_ok() {
                eprintln!("{shown}");
            }
            let english = english_on(&shown, &list, &names);
            if !english.is_empty() {
                found.push(format!("{} (student: {student}): {english:?}", lesson.section.as_ref().unwrap().id));
            }
        }
    }
    assert!(found.is_empty(), "English in the Chinese handouts:\n{}", found.join("\n"));
}

/// The debugger's notes with `--lang zh`: a toggle, a breakpoint that does not
/// read, searches that find nothing, A/B with a setting that does not read and
/// with one that does, a frame too far. Each says no English word of the
/// screen's list but what was typed.
#[test]
fn the_notes_speak_chinese() {
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().map(Result::unwrap).collect();
    let lesson = lessons.iter().find(|l| l.section.as_ref().unwrap().id == "rough-balls").unwrap().clone();
    let names = lesson_words(&lesson);
    let mut app = App::stepper(lesson, lessons, false).with_lang(Lang::Zh);
    let list = word_list();
    let type_in = |app: &mut App, text: &str| {
        for _ in 0..80 {
            app.update(Msg::Erase);
        }
        for c in text.chars() {
            app.update(Msg::Input(c));
        }
        app.update(Msg::Accept);
    };
    let mut heard = Vec::new();
    let mut hear = |app: &App, typed: &str| {
        let note = stepper(app).note_text().unwrap_or_default();
        let typed: Vec<String> = typed.split(|c: char| !c.is_ascii_alphabetic()).map(str::to_lowercase).collect();
        let english: BTreeSet<String> = english_on(&note, &list, &names).into_iter().filter(|w| !typed.contains(w)).collect();
        heard.push((note, english));
    };
    app.update(Msg::ToggleBounds);
    hear(&app, "");
    app.update(Msg::ToggleInfo);
    hear(&app, "");
    for key in [Msg::Zoom(1, None), Msg::Follow, Msg::Fit, Msg::ToggleNames, Msg::ToggleScale, Msg::ToggleLayout, Msg::ToggleLayout] {
        app.update(key);
        hear(&app, "");
    }
    app.update(Msg::AddBreak);
    type_in(&mut app, "contact m1 m3");
    hear(&app, "contact m1 m3");
    type_in(&mut app, "jn < -100");
    hear(&app, "jn < -100");
    app.update(Msg::NextMatch);
    hear(&app, "");
    app.update(Msg::PrevMatch);
    hear(&app, "");
    app.update(Msg::Variant);
    type_in(&mut app, "solver.tangent=sideways");
    hear(&app, "solver.tangent=sideways");
    type_in(&mut app, "solver.tangent=sign-fixed");
    hear(&app, "solver.tangent=sign-fixed");
    app.update(Msg::GoToFrame);
    type_in(&mut app, "99999999");
    hear(&app, "");
    let said: Vec<&String> = heard.iter().map(|(note, _)| note).collect();
    assert!(heard.iter().all(|(note, english)| !note.is_empty() && english.is_empty()), "{heard:#?}");
    assert!(said.iter().any(|n| n.contains("包围圆")) && said.iter().any(|n| n.contains("没有叫 \"m3\" 的物体")), "{said:#?}");
}

/// `impulse check --lang zh` on lessons that pass: the summary and each
/// check's line say no English word of the screen's list but the checks' own
/// keys (`total kinetic_energy` is 总量 kinetic_energy).
#[test]
fn check_speaks_chinese() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_impulse"))
        .args(["check", "rough-balls", "tangent-fix", "snooker", "--lang", "zh"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.starts_with("rough-balls：13 项检查中 13 项通过\n  通过 vrn · 求解 · 第 1 轮 · 第 0 帧：应为 3，得到 3\n"), "{said}");
    // The lessons' ids, the checks' keys and the values of their settings (friction none).
    let keys: Vec<String> =
        ["rough", "balls", "tangent", "fix", "approaching", "momentum", "velocity", "normal", "depth", "friction", "none", "contact"]
            .iter()
            .map(|k| k.to_string())
            .collect();
    let english = english_on(&said.replace("kinetic_energy", "").replace("angular_velocity", ""), &word_list(), &keys);
    assert!(english.is_empty(), "{english:?}\n{said}");
}

/// The status line names the method and the friction tangent in Chinese:
/// "切向 投影", "回退法", "事件驱动法", never "projected", "reposition" or
/// "event-driven".
#[test]
fn the_status_line_names_method_and_tangent_in_chinese() {
    for (id, said, english) in
        [("rough-balls", "切向 投影", "projected"), ("particles", "回退法", "reposition"), ("event-driven", "事件驱动法", "event-driven")]
    {
        let app = App::stepper(lesson::find(id).unwrap(), vec![], false).with_lang(Lang::Zh);
        let shown = screen(&app);
        // A wide character's second cell is a space of its own: the words are compared without spaces.
        let status = shown.lines().last().unwrap_or_default().replace(' ', "");
        assert!(status.contains(&said.replace(' ', "")) && !status.contains(english), "{id}: {status}");
    }
}

/// The notes whose words come from below the screen speak Chinese too: a
/// name a file could not hold (empty, or another body's), and the guard
/// stopping a run that became infinite.
#[test]
fn the_rename_and_guard_notes_speak_chinese() {
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().map(Result::unwrap).collect();
    let lesson = lessons.iter().find(|l| l.section.as_ref().unwrap().id == "rough-balls").unwrap().clone();
    let names = lesson_words(&lesson);
    let list = word_list();
    let mut app = App::stepper(lesson, lessons.clone(), false).with_lang(Lang::Zh);
    let mut said = Vec::new();
    for (name, expected) in [("", "物体的名字不能为空"), ("m2", "\"m2\"")] {
        app.update(Msg::Rename);
        app.update(Msg::ClearField);
        name.chars().for_each(|c| drop(app.update(Msg::Input(c))));
        app.update(Msg::Accept);
        let note = stepper(&app).note_text().unwrap_or_default();
        assert!(note.contains(expected), "{note}");
        said.push(note);
        app.update(Msg::Cancel);
    }
    // Gravity of −f64::MAX with a 1 s frame: the ball's speed is −inf in frame 1's forces phase.
    let mut runaway = lesson::Lesson::parse(
        "runaway.toml",
        "[world]\ngravity = [0.0, -9.8]\n\n[[body]]\nname = \"ball\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\n",
    )
    .unwrap();
    runaway.world.gravity.y = -f64::MAX;
    runaway.settings.dt = 1.0;
    let mut app = App::stepper(runaway, lessons, false).with_lang(Lang::Zh);
    app.update(Msg::NextFrame);
    let note = stepper(&app).note_text().unwrap_or_default();
    assert!(note.starts_with("第 1 帧，受力：\"ball\" 的状态变成了无穷大或 NaN"), "{note}");
    said.push(note);
    let names = [names, vec!["ball".to_string()]].concat();
    for note in &said {
        // A line to copy into a file stays as written.
        let english = english_on(&note.replace("coulomb_cap = true", "").replace("name = \"ball\"", ""), &list, &names);
        assert!(english.is_empty(), "English on {note}: {english:?}");
    }
}

/// A note is kept as what happened and written when the screen is drawn:
/// one made while the screen spoke English reads in Chinese once the app
/// speaks Chinese (`App::with_lang`, as `--lang` sets it), on the status
/// line as in `note_text`, with nothing to re-make.
#[test]
fn a_note_reads_in_the_language_the_screen_speaks_now() {
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().map(Result::unwrap).collect();
    let lesson = lessons.iter().find(|l| l.section.as_ref().unwrap().id == "rough-balls").unwrap().clone();
    let mut app = App::stepper(lesson, lessons, false);
    app.update(Msg::Undo);
    assert_eq!(stepper(&app).note_text().as_deref(), Some("nothing to undo"));
    assert!(screen(&app).contains("nothing to undo"));
    let app = app.with_lang(Lang::Zh);
    assert_eq!(stepper(&app).note_text().as_deref(), Some("没有可撤销的"));
    // A wide character fills two cells: the second reads as a space.
    let shown = screen(&app);
    assert!(shown.replace(' ', "").contains("没有可撤销的") && !shown.contains("nothing to undo"), "{shown}");
}
