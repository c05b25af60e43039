use super::derivation::{derive, num};
use crate::engine::{BodyState, FrameRecord, Phase, PhaseData};
use std::fmt::Write;

/// "resolve · pass 1 · m1–m2": what a phase is, in one line.
pub fn phase_title(phase: &Phase, names: &[String]) -> String {
    let mut t = phase.kind().name().to_string();
    if let Some(k) = phase.iteration {
        write!(t, " · pass {k}").unwrap();
    }
    if let Some((a, b)) = phase.pair {
        write!(t, " · {}–{}", names[a], names[b]).unwrap();
    }
    t
}

pub fn state_line(name: &str, s: &BodyState) -> String {
    format!(
        "{name}: x ({}, {})  θ {}  v ({}, {})  ω {}",
        num(s.position.x),
        num(s.position.y),
        num(s.angle),
        num(s.velocity.x),
        num(s.velocity.y),
        num(s.angular_velocity)
    )
}

/// The readable trace of one frame: every phase with its derivations, then
/// the bodies at its end. `names` are the bodies' names, by index.
pub fn text_frame(names: &[String], f: &FrameRecord) -> String {
    let mut out = String::new();
    writeln!(out, "frame {}  t = {} s", f.frame, num(f.time)).unwrap();
    for phase in &f.phases {
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
    }
    for (name, s) in names.iter().zip(&f.end) {
        writeln!(out, "  = {}", state_line(name, s)).unwrap();
    }
    out
}

/// The readable trace of several frames.
pub fn text_trace<'a>(names: &[String], frames: impl IntoIterator<Item = &'a FrameRecord>) -> String {
    frames.into_iter().map(|f| text_frame(names, f)).collect()
}

/// What follows "name = " in a derivation line.
pub fn right_side(line: &str) -> &str {
    line.split_once(" = ").map_or(line, |(_, rhs)| rhs)
}
