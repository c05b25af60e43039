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
    /// The terminal's device, for its line discipline (raw or cooked).
    tty: std::path::PathBuf,
}

impl Term {
    fn open(args: &[&str], dir: &std::path::Path) -> Term {
        let pty = native_pty_system().openpty(PtySize { rows: 40, cols: 120, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_impulse"));
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("TERM", "xterm-256color");
        let child = pty.slave.spawn_command(cmd).unwrap();
        let tty = pty.master.tty_name().unwrap();
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
        Term { child, writer, rx, screen: vt100::Parser::new(size(40), size(120), 0), raw: Vec::new(), tty }
    }

    fn wait_for(&mut self, text: &str) -> String {
        self.wait_until(&format!("{text:?} on the screen"), |screen| screen.contents().contains(text));
        self.screen.screen().contents()
    }

    /// Reads what the program writes until the screen meets `ready` (named `what` in the failure).
    fn wait_until(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            while let Ok(bytes) = self.rx.try_recv() {
                self.screen.process(&bytes);
                self.raw.extend(bytes);
            }
            let screen = self.screen.screen();
            if ready(screen) {
                return;
            }
            assert!(Instant::now() < deadline, "never saw {what}; the screen was:\n{}", screen.contents());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The screen once the program has written nothing for a while: a frame may come in several writes.
    fn settled(&mut self) -> String {
        while let Ok(bytes) = self.rx.recv_timeout(Duration::from_millis(300)) {
            self.screen.process(&bytes);
            self.raw.extend(bytes);
        }
        self.screen.screen().contents()
    }

    /// The terminal's modes as a person would find them: (cursor shown, alternate screen, mouse reporting, raw mode).
    /// Read once the program has written all it had to (a frame may come in several writes).
    fn modes(&mut self) -> (bool, bool, bool, bool) {
        self.settled();
        let screen = self.screen.screen();
        let stty = std::process::Command::new("stty").arg("-F").arg(&self.tty).arg("-a").output().unwrap();
        let stty = String::from_utf8_lossy(&stty.stdout);
        let raw = stty.split_whitespace().any(|flag| flag == "-icanon");
        (!screen.hide_cursor(), screen.alternate_screen(), screen.mouse_protocol_mode() != vt100::MouseProtocolMode::None, raw)
    }

    fn signal(&self, name: &str) {
        let pid = self.child.process_id().unwrap().to_string();
        assert!(std::process::Command::new("kill").args([format!("-{name}"), pid]).status().unwrap().success());
    }

    /// The process's state letter from /proc: `T` while stopped.
    fn state(&self) -> char {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.process_id().unwrap())).unwrap();
        // The name in parentheses may hold spaces; the state follows the last ')'.
        stat[stat.rfind(')').unwrap() + 2..].chars().next().unwrap()
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
    t.wait_for("0:forces (1/");
    t.keys(b"nnnn");
    let at_resolve = t.wait_for("0:resolve:1:m1-m2 (5/");
    assert!(at_resolve.contains("= −7.2 N·s"), "{at_resolve}");
    assert!(at_resolve.contains("= −1.44 N·s"), "{at_resolve}");
    t.quit();
}

/// Esc and x pressed at once arrive as Alt-x, which turned a body: it is no
/// key, and the status line says so. `@` sends the phase's address to the
/// clipboard (OSC 52, base64) and shows it.
#[test]
fn an_alt_chord_and_the_address_key_in_a_terminal() {
    let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("0:forces (1/");
    t.keys(b"\x1bx");
    t.wait_for("Alt-x does nothing");
    t.keys(b"nnnn@");
    t.wait_for("0:resolve:1:m1-m2 copied");
    let raw = t.quit();
    // "0:resolve:1:m1-m2" in base64.
    assert!(String::from_utf8_lossy(&raw).contains("\x1b]52;c;MDpyZXNvbHZlOjE6bTEtbTI=\x1b\\"), "no OSC 52 for the address");
}

#[test]
fn edit_and_save_with_real_keys() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s.toml"), impulse::scene::STARTER).unwrap();
    let mut t = Term::open(&["scene", "s.toml"], dir.path());
    t.wait_for("0:forces (1/");
    // Select the ball, open the editor, go to friction, clear it (Ctrl-U), type 0.9, apply, save (Ctrl-S).
    t.keys(b"\te\x1b[B\x1b[B\x15");
    t.wait_for("friction μ");
    t.keys(b"0.9\r");
    t.wait_for("edited ball");
    t.keys(b"\x13");
    t.wait_for("saved the scene as built (frame 0) to s.toml");
    let raw = t.quit();
    let saved = std::fs::read_to_string(dir.path().join("s.toml")).unwrap();
    assert!(saved.contains("friction = 0.9              # μ; a pair uses the average"), "{saved}");
    // Mouse reporting was switched on, and off again on the way out.
    let text = String::from_utf8_lossy(&raw);
    let (on, off) = (text.find("\x1b[?1000h"), text.rfind("\x1b[?1000l"));
    assert!(on.is_some() && off > on, "mouse capture on {on:?}, off {off:?}");
}

/// The debugger's modes while it runs, the shell's when it has quit:
/// (cursor shown, alternate screen, mouse reporting, raw mode).
const RUNNING: (bool, bool, bool, bool) = (false, true, true, true);
const GIVEN_BACK: (bool, bool, bool, bool) = (true, false, false, false);

/// SIGTERM, SIGHUP or SIGINT from outside: the terminal is given back as `q`
/// gives it (the cursor shown, the main screen, mouse reporting off, cooked
/// mode) and the exit status is 128 + the signal.
#[cfg(target_os = "linux")]
#[test]
fn a_signal_from_outside_restores_the_terminal() {
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
        t.wait_for("0:forces (1/");
        assert_eq!(t.modes(), RUNNING, "before SIG{signal}");
        t.signal(signal);
        let status = t.child.wait().unwrap();
        assert_eq!(status.exit_code(), 128 + number, "SIG{signal}");
        t.wait_until("the cursor shown", |screen| !screen.hide_cursor());
        assert_eq!(t.modes(), GIVEN_BACK, "after SIG{signal}");
    }
}

