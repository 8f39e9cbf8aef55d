//! The threads a [`VecEnv`](super::VecEnv) steps its shards on, and when to use them: parked
//! between steps and woken for each (starting and joining a thread per step cost 100-130 µs on
//! a loaded 2-vCPU guest, waking a parked one 13-19 µs), and left out of a step altogether
//! while stepping alone is measured to be faster.
//!
//! The pool is owned by its VecEnv (no global state) and made at its first threaded step.
//! [`Pool::run`] lends a job borrowing the step's data to the workers and returns only once
//! every worker that took it has finished it, panics included, and every other worker can no
//! longer take it, which is what makes the lending sound. A worker still asleep when the
//! caller's own share is done is let off: a job's shares claim its work rather than being
//! handed a fixed part, so the caller alone can finish it, and a worker that wakes late (a
//! virtual CPU that slept while the caller's program did other work between steps can take
//! longer to wake than a whole step takes) does not hold the step up.
//!
//! Three things keep threads from costing a step on a shared machine, where another process
//! wants the cores too, while a steady loop keeps its workers awake:
//! - A worker spins between jobs for about twice the last gap between them (250 µs at most),
//!   so a loop with little between its steps finds it awake (posting a job to a sleeping one
//!   costs a wake-up call and a late start); a spin that ends without a job halves the next,
//!   so a loop that works longer between steps, or an idle VecEnv, has sleeping workers.
//!   Threads and envs are paired by claiming from both ends ([`Claims`]), which keeps each
//!   env in one core's cache.
//! - The caller waits for a worker's unfinished share, and a share for the others' part of a
//!   phase ([`Gate`]), by sleeping soon, so that its idle core can take the thread it waits
//!   for if another process took that thread's core.
//! - [`Tuner`]: the pool times its steps, runs a few of every period without the workers, and
//!   keeps whichever way was faster; a period that confirms the choice doubles the next.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A job: called with a worker's number (1, 2, ...; 0 is the calling thread's share).
type Job<'a> = dyn Fn(usize) + Sync + 'a;

/// The job a worker is lent, its lifetime erased: [`Pool::run`] keeps the job alive until
/// every worker reports it done.
#[derive(Clone, Copy)]
struct Lent(*const Job<'static>);

// SAFETY: the job behind the pointer is `Sync`, and it outlives every use (see `Pool::run`).
unsafe impl Send for Lent {}

/// What one worker and the caller share.
struct Mailbox {
    state: Mutex<State>,
    go: Condvar,
    done: Condvar,
    /// Copies of `state.epoch` and `state.finished`, read without the lock by a thread that
    /// spins a little before it sleeps (the state under the lock stays the one that decides).
    posted: AtomicU64,
    finished: AtomicU64,
}

/// The longest a worker spins for its next job before it sleeps. A worker spins for about
/// twice the gap it last saw between jobs, up to this: a step loop with little between its
/// steps (an action sampler, a short policy call) posts the next job within the spin, so its
/// workers stay awake, and posting costs no wake-up call (a sleeping virtual CPU takes tens of
/// microseconds to wake, paid by every step). A loop that works longer between steps, or an
/// idle VecEnv, soon has sleeping workers: each spin that ends without a job halves the next.
/// (Miri, whose clock is its own, checks the sleeping path alone.)
const WORKER_SPIN: Duration = if cfg!(miri) { Duration::ZERO } else { Duration::from_micros(250) };
/// The shortest spin worth starting: below it a worker sleeps at once.
const MIN_SPIN: Duration = Duration::from_micros(2);
/// How long the caller waits for a worker's unfinished share before it sleeps: longer than
/// a share takes to finish on a core of its own, short enough that a worker whose core was
/// taken gets the caller's soon.
const CALLER_SPIN: Duration = if cfg!(miri) { Duration::ZERO } else { Duration::from_micros(40) };
/// How long a polite wait spins on the processor before it yields its core at each turn.
/// The caller's waits are polite: a worker that shares the caller's core must get it. A worker
/// spins without yielding, also while the tuner probes the workers: a yield hands the core to
/// any other process that wants it for a whole time slice (milliseconds), and the next job
/// then waits for the worker.
const POLITE_SPIN: Duration = Duration::from_micros(3);

/// Wait until `ready()` or `budget` has passed; whether it became ready. The first `hot`
/// spin on the processor; after that each turn yields the core to any other thread that
/// wants it.
pub(crate) fn spin_until(budget: Duration, hot: Duration, ready: impl Fn() -> bool) -> bool {
    if budget.is_zero() {
        return ready();
    }
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        let spent = start.elapsed();
        if spent > budget {
            return ready();
        }
        if spent > hot {
            std::thread::yield_now();
        }
    }
}

