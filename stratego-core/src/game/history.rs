//! A game's move history, shared between clones: cloning a game does not copy it.
//!
//! All histories cloned from one another share one log of entries. A history is a length into
//! that log; the entries below every live history's length never change. A history that plays
//! on writes the next slot of the log in place when no live history sharing the log is longer
//! (the common cases: one game played on and on, and search that clones a game, plays a move,
//! drops the copy and clones again); otherwise it continues in a log of its own (a game and a
//! clone that both play on), and a full log grows.
//!
//! The log counts its live histories by length (atomically, without a lock), so that a dropped
//! or undone history gives its slots back to the others. What the entries start from (a game's
//! start position) lives in the log too: a clone shares it with the entries.
//!
//! An entry has two columns, `A` and `B`: a game keeps its move reports (handed out as one
//! slice) beside what each move changed (read by `undo`, last first), and a
//! [`crate::PlayerView`] shares a log of public moves only (`B = ()`, which costs nothing), so a
//! view at ply 100,000 costs what a view at ply 10 does and holds nothing its player may not know.
//! A line that parts copies none of the entries below the parting point: it reads them from
//! the log it parted from, where it holds a history of that length (so they never change). The
//! log held so is always one that parted from none, so reading an old entry takes at most one
//! hop, and a line of play that parts again and again keeps only that first log alive. Only a
//! slice of the whole first column (`Game::history`, a view's moves, comparisons) needs those
//! entries in the parted log itself: the first such call copies them in, once; play, undo and
//! clones never do. So a clone that plays on beside a longer line of the same game (search
//! keeping positions of one game side by side) costs the same at ply 100,000 as at ply 10.
//!
//! Why `unsafe` and not a persistent structure of safe parts (`Arc`-linked chunks, or
//! copy-on-write of the last chunk): `Game::history` hands out the reports as one contiguous
//! slice, which chunks cannot give without a copy, and a clone that plays a move and is dropped
//! (search's pattern) must not allocate, where copy-on-write allocates a chunk for every such
//! clone. `scripts/miri.sh` runs the tests below under Miri.

use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Once};

/// One column of a log's slots.
type Column<T> = Box<[UnsafeCell<MaybeUninit<T>>]>;

/// The shared entries and who reads them.
struct Log<S, A, B> {
    /// What the entries start from (it never changes).
    start: S,
    /// The first column, every entry at its own index. The first `base` slots are written only
    /// when `filled` runs, from `below`; entries from `base` on, as they are played.
    a: Column<A>,
    /// The second column from entry `base` on: `b[i - base]` is entry `i`'s.
    b: Column<B>,
    /// The first `base` entries of both columns: a history of length `base` in a log with no
    /// `below` of its own, which keeps them unchanged (`None` when `base` is 0).
    below: Option<History<S, A, B>>,
    base: usize,
    /// Copies `below`'s first-column entries into `a`, the first time a slice of the whole
    /// column is asked for.
    filled: Once,
    /// `holders[k]`: how many live histories of length `base + k` share the log. `holders[0]`
    /// also counts the shorter ones (a line undone past its parting point), which can no
    /// longer write here and so never need telling apart.
    holders: Box<[AtomicU32]>,
    /// No live history is longer than the low 32 bits (a bound: they may exceed the longest
    /// live one); the high 32 bits count the claims. The count makes every claim change the
    /// word, so a claim decided on a stale reading fails its compare-exchange: without it, two
    /// histories of one length could both claim the slot when the frontier already stood one
    /// above them (it is not lowered when a history there undoes or drops), and a shorter one
    /// could claim under a longer one that claimed at the same time.
    frontier: AtomicU64,
}

/// The most entries a log holds: lengths must fit the frontier's low 32 bits.
const MAX_SLOTS: usize = u32::MAX as usize - 1;

/// Free slots in the log a line of play that parts continues in.
const PARTING_ROOM: usize = 8;

/// The length a frontier word bounds.
#[inline(always)]
fn frontier_len(word: u64) -> usize {
    word as u32 as usize
}

/// The frontier word after a claim that leaves the bound at `len`.
#[inline(always)]
fn claimed(word: u64, len: usize) -> u64 {
    ((word >> 32).wrapping_add(1) << 32) | len as u64
}

