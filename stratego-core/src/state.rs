//! The flat game state: a mailbox plus per-side bitboards, updated incrementally.
//!
//! Everything here is `Copy` and heap-free, so cloning a position is a memcpy and playing a move
//! touches a few bytes and words. The repetition rules keep O(1) summaries (see
//! [`crate::repetition`]) rather than scanning history.

use crate::bitboard::{bit, bits, for_each_bit, has, Bitboard};
use crate::repetition::{Chase, Run, Step};
use crate::rules::{Derived, DIAGONAL, ORTHOGONAL};
use crate::square::MAX_SQUARES;
use crate::{Battle, Move, Outcome, Player, Rank, Rules, Square, Termination};

/// A square's content: `0` empty, else rank index + 1 in the low nibble and flags above.
pub(crate) type Cell = u8;
pub(crate) const RANK_BITS: u8 = 0x0F;
pub(crate) const BLUE: u8 = 0x10;
pub(crate) const REVEALED: u8 = 0x20;
pub(crate) const MOVED: u8 = 0x40;
/// The piece was seen moving more than one square (so its rank is one that slides).
pub(crate) const SLID: u8 = 0x80;

#[inline(always)]
pub(crate) fn make_cell(player: Player, rank: Rank) -> Cell {
    (rank as u8 + 1) | if player == Player::Blue { BLUE } else { 0 }
}
/// The position-key term of the piece that started on `start` standing on `square`.
///
/// A piece is known by its start square, which both players see, and never by its rank, so a
/// player's view computes the same keys as the full game and the chase rule leaks nothing.
#[inline(always)]
pub(crate) fn piece_key(square: usize, start: u8) -> u64 {
    let mut z = ((square as u64) << 8 | start as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 27)
}
#[inline(always)]
pub(crate) fn cell_rank(c: Cell) -> Rank {
    Rank::ALL[((c & RANK_BITS) - 1) as usize]
}
#[inline(always)]
pub(crate) fn cell_owner(c: Cell) -> Player {
    if c & BLUE != 0 {
        Player::Blue
    } else {
        Player::Red
    }
}

/// Movement classes, one bitboard each per side.
pub(crate) const ORTH_STEP: usize = 0;
pub(crate) const ORTH_SLIDE: usize = 1;
pub(crate) const DIAG_STEP: usize = 2;
pub(crate) const DIAG_SLIDE: usize = 3;

pub(crate) const NO_SQUARE: u8 = 0xFF;

/// Where a rescue decision's `from` stands in the move generator's index pairs: a rescue of
/// rank `r` is `(RESCUE_FROM + r, square)`, a decline `(DECLINE_FROM, 0)`. Both lie past every
/// board index.
pub(crate) const RESCUE_FROM: usize = 128;
pub(crate) const DECLINE_FROM: usize = 255;

/// The rescue rule's state (see [`crate::RulesBuilder::rescues`]); empty under rules without
/// rescues. Twelve bytes, so the state keeps its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rescues {
    /// Start squares (which name pieces) of the pieces on the board that have rescued and may
    /// not again; [`NO_SQUARE`] in unused slots. At most [`MAX_RESCUES`] per player are made.
    pub rescuers: [u8; 2 * MAX_RESCUES as usize],
    /// Rescues each player has made.
    pub used: [u8; 2],
    /// The side to move must decide on a rescue (its turn is not over).
    pub pending: bool,
    /// The square of the piece that triggered the pending rescue.
    pub by: u8,
}

/// The most rescues per player the rules may allow.
pub(crate) const MAX_RESCUES: u8 = 4;

impl Rescues {
    pub(crate) const NONE: Rescues =
        Rescues { rescuers: [NO_SQUARE; 2 * MAX_RESCUES as usize], used: [0; 2], pending: false, by: NO_SQUARE };

    /// Whether the piece that started on `start` has rescued.
    #[inline]
    pub(crate) fn has_rescued(&self, start: u8) -> bool {
        self.rescuers.contains(&start)
    }

    /// Forget the piece that started on `start` (it left the board).
    #[inline]
    fn forget(&mut self, start: u8) {
        for slot in &mut self.rescuers {
            if *slot == start {
                *slot = NO_SQUARE;
            }
        }
    }

    /// Remember the piece that started on `start` as a rescuer.
    pub(crate) fn remember(&mut self, start: u8) {
        if let Some(slot) = self.rescuers.iter_mut().find(|s| **s == NO_SQUARE) {
            *slot = start;
        }
    }
}

impl State {
    /// The squares of the pieces that have rescued.
    pub(crate) fn rescuer_squares(&self) -> Bitboard {
        let mut b = 0;
        if self.rescue.rescuers.iter().any(|&s| s != NO_SQUARE) {
            for i in bits(self.occ[0] | self.occ[1]) {
                if self.rescue.has_rescued(self.start[i]) {
                    b |= bit(i);
                }
            }
        }
        b
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub cells: [Cell; MAX_SQUARES],
    /// Start square of the piece on each square (meaningful where a piece stands).
    pub start: [u8; MAX_SQUARES],
    pub occ: [Bitboard; 2],
    pub movers: [[Bitboard; 4]; 2],
    pub to_move: Player,
    pub ply: u32,
    /// Plies since the last battle.
    pub quiet: u32,
    /// Pieces each player has lost, by rank index.
    pub captured: [[u8; Rank::COUNT]; 2],
    pub runs: [Run; 2],
    pub chase: Chase,
    pub outcome: Option<Outcome>,
    pub rescue: Rescues,
}

/// What [`State::apply`] did, for reports.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Applied {
    pub rank: Rank,
    pub defender: Option<(Rank, Battle)>,
}

/// Where move generation sends the moves it finds.
pub(crate) trait Sink {
    /// Moves to each square of `targets` from `to - delta`.
    fn shifted(&mut self, targets: Bitboard, delta: i32);
    /// Moves from `from` to each square of `targets`.
    fn one_piece(&mut self, from: usize, targets: Bitboard);
    /// Rescue decisions: `code` is [`RESCUE_FROM`] + rank index with the squares `targets`, or
    /// [`DECLINE_FROM`] with `targets` = square 0. Sinks that keep index pairs keep them as
    /// they are.
    #[inline(always)]
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        self.one_piece(code, targets);
    }
    /// The moves of the sliders `from` along `line`, stepped one square at a time ([`slide`]):
    /// each distance is its own set, so that every move's `from` follows from its `to`.
    #[inline(always)]
    fn slides(&mut self, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool)
    where
        Self: Sized,
    {
        slide(self, from, line, empty, enemy, strike);
    }
    /// [`Sink::slides`] along each of the four orthogonal `lines`, in this order. A sink that
    /// takes a line's moves as one set ([`Line::reach`]) may fill all four at once
    /// ([`Line::reach_all`]): [`Tally`] does (random playouts 8–10% faster by the fastest
    /// samples of an A/B run), [`Count`] does not (counting 15% slower, perft 10%).
    #[inline(always)]
    fn orth_lines(&mut self, from: Bitboard, lines: [Line; 4], empty: Bitboard, enemy: Bitboard, strike: bool)
    where
        Self: Sized,
    {
        // Written out, not looped: each line's shift stays a constant.
        let [up, down, right, left] = lines;
        self.slides(from, up, empty, enemy, strike);
        self.slides(from, down, empty, enemy, strike);
        self.slides(from, right, empty, enemy, strike);
        self.slides(from, left, empty, enemy, strike);
    }
}

/// One direction of slides: shift by `amount` bits up or down, keep `mask` (which drops squares
/// that wrapped around a board edge); `delta` is the index step, `amount` with the direction's
/// sign.
#[derive(Clone, Copy)]
pub(crate) struct Line {
    pub up: bool,
    pub amount: u32,
    pub mask: Bitboard,
    pub delta: i32,
}

impl Line {
    #[inline(always)]
    fn new(up: bool, amount: u32, mask: Bitboard) -> Line {
        Line { up, amount, mask, delta: if up { amount as i32 } else { -(amount as i32) } }
    }

