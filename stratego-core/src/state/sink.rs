//! Where move generation sends its moves: counted, selected, tallied or listed.

use super::*;
use crate::rules::bitboard::{self, bit, bits, for_each_bit, has, Bitboard};
use crate::rules::square::MAX_SQUARES;
use crate::rules::Derived;
use crate::{Move, Rank, Square};

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
    pub(super) fn new(up: bool, amount: u32, mask: Bitboard) -> Line {
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
pub(super) fn slider_behind(target: usize, delta: i32, pieces: Bitboard) -> usize {
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
/// (The plain generator on a ply no rule trims has its own, leaner draw:
/// [`State::pick_plain`].)
pub(crate) struct Tally<const N: usize> {
    /// Written up to `len`; left uninitialised beyond, because zeroing 1.5 KiB per call would
    /// cost more than the generation it serves.
    sets: [core::mem::MaybeUninit<(Bitboard, i32)>; N],
    len: usize,
    pub total: usize,
    pub overflow: bool,
}

/// The capacity of a tally for any generation.
pub(crate) const TALLY_ANY: usize = 96;

impl<const N: usize> Tally<N> {
    /// Marks a `one_piece` entry (value = from square) apart from a `shifted` one (value = delta).
    const FROM: i32 = 1 << 20;
    /// Marks a line of slides kept as one set ([`Line::reach`]): value = `LINE` + the line's
    /// delta + `LINE_BIAS`, which keeps the delta's sign out of the marker.
    const LINE: i32 = 1 << 21;
    const LINE_BIAS: i32 = 1 << 10;

    pub(crate) fn new() -> Tally<N> {
        Tally { sets: [const { core::mem::MaybeUninit::uninit() }; N], len: 0, total: 0, overflow: false }
    }

    #[inline(always)]
    fn keep(&mut self, targets: Bitboard, value: i32) {
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
pub(super) struct KeptTargets {
    /// Written only for the squares in `kept`: zeroing all 2 KiB per call would cost more than
    /// the slides.
    targets: [core::mem::MaybeUninit<Bitboard>; MAX_SQUARES],
    kept: Bitboard,
}

impl KeptTargets {
    /// Nothing kept. Filled by [`KeptTargets::start`] after the move into place: a copy of
    /// the 2 KiB would cost more than their use.
    #[inline(always)]
    pub(super) fn new() -> KeptTargets {
        KeptTargets { targets: [const { core::mem::MaybeUninit::uninit() }; MAX_SQUARES], kept: 0 }
    }

    /// Keep the sliders `sliders`, with no targets yet.
    #[inline(always)]
    pub(super) fn start(&mut self, sliders: Bitboard) {
        self.kept = sliders;
        for from in bits(sliders) {
            self.targets[from].write(0);
        }
    }

    /// Keep the piece on `from`, with `targets`.
    #[inline(always)]
    pub(super) fn set(&mut self, from: usize, targets: Bitboard) {
        self.kept |= bit(from);
        self.targets[from & 127].write(targets);
    }

    /// The targets of the piece on `from`.
    ///
    /// # Safety
    /// `from` is a kept square: given to `start` or `set`.
    #[inline(always)]
    pub(super) unsafe fn of(&self, from: usize) -> Bitboard {
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

/// The moves of the orthogonal sliders `sliders`, line by line (`W` as in [`Derived::orth_shifts`]).
/// Written out, not looped: each line's shift stays a constant when the width is one.
#[inline(always)]
pub(super) fn orth_slides<S: Sink, const W: u32>(
    sink: &mut S,
    d: &Derived,
    sliders: Bitboard,
    empty: Bitboard,
    enemy: Bitboard,
    strike: bool,
) {
    let w = Derived::width::<W>(d);
    let lines = [
        Line::new(true, w, d.board),
        Line::new(false, w, d.board),
        Line::new(true, 1, d.not_first_col),
        Line::new(false, 1, d.not_last_col),
    ];
    sink.orth_lines(sliders, lines, empty, enemy, strike);
}

/// Every square the orthogonal sliders `sliders` reach along each line (up, down, right, left:
/// the order of [`orth_slides`]), each line as one set, as [`Line::reach`] gives it; `avail`:
/// the squares a move may end on (no lake, no own piece). The two vertical lines are stepped
/// in one loop and the two horizontal ones in another: one loop for all four kept more sets
/// than there are registers, and the spills cost more than the second loop's exit (the playout
/// bench 3.5% faster, three alternating runs). The edge masks are taken into the sets a step
/// may enter before the loops, and the squares a line entered are kept unmasked and masked once
/// after them, so that a round is a shift, an `or` and an `and` per line.
#[inline(always)]
pub(crate) fn orth_slide_sets<const W: u32>(
    d: &Derived,
    sliders: Bitboard,
    avail: Bitboard,
    enemy: Bitboard,
    strike: bool,
) -> [Bitboard; 4] {
    if sliders == 0 {
        return [0; 4];
    }
    let empty = avail & !enemy;
    // Vertical steps need no mask: `empty` and `avail` hold no square past the board.
    let open = [empty, empty, empty & d.not_first_col, empty & d.not_last_col];
    let ends = [avail, avail, avail & d.not_first_col, avail & d.not_last_col];
    let vertical = |b: [Bitboard; 2]| [Derived::up::<W>(d, b[0]), Derived::down::<W>(d, b[1])];
    let horizontal = |b: [Bitboard; 2]| [bitboard::shl::<1>(b[0]), bitboard::shr::<1>(b[1])];
    let [up, down] = vertical([sliders; 2]);
    let [right, left] = horizontal([sliders; 2]);
    let first = [up, down, right, left];
    let mut entered = first;
    let mut reach = [up & open[0], down & open[1]];
    while reach[0] | reach[1] != 0 {
        let next = vertical(reach);
        for i in 0..2 {
            entered[i] |= next[i];
            reach[i] = next[i] & open[i];
        }
    }
    let mut reach = [right & open[2], left & open[3]];
    while reach[0] | reach[1] != 0 {
        let next = horizontal(reach);
        for i in 0..2 {
            entered[2 + i] |= next[i];
            reach[i] = next[i] & open[2 + i];
        }
    }
    // The first square of a line may hold an enemy; a further one only when slides strike.
    core::array::from_fn(|i| if strike { entered[i] & ends[i] } else { (first[i] & ends[i]) | (entered[i] & open[i]) })
}

/// Moves of the sliders in `from` along `line`, one square further each round through `empty`:
/// the squares reached after `k` rounds are the moves of length `k`.
#[inline(always)]
pub(super) fn slide<S: Sink>(sink: &mut S, from: Bitboard, line: Line, empty: Bitboard, enemy: Bitboard, strike: bool) {
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