/// `q` gives the terminal back with the cursor shown.
#[cfg(target_os = "linux")]
#[test]
fn quitting_restores_the_terminal() {
    let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("0:forces (1/");
    t.keys(b"q");
    assert!(t.child.wait().unwrap().success());
    t.wait_until("the cursor shown", |screen| !screen.hide_cursor());
    assert_eq!(t.modes(), GIVEN_BACK);
}

/// SIGTSTP gives the terminal back and stops the process, as a shell's
/// suspend does; SIGCONT sets the modes again and draws the whole picture,
/// where the shell's lines had been.
#[cfg(target_os = "linux")]
#[test]
fn a_suspend_gives_the_terminal_back_until_it_continues() {
    let mut t = Term::open(&["lesson", "rough-balls"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("0:forces (1/");
    t.keys(b"n");
    t.wait_for("0:broad (2/");
    let picture = t.settled();
    t.signal("TSTP");
    t.wait_until("the main screen", |screen| !screen.alternate_screen());
    let deadline = Instant::now() + Duration::from_secs(20);
    while t.state() != 'T' {
        assert!(Instant::now() < deadline, "the process never stopped: state {}", t.state());
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(t.modes(), GIVEN_BACK, "while stopped");
    t.signal("CONT");
    // Entering the alternate screen clears it, so only a whole redraw brings the picture back.
    // A space drawn at a line's end and a cleared cell read alike on a screen.
    let same = |a: &str, b: &str| a.lines().map(str::trim_end).eq(b.lines().map(str::trim_end));
    t.wait_until("the whole picture again", |screen| screen.alternate_screen() && same(&screen.contents(), &picture));
    assert!(same(&t.settled(), &picture));
    assert_eq!(t.modes(), RUNNING, "after continuing");
    assert_ne!(t.state(), 'T');
    // It takes keys again, and `q` still gives the terminal back.
    t.keys(b"n");
    t.wait_for("0:detect:1:m1-m2 (3/48)");
    t.quit();
}

/// The canvas's view keys as a terminal sends them: zoom, Ctrl-arrow pan, a
/// mouse drag (SGR reports), the layout key; none stops or changes the run.
#[test]
fn the_view_keys_and_a_drag_in_a_terminal() {
    let mut t = Term::open(&["lesson", "relaxation"], std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    t.wait_for("0:forces (1/");
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
    assert!(fitted.contains("0:forces (1/"), "{fitted}");
    t.quit();
}
