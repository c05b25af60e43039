//! Finding the first phase that meets a [`Condition`], frame after frame.
//!
//! A frame is stepped with a [`Filtered`] tracer that builds only the records
//! the condition could accept (`contact d17 d18` builds the detect records of
//! that one pair), so a search over a thousand bodies costs little more than
//! an untraced run. A condition that neither a broad phase nor the detect
//! phase of a pair that does not touch can meet lets the broad phase work as
//! untraced (boxes, list kept): every other phase is the same either way,
//! in the same order, as the states are (tests/it/broad_exact.rs). Only the frame
//! that matches is recorded in full, again from its start, for its derivation
//! and its place among the frame's phases. Conditions on energy need the ledger, which needs every phase
//! that moves a body: those frames are recorded in full.

use super::condition::{At, Condition};
use crate::engine::{self, Body, Filtered, FrameRecord, Settings, World};
use glam::DVec2;

/// The phase that matched: its frame's whole record and its index there.
#[derive(Clone, Debug)]
pub struct Hit {
    pub record: FrameRecord,
    pub index: usize,
}

/// The phases of the recorded frame `record` in `range` that meet
/// `condition`, in order. `bodies` and `gravity` are those the frame ran
/// with (masses and gravity give the ledger).
pub fn matches_in<'a>(
    record: &'a FrameRecord,
    range: std::ops::Range<usize>,
    bodies: &[Body],
    gravity: DVec2,
    names: &'a [String],
    condition: &'a Condition,
) -> impl DoubleEndedIterator<Item = usize> + 'a {
    let energy = condition.needs_energy().then(|| record.energy_changes(bodies, gravity));
    let end = range.end.min(record.phases.len());
    (range.start.min(end)..end).filter(move |&k| {
        let energy = energy.as_ref().map(|e| e[k]);
        // Judged by kind and pair first, as a search's tracer is: a phase is
        // taken out of the frame's lists only when it could be a match.
        condition.could_hold(record.phases.kind(k), record.phases.pair(k))
            && condition.holds(&At { phase: &record.phases.at(k), names, energy })
    })
}

/// The first phase at or after phase `from` of `record` that meets
/// `condition`; `world` is the world the frame ran in.
pub fn in_frame(record: &FrameRecord, from: usize, world: &World, names: &[String], condition: &Condition) -> Option<usize> {
    matches_in(record, from..usize::MAX, &world.bodies, world.gravity, names, condition).next()
}

/// Steps `world` up to `frames` frames and stops at the first frame with a
/// phase that meets `condition`; `world` is then at that frame's end. None:
/// no phase matched, and `world` has run all `frames`.
pub fn find(world: &mut World, settings: &Settings, names: &[String], condition: &Condition, frames: u64) -> Option<Hit> {
    find_any(world, settings, names, std::slice::from_ref(condition), frames).map(|(hit, _)| hit)
}

/// [`find`] for several conditions at once (the TUI's breakpoints): the first
/// phase that meets any of them, and which one (the first in the list when two
/// meet the same phase). Each frame is stepped once, its tracer keeping what
/// any of them could accept.
pub fn find_any(world: &mut World, settings: &Settings, names: &[String], conditions: &[Condition], frames: u64) -> Option<(Hit, usize)> {
    let energy = conditions.iter().any(Condition::needs_energy);
    let every_test = !conditions.iter().all(Condition::only_contacts);
    let first_in = |record: &FrameRecord, start: &World| {
        let hits = conditions.iter().enumerate().filter_map(|(c, condition)| Some((in_frame(record, 0, start, names, condition)?, c)));
        hits.min()
    };
    let mut expected = engine::PhaseCounts::default();
    for _ in 0..frames {
        let start = world.clone();
        if energy {
            let record = engine::record_frame_expecting(world, settings, expected);
            expected = record.room_for_next();
            if let Some((index, c)) = first_in(&record, &start) {
                return Some((Hit { record, index }, c));
            }
            continue;
        }
        let mut tracer = Filtered::new(|kind, pair| conditions.iter().any(|c| c.could_hold(kind, pair)), every_test);
        engine::step(world, settings, &mut tracer);
        let met = tracer.phases.iter().any(|phase| conditions.iter().any(|c| c.holds(&At { phase, names, energy: None })));
        if met {
            // The whole frame, for the derivation and the phase's place in it.
            let record = engine::record_frame(&mut start.clone(), settings);
            if let Some((index, c)) = first_in(&record, &start) {
                return Some((Hit { record, index }, c));
            }
        }
    }
    None
}
