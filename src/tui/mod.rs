//! The terminal debugger: the imperative shell around `app` (state, update)
//! and `view` (a pure function of the state).

pub mod app;
mod binding;
mod breakpoints;
mod canvas;
mod classroom;
pub mod context;
mod edit;
mod effect;
pub mod fields;
pub mod keys;
pub mod modes;
mod msg;
pub mod note;
pub mod shot;
mod terminal;
pub mod view;
pub mod words;
mod worker;

pub use crate::session::{Start, Timeline};
pub use app::{App, Msg};
pub use effect::{Check, Concern, Effect, Outcome, perform};

use crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};

/// Runs the app until it quits. The terminal is given back on quit, on error,
/// on panic, on a signal to stop, and while the process is suspended.
pub fn run(mut app: App) -> io::Result<()> {
    let shared = std::sync::Arc::new(terminal::Shared::default());
    let signals = terminal::handle_signals(shared.clone())?;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        terminal::leave();
        hook(info);
    }));
    let result = terminal::enter().and_then(|()| {
        let mut screen = ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(io::stdout()))?;
        event_loop(&mut screen, &mut app, &shared)
    });
    terminal::leave();
    signals.close();
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App, shared: &terminal::Shared) -> io::Result<()> {
    let mut next_tick = Instant::now();
    // When the last second's frames were shown, for the rate the status line gives.
    let mut shown: std::collections::VecDeque<Instant> = std::collections::VecDeque::new();
    // Where the left button went down or last dragged to: a drag pans the scene.
    let mut dragged: Option<(u16, u16)> = None;
    // When the last key came: a key after a rest of a second lets a held move key go.
    let mut last_key = Instant::now();
    // Play's frames are stepped on a worker while playing; none when paused.
    let mut worker: Option<worker::Worker<crate::session::Played>> = None;
    // The record the scene on screen waits for, being made: one at a time.
    let mut recorder: Option<worker::Worker<crate::session::Made>> = None;
    // Whether anything changed since the screen was last drawn.
    let mut changed = true;
    while !app.quit {
        // A record made is shown if it is of the place the keys seek; else
        // the record of that place is ordered next, and started once the
        // screen says so (on two cores the recorder would slow that drawing).
        if let Some(made) = recorder.as_mut().and_then(worker::Worker::ready) {
            recorder = None;
            app.made(made);
            changed = true;
        }
        let order = if recorder.is_none() { app.order() } else { None };
        if std::mem::replace(&mut changed, true) || order.is_some() {
            let (_drawing, whole) = shared.draw();
            if whole {
                let size = terminal.size()?;
                terminal.resize(Rect::new(0, 0, size.width, size.height))?;
            }
            terminal.draw(|f| view::view(app, f))?;
        }
        if let Some(order) = order {
            recorder = Some(worker::Worker::record(order)?);
        }
        // Paused, the loop sleeps in `read` until a key or a resize: idle costs nothing.
        let event = match app.running() {
            Some(fps) => {
                if worker.is_none() {
                    worker = app.ahead().map(worker::Worker::start).transpose()?;
                }
                let period = Duration::from_secs_f64(1.0 / fps);
                let wait = next_tick.saturating_duration_since(Instant::now());
                if event::poll(wait)? {
                    Some(event::read()?)
                } else if let Some(played) = worker.as_mut().and_then(worker::Worker::ready) {
                    if !app.played(played) {
                        worker = None;
                    }
                    let now = Instant::now();
                    // Keep the cadence: the next tick is a period after this one
                    // was due, unless the frames have fallen a period behind.
                    next_tick = if now.duration_since(next_tick) < period { next_tick + period } else { now + period };
                    shown.push_back(now);
                    while shown.front().is_some_and(|&t| now.duration_since(t) > Duration::from_secs(1)) {
                        shown.pop_front();
                    }
                    let span = now.duration_since(*shown.front().expect("just pushed")).as_secs_f64();
                    let fps = if shown.len() > 1 && span > 0.0 { (shown.len() - 1) as f64 / span } else { 0.0 };
                    app.update(Msg::Tick(fps));
                    None
                } else {
                    // The tick is due and the worker is still stepping: keys are
                    // read meanwhile, and the screen is drawn again when the frame comes.
                    changed = event::poll(Duration::from_millis(1))?;
                    if changed { Some(event::read()?) } else { None }
                }
            }
            None => {
                worker = None;
                shown.clear();
                if recorder.is_some() {
                    // Keys are read as they come, and the record looked for between them.
                    changed = event::poll(Duration::from_millis(10))?;
                    if changed { Some(event::read()?) } else { None }
                } else {
                    Some(event::read()?)
                }
            }
        };
        let msg = match event {
            Some(Event::Key(key)) if key.kind == KeyEventKind::Press => {
                if std::mem::replace(&mut last_key, Instant::now()).elapsed() >= Duration::from_secs(1) {
                    app.update(Msg::Idle);
                }
                let scope = match &app.screen {
                    app::Screen::Menu => keys::Scope::Menu,
                    app::Screen::Stepper(s) => s.mode.scope(),
                };
                keys::lookup(key, scope)
            }
            Some(Event::Paste(text)) => {
                app.paste(&text);
                None
            }
            Some(Event::Mouse(m)) if matches!(m.kind, MouseEventKind::ScrollDown | MouseEventKind::ScrollUp) => {
                let size = terminal.size()?;
                view::wheel(app, Rect::new(0, 0, size.width, size.height), m.column, m.row, m.kind == MouseEventKind::ScrollDown)
            }
            Some(Event::Mouse(m)) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let size = terminal.size()?;
                dragged = Some((m.column, m.row));
                view::scene_point(app, Rect::new(0, 0, size.width, size.height), m.column, m.row).map(Msg::Click)
            }
            Some(Event::Mouse(m)) if m.kind == MouseEventKind::Drag(MouseButton::Left) => {
                let size = terminal.size()?;
                let area = Rect::new(0, 0, size.width, size.height);
                let from = dragged.replace((m.column, m.row));
                from.and_then(|(c, r)| view::drag(app, area, (c, r), (m.column, m.row)))
            }
            _ => None,
        };
        if let Some(msg) = msg {
            let size = terminal.size()?;
            let area = Rect::new(0, 0, size.width, size.height);
            // A terminal too small to show the debugger takes no keys but quitting.
            if view::fits(area) || matches!(msg, Msg::Quit) {
                if let Some(effect) = app.update(msg) {
                    app.performed(perform(&effect));
                }
                view::clamp_scrolls(app, area);
            }
        }
    }
    Ok(())
}
