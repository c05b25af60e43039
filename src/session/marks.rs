//! Places to start from inside a big record: every so many phases (see
//! [`spacing`]), the bodies' states and the totals there, so that the states
//! and totals around any phase are worked out from the mark before it, never
//! from the frame's start.
//!
//! A frame of ten thousand landed discs has a million and a half phases. Its
//! totals before every phase (what the totals panel reads) took 113 MB, a
//! third of the record, and the bodies after the phase on screen (what the
//! canvas draws) cost a walk over every phase before it, about 60 ms at every
//! redraw. Marks every 65,536 phases hold 25 copies of the states there
//! (14 MB), and a redraw walks at most 65,536 phases. A frame of a thousand
//! discs (131,000 phases, 19 MB recorded) is marked every 4,096 phases: 33
//! copies, 1.6 MB, and a walk of 0.15 ms where 65,536 phases took 2.5 ms,
//! made several times a key (the canvas, the bodies and the totals each ask).
//! A lesson's frame, a few dozen phases, has one mark: its start.
//!
//! The marks are made as far as they are read: a frame stepped back to is
//! shown at its first phase, and making its marks to the end would walk
//! every phase before the key is answered.
//!
//! The totals are summed by the walk the engine's ledger makes
//! ([`RunningTotals`]), resumed at a mark from exactly what it held there, so
//! they are the same bits.

use crate::engine::{Body, BodyState, FrameRecord, RunningTotals, Totals};
use glam::DVec2;
use std::cell::RefCell;

/// Phases between two marks, for a frame of `bodies`: four per body, as a
/// power of two from 1,024 to 65,536. A mark holds 48 bytes a body, and a
/// phase about 150 recorded, so the marks hold under a twelfth of what the
/// phases do, however many bodies there are, up to about 16,000.
fn spacing(bodies: usize) -> usize {
    (4 * bodies).next_power_of_two().clamp(1 << 10, 1 << 16)
}

pub(super) struct Marks {
    every: usize,
    /// At phases 0, every, 2·every, …: the totals and states before that
    /// phase, as far as they have been read; read through a shared borrow,
    /// as reading them changes no frame of the run.
    marks: RefCell<Vec<(Totals, Vec<BodyState>)>>,
}

impl Marks {
    /// The marks of `record`, whose bodies are `bodies`, under `gravity`:
    /// its start, the rest made when read.
    pub(super) fn new(record: &FrameRecord, bodies: &[Body], gravity: DVec2) -> Marks {
        Marks::spaced(record, bodies, gravity, spacing(bodies.len()))
    }

    fn spaced(record: &FrameRecord, bodies: &[Body], gravity: DVec2, every: usize) -> Marks {
        let start = RunningTotals::start(record, bodies, gravity);
        Marks { every, marks: RefCell::new(vec![(start.totals, start.states)]) }
    }

    /// What the marks of `record` hold once read to its end.
    pub(super) fn bytes(record: &FrameRecord) -> usize {
        let one = std::mem::size_of::<Totals>() + std::mem::size_of_val(&record.start[..]);
        (record.phases.len() / spacing(record.start.len()) + 1) * one
    }

    /// The walk once phases `0..count` have run: the bodies' states and the
    /// totals then, what `FrameRecord::state_after` and `FrameRecord::ledger` give.
    pub(super) fn after(&self, record: &FrameRecord, bodies: &[Body], gravity: DVec2, count: usize) -> RunningTotals {
        let count = count.min(record.phases.len());
        let mut marks = self.marks.borrow_mut();
        // The marks up to the one before `count`, from the last made.
        while marks.len() <= count / self.every {
            let (totals, states) = marks.last().expect("the start is a mark");
            let mut walk = RunningTotals::resume(*totals, states.clone(), bodies, gravity);
            let from = (marks.len() - 1) * self.every;
            for k in from..from + self.every {
                walk.apply(record, bodies, gravity, k);
            }
            marks.push((walk.totals, walk.states));
        }
        let (totals, states) = &marks[count / self.every];
        let mut walk = RunningTotals::resume(*totals, states.clone(), bodies, gravity);
        for k in count / self.every * self.every..count {
            walk.apply(record, bodies, gravity, k);
        }
        walk
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, Settings, World, record_frame};
    use crate::geometry::Shape;

    /// 300 discs in a heap on a floor, marked every 1,000 phases, so that
    /// the marks past the first are used.
    #[test]
    fn the_states_and_totals_from_a_mark_are_the_record_s_own() {
        let mut defs = vec![BodyDef::fixed("floor", Shape::Box { size: DVec2::new(100.0, 2.0) })];
        for i in 0..300 {
            let at = DVec2::new((i % 30) as f64 * 1.0 - 15.0, (i / 30) as f64 * 1.0 + 1.5);
            defs.push(BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 0.5 }, 1.0).at(at));
        }
        let mut world = World::new(defs, DVec2::new(0.0, -9.8));
        let record = record_frame(&mut world, &Settings::default());
        let n = record.phases.len();
        let every = 1000;
        assert!(n > 3 * every, "{n} phases");
        let (bodies, gravity) = (&world.bodies[..], world.gravity);
        let marks = Marks::spaced(&record, bodies, gravity, every);
        let ledger = record.ledger(bodies, gravity);
        for count in [0, 1, every - 1, every, every + 7, 2 * every + 1, n - 1, n, n + 5] {
            let RunningTotals { totals, states, .. } = marks.after(&record, bodies, gravity, count);
            assert_eq!(states, record.state_after(count), "the states after {count} phases");
            assert_eq!(totals, ledger[count.min(n)], "the totals after {count} phases, bit for bit");
        }
    }
}