    /// [`Line::reach`] along several lines at once, in one loop that runs while any line
    /// goes on: the lines' fills are independent chains the processor overlaps, and the loop
    /// ends once, at the longest line, where one loop per line ended at each. For one line it
    /// is [`Line::reach`], which stays written out: counting through this with one line cost
    /// half an instruction more per perft leaf.
    #[inline(always)]
    fn reach_all<const N: usize>(
        lines: [Line; N],
        from: Bitboard,
        empty: Bitboard,
        enemy: Bitboard,
        strike: bool,
    ) -> [Bitboard; N] {
        let first = lines.map(|line| line.step(from));
        let mut targets = first.map(|f| f & enemy);
        let mut reach = first.map(|f| f & empty);
        while reach.iter().fold(0, |any, &r| any | r) != 0 {
            for i in 0..N {
                targets[i] |= reach[i];
                let next = lines[i].step(reach[i]);
                if strike {
                    targets[i] |= next & enemy;
                }
                reach[i] = next & empty;
            }
        }
        targets
    }

    /// `b` moved one square along the line, wrapped squares dropped.
    #[inline(always)]
    fn step(self, b: Bitboard) -> Bitboard {
        (if self.up { b << self.amount } else { b >> self.amount }) & self.mask
    }

    /// Every square the sliders `from` reach along the line, as one set: the empty squares up
    /// to the first blocker, and an enemy blocker when `strike` (or when it is the first
    /// square). Each target has one slider behind it, the first piece back along the line
    /// ([`slider_behind`]), so the set holds the line's moves one each.
    #[inline(always)]
    fn reach(self, from: Bitboard, empty: Bitboard, enemy: Bitboard, strike: bool) -> Bitboard {
        let first = self.step(from);
        let mut targets = first & enemy;
        let mut reach = first & empty;
        while reach != 0 {
            targets |= reach;
            let next = self.step(reach);
            if strike {
                targets |= next & enemy;
            }
            reach = next & empty;
        }
        targets
    }
}

/// The slider whose move along the line of index step `delta` ends on `target` (a square of
/// [`Line::reach`]): the first of `pieces` back from it.
#[inline]
fn slider_behind(target: usize, delta: i32, pieces: Bitboard) -> usize {
    let mut from = target as i32 - delta;
    while !has(pieces, from as usize) {
        from -= delta;
    }
    from as usize
}

/// Counts moves without listing them.
pub(crate) struct Count(pub usize);
impl Sink for Count {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, _: i32) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn one_piece(&mut self, _: usize, targets: Bitboard) {
        self.0 += targets.count_ones() as usize;
    }
    /// A count needs no `from`: one set for the whole line ([`Line::reach`]), counted once.
    #[inline(always)]
    fn slides(&mut self, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool) {
        self.0 += line.reach(from, empty, enemy, strike).count_ones() as usize;
    }
}

/// Finds the move with index `k` in the order [`Tally`] keeps, without listing the others: a
/// line's slides come as one set, as [`Count`] takes them.
pub(crate) struct Select {
    pub k: usize,
    pub found: Option<(usize, usize)>,
    /// Every piece on the board, to find a slide's slider from its target.
    pub pieces: Bitboard,
}

impl Select {
    #[inline(always)]
    fn take(&mut self, targets: Bitboard) -> Option<usize> {
        if self.found.is_some() {
            return None;
        }
        let n = targets.count_ones() as usize;
        if self.k >= n {
            self.k -= n;
            return None;
        }
        bits(targets).nth(self.k)
    }
}

impl Sink for Select {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        if let Some(t) = self.take(targets) {
            self.found = Some(((t as i32 - delta) as usize, t));
        }
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        if let Some(t) = self.take(targets) {
            self.found = Some((from, t));
        }
    }
    #[inline(always)]
    fn slides(&mut self, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool) {
        if let Some(t) = self.take(line.reach(from, empty, enemy, strike)) {
            self.found = Some((slider_behind(t, line.delta, self.pieces), t));
        }
    }
}

/// Keeps the sets of moves generation finds (not the moves), so that one pass can both count
/// the moves and then find any one of them. Falls back to `overflow` past its capacity `N`.
///
/// A tally of [`TALLY_FEW`] keeps every set as it comes, with no test: for the plain
/// generator on a ply no rule trims, which gives at most that many (four step directions, four
/// slide lines).
pub(crate) struct Tally<const N: usize> {
    /// Written up to `len`; left uninitialised beyond, because zeroing 1.5 KiB per call would
    /// cost more than the generation it serves.
    sets: [core::mem::MaybeUninit<(Bitboard, i32)>; N],
    /// For a tally of [`TALLY_FEW`]: the moves before each kept set, `u32::MAX` past `len`, so
    /// that finding the set of a move is a count of comparisons, not a loop that stops at it.
    starts: [u32; TALLY_FEW],
    len: usize,
    pub total: usize,
    pub overflow: bool,
}

/// The capacity of a tally for any generation.
pub(crate) const TALLY_ANY: usize = 96;
/// The capacity of a tally that keeps every set with no test (see [`Tally`]).
pub(crate) const TALLY_FEW: usize = 8;
const _: () = assert!(TALLY_FEW == 8, "Tally::nth's binary search takes three steps");

impl<const N: usize> Tally<N> {
    /// Marks a `one_piece` entry (value = from square) apart from a `shifted` one (value = delta).
    const FROM: i32 = 1 << 20;
    /// Marks a line of slides kept as one set ([`Line::reach`]): value = `LINE` + the line's
    /// delta + `LINE_BIAS`, which keeps the delta's sign out of the marker.
    const LINE: i32 = 1 << 21;
    const LINE_BIAS: i32 = 1 << 10;

    pub(crate) fn new() -> Tally<N> {
        Tally {
            sets: [const { core::mem::MaybeUninit::uninit() }; N],
            starts: [u32::MAX; TALLY_FEW],
            len: 0,
            total: 0,
            overflow: false,
        }
    }

    #[inline(always)]
    fn keep(&mut self, targets: Bitboard, value: i32) {
        if N <= TALLY_FEW {
            // Every set as it comes (an index past `N` would be a generator bug: it panics).
            self.sets[self.len].write((targets, value));
            self.starts[self.len] = self.total as u32;
            self.len += 1;
            self.total += targets.count_ones() as usize;
            return;
        }
        if targets == 0 {
            return;
        }
        self.total += targets.count_ones() as usize;
        if self.len < N {
            self.sets[self.len].write((targets, value));
            self.len += 1;
        } else {
            self.overflow = true;
        }
    }

    /// The move with index `k < total` in the order the sets were kept, as (from, to) indices;
    /// `pieces`: every piece on the board (a line's slider is found from its target).
    pub(crate) fn nth(&self, mut k: usize, pieces: Bitboard) -> Option<(usize, usize)> {
        if N <= TALLY_FEW {
            // The set holding move `k` is the last one that starts at or before it (an empty
            // set starts where the next one does, so it is never the last), found by a binary
            // search over the starts (which never decrease, the first being 0); the move is
            // then a select in that set. No branch depends on `k`: a loop that stops at the set
            // would end where no predictor guesses.
            let k32 = k as u32;
            let mut at = ((self.starts[4] <= k32) as usize) << 2;
            at += ((self.starts[at + 2] <= k32) as usize) << 1;
            at += (self.starts[at + 1] <= k32) as usize;
            // SAFETY: starts past `len` are `u32::MAX`, above any `k`, so `at < len`, and
            // `keep` wrote every entry below `len`.
            let (targets, value) = unsafe { self.sets.get(at)?.assume_init() };
            let t = crate::bitboard::nth_bit(targets, k.checked_sub(self.starts[at] as usize)?);
            return Some(Self::decode(t, value, pieces));
        }
        for entry in &self.sets[..self.len] {
            // SAFETY: `keep` wrote every entry below `len`, and entries are never un-written.
            let (targets, value) = unsafe { entry.assume_init() };
            let n = targets.count_ones() as usize;
            if k < n {
                return Some(Self::decode(bits(targets).nth(k)?, value, pieces));
            }
            k -= n;
        }
        None
    }

    /// The move to `t` of a kept set whose marker is `value`, as (from, to) indices.
    #[inline(always)]
    fn decode(t: usize, value: i32, pieces: Bitboard) -> (usize, usize) {
        if value >= Self::LINE {
            (slider_behind(t, value - Self::LINE - Self::LINE_BIAS, pieces), t)
        } else if value >= Self::FROM {
            ((value - Self::FROM) as usize, t)
        } else {
            ((t as i32 - value) as usize, t)
        }
    }
}

