//! Quiz and presenter modes (docs/quiz.md): the results at a
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

use crate::common;
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
    stepper(app).note_text().unwrap_or_default()
}

/// Steps on to the first phase of `kind` (a question on the way is left
/// open: Esc first, as the prompt owns the keys).
fn to_first(app: &mut App, k: PhaseKind) {
    while kind(app) != k {
        if matches!(stepper(app).mode, Mode::Answer(_)) {
            app.update(Msg::Cancel);
        }
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
    // In the file's order: question 2 with its feedback, then question 3 with its own.
    assert!(after.contains("✓ right: the sliding speed vrt at the contact = 6 m/s"), "{after}");
    assert!(after.contains("✓ right: m1's spin ω after the impulse = −0.28 rad/s"), "{after}");
    assert!(after.find("Question 2 of 3") < after.find("Question 3 of 3"), "{after}");
    for _ in 0..3 {
        app.update(Msg::NarrationDown);
    }
    assert!(screen(&app, 120, 40).contains("Only friction turns a ball"), "the explanation, scrolled to");
}

#[test]
fn a_number_is_judged_against_the_run_with_the_tolerance() {
    // vrt = 6 m/s; the default tolerance is 1 % of it, in any unit of a speed.
    for typed in ["6", "6.05", "5.95", "6 m/s", "6m/s", "6.0 m s^-1", "+6,0", "21.6 km/h"] {
        let mut app = open("rough-balls", true);
        to_first_resolve(&mut app);
        answer(&mut app, typed);
        assert!(matches!(&answers(&app)[1], Answer::Given { verdict: lesson::Verdict::Right, .. }), "{typed}: {}", note(&app));
        assert_eq!(note(&app), "right: the sliding speed vrt at the contact = 6 m/s", "{typed}");
    }
    // A wrong answer is graded, and with a try left the prompt stays open
    // with the first hint, the lesson's own.
    let hint = "hint 1 of 3: Take the part of the relative velocity v_rel along the tangent t: a dot product.";
    for (typed, how) in [
        ("−6", "right size, wrong sign"),
        ("6 N·s", "the right number in the wrong unit: that is an impulse (or a momentum); this asks for a speed in m/s"),
        ("6 km/h", "the right number in the wrong unit: in km/h it is 1.66667 m/s"),
        ("12", "off by a factor of 2: 2 times too large"),
        ("3", "off by a factor of 2: 2 times too small"),
        ("0.6", "off by a factor of 10: 10 times too small"),
        ("6.1", "close: 1.7 % off, within 10 %, but this asks for ±1 %"),
        ("5.7", "close: 5 % off, within 10 %, but this asks for ±1 %"),
        ("4", "too small, by about 33 %"),
    ] {
        let mut app = open("rough-balls", true);
        to_first_resolve(&mut app);
        answer(&mut app, typed);
        assert_eq!(answers(&app)[1], Answer::Open, "{typed}");
        assert_eq!(note(&app), format!("not yet: {how} · tries left: 1 · {hint}"), "{typed}");
        assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "{typed}: the prompt stays open");
    }
    // The second wrong try settles it and shows the answer; the hints went in order.
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    answer(&mut app, "-6");
    app.update(Msg::Hint);
    assert_eq!(note(&app), "hint 2 of 3: vrt = v_rel·t");
    app.update(Msg::Hint);
    assert_eq!(note(&app), "hint 3 of 3: vrt = (−1.2, −6.6)·(−0.6, −0.8)");
    app.update(Msg::Hint);
    assert!(note(&app).starts_with("no more hints"));
    app.update(Msg::ClearField);
    answer(&mut app, "");
    assert_eq!(note(&app), "type an answer (or Esc)", "an empty answer costs no try");
    app.update(Msg::ClearField);
    answer(&mut app, "7");
    assert_eq!(answers(&app)[1], Answer::Given { verdict: lesson::Verdict::Wrong, typed: "7 m/s".into() });
    assert_eq!(note(&app), "not quite: too large, by about 17 % · the answer: the sliding speed vrt at the contact = 6 m/s");
    assert_eq!(stepper(&app).class.answers.tries[1], 2);
}

