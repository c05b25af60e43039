//! The real binary in a pseudo-terminal: open a lesson, step to the resolve
//! phase, read the screen as a terminal would show it, quit with `q`; edit a
//! scene with real keys and save it with Ctrl-S.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A terminal running `impulse args…` in `dir`, read through a vt100 emulator.
struct Term {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    rx: mpsc::Receiver<Vec<u8>>,
    screen: vt100::Parser,
    /// Everything the program wrote, for what the screen does not keep.
    raw: Vec<u8>,
}

impl Term {
    fn open(args: &[&str], dir: &std::path::Path) -> Term {
        let pty = native_pty_system().openpty(PtySize { rows: 40, cols: 120, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_impulse"));
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("TERM", "xterm-256color");
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let writer = pty.master.take_writer().unwrap();
        // The reader blocks, so it runs on its own thread and feeds the emulator here.
        let (tx, rx) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let size = |n: u16| std::num::NonZeroU16::new(n).unwrap();
        Term { child, writer, rx, screen: vt100::Parser::new(size(40), size(120), 0), raw: Vec::new() }
    }

    fn wait_for(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            while let Ok(bytes) = self.rx.try_recv() {
                self.screen.process(&bytes);
                self.raw.extend(bytes);
            }
            let contents = self.screen.screen().contents();
            if contents.contains(text) {
                return contents;
            }
            assert!(Instant::now() < deadline, "never saw {text:?}; the screen was:\n{contents}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn keys(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).unwrap();
        self.writer.flush().unwrap();
    }

    fn quit(mut self) -> Vec<u8> {
        self.keys(b"q");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "exit status {status:?}");
        while let Ok(bytes) = self.rx.recv_timeout(Duration::from_millis(200)) {
            self.raw.extend(bytes);
        }
        self.raw
    }
}

#[test]
fn rough_balls_in_a_terminal() {
    let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("frame 0 · t 0 s · forces");
    t.keys(b"nnnn");
    let at_resolve = t.wait_for("resolve (5/");
    assert!(at_resolve.contains("= −7.2 N·s"), "{at_resolve}");
    assert!(at_resolve.contains("= −1.44 N·s"), "{at_resolve}");
    t.quit();
}

#[test]
fn edit_and_save_with_real_keys() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s.toml"), impulse::scene::STARTER).unwrap();
    let mut t = Term::open(&["scene", "s.toml"], dir.path());
    t.wait_for("frame 0 · t 0 s · forces");
    // Select the ball, open the editor, go to friction, clear it (Ctrl-U), type 0.9, apply, save (Ctrl-S).
    t.keys(b"\te\x1b[B\x1b[B\x15");
    t.wait_for("friction μ");
    t.keys(b"0.9\r");
    t.wait_for("edited ball");
    t.keys(b"\x13");
    t.wait_for("saved frame 0's start to s.toml");
    let raw = t.quit();
    let saved = std::fs::read_to_string(dir.path().join("s.toml")).unwrap();
    assert!(saved.contains("friction = 0.9              # μ; a pair uses the average"), "{saved}");
    // Mouse reporting was switched on, and off again on the way out.
    let text = String::from_utf8_lossy(&raw);
    let (on, off) = (text.find("\x1b[?1000h"), text.rfind("\x1b[?1000l"));
    assert!(on.is_some() && off > on, "mouse capture on {on:?}, off {off:?}");
}

/// SIGTERM, SIGHUP or SIGINT from outside: the terminal is given back (mouse
/// reporting off, the main screen) and the exit status is 128 + the signal.
#[cfg(unix)]
#[test]
fn a_signal_from_outside_restores_the_terminal() {
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
        t.wait_for("frame 0 · t 0 s · forces");
        let pid = t.child.process_id().unwrap().to_string();
        assert!(std::process::Command::new("kill").args([format!("-{signal}"), pid]).status().unwrap().success());
        let status = t.child.wait().unwrap();
        assert_eq!(status.exit_code(), 128 + number, "SIG{signal}");
        while let Ok(bytes) = t.rx.recv_timeout(Duration::from_millis(200)) {
            t.raw.extend(bytes);
        }
        let text = String::from_utf8_lossy(&t.raw);
        let after_mouse_on = &text[text.find("\x1b[?1000h").expect("mouse reporting was on")..];
        assert!(after_mouse_on.contains("\x1b[?1000l"), "SIG{signal}: mouse reporting left on");
        assert!(after_mouse_on.contains("\x1b[?1049l"), "SIG{signal}: the alternate screen left on");
    }
}

/// The canvas's view keys as a terminal sends them: zoom, Ctrl-arrow pan, a
/// mouse drag (SGR reports), the layout key; none stops or changes the run.
#[test]
fn the_view_keys_and_a_drag_in_a_terminal() {
    let mut t = Term::open(&["lesson", "relaxation"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("frame 0 · t 0 s · forces");
    t.keys(b")");
    t.wait_for("m wide (T: follow");
    t.keys(b"\x1b[1;5C");
    t.wait_for("view moved");
    // Press at column 21, row 9; drag to column 31, row 6; release.
    t.keys(b"\x1b[<0;21;9M\x1b[<32;31;6M\x1b[<0;31;6m");
    t.wait_for("view dragged");
    t.keys(b"|");
    t.wait_for("the canvas takes the screen");
    t.keys(b"0");
    let fitted = t.wait_for("view fitted to the bodies");
    assert!(fitted.contains("frame 0 · t 0 s · forces"), "{fitted}");
    t.quit();
}
