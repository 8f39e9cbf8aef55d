//! A lean reference engine: the yardstick the engine's playout figures are compared with in one
//! `cargo bench` run on one machine (see the `reference` benches in engine.rs and the anchors in
//! PERFORMANCE.md).
//!
//! Classic Stratego only: 10x10 board, the standard lakes, the Classic battles, no repetition
//! rules, no history, no revealed or moved bookkeeping. The state is a `[u8; 100]` mailbox plus
//! per-side `u128` sets (occupancy, Scouts, immobile pieces): single steps are generated set-wise
//! with four shifts, Scouts with ray tables and a first-blocker bit scan, and a move is applied
//! incrementally. A game ends when a Flag is taken or a side cannot move (it loses; a draw when
//! neither can), judged as stratego-core judges it: right after every move, for both sides. A
//! safety cap of [`PLY_CAP`] plies ends a game in a draw.

use stratego_core::{Rank, Setup};

/// Rank codes in the mailbox: `Rank::index() + 1` (0 is an empty square), owner in bit 4.
const FLAG: u8 = 1;
const SPY: u8 = 2;
const MINER: u8 = 4;
const MARSHAL: u8 = 11;
const BOMB: u8 = 12;

/// Plies after which a game is called a draw (a safety net; random games average ~800).
pub const PLY_CAP: u64 = 100_000;

const BOARD: u128 = (1 << 100) - 1;
/// c5 d5 g5 h5 and c6 d6 g6 h6.
const LAKES: u128 = 0b11 << 42 | 0b11 << 46 | 0b11 << 52 | 0b11 << 56;
/// Bit 0 of every row: (2^100 - 1) / (2^10 - 1) = 1 + 2^10 + ... + 2^90.
const COL_A: u128 = BOARD / 0x3FF;
const COL_J: u128 = COL_A << 9;
/// Index step of each direction: north, east (rays up in index), south, west (down).
const DELTA: [isize; 4] = [10, 1, -10, -1];

/// `RAYS[d][sq]`: the squares beyond `sq` in direction `d` up to the edge, lakes included (the
/// scan counts them as blockers). Rows 100..128 are empty: the sentinel bit 127 reads an empty ray.
static RAYS: [[u128; 128]; 4] = rays();

