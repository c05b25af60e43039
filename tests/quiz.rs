//! Quiz and presenter modes (DESIGN.md, "Classroom"): the results at a
//! lesson's `[[question]]` phase stay hidden until the learner answers, a
//! typed number is judged against the run's own value with the question's
//! tolerance, a choice by its digit, `R` shows hidden lines one at a time, and
//! the score comes at the end. Rendered with ratatui's TestBackend; snapshots
//! in the top-level `snapshots/`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::lesson::{Lang, Lesson, anchor_questions, anchored_frames, body_names, run};
use impulse::session::quiz::Answer;
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::keys::{Scope, lookup};
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

mod common;
use common::snapshot_settings;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(Result::unwrap).collect()
}

fn open(id: &str, quiz: bool) -> App {
    App::stepper(lesson::find(id).unwrap(), lessons(), false).with_quiz(quiz)
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
    s.record().phases.at(s.phase).kind()
}

fn note(app: &App) -> String {
    stepper(app).note.clone().unwrap_or_default()
}

/// Steps on to the first phase of `kind` (a question on the way is left open).
fn to_first(app: &mut App, k: PhaseKind) {
    while kind(app) != k {
        app.update(Msg::NextPhase);
    }
}

fn to_first_resolve(app: &mut App) {
    to_first(app, PhaseKind::Resolve);
}

/// Types `text` and presses Enter, as the answer prompt takes it.
fn answer(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Msg::Input(c));
    }
    app.update(Msg::Accept);
}

fn answers(app: &App) -> Vec<Answer> {
    stepper(app).class.answers.answers.clone()
}

/// rough-balls asks the sign of jt at its first detect (a choice, a
/// prediction), then at its first resolve vrt (a number) and m1's spin
/// after it (a body's field).
#[test]
fn a_result_is_hidden_before_the_answer_and_shown_after() {
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    let before = screen(&app, 120, 40);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "the prompt opens at the question");
    assert!(before.contains("Question 2 of 3 · The balls slide past each other"), "{before}");
    // Every result at the phase is hidden, and a later formula puts a hidden
    // one in as its symbol: jn's numbers would give vrn and k_n away, vrt's v_rel and t.
    assert!(before.contains("jn = −(1 + e)·vrn / k_n = ?") && before.contains("vrt = v_rel·t = ?"), "{before}");
    assert!(!before.contains("−(1 + 1)·3 / 0.833333") && !before.contains("(−0.6, −0.8)"), "{before}");
    // The answer's own value is nowhere: not its line, not jt's numbers, not the bodies or totals.
    assert!(!before.contains("6 m/s") && !before.contains("−0.28") && !before.contains("20.952"), "{before}");
    assert!(before.contains("hidden until the results are shown"), "{before}");
    // The narration says vrt = 6 m/s too: it follows the answer.
    assert!(before.contains("(the narration follows your answer)") && !before.contains("0.72 + 5.28"), "{before}");
    answer(&mut app, "6");
    answer(&mut app, "-0.28");
    assert_eq!(stepper(&app).mode, Mode::Step);
    let after = screen(&app, 120, 40);
    assert!(after.contains("vrt = v_rel·t = (−1.2, −6.6)·(−0.6, −0.8) = 6 m/s"), "{after}");
    assert!(after.contains("ω −1 → −0.28") && after.contains("KE 27 → 20.952 J"), "{after}");
    assert!(after.contains("✓ right: m1.angular_velocity = −0.28 rad/s"), "{after}");
    assert!(after.contains("Only friction turns a ball"), "the explanation\n{after}");
}