impl<const N: usize> Sink for Tally<N> {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        self.keep(targets, delta);
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        self.keep(targets, Self::FROM + from as i32);
    }
    #[inline(always)]
    fn slides(&mut self, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool) {
        self.keep(line.reach(from, empty, enemy, strike), Self::LINE + Self::LINE_BIAS + line.delta);
    }
    #[inline(always)]
    fn orth_lines(&mut self, from: Bitboard, lines: [Line; 4], empty: Bitboard, enemy: Bitboard, strike: bool) {
        let reach = Line::reach_all(lines, from, empty, enemy, strike);
        for (targets, line) in reach.into_iter().zip(lines) {
            self.keep(targets, Self::LINE + Self::LINE_BIAS + line.delta);
        }
    }
}

/// Lists moves as [`Move`]s.
pub(crate) struct Moves<'a> {
    pub out: &'a mut Vec<Move>,
    pub coords: &'a [Square; MAX_SQUARES],
}
impl Moves<'_> {
    /// Append one move per square of `targets`: room is made once for the whole set, then the
    /// moves are written without a capacity check each.
    #[inline(always)]
    fn append(&mut self, targets: Bitboard, mut make: impl FnMut(usize) -> Move) {
        let n = targets.count_ones() as usize;
        self.out.reserve(n);
        let len = self.out.len();
        let slots = self.out.spare_capacity_mut().as_mut_ptr();
        let mut written = 0;
        for_each_bit::<false>(targets, |t| {
            // SAFETY: `targets` holds exactly `n` set bits, so `written < n`, and `reserve`
            // made room for `n` more.
            unsafe { (*slots.add(written)).write(make(t)) };
            written += 1;
        });
        debug_assert_eq!(written, n);
        // SAFETY: the loop wrote all `n` of them.
        unsafe { self.out.set_len(len + n) };
    }
}

/// The decision `(code, target)` of [`Sink::decisions`] as a [`Move`].
#[inline]
pub(crate) fn decision_move(coords: &[Square; MAX_SQUARES], code: usize, target: usize) -> Move {
    if code == DECLINE_FROM {
        Move::DECLINE_RESCUE
    } else {
        Move::rescue(Rank::ALL[(code - RESCUE_FROM) % Rank::COUNT], coords[target & 127])
    }
}

impl Sink for Moves<'_> {
    #[inline]
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        let coords = self.coords;
        self.append(targets, |t| decision_move(coords, code, t));
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        let coords = self.coords;
        self.append(targets, |t| Move::new(coords[(t as i32 - delta) as usize & 127], coords[t & 127]));
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        let coords = self.coords;
        let from = coords[from & 127];
        self.append(targets, |t| Move::new(from, coords[t & 127]));
    }
}

/// Hands each move to a callback, counting them.
pub(crate) struct EachMove<'a, F> {
    pub put: F,
    pub len: usize,
    pub coords: &'a [Square; MAX_SQUARES],
}

impl<F: FnMut(Move)> Sink for EachMove<'_, F> {
    #[inline]
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        self.len += targets.count_ones() as usize;
        for t in bits(targets) {
            (self.put)(decision_move(self.coords, code, t));
        }
    }
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        self.len += targets.count_ones() as usize;
        let coords = self.coords;
        for t in bits(targets) {
            (self.put)(Move::new(coords[(t as i32 - delta) as usize & 127], coords[t & 127]));
        }
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        self.len += targets.count_ones() as usize;
        let coords = self.coords;
        let from = coords[from & 127];
        for t in bits(targets) {
            (self.put)(Move::new(from, coords[t & 127]));
        }
    }
}

/// Targets of pieces worked out ahead, kept by the piece's square: while all sliders slide
/// set-wise, each move under its slider; or one piece's targets at once ([`KeptTargets::set`]).
struct KeptTargets {
    /// Written only for the squares in `kept`: zeroing all 2 KiB per call would cost more than
    /// the slides.
    targets: [core::mem::MaybeUninit<Bitboard>; MAX_SQUARES],
    kept: Bitboard,
}

impl KeptTargets {
    /// Nothing kept. Filled by [`KeptTargets::start`] after the move into place: a copy of
    /// the 2 KiB would cost more than their use.
    #[inline(always)]
    fn new() -> KeptTargets {
        KeptTargets { targets: [const { core::mem::MaybeUninit::uninit() }; MAX_SQUARES], kept: 0 }
    }

    /// Keep the sliders `sliders`, with no targets yet.
    #[inline(always)]
    fn start(&mut self, sliders: Bitboard) {
        self.kept = sliders;
        for from in bits(sliders) {
            self.targets[from].write(0);
        }
    }

    /// Keep the piece on `from`, with `targets`.
    #[inline(always)]
    fn set(&mut self, from: usize, targets: Bitboard) {
        self.kept |= bit(from);
        self.targets[from & 127].write(targets);
    }

    /// The targets of the piece on `from`.
    ///
    /// # Safety
    /// `from` is a kept square: given to `start` or `set`.
    #[inline(always)]
    unsafe fn of(&self, from: usize) -> Bitboard {
        debug_assert!(has(self.kept, from));
        // SAFETY: `start` or `set` wrote the entry of every kept square.
        unsafe { self.targets[from & 127].assume_init() }
    }
}

impl Sink for KeptTargets {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        for t in bits(targets) {
            let from = (t as i32 - delta) as usize & 127;
            assert!(has(self.kept, from), "a slide moves a kept slider");
            // SAFETY: `start` wrote the entry of every kept slider (just asserted).
            unsafe { *self.targets[from].assume_init_mut() |= bit(t) };
        }
    }
    fn one_piece(&mut self, _: usize, _: Bitboard) {
        unreachable!("slides give shifted sets only");
    }
}

/// The board width: `W` when given at compile time, else the rules' width.
#[inline(always)]
fn width<const W: u32>(d: &Derived) -> u32 {
    if W == 0 {
        d.delta[0] as u32
    } else {
        W
    }
}

/// The moves of the orthogonal sliders `sliders`, line by line (`W` as in [`State::orth_shifts`]).
/// Written out, not looped: each line's shift stays a constant when the width is one.
#[inline(always)]
fn orth_slides<S: Sink, const W: u32>(
    sink: &mut S,
    d: &Derived,
    sliders: Bitboard,
    empty: Bitboard,
    enemy: Bitboard,
    strike: bool,
) {
    let w = width::<W>(d);
    let lines = [
        Line::new(true, w, d.board),
        Line::new(false, w, d.board),
        Line::new(true, 1, d.not_first_col),
        Line::new(false, 1, d.not_last_col),
    ];
    sink.orth_lines(sliders, lines, empty, enemy, strike);
}

/// Moves of the sliders in `from` along `line`, one square further each round through `empty`:
/// the squares reached after `k` rounds are the moves of length `k`.
#[inline(always)]
fn slide<S: Sink>(sink: &mut S, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool) {
    let delta = line.delta;
    let mut reach = from;
    let mut k = 1;
    loop {
        reach = line.step(reach);
        let hits = reach & enemy;
        if hits != 0 && (strike || k == 1) {
            sink.shifted(hits, k * delta);
        }
        reach &= empty;
        if reach == 0 {
            return;
        }
        sink.shifted(reach, k * delta);
        k += 1;
    }
}

/// Pieces whose moves a rule trims this turn, and how.
pub(crate) struct Restrictions {
    pub pieces: Bitboard,
    run_square: u8,
    run_barred: Bitboard,
    chase_armed: bool,
    no_return: bool,
}

impl Restrictions {
    /// No piece trimmed.
    const NONE: Restrictions =
        Restrictions { pieces: 0, run_square: NO_SQUARE, run_barred: 0, chase_armed: false, no_return: false };
    /// Targets barred for the piece on `from`.
    #[inline]
    pub(crate) fn barred(&self, rules: &Rules, state: &State, from: usize) -> Bitboard {
        let mut b = 0;
        if from == self.run_square as usize {
            b |= self.run_barred;
        }
        if self.chase_armed {
            b |= state.chase_barred(rules, from);
        }
        if self.no_return && state.start[from] as usize != from {
            b |= bit(state.start[from] as usize);
        }
        b
    }
}

