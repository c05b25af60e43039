//! `impulse run` streams: what it holds at once does not grow with the number
//! of frames. A counting allocator measures the peak of live heap bytes while
//! the trace of 50 and of 500 frames is written (to nowhere).

use impulse::cli::{Format, TraceOptions, write_trace};
use impulse::lesson::Lesson;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Peak;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Peak = Peak;

/// The peak of live bytes above what was live before, while `f` runs.
fn peak_of(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    f();
    PEAK.load(Relaxed) - before
}

#[test]
fn the_trace_of_500_frames_holds_no_more_than_that_of_50() {
    let scene = Lesson::load(std::path::Path::new("examples/pile.toml")).unwrap();
    for format in [Format::Json, Format::Text] {
        let peak = |frames| {
            peak_of(|| {
                let options = TraceOptions { frames: Some(frames), format, kinds: None, bodies_only: false, lang: Default::default() };
                write_trace(&mut std::io::sink(), &scene, &options).unwrap().unwrap();
            })
        };
        let (short, long) = (peak(50), peak(500));
        // The pile settles, so later frames have a few more contacts: some
        // slack, but nothing like the tenfold a kept trace would need.
        assert!(long < short * 2, "peak {long} bytes for 500 frames against {short} for 50");
    }
}