// SAFETY: the slots are plain `Copy` data. A slot from `base` on is written only by a history
// of that length that has checked that no live history sharing the log is longer, and has
// claimed the slot by changing `frontier` from the word it read before checking (see
// `History::claim_shared`); every live history reads only below its own length. The first-column
// slots below `base` are written once, inside `filled`, before any reader of them returns from
// it. So no slot is read and written at once.
unsafe impl<S: Sync, A: Send + Sync, B: Send + Sync> Sync for Log<S, A, B> {}

// A panic cannot leave a slot half-claimed: `push` claims and writes a slot with no call that
// could unwind in between, so a log seen after a caught panic keeps the invariants above.
impl<S, A, B> std::panic::RefUnwindSafe for Log<S, A, B> {}

/// A column of `capacity` slots that holds `values` from slot `at` on (the others unwritten).
fn column<T: Copy>(capacity: usize, at: usize, values: &[T]) -> Column<T> {
    let mut slots: Box<[MaybeUninit<T>]> = Box::new_uninit_slice(capacity);
    // One `memcpy`, not a loop of writes.
    // SAFETY: `slots` is a new allocation of at least `at + values.len()` elements (the
    // callers' capacities hold them), and `MaybeUninit<T>` has the layout of `T`.
    unsafe {
        assert!(at + values.len() <= capacity);
        std::ptr::copy_nonoverlapping(values.as_ptr(), slots.as_mut_ptr().add(at).cast(), values.len());
    }
    // SAFETY: `UnsafeCell<MaybeUninit<T>>` has the layout of `MaybeUninit<T>`.
    unsafe { Box::from_raw(Box::into_raw(slots) as *mut [UnsafeCell<MaybeUninit<T>>]) }
}

impl<S: Copy, A: Copy, B: Copy> Log<S, A, B> {
    /// A log of `capacity` slots whose entries below `base` are `below`'s (a history of that
    /// length, set by the caller before any read when not given here) and from `base` on `a`
    /// and `b` (of one length), read by one history that holds them all.
    fn new(
        start: S,
        capacity: usize,
        base: usize,
        below: Option<History<S, A, B>>,
        a_own: &[A],
        b_own: &[B],
    ) -> Log<S, A, B> {
        debug_assert!(below.as_ref().is_none_or(|h| h.len == base));
        debug_assert_eq!(a_own.len(), b_own.len());
        let len = base + a_own.len();
        assert!(len <= MAX_SLOTS, "a game's history holds at most {MAX_SLOTS} moves");
        let capacity = capacity.max(len).clamp(1, MAX_SLOTS);
        // Counts from `base` on only: a line that parts zeroes its room, not its length.
        let holders: Box<[AtomicU32]> = (0..=capacity - base).map(|_| AtomicU32::new(0)).collect();
        holders[len - base].store(1, Ordering::Relaxed);
        let frontier = AtomicU64::new(len as u64);
        let (a, b) = (column(capacity, base, a_own), column(capacity - base, 0, b_own));
        Log { start, a, b, below, base, filled: Once::new(), holders, frontier }
    }

    /// The first column's entries below `base`, copied in from `below` (once).
    #[cold]
    fn fill(&self) {
        self.filled.call_once(|| {
            let below = self.below.as_ref().expect("a log with a base reads from below");
            let entries = below.as_slice();
            debug_assert_eq!(entries.len(), self.base);
            // SAFETY: `a` holds at least `base` slots; no history reads them before `filled`
            // has run (see `History::as_slice`), and `below`'s entries never change while it
            // holds them. `UnsafeCell<MaybeUninit<A>>` has the layout of `A`.
            unsafe {
                let slots = UnsafeCell::raw_get(self.a.as_ptr()).cast::<A>();
                std::ptr::copy_nonoverlapping(entries.as_ptr(), slots, self.base);
            }
        });
    }
}

impl<S, A, B> Log<S, A, B> {
    /// The count of live histories of length `len` (see `holders`).
    #[inline(always)]
    fn holders_at(&self, len: usize) -> &AtomicU32 {
        &self.holders[len.saturating_sub(self.base)]
    }
}

impl<S, A, B> Log<S, A, B> {
    /// Room for `capacity` entries in a log that no history but its only holder can reach and
    /// that reads nothing from below, keeping every entry and count where it is.
    fn grow(&mut self, capacity: usize) {
        debug_assert!(self.below.is_none() && self.base == 0 && capacity >= self.a.len());
        // `filled` has nothing to do in a log with no base.
        grow_column(&mut self.a, capacity);
        grow_column(&mut self.b, capacity);
        let mut holders = std::mem::take(&mut self.holders).into_vec();
        holders.resize_with(capacity + 1, || AtomicU32::new(0));
        self.holders = holders.into_boxed_slice();
    }
}

