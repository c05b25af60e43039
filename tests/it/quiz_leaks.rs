//! Nothing hidden shows until it is revealed: for every question of every
//! lesson, in both languages and at three screen sizes, in quiz mode (with
//! the questions before it at its phase open, and given up) and in
//! presenter mode, the value the question asks for and every other result
//! hidden at its phase are nowhere on the screen, written as the screen
//! writes numbers (each part of a vector, with its sign), until they are
//! given up or shown; then the question's value is there. Rendered with
//! ratatui's TestBackend.

use impulse::engine::{PhaseData, Quantity, Value};
use impulse::geometry::Shape;
use impulse::lesson::{self, Lang, Lesson, QuestionEntry, Truth, anchor_questions, anchored_frames, run, truth};
use impulse::notation::{input_source, num};
use impulse::tui::app::{Mode, Screen, Stepper};
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn screen(app: &App, (w, h): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..h {
        text.extend((0..w).map(|x| buffer[(x, y)].symbol().to_string()));
        text.push('\n');
    }
    text
}

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

/// Whether `token`, a number as the screen writes it, stands on the screen as
/// a number of its own: not part of a longer one (`6` in `16`, `0.6` or `−6`)
/// nor of a name (`1` in `m1`).
fn shows(screen: &str, token: &str) -> bool {
    let part_of_number = |c: char| c.is_alphanumeric() || c == '.' || c == '_';
    screen.match_indices(token).any(|(i, _)| {
        let before = screen[..i].chars().next_back();
        let after = screen[i + token.len()..].chars().next();
        let sign_before = !token.starts_with('−') && matches!(before, Some('−' | '-'));
        !(before.is_some_and(part_of_number) || sign_before || after.is_some_and(|c| c.is_ascii_digit() || c == '.'))
    })
}

/// The numbers a learner is given at the phase: the words and choices of
/// the questions asked there, every number of the bodies before it (mass, inertia, size,
/// state), and with `inputs` what the phase takes in from outside it (a point an earlier
/// phase found). A hidden value that equals one of them cannot be told apart
/// on screen. A question's own value is checked without the inputs: a
/// formula that shows it before it is asked (a result put into a later
/// formula under another name, or a value the phase only takes in) gives the
/// question away.
fn givens(s: &Stepper, lang: Lang, inputs: bool) -> Vec<String> {
    let mut numbers: Vec<f64> = Vec::new();
    for (body, state) in s.bodies().iter().zip(s.record().state_after(s.phase)) {
        let p = (state.position, state.velocity);
        numbers.extend([p.0.x, p.0.y, p.1.x, p.1.y, state.angle, state.angular_velocity, body.restitution, body.friction]);
        numbers.extend([body.mass(), body.inertia()]);
        numbers.extend(match body.shape {
            Shape::Circle { radius } => vec![radius],
            Shape::Box { size } => vec![size.x, size.y],
            Shape::Segment { half } => vec![half.x, half.y],
        });
    }
    let mut out: Vec<String> = numbers.into_iter().map(num).collect();
    let all = quantities(s);
    for (i, q) in all.iter().enumerate().filter(|_| inputs) {
        let outside = q.inputs.iter().filter(|(name, _)| input_source(&all, i, name).is_none());
        out.extend(outside.flat_map(|(_, v)| parts(v)));
    }
    // The questions here, asked or answered, and their number and count ("Question 1 of 3").
    for q in s.questions_here() {
        out.push(lessons_question(s, q).ask(lang).to_string());
        out.extend(lessons_question(s, q).choices(lang).iter().map(|c| c.to_string()));
    }
    out.extend((1..=s.session.lesson.questions.len()).map(|n| n.to_string()));
    // The answers given up here ("vrt = 6 m/s").
    out.extend(s.questions_here().into_iter().filter(|&q| !s.class.answers.is_open(q)).map(|q| s.answer_text(q)));
    // The events queued before the phase (Sedgewick & Wayne's queue panel).
    let phases = &s.record().phases;
    let queued = (0..s.phase).rev().find_map(|k| match phases.at(k).into_owned().data {
        PhaseData::Event(e) if e.hit.is_some() => Some(e.queue),
        PhaseData::Predict(p) => Some(p.queue),
        _ => None,
    });
    out.extend(queued.unwrap_or_default().iter().map(|q| num(q.t)));
    out
}