#[test]
fn a_number_is_judged_against_the_run_with_the_tolerance() {
    // vrt = 6 m/s; the default tolerance is 1 % of it.
    for (typed, right) in [("6", true), ("6.05", true), ("5.95", true), ("−6", false), ("6.1", false)] {
        let mut app = open("rough-balls", true);
        to_first_resolve(&mut app);
        answer(&mut app, typed);
        let verdict = match &answers(&app)[1] {
            Answer::Given { verdict, .. } => *verdict == lesson::Verdict::Right,
            other => panic!("{typed}: {other:?}, {}", note(&app)),
        };
        assert_eq!(verdict, right, "{typed}: {}", note(&app));
        let expected = if right { "right: vrt = 6 m/s" } else { "not quite: vrt = 6 m/s (you wrote" };
        assert!(note(&app).starts_with(expected), "{typed}: {}", note(&app));
    }
}

#[test]
fn what_is_not_a_number_keeps_the_prompt_open_and_says_what_to_write() {
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    answer(&mut app, "six");
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
    assert_eq!(answers(&app)[1], Answer::Open);
    assert!(note(&app).contains("is not a number: write e.g. -7.2"), "{}", note(&app));
    app.update(Msg::ClearField);
    answer(&mut app, "6");
    assert!(matches!(answers(&app)[1], Answer::Given { .. }));
}

#[test]
fn a_choice_is_picked_with_its_digit() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    let asking = screen(&app, 120, 40);
    assert!(asking.contains("1 negative   2 zero   3 positive") && asking.contains("Q1 Your pick"), "{asking}");
    app.update(Msg::Input('7'));
    assert!(note(&app).contains("pick a choice with a key from 1 to 3"), "{}", note(&app));
    assert_eq!(answers(&app)[0], Answer::Open);
    app.update(Msg::Input('3'));
    assert_eq!(answers(&app)[0], Answer::Given { verdict: lesson::Verdict::Wrong, typed: "3 positive".into() });
    assert_eq!(note(&app), "not quite: 1 negative (you picked 3 positive)");
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("✗ not quite: 1 negative (you picked 3 positive)"), "{shown}");
}

/// R shows the hidden lines in the derivation's order, one a press; showing
/// the answer's own line gives the question up (smooth-balls asks vrn first).
#[test]
fn r_shows_one_hidden_line_a_press_and_the_answers_line_gives_it_up() {
    let mut app = open("smooth-balls", true);
    to_first_resolve(&mut app);
    let hidden = |app: &App| stepper(app).hidden_lines().len();
    let start = hidden(&app);
    app.update(Msg::Reveal);
    assert_eq!(hidden(&app), start - 1);
    assert!(screen(&app, 120, 40).contains("= (7.6, 11.8) m"), "p's result, the first line, is shown");
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "a hint keeps the prompt open");
    let mut presses = 1;
    while answers(&app)[0] == Answer::Open {
        app.update(Msg::Reveal);
        presses += 1;
    }
    // p, r_a, r_b, n, v_pa, v_pb, v_rel, then vrn: the eighth press.
    assert_eq!(presses, 8);
    assert_eq!(answers(&app)[0], Answer::Revealed);
    assert!(note(&app).starts_with("revealed: vrn = 3 m/s"), "{}", note(&app));
    // The next question at the phase, jn, is asked now.
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("jn is asked next") };
    assert_eq!(p.question, 1);
}

#[test]
fn the_score_comes_when_the_last_question_is_passed() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    app.update(Msg::Input('3'));
    to_first_resolve(&mut app);
    answer(&mut app, "6");
    assert!(!stepper(&app).class.finished);
    // Question 3 is given up with R: m1's spin is not a line of the derivation,
    // so every hidden line has to be shown.
    while answers(&app)[2] == Answer::Open {
        app.update(Msg::Reveal);
    }
    assert!(note(&app).contains("quiz over: 1 of 3 right, 1 wrong, 1 revealed"), "{}", note(&app));
    app.update(Msg::NextPhase);
    let later = screen(&app, 120, 40);
    assert!(later.contains("Quiz: 1 of 3 right, 1 wrong, 1 revealed"), "{later}");
    assert!(later.contains("quiz 3/3"), "{later}");
}