/// A count that threads wait to see reach its target: each share of a job counts its pieces
/// of one phase done, and waits for the others' before the next phase. A waiter spins
/// briefly, then sleeps until the last piece is counted, so that if the thread doing that
/// piece lost its core, the waiter's core is free to take it.
pub(crate) struct Gate {
    done: AtomicUsize,
    target: usize,
    sleepers: Mutex<Vec<std::thread::Thread>>,
}

impl Gate {
    pub(crate) fn new(target: usize) -> Gate {
        Gate { done: AtomicUsize::new(0), target, sleepers: Mutex::new(Vec::new()) }
    }

    /// Count one piece done.
    pub(crate) fn count(&self) {
        if self.done.fetch_add(1, Ordering::AcqRel) + 1 == self.target {
            let sleepers = std::mem::take(&mut *self.sleepers.lock().unwrap_or_else(PoisonError::into_inner));
            for thread in sleepers {
                thread.unpark();
            }
        }
    }

    fn open(&self) -> bool {
        self.done.load(Ordering::Acquire) >= self.target
    }

    /// Wait until every piece is counted.
    pub(crate) fn wait(&self) {
        if spin_until(CALLER_SPIN, POLITE_SPIN, || self.open()) {
            return;
        }
        // Registered before the last look: a count that reaches the target after it finds
        // this thread in the list, and one before it is seen by it.
        self.sleepers.lock().unwrap_or_else(PoisonError::into_inner).push(std::thread::current());
        while !self.open() {
            std::thread::park();
        }
    }
}

/// The indices `0..n` of a job's pieces, each claimed once: the calling thread (share 0)
/// claims from the front, the workers from the back, so each thread tends to get the same
/// pieces step after step, and the envs they hold stay in its core's cache.
pub(crate) struct Claims(AtomicU64);

impl Claims {
    pub(crate) fn new(n: usize) -> Claims {
        let n = u32::try_from(n).expect("fewer than 2^32 pieces");
        Claims(AtomicU64::new(u64::from(n) << 32))
    }

    /// The next piece for `share`, or `None` when every piece is claimed.
    pub(crate) fn next(&self, share: usize) -> Option<usize> {
        let mut ends = self.0.load(Ordering::Relaxed);
        loop {
            let (front, back) = (ends & u64::from(u32::MAX), ends >> 32);
            if front >= back {
                return None;
            }
            let (claimed, next) = if share == 0 { (front, ends + 1) } else { (back - 1, ends - (1 << 32)) };
            match self.0.compare_exchange_weak(ends, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return Some(claimed as usize),
                Err(now) => ends = now,
            }
        }
    }
}

/// Whether a step runs with the workers or without them, chosen by timing both.
///
/// Each period opens with [`Tuner::PROBES`] steps the other way than the chosen one, then
/// runs the chosen way; at its end the median of the timed probes is weighed against the
/// median of the chosen way's last [`Tuner::RECENT`] steps. Medians, not means: beside a busy
/// process one step now and then waits a whole time slice for a preempted thread, and a mean
/// taken over a handful of probes let one such step keep the pool alone for good. The first
/// [`Tuner::WARM_UP`] probes only warm the way up: while the pool steps alone its workers
/// sleep, and waking one costs a step more than a worker that spins in a steady loop ever
/// does, so timing it would keep the pool alone for good. The probed way is chosen for the
/// next period when it was faster by more than 5 %; a period that confirms the choice makes
/// the next twice as long (up to [`Tuner::LONGEST`] steps), so a steady machine spends a
/// fraction of a percent probing.
/// Results never depend on it.
#[derive(Debug)]
pub(crate) struct Tuner {
    /// Whether the chosen way uses the workers.
    pooled: bool,
    /// Steps into the current period.
    step: u32,
    period: u32,
    /// The chosen way's last step times (seconds, a ring; 0 where none yet) and the timed
    /// probes' times.
    chosen: [f64; Tuner::RECENT],
    chosen_count: usize,
    probed: [f64; (Tuner::PROBES - Tuner::WARM_UP) as usize],
}