impl State {
    /// This state with everything cleared that neither the rules, the views nor the position
    /// texts can ever read again: start squares of empty squares, a run or chase memory that can
    /// no longer bar a move. Two states are the same position exactly when their canonical
    /// forms are equal.
    pub(crate) fn canonical(&self, rules: &Rules) -> State {
        let mut s = *self;
        let pieces = s.occ[0] | s.occ[1];
        for (i, start) in s.start.iter_mut().enumerate() {
            if !has(pieces, i) {
                *start = i as u8;
            }
        }
        // Rescuers are a set: one order for equal sets.
        s.rescue.rescuers.sort_unstable();
        s.runs = if rules.data().two_square.is_some() { s.runs.map(|r| r.canonical()) } else { [Run::NONE; 2] };
        if rules.data().chase {
            s.chase = s.chase.canonical(s.ply);
        } else {
            s.chase = Chase::NONE;
        }
        s
    }

    /// Whether `self` and `other` are the same position under `rules` (see [`State::canonical`]).
    pub(crate) fn same(&self, other: &State, rules: &Rules) -> bool {
        self.canonical(rules) == other.canonical(rules)
    }

    pub(crate) fn empty() -> State {
        State {
            cells: [0; MAX_SQUARES],
            start: core::array::from_fn(|i| i as u8),
            occ: [0; 2],
            movers: [[0; 4]; 2],
            to_move: Player::Red,
            ply: 0,
            quiet: 0,
            captured: [[0; Rank::COUNT]; 2],
            runs: [Run::NONE; 2],
            chase: Chase::NONE,
            outcome: None,
            rescue: Rescues::NONE,
        }
    }

    /// Which movement classes a rank belongs to, as a 4-bit mask.
    #[inline(always)]
    fn classes(d: &Derived, rank: Rank) -> [bool; 4] {
        let r = 1u16 << rank.index();
        [d.orth_steppers & r != 0, d.orth_sliders & r != 0, d.diag_steppers & r != 0, d.diag_sliders & r != 0]
    }

    /// Put a piece on an empty square (setup and position loading).
    pub(crate) fn place(&mut self, d: &Derived, index: usize, cell: Cell) {
        let p = cell_owner(cell).index();
        self.cells[index] = cell;
        self.start[index] = index as u8;
        self.occ[p] |= bit(index);
        for (k, on) in Self::classes(d, cell_rank(cell)).into_iter().enumerate() {
            if on {
                self.movers[p][k] |= bit(index);
            }
        }
    }

    #[inline(always)]
    pub(crate) fn toggle(&mut self, d: &Derived, p: usize, rank: Rank, squares: Bitboard) {
        self.toggle_g::<false>(d, p, rank, squares);
    }

    /// [`State::toggle_g`] for the piece that moves: under plain rules a rank that moves is
    /// in exactly one class, a stepper's or a slider's, so one indexed `xor` does it, with no
    /// test per class (a branch that mispredicted about once in four moves).
    #[inline(always)]
    fn toggle_mover_g<const PLAIN: bool>(&mut self, d: &Derived, p: usize, rank: Rank, squares: Bitboard) {
        if !PLAIN {
            return self.toggle_g::<PLAIN>(d, p, rank, squares);
        }
        const _: () = assert!(ORTH_STEP == 0 && ORTH_SLIDE == 1);
        let r = 1u16 << rank.index();
        debug_assert!((d.orth_steppers & r != 0) != (d.orth_sliders & r != 0), "{rank:?} moves in one class");
        self.occ[p] ^= squares;
        self.movers[p][(d.orth_sliders & r != 0) as usize] ^= squares;
    }

    /// [`State::toggle`]; `PLAIN`: the rules are [`Derived::plain`], so no rank is in a
    /// diagonal class.
    #[inline(always)]
    fn toggle_g<const PLAIN: bool>(&mut self, d: &Derived, p: usize, rank: Rank, squares: Bitboard) {
        self.occ[p] ^= squares;
        let r = 1u16 << rank.index();
        let masks = [d.orth_steppers, d.orth_sliders, d.diag_steppers, d.diag_sliders];
        let classes = if PLAIN { 2 } else { 4 };
        for (movers, mask) in self.movers[p].iter_mut().zip(masks).take(classes) {
            if mask & r != 0 {
                *movers ^= squares;
            }
        }
    }

    /// Targets of a slide from `from` along `dirs`: empty squares up to the first blocker, plus
    /// the blocker when it is an enemy and the rules let a long move end in an attack.
    #[inline(always)]
    fn slide_targets(
        d: &Derived,
        from: usize,
        dirs: [usize; 4],
        blockers: Bitboard,
        enemy: Bitboard,
        strike: bool,
    ) -> Bitboard {
        let mut t = 0;
        for dir in dirs {
            let ray = d.rays[dir][from];
            let hit = ray & blockers;
            if hit == 0 {
                t |= ray;
                continue;
            }
            let (b, between) = if dir < 4 {
                let b = hit.trailing_zeros() as usize;
                (b, ray & (bit(b) - 1))
            } else {
                let b = 127 - hit.leading_zeros() as usize;
                (b, ray & !((bit(b) << 1).wrapping_sub(1)))
            };
            t |= between;
            if has(enemy, b) && (strike || between == 0) {
                t |= bit(b);
            }
        }
        t
    }

    /// Every square the piece on `from` could reach, before the repetition rules.
    pub(crate) fn piece_targets(&self, rules: &Rules, from: usize) -> Bitboard {
        let d = rules.derived();
        let c = self.cells[from];
        if c == 0 {
            return 0;
        }
        let p = cell_owner(c).index();
        let own = self.occ[p];
        let enemy = self.occ[p ^ 1];
        let avail = d.board & !d.lakes & !own;
        let blockers = own | enemy | d.lakes;
        let strike = rules.slide_attacks();
        let rank = cell_rank(c);
        let [os, ol, ds, dl] = Self::classes(d, rank);
        let mut t = 0;
        let one = bit(from);
        let r = 1u16 << rank.index();
        if os {
            let first = d.neighbours[from & 127] & avail;
            t |= first;
            if d.orth_doubles & r != 0 {
                t |= Self::orth_shifts::<0>(d, first & !enemy) & avail;
            }
        }
        if ds {
            let first = Self::diag_shifts::<0>(d, one) & avail;
            t |= first;
            if d.diag_doubles & r != 0 {
                t |= Self::diag_shifts::<0>(d, first & !enemy) & avail;
            }
        }
        if ol {
            t |= Self::slide_targets(d, from, ORTHOGONAL, blockers, enemy, strike);
        }
        if dl {
            t |= Self::slide_targets(d, from, DIAGONAL, blockers, enemy, strike);
        }
        t
    }

