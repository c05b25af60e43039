use crate::engine::{FrameRecord, Phase, Shown, Totals, World};
use crate::notation::{
    FACE_CAPTION, FACE_LEGEND, FaceLine, correction_moved_l, derive, face_lines, num, phase_title, right_side, rise_mark, state_line,
    totals_line,
};
use std::fmt::Write;
use std::io;

/// The readable trace of one frame: every phase with its derivations and the
/// world's totals across it, then the bodies at its end. `names` are the
/// bodies' names, by index; `spans[k]` the totals before and after phase `k`
/// (see [`FrameRecord::ledger_spans`]).
pub fn text_frame(names: &[String], f: &FrameRecord, spans: &[(Totals, Totals)]) -> String {
    let mut out = Vec::new();
    write_text_frame(&mut out, names, f, spans).expect("a Vec takes every byte");
    String::from_utf8(out).expect("the trace is text")
}

/// [`text_frame`] written a phase at a time, so that a frame of thousands of
/// phases is never held as one string (`impulse run` streams it).
pub fn write_text_frame(out: &mut impl io::Write, names: &[String], f: &FrameRecord, spans: &[(Totals, Totals)]) -> io::Result<()> {
    writeln!(out, "frame {}  t = {} s", f.frame, num(f.time))?;
    for (phase, (before, after)) in f.phases.iter().zip(spans) {
        out.write_all(text_phase(names, &phase).as_bytes())?;
        let mark = rise_mark(phase.kind(), before, after).map_or(String::new(), |m| format!("  {m}"));
        writeln!(out, "    totals: {}{mark}", totals_line(before, after))?;
        if correction_moved_l(phase.kind(), before, after) {
            writeln!(out, "    ({})", super::handout::words::L_MOVED.en)?;
        }
    }
    for (name, s) in names.iter().zip(&f.end) {
        writeln!(out, "  = {}", state_line(name, s))?;
    }
    Ok(())
}

/// One phase as the text trace writes it: its title, then its derivations.
pub fn text_phase(names: &[String], phase: &Phase) -> String {
    let mut out = String::new();
    writeln!(out, "  {}", phase_title(phase, names)).unwrap();
    for shown in phase.shown(names) {
        let q = match shown {
            Shown::Quantity(q) => q,
            Shown::Faces(table) => {
                writeln!(out, "    {FACE_CAPTION}: {FACE_LEGEND}").unwrap();
                for line in face_lines(&table, None) {
                    match line {
                        FaceLine::Header(t) | FaceLine::Group(t) | FaceLine::Row { text: t, .. } | FaceLine::Hidden(t) => {
                            writeln!(out, "    {t}").unwrap()
                        }
                    }
                }
                continue;
            }
        };
        let d = derive(&q);
        match (d.symbols, d.numbers) {
            (Some(s), Some(n)) => {
                let pad = " ".repeat(crate::notation::label(&q.name).chars().count() + 1);
                writeln!(out, "    {s}").unwrap();
                writeln!(out, "    {pad}= {}", right_side(&n)).unwrap();
                writeln!(out, "    {pad}= {}", right_side(&d.result)).unwrap();
            }
            _ => writeln!(out, "    {}", d.result).unwrap(),
        }
    }
    out
}

/// The readable trace of several frames, run in `world` (masses, gravity).
pub fn text_trace<'a>(names: &[String], world: &World, frames: impl IntoIterator<Item = &'a FrameRecord>) -> String {
    frames.into_iter().map(|f| text_frame(names, f, &f.ledger_spans(&world.bodies, world.gravity))).collect()
}