#[test]
fn stepping_past_an_open_question_leaves_it_unanswered_and_m_comes_back() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    let at = (stepper(&app).frame, stepper(&app).phase);
    // n closes the prompt and steps on, as it does anywhere.
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE), Scope::Answer), Some(Msg::NextPhase));
    app.update(Msg::NextPhase);
    assert_eq!(stepper(&app).mode, Mode::Step);
    assert_eq!(note(&app), "question 1 left unanswered (M goes back to it)");
    assert!(!stepper(&app).class.finished);
    // Past the last question: the quiz is over, all three unanswered.
    to_first_resolve(&mut app);
    app.update(Msg::NextPhase);
    assert!(note(&app).starts_with("question 2 left unanswered (M goes back to it) · quiz over"), "{}", note(&app));
    assert!(stepper(&app).class.finished);
    assert!(screen(&app, 120, 40).contains("Quiz: 0 of 3 right, 3 unanswered"));
    // M stops at the questions too in quiz mode: back to the resolve, then the detect.
    app.update(Msg::PrevStep);
    app.update(Msg::Cancel);
    app.update(Msg::PrevStep);
    assert_eq!((stepper(&app).frame, stepper(&app).phase), at);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "the question is asked again");
    app.update(Msg::Input('1'));
    assert!(matches!(answers(&app)[0], Answer::Given { .. }));
}

#[test]
fn quiz_mode_is_off_unless_asked_for_and_q_turns_it_on() {
    let mut app = open("rough-balls", false);
    to_first_resolve(&mut app);
    let plain = screen(&app, 120, 40);
    assert!(plain.contains("= 6 m/s") && !plain.contains("Question 1"), "{plain}");
    assert_eq!(stepper(&app).mode, Mode::Step);
    app.update(Msg::ToggleQuiz);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "Q at a question asks it");
    assert!(!screen(&app, 120, 40).contains("= 6 m/s"));
    app.update(Msg::Cancel);
    app.update(Msg::ToggleQuiz);
    assert!(screen(&app, 120, 40).contains("= 6 m/s"));
    assert!(note(&app).starts_with("quiz off"));
    // A scene without questions says so.
    let mut plain = App::stepper(Lesson::parse("s.toml", impulse::scene::STARTER).unwrap(), Vec::new(), false);
    plain.update(Msg::ToggleQuiz);
    assert!(note(&plain).contains("no questions"), "{}", note(&plain));
}

/// A teacher at the front: P hides every phase's results, R shows them a
/// line at a time, and a new phase starts hidden again.
#[test]
fn presenter_mode_hides_every_result_until_r_shows_it() {
    let mut app = open("smooth-balls", false);
    to_first_resolve(&mut app);
    app.update(Msg::TogglePresenter);
    let hidden = screen(&app, 120, 40);
    // Numbers from before the phase stay; its results go, in later formulas too.
    assert!(hidden.contains("v_pa = v_a + ω_a×r_a") && hidden.contains("= (0, −5) + (−1)×r_a"), "{hidden}");
    assert!(hidden.contains("vrn = v_rel·n = ?") && !hidden.contains("(0.8, −0.6)"), "{hidden}");
    assert!(hidden.contains("presenter") && !hidden.contains("−7.2 N·s"), "{hidden}");
    let count = stepper(&app).hidden_lines().len();
    for k in 1..=count {
        app.update(Msg::Reveal);
        assert_eq!(stepper(&app).hidden_lines().len(), count - k);
    }
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("= −7.2 N·s") && shown.contains("vrn = v_rel·n = (−1.2, −6.6)·(0.8, −0.6) = 3 m/s"), "{shown}");
    app.update(Msg::Reveal);
    assert!(note(&app).starts_with("nothing hidden here"), "{}", note(&app));
    app.update(Msg::NextPhase);
    assert!(!stepper(&app).hidden_lines().is_empty(), "the next phase starts hidden");
}