/// A unit of another dimension, with a number that is not the answer's
/// either, is refused with the reason, and costs no try.
#[test]
fn a_wrong_dimension_is_refused_with_the_reason() {
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    answer(&mut app, "5 N·s");
    assert_eq!(note(&app), "that is an impulse (or a momentum); this asks for a speed in m/s");
    assert_eq!(stepper(&app).class.answers.tries[1], 0);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
}

#[test]
fn what_is_not_a_number_keeps_the_prompt_open_and_says_what_to_write() {
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    answer(&mut app, "six");
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
    assert_eq!(answers(&app)[1], Answer::Open);
    assert!(note(&app).contains("\"six\" is not one number: write e.g. -1.25 or 4.5 m/s"), "{}", note(&app));
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
    assert!(note(&app).contains("pick a choice with a key from 1 to 3, or write its words"), "{}", note(&app));
    assert_eq!(answers(&app)[0], Answer::Open);
    app.update(Msg::ClearField);
    app.update(Msg::Input('3'));
    assert_eq!(answers(&app)[0], Answer::Open, "a second try");
    assert!(note(&app).starts_with("not yet: not that one · tries left: 1 · hint 1 of 1: t points along the sliding"), "{}", note(&app));
    // A choice by its words, in either language.
    answer(&mut app, "zero");
    assert_eq!(answers(&app)[0], Answer::Given { verdict: lesson::Verdict::Wrong, typed: "2 zero".into() });
    assert_eq!(note(&app), "not quite: not that one · the answer: 1 negative");
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("✗ not quite: 1 negative (you picked 2 zero)"), "{shown}");
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    answer(&mut app, "负");
    assert_eq!(answers(&app)[0], Answer::Given { verdict: lesson::Verdict::Right, typed: "1 negative".into() });
}

/// R shows the hidden lines in the derivation's order, one a press; showing
/// the answer's own line gives the question up (smooth-balls asks vrn first).
#[test]
fn r_shows_one_hidden_line_a_press_and_the_answers_line_gives_it_up() {
    let mut app = open("smooth-balls", true);
    to_first_resolve(&mut app);
    let hidden = |app: &App| stepper(app).hidden_lines().len();
    let start = hidden(&app);
    // R is typed into the prompt: Esc first, then R steps through the lines.
    app.update(Msg::Cancel);
    app.update(Msg::Reveal);
    assert_eq!(hidden(&app), start - 1);
    assert!(screen(&app, 120, 40).contains("= (7.6, 11.8) m"), "p's result, the first line, is shown");
    let mut presses = 1;
    while answers(&app)[0] == Answer::Open {
        app.update(Msg::Reveal);
        presses += 1;
    }
    // p, r_a, r_b, n, v_pa, v_pb, v_rel, then vrn: the eighth press.
    assert_eq!(presses, 8);
    assert_eq!(answers(&app)[0], Answer::Revealed);
    assert!(note(&app).starts_with("revealed: the approach speed vrn along the normal = 3 m/s"), "{}", note(&app));
    // The next question at the phase, jn, is asked now.
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("jn is asked next") };
    assert_eq!(p.question, 1);
}

#[test]
fn the_score_comes_when_the_last_question_is_passed() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    app.update(Msg::Input('3'));
    app.update(Msg::Input('3'));
    to_first_resolve(&mut app);
    answer(&mut app, "6");
    assert!(!stepper(&app).class.finished);
    // Question 3 is given up with R: m1's spin is not a line of the derivation,
    // so every hidden line has to be shown.
    app.update(Msg::Cancel);
    while answers(&app)[2] == Answer::Open {
        app.update(Msg::Reveal);
    }
    assert!(note(&app).contains("quiz over: 1 of 3 right, 1 wrong, 1 revealed"), "{}", note(&app));
    app.update(Msg::NextPhase);
    let later = screen(&app, 120, 40);
    assert!(later.contains("Quiz: 1 of 3 right, 1 wrong, 1 revealed"), "{later}");
    // One line a question.
    for line in ["Q1 ✗ 3 positive · 2 tries", "Q2 ✓ 6 m/s", "Q3 · revealed"] {
        assert!(later.contains(line), "{line}\n{later}");
    }
    assert!(later.contains("quiz 3/3"), "{later}");
}