/// `column` with `capacity` slots, its slots kept (through `realloc`, which can often extend an
/// allocation in place).
fn grow_column<T>(column: &mut Column<T>, capacity: usize) {
    let mut slots = std::mem::take(column).into_vec();
    slots.reserve_exact(capacity - slots.len());
    // SAFETY: the slots are `MaybeUninit`, which needs no initialising, and `reserve_exact` made
    // room for `capacity` of them.
    unsafe { slots.set_len(capacity) };
    *column = slots.into_boxed_slice();
}

/// What a line of entries starts from and the entries, shared by clones. Reads as slices, one
/// per column.
pub(crate) struct History<S, A, B = ()> {
    log: Arc<Log<S, A, B>>,
    len: usize,
}

impl<S: Copy, A: Copy, B: Copy> History<S, A, B> {
    /// An empty history from `start` with room for `capacity` entries before it first grows.
    pub(crate) fn new(start: S, capacity: usize) -> History<S, A, B> {
        History { log: Arc::new(Log::new(start, capacity, 0, None, &[], &[])), len: 0 }
    }

    /// A history holding `a` and `b` (of one length), with room for `room` more.
    pub(crate) fn from_entries(start: S, a: &[A], b: &[B], room: usize) -> History<S, A, B> {
        History { log: Arc::new(Log::new(start, a.len().saturating_add(room), 0, None, a, b)), len: a.len() }
    }

    /// What the entries start from.
    #[inline]
    pub(crate) fn start(&self) -> &S {
        &self.log.start
    }

    /// How many entries the history holds.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The first column, oldest first. In a log that parted from another, the first call
    /// copies the entries below the parting point in (once for the log).
    #[inline]
    pub(crate) fn as_slice(&self) -> &[A] {
        let log = &*self.log;
        if log.base > 0 {
            log.fill();
        }
        // SAFETY: the slots from `base` up to `len` were written before this history reached
        // `len`, those below `base` by `fill`, and no slot below a live history's length is
        // written again (see `Log`).
        unsafe { std::slice::from_raw_parts(log.a.as_ptr().cast::<A>(), self.len) }
    }

    /// Entry `i`'s first column (`i` below the length), without filling a parted log in.
    #[inline]
    pub(crate) fn first_at(&self, i: usize) -> A {
        assert!(i < self.len, "entry {i} of a history of {}", self.len);
        let log = &*self.log;
        match &log.below {
            Some(below) if i < log.base => below.first_at(i),
            // SAFETY: as for `as_slice`: entries from `base` on are this log's own.
            _ => unsafe { (*log.a[i].get()).assume_init() },
        }
    }

    /// This history's own first-column entries (from `base` on), oldest first.
    fn own_first(&self) -> &[A] {
        let own = self.len.saturating_sub(self.log.base);
        // SAFETY: as for `as_slice`; `a` holds at least `base + own` slots.
        unsafe { std::slice::from_raw_parts(self.log.a.as_ptr().add(self.log.base).cast::<A>(), own) }
    }

    /// Entry `i`'s second column (`i` below the length).
    #[inline]
    pub(crate) fn second_at(&self, i: usize) -> B {
        assert!(i < self.len, "entry {i} of a history of {}", self.len);
        let log = &*self.log;
        match &log.below {
            Some(below) if i < log.base => below.second_at(i),
            // SAFETY: as for `as_slice`: both columns are written together, and entries from
            // `base` on are this log's own.
            _ => unsafe { (*log.b[i - log.base].get()).assume_init() },
        }
    }

    /// This history's own second-column entries (from `base` on), oldest first.
    fn own_second(&self) -> &[B] {
        let own = self.len.saturating_sub(self.log.base);
        // SAFETY: as for `as_slice`.
        unsafe { std::slice::from_raw_parts(self.log.b.as_ptr().cast::<B>(), own) }
    }

    /// Whether this history holds its log alone. Then nothing else can reach the log (another
    /// history would be needed to clone it).
    #[inline(always)]
    fn alone(&self) -> bool {
        // No `Weak` is ever made, so a strong count of one is the whole story; the fence orders
        // this read after the last other history's drop on another thread.
        let alone = Arc::strong_count(&self.log) == 1;
        if alone {
            fence(Ordering::Acquire);
        }
        alone
    }

