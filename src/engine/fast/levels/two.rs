//! The levels' passes on two threads (see the notes of `levels`): each
//! thread makes its half of every level, all the step's passes through,
//! waiting for the other only where a body was last visited by it; and the
//! timing that keeps to one thread where two do not pay.

use super::{Levels, Motions, Watch, make_discs, part_visits, watch_moved};
use crate::engine::body::{Body, Motion};
use crate::engine::broad::{Broad, Strays};
use crate::engine::fast::helper::spin_until;
use crate::engine::phase::NoTrace;
use crate::engine::{ContactMemory, Settings, Solve, StepStats, Visit, relax_touching};
use crate::geometry::Pose;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// After k steps in a row on two threads were slower than one, the next 2ᵏ
/// steps make their passes on one thread, up to this many (about 17 s at 60
/// frames a second): the other core is busy with something else, or the
/// levels cross between the halves too often to pay.
const LONGEST_ALONE: u32 = 1024;

/// One step in this many makes its passes on one thread, for a fresh time to
/// compare two threads with.
const ALONE_ONE_IN: u32 = 64;

/// How long a levelled pass took lately on one thread and on two, and so
/// which to use. The clock chooses the number of threads only: the passes
/// give the same bits either way.
#[derive(Default)]
pub(super) struct Pace {
    /// A pass's time on one thread and on two, running means (seconds).
    one: Option<f64>,
    two: Option<f64>,
    /// Steps in a row on two threads that were slower than one, steps still
    /// to make on one (see [`LONGEST_ALONE`]), and steps since the last on one.
    slower_in_a_row: u32,
    alone: u32,
    since_alone: u32,
}

impl Pace {
    /// Whether this step's passes go on two threads.
    fn two(&mut self) -> bool {
        if self.alone > 0 {
            self.alone -= 1;
            // Two threads are timed afresh after the steps on one.
            self.two = None;
            return false;
        }
        if self.one.is_none() || self.since_alone >= ALONE_ONE_IN {
            self.since_alone = 0;
            return false;
        }
        self.since_alone += 1;
        true
    }

    /// What [`Self::two`] would say now, without counting a step.
    fn likely_two(&self) -> bool {
        self.alone == 0 && self.one.is_some() && self.since_alone < ALONE_ONE_IN
    }

    pub(super) fn took_one(&mut self, seconds: f64) {
        self.one = Some(self.one.map_or(seconds, |one| (one + seconds) / 2.0));
    }

    fn took_two(&mut self, seconds: f64) {
        let two = self.two.map_or(seconds, |two| (two + seconds) / 2.0);
        self.two = Some(two);
        if self.one.is_some_and(|one| two > one) {
            self.slower_in_a_row = (self.slower_in_a_row + 1).min(LONGEST_ALONE.ilog2());
            self.alone = 1 << self.slower_in_a_row;
        } else {
            self.slower_in_a_row = 0;
        }
    }
}

impl Levels {
    /// Wakes the second thread for the passes to come, where they will
    /// likely use it (not while the passes go on one thread for a while: on
    /// a busy machine it would spin for nothing).
    pub(super) fn passes_coming(&self) {
        if self.halves == 2 && self.pace.likely_two() {
            self.helper.wake();
        }
    }

    /// Makes the step's first passes in levels on two threads, each thread
    /// its half of every level (see the notes of `levels`), when the list was
    /// cut in halves, and returns how many it made. They go in runs of
    /// passes: after a run, the bodies it pushed too far for the list are
    /// listed again (and the levels made again) before the next. A run stops
    /// before a pass after which the list may have missed a pair
    /// (`broad::strays`): that pass and the rest are to be made one by one,
    /// and the next step's runs are shorter.
    #[inline(always)]
    pub(in crate::engine) fn two_threads(
        &mut self,
        (bodies, motions): (&[Body], &mut [Motion]),
        broad: &mut Broad,
        pose: &(impl Fn(&Motion, usize) -> Pose + Sync),
        settings: &Settings,
        stats: &mut StepStats,
    ) -> usize {
        if self.rest > 0
            || self.undone_at.is_some()
            || !self.ready(broad, (bodies, motions), settings)
            || self.halves != 2
            || !self.pace.two()
            || !self.helper.started()
        {
            return 0;
        }
        let began = Instant::now();
        let all = settings.relaxation_iterations;
        let mut made = 0;
        while made < all {
            // After a run whose bodies were listed again, the levels are made again.
            if made > 0 && !(self.ready(broad, (bodies, motions), settings) && self.halves == 2) {
                break;
            }
            // (None yet: the first run is of all the passes.)
            let run = if self.run_length == 0 { all - made } else { self.run_length.min(all - made) };
            let kept = self.run_on_two_threads((bodies, motions), broad, pose, settings, run, stats);
            made += kept;
            if kept < run {
                // Pass `made + 1` may have missed a pair: it goes in order.
                self.run_length = kept.max(1);
                self.undo(motions, broad, made + 1);
                return made;
            }
            self.run_length = (2 * run).min(all);
            if made < all {
                self.give_way(motions, broad, made + 1);
            }
        }
        if made == all {
            self.pace.took_two(began.elapsed().as_secs_f64() / all as f64);
        }
        made
    }

