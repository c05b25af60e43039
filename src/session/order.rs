//! Recording away from the timeline: a frame's record made on whatever
//! thread the shell gives it (the debugger's recorder), so that keys are
//! answered meanwhile. The traced step of ten thousand landed discs takes a
//! fifth of a second and more, and the frames re-run from a keyframe to reach
//! an evicted one add to it.
//!
//! The timeline hands out an [`Order`]: the nearest start before the frame
//! (a keyframe, or the frontier), the edits after it and a record done with
//! to write into. Running it re-runs the frames up to the one asked for
//! untraced, as play does, and records that one; the timeline takes the
//! [`Made`] record back, with what the frames run on the way bring it (the
//! energy chart's totals, keyframes, a frontier further on). The engine is
//! deterministic, so the record is the one the timeline would have made
//! itself. An edit made meanwhile makes the order stale: its record is
//! dropped when it comes back.

use super::Start;
use super::play::{Ahead, Played};
use super::timeline::Recorded;
use crate::engine::{FrameRecord, PhaseCounts};

/// A frame to record, with all it takes.
pub struct Order {
    /// Which of the timeline's runs it belongs to (an edit starts another).
    pub(super) run: u64,
    pub(super) frame: u64,
    pub(super) ahead: Ahead,
    pub(super) spare: Option<FrameRecord>,
    pub(super) room: PhaseCounts,
}

/// A frame recorded for an [`Order`], for the timeline to take back.
pub struct Made {
    pub(super) run: u64,
    pub(super) frame: u64,
    pub(super) recorded: Recorded,
    /// The frames run on the way and the one recorded, for the chart and the frontier.
    pub(super) played: Vec<Played>,
    /// The start of the frame after the one recorded.
    pub(super) after: Start,
}

impl Order {
    /// The frame the order records.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Re-runs the frames before the one ordered untraced, records it and
    /// makes its first mark (the rest are made as they are read).
    pub fn run(mut self) -> Made {
        let mut played = Vec::new();
        while self.ahead.frame() < self.frame {
            let mut p = self.ahead.step();
            // The bodies' ends are what play shows; the timeline keeps only the rest.
            p.end = Vec::new();
            played.push(p);
        }
        let start = self.ahead.start();
        let bodies = start.world.bodies.clone();
        let gravity = start.world.gravity;
        let (record, mut p) = self.ahead.record(self.spare, self.room);
        p.end = Vec::new();
        played.push(p);
        let recorded = Recorded::new(record, &bodies, gravity);
        Made { run: self.run, frame: self.frame, recorded, played, after: self.ahead.into_start() }
    }
}
