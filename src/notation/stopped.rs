//! What a person reads when the run-time guard stops a run (see `engine::guard`).

use super::phase_title;
use crate::engine::{FrameRecord, NonFinite};

/// "frame 12, resolve · pass 3 · ball–floor: the state of "ball" is no longer a finite number …"
pub fn non_finite_message(names: &[String], stop: &NonFinite, record: &FrameRecord) -> String {
    let bodies: Vec<String> = stop.bodies.iter().map(|&i| format!("\"{}\"", names[i])).collect();
    let phase = stop.phase.map_or("in an untraced step".to_string(), |k| phase_title(&record.phases.at(k), names));
    let whose = if bodies.len() == 1 { "the state of" } else { "the states of" };
    format!(
        "frame {}, {phase}: {whose} {} became infinite or NaN; the run stops here. The energy grew without bound: \
         give the solver coulomb_cap = true, or smaller speeds, friction or dt",
        stop.frame,
        bodies.join(", ")
    )
}
