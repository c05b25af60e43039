//! The status line and the help at every mode, in both languages, at the two
//! sizes a user meets (80×24 and 120×40): snapshots, and a property that the
//! status line is never cut inside a word at any width.

use impulse::lesson::{self, Lang, Lesson};
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::{App, Msg, view::view};
use proptest::prelude::*;
use ratatui::{Terminal, backend::TestBackend};
use std::collections::HashSet;
use unicode_width::UnicodeWidthStr;

use crate::common;
use common::snapshot_settings;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(Result::unwrap).collect()
}

/// The rows of the screen as text, without the backend's quotes.
fn rows(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..h)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < w {
                let cell = &buffer[(x, y)];
                row.push_str(cell.symbol());
                x += cell.symbol().width().max(1) as u16;
            }
            row
        })
        .collect()
}

fn status(app: &App, w: u16, h: u16) -> String {
    rows(app, w, h).pop().unwrap()
}

fn stepper(app: &mut App) -> &mut Stepper {
    let Screen::Stepper(s) = &mut app.screen else { panic!("not stepping") };
    s
}

fn press(app: &mut App, keys: &[Msg]) {
    for &k in keys {
        app.update(k);
    }
}

fn typed(app: &mut App, text: &str) {
    text.chars().for_each(|c| drop(app.update(Msg::Input(c))));
}

/// Every mode a user can be in, reached by keys as a user reaches it (the
/// question to overwrite a file is set directly: reaching it needs a file).
const MODES: [&str; 16] = [
    "menu",
    "step",
    "step-with-note",
    "playing",
    "fields",
    "settings",
    "aim",
    "aim-typed",
    "save-as",
    "overwrite",
    "breakpoint",
    "go-to-frame",
    "variant",
    "rename",
    "breaks",
    "answer",
];

fn app_in(mode: &str, lang: Lang) -> App {
    let open = |id: &str| App::stepper(lesson::find(id).unwrap(), lessons(), false).with_lang(lang);
    let mut app = match mode {
        "menu" => App::menu(lessons(), false).with_lang(lang),
        "answer" => {
            let mut app = open("rough-balls");
            press(&mut app, &[Msg::ToggleQuiz]);
            while !matches!(stepper(&mut app).mode, Mode::Answer(_)) {
                app.update(Msg::NextPhase);
            }
            app
        }
        _ => open("rough-balls"),
    };
    match mode {
        "step" => press(&mut app, &[Msg::NextFrame, Msg::NextPhase]),
        "step-with-note" => press(&mut app, &[Msg::CycleTangent]),
        "playing" => {
            press(&mut app, &[Msg::ToggleRun, Msg::Tick(4.8)]);
        }
        "fields" => press(&mut app, &[Msg::EditFields]),
        "settings" => press(&mut app, &[Msg::EditSettings]),
        "aim" => press(&mut app, &[Msg::Aim]),
        "aim-typed" => {
            press(&mut app, &[Msg::Aim]);
            typed(&mut app, "2.5");
        }
        "save-as" => press(&mut app, &[Msg::Kick, Msg::Save]),
        "overwrite" => stepper(&mut app).mode = Mode::Overwrite("rough-balls-mine.toml".into()),
        "breakpoint" => {
            press(&mut app, &[Msg::AddBreak]);
            typed(&mut app, "contact m1 m2");
        }
        "go-to-frame" => {
            press(&mut app, &[Msg::GoToFrame]);
            typed(&mut app, "12");
        }
        "variant" => {
            press(&mut app, &[Msg::Variant, Msg::ClearField]);
            typed(&mut app, "solver.tangent=sign-fixed");
        }
        "rename" => {
            press(&mut app, &[Msg::Rename, Msg::ClearField]);
            typed(&mut app, "cue");
        }
        "breaks" => {
            press(&mut app, &[Msg::AddBreak]);
            typed(&mut app, "contact m1 m2");
            press(&mut app, &[Msg::Accept, Msg::AddBreak]);
            typed(&mut app, "jn < -5");
            press(&mut app, &[Msg::Accept, Msg::ListBreaks]);
        }
        _ => {}
    }
    app
}

#[test]
fn the_status_line_at_every_mode() {
    for lang in [Lang::En, Lang::Zh] {
        let mut lines = String::new();
        for mode in MODES {
            let app = app_in(mode, lang);
            for (w, h) in [(80, 24), (120, 40)] {
                lines += &format!("{mode} {w}×{h}\n{}\n", status(&app, w, h));
            }
        }
        let name = format!("status.every-mode.{}", lang.name());
        snapshot_settings().bind(|| insta::assert_snapshot!(name, lines));
    }
}

#[test]
fn the_help_at_every_mode() {
    for mode in MODES {
        let mut app = app_in(mode, Lang::En);
        app.help = true;
        for (w, h) in [(80, 24), (120, 40)] {
            let name = format!("status.help.{mode}.{w}x{h}");
            snapshot_settings().bind(|| insta::assert_snapshot!(name, rows(&app, w, h).join("\n")));
        }
    }
}

/// The words of a line: what whitespace and the `·` between hints separate.
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| c.is_whitespace() || c == '·').filter(|w| !w.is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// At any width from 30 columns on, in any mode, each word on the status
    /// line is a whole word of the line as it is at 400 columns, unless it
    /// ends in "…", which says that it was cut.
    #[test]
    fn the_status_line_never_ends_inside_a_word(mode in 0..MODES.len(), zh in any::<bool>(), width in 30u16..400) {
        let app = app_in(MODES[mode], if zh { Lang::Zh } else { Lang::En });
        let full = status(&app, 400, 40);
        let whole: HashSet<&str> = words(&full).collect();
        let line = status(&app, width, 40);
        for word in words(&line) {
            prop_assert!(
                word.ends_with('…') || whole.contains(word),
                "{} at {width} columns: {word:?} is cut\n{line}\n{full}", MODES[mode]
            );
        }
    }
}
