use crate::engine::{FrameRecord, Phase, PhaseData};
use crate::notation::{derive, num, phase_title, right_side, state_line};
use std::fmt::Write;

/// The readable trace of one frame: every phase with its derivations, then
/// the bodies at its end. `names` are the bodies' names, by index.
pub fn text_frame(names: &[String], f: &FrameRecord) -> String {
    let mut out = String::new();
    writeln!(out, "frame {}  t = {} s", f.frame, num(f.time)).unwrap();
    for phase in &f.phases {
        out += &text_phase(names, phase);
    }
    for (name, s) in names.iter().zip(&f.end) {
        writeln!(out, "  = {}", state_line(name, s)).unwrap();
    }
    out
}

/// One phase as the text trace writes it: its title, then its derivations.
pub fn text_phase(names: &[String], phase: &Phase) -> String {
    let mut out = String::new();
    writeln!(out, "  {}", phase_title(phase, names)).unwrap();
    if let PhaseData::Broad(broad) = &phase.data {
        let pairs: Vec<String> = broad.candidates.iter().map(|&(a, b)| format!("{}–{}", names[a], names[b])).collect();
        let label = if broad.relisted.is_some() && !broad.rebuilt { "new pairs" } else { "pairs" };
        let pairs = if pairs.is_empty() { "none".to_string() } else { pairs.join(", ") };
        writeln!(out, "    {label}: {pairs}").unwrap();
    }
    for q in &phase.quantities(names) {
        let d = derive(q);
        match (d.symbols, d.numbers) {
            (Some(s), Some(n)) => {
                let pad = " ".repeat(q.name.chars().count() + 1);
                writeln!(out, "    {s}").unwrap();
                writeln!(out, "    {pad}= {}", right_side(&n)).unwrap();
                writeln!(out, "    {pad}= {}", right_side(&d.result)).unwrap();
            }
            _ => writeln!(out, "    {}", d.result).unwrap(),
        }
    }
    out
}

/// The readable trace of several frames.
pub fn text_trace<'a>(names: &[String], frames: impl IntoIterator<Item = &'a FrameRecord>) -> String {
    frames.into_iter().map(|f| text_frame(names, f)).collect()
}
