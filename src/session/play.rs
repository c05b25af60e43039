//! Playing away from the timeline: frames stepped untraced from a frame's
//! start, on whatever thread the shell gives them (the debugger's worker), so
//! that a key is answered while a frame of thousands of bodies is stepped.
//!
//! The timeline hands out an [`Ahead`] (a start, the edits after it and the
//! keyframe spacing) and takes each [`Played`] frame back: its end to show,
//! the totals for the energy chart and, every keyframe's spacing, the start
//! of the next frame, which becomes a keyframe and the timeline's frontier.
//! So when play stops, recording the frame on screen re-runs at most one
//! keyframe's spacing of frames, and the same frames give the same bits as
//! stepping on the timeline itself: the engine is deterministic.

use super::timeline::record_into;
use super::{Start, Starts};
use crate::engine::{BodyState, FrameRecord, NoTrace, PhaseCounts, Totals, step};

/// Frames to play from a start, with what the timeline knows of the frames after it.
pub struct Ahead {
    /// The frame `start` is the start of: the next to run.
    frame: u64,
    start: Start,
    /// The starts set by the user after `frame`: play runs into an edit as the timeline does.
    edits: Starts,
    keyframe_every: u64,
}

/// A frame played: what the screen shows and what the timeline keeps of it.
pub struct Played {
    pub frame: u64,
    /// The bodies at the frame's end.
    pub end: Vec<BodyState>,
    /// The totals at the start of the next frame.
    pub(super) totals: Totals,
    /// The start of the next frame, when it falls on the keyframes' spacing.
    pub(super) next: Option<Start>,
}

impl Ahead {
    pub(super) fn new(frame: u64, start: Start, edits: Starts, keyframe_every: u64) -> Ahead {
        Ahead { frame, start, edits, keyframe_every }
    }

    /// Runs the next frame untraced.
    pub fn step(&mut self) -> Played {
        step(&mut self.start.world, &self.start.settings, &mut NoTrace);
        let end = self.start.world.states();
        self.on(end)
    }

    /// Runs the next frame traced, into `spare` (a record done with) or a new
    /// record with room for `room` phases: the same bits as [`step`](Self::step).
    pub(super) fn record(&mut self, spare: Option<FrameRecord>, room: PhaseCounts) -> (FrameRecord, Played) {
        let record = record_into(spare, &mut self.start.world, &self.start.settings, room);
        let played = self.on(record.end.clone());
        (record, played)
    }

    /// The frame after the one just run: its start (an edit's, where the user
    /// set one), and what the timeline keeps of the frame run.
    fn on(&mut self, end: Vec<BodyState>) -> Played {
        let frame = self.frame;
        self.frame += 1;
        if let Some(edit) = self.edits.get(&self.frame) {
            self.start = edit.clone();
        }
        let next = self.frame.is_multiple_of(self.keyframe_every).then(|| self.start.clone());
        Played { frame, end, totals: Totals::of_world(&self.start.world), next }
    }

    /// The frame the start is of: the next to run.
    pub(super) fn frame(&self) -> u64 {
        self.frame
    }

    /// The start of the next frame to run.
    pub(super) fn start(&self) -> &Start {
        &self.start
    }

    pub(super) fn into_start(self) -> Start {
        self.start
    }
}