#[test]
fn stepping_past_an_open_question_leaves_it_unanswered_and_m_comes_back() {
    let mut app = open("rough-balls", true);
    to_first(&mut app, PhaseKind::Detect);
    let at = (stepper(&app).frame, stepper(&app).phase);
    // n is typed into the prompt; after Esc it steps on.
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE), Scope::Answer), Some(Msg::Input('n')));
    app.update(Msg::Cancel);
    app.update(Msg::NextPhase);
    assert_eq!(stepper(&app).mode, Mode::Step);
    assert_eq!(note(&app), "question 1 skipped, left unanswered (M goes back to it)");
    assert!(!stepper(&app).class.finished);
    // Past the last question: the quiz is over, all three unanswered.
    to_first_resolve(&mut app);
    app.update(Msg::Cancel);
    app.update(Msg::NextPhase);
    assert!(note(&app).starts_with("question 2 skipped, left unanswered (M goes back to it) · quiz over"), "{}", note(&app));
    assert!(stepper(&app).class.finished);
    let over = screen(&app, 120, 40);
    assert!(over.contains("Quiz: 0 of 3 right, 3 unanswered") && over.contains("Q3 · skipped"), "{over}");
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

/// While the answer prompt is open it owns the keyboard: every character
/// is typed (m, /, s, r, a, d, q and ? included), the line editor's keys
/// edit, and nothing steps, edits the scene or opens another prompt.
#[test]
fn the_answer_prompt_owns_the_keyboard_until_enter_or_esc() {
    use impulse::session::line::LineKey;
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    let code = |c| KeyEvent::new(c, KeyModifiers::NONE);
    for c in "0123456789.-,e mRqj?!/sradnNM°·−".chars() {
        assert_eq!(lookup(key(c), Scope::Answer), Some(Msg::Input(c)), "{c}");
    }
    assert_eq!(lookup(code(KeyCode::Enter), Scope::Answer), Some(Msg::Accept));
    assert_eq!(lookup(code(KeyCode::Enter), Scope::Stepper), Some(Msg::Answer));
    assert_eq!(lookup(code(KeyCode::Tab), Scope::Answer), Some(Msg::Hint));
    assert_eq!(lookup(code(KeyCode::Esc), Scope::Answer), Some(Msg::Cancel));
    assert_eq!(lookup(code(KeyCode::Left), Scope::Answer), Some(Msg::Line(LineKey::Left)));
    assert_eq!(lookup(code(KeyCode::Home), Scope::Prompt), Some(Msg::Line(LineKey::Home)));
    assert_eq!(lookup(code(KeyCode::Delete), Scope::SaveAs), Some(Msg::Line(LineKey::Delete)));
    assert_eq!(lookup(code(KeyCode::Backspace), Scope::Fields), Some(Msg::Erase));
    assert_eq!(lookup(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL), Scope::Answer), Some(Msg::Quit));
    // The issue's keys: at Q2 "6 m/s", at Q3 "-0.28 rad/s", typed as keys.
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    let at = (stepper(&app).frame, stepper(&app).phase);
    let typed = |app: &mut App, text: &str| {
        for c in text.chars() {
            if let Some(msg) = lookup(key(c), Scope::Answer) {
                app.update(msg);
            }
        }
    };
    typed(&mut app, "6 m/s");
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("the prompt stays open") };
    assert_eq!(p.text, "6 m/s");
    assert_eq!((stepper(&app).frame, stepper(&app).phase, stepper(&app).edits()), (at.0, at.1, 0));
    assert!(stepper(&app).session.variant.is_none(), "/ opened no A/B prompt");
    // ← and Delete mend it in place: "6 m/s" → "6 m/s" after "6 ms" is fixed.
    for msg in [Msg::Line(LineKey::Left), Msg::Erase, Msg::Line(LineKey::End)] {
        app.update(msg);
    }
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("open") };
    assert_eq!(p.text, "6 ms");
    app.update(Msg::Line(LineKey::Left));
    app.update(Msg::Input('/'));
    app.update(Msg::Accept);
    assert!(matches!(answers(&app)[1], Answer::Given { verdict: lesson::Verdict::Right, .. }), "{}", note(&app));
    typed(&mut app, "-0.28 rad/s");
    app.update(Msg::Accept);
    assert!(matches!(answers(&app)[2], Answer::Given { verdict: lesson::Verdict::Right, .. }), "{}", note(&app));
    assert_eq!((stepper(&app).frame, stepper(&app).phase, stepper(&app).edits()), (at.0, at.1, 0));
    // A paste goes into the prompt at its cursor.
    let mut app = open("rough-balls", true);
    to_first_resolve(&mut app);
    app.paste("6 m/s\n");
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("open") };
    assert_eq!(p.text, "6 m/s");
    // Esc leaves it open; Enter asks it again; ! (stepping) gives it up.
    app.update(Msg::Cancel);
    assert_eq!(stepper(&app).mode, Mode::Step);
    assert_eq!(answers(&app)[1], Answer::Open);
    app.update(Msg::Answer);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)));
    app.update(Msg::Cancel);
    app.update(Msg::ShowAnswer);
    assert_eq!(answers(&app)[1], Answer::Revealed);
    assert_eq!(note(&app), "revealed: the sliding speed vrt at the contact = 6 m/s");
    let Mode::Answer(p) = &stepper(&app).mode else { panic!("the spin is asked next") };
    assert_eq!(p.question, 2);
}

