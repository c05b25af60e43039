//! The untraced step builds no records: with `NoTrace` every `if T::ENABLED`
//! block is a constant `false` and is compiled away. Its working space (the
//! candidate list, the sweep's buffers) lives in the world and is reused, so
//! once it has grown, a frame allocates nothing at all. We count heap
//! allocations made on this thread while frames run.

#[path = "it/common/mod.rs"]
mod common;

use impulse::engine::{NoTrace, Phase, Settings, step};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

fn note() {
    // `try_with`: the allocator may be called while thread locals are torn down.
    let _ = ON.try_with(|on| {
        if on.get() {
            let _ = COUNT.try_with(|n| n.set(n.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|n| n.set(0));
    ON.with(|on| on.set(true));
    f();
    ON.with(|on| on.set(false));
    COUNT.with(Cell::get)
}

#[test]
fn an_untraced_frame_allocates_nothing_once_the_buffers_have_grown() {
    let world = common::packed_pile();
    // The pile starts overlapping: its first corrections move bodies out of
    // their listings, and the broad phase widens its margin (at most three
    // times: the list grows then, its pairs and their room). Once the margin
    // holds, nothing allocates.
    let settling = 50;
    for passes in [1, 15] {
        let s = Settings { relaxation_iterations: passes, ..Settings::default() };
        let mut w = world.clone();
        let first = allocations(|| {
            step(&mut w, &s, &mut NoTrace);
        });
        assert!(first > 0, "the first frame grows the buffers");
        let mut frames = |count: usize| -> Vec<usize> {
            (0..count)
                .map(|_| {
                    allocations(|| {
                        step(&mut w, &s, &mut NoTrace);
                    })
                })
                .collect()
        };
        let widening = frames(settling);
        assert!(widening.iter().sum::<usize>() <= 6, "{passes} passes: allocations while the margin widens: {widening:?}");
        // The pile collides, and its list of nearby pairs is built and amended
        // every frame, in the room the first frames made.
        assert_eq!(frames(50), vec![0; 50], "{passes} passes: allocations in the 50 frames after frame {}", 1 + settling);
    }

    let mut phases: Vec<Phase> = Vec::new();
    let mut w = world.clone();
    let traced = allocations(|| {
        step(&mut w, &Settings::default(), &mut phases);
    });
    // A record is a struct of numbers: at most one allocation a phase (the
    // larger records are boxed), plus the phase list growing by doubling.
    let growth = usize::BITS - phases.len().leading_zeros();
    assert!(traced <= phases.len() + growth as usize + 4, "traced: {traced} allocations for {} phases", phases.len());
    println!("traced frame: {traced} allocations for {} phase records", phases.len());
}