#[test]
fn the_answer_prompt_takes_numbers_and_hands_other_keys_to_stepping() {
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    for c in "0123456789.-,e".chars() {
        assert_eq!(lookup(key(c), Scope::Answer), Some(Msg::Input(c)));
    }
    assert_eq!(lookup(key('R'), Scope::Answer), Some(Msg::Reveal));
    assert_eq!(lookup(key('q'), Scope::Answer), Some(Msg::Quit));
    assert_eq!(lookup(key('?'), Scope::Answer), Some(Msg::Help));
    assert_eq!(lookup(key('j'), Scope::Answer), Some(Msg::ScrollDown));
    assert_eq!(lookup(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), Scope::Answer), Some(Msg::Accept));
    assert_eq!(lookup(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), Scope::Stepper), Some(Msg::Answer));
    // Scrolling the derivation keeps the prompt and what is typed.
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    app.update(Msg::Input('6'));
    app.update(Msg::ScrollDown);
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("the prompt stays open") };
    assert_eq!(p.text, "6");
    // An editing key is a slip here: nothing changes, and the prompt stays.
    app.update(Msg::Rotate(-1));
    assert_eq!(stepper(&app).edits(), 0);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
    assert!(note(&app).starts_with("not part of an answer: type a number, then Enter"), "{}", note(&app));
    // Esc leaves it open; Enter asks it again.
    app.update(Msg::Cancel);
    assert_eq!(stepper(&app).mode, Mode::Step);
    assert_eq!(answers(&app)[0], Answer::Open);
    app.update(Msg::Answer);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
    // ! gives the question up and shows its answer; the next one is asked.
    app.update(Msg::ShowAnswer);
    assert_eq!(answers(&app)[1], Answer::Revealed);
    assert_eq!(note(&app), "revealed: vrt = 6 m/s");
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("the spin is asked next") };
    assert_eq!(p.question, 2);
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('!'), KeyModifiers::NONE), Scope::Answer), Some(Msg::ShowAnswer));
}

#[test]
fn questions_speak_chinese_with_lang_zh() {
    let mut app = App::stepper(lesson::find("rough-balls").unwrap(), lessons(), false).with_lang(Lang::Zh).with_quiz(true);
    to_first(&mut app, PhaseKind::Detect);
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("问题 1 / 3") && shown.contains("1 负   2 零   3 正"), "{shown}");
    app.update(Msg::Input('1'));
    assert!(screen(&app, 120, 40).contains("✓ 答对了：1 负"), "{}", screen(&app, 120, 40));
    // The status line's note and the answer prompt speak Chinese too.
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    assert!(s.note.as_deref().is_some_and(|n| n.starts_with("答对了：")), "{:?}", s.note);
    to_first_resolve(&mut app);
    let prompt = screen(&app, 120, 40);
    assert!(prompt.contains("你的答案") && prompt.contains("Enter 核对"), "{prompt}");
}

#[test]
fn quiz_screens() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    app.update(Msg::Input('1'));
    to_first_resolve(&mut app);
    answer(&mut app, "5.8");
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("tui.quiz.asked", screen(&app, 120, 40));
        insta::assert_snapshot!("tui.quiz.asked-80x24", screen(&app, 80, 24));
    });
    answer(&mut app, "-0.28");
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("tui.quiz.answered", screen(&app, 120, 40));
        insta::assert_snapshot!("tui.quiz.answered-80x24", screen(&app, 80, 24));
    });
}

