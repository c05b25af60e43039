//! Play's frames stepped on a thread of their own, so that the event loop
//! never waits on a step: a frame of ten thousand bodies takes several
//! milliseconds, and a key must be answered whatever the step costs.
//!
//! The worker steps the frames after the one on screen, one or two ahead of
//! the screen (the channel holds one), and the loop takes each when its tick
//! is due and the frame is ready. Dropping the worker ends it: its thread
//! finishes the frame it is on, finds no one to hand it to, and stops. A
//! panic on the worker is carried to the loop's thread, which gives the
//! terminal back on its way out.

use crate::session::{Ahead, Played};
use std::sync::mpsc::{Receiver, TryRecvError, sync_channel};
use std::thread::JoinHandle;

pub struct Worker {
    frames: Receiver<Played>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts stepping the frames of `ahead`, one after another.
    pub fn start(mut ahead: Ahead) -> std::io::Result<Worker> {
        let (sender, frames) = sync_channel(1);
        let thread = std::thread::Builder::new().name("play".into()).spawn(move || while sender.send(ahead.step()).is_ok() {})?;
        Ok(Worker { frames, thread: Some(thread) })
    }

    /// The next frame, if the worker has finished it.
    pub fn ready(&mut self) -> Option<Played> {
        match self.frames.try_recv() {
            Ok(played) => Some(played),
            Err(TryRecvError::Empty) => None,
            // The worker only stops on its own by panicking: that panic is the loop's now.
            Err(TryRecvError::Disconnected) => {
                if let Some(Err(panic)) = self.thread.take().map(JoinHandle::join) {
                    std::panic::resume_unwind(panic);
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, Settings, World};
    use crate::geometry::Shape;
    use crate::session::Timeline;
    use glam::DVec2;

    /// 3,000 discs in a heap on a floor: a step of them takes tens of milliseconds unoptimised.
    fn heap() -> Timeline {
        let mut defs = vec![BodyDef::fixed("floor", Shape::Box { size: DVec2::new(200.0, 2.0) })];
        for i in 0..3000 {
            let at = DVec2::new((i % 60) as f64 * 1.1 - 33.0, (i / 60) as f64 * 1.1 + 1.6);
            defs.push(BodyDef::dynamic(format!("d{i}"), Shape::Circle { radius: 0.5 }, 1.0).at(at));
        }
        Timeline::new(World::new(defs, DVec2::new(0.0, -9.8)), Settings::default())
    }

    /// `ready` only looks whether a frame is there (it never waits: see
    /// `try_recv`); the frames it hands over are the timeline's own, bit for bit.
    #[test]
    fn the_frames_played_on_the_worker_are_the_timeline_s() {
        let mut timeline = heap();
        let mut worker = Worker::start(timeline.ahead(1)).unwrap();
        let mut ends = Vec::new();
        while ends.len() < 3 {
            match worker.ready() {
                Some(p) => ends.push((p.frame, timeline.played(p))),
                None => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        }
        let mut stepped = heap();
        for (frame, end) in ends {
            assert_eq!(&stepped.frame(frame).end, &end, "frame {frame}: the same bits as stepping in place");
        }
    }
}
