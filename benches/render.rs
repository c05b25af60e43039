//! Time to draw one debugger frame of a 1,000-body scene at 200×60, with the
//! derivation, bodies panel and braille canvas, into ratatui's TestBackend; and
//! of 10,000 discs, playing (a frame's budget at 60 frames a second is 16.7 ms)
//! and paused on a phase that gives every disc an arrow.

use criterion::{Criterion, criterion_group, criterion_main};
use impulse::engine::PhaseKind;
use impulse::lesson::Lesson;
use impulse::tui::app::Screen;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};
use std::fmt::Write;

/// The allocator the `impulse` binary uses, so the figures are the program's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// 1,000 bodies on a grid, circles and boxes alternating, some overlapping.
fn scene() -> Lesson {
    let mut toml = String::from(
        "[world]\ngravity = [0.0, -9.8]\n\n[[body]]\nname = \"floor\"\nshape = \"box\"\nsize = [120.0, 2.0]\nstatic = true\nposition = [0.0, -1.0]\n",
    );
    for i in 0..999 {
        let (x, y) = ((i % 40) as f64 * 2.9 - 57.0, (i / 40) as f64 * 1.9 + 1.0);
        let shape = if i % 2 == 0 { "shape = \"circle\"\nradius = 0.9" } else { "shape = \"box\"\nsize = [1.8, 1.2]\nangle = 0.3" };
        write!(toml, "\n[[body]]\nname = \"b{i}\"\n{shape}\nmass = 1.0\nposition = [{x}, {y}]\nrestitution = 0.3\n").unwrap();
    }
    Lesson::parse("bench.toml", &toml).unwrap()
}

fn render(c: &mut Criterion) {
    let mut app = App::stepper(scene(), Vec::new(), true);
    // Stop at a resolve phase, so the canvas also draws the contact's arrows.
    for _ in 0..2000 {
        let Screen::Stepper(s) = &app.screen else { unreachable!() };
        if s.record().phases.at(s.phase).kind() == PhaseKind::Resolve {
            break;
        }
        app.update(Msg::NextPhase);
    }
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    c.bench_function("render 1000 bodies at 200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| view(&app, f)).unwrap();
        })
    });
}

/// 10,000 discs 1.4 m wide, 2.2 m apart in a block of 100 by 100, over a floor.
fn discs() -> Lesson {
    Lesson::parse("discs10000.toml", include_str!("../tests/fixtures/discs10000.toml")).unwrap()
}

fn render_discs(c: &mut Criterion) {
    let mut app = App::stepper(discs(), Vec::new(), true);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    // Frame 0's forces: ten thousand arrows and names asking for a place.
    c.bench_function("render 10000 discs paused at 200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| view(&app, f)).unwrap();
        })
    });
    app.update(Msg::ToggleRun);
    app.update(Msg::Tick(60.0));
    c.bench_function("render 10000 discs playing at 200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| view(&app, f)).unwrap();
        })
    });
}

/// What `impulse` does before its first frame on screen: read the embedded
/// lessons and draw the menu at 120×40; and what `impulse lesson relaxation`
/// does: read them, record the lesson's frame 0 and draw it.
fn startup(c: &mut Criterion) {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let lessons = || impulse::lesson::embedded().into_iter().map(Result::unwrap).collect::<Vec<Lesson>>();
    c.bench_function("start: lessons read, menu drawn", |b| {
        b.iter(|| {
            let app = App::menu(lessons(), true);
            terminal.draw(|f| view(&app, f)).unwrap();
        })
    });
    c.bench_function("start: lesson relaxation opened and drawn", |b| {
        b.iter(|| {
            let all = lessons();
            let scene = all.iter().find(|s| s.section.as_ref().is_some_and(|l| l.id == "relaxation")).unwrap().clone();
            let app = App::stepper(scene, all, true);
            terminal.draw(|f| view(&app, f)).unwrap();
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(5));
    targets = render, render_discs, startup
}
criterion_main!(benches);
