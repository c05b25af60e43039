//! The terminal's modes while the debugger owns it, and giving them back on
//! every way out: `q`, an error, a panic, a signal to stop, and a suspend.
//!
//! A person whose shell comes back with no cursor, in raw mode or with mouse
//! reports typed into the prompt has lost their terminal; one who suspends the
//! debugger (`kill -TSTP`, or a job-control shell) expects the shell's own
//! screen while it is stopped and the debugger's picture back after `fg`, as
//! vim and htop do.

use crossterm::cursor::Show;
use crossterm::event::{DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// Raw mode, the alternate screen and mouse reporting. The cursor is the
/// drawing's to hide or show, frame by frame.
pub fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    // Bracketed paste: a paste arrives as one text for the prompt, not as keys that would act.
    crossterm::execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste)
}

/// The terminal as the shell had it: mouse reporting off, the main screen,
/// cooked mode, the cursor shown. Each step is tried even when one before it
/// failed, since this runs on the way out.
pub fn leave() {
    let _ = crossterm::execute!(io::stdout(), DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
}

/// What the drawing loop and the signal thread share.
#[derive(Default)]
pub struct Shared {
    /// Held while a frame is drawn, and by the signal thread from a suspend
    /// until the modes are back: a frame is never drawn onto the shell's screen.
    drawing: Mutex<()>,
    /// Set when the process comes back from a stop: the screen it left may
    /// hold the shell's lines, so the next frame is drawn whole.
    resumed: AtomicBool,
}

impl Shared {
    /// The right to draw a frame; `true` with it when the frame must be drawn whole.
    pub fn draw(&self) -> (MutexGuard<'_, ()>, bool) {
        let guard = lock(&self.drawing);
        (guard, self.resumed.swap(false, Ordering::SeqCst))
    }
}

fn lock(mutex: &Mutex<()>) -> MutexGuard<'_, ()> {
    // A panic while drawing leaves nothing behind that the lock protects.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Handles, on a thread of its own:
/// - SIGTERM, SIGHUP and SIGINT from outside (in raw mode Ctrl-C is a key, not
///   a signal): the terminal is given back and the process ends as the signal
///   would, with 128 + its number;
/// - SIGTSTP: the terminal is given back and the process stops;
/// - SIGCONT: the modes are set again and the next frame is drawn whole. A
///   SIGWINCH to the process itself wakes the loop that waits for a key, as a
///   resize would.
///
/// Closing the handle ends the thread and gives these signals back their own
/// actions: once the debugger has quit, a suspend must not set its modes again.
pub fn handle_signals(shared: Arc<Shared>) -> io::Result<signal_hook::iterator::Handle> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT])?;
    let handle = signals.handle();
    std::thread::spawn(move || {
        // Held from a suspend until the process has continued and the modes are set again.
        let mut suspended: Option<MutexGuard<'_, ()>> = None;
        for signal in signals.forever() {
            match signal {
                SIGTSTP => {
                    suspended.get_or_insert_with(|| lock(&shared.drawing));
                    leave();
                    // Stops the process; returns once a SIGCONT has come.
                    let _ = signal_hook::low_level::emulate_default_handler(SIGTSTP);
                }
                SIGCONT => {
                    let guard = suspended.take().unwrap_or_else(|| lock(&shared.drawing));
                    // A terminal that cannot be set again is reported by the next frame's write.
                    let _ = enter();
                    shared.resumed.store(true, Ordering::SeqCst);
                    drop(guard);
                    let _ = signal_hook::low_level::raise(SIGWINCH);
                }
                _ => {
                    let _guard = suspended.take().unwrap_or_else(|| lock(&shared.drawing));
                    leave();
                    std::process::exit(128 + signal);
                }
            }
        }
    });
    Ok(handle)
}