/// `--quiz-log`: each answer is a JSON line the shell appends.
#[test]
fn each_answer_asks_the_shell_to_append_a_log_line() {
    let mut app = open("rough-balls", true).with_quiz_log(Some("class.jsonl".into()));
    to_first(&mut app, PhaseKind::Detect);
    let effect = app.update(Msg::Input('1'));
    let Some(impulse::tui::Effect::Log { path, record }) = effect else { panic!("{effect:?}") };
    assert_eq!(path, std::path::PathBuf::from("class.jsonl"));
    assert_eq!(record.to_string(), r#"{"lesson":"rough-balls","question":1,"answer":"1","verdict":"right","tries":1}"#);
    to_first_resolve(&mut app);
    for c in "-6".chars() {
        app.update(Msg::Input(c));
    }
    let Some(impulse::tui::Effect::Log { record, .. }) = app.update(Msg::Accept) else { panic!("logged") };
    assert_eq!((record["verdict"].as_str(), record["tries"].as_u64()), (Some("wrong-sign"), Some(1)));
}

#[test]
fn questions_speak_chinese_with_lang_zh() {
    let mut app = App::stepper(lesson::find("rough-balls").unwrap(), lessons(), false).with_lang(Lang::Zh).with_quiz(true);
    to_first(&mut app, PhaseKind::Detect);
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("问题 1 / 3") && shown.contains("1 负   2 零   3 正"), "{shown}");
    app.update(Msg::Input('1'));
    assert!(screen(&app, 120, 40).contains("✓ 答对了：1 负"), "{}", screen(&app, 120, 40));
    to_first_resolve(&mut app);
    answer(&mut app, "−6");
    assert!(note(&app).starts_with("还不对：大小对了，符号错了 · 还可以再答 1 次 · 提示 1/3："), "{}", note(&app));
    answer(&mut app, "x");
    app.update(Msg::ClearField);
    answer(&mut app, "6 N·s");
    assert_eq!(
        note(&app),
        "不太对：数字对了，单位错了：N·s 是冲量（或动量）；这里问的是速度，单位 m/s · 答案：接触点的切向相对速度 vrt = 6 m/s"
    );
    let mut app = App::stepper(lesson::find("rough-balls").unwrap(), lessons(), false).with_lang(Lang::Zh).with_quiz(true);
    to_first(&mut app, PhaseKind::Detect);
    app.update(Msg::Input('1'));
    // The status line's note and the answer prompt speak Chinese too.
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    assert!(s.note_text().as_deref().is_some_and(|n| n.starts_with("答对了：")), "{:?}", s.note_text());
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
    // The first try was close: mended, the second is right, and question 3 is asked under its feedback.
    app.update(Msg::ClearField);
    answer(&mut app, "6 m/s");
    answer(&mut app, "-0.28 rad/s");
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
        // An open prompt keeps the keyboard: Esc leaves it before `m` steps on.
        app.update(Msg::Cancel);
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

/// The issue's presenter example: at smooth-balls' detect the contact's end
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

/// The time step is the world's setting (integrators: 1/60 s), not a result:
/// at the integrate phase integrators' Q1 asks at, the derivation shows it
/// while the new position stays hidden.
#[test]
fn the_time_step_is_a_setting_and_shows_while_the_results_are_hidden() {
    let mut app = open("integrators", true);
    to_first(&mut app, PhaseKind::Integrate);
    assert!(matches!(stepper(&app).mode, Mode::Answer(_)), "Q1 asked here");
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("dt = 0.0166667") && !shown.contains("dt = ?"), "{shown}");
    assert!(shown.contains("x' ball = x + v·dt") && !shown.contains("0.0639444"), "{shown}");
}