    /// Up to `run` passes on two threads, from where the bodies stand: as
    /// many as were made without missing a pair (the bodies then stand
    /// after them, and `stats` counts them).
    #[inline(always)]
    fn run_on_two_threads(
        &mut self,
        (bodies, motions): (&[Body], &mut [Motion]),
        broad: &Broad,
        pose: &(impl Fn(&Motion, usize) -> Pose + Sync),
        settings: &Settings,
        run: usize,
        stats: &mut StepStats,
    ) -> usize {
        self.saved.clear();
        self.saved.extend_from_slice(motions);
        // Made again up to the pass before the first that may have missed a
        // pair, until they go through: the notes are weighed once both
        // threads are done, and the passes after that one are not right.
        let mut passes = run;
        while passes > 0 {
            let made = self.passes_on_two_threads((bodies, motions), broad, pose, settings, passes);
            match self.first_pass_missed(broad).filter(|&pass| pass <= passes) {
                None => {
                    stats.narrow_tests += made.narrow_tests;
                    stats.contacts += made.contacts;
                    stats.two_threads = true;
                    stats.passes_in_levels += passes;
                    stats.kept_with_strays += self.strays.iter().map(|s| s.passes_noted()).fold(0, |n, p| n | p).count_ones() as usize;
                    self.undone_in_a_row = 0;
                    return passes;
                }
                Some(pass) => {
                    motions.copy_from_slice(&self.saved);
                    self.watching = false;
                    passes = pass - 1;
                }
            }
        }
        0
    }

    /// Passes 1 to `passes` on two threads: what they made. Each thread notes
    /// the bodies its visits moved too far for the list.
    #[inline(always)]
    fn passes_on_two_threads(
        &mut self,
        (bodies, motions): (&[Body], &mut [Motion]),
        broad: &Broad,
        pose: &(impl Fn(&Motion, usize) -> Pose + Sync),
        settings: &Settings,
        passes: usize,
    ) -> StepStats {
        let parts = self.parts();
        self.watch_from_here(broad, motions);
        let wide = self.wide;
        let Levels { pairs, starts, wait_same, wait_before, touching: [mine, theirs], strays: [my_strays, their_strays], helper, .. } =
            self;
        let threads = Threads {
            bodies,
            motions: Motions::new(motions),
            broad,
            pose,
            settings,
            visits: (pairs, starts),
            waits: (wait_same, wait_before),
            levels: parts / 2,
            passes,
            done: [Padded::default(), Padded::default()],
            stopped: AtomicBool::new(false),
        };
        let run = |half: usize, touching: &mut Vec<(u32, u32)>, strays: &mut Strays| {
            if wide {
                // SAFETY: `wide` is set by the step compiled for AVX2, run only where the processor has it.
                return unsafe { threads.run_wide(half, touching, strays) };
            }
            threads.run(half, touching, strays)
        };
        let second = std::sync::Mutex::new((std::mem::take(theirs), std::mem::take(their_strays), StepStats::default()));
        let first = helper.both(|| run(0, mine, my_strays), &|| {
            let mut second = second.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (touching, strays, made) = &mut *second;
            *made = run(1, touching, strays);
        });
        let (touching, strays, second) = second.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        (*theirs, *their_strays) = (touching, strays);
        StepStats {
            narrow_tests: first.narrow_tests + second.narrow_tests,
            contacts: first.contacts + second.contacts,
            ..StepStats::default()
        }
    }
}

/// What both threads share as they make the passes: the bodies, the levels'
/// visits (see `Levels::pairs`) and the other half's levels each part waits
/// for in the same pass and the pass before, how far each thread has got,
/// and whether one stopped early.
struct Threads<'a, P> {
    bodies: &'a [Body],
    motions: Motions<'a>,
    broad: &'a Broad,
    pose: &'a P,
    settings: &'a Settings,
    visits: (&'a [(u32, u32)], &'a [u32]),
    waits: (&'a [u32], &'a [u32]),
    levels: usize,
    passes: usize,
    done: [Padded; 2],
    /// Set when a thread stops early: it panicked (the panic comes out of
    /// `both`), or pushed too many bodies too far for the list. The other
    /// stops waiting.
    stopped: AtomicBool,
}