fn lessons_question(s: &Stepper, q: usize) -> &QuestionEntry {
    &s.session.lesson.questions[q]
}

fn quantities(s: &Stepper) -> Vec<Quantity> {
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    s.record().phases.at(s.phase).quantities(&names)
}

/// The parts of a value as the screen writes them: a number, or a vector's two.
fn parts(v: &Value) -> Vec<String> {
    match v {
        Value::Scalar(x) => vec![num(*x)],
        Value::Vector(v) => vec![num(v.x), num(v.y)],
        _ => Vec::new(),
    }
}

/// The parts, each with either sign: for a question's own value, a formula
/// that multiplies a speed by a direction gives it away with the other sign
/// (`246.032·(−1, 0)` for −246.032, `(−125)·(−1, 0)` for 125).
fn parts_either_sign(v: &Value) -> Vec<String> {
    let signed = parts(v);
    let flipped = signed.iter().filter(|p| *p != "0").map(|p| p.strip_prefix('−').map_or_else(|| format!("−{p}"), str::to_string));
    let flipped: Vec<String> = flipped.collect();
    [signed, flipped].concat()
}

/// Steps with the lesson's next-step key (which stops at questions in quiz
/// mode) to `place`; the questions passed on the way are left open.
fn go_to(app: &mut App, place: (u64, usize)) {
    for _ in 0..200 {
        let s = stepper(app);
        if (s.frame, s.phase) == place {
            return;
        }
        // An open prompt keeps the keyboard: Esc leaves it before the key steps on.
        app.update(Msg::Cancel);
        app.update(Msg::NextStep);
    }
    panic!("the next-step key never reached {place:?}");
}

/// Clears the last key's note, so that what shows is the panels' own.
fn quiet(app: &mut App) {
    if let Screen::Stepper(s) = &mut app.screen {
        s.note = None;
    }
}

fn id(lesson: &Lesson) -> &str {
    lesson.section.as_ref().map_or("", |l| l.id.as_str())
}

struct Tally {
    /// Hidden values checked, and those equal to a given number (not checked).
    checked: usize,
    /// The questions' own values: checked, and equal to a given number.
    asked: [usize; 2],
    revealed: usize,
    given: usize,
    leaks: Vec<String>,
}

/// Renders question `q` of `lesson` at its phase `place`: every hidden value
/// is checked at the three sizes; then the question is given up, and its own
/// value must show.
/// Who hides the results: the quiz (until the question is answered) or a
/// teacher in presenter mode (until `R` has shown them all).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Class {
    Quiz,
    /// The quiz, with the questions asked before this one at its phase given up.
    QuizAfterOthers,
    Presenter,
}

