//! Play's frames stepped, and records made, on threads of their own, so
//! that the event loop never waits on the engine: a frame of ten thousand
//! bodies takes several milliseconds to step and a fifth of a second or more
//! to record, and a key must be answered whatever they cost.
//!
//! Play's worker steps the frames after the one on screen, one or two ahead
//! of the screen (the channel holds one), and the loop takes each when its
//! tick is due and the frame is ready. The recorder makes one record (an
//! [`Order`]) and stops; the loop starts the next when it is taken. Dropping
//! a worker ends it: its thread finishes what it is on, finds no one to hand
//! it to, and stops. A panic on a worker is carried to the loop's thread,
//! which gives the terminal back on its way out.

use crate::session::{Ahead, Made, Order, Played};
use std::sync::mpsc::{Receiver, TryRecvError, sync_channel};
use std::thread::JoinHandle;

/// A thread handing over what it makes: play's frames, or one record.
pub struct Worker<T> {
    frames: Receiver<T>,
    thread: Option<JoinHandle<()>>,
}

impl Worker<Played> {
    /// Starts stepping the frames of `ahead`, one after another.
    pub fn start(mut ahead: Ahead) -> std::io::Result<Worker<Played>> {
        Worker::spawn("play", move |sender| while sender.send(ahead.step()).is_ok() {})
    }
}

impl Worker<Made> {
    /// Starts making the record `order` asks for.
    pub fn record(order: Order) -> std::io::Result<Worker<Made>> {
        Worker::spawn("record", move |sender| {
            // The loop may have gone (quit) before the record is made: nothing to do then.
            let _ = sender.send(order.run());
        })
    }
}

impl<T: Send + 'static> Worker<T> {
    fn spawn(name: &str, work: impl FnOnce(std::sync::mpsc::SyncSender<T>) + Send + 'static) -> std::io::Result<Worker<T>> {
        let (sender, frames) = sync_channel(1);
        let thread = std::thread::Builder::new().name(name.into()).spawn(move || work(sender))?;
        Ok(Worker { frames, thread: Some(thread) })
    }

    /// What the worker has finished since last asked, if anything.
    pub fn ready(&mut self) -> Option<T> {
        match self.frames.try_recv() {
            Ok(done) => Some(done),
            Err(TryRecvError::Empty) => None,
            // A worker stops before handing over only by panicking: that panic is the loop's now.
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

    /// The record made on the recorder's thread is the timeline's own, and
    /// the timeline takes it back as the frame the screen then shows.
    #[test]
    fn a_record_made_on_the_recorder_is_the_timeline_s() {
        let mut timeline = heap();
        let mut recorder = Worker::record(timeline.order(2).expect("frame 2 is not recorded")).unwrap();
        let made = loop {
            match recorder.ready() {
                Some(made) => break made,
                None => std::thread::sleep(std::time::Duration::from_millis(1)),
            }
        };
        assert!(timeline.made(made));
        assert_eq!(timeline.cached(2), Some(heap().frame(2)), "the same bits as recording in place");
    }
}