impl<P: Fn(&Motion, usize) -> Pose + Sync> Threads<'_, P> {
    /// One thread's half of every level, pass after pass: what it made.
    #[inline(always)]
    fn run(&self, half: usize, touching: &mut Vec<(u32, u32)>, strays: &mut Strays) -> StepStats {
        let Threads { bodies, motions, broad, pose, settings, visits, waits: (wait_same, wait_before), levels, passes, done, stopped } =
            self;
        // Where a thread stands: the passes and levels it has made, counted as one number.
        let made_up_to = |pass: usize, level: usize| (pass * (levels + 1) + level) as u64;
        let _unwinding = StopOnUnwind(stopped);
        let mut memory = ContactMemory::default();
        let mut solve = Solve { pass: 0, frame: 0, memory: &mut memory, handles: &[], before: &[] };
        let mut made = StepStats::default();
        let mut watch = Watch { pass: 0, strays };
        let other = &done[1 - half].0;
        // Until the other thread has made `target`; false if it stopped meanwhile.
        let wait = |target: u64| {
            spin_until(|| other.load(Ordering::Acquire) >= target || stopped.load(Ordering::Relaxed));
            !stopped.load(Ordering::Relaxed)
        };
        for pass in 1..=*passes {
            (solve.pass, watch.pass) = (pass, pass);
            for level in 1..=*levels {
                let part = 2 * (level - 1) + half;
                let (same, before) = (wait_same[part] as usize, wait_before[part] as usize);
                if (same > 0 && !wait(made_up_to(pass, same))) || (pass > 1 && before > 0 && !wait(made_up_to(pass - 1, before))) {
                    return made;
                }
                let [discs, others] = part_visits(*visits, part);
                make_discs(discs, touching, (bodies, *motions), broad, settings, &mut watch, &mut made);
                for &(i, j) in others {
                    let pair = (i as usize, j as usize);
                    visit_other(bodies, *motions, broad, pair, *pose, settings, &mut solve, (&mut made, &mut watch));
                }
                if watch.strays.overflowed() {
                    stopped.store(true, Ordering::Relaxed);
                    return made;
                }
                done[half].0.store(made_up_to(pass, level), Ordering::Release);
            }
        }
        made
    }

    /// [`Self::run`] compiled with AVX2, as the wide step is (`fast::wide`):
    /// a thread's work is a function of its own, not inlined into the step.
    /// Elsewhere than on x86-64 no step is wide, and this is never called.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
    unsafe fn run_wide(&self, half: usize, touching: &mut Vec<(u32, u32)>, strays: &mut Strays) -> StepStats {
        self.run(half, touching, strays)
    }
}

/// A thread's count of what it has made, alone on its cache lines, so that
/// the other thread reading it does not slow the one writing its own.
#[derive(Default)]
#[repr(align(128))]
struct Padded(AtomicU64);

/// Tells the other thread to stop waiting when this one unwinds (the panic
/// comes out of `Helper::both`).
struct StopOnUnwind<'a>(&'a AtomicBool);

impl Drop for StopOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

/// A visit of a pair that is not two moving discs, as `visit_listed` makes
/// it, on copies of the two bodies (so that it borrows no other), noting
/// them if a correction moved one too far for the list.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn visit_other(
    bodies: &[Body],
    motions: Motions,
    broad: &Broad,
    (a, b): (usize, usize),
    pose: &impl Fn(&Motion, usize) -> Pose,
    settings: &Settings,
    solve: &mut Solve,
    (made, watch): (&mut StepStats, &mut Watch),
) {
    let mut pair = [*motions.get(a), *motions.get(b)];
    if !broad.touch_at((a, pair[0].position), (b, pair[1].position)) {
        return;
    }
    made.narrow_tests += 1;
    let two = [bodies[a].unnamed(), bodies[b].unnamed()];
    let visit = relax_touching(&two, &mut pair, (0, 1), &|m: &[Motion], k: usize| pose(&m[k], [a, b][k]), settings, solve, &mut NoTrace);
    (*motions.get_mut(a), *motions.get_mut(b)) = (pair[0], pair[1]);
    if visit == Visit::Contact {
        made.contacts += 1;
        watch_moved(broad, [(a, pair[0].position), (b, pair[1].position)], watch);
    }
}