fn check_question(lesson: &Lesson, q: usize, place: (u64, usize), lang: Lang, class: Class, tally: &mut Tally) {
    let question = &lesson.questions[q];
    let mut app = App::stepper(lesson.clone(), vec![], false).with_lang(lang).with_quiz(true);
    go_to(&mut app, place);
    let label = format!("{} Q{} ({lang:?}, {class:?})", id(lesson), q + 1);
    assert!(stepper(&app).open_here().contains(&q), "{label}: open at its phase");
    match class {
        Class::Quiz => {}
        Class::QuizAfterOthers => {
            while matches!(&stepper(&app).mode, Mode::Answer(p) if p.question != q) {
                app.update(Msg::Cancel);
                app.update(Msg::ShowAnswer);
            }
        }
        Class::Presenter => {
            app.update(Msg::ToggleQuiz);
            app.update(Msg::TogglePresenter);
        }
    }
    let s = stepper(&app);
    let names: Vec<String> = s.bodies().iter().map(|b| b.name.clone()).collect();
    let record = s.record();
    let own = question.answer.as_ref().map(|answer| {
        let Truth { value, quantity, .. } = truth(answer, &record.phases.at(s.phase), &names, || record.state_after(s.phase + 1)).unwrap();
        // A body's state the phase does not change shows in the bodies panel before the question is asked.
        let before = truth(answer, &record.phases.at(s.phase), &names, || record.state_after(s.phase)).unwrap().value;
        if quantity.is_none() && before == value {
            tally
                .leaks
                .push(format!("{label}: {answer} = {} is the same before the phase: the bodies panel shows it", parts(&value).join(", ")));
        }
        (answer.clone(), value)
    });
    // The question's value, and every result the phase hides with it.
    let all = quantities(s);
    let mut hidden: Vec<(String, Value)> = own.iter().cloned().collect();
    hidden.extend(s.hidden_lines().into_iter().map(|k| (all[k].name.clone(), all[k].value.clone())));
    let (givens, givens_but_inputs) = (givens(s, lang, true), givens(s, lang, false));
    let mut tokens: Vec<(String, String)> = Vec::new();
    for (k, (name, value)) in hidden.iter().enumerate() {
        let asked = k == 0 && own.is_some();
        for part in if asked { parts_either_sign(value) } else { parts(value) } {
            let given = if asked { &givens_but_inputs } else { &givens }.iter().any(|g| shows(g, &part));
            if asked {
                tally.asked[usize::from(given)] += 1;
            }
            if given {
                tally.given += 1;
            } else if !tokens.iter().any(|(_, t)| *t == part) {
                tally.checked += 1;
                tokens.push((name.clone(), part));
            }
        }
    }
    for size in SIZES {
        let shown = screen(&app, size);
        for (name, token) in tokens.iter().filter(|(_, t)| shows(&shown, t)) {
            tally.leaks.push(format!("{label} {}×{}: {name} = {token} shows\n{shown}", size.0, size.1));
        }
    }
    // Given up (every question at the phase), or every result shown, the value is on the screen.
    while matches!(stepper(&app).mode, Mode::Answer(_)) {
        app.update(Msg::Cancel);
        app.update(Msg::ShowAnswer);
    }
    while !stepper(&app).hidden_lines().is_empty() {
        app.update(Msg::Reveal);
    }
    quiet(&mut app);
    let shown = screen(&app, (200, 60));
    if let Some((answer, value)) = own {
        for token in parts(&value) {
            assert!(shows(&shown, &token), "{label}: {answer} = {token} shows once revealed\n{shown}");
            tally.revealed += 1;
        }
    }
}

#[test]
fn no_hidden_value_shows_before_it_is_revealed() {
    let mut tally = Tally { checked: 0, asked: [0, 0], revealed: 0, given: 0, leaks: Vec::new() };
    for lesson in lesson::embedded().into_iter().map(Result::unwrap) {
        if lesson.questions.is_empty() {
            continue;
        }
        let frames = run(&lesson, &lesson.settings, &anchored_frames(&lesson).unwrap()).unwrap();
        let places = anchor_questions(&lesson, &frames).unwrap();
        for (q, place) in places.iter().enumerate() {
            let place = place.unwrap_or_else(|| panic!("{} Q{}: anchored", id(&lesson), q + 1));
            let after_others = places[..q].contains(&Some(place));
            for lang in [Lang::En, Lang::Zh] {
                for class in [Class::Quiz, Class::QuizAfterOthers, Class::Presenter] {
                    if class != Class::QuizAfterOthers || after_others {
                        check_question(&lesson, q, place, lang, class, &mut tally);
                    }
                }
            }
        }
    }
    let leaks: Vec<String> = tally.leaks.iter().map(|l| l.lines().next().unwrap().to_string()).collect();
    eprintln!(
        "checked {} hidden values ({} equal a given number), of them {} questions' own ({} equal a given); {} shown once revealed; {} leaks:\n{}",
        tally.checked,
        tally.given,
        tally.asked[0],
        tally.asked[1],
        tally.revealed,
        leaks.len(),
        leaks.join("\n")
    );
    assert!(tally.leaks.is_empty(), "{}", tally.leaks.join("\n\n"));
    assert!(tally.asked[0] >= 3 * tally.asked[1], "most questions' values can be told apart from the givens: {:?}", tally.asked);
}
