//! `--at ADDR` (open or print one phase by its address) and `--save-frame`
//! (a frame of a run as a new scene file).

use crate::engine::{self, FrameRecord, NoTrace};
use crate::lesson::{self, Lesson};
use crate::scene::SceneError;
use crate::session::address::Address;
use std::path::Path;

/// The frame an address names and the index of its phase there, or an
/// error (exit 2) saying what to write instead or which phases there are.
pub fn find(scene: &Lesson, text: &str) -> Result<(FrameRecord, usize), SceneError> {
    let bad = |why: String| SceneError::io(&format!("--at {text}"), why);
    let at = Address::parse(text).map_err(bad)?;
    if at.frame >= super::MAX_RUN_FRAMES {
        return Err(bad(format!("frame {} is past the longest run, {} frames", at.frame, super::MAX_RUN_FRAMES)));
    }
    let mut world = scene.world.clone();
    for _ in 0..at.frame {
        engine::step(&mut world, &scene.settings, &mut NoTrace);
    }
    let record = engine::record_frame(&mut world, &scene.settings);
    if let Err(stop) = engine::guard(&record) {
        return Err(bad(crate::notation::non_finite_message(&lesson::body_names(scene), &stop, &record)));
    }
    let i = at.find(&record, &lesson::body_names(scene)).map_err(|e| bad(e.to_string()))?;
    Ok((record, i))
}

/// `impulse run --at ADDR`: the phase's address, place and title, then its derivation.
pub fn print(scene: &Lesson, text: &str) -> Result<String, SceneError> {
    let (record, i) = find(scene, text)?;
    let names = lesson::body_names(scene);
    let phase = record.phases.at(i);
    let address = Address::of(&record, i, &names);
    Ok(format!(
        "at: {address} · phase {}/{} · {}\n{}",
        i + 1,
        record.phases.len(),
        crate::notation::phase_title(&phase, &names),
        crate::report::text_phase(&names, &phase)
    ))
}

/// `impulse run FILE --frames N --save-frame OUT`: the start of frame N (the
/// bodies after N frames) written as a new scene, never over a file.
pub fn save_frame(scene: Lesson, frames: u64, out: &str) -> Result<String, SceneError> {
    // Asked before the frames are run (a large scene takes seconds), and
    // again by the write itself, which never replaces what appears meanwhile.
    refuse_taken(Path::new(out))?;
    let from = scene.file.clone();
    let mut session = crate::session::Session::new(scene);
    let text = session.save_text(frames, out).map_err(|why| SceneError::io(out, format!("not written: {why}")))?;
    match crate::scene::save::write_new(Path::new(out), &text) {
        Ok(()) => Ok(format!("wrote frame {frames} of {from} as a new scene to {out}\n")),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(taken(out)),
        Err(e) => Err(SceneError::io(out, format!("cannot write the scene: {e}"))),
    }
}

/// Whether a scene can be written as `out`: no file, folder or link of that
/// name, and a folder to write it in.
fn refuse_taken(out: &Path) -> Result<(), SceneError> {
    let shown = out.display().to_string();
    if std::fs::symlink_metadata(out).is_ok() {
        return Err(taken(&shown));
    }
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(SceneError::io(&shown, format!("there is no folder {} to write it in", folder.display())));
    }
    Ok(())
}

fn taken(out: &str) -> SceneError {
    SceneError::io(out, "a file or folder of this name exists; --save-frame never writes over one. Choose another name".to_string())
}
