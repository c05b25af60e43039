//! Quiz and presenter modes (DESIGN.md, "Classroom"): the results at a
//! lesson's `[[question]]` phase stay hidden until the learner answers, a
//! typed number is judged against the run's own value with the question's
//! tolerance, a choice by its digit, `R` shows hidden lines one at a time, and
//! the score comes at the end. Rendered with ratatui's TestBackend.

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::lesson::{Lang, Lesson};
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

mod common;
use common::snapshot_settings;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(Result::unwrap).collect()
}

fn open(id: &str, quiz: bool) -> App {
    App::stepper(lesson::find(id).unwrap(), lessons(), false).with_quiz(quiz, Lang::En)
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

fn kind(app: &App) -> PhaseKind {
    let s = stepper(app);
    s.record().phases[s.phase].kind()
}

fn to_first_resolve(app: &mut App) {
    while kind(app) != PhaseKind::Resolve {
        app.update(Msg::NextPhase);
    }
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Msg::Input(c));
    }
}

#[test]
fn explore() {
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    println!("{}", screen(&app, 120, 40));
    type_text(&mut app, "6");
    app.update(Msg::Accept);
    println!("{}", screen(&app, 120, 40));
    app.update(Msg::Input('3'));
    println!("{}", screen(&app, 120, 40));
    type_text(&mut app, "-0.3");
    app.update(Msg::Accept);
    println!("{}", screen(&app, 120, 40));
    app.update(Msg::NextPhase);
    println!("{}", screen(&app, 120, 40));
}
