//! The terminal debugger: the imperative shell around `app` (state, update)
//! and `view` (a pure function of the state).

pub mod app;
mod canvas;
pub mod keys;
mod timeline;
pub mod view;

pub use app::{App, Msg};
pub use timeline::Timeline;

use crossterm::event::{self, Event, KeyEventKind};
use keys::Scope;
use std::io;
use std::time::{Duration, Instant};

/// Runs the app until it quits. The terminal is restored on quit, on error,
/// and (through ratatui's panic hook) on panic.
pub fn run(mut app: App) -> io::Result<()> {
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, &mut app);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    let mut next_tick = Instant::now();
    while !app.quit {
        terminal.draw(|f| view::view(app, f))?;
        // Paused, the loop sleeps in `read` until a key or a resize: idle costs nothing.
        let event = match app.running() {
            Some(fps) => {
                let period = Duration::from_secs_f64(1.0 / fps);
                let wait = next_tick.saturating_duration_since(Instant::now());
                if event::poll(wait)? {
                    Some(event::read()?)
                } else {
                    next_tick = Instant::now() + period;
                    app.update(Msg::Tick);
                    None
                }
            }
            None => Some(event::read()?),
        };
        if let Some(Event::Key(key)) = event
            && key.kind == KeyEventKind::Press
        {
            let scope = match app.screen {
                app::Screen::Menu => Scope::Menu,
                app::Screen::Stepper(_) => Scope::Stepper,
            };
            if let Some(msg) = keys::lookup(key, scope) {
                app.update(msg);
            }
        }
    }
    Ok(())
}