/// The feedback on a first wrong try at question `q` (counted from 1) of
/// `id`, the questions before it at its phase answered with `before`.
fn first_try(id: &str, q: usize, before: &[&str], typed: &str) -> String {
    let mut app = open(id, true);
    for _ in 0..500 {
        if matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == q - 1) {
            break;
        }
        match (&stepper(&app).mode, before.get(stepper(&app).class.answers.answers.iter().filter(|a| **a != Answer::Open).count())) {
            (Mode::Answer(_), Some(right)) => answer(&mut app, right),
            (Mode::Answer(_), None) => {
                app.update(Msg::Cancel);
                app.update(Msg::NextStep);
            }
            _ => {
                app.update(Msg::NextStep);
            }
        }
    }
    assert!(matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == q - 1), "{id} Q{q} asked");
    answer(&mut app, typed);
    note(&app)
}

/// "Too large" and "too small" speak of the size, as the factors do: for
/// smooth-balls' jn = −7.2 N·s, −14.4 is 2 times too large and −11.52 too
/// large by 60 %. Restitution's (1 + e) is named only for an impulse or a
/// velocity after it: jn and particles' light ball (CR = 1), not vrn = 3 m/s.
#[test]
fn too_large_is_said_of_the_size_and_one_plus_e_only_of_impulses() {
    let jn = |typed| first_try("smooth-balls", 2, &["3"], typed);
    assert!(jn("-14.4").contains("off by a factor of 2 (1 + e is 2 here): 2 times too large"), "{}", jn("-14.4"));
    assert!(jn("-11.52").contains("not yet: too large in size, by about 60 %"), "{}", jn("-11.52"));
    assert!(jn("-3.6").contains("off by a factor of 2 (1 + e is 2 here): 2 times too small"), "{}", jn("-3.6"));
    assert!(jn("-5").contains("too small in size, by about 31 %"), "{}", jn("-5"));
    assert!(jn("0").contains("too small in size, by about 100 %"), "{}", jn("0"));
    assert!(jn("11.52").contains("the wrong sign, and too large in size, by about 60 %"), "{}", jn("11.52"));
    let vrn = first_try("smooth-balls", 1, &[], "6");
    assert!(vrn.contains("off by a factor of 2: 2 times too large"), "{vrn}");
    assert!(first_try("smooth-balls", 1, &[], "4").contains("not yet: too large, by about 33 %"));
    // light.velocity.x = −246.032 m/s after the bounce, CR = 1.
    let light = first_try("particles", 1, &[], "-492.06");
    assert!(light.contains("off by a factor of 2 (1 + CR is 2 here): 2 times too large"), "{light}");
}

/// A unit typed in the wrong dimension is answered with what the question
/// asks for ("this asks for a mass times a length in kg·m"): every unit a
/// lesson's phases record names its dimension, in both languages.
#[test]
fn every_unit_the_lessons_record_names_its_dimension() {
    use impulse::notation::units::parse_unit;
    let mut units = std::collections::BTreeSet::new();
    for lesson in lessons() {
        let frames = run(&lesson, &lesson.settings, &anchored_frames(&lesson).unwrap()).unwrap();
        let names = body_names(&lesson);
        for record in frames.values() {
            for k in 0..record.phases.len() {
                units.extend(record.phases.at(k).quantities(&names).iter().map(|q| q.unit).filter(|u| !u.is_empty()));
            }
        }
    }
    assert!(units.contains("kg·m") && units.len() >= 10, "{units:?}");
    for unit in units {
        let named = parse_unit(unit).ok().and_then(|u| u.dim.name());
        assert!(named.is_some_and(|[en, zh]| !en.is_empty() && !zh.is_empty()), "{unit}: {named:?}");
    }
    // resting-contact's Q2: s = 0.008 kg·m, answered in metres.
    let said = first_try("resting-contact", 2, &["10"], "0.008 m");
    assert!(said.contains("that is a length; this asks for a mass times a length in kg·m"), "{said}");
}