    /// The squares next to `b` orthogonally. `W` is the board width when known at compile
    /// time (the standard 10), or 0 to read it from the rules.
    #[inline(always)]
    pub(crate) fn orth_shifts<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        let w = width::<W>(d);
        ((b << w) & d.board) | (b >> w) | ((b << 1) & d.not_first_col) | ((b >> 1) & d.not_last_col)
    }

    /// The squares next to `b` diagonally (see [`State::orth_shifts`] for `W`).
    #[inline(always)]
    fn diag_shifts<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        let w = width::<W>(d);
        ((b << (w + 1)) & d.not_first_col)
            | ((b << (w - 1)) & d.not_last_col)
            | ((b >> (w - 1)) & d.not_first_col)
            | ((b >> (w + 1)) & d.not_last_col)
    }

    /// The pieces of `player` whose moves a rule trims now, with the barred targets.
    #[inline(always)]
    pub(crate) fn restrictions(&self, rules: &Rules, player: Player) -> Restrictions {
        // Most plies no rule trims anything: say so without building the answer.
        if !self.may_trim(rules, player) {
            return Restrictions::NONE;
        }
        self.trimmed(rules, player)
    }

    /// Whether a repetition rule may trim one of `player`'s moves now (when not, none does).
    #[inline(always)]
    pub(crate) fn may_trim(&self, rules: &Rules, player: Player) -> bool {
        let data = rules.data();
        data.no_return
            || (data.two_square.is_some() && self.runs[player.index()].hot)
            || (data.chase && self.chase.armed(player))
    }

    /// [`State::restrictions`] when some rule may trim a move.
    #[inline(never)]
    fn trimmed(&self, rules: &Rules, player: Player) -> Restrictions {
        let mut r = Restrictions::NONE;
        let p = player.index();
        if let Some(limit) = rules.data().two_square {
            let run = &self.runs[p];
            if run.hot && run.square != NO_SQUARE {
                r.run_barred = run.barred(rules, limit);
                if r.run_barred != 0 {
                    r.run_square = run.square;
                    r.pieces |= bit(run.square as usize);
                }
            }
        }
        if rules.data().chase && self.chase.armed(player) {
            // Only non-attacking moves onto an empty square next to an enemy piece can be
            // barred: restrict the pieces that can make one.
            let d = rules.derived();
            let chasing = self.chase_squares(rules, player);
            r.chase_armed = true;
            let m = &self.movers[p];
            r.pieces |= (Self::orth_shifts::<0>(d, chasing) & m[ORTH_STEP])
                | (Self::diag_shifts::<0>(d, chasing) & m[DIAG_STEP])
                | m[ORTH_SLIDE]
                | m[DIAG_SLIDE];
        }
        if rules.data().no_return {
            r.no_return = true;
            r.pieces |= self.occ[p];
        }
        r
    }

    /// Generate `player`'s legal moves into `sink`.
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, rules: &Rules, player: Player, sink: &mut S) {
        match (rules.width() == 10, rules.derived().plain) {
            (true, true) => self.generate_w::<S, 10, true>(rules, player, sink),
            (true, false) => self.generate_w::<S, 10, false>(rules, player, sink),
            (false, _) => self.generate_w::<S, 0, false>(rules, player, sink),
        }
    }

    /// The generator for board width `W` (0: the rules' width). `PLAIN`: the rules are
    /// [`Derived::plain`], so the diagonal, two-step and rescue parts are left out.
    #[inline(always)]
    fn generate_w<S: Sink, const W: u32, const PLAIN: bool>(&self, rules: &Rules, player: Player, sink: &mut S) {
        if !PLAIN && self.deciding(player) {
            return self.generate_decisions(rules, sink);
        }
        if PLAIN && !self.may_trim(rules, player) {
            // Most plies: no rule trims a move, and under plain rules no piece goes one by one.
            return self.generate_sets::<S, W, PLAIN>(rules, player, sink, 0);
        }
        let restr = self.one_by_one::<PLAIN>(rules, player);
        self.generate_sets::<S, W, PLAIN>(rules, player, sink, restr.pieces);
        for from in bits(restr.pieces & self.occ[player.index()]) {
            sink.one_piece(from, self.piece_targets(rules, from) & !restr.barred(rules, self, from));
        }
    }

    /// The set-wise part of [`State::generate_w`]: every piece's moves by its class but those
    /// of the pieces in `one_by_one`, which the caller generates.
    #[inline(always)]
    fn generate_sets<S: Sink, const W: u32, const PLAIN: bool>(
        &self,
        rules: &Rules,
        player: Player,
        sink: &mut S,
        one_by_one: Bitboard,
    ) {
        let d = rules.derived();
        let p = player.index();
        let own = self.occ[p];
        let enemy = self.occ[p ^ 1];
        let avail = d.board & !d.lakes & !own;
        let free = !one_by_one;
        let m = &self.movers[p];
        let w = width::<W>(d) as i32;
        let steppers = m[ORTH_STEP] & free;
        if steppers != 0 {
            sink.shifted((steppers << w) & avail, w);
            sink.shifted((steppers >> w) & avail, -w);
            sink.shifted((steppers << 1) & avail & d.not_first_col, 1);
            sink.shifted((steppers >> 1) & avail & d.not_last_col, -1);
        }
        let diag = m[DIAG_STEP] & free;
        if !PLAIN && diag != 0 {
            sink.shifted((diag << (w + 1)) & avail & d.not_first_col, w + 1);
            sink.shifted((diag << (w - 1)) & avail & d.not_last_col, w - 1);
            sink.shifted((diag >> (w - 1)) & avail & d.not_first_col, -(w - 1));
            sink.shifted((diag >> (w + 1)) & avail & d.not_last_col, -(w + 1));
        }
        // Sliders set-wise: step all of them one square at a time through empty squares; the
        // squares reached after k steps are moves of length k (from = to - k * delta).
        let empty = avail & !enemy;
        let strike = rules.slide_attacks();
        let sliders = m[ORTH_SLIDE] & free;
        if sliders != 0 {
            orth_slides::<S, W>(sink, d, sliders, empty, enemy, strike);
        }
        let diag_sliders = m[DIAG_SLIDE] & free;
        if !PLAIN && diag_sliders != 0 {
            let line = |up, amount: i32, mask| Line::new(up, amount as u32, mask);
            sink.slides(diag_sliders, line(true, w + 1, d.not_first_col), empty, enemy, strike);
            sink.slides(diag_sliders, line(true, w - 1, d.not_last_col), empty, enemy, strike);
            sink.slides(diag_sliders, line(false, w - 1, d.not_first_col), empty, enemy, strike);
            sink.slides(diag_sliders, line(false, w + 1, d.not_last_col), empty, enemy, strike);
        }
    }

    /// `player`'s legal moves piece by piece, in the order of the pieces' squares (highest
    /// first when `DOWN`): `put(from, targets, stepper)` for each piece with a move, `stepper`
    /// when its targets are orthogonal neighbours and nothing else. The moves are those
    /// of [`State::generate`], in another order: action ids sort by `from` and then `to`, so
    /// walking the pieces in id order gives the ids sorted, with no sort. Rescue decisions are
    /// no piece's moves: not while one is pending (the caller asks [`State::deciding`]).
    #[inline(always)]
    pub(crate) fn generate_by_square<const DOWN: bool>(
        &self,
        rules: &Rules,
        player: Player,
        put: impl FnMut(usize, Bitboard, bool),
    ) {
        debug_assert!(!self.deciding(player));
        match (rules.width() == 10, rules.derived().plain) {
            (true, true) => self.by_square::<10, true, DOWN>(rules, player, put),
            (true, false) => self.by_square::<10, false, DOWN>(rules, player, put),
            (false, _) => self.by_square::<0, false, DOWN>(rules, player, put),
        }
    }

    /// [`State::generate_by_square`] for width `W` and `PLAIN` rules, as [`State::generate_w`].
    #[inline(always)]
    fn by_square<const W: u32, const PLAIN: bool, const DOWN: bool>(
        &self,
        rules: &Rules,
        player: Player,
        mut put: impl FnMut(usize, Bitboard, bool),
    ) {
        let d = rules.derived();
        let p = player.index();
        let own = self.occ[p];
        let enemy = self.occ[p ^ 1];
        let avail = d.board & !d.lakes & !own;
        let restr = self.one_by_one::<PLAIN>(rules, player);
        let m = &self.movers[p];
        // Restricted pieces, and under other rules every piece of a diagonal class, go one by
        // one through `piece_targets`; the others by their class.
        let others = own & (restr.pieces | if PLAIN { 0 } else { m[DIAG_STEP] | m[DIAG_SLIDE] });
        let steppers = m[ORTH_STEP] & !others;
        let sliders = m[ORTH_SLIDE] & !others;
        // Every piece's targets but a stepper's are worked out first and kept by square.
        // Sliders slide all at once, as in `generate_w`: a ray walk per slider costs more.
        let mut kept = KeptTargets::new();
        kept.start(sliders);
        if sliders != 0 {
            orth_slides::<_, W>(&mut kept, d, sliders, avail & !enemy, enemy, rules.slide_attacks());
        }
        for from in bits(others) {
            kept.set(from, self.piece_targets(rules, from) & !restr.barred(rules, self, from));
        }
        // A stepper or slider with no square open next to it has no move: leave it out.
        let pieces = ((steppers | sliders) & Self::orth_shifts::<W>(d, avail)) | others;
        // The 64-bit halves apart: a piece's class is then one bit test.
        for half in if DOWN { [64, 0] } else { [0, 64] } {
            let steps = (steppers >> half) as u64;
            let mut word = (pieces >> half) as u64;
            while word != 0 {
                let i = if DOWN { 63 - word.leading_zeros() } else { word.trailing_zeros() } as usize;
                word ^= 1 << i;
                let from = half + i;
                let stepper = steps >> i & 1 != 0;
                let t = if stepper {
                    d.neighbours[from & 127] & avail
                } else {
                    // SAFETY: the pieces are steppers, sliders (kept by `start`) or others
                    // (kept by `set`).
                    unsafe { kept.of(from) }
                };
                if t != 0 {
                    put(from, t, stepper);
                }
            }
        }
    }

    /// Whether `player` has a rescue decision to make (its moves are decisions, not moves).
    #[inline(always)]
    pub(crate) fn deciding(&self, player: Player) -> bool {
        self.rescue.pending && player == self.to_move
    }

    /// At least as many as `player`'s legal moves, from the sizes of its mover sets alone: a
    /// cheap test that a buffer has room before any move is written into it.
    pub(crate) fn move_bound(&self, rules: &Rules, player: Player) -> usize {
        let s = rules.num_squares();
        if self.deciding(player) {
            return Rank::COUNT * s + 1;
        }
        let d = rules.derived();
        let (w, h) = (rules.width() as usize, rules.height() as usize);
        let m = &self.movers[player.index()];
        let n = |k: usize| m[k].count_ones() as usize;
        // One step reaches 4 squares; two steps 8 more. A slide reaches at most the rest of
        // its lines: a row and a column, or two diagonals of at most min(w, h) squares.
        let step = |doubles: u16| if doubles != 0 { 12 } else { 4 };
        n(ORTH_STEP) * step(d.orth_doubles)
            + n(DIAG_STEP) * step(d.diag_doubles)
            + n(ORTH_SLIDE) * (w + h - 2)
            + n(DIAG_SLIDE) * 2 * (w.min(h) - 1)
    }

    /// The restrictions on `player`'s moves, with its two-step pieces among the pieces that
    /// generation takes one by one (`PLAIN` as in [`State::generate_w`]).
    #[inline(always)]
    fn one_by_one<const PLAIN: bool>(&self, rules: &Rules, player: Player) -> Restrictions {
        let d = rules.derived();
        let mut restr = self.restrictions(rules, player);
        if !PLAIN && d.orth_doubles | d.diag_doubles != 0 {
            // Two-step pieces go square by square, as restricted pieces do.
            restr.pieces |= self.doubles(d, player.index());
        }
        restr
    }

    /// `p`'s pieces of a two-step rank ([`crate::Reach::TwoSteps`]). Out of line: rules
    /// without such a rank never call it, and the generator they inline stays small.
    #[inline(never)]
    fn doubles(&self, d: &Derived, p: usize) -> Bitboard {
        let ranks = d.orth_doubles | d.diag_doubles;
        let mut b = 0;
        for i in bits(self.movers[p][ORTH_STEP] | self.movers[p][DIAG_STEP]) {
            if ranks & 1 << cell_rank(self.cells[i]).index() != 0 {
                b |= bit(i);
            }
        }
        b
    }

    /// The rescue decisions open to the side to move: every captured rank onto every empty
    /// square of the rescue zone, and the decline.
    #[cold]
    #[inline(never)]
    fn generate_decisions<S: Sink>(&self, rules: &Rules, sink: &mut S) {
        let p = self.to_move.index();
        let squares = self.rescue_squares(rules, self.to_move);
        if squares != 0 {
            for r in Rank::ALL {
                if self.captured[p][r.index()] > 0 {
                    sink.decisions(RESCUE_FROM + r.index(), squares);
                }
            }
        }
        sink.decisions(DECLINE_FROM, 1);
    }

    /// Empty squares where `player` may place a rescued piece.
    #[inline]
    pub(crate) fn rescue_squares(&self, rules: &Rules, player: Player) -> Bitboard {
        rules.derived().rescue_zone[player.index()] & !self.occ[0] & !self.occ[1]
    }

    /// The rescue rule's part of [`State::apply`] (rules with rescues only, kept out of line so
    /// the move itself stays as small as under other rules): pieces that left the board stop
    /// being rescuers (a later piece may get the same start square), and a move that triggers a
    /// rescue leaves it pending. `starts`: the start squares on `from` and `to` before the move.
    /// Returns whether a decision is now due.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn rescue_after_move(
        &mut self,
        rules: &Rules,
        from: usize,
        to: usize,
        rank: Rank,
        starts: (u8, u8),
        applied: Applied,
        flag_taken: bool,
    ) -> bool {
        let player = self.to_move;
        match applied.defender {
            Some((_, Battle::AttackerWins)) => self.rescue.forget(starts.1),
            Some((_, Battle::DefenderWins)) => self.rescue.forget(starts.0),
            Some((_, Battle::BothDie)) => {
                self.rescue.forget(starts.0);
                self.rescue.forget(starts.1);
            }
            None => {}
        }
        let attacker_at_to = self.cells[to] != 0 && cell_owner(self.cells[to]) == player;
        if attacker_at_to && !flag_taken && self.triggers_rescue(rules, player, from, to, rank) {
            self.rescue.pending = true;
            self.rescue.by = to as u8;
            return true;
        }
        false
    }

    /// Whether `player`'s move `from`-`to` that left its piece on `to` triggers a rescue.
    fn triggers_rescue(&self, rules: &Rules, player: Player, from: usize, to: usize, rank: Rank) -> bool {
        let (d, p) = (rules.derived(), player.index());
        let row = d.rescue_row[p];
        has(row, to)
            && !has(row, from)
            && self.rescue.used[p] < rules.data().rescues
            && rules.data().rescue_ranks & 1 << rank.index() != 0
            && !self.rescue.has_rescued(self.start[to])
            && self.captured[p].iter().any(|&n| n > 0)
            && self.rescue_squares(rules, player) != 0
    }

    /// Play a rescue decision for the side to move, which [`crate::board::check_move`] found
    /// legal: place the piece (revealed: both players see the rank), then end the turn.
    pub(crate) fn apply_decision(&mut self, rules: &Rules, mv: Move) -> Option<Rank> {
        let d = rules.derived();
        let player = self.to_move;
        let p = player.index();
        let rescued = mv.rescued().map(|(rank, sq)| {
            let i = sq.index(rules.width()) & 127;
            self.place(d, i, make_cell(player, rank) | REVEALED);
            // Pieces are known by their start squares: give the new piece one no other piece
            // on the board has (its own square when free, as for every piece set up).
            let pieces = self.occ[0] | self.occ[1];
            let taken = bits(pieces & !bit(i)).fold(0, |t: Bitboard, k| t | bit(self.start[k] as usize));
            if has(taken, i) {
                let free = d.board & !d.lakes & !taken;
                self.start[i] = free.trailing_zeros() as u8;
            }
            self.captured[p][rank.index()] -= 1;
            self.rescue.used[p] += 1;
            let by = self.start[self.rescue.by as usize & 127];
            self.rescue.remember(by);
            if rules.data().chase {
                // A new piece: the positions of the chase can no longer recur.
                self.chase.interrupt();
            }
            rank
        });
        self.rescue.pending = false;
        self.rescue.by = NO_SQUARE;
        self.to_move = player.opponent();
        self.outcome = self.judge(rules, player, false, false, false);
        rescued
    }

    /// Empty squares next to an enemy piece of `player`'s: where a chasing move can go.
    #[inline]
    fn chase_squares(&self, rules: &Rules, player: Player) -> Bitboard {
        let d = rules.derived();
        d.board & !d.lakes & !self.occ[0] & !self.occ[1] & Self::orth_shifts::<0>(d, self.occ[player.index() ^ 1])
    }

    /// Empty squares next to an enemy piece that the piece on `from` may not enter because that
    /// chasing move would recreate a position of the current chase.
    pub(crate) fn chase_barred(&self, rules: &Rules, from: usize) -> Bitboard {
        let c = self.cells[from];
        let p = cell_owner(c);
        let mut chasing = self.piece_targets(rules, from) & self.chase_squares(rules, p);
        let start = self.start[from];
        let lifted = piece_key(from, start);
        let mut barred = 0;
        // The changes each candidate move makes to the position key, a few at a time, against
        // the chase's positions (rebuilt one step back at a time, so compare them all in one
        // walk). Keys are compared relative to the current position: the position itself never
        // needs a key of its own.
        const BATCH: usize = 8;
        while chasing != 0 {
            let mut wanted = [(0u64, 0u8); BATCH];
            let mut n = 0;
            while chasing != 0 && n < BATCH {
                let t = chasing.trailing_zeros() as usize;
                chasing &= chasing - 1;
                if !self.chase.is_undo(p, from, t) {
                    wanted[n] = (lifted ^ piece_key(t, start), t as u8);
                    n += 1;
                }
            }
            let wanted = &wanted[..n];
            for key in self.chase.keys_for(p, self.ply) {
                for &(after, t) in wanted {
                    if key == after {
                        barred |= bit(t as usize);
                    }
                }
            }
        }
        barred
    }

    /// Whether the two-squares rule bars `player`'s piece on `from` from moving to `to`.
    #[inline]
    pub(crate) fn run_bars(&self, rules: &Rules, player: Player, from: usize, to: usize) -> bool {
        let Some(limit) = rules.data().two_square else {
            return false;
        };
        let run = &self.runs[player.index()];
        run.hot && run.square as usize == from && has(run.barred(rules, limit), to)
    }

    /// Whether the chase rule bars `player`'s piece on `from` from moving to `to`, a square it
    /// can reach: only a move onto an empty square next to an enemy piece can be barred.
    #[inline]
    pub(crate) fn chase_bars(&self, rules: &Rules, player: Player, from: usize, to: usize) -> bool {
        if !rules.data().chase || !self.chase.armed(player) || !has(self.chase_squares(rules, player), to) {
            return false;
        }
        if self.chase.is_undo(player, from, to) {
            return false;
        }
        let start = self.start[from];
        let after = piece_key(from, start) ^ piece_key(to, start);
        self.chase.keys_for(player, self.ply).any(|k| k == after)
    }

    /// Whether `player` has a legal move: the cheap set-wise test first, the full count after.
    #[inline]
    pub(crate) fn has_moves(&self, rules: &Rules, player: Player) -> bool {
        match (rules.width() == 10, rules.derived().plain) {
            (true, true) => self.has_moves_w::<10, true>(rules, player),
            (true, false) => self.has_moves_w::<10, false>(rules, player),
            (false, _) => self.has_moves_w::<0, false>(rules, player),
        }
    }

    #[inline(always)]
    fn has_moves_w<const W: u32, const PLAIN: bool>(&self, rules: &Rules, player: Player) -> bool {
        let d = rules.derived();
        let p = player.index();
        let m = &self.movers[p];
        if !rules.data().no_return {
            // Any one-square move that no repetition rule can bar proves a move exists.
            let mut avail = d.board & !d.lakes & !self.occ[p];
            if rules.data().chase && self.chase.armed(player) {
                avail &= !self.chase_squares(rules, player);
            }
            let run = &self.runs[p];
            let free = if run.hot { !bit(run.square as usize & 127) } else { !0 };
            if Self::orth_shifts::<W>(d, (m[ORTH_STEP] | m[ORTH_SLIDE]) & free) & avail != 0
                || !PLAIN && Self::diag_shifts::<W>(d, (m[DIAG_STEP] | m[DIAG_SLIDE]) & free) & avail != 0
            {
                return true;
            }
        }
        let mut c = Count(0);
        self.generate_w::<Count, W, PLAIN>(rules, player, &mut c);
        c.0 > 0
    }

    /// Play `from`-`to` for the side to move. The caller guarantees it is legal.
    #[inline]
    pub(crate) fn apply(&mut self, rules: &Rules, from: usize, to: usize) -> Applied {
        if rules.derived().plain {
            self.apply_g::<true>(rules, from, to)
        } else {
            self.apply_g::<false>(rules, from, to)
        }
    }

    /// [`State::apply`]; `PLAIN`: the rules are [`Derived::plain`] (no two-step turns, no
    /// rescues to look for).
    fn apply_g<const PLAIN: bool>(&mut self, rules: &Rules, from: usize, to: usize) -> Applied {
        let d = rules.derived();
        let player = self.to_move;
        let p = player.index();
        let q = p ^ 1;
        let c = self.cells[from];
        let rank = cell_rank(c);
        let long = if PLAIN {
            // Every move is orthogonal: a step changes the index by one or by a row. (`&`, not
            // `&&`: a branch here mispredicted about one move in two.)
            let diff = from.abs_diff(to);
            (diff != 1) & (diff != rules.width() as usize)
        } else {
            let (f, t) = (d.coords[from], d.coords[to]);
            let long = f.col().abs_diff(t.col()) > 1 || f.row().abs_diff(t.row()) > 1;
            // A two-step turn: only a two-step rank moves so.
            long || d.orth_doubles & 1 << rank.index() != 0 && f.col() != t.col() && f.row() != t.row()
        };
        let moved = c | MOVED | if long { SLID } else { 0 };
        let target = self.cells[to];
        let mut result = Applied { rank, defender: None };
        let mut flag_taken = false;
        let survivor_at_to;
        let chase_on = rules.data().chase;
        let step = Step { from: from as u8, to: to as u8, start: self.start[from] };
        let starts = (self.start[from], self.start[to]);
        if target == 0 {
            self.cells[to] = moved;
            self.cells[from] = 0;
            self.start[to] = self.start[from];
            self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from) | bit(to));
            self.quiet += 1;
            survivor_at_to = true;
        } else {
            let defender = cell_rank(target);
            let battle = rules.battle(rank, defender);
            result.defender = Some((defender, battle));
            self.quiet = 0;
            match battle {
                Battle::AttackerWins => {
                    self.cells[to] = moved | REVEALED;
                    self.cells[from] = 0;
                    self.start[to] = self.start[from];
                    self.toggle_g::<PLAIN>(d, q, defender, bit(to));
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from) | bit(to));
                    self.captured[q][defender.index()] += 1;
                    flag_taken = defender == Rank::Flag;
                    survivor_at_to = true;
                }
                Battle::DefenderWins => {
                    self.cells[to] = target | REVEALED;
                    self.cells[from] = 0;
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from));
                    self.captured[p][rank.index()] += 1;
                    survivor_at_to = false;
                }
                Battle::BothDie => {
                    self.cells[to] = 0;
                    self.cells[from] = 0;
                    self.toggle_g::<PLAIN>(d, q, defender, bit(to));
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from));
                    self.captured[p][rank.index()] += 1;
                    self.captured[q][defender.index()] += 1;
                    survivor_at_to = false;
                }
            }
        }
        if let Some(limit) = rules.data().two_square {
            self.runs[p].record::<PLAIN>(rules, limit, from, to, survivor_at_to);
        }
        self.ply = self.ply.saturating_add(1);
        if chase_on {
            let threatens = d.neighbours[to] & self.occ[q] != 0;
            self.chase.record(rules, player, step, target != 0, threatens, self.ply);
        }
        if !PLAIN
            && rules.data().rescues != 0
            && self.rescue_after_move(rules, from, to, rank, starts, result, flag_taken)
        {
            // The same player decides next; the game is judged after the decision.
            return result;
        }
        self.to_move = player.opponent();
        // A piece that moved and survived can always step back towards where it came from,
        // unless a rule that bars moves is in play: then ask the move generator.
        let surely_mobile = survivor_at_to
            && !rules.data().no_return
            && !self.runs[p].hot
            && (!rules.data().chase || !self.chase.armed(player));
        // The opponent could move before this move (a game goes on only while both sides can),
        // and a move that takes none of their pieces leaves each of their moves, or a shorter
        // one in the same direction, open: the squares this move freed, and an attack on the
        // square it entered. Only the chase rule, arming for them now, could bar what is left,
        // or the no-return rule, when the square entered is the start square of a slider
        // that passed over it.
        let opponent_lost_nothing = !matches!(result.defender, Some((_, Battle::AttackerWins | Battle::BothDie)));
        let next_surely_mobile = opponent_lost_nothing
            && !rules.data().no_return
            && (!rules.data().chase || !self.chase.armed(player.opponent()));
        self.outcome = self.judge(rules, player, flag_taken, surely_mobile, next_surely_mobile);
        result
    }

    /// The outcome after `mover` has moved, if the game is over. Inlined: it is part of every
    /// move's hot path, and a second caller (the rescue decision) must not make it a call.
    #[inline(always)]
    fn judge(
        &self,
        rules: &Rules,
        mover: Player,
        flag_taken: bool,
        mover_surely_mobile: bool,
        next_surely_mobile: bool,
    ) -> Option<Outcome> {
        if flag_taken {
            return Some(Outcome { winner: Some(mover), termination: Termination::FlagCaptured });
        }
        let next = mover.opponent();
        debug_assert!(!mover_surely_mobile || self.has_moves(rules, mover), "{mover} was judged surely mobile");
        debug_assert!(!next_surely_mobile || self.has_moves(rules, next), "{next} was judged surely mobile");
        let next_can = next_surely_mobile || self.has_moves(rules, next);
        let mover_can = mover_surely_mobile || self.has_moves(rules, mover);
        match (mover_can, next_can) {
            (false, false) => return Some(Outcome { winner: None, termination: Termination::BothStuck }),
            (true, false) => return Some(Outcome { winner: Some(mover), termination: Termination::NoLegalMove }),
            (false, true) => return Some(Outcome { winner: Some(next), termination: Termination::NoLegalMove }),
            (true, true) => {}
        }
        if rules.max_plies().is_some_and(|cap| self.ply >= cap) {
            return Some(Outcome { winner: None, termination: Termination::PlyCap });
        }
        if rules.max_quiet_plies().is_some_and(|cap| self.quiet >= cap) {
            return Some(Outcome { winner: None, termination: Termination::NoBattleCap });
        }
        None
    }

    /// Whether a side has no legal move in a position that goes on (no rescue decision due):
    /// a contradiction, since a game ends once a side cannot move, and [`State::apply`] relies
    /// on it when it judges a side's mobility only where a move could have changed it.
    pub(crate) fn stuck_while_going_on(&self, rules: &Rules) -> bool {
        self.outcome.is_none() && !self.rescue.pending && self.judge_start(rules).is_some()
    }

    /// The outcome of a freshly loaded position, if nobody can play on.
    pub(crate) fn judge_start(&self, rules: &Rules) -> Option<Outcome> {
        let mover = self.to_move;
        match (self.has_moves(rules, mover), self.has_moves(rules, mover.opponent())) {
            (false, false) => Some(Outcome { winner: None, termination: Termination::BothStuck }),
            (false, true) => Some(Outcome { winner: Some(mover.opponent()), termination: Termination::NoLegalMove }),
            (true, false) => Some(Outcome { winner: Some(mover), termination: Termination::NoLegalMove }),
            (true, true) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Search copies the whole state per node: keep it small (it was 1,040 bytes when the
    /// chase rule stored a 64-bit key per ply).
    #[test]
    fn the_state_stays_a_small_flat_copy() {
        let size = core::mem::size_of::<State>();
        println!("State: {size} bytes");
        assert!(size <= 720, "State grew to {size} bytes");
    }

    /// Collects the generator's moves as index pairs.
    struct Pairs(Vec<(usize, usize)>);
    impl Sink for Pairs {
        fn shifted(&mut self, targets: Bitboard, delta: i32) {
            self.0.extend(bits(targets).map(|t| ((t as i32 - delta) as usize, t)));
        }
        fn one_piece(&mut self, from: usize, targets: Bitboard) {
            self.0.extend(bits(targets).map(|t| (from, t)));
        }
    }

    /// The square-order generator lists the moves `generate` lists, each piece once, in the
    /// pieces' square order either way, and never more than `move_bound`; under every edition
    /// (diagonal movers, two-step Captains, the repetition rules' restricted pieces), for both
    /// sides, along random games.
    #[test]
    fn by_square_lists_the_moves_of_generate_in_square_order() {
        use crate::{Edition, Game, Setup};
        // Under Miri every position costs seconds: a few plies of each edition there.
        let (seeds, plies) = if cfg!(miri) { (1, 6) } else { (6, 1500) };
        let mut restricted = 0;
        for edition in Edition::ALL {
            let rules = Rules::edition(edition);
            for seed in 0..seeds {
                let red = Setup::random(&rules, Player::Red, 2 * seed + 1);
                let blue = Setup::random(&rules, Player::Blue, 2 * seed + 2);
                let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
                while !game.is_over() && game.ply() < plies {
                    let state = game.state();
                    for player in Player::ALL {
                        if state.deciding(player) {
                            continue;
                        }
                        restricted += usize::from(state.restrictions(&rules, player).pieces != 0);
                        let mut expected = Pairs(Vec::new());
                        state.generate(&rules, player, &mut expected);
                        expected.0.sort_unstable();
                        assert!(
                            expected.0.len() <= state.move_bound(&rules, player),
                            "{edition}: bound below the moves"
                        );
                        let (mut up, mut down) = (Vec::new(), Vec::new());
                        let neighbours = |from: usize, t| t & !rules.derived().neighbours[from] == 0;
                        state.generate_by_square::<false>(&rules, player, |from, t, stepper| {
                            assert!(!stepper || neighbours(from, t), "{edition}: a stepper's targets");
                            up.push((from, t));
                        });
                        state.generate_by_square::<true>(&rules, player, |from, t, _| down.push((from, t)));
                        assert!(up.windows(2).all(|w| w[0].0 < w[1].0), "{edition}: pieces out of order");
                        assert!(down.windows(2).all(|w| w[0].0 > w[1].0), "{edition}: pieces out of order");
                        down.reverse();
                        assert_eq!(up, down, "{edition}: the two orders list other moves");
                        let listed: Vec<(usize, usize)> =
                            up.iter().flat_map(|&(from, t)| bits(t).map(move |to| (from, to))).collect();
                        assert_eq!(listed, expected.0, "{edition}: other moves than generate's in {}", game.position());
                    }
                    let mv = game.random_move(game.ply() as u64 ^ seed << 32).expect("the game goes on");
                    game.play_unchecked(mv);
                }
            }
        }
        assert!(cfg!(miri) || restricted > 100, "only {restricted} positions had restricted pieces");
    }

    /// The chase rule looks at chasing moves only once they are compared with
    /// [`MIN_BARRING_WINDOW`](crate::repetition::MIN_BARRING_WINDOW) plies: check, along games
    /// that chase on purpose, that every shorter window bars nothing (the recorded chase cases
    /// in `tests/` show the longer windows barring).
    #[test]
    fn no_chase_window_below_the_minimum_bars_a_move() {
        use crate::repetition::MIN_BARRING_WINDOW;
        use crate::{Edition, Game, Setup};
        let rules = Rules::edition(Edition::Isf);
        let mut short = 0;
        let mut moves = Vec::new();
        for seed in 0..60u64 {
            let red = Setup::random(&rules, Player::Red, 2 * seed + 1);
            let blue = Setup::random(&rules, Player::Blue, 2 * seed + 2);
            let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
            let mut rng = crate::rng::SplitMix64::new(seed);
            while !game.is_over() && game.ply() < 3000 {
                let state = game.state();
                let p = state.to_move;
                let window = state.chase.window_of(p.index());
                for from in bits(state.occ[p.index()]) {
                    let barred = state.chase_barred(&rules, from);
                    if window < MIN_BARRING_WINDOW {
                        assert_eq!(barred, 0, "a window of {window} barred a move");
                        short += usize::from(window > 0);
                    }
                }
                // Chase: mostly a quiet move that ends next to an enemy piece, else any move.
                game.legal_moves_into(&mut moves);
                let chasing = state.chase_squares(&rules, p);
                let w = rules.width();
                let pick = rng.next_u64();
                let mv = match moves.iter().filter(|m| has(chasing, m.to.index(w))).nth(pick as usize % 3) {
                    Some(&mv) if pick >> 60 != 0 => mv,
                    _ => moves[(pick >> 8) as usize % moves.len()],
                };
                game.play_unchecked(mv);
            }
        }
        assert!(short > 1000, "only {short} pieces were checked inside short chase windows");
    }
}