/// The median of `times` (the mean of the middle two for an even count).
fn median(times: &mut [f64]) -> f64 {
    times.sort_unstable_by(f64::total_cmp);
    let n = times.len();
    (times[(n - 1) / 2] + times[n / 2]) / 2.0
}

impl Tuner {
    const PROBES: u32 = 6;
    /// The probes that only warm the probed way up, untimed.
    const WARM_UP: u32 = 2;
    const FIRST: u32 = 16;
    const LONGEST: u32 = 1024;
    /// How much faster the probes must be to change the way.
    const MARGIN: f64 = 0.95;
    /// The chosen way's steps its median is taken over.
    const RECENT: usize = 8;

    fn new() -> Tuner {
        Tuner {
            pooled: true,
            step: 0,
            period: Tuner::FIRST,
            chosen: [0.0; Tuner::RECENT],
            chosen_count: 0,
            probed: [0.0; (Tuner::PROBES - Tuner::WARM_UP) as usize],
        }
    }

    /// Whether the next step uses the workers.
    fn pooled(&self) -> bool {
        if self.step < Tuner::PROBES {
            !self.pooled
        } else {
            self.pooled
        }
    }

    /// Whether the next step is a probe of the workers that another follows: the workers
    /// should stay awake for it.
    fn warming_workers(&self) -> bool {
        !self.pooled && self.step + 1 < Tuner::PROBES
    }

    /// Count a step that took `seconds`.
    fn record(&mut self, seconds: f64) {
        if self.step < Tuner::PROBES {
            if self.step >= Tuner::WARM_UP {
                self.probed[(self.step - Tuner::WARM_UP) as usize] = seconds;
            }
        } else {
            self.chosen[self.chosen_count % Tuner::RECENT] = seconds;
            self.chosen_count += 1;
        }
        self.step += 1;
        if self.step < self.period {
            return;
        }
        let (mut probed, mut chosen) = (self.probed, self.chosen);
        let probe = median(&mut probed);
        // Every period runs the chosen way after its probes (FIRST > PROBES), so some steps
        // were timed.
        let recent = self.chosen_count.min(Tuner::RECENT);
        let chosen = median(&mut chosen[..recent]);
        // A clear win only: on a noisy machine a near tie would switch back and forth,
        // paying for the slower way's periods.
        if probe < chosen * Tuner::MARGIN {
            self.pooled = !self.pooled;
            self.period = Tuner::FIRST;
            // The probes are the new way's first measures.
            self.chosen[..self.probed.len()].copy_from_slice(&self.probed);
            self.chosen_count = self.probed.len();
        } else {
            self.period = (self.period * 2).min(Tuner::LONGEST);
        }
        self.step = 0;
    }
}

#[derive(Default)]
struct State {
    /// Bumped for each job; the worker runs a job once per value.
    epoch: u64,
    job: Option<Lent>,
    /// The last epoch whose job the worker took (under the lock, so the caller can tell a
    /// job still waiting for it, and withdraw it).
    taken: u64,
    /// The last epoch the worker finished.
    finished: u64,
    panicked: bool,
    quit: bool,
    /// Whether the worker sleeps on `go` (else a post needs no wake-up call).
    asleep: bool,
    /// Whether the caller sleeps on `done`.
    caller_waits: bool,
    /// Whether the worker should spin its longest after this job: another follows soon.
    linger: bool,
}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    // A worker never panics while holding the lock (jobs run outside it), so poisoning
    // cannot carry a broken state.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Worker threads, parked between jobs.
