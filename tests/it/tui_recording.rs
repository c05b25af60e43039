//! A frame too big to record as a key is answered (a thousand discs) is
//! recorded off the event loop's thread: the screen says which frame is being
//! recorded, and the keys keep being answered meanwhile. The shell runs each
//! order on its recorder; here the test runs it, when it chooses, so what
//! the screen shows in between is checked without timing anything.

use impulse::lesson::Lesson;
use impulse::tui::app::{Screen, Stepper};
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};

/// 1,000 discs of 0.5 m in rows of 40, 1.1 m apart, over a floor.
fn thousand_discs() -> Lesson {
    use std::fmt::Write;
    let mut toml = String::from(
        "[world]\ngravity = [0.0, -9.8]\n\n[[body]]\nname = \"floor\"\nshape = \"box\"\nsize = [60.0, 1.0]\nstatic = true\nposition = [0.0, -0.5]\n",
    );
    for i in 0..1000 {
        let (x, y) = (f64::from(i % 40) * 1.1 - 22.0, 1.0 + f64::from(i / 40) * 1.1);
        write!(toml, "\n[[body]]\nname = \"d{i}\"\nshape = \"circle\"\nradius = 0.5\nmass = 1.0\nposition = [{x}, {y}]\n").unwrap();
    }
    Lesson::parse("discs.toml", &toml).unwrap()
}

fn rows(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..h).map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect::<String>()).collect()
}

fn status(app: &App) -> String {
    rows(app, 200, 60).pop().unwrap()
}

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

/// Plays `frames` frames (the ticks step them here, as without a worker) and pauses.
fn play_and_pause(app: &mut App, frames: usize) {
    app.update(Msg::ToggleRun);
    for _ in 0..frames {
        app.update(Msg::Tick(60.0));
    }
    app.update(Msg::ToggleRun);
}

#[test]
fn keys_are_answered_while_the_paused_frame_is_recorded() {
    let mut app = App::stepper(thousand_discs(), Vec::new(), true);
    play_and_pause(&mut app, 6);
    // The pause is answered at once: the frame is being recorded, and said so.
    assert!(status(&app).contains("frame 6 · recording frame 6…"), "{}", status(&app));
    assert!(rows(&app, 200, 60).iter().any(|r| r.contains("Recording frame 6: its phases show here when it is ready")));
    assert_eq!(stepper(&app).session.timeline.cached(6), None, "nothing recorded on the loop's thread");
    assert!(rows(&app, 200, 60).iter().any(|r| r.contains("the bodies as shown: KE")), "the totals of the bodies on screen");
    // The shell takes the order to its recorder; the keys go on meanwhile.
    let paused = app.order().expect("frame 6 is ordered");
    assert_eq!(paused.frame(), 6);
    // Four steps back gather into one place sought: four frames back, one record to make.
    for _ in 0..4 {
        app.update(Msg::PrevFrame);
    }
    assert!(status(&app).contains("frame 6 · recording frame 2…"), "{}", status(&app));
    // A key that needs the phases says so, and changes nothing.
    app.update(Msg::EditFields);
    assert!(status(&app).contains("frame 2 is being recorded: press that key again once its phases show"), "{}", status(&app));
    // Help opens and closes; the screen is drawn at another size; the view keys work.
    app.update(Msg::Help);
    assert!(rows(&app, 200, 60).iter().any(|r| r.contains("Keys")));
    app.update(Msg::Help);
    assert!(status(&app).contains("recording frame 2…"));
    assert!(rows(&app, 80, 24).last().unwrap().contains("frame 2 is being recorded"), "{:?}", rows(&app, 80, 24).last());
    app.update(Msg::Zoom(1, None));
    // The record of frame 6 comes: it is cached, and frame 2's is ordered next.
    app.made(paused.run());
    assert!(stepper(&app).session.timeline.cached(6).is_some());
    assert!(status(&app).contains("recording frame 2…"), "{}", status(&app));
    let back = app.order().expect("frame 2 is ordered");
    assert_eq!(back.frame(), 2);
    app.made(back.run());
    // Shown: frame 2's first phase, as four F pressed one by one would have left it.
    assert!(status(&app).contains(" 2:forces (1/"), "{}", status(&app));
    assert!(!status(&app).contains("recording"));
    assert_eq!(app.order().map(|o| o.frame()), None, "nothing more to record");
    let mut stepped = impulse::session::Timeline::new(thousand_discs().world.clone(), thousand_discs().settings.clone());
    assert_eq!(stepper(&app).record(), stepped.frame(2), "the record made off the loop is the timeline's, bit for bit");
}

#[test]
fn quit_and_play_on_are_answered_while_a_frame_is_recorded() {
    let mut app = App::stepper(thousand_discs(), Vec::new(), true);
    play_and_pause(&mut app, 3);
    let order = app.order().expect("frame 3 is ordered");
    // Space plays on from the frame on screen; the record, when it comes, is kept and not shown.
    app.update(Msg::ToggleRun);
    assert!(app.running().is_some());
    app.update(Msg::Tick(60.0));
    assert!(status(&app).contains("frame 4"), "{}", status(&app));
    assert!(!status(&app).contains("recording"));
    app.made(order.run());
    assert!(stepper(&app).session.timeline.cached(3).is_some());
    assert_eq!(stepper(&app).frame, 4);
    // Paused again and stepped back at once: quit is answered while frame 3 is sought.
    app.update(Msg::ToggleRun);
    app.update(Msg::PrevFrame);
    app.update(Msg::PrevPhase);
    assert!(status(&app).contains("recording frame 2…"), "{}", status(&app));
    app.update(Msg::Quit);
    assert!(app.quit);
}