const fn rays() -> [[u128; 128]; 4] {
    let mut t = [[0; 128]; 4];
    let mut sq = 0;
    while sq < 100 {
        let (col, row) = (sq % 10, sq / 10);
        let mut i = 1;
        while i < 10 {
            if row + i < 10 {
                t[0][sq] |= 1 << (sq + 10 * i);
            }
            if col + i < 10 {
                t[1][sq] |= 1 << (sq + i);
            }
            if row >= i {
                t[2][sq] |= 1 << (sq - 10 * i);
            }
            if col >= i {
                t[3][sq] |= 1 << (sq - i);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// How a game ended: the winner's index (0 = Red, 1 = Blue), or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Won(usize),
    Draw,
}

/// A reused move list of `(from, to)` square indices. 256 entries hold any position's moves (at
/// most 25 stepping pieces x 4 + 8 Scouts x 18 = 244), so `& 255` drops the bounds checks.
pub struct MoveList {
    /// `from | to << 8`.
    moves: [u16; 256],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList { moves: [0; 256], len: 0 }
    }
}

impl MoveList {
    /// The moves as `(from, to)`.
    pub fn moves(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.moves[..self.len].iter().map(|&m| split(m))
    }
    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        self.moves[self.len & 255] = (from | to << 8) as u16;
        self.len += 1;
    }
}

/// Every move of one side by category: the four step directions' target sets (Scouts excluded)
/// and each Scout's target set, with the total `n`.
struct Categories {
    steps: [u128; 4],
    scout_targets: [u128; 8],
    scout_squares: [u8; 8],
    scouts: usize,
    n: u32,
}

/// A position: mailbox, per-side sets, side to move. 0 = Red (moves first), 1 = Blue.
#[derive(Clone, Copy)]
pub struct Position {
    cells: [u8; 100],
    occupied: [u128; 2],
    scouts: [u128; 2],
    immobile: [u128; 2],
    to_move: usize,
}

#[inline(always)]
fn split(m: u16) -> (usize, usize) {
    ((m & 255) as usize, (m >> 8) as usize)
}

/// Calls `f` with each square of `set`, lowest first, a 64-bit half at a time.
#[inline(always)]
fn for_each_square(set: u128, mut f: impl FnMut(usize)) {
    for (mut word, base) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
        while word != 0 {
            f(base + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// The `k`-th (from 0) set bit of `set`, by clearing low bits (no `pdep`).
#[inline(always)]
fn nth_bit(set: u128, k: u32) -> usize {
    let (lo, low_count) = (set as u64, (set as u64).count_ones());
    let (mut word, mut k, base) = if k < low_count { (lo, k, 0) } else { ((set >> 64) as u64, k - low_count, 64) };
    while k > 0 {
        word &= word - 1;
        k -= 1;
    }
    base + word.trailing_zeros() as usize
}

impl Position {
    /// The start position of two setups (Red's and Blue's), Red to move.
    pub fn new(red: &Setup, blue: &Setup) -> Position {
        let mut p = Position { cells: [0; 100], occupied: [0; 2], scouts: [0; 2], immobile: [0; 2], to_move: 0 };
        for (side, setup) in [red, blue].into_iter().enumerate() {
            assert_eq!(setup.player().index(), side, "Red's setup first");
            for &(sq, rank) in setup.pieces() {
                let (i, bit) = (sq.index(10), 1u128 << sq.index(10));
                p.cells[i] = (rank.index() as u8 + 1) | (side as u8) << 4;
                p.occupied[side] |= bit;
                if rank == Rank::Scout {
                    p.scouts[side] |= bit;
                }
                if matches!(rank, Rank::Bomb | Rank::Flag) {
                    p.immobile[side] |= bit;
                }
            }
        }
        p
    }

    /// The four step directions' target sets of `side`'s `movers`.
    #[inline(always)]
    fn steps(&self, side: usize, movers: u128) -> [u128; 4] {
        let free = BOARD & !self.occupied[side] & !LAKES;
        [(movers << 10) & free, (movers << 1) & free & !COL_A, (movers >> 10) & free, (movers >> 1) & free & !COL_J]
    }

    /// The squares a Scout on `sq` may reach: empty squares up to the first blocker on each
    /// ray, and that blocker when it is an enemy.
    #[inline(always)]
    fn scout_targets(&self, sq: usize, own: u128) -> u128 {
        let blockers = self.occupied[0] | self.occupied[1] | LAKES;
        let mut reach = 0;
        for rays in &RAYS[..2] {
            // Up in index: the lowest blocker; sentinel bit 127 (an empty ray) when none.
            let ray = rays[sq & 127];
            let first = ((ray & blockers) | 1 << 127).trailing_zeros() as usize;
            reach |= ray ^ rays[first & 127];
        }
        for rays in &RAYS[2..] {
            // Down in index: the highest blocker; sentinel bit 0 (square 0's downward rays are
            // empty, so a ray not reaching it is kept whole) when none.
            let ray = rays[sq & 127];
            let first = 127 - ((ray & blockers) | 1).leading_zeros() as usize;
            reach |= ray ^ rays[first & 127];
        }
        reach & !own & !LAKES
    }

    #[inline(always)]
    fn categories(&self) -> Categories {
        let side = self.to_move & 1;
        let own = self.occupied[side];
        let steps = self.steps(side, own & !self.immobile[side] & !self.scouts[side]);
        let mut c = Categories { steps, scout_targets: [0; 8], scout_squares: [0; 8], scouts: 0, n: 0 };
        c.n = steps.iter().map(|s| s.count_ones()).sum();
        let mut scouts = self.scouts[side];
        while scouts != 0 {
            let sq = scouts.trailing_zeros() as usize;
            let t = self.scout_targets(sq, own);
            c.scout_targets[c.scouts & 7] = t;
            c.scout_squares[c.scouts & 7] = sq as u8;
            c.scouts += 1;
            c.n += t.count_ones();
            scouts &= scouts - 1;
        }
        c
    }

    /// How many legal moves the side to move has.
    pub fn count_moves(&self) -> usize {
        self.categories().n as usize
    }

    /// A legal move drawn uniformly by `r` (count, draw `k`, select the `k`-th), or `None`
    /// when the side to move cannot move.
    #[inline(always)]
    pub fn pick(&self, r: u64) -> Option<(usize, usize)> {
        let c = self.categories();
        if c.n == 0 {
            return None;
        }
        let mut k = ((r as u128 * c.n as u128) >> 64) as u32;
        for (d, &set) in c.steps.iter().enumerate() {
            let count = set.count_ones();
            if k < count {
                let to = nth_bit(set, k);
                return Some(((to as isize - DELTA[d]) as usize, to));
            }
            k -= count;
        }
        for (&set, &from) in c.scout_targets.iter().zip(&c.scout_squares).take(c.scouts) {
            let count = set.count_ones();
            if k < count {
                return Some((from as usize, nth_bit(set, k)));
            }
            k -= count;
        }
        unreachable!("k is below the move count")
    }

    /// The legal moves of the side to move into `list` (cleared first), in the order `pick`
    /// counts them; returns their number.
    #[inline(always)]
    pub fn moves_into(&self, list: &mut MoveList) -> usize {
        list.len = 0;
        let side = self.to_move & 1;
        let own = self.occupied[side];
        let steps = self.steps(side, own & !self.immobile[side] & !self.scouts[side]);
        for (&set, delta) in steps.iter().zip(DELTA) {
            for_each_square(set, |to| list.push((to as isize - delta) as usize, to));
        }
        let mut scouts = self.scouts[side];
        while scouts != 0 {
            let from = scouts.trailing_zeros() as usize;
            for_each_square(self.scout_targets(from, own), |to| list.push(from, to));
            scouts &= scouts - 1;
        }
        list.len
    }

    /// Whether `side` has a legal move (a Scout that can move can step, so steps decide).
    #[inline]
    fn mobile(&self, side: usize) -> bool {
        self.steps(side, self.occupied[side] & !self.immobile[side]).iter().any(|&s| s != 0)
    }

    /// How the game ends when the side to move cannot move: it loses, or a draw if neither can.
    pub fn stuck_end(&self) -> End {
        let other = (self.to_move ^ 1) & 1;
        if self.mobile(other) {
            End::Won(other)
        } else {
            End::Draw
        }
    }

    /// Play a legal move `from` -> `to`; returns the end when it ends the game (a Flag taken,
    /// or the mover left without a move). The opponent's being stuck shows as an empty move list.
    #[inline(always)]
    pub fn apply(&mut self, from: usize, to: usize) -> Option<End> {
        let (m, o) = (self.to_move & 1, (self.to_move ^ 1) & 1);
        let (fb, tb) = (1u128 << from, 1u128 << to);
        let a = self.cells[from];
        let d = self.cells[to];
        let scout = self.scouts[m] & fb != 0;
        self.cells[from] = 0;
        self.occupied[m] ^= fb;
        self.scouts[m] &= !fb;
        self.to_move = o;
        let (ra, rd) = (a & 15, d & 15);
        if d == 0 || ra > rd || (ra == SPY && rd == MARSHAL) || (ra == MINER && rd == BOMB) {
            if d != 0 {
                self.occupied[o] ^= tb;
                self.scouts[o] &= !tb;
                self.immobile[o] &= !tb;
            }
            self.cells[to] = a;
            self.occupied[m] |= tb;
            self.scouts[m] |= if scout { tb } else { 0 };
            // The attacker stands on `to` and can go back towards `from`: the mover can move.
            return (rd == FLAG).then_some(End::Won(m));
        }
        if ra == rd {
            self.cells[to] = 0;
            self.occupied[o] ^= tb;
            self.scouts[o] &= !tb;
        }
        // The attacker died: the mover may have nothing left that moves.
        if self.mobile(m) {
            None
        } else if self.mobile(o) {
            Some(End::Won(o))
        } else {
            Some(End::Draw)
        }
    }

    /// A random playout to the end: full move list, uniform choice, apply. Returns the plies.
    #[inline(never)]
    pub fn playout_list(&mut self, rng: &mut SplitMix64, list: &mut MoveList) -> (u64, End) {
        let mut plies = 0;
        while plies < PLY_CAP {
            let n = self.moves_into(list);
            if n == 0 {
                return (plies, self.stuck_end());
            }
            let (from, to) = split(list.moves[rng.below(n) & 255]);
            plies += 1;
            if let Some(end) = self.apply(from, to) {
                return (plies, end);
            }
        }
        (plies, End::Draw)
    }

    /// A random playout to the end without a move list: count, draw, select, apply.
    #[inline(never)]
    pub fn playout_count_select(&mut self, rng: &mut SplitMix64) -> (u64, End) {
        let mut plies = 0;
        while plies < PLY_CAP {
            let Some((from, to)) = self.pick(rng.next_u64()) else {
                return (plies, self.stuck_end());
            };
            plies += 1;
            if let Some(end) = self.apply(from, to) {
                return (plies, end);
            }
        }
        (plies, End::Draw)
    }
}

/// SplitMix64: the reference engine's move chooser.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` by multiply-shift.
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