pub(crate) struct Pool {
    workers: Vec<(Arc<Mailbox>, Option<JoinHandle<()>>)>,
    /// The process the threads run in: a forked child has none of them.
    pid: u32,
    tuner: Tuner,
}

impl Pool {
    /// A pool of `workers` threads (the caller makes one more share of each job).
    pub(crate) fn new(workers: usize) -> Pool {
        let workers = (1..=workers)
            .map(|index| {
                let slot = Arc::new(Mailbox {
                    state: Mutex::default(),
                    go: Condvar::new(),
                    done: Condvar::new(),
                    posted: AtomicU64::new(0),
                    finished: AtomicU64::new(0),
                });
                let mine = slot.clone();
                let handle = std::thread::Builder::new()
                    .name(format!("stratego-vec-env-{index}"))
                    .spawn(move || work(&mine, index))
                    .ok();
                (slot, handle)
            })
            .collect();
        Pool { workers, pid: std::process::id(), tuner: Tuner::new() }
    }

    /// Whether the threads are this process's (not a parent's, seen from a forked child).
    pub(crate) fn is_ours(&self) -> bool {
        self.pid == std::process::id()
    }

    /// Whether every worker thread started, so that each runs its own share of a job (a job
    /// whose shares wait for each other needs that).
    pub(crate) fn all_started(&self) -> bool {
        self.workers.iter().all(|(_, handle)| handle.is_some())
    }

    /// Call `fill(base, chunk)` on each chunk of `size` items of `out` (`base`: the chunk's
    /// first index). The chunks are claimed by this thread and, while the pool's chosen way of
    /// stepping uses the workers, by any that are awake; otherwise this thread does them all.
    /// The tuner is not told: this is work beside a step, not a step.
    pub(crate) fn fill_chunks<T: Send>(&self, out: &mut [T], size: usize, fill: &(dyn Fn(usize, &mut [T]) + Sync)) {
        if !self.tuner.pooled || !self.is_ours() || !self.all_started() {
            fill(0, out);
            return;
        }
        let chunks: Vec<Mutex<Option<&mut [T]>>> = out.chunks_mut(size.max(1)).map(|c| Mutex::new(Some(c))).collect();
        let claims = Claims::new(chunks.len());
        let finished = self.run_pooled(
            &|share| {
                while let Some(c) = claims.next(share) {
                    let chunk = &chunks[c];
                    if let Some(items) = chunk.lock().unwrap_or_else(PoisonError::into_inner).take() {
                        fill(c * size.max(1), items);
                    }
                }
            },
            false,
        );
        if let Err(payload) = finished {
            resume_unwind(payload);
        }
    }

    /// The number of worker threads.
    pub(crate) fn workers(&self) -> usize {
        self.workers.len()
    }

    /// Run `job(0)` on this thread and `job(i)` on each worker `i` that takes it before
    /// `job(0)` returns; a worker that has not taken it by then is let off (it never runs that
    /// job), and while the [`Tuner`] finds the step faster alone, no worker is offered it.
    /// Return when every share that started is done. So `job(0)` must be able to do the
    /// whole job alone, and shares that wait for each other must wait only for shares that
    /// have started. A panic in any share is raised here after every started share has
    /// finished.
    pub(crate) fn run(&mut self, job: &Job<'_>) {
        let start = Instant::now();
        let pooled = self.tuner.pooled();
        let finished = if pooled {
            self.run_pooled(job, self.tuner.warming_workers())
        } else {
            catch_unwind(AssertUnwindSafe(|| job(0)))
        };
        self.tuner.record(start.elapsed().as_secs_f64());
        if let Err(payload) = finished {
            resume_unwind(payload);
        }
    }