    /// Claim slot `len` (this history's length) when no live history sharing the log is longer.
    #[inline(always)]
    fn claim(&self, len: usize) -> bool {
        let log = &*self.log;
        debug_assert!(log.base <= len && len < log.a.len());
        if self.alone() {
            // Nobody else counts or reads: plain stores do.
            let k = len - log.base;
            debug_assert!(k + 1 < log.holders.len());
            // SAFETY: `holders` has a count for every length from `base` to the log's capacity
            // (`Log::new`, `Log::grow`), and the caller checked `base <= len < capacity`. Not
            // indexed with checks: this runs once a move, and the checks were a fifth of it.
            let (here, next) = unsafe { (log.holders.get_unchecked(k), log.holders.get_unchecked(k + 1)) };
            here.store(0, Ordering::Relaxed);
            next.store(1, Ordering::Relaxed);
            log.frontier.store(claimed(log.frontier.load(Ordering::Relaxed), len + 1), Ordering::Relaxed);
            return true;
        }
        self.claim_shared(len)
    }

    /// [`History::claim`] in a log that other histories share.
    #[inline(never)]
    fn claim_shared(&self, len: usize) -> bool {
        let log = &*self.log;
        let frontier = log.frontier.load(Ordering::Acquire);
        // Scan from the top down: a history that truncates (on another thread) counts itself at
        // its new, shorter length before it leaves the longer one, so a downward scan that finds
        // the longer count gone is bound to see the shorter one.
        // Only histories from `base` on claim, so every length above `len` has a count of its own.
        let above = len + 1 - log.base..=frontier_len(frontier).max(len) - log.base;
        if log.holders[above].iter().rev().any(|h| h.load(Ordering::Acquire) != 0) {
            return false;
        }
        // Count this history at its next length first, so that whoever reads the frontier this
        // claim writes also sees the count; then the frontier decides: any other claim since
        // our reading changed it, and the scan may have missed that claimer.
        log.holders_at(len + 1).fetch_add(1, Ordering::AcqRel);
        let next = claimed(frontier, len + 1);
        if log.frontier.compare_exchange(frontier, next, Ordering::AcqRel, Ordering::Acquire).is_err() {
            log.holders_at(len + 1).fetch_sub(1, Ordering::AcqRel);
            return false;
        }
        log.holders_at(len).fetch_sub(1, Ordering::AcqRel);
        true
    }

    /// Append the entry `(a, b)`.
    #[inline(always)]
    pub(crate) fn push(&mut self, a: A, b: B) {
        let len = self.len;
        // Below `base` the second column is another log's: a line undone past its parting
        // point continues apart.
        if len < self.log.a.len() && len >= self.log.base && self.claim(len) {
            debug_assert!(len - self.log.base < self.log.b.len());
            // SAFETY: `claim` made slot `len` this history's: nobody else reads or writes it.
            // Both indices were checked above: `a` holds the log's capacity, `b` that less
            // `base` (`Log::new`, `Log::grow`).
            unsafe {
                (*self.log.a.get_unchecked(len).get()).write(a);
                (*self.log.b.get_unchecked(len - self.log.base).get()).write(b);
            }
            self.len += 1;
        } else {
            self.push_apart(a, b);
        }
    }