/// Every lesson asks at least two questions, each at a phase of its own run,
/// a number question's answer a number the run records there and a choice
/// question's right choice one of its choices.
#[test]
fn every_lesson_asks_questions_the_run_answers() {
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        assert!(scene.questions.len() >= 2, "{id} asks {} questions", scene.questions.len());
        let frames = run(&scene, &scene.settings, &anchored_frames(&scene).unwrap()).unwrap();
        let places = anchor_questions(&scene, &frames).unwrap_or_else(|e| panic!("{e}"));
        let names = body_names(&scene);
        for (q, place) in scene.questions.iter().zip(places) {
            let (frame, index) = place.unwrap_or_else(|| panic!("{id}: \"{}\" lands on no phase", q.ask));
            assert!(q.ask_zh.is_some() && (q.explain.is_none() || q.explain_zh.is_some()), "{id}: \"{}\" in Chinese too", q.ask);
            match (&q.answer, &q.choices) {
                (Some(a), None) => {
                    let record = &frames[&frame];
                    let truth = lesson::truth(a, &record.phases.at(index), &names, || record.state_after(index + 1)).unwrap();
                    assert!(matches!(truth.value, impulse::engine::Value::Scalar(_) | impulse::engine::Value::Vector(_)), "{id}: {a}");
                }
                (None, Some(choices)) => {
                    assert!(q.correct_index().is_some_and(|k| k < choices.len()), "{id}: \"{}\"", q.ask);
                    assert!(q.choices_zh.as_ref().is_none_or(|zh| zh.len() == choices.len()));
                }
                _ => panic!("{id}: \"{}\" is answered one way", q.ask),
            }
        }
    }
}

#[test]
fn the_quiz_flag_is_taken_and_the_tui_still_wants_a_terminal() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_impulse")).args(["lesson", "rough-balls", "--quiz"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the debugger needs a terminal"));
}

/// SAT's third question asks whether the boxes touch: the step's title ("The
/// early exit …"), the lines only a miss has (separating axis) and the
/// next-step key's note would all answer it.
#[test]
fn a_choice_is_not_given_away_by_titles_or_the_shape_of_the_derivation() {
    let mut app = open("sat", true);
    while !matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == 2) {
        app.update(Msg::NextStep);
    }
    let asked = screen(&app, 120, 40);
    assert!(asked.contains("Do the boxes touch?") && asked.contains("d = (s − f)·(−n): ? (R shows)"), "{asked}");
    for gives_away in ["early exit", "separating axis =", "separates", "contact"] {
        assert!(!asked.contains(gives_away), "{gives_away}\n{asked}");
    }
    assert_eq!(note(&app), "step: question 3");
    app.update(Msg::Input('2'));
    let answered = screen(&app, 120, 40);
    assert!(answered.contains("The early exit: a face with no support point") && answered.contains("separating axis ="), "{answered}");
}

/// The presenter example: at smooth-balls' detect the contact's end
/// is start + normal·depth, and putting in the numbers would show depth = 0.
#[test]
fn presenter_mode_puts_a_hidden_result_into_later_formulas_as_its_symbol() {
    let mut app = open("smooth-balls", false);
    to_first(&mut app, PhaseKind::Detect);
    app.update(Msg::TogglePresenter);
    let hidden = screen(&app, 120, 40);
    assert!(hidden.contains("depth = ?") && hidden.contains("end = start + normal·depth"), "{hidden}");
    assert!(!hidden.contains("(0.8, −0.6)·0") && !hidden.contains("(7.6, 11.8)"), "{hidden}");
    assert!(hidden.contains("(the narration follows the results: R shows them)"), "{hidden}");
    // The chart stops at the frame on screen; the step's title waits with its narration.
    app.update(Msg::ToggleChart);
    let chart = screen(&app, 120, 40);
    assert!(chart.contains("totals per frame, 1 frames") && !chart.contains("inf"), "{chart}");
    app.update(Msg::ToggleChart);
    app.update(Msg::NextStep);
    app.update(Msg::PrevStep);
    assert_eq!(note(&app), "step: 3/7");
    while !stepper(&app).hidden_lines().is_empty() {
        app.update(Msg::Reveal);
    }
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("= (7.6, 11.8) + (0.8, −0.6)·0"), "{shown}");
}