    /// [`Pool::run`] with the workers offered the job; the caller's own share's panic, if
    /// any, is returned once every worker is done.
    fn run_pooled(&self, job: &Job<'_>, linger: bool) -> std::thread::Result<()> {
        // SAFETY: only the lifetime changes. The pointer is handed to the workers below, and
        // this function does not return (or unwind) before each has reported the job
        // finished, so the job outlives every call through the pointer.
        let lent = Lent(unsafe { std::mem::transmute::<*const Job<'_>, *const Job<'static>>(job as *const Job<'_>) });
        let mut started = Vec::with_capacity(self.workers.len());
        for (slot, handle) in &self.workers {
            if handle.is_none() {
                started.push(None);
                continue;
            }
            let mut s = lock(&slot.state);
            s.epoch += 1;
            s.job = Some(lent);
            s.linger = linger;
            started.push(Some(s.epoch));
            slot.posted.store(s.epoch, Ordering::Release);
            let asleep = s.asleep;
            drop(s);
            if asleep {
                slot.go.notify_one();
            }
        }
        let mine = catch_unwind(AssertUnwindSafe(|| job(0)));
        let mut panicked = false;
        for ((slot, _), epoch) in self.workers.iter().zip(started) {
            let Some(epoch) = epoch else { continue };
            {
                let mut s = lock(&slot.state);
                if s.taken < epoch {
                    // Not taken yet: withdrawn under the lock, so the worker never sees it.
                    s.job = None;
                    continue;
                }
            }
            spin_until(CALLER_SPIN, POLITE_SPIN, || slot.finished.load(Ordering::Acquire) >= epoch);
            let mut s = lock(&slot.state);
            while s.finished < epoch {
                s.caller_waits = true;
                s = slot.done.wait(s).unwrap_or_else(PoisonError::into_inner);
            }
            s.caller_waits = false;
            s.job = None;
            panicked |= std::mem::take(&mut s.panicked);
        }
        if mine.is_ok() && panicked {
            panic!("a VecEnv worker thread panicked");
        }
        mine
    }
}

/// The VecEnv's worker threads, made at its first threaded step. A copy of the VecEnv makes
/// its own when it first needs them.
#[derive(Default)]
pub(crate) struct Workers(pub(crate) Option<Pool>);

impl Clone for Workers {
    fn clone(&self) -> Workers {
        Workers(None)
    }
}

impl core::fmt::Debug for Workers {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.0 {
            Some(pool) => write!(f, "{} worker threads", pool.workers()),
            None => f.write_str("no worker threads yet"),
        }
    }
}

/// A worker's life: wait for a job, run its share, report, until told to quit.
fn work(slot: &Mailbox, index: usize) {
    let mut seen = 0;
    let mut spin = WORKER_SPIN;
    let mut idle_since = Instant::now();
    let mut hot = POLITE_SPIN;
    loop {
        let awake = spin >= MIN_SPIN && spin_until(spin, hot, || slot.posted.load(Ordering::Acquire) != seen);
        if !awake {
            spin /= 2;
        }
        let mut s = lock(&slot.state);
        while s.epoch == seen && !s.quit {
            s.asleep = true;
            s = slot.go.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
        s.asleep = false;
        if s.quit {
            return;
        }
        seen = s.epoch;
        s.taken = seen;
        let (job, linger) = (s.job, s.linger);
        drop(s);
        spin = if linger { WORKER_SPIN } else { next_spin(spin, idle_since.elapsed()) };
        // Probed workers spin as steady ones do: a probe must time the way it would be
        // chosen, and a polite probe beside a busy process timed the busy process's slices.
        hot = spin;
        let failed = match job {
            // SAFETY: `Pool::run` keeps the job alive until this worker reports `seen` done.
            Some(Lent(job)) => catch_unwind(AssertUnwindSafe(|| unsafe { (*job)(index) })).is_err(),
            None => false,
        };
        idle_since = Instant::now();
        let mut s = lock(&slot.state);
        s.finished = seen;
        slot.finished.store(seen, Ordering::Release);
        s.panicked |= failed;
        let waits = s.caller_waits;
        drop(s);
        if waits {
            slot.done.notify_one();
        }
    }
}

/// The spin before the next job, given the last spin and the gap the job just ended: twice
/// the gap when it was short enough to spin through, so a steady loop's jobs come while its
/// workers spin (a gap just over a decayed spin earns the spin back), else the last spin.
fn next_spin(spin: Duration, gap: Duration) -> Duration {
    if gap <= WORKER_SPIN {
        (gap * 2).clamp(MIN_SPIN, WORKER_SPIN)
    } else {
        spin
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        if !self.is_ours() {
            // A forked child: the threads stayed in the parent, and joining them here would
            // wait forever. Their handles are let go.
            for (_, handle) in &mut self.workers {
                core::mem::forget(handle.take());
            }
            return;
        }
        for (slot, _) in &self.workers {
            lock(&slot.state).quit = true;
            // A spinning worker stops spinning at once.
            slot.posted.store(u64::MAX, Ordering::Release);
            slot.go.notify_one();
        }
        for (_, handle) in &mut self.workers {
            if let Some(h) = handle.take() {
                let _ = h.join();
            }
        }
    }
}

impl core::fmt::Debug for Pool {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Pool({} workers)", self.workers.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    impl Pool {
        /// The job offered to the workers, whatever the tuner would choose.
        fn offer(&self, job: &Job<'_>) -> std::thread::Result<()> {
            self.run_pooled(job, false)
        }
    }

    /// A job whose shares claim `units` of work from a counter, as the VecEnv step does; how
    /// many units each share did.
    fn claimed(pool: &Pool, units: usize, before_claiming: &(dyn Fn(usize) + Sync)) -> Vec<usize> {
        let next = AtomicUsize::new(0);
        let done: Vec<AtomicUsize> = (0..=pool.workers()).map(|_| AtomicUsize::new(0)).collect();
        let _ = pool.offer(&|i| {
            before_claiming(i);
            while next.fetch_add(1, Ordering::Relaxed) < units {
                done[i].fetch_add(1, Ordering::Relaxed);
            }
        });
        done.iter().map(|d| d.load(Ordering::Relaxed)).collect()
    }

    #[test]
    fn the_work_is_done_once_whoever_takes_part() {
        let pool = Pool::new(3);
        for _ in 0..100 {
            assert_eq!(claimed(&pool, 50, &|_| {}).iter().sum::<usize>(), 50);
        }
    }

    #[test]
    fn workers_that_take_part_share_the_work() {
        let pool = Pool::new(1);
        // The caller waits until worker 1 has started, then both claim.
        let started = AtomicUsize::new(0);
        let counts = claimed(&pool, 10_000, &|i| {
            if i == 1 {
                started.store(1, Ordering::Release);
            } else {
                while started.load(Ordering::Acquire) == 0 {
                    std::thread::yield_now();
                }
            }
        });
        assert_eq!(counts.iter().sum::<usize>(), 10_000);
    }

    #[test]
    fn a_worker_that_has_not_taken_the_job_is_let_off_and_takes_the_next() {
        let pool = Pool::new(1);
        // Worker 1 is kept from taking the job: the caller's share holds its mailbox's lock
        // and does all the work, and the job is withdrawn before the worker can see it.
        let ran = AtomicUsize::new(0);
        let slot = &pool.workers[0].0;
        let _ = pool.offer(&|i| {
            let _held = (i == 0).then(|| lock(&slot.state));
            ran.fetch_add(1 << (8 * i), Ordering::Relaxed);
        });
        // Either the worker took it before the lock was held, or it never ran it.
        let ran = ran.load(Ordering::Relaxed);
        assert!(ran == 1 || ran == 1 + (1 << 8), "{ran:#x}");
        // It takes part in a later job.
        let started = AtomicUsize::new(0);
        claimed(&pool, 1, &|i| {
            if i == 1 {
                started.store(1, Ordering::Release);
            } else {
                while started.load(Ordering::Acquire) == 0 {
                    std::thread::yield_now();
                }
            }
        });
    }

    #[test]
    fn a_panic_in_a_share_reaches_the_caller_after_every_share_finished() {
        let pool = Pool::new(2);
        let finished = AtomicUsize::new(0);
        let started = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.offer(&|i| {
                started.fetch_add(1, Ordering::AcqRel);
                // Every share starts before any ends, so none is let off.
                while started.load(Ordering::Acquire) < 3 {
                    std::thread::yield_now();
                }
                if i == 1 {
                    panic!("share 1");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, Ordering::Relaxed);
            })
        }));
        assert!(result.is_err());
        assert_eq!(finished.load(Ordering::Relaxed), 2);
        // The pool still works afterwards.
        assert_eq!(claimed(&pool, 7, &|_| {}).iter().sum::<usize>(), 7);
    }

    #[test]
    fn every_probe_of_the_workers_but_the_last_asks_them_to_stay_awake() {
        let mut tuner = Tuner::new();
        tuner.pooled = false;
        let mut warming = Vec::new();
        // Alone is faster: the following periods probe the workers.
        for _ in 0..200 {
            if tuner.pooled() {
                warming.push(tuner.warming_workers());
            }
            tuner.record(if tuner.pooled() { 2.0 } else { 1.0 });
        }
        assert!(!warming.is_empty());
        for probes in warming.chunks(Tuner::PROBES as usize) {
            let (last, others) = probes.split_last().unwrap();
            assert!(!last && others.iter().all(|&w| w), "{warming:?}");
        }
    }

    #[test]
    fn a_warm_up_probe_is_not_timed() {
        // The workers' first probe of each period is slow (a worker wakes), the rest fast:
        // the tuner must go back to the workers.
        let mut tuner = Tuner::new();
        tuner.pooled = false;
        for _ in 0..4000 {
            let slow_warm_up = tuner.pooled() && tuner.step == 0;
            let seconds = if slow_warm_up {
                10.0
            } else if tuner.pooled() {
                0.5
            } else {
                1.0
            };
            tuner.record(seconds);
        }
        assert!(tuner.pooled, "{tuner:?}");
    }

    #[test]
    fn one_slow_probe_does_not_keep_the_pool_alone() {
        // With the workers a step takes 0.5, alone 1.0, but one probe of each period waits
        // 20 steps for a preempted worker: the median ignores it, the tuner uses the workers.
        let mut tuner = Tuner::new();
        tuner.pooled = false;
        for _ in 0..4000 {
            let seconds = match (tuner.pooled(), tuner.step) {
                (true, 3) => 20.0,
                (true, _) => 0.5,
                (false, _) => 1.0,
            };
            tuner.record(seconds);
        }
        assert!(tuner.pooled, "{tuner:?}");
    }

    #[test]
    fn a_panic_in_the_callers_share_reaches_the_caller_with_or_without_workers() {
        let mut pool = Pool::new(1);
        for _ in 0..2 * Tuner::FIRST {
            let result = catch_unwind(AssertUnwindSafe(|| pool.run(&|i| assert_ne!(i, 0, "caller"))));
            assert!(result.is_err());
        }
    }

    #[test]
    fn the_tuner_keeps_the_faster_way_and_probes_less_while_it_stands() {
        // Alone takes 1.0, with the workers 2.0: after the first period the tuner steps alone,
        // and later periods probe the workers PROBES times in ever longer periods.
        let mut tuner = Tuner::new();
        let mut pooled_steps = Vec::new();
        for step in 0..4000 {
            let pooled = tuner.pooled();
            if pooled {
                pooled_steps.push(step);
            }
            tuner.record(if pooled { 2.0 } else { 1.0 });
        }
        assert!(!tuner.pooled || tuner.step < Tuner::PROBES, "{tuner:?}");
        // The first period (16 steps, 13 of them pooled), then the probes of each period, the
        // periods doubling to 1,024 steps: the probes of each of the last three periods.
        let late = pooled_steps.iter().filter(|&&s| s >= 1000).count();
        assert!(late <= 3 * Tuner::PROBES as usize, "{late} pooled steps after the first thousand: {pooled_steps:?}");
        // And back when the workers become the faster way.
        for _ in 0..4000 {
            let pooled = tuner.pooled();
            tuner.record(if pooled { 0.5 } else { 1.0 });
        }
        assert!(tuner.pooled, "{tuner:?}");
    }
}