    /// A longer history shares the log, or the log is full: continue in a log of our own, with
    /// room to grow.
    #[cold]
    #[inline(never)]
    fn push_apart(&mut self, a: A, b: B) {
        let len = self.len;
        assert!(len < MAX_SLOTS, "a game's history holds at most {MAX_SLOTS} moves");
        // A full log doubles. A line of play that parts from a longer one (search trying a
        // move on a kept position) rarely goes far: a little room keeps the new log, and the
        // per-length counts it zeroes, small; it doubles from there if the line goes on.
        let parting = len < self.log.a.len();
        let room = if parting { PARTING_ROOM } else { len.max(PARTING_ROOM) };
        let capacity = len.saturating_add(room).min(MAX_SLOTS);
        if !parting && self.log.below.is_none() {
            // A full log that nothing else holds (one game played on and on): the allocator
            // can often extend its columns where they are, which copies nothing.
            if let Some(log) = Arc::get_mut(&mut self.log) {
                log.grow(capacity);
                return self.push(a, b);
            }
        }
        if parting && self.log.below.is_none() {
            // The new log reads every entry from this very line, held at its length: moved
            // there, with its count in the old log as it is, and nothing copied.
            let log = Log::new(self.log.start, capacity, len, None, &[], &[]);
            let line = std::mem::replace(&mut self.log, Arc::new(log));
            Arc::get_mut(&mut self.log).expect("a new log has one holder").below = Some(History { log: line, len });
            return self.push(a, b);
        }
        // The entries below the new log: the same ones this one reads from below (its own
        // entries since are copied). A log that grows copies them all instead: its line is the
        // only one that goes on, and it would keep the old log alive for nothing.
        let (below, a_own, b_own) = match &self.log.below {
            Some(below) => {
                let mut below = below.clone();
                below.truncate(len);
                (Some(below), self.own_first(), self.own_second())
            }
            None => (None, self.as_slice(), self.own_second()),
        };
        let base = below.as_ref().map_or(0, |h| h.len);
        let log = Log::new(self.log.start, capacity, base, below, a_own, b_own);
        let mut own = History { log: Arc::new(log), len };
        std::mem::swap(self, &mut own);
        drop(own);
        self.push(a, b);
    }

    /// Remove the last entry and return it.
    pub(crate) fn pop(&mut self) -> Option<(A, B)> {
        let i = self.len.checked_sub(1)?;
        let last = (self.first_at(i), self.second_at(i));
        self.truncate(self.len - 1);
        Some(last)
    }

    /// Keep the first `len` entries.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        self.log.holders_at(len).fetch_add(1, Ordering::AcqRel);
        self.log.holders_at(self.len).fetch_sub(1, Ordering::AcqRel);
        self.len = len;
    }
}

impl<S, A, B> Clone for History<S, A, B> {
    #[inline]
    fn clone(&self) -> History<S, A, B> {
        self.log.holders_at(self.len).fetch_add(1, Ordering::Relaxed);
        History { log: Arc::clone(&self.log), len: self.len }
    }
}

impl<S, A, B> Drop for History<S, A, B> {
    #[inline]
    fn drop(&mut self) {
        // No `Weak` is ever made, so a strong count of one is the whole story (see `alone`).
        if Arc::strong_count(&self.log) != 1 {
            // Release: this history's reads come before any write a shorter one makes there.
            self.log.holders_at(self.len).fetch_sub(1, Ordering::Release);
        }
    }
}

