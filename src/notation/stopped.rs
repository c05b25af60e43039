//! What a person reads when the run-time guard stops a run (see `engine::guard`).

use super::{Lang, phase_title_in, terms};
use crate::engine::{FrameRecord, NonFinite, PhaseData};

/// "frame 12, resolve · pass 3 · ball–floor: the state of "ball" is no longer a finite number …"
pub fn non_finite_message(names: &[String], stop: &NonFinite, record: &FrameRecord) -> String {
    non_finite_message_in(names, stop, record, Lang::En)
}

/// [`non_finite_message`] in `lang` (the debugger's status line speaks the screen's language).
pub fn non_finite_message_in(names: &[String], stop: &NonFinite, record: &FrameRecord, lang: Lang) -> String {
    let bodies: Vec<String> = stop.bodies.iter().map(|&i| format!("\"{}\"", names[i])).collect();
    let terms = if lang == Lang::Zh { &terms::ZH } else { &terms::EN };
    let phase = stop.phase.map(|k| phase_title_in(&record.phases.at(k), names, terms));
    let frame = stop.frame;
    match lang {
        Lang::En => {
            let phase = phase.unwrap_or_else(|| "in an untraced step".to_string());
            let whose = if bodies.len() == 1 { "the state of" } else { "the states of" };
            format!(
                "frame {frame}, {phase}: {whose} {} became infinite or NaN; the run stops here. The energy grew without bound: \
                 give the solver coulomb_cap = true, or smaller speeds, friction or dt",
                bodies.join(", ")
            )
        }
        Lang::Zh => {
            let phase = phase.unwrap_or_else(|| "未记录的一步".to_string());
            format!(
                "第 {frame} 帧，{phase}：{} 的状态变成了无穷大或 NaN，运行到此停止。能量无限增长：给求解器设 coulomb_cap = true，\
                 或减小速度、摩擦或 dt",
                bodies.join("、")
            )
        }
    }
}

/// The events a frame may handle, when `record`'s frame stopped at that limit
/// (its last event, the frame's end, says so).
pub fn event_limit_reached(record: &FrameRecord) -> Option<usize> {
    let n = record.phases.len();
    (n.saturating_sub(2)..n).rev().find_map(|k| match &record.phases.at(k).data {
        PhaseData::Event(event) => event.tally.filter(|t| t.limited).map(|t| t.limit),
        _ => None,
    })
}

/// "frame 3 handled 1300 events, as many as a frame of this scene may …": said
/// once, where a run stops, with what to change.
pub fn event_limit_message(frame: u64, limit: usize) -> String {
    format!(
        "frame {frame} handled {limit} events, as many as a frame of this scene may (1000, and 100 for each disc and wall); \
         the rest of the frame is unplayed and the run stops here. Discs that bounce ever faster between each other and a \
         wall (a very heavy disc pressing a light one into it) call for more events than a frame can take: give the masses \
         a smaller ratio, lower the speeds or the restitution, or write method = \"relaxation\" in [solver]"
    )
}
