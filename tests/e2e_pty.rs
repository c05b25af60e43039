//! The real binary in a pseudo-terminal: open a lesson, step to the resolve
//! phase, read the screen as a terminal would show it, quit with `q`.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn rough_balls_in_a_terminal() {
    let pty = native_pty_system().openpty(PtySize { rows: 40, cols: 120, pixel_width: 0, pixel_height: 0 }).unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_impulse"));
    cmd.args(["lesson", "rough-balls"]);
    cmd.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(cmd).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let mut writer = pty.master.take_writer().unwrap();

    // The reader blocks, so it runs on its own thread and feeds a terminal emulator here.
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
    let mut screen = vt100::Parser::new(size(40), size(120), 0);
    let mut wait_for = |text: &str| -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            while let Ok(bytes) = rx.try_recv() {
                screen.process(&bytes);
            }
            let contents = screen.screen().contents();
            if contents.contains(text) {
                return contents;
            }
            assert!(Instant::now() < deadline, "never saw {text:?}; the screen was:\n{contents}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };

    wait_for("frame 0 · t 0 s · forces");
    writer.write_all(b"nnnn").unwrap();
    writer.flush().unwrap();
    let at_resolve = wait_for("resolve (5/");
    assert!(at_resolve.contains("= -7.2 N·s"), "{at_resolve}");
    assert!(at_resolve.contains("= -1.44 N·s"), "{at_resolve}");
    writer.write_all(b"q").unwrap();
    writer.flush().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "exit status {status:?}");
}