impl<S: Copy, A: Copy + core::fmt::Debug, B: Copy> core::fmt::Debug for History<S, A, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, MoveReport, Player, Rank, Square};

    fn report(i: u8) -> MoveReport {
        MoveReport {
            mv: Move::new(Square::new(i % 10, 0), Square::new(i % 10, 1)),
            player: if i % 2 == 0 { Player::Red } else { Player::Blue },
            rank: Rank::ALL[i as usize % Rank::COUNT],
            battle: None,
            outcome: None,
        }
    }

    type Reports = History<crate::state::State, MoveReport, u32>;

    fn filled(n: u8, capacity: usize) -> Reports {
        let mut h = Reports::new(crate::state::State::empty(), capacity);
        (0..n).for_each(|i| h.push(report(i), n as u32 * 1000 + i as u32));
        h
    }

    fn seconds(h: &Reports) -> Vec<u32> {
        (0..h.len()).map(|i| h.second_at(i)).collect()
    }

    /// Pop every entry, newest first.
    fn drain(mut h: Reports) -> Vec<(MoveReport, u32)> {
        std::iter::from_fn(|| h.pop()).collect()
    }

    #[test]
    fn a_line_parted_again_and_again_reads_old_entries_in_one_hop_and_undoes_past_its_parting() {
        let root = filled(20, 64);
        let expected_root = drain(root.clone());
        // Each line parts from the previous one (a longer one stays alive), as search does.
        let mut lines = vec![root];
        for step in 0..6u8 {
            let mut line = lines.last().unwrap().clone();
            line.truncate(line.len() - 1);
            line.push(report(100 + step), 5000 + step as u32);
            line.push(report(110 + step), 6000 + step as u32);
            assert!(line.log.below.as_ref().is_none_or(|b| b.log.below.is_none()), "at most one hop");
            lines.push(line);
        }
        // The root's entries stay whole, and so do every line's.
        let root = lines[0].clone();
        assert_eq!(drain(root), expected_root);
        let last = lines.last().unwrap().clone();
        assert_eq!(last.len(), 20 + 6);
        assert_eq!(last.second_at(0), 20 * 1000, "read from the first log");
        assert_eq!(last.second_at(25), 6005);
        // Undo past the parting point, then play on: the old entries stay as they were.
        let mut back = last.clone();
        back.truncate(3);
        back.push(report(200), 9);
        assert_eq!(seconds(&back), vec![20_000, 20_001, 20_002, 9]);
        assert_eq!(lines[0].second_at(3), 20_003, "the first log is untouched");
        assert_eq!(seconds(&last)[..19], seconds(&lines[0])[..19]);
    }

    fn shares(a: &Reports, b: &Reports) -> bool {
        Arc::ptr_eq(&a.log, &b.log)
    }

    #[test]
    fn a_clone_shares_the_log_and_reads_the_same_reports() {
        let h = filled(5, 8);
        let c = h.clone();
        assert!(shares(&h, &c));
        assert_eq!(c.as_slice(), h.as_slice());
        assert_eq!(c.as_slice().len(), 5);
    }

    #[test]
    fn clone_play_drop_clone_play_stays_in_one_log() {
        let parent = filled(5, 8);
        for i in 10..14 {
            let mut child = parent.clone();
            child.push(report(i), 7);
            assert!(shares(&parent, &child), "the only longer history writes in place");
            assert_eq!(child.as_slice()[5], report(i));
            assert_eq!(child.as_slice()[..5], parent.as_slice()[..]);
        }
        // Every child is gone: the parent plays on in place too.
        let mut parent = parent;
        parent.push(report(20), 7);
        assert_eq!(parent.as_slice().len(), 6);
        assert_eq!(parent.as_slice()[5], report(20));
    }

    #[test]
    fn two_histories_that_both_play_on_part_ways_without_touching_each_other() {
        let mut a = filled(5, 8);
        let mut b = a.clone();
        a.push(report(30), 7);
        b.push(report(31), 7);
        assert!(!shares(&a, &b), "the second to play on copies");
        assert_eq!(a.as_slice()[5], report(30));
        assert_eq!(b.as_slice()[5], report(31));
        assert_eq!(a.as_slice()[..5], b.as_slice()[..5]);
    }

    #[test]
    fn a_shorter_history_never_overwrites_a_longer_ones_reports() {
        let mut long = filled(6, 16);
        let mut short = long.clone();
        short.truncate(3);
        short.push(report(40), 7);
        assert!(!shares(&long, &short));
        assert_eq!(long.as_slice(), filled(6, 16).as_slice());
        assert_eq!(short.as_slice().len(), 4);
        assert_eq!(short.as_slice()[3], report(40));
        // Once the long one has undone its moves, its log is free again from there.
        long.truncate(2);
        long.push(report(41), 7);
        assert_eq!(long.as_slice().len(), 3);
        assert_eq!(long.as_slice()[2], report(41));
    }

    #[test]
    fn pop_gives_the_slot_back_to_a_clone_at_the_same_length() {
        let base = filled(4, 8);
        let mut a = base.clone();
        a.push(report(50), 7);
        assert_eq!(a.pop(), Some((report(50), 7)));
        let mut b = base.clone();
        b.push(report(51), 7);
        assert!(shares(&base, &b), "the popped slot was free again");
        assert_eq!(b.as_slice()[4], report(51));
        assert_eq!(a.as_slice().len(), 4);
        assert_eq!(Reports::new(crate::state::State::empty(), 1).pop(), None);
    }

    #[test]
    fn a_history_alone_undoes_and_plays_then_shares_correctly() {
        let mut h = filled(6, 16);
        h.truncate(2);
        h.push(report(70), 7);
        let mut c = h.clone();
        assert!(shares(&h, &c));
        c.push(report(71), 7);
        assert!(shares(&h, &c), "the clone is the longest: it writes in place");
        h.push(report(72), 7);
        assert!(!shares(&h, &c), "the slot is the clone's: the original copies");
        assert_eq!(h.as_slice(), &[report(0), report(1), report(70), report(72)]);
        assert_eq!(c.as_slice(), &[report(0), report(1), report(70), report(71)]);
    }

    #[test]
    fn a_parting_line_continues_in_a_small_log_that_grows_as_it_plays_on() {
        let long = filled(200, 1024);
        let mut short = long.clone();
        short.truncate(100);
        short.push(report(1), 7);
        assert!(!shares(&long, &short));
        assert_eq!(short.log.a.len(), 100 + PARTING_ROOM, "only a little room past the parting point");
        let expected: Vec<MoveReport> = (0..100).map(report).chain((1..=150).map(report)).collect();
        (2..=150).for_each(|i| short.push(report(i), 7));
        assert_eq!(short.as_slice(), expected.as_slice());
        assert_eq!(seconds(&short)[..100], seconds(&long)[..100], "the second column parts with the first");
        assert!(seconds(&short)[100..].iter().all(|&b| b == 7));
        assert_eq!(short.log.base, 100, "and is read from the log it parted from, not copied");
        assert!(short.log.a.len() >= 2 * (100 + PARTING_ROOM), "a full log doubles");
        assert_eq!(long.as_slice(), filled(200, 1024).as_slice());
    }

    #[test]
    fn a_full_log_grows_into_a_new_one() {
        let mut h = filled(4, 4);
        let c = h.clone();
        h.push(report(60), 7);
        assert!(!shares(&h, &c));
        assert_eq!(h.as_slice().len(), 5);
        assert_eq!(h.as_slice()[..4], c.as_slice()[..]);
        let grown = filled(40, 1);
        assert_eq!(grown.as_slice(), (0..40).map(report).collect::<Vec<_>>().as_slice());
    }

    #[test]
    fn a_parting_line_copies_none_of_the_entries_below_its_parting_point_until_a_slice_is_asked() {
        let long = filled(200, 1024);
        let mut short = long.clone();
        short.truncate(150);
        short.push(report(7), 7);
        assert_eq!(short.log.base, 150);
        assert_eq!(short.log.holders.len(), PARTING_ROOM + 1, "counts for the room only, not the length");
        assert!(!short.log.filled.is_completed(), "nothing copied yet");
        // Play, undo and single entries read below without copying.
        assert_eq!(short.pop(), Some((report(7), 7)));
        assert_eq!(short.first_at(149), report(149));
        short.push(report(8), 8);
        let mut undone = short.clone();
        undone.truncate(100);
        assert_eq!(undone.pop(), Some((report(99), 200 * 1000 + 99)));
        assert!(!short.log.filled.is_completed());
        // A slice of the whole column copies them in, once, for every history of the log.
        let expected: Vec<MoveReport> = (0..150).map(report).chain([report(8)]).collect();
        assert_eq!(short.as_slice(), expected.as_slice());
        assert!(short.log.filled.is_completed());
        assert_eq!(undone.as_slice(), &expected[..99]);
        assert_eq!(long.as_slice(), filled(200, 1024).as_slice(), "the first log is untouched");
    }

    #[test]
    fn histories_on_two_threads_fill_a_parted_log_once_and_read_the_same_entries() {
        for _ in 0..RACE_ROUNDS {
            let long = filled(12, 32);
            let mut short = long.clone();
            short.truncate(8);
            short.push(report(50), 7);
            let other = short.clone();
            let (a, b) = race(move || short.as_slice().to_vec(), move || other.as_slice().to_vec());
            let expected: Vec<MoveReport> = (0..8).map(report).chain([report(50)]).collect();
            assert_eq!((a.as_slice(), b.as_slice()), (expected.as_slice(), expected.as_slice()));
            drop(long);
        }
    }

    #[test]
    fn a_log_held_alone_grows_in_place_and_keeps_its_entries_and_counts() {
        let mut h = filled(3, 4);
        (3..40).for_each(|i| h.push(report(i), 3000 + i as u32));
        assert!(h.log.below.is_none() && h.log.a.len() >= 40, "grown, not parted");
        assert_eq!(h.as_slice(), (0..40).map(report).collect::<Vec<_>>().as_slice());
        assert_eq!(seconds(&h)[..3], [3000, 3001, 3002]);
        assert_eq!(seconds(&h)[3..], (3..40).map(|i| 3000 + i).collect::<Vec<_>>()[..]);
        // The counts came along: a clone still shares the log, and of two lines that play on,
        // the second parts.
        let mut c = h.clone();
        c.push(report(90), 7);
        assert!(shares(&h, &c), "the clone is the longest: it writes in place");
        h.push(report(91), 7);
        assert!(!shares(&h, &c));
        assert_eq!(c.as_slice()[40], report(90));
        assert_eq!(h.as_slice()[40], report(91));
    }

    /// Rounds of each race below: enough for the interleavings to vary natively, few enough
    /// for Miri (which varies them by its seed).
    const RACE_ROUNDS: usize = if cfg!(miri) { 4 } else { 2000 };

    /// Run `a` and `b` on two threads released at the same moment.
    fn race<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
        let start = std::sync::Barrier::new(2);
        std::thread::scope(|s| {
            let a = s.spawn(|| {
                start.wait();
                a()
            });
            let b = s.spawn(|| {
                start.wait();
                b()
            });
            (a.join().expect("no panic"), b.join().expect("no panic"))
        })
    }

    /// `a` and `b` each pushing one report (`ra`, `rb`) at the same time.
    fn race_pushes(mut a: Reports, mut b: Reports, ra: u8, rb: u8) -> (Reports, Reports) {
        race(
            move || {
                a.push(report(ra), 7);
                a
            },
            move || {
                b.push(report(rb), 7);
                b
            },
        )
    }

    #[test]
    fn twins_racing_for_a_slot_under_a_stale_frontier_take_it_once() {
        // Both are at 5 and the log's frontier still says 6 (a history there undid its move):
        // at most one of them may write slot 5.
        for _ in 0..RACE_ROUNDS {
            let mut x = filled(6, 16);
            let mut h = x.clone();
            h.truncate(5);
            x.truncate(5);
            let (x, h) = race_pushes(x, h, 80, 81);
            assert_eq!(x.as_slice()[5], report(80));
            assert_eq!(h.as_slice()[5], report(81));
            assert_eq!(x.as_slice()[..5], h.as_slice()[..5]);
        }
    }

    #[test]
    fn a_shorter_history_cannot_slip_under_a_longer_one_that_plays_at_the_same_time() {
        // `long` is at 6 and plays slot 6 while `short` (at 5) tries to write slot 5, with the
        // frontier left at 7 by a history that is gone: `long`'s reports must stay its own.
        for _ in 0..RACE_ROUNDS {
            let gone = filled(7, 16);
            let mut long = gone.clone();
            long.truncate(6);
            let mut short = gone.clone();
            short.truncate(5);
            drop(gone);
            let (long, short) = race_pushes(long, short, 90, 91);
            let mut expected: Vec<MoveReport> = (0..6).map(report).collect();
            expected.push(report(90));
            assert_eq!(long.as_slice(), expected.as_slice());
            assert_eq!(short.as_slice()[..5], expected[..5]);
            assert_eq!(short.as_slice()[5], report(91));
        }
    }

    #[test]
    fn an_undo_racing_with_a_claim_below_it_keeps_both_lines_whole() {
        // `long` reads its reports, undoes three moves and plays one, while `short` (at 5)
        // claims slot 5 once `long` is no longer above it: each must keep its own reports.
        for _ in 0..RACE_ROUNDS {
            let mut long = filled(8, 16);
            let mut short = long.clone();
            short.truncate(5);
            let (long, short) = race(
                move || {
                    let before: Vec<MoveReport> = long.as_slice().to_vec();
                    long.truncate(4);
                    long.push(report(95), 7);
                    (before, long)
                },
                move || {
                    short.push(report(96), 7);
                    short
                },
            );
            let (before, long) = long;
            assert_eq!(before, (0..8).map(report).collect::<Vec<_>>());
            assert_eq!(long.as_slice(), &[report(0), report(1), report(2), report(3), report(95)]);
            assert_eq!(short.as_slice(), &[report(0), report(1), report(2), report(3), report(4), report(96)]);
        }
    }

    #[test]
    fn histories_on_other_threads_read_their_own_prefix() {
        let base = filled(10, 64);
        let handles: Vec<_> = (0..4u8)
            .map(|t| {
                let mut h = base.clone();
                std::thread::spawn(move || {
                    for i in 0..20 {
                        h.push(report(100 + t * 20 + i), 7);
                    }
                    h.as_slice().to_vec()
                })
            })
            .collect();
        for (t, handle) in handles.into_iter().enumerate() {
            let reports = handle.join().expect("no panic");
            assert_eq!(reports[..10], base.as_slice()[..]);
            let own: Vec<MoveReport> = (0..20).map(|i| report(100 + t as u8 * 20 + i)).collect();
            assert_eq!(reports[10..], own[..]);
        }
        assert_eq!(base.as_slice(), filled(10, 64).as_slice());
    }
}