/// Answers as people type them: a Chinese input method's full-width forms
/// are read (smooth-balls' jn = −7.2 N·s), a unit written twice is refused
/// without costing a try, and Hz is revolutions a second, as rpm is
/// revolutions a minute (rough-balls' ω = −0.28 rad/s).
#[test]
fn full_width_forms_are_read_and_a_doubled_unit_costs_no_try() {
    for typed in ["－７．２", "-７.２", "（-7.2）", "－7.2　Ｎ·ｓ"] {
        let said = first_try("smooth-balls", 2, &["3"], typed);
        assert!(said.starts_with("right: "), "{typed}: {said}");
    }
    let mut app = open("smooth-balls", true);
    to_first_resolve(&mut app);
    answer(&mut app, "３");
    assert_eq!(answers(&app)[0], Answer::Given { verdict: lesson::Verdict::Right, typed: "3 m/s".into() }, "{}", note(&app));
    answer(&mut app, "-7.2 N·s N·s");
    assert_eq!(note(&app), "\"N·s N·s\" writes N twice: write the unit once, and a power as in m/s²");
    assert_eq!(stepper(&app).class.answers.tries[1], 0, "no try spent");
    let hz = first_try("rough-balls", 3, &["1", "6"], "-0.28 Hz");
    assert!(hz.contains("the right number in the wrong unit: in Hz it is −1.75929 rad/s"), "{hz}");
    let rpm = first_try("rough-balls", 3, &["1", "6"], "-0.28 rpm");
    assert!(rpm.contains("the right number in the wrong unit: in rpm it is −0.0293215 rad/s"), "{rpm}");
}

/// The quiz numbers questions in file order, so the file lists them in the
/// order the run asks them. relaxation asks at pass 2's floor–ball detect
/// before its peg–bead one: the lesson asks the ball's question second, and a
/// file that lists them the other way is refused with where to move which.
#[test]
fn questions_are_numbered_in_the_order_they_are_asked() {
    let relaxation = lesson::find("relaxation").unwrap();
    let asks: Vec<&str> = relaxation.questions.iter().map(|q| q.ask.as_str()).collect();
    assert!(asks[1].starts_with("Pass 1 found the ball") && asks[2] == "What depth is left for pass 2?", "{asks:?}");
    let (ball, peg) = (
        relaxation.source.find("[[question]]\nkind = \"detect\"\niteration = 2\npair = [\"floor\"").unwrap(),
        relaxation.source.find("[[question]]\nkind = \"detect\"\niteration = 2\npair = [\"peg\"").unwrap(),
    );
    let source = format!("{}{}{}", &relaxation.source[..ball], &relaxation.source[peg..], &relaxation.source[ball..peg]);
    let swapped = Lesson::parse("relaxation.toml", &source).unwrap();
    let frames = run(&swapped, &swapped.settings, &anchored_frames(&swapped).unwrap()).unwrap();
    let error = anchor_questions(&swapped, &frames).unwrap_err().to_string();
    assert!(error.contains("question 3 is asked before question 2") && error.contains("move question 3 above question 2"), "{error}");
    // Taken as a learner: Q1 answered, the next prompt is "Question 2 of 3", the ball's.
    let mut app = open("relaxation", true);
    while !matches!(stepper(&app).mode, Mode::Answer(_)) {
        app.update(Msg::NextStep);
    }
    answer(&mut app, "0.16");
    while !matches!(stepper(&app).mode, Mode::Answer(_)) {
        app.update(Msg::NextStep);
    }
    assert!(matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == 1));
    assert!(screen(&app, 120, 40).contains("Question 2 of 3 · Pass 1 found the ball"), "{}", screen(&app, 120, 40));
}

