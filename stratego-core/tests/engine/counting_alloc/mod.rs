//! A counting global allocator for the tests that show a path does not touch the heap, or
//! touches it only a little. It counts per thread, so the test harness's own threads do not
//! interfere: the number of allocations (a reallocation counts as one) and the bytes asked for
//! (a reallocation counts its new size). A test file installs it with `mod counting_alloc;`.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn live(delta: isize) {
    let _ = LIVE.try_with(|n| n.set(n.get() + delta));
}

fn count(bytes: usize) {
    // `try_with`: during thread teardown the slots may be gone; such allocations are not ours.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = BYTES.try_with(|n| n.set(n.get() + bytes));
}

// SAFETY: every call is forwarded unchanged to the system allocator; counting touches only
// thread-local `Cell`s that need no allocation.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        live(layout.size() as isize);
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        live(layout.size() as isize);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        live(new_size as isize - layout.size() as isize);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live(-(layout.size() as isize));
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations (and reallocations) `f` makes on this thread, with its result.
pub fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

/// Bytes `f` allocates on this thread, with its result.
pub fn allocated<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = BYTES.with(Cell::get);
    let r = f();
    (BYTES.with(Cell::get) - before, r)
}

/// Bytes allocated on this thread and not yet freed (frees of memory another thread allocated
/// count here too, so compare readings of one thread's own work).
pub fn live_bytes() -> isize {
    LIVE.with(Cell::get)
}

/// Steps `env` `steps` times with its own random actions, asserting that a step allocates
/// nothing unless an episode ended in it (a new game allocates).
pub fn assert_steps_allocate_only_at_episode_ends(
    env: &mut stratego_core::VecEnv,
    buffers: &mut stratego_core::StepBuffers,
    steps: u64,
) {
    let mut actions = vec![0; env.len()];
    for step in 0..steps {
        env.random_actions_into(step, &mut actions);
        let episodes = env.total_stats().episodes;
        let (n, ()) = allocations(|| env.step(&actions, &mut buffers.outputs()).unwrap());
        if env.total_stats().episodes == episodes {
            assert_eq!(n, 0, "step {step}");
        }
    }
}
