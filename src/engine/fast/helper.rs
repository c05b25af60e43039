//! A second thread for the passes, kept from step to step: starting a thread
//! takes tens of microseconds, a twentieth of a 1,000-disc step, and waking
//! one that sleeps takes about as long. So the thread waits for its next
//! piece of work spinning for a while after each, and only then sleeps.

use std::cell::UnsafeCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the thread spins for the next piece of work before it sleeps:
/// longer than the rest of a big step (the broad phase, integration), so that
/// steps made one after another find it awake.
const SPIN_BEFORE_SLEEP: Duration = Duration::from_micros(300);

/// The second thread, started when first asked for.
#[derive(Default)]
pub(in crate::engine) struct Helper {
    running: Option<Running>,
    /// The system would not start one: the passes stay on one thread.
    refused: bool,
}

struct Running {
    mailbox: Arc<Mailbox>,
    thread: JoinHandle<()>,
}

/// What the two threads share: the work posted, how many pieces were posted
/// and finished, and whether the thread is to end.
#[derive(Default)]
struct Mailbox {
    posted: AtomicU64,
    finished: AtomicU64,
    quit: AtomicBool,
    panicked: AtomicBool,
    /// Written by [`Helper::both`] before it raises `posted`, taken by the
    /// thread after it sees it raised.
    work: UnsafeCell<Option<Work>>,
}

/// Work borrowed from the caller of [`Helper::both`], which does not return
/// (nor unwind) before the work is finished: so the borrow outlives it.
struct Work(*const (dyn Fn() + Sync + 'static));

// SAFETY: `work` is written by one thread and read by the other only with
// `posted` and `finished` between them (release, then acquire), and what it
// points to is `Sync`.
unsafe impl Sync for Mailbox {}
unsafe impl Send for Mailbox {}

/// Cores this machine lets the process use, asked once.
pub(in crate::engine) fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

impl Helper {
    /// Wakes the thread, if it sleeps, for work about to be posted: waking
    /// takes tens of microseconds, which the caller spends on what comes
    /// before the work (the broad phase).
    pub(in crate::engine) fn wake(&self) {
        if let Some(running) = &self.running {
            running.thread.thread().unpark();
        }
    }

    /// Whether the thread runs, started now if it was not.
    pub(in crate::engine) fn started(&mut self) -> bool {
        if self.running.is_none() && !self.refused {
            match Running::start() {
                Ok(running) => self.running = Some(running),
                Err(_) => self.refused = true,
            }
        }
        self.running.is_some()
    }

    /// Runs `theirs` on the second thread while `mine` runs on this one, and
    /// returns once both are done. A panic on either side comes out here.
    /// Only once [`Self::started`] said yes.
    pub(in crate::engine) fn both<R>(&mut self, mine: impl FnOnce() -> R, theirs: &(dyn Fn() + Sync)) -> R {
        let running = self.running.as_ref().expect("a started thread");
        let mailbox = &*running.mailbox;
        let number = mailbox.posted.load(Ordering::Relaxed) + 1;
        // SAFETY: the lifetime is erased, and `Finished` below waits for the
        // thread to be done with the work before this function returns or unwinds.
        let work: &'static (dyn Fn() + Sync) = unsafe { std::mem::transmute::<&(dyn Fn() + Sync), _>(theirs) };
        // SAFETY: the thread finished the last piece (`Finished` saw it), so it does not read `work` now.
        unsafe { *mailbox.work.get() = Some(Work(work)) };
        mailbox.posted.store(number, Ordering::Release);
        running.thread.thread().unpark();
        let finished = Finished(mailbox, number);
        let mine = mine();
        drop(finished);
        if mailbox.panicked.swap(false, Ordering::Relaxed) {
            panic!("the passes' second thread panicked");
        }
        mine
    }
}

/// Waits, when dropped, until the thread has finished piece `.1`.
struct Finished<'a>(&'a Mailbox, u64);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        spin_until(|| self.0.finished.load(Ordering::Acquire) >= self.1);
    }
}

/// Spins until `done`, a few microseconds as the other thread makes what is
/// waited for; then, as if the other thread had lost its core to a third,
/// gives this core up between looks (a third thread, such as the debugger's
/// drawing, would otherwise wait for this one's time slice to end).
pub(in crate::engine) fn spin_until(done: impl Fn() -> bool) {
    let mut looks = 0u32;
    while !done() {
        looks = looks.saturating_add(1);
        if looks < SPINS_BEFORE_YIELDING {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// About 50 µs of spinning (a `pause` takes up to 140 cycles).
const SPINS_BEFORE_YIELDING: u32 = 1 << 10;

impl Running {
    fn start() -> std::io::Result<Running> {
        let mailbox = Arc::new(Mailbox::default());
        let theirs = Arc::clone(&mailbox);
        let thread = std::thread::Builder::new().name("impulse passes".into()).spawn(move || serve(&theirs))?;
        Ok(Running { mailbox, thread })
    }
}

/// The second thread: each piece of work as it is posted, until told to end.
fn serve(mailbox: &Mailbox) {
    let mut done = 0;
    loop {
        let mut idle = Instant::now();
        let mut spins = 0u32;
        while mailbox.posted.load(Ordering::Acquire) == done {
            if mailbox.quit.load(Ordering::Acquire) {
                return;
            }
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(64) && idle.elapsed() > SPIN_BEFORE_SLEEP {
                // Woken by `unpark`: work is coming, or the thread is to end.
                std::thread::park();
                idle = Instant::now();
            } else {
                std::hint::spin_loop();
            }
        }
        done += 1;
        // SAFETY: posted before `posted` was raised; the poster waits for `finished`.
        let work = unsafe { (*mailbox.work.get()).take() }.expect("work posted with its number");
        // SAFETY: the poster keeps what `work` borrows until `finished` reaches `done`.
        if catch_unwind(AssertUnwindSafe(|| unsafe { (*work.0)() })).is_err() {
            mailbox.panicked.store(true, Ordering::Relaxed);
        }
        mailbox.finished.store(done, Ordering::Release);
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        if let Some(Running { mailbox, thread }) = self.running.take() {
            mailbox.quit.store(true, Ordering::Release);
            thread.thread().unpark();
            // A panic of the thread was caught and reported by `both`.
            let _ = thread.join();
        }
    }
}