/// A choice by a word only it has, in the lessons as a learner takes them:
/// relaxation's "deeper", particles' "it stops dead", smooth-balls' 负.
#[test]
fn a_choice_is_picked_by_a_short_word() {
    assert!(first_try("relaxation", 2, &["0.16"], "Deeper!").starts_with("right: 3 deeper"));
    assert!(first_try("relaxation", 2, &["0.16"], "deep").starts_with("right: 3 deeper"));
    assert!(first_try("particles", 2, &["-246.032"], "stops").starts_with("right: 1 it stops dead"));
    let mut app = open("particles", true);
    while !matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == 1) {
        if matches!(stepper(&app).mode, Mode::Answer(_)) {
            answer(&mut app, "-246.032");
        } else {
            app.update(Msg::NextStep);
        }
    }
    answer(&mut app, "it");
    assert!(
        note(&app).starts_with("\"it\" fits 3 choices (it stops dead; it bounces back; it goes on at half its speed)"),
        "{}",
        note(&app)
    );
    assert_eq!(stepper(&app).class.answers.tries[1], 0, "no try spent");
}

/// Feedback names the quantity as the lesson does, and every question has
/// a hint to give: every number question a `name` in both languages, every
/// question a first hint in both languages (its own, or its formula), and
/// a number question whose value a formula computes, that formula in
/// symbols and with numbers (particles' light ball by v_i' = v_i·n + tangent).
#[test]
fn every_question_is_named_and_has_hints_in_both_languages() {
    let (mut formulas, mut numbers) = (0, 0);
    for scene in lessons() {
        let id = scene.section.as_ref().unwrap().id.clone();
        for (q, question) in scene.questions.iter().enumerate() {
            if question.answer.is_some() {
                numbers += 1;
                assert!(question.name.is_some() && question.name_zh.is_some(), "{id} Q{}: name and name_zh", q + 1);
            }
            let mut app = open(&id, true).with_lang(Lang::Zh);
            for _ in 0..300 {
                match &stepper(&app).mode {
                    Mode::Answer(p) if p.question == q => break,
                    Mode::Answer(_) => {
                        app.update(Msg::Cancel);
                        app.update(Msg::ShowAnswer);
                    }
                    _ => {
                        app.update(Msg::NextStep);
                    }
                }
            }
            assert!(matches!(&stepper(&app).mode, Mode::Answer(p) if p.question == q), "{id} Q{} asked", q + 1);
            let zh = stepper(&app).hints_of(q);
            assert!(!zh.is_empty() && question.hint_zh.is_some() == question.hint.is_some(), "{id} Q{}: a hint in both languages", q + 1);
            let own = usize::from(question.hint.is_some());
            if question.answer.is_some() && zh.len() > own {
                formulas += 1;
                assert_eq!(zh.len(), own + 2, "{id} Q{}: the formula in symbols and with numbers: {zh:?}", q + 1);
            }
        }
    }
    assert!(formulas >= 20 && numbers == 27, "{formulas} of {numbers} number questions give their formula");
    let mut app = open("particles", true);
    for _ in 0..300 {
        if matches!(stepper(&app).mode, Mode::Answer(_)) {
            break;
        }
        app.update(Msg::NextStep);
    }
    let hints = stepper(&app).hints_of(0);
    assert_eq!(hints[1], "v_i' = v_i·n + tangent", "{hints:?}");
}

/// A formula hint in Chinese speaks the derivation panel's Chinese:
/// resting-contact's s in words, not "depth" and "rate".
#[test]
fn formula_hints_in_chinese_use_the_panels_words() {
    let mut app = open("resting-contact", true).with_lang(Lang::Zh);
    for _ in 0..300 {
        match &stepper(&app).mode {
            Mode::Answer(p) if p.question == 1 => break,
            Mode::Answer(_) => {
                app.update(Msg::Cancel);
                app.update(Msg::ShowAnswer);
            }
            _ => {
                app.update(Msg::NextStep);
            }
        }
    }
    let hints = stepper(&app).hints_of(1);
    assert!(hints.len() >= 2, "{hints:?}");
    for hint in &hints {
        assert!(!hint.contains("depth") && !hint.contains("rate"), "{hints:?}");
    }
}
