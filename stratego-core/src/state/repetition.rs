//! The repetition rules, each kept as a small fixed-size summary updated in O(1) per move.
//!
//! **Two-squares rule** ([`Run`]): a piece may not move more than N times non-stop between the
//! same two squares. We read it as a count per *square border* along the line the piece is
//! moving on: each move of the same piece along the same line adds one to every border it crosses
//! and clears the others; a move that would cross a border already crossed N times in a row is
//! barred. For a one-square step this is exactly "N moves between the same two squares"; for a
//! Scout it is the ISF reading (after a3-a6, a6-a4, a4-a6 the a5|a6 border has been crossed three
//! times, so a6-a5, a6-a4 and a6-a3 are all barred, while a6-a7 is not). A move of another own
//! piece, or of the same piece along another line, starts a new run; the opponent's moves,
//! attacks included, do not interrupt it.
//!
//! **More-squares (chase) rule** ([`Chase`]): a player chases while each of their moves ends
//! next to an enemy piece and each opponent move takes a piece away from the square next to the
//! chaser's last move; any other move, and any battle, ends the chase. During a chase the chaser
//! may not play a threatening, non-attacking move that recreates a position of the chase (one of
//! its last `length - 1` plies), except to undo their own last move. This is the reading the 121
//! recorded chase cases were made with. Positions are compared by keys that know each piece by
//! its start square, never its rank, so a player's view applies the rule without hidden ranks.

use crate::rules::bitboard::{bit, has, Bitboard};
use crate::state::{piece_key, NO_SQUARE};
use crate::{Player, Rules};

/// The current run of one player's last-moved piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    /// Where the running piece stands, or [`NO_SQUARE`].
    pub square: u8,
    /// 0 row, 1 column, 2 diagonal, 3 anti-diagonal.
    axis: u8,
    /// Some border has reached the limit, so the piece has barred moves.
    pub hot: bool,
    /// Consecutive crossings of each border of the line (border `k` lies between line positions
    /// `k` and `k + 1`): nonzero only for the borders the last move crossed.
    counts: [u8; 16],
}

/// Iterates the set bits of a 16-bit mask.
struct Bits16(u16);

impl Iterator for Bits16 {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// `BYTE_LANES[x]`: a byte `0xFF` for each set bit of `x`, `0x00` for each clear one.
static BYTE_LANES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut x = 0;
    while x < 256 {
        let mut b = 0;
        while b < 8 {
            if x & 1 << b != 0 {
                t[x] |= 0xFF << (8 * b);
            }
            b += 1;
        }
        x += 1;
    }
    t
};

/// A byte `0xFF` in each of the 16 lanes whose bit of `borders` is set.
#[inline(always)]
fn lanes(borders: u16) -> u128 {
    BYTE_LANES[borders as u8 as usize] as u128 | (BYTE_LANES[(borders >> 8) as usize] as u128) << 64
}

const ONES: u128 = u128::from_le_bytes([1; 16]);

/// Whether some byte lane of `counts` is at `limit`, with no branch (a zero-byte test of
/// `counts ^ limit`). Since a border at the limit cannot be crossed again, no count passes it:
/// this is whether some border has reached it.
#[inline(always)]
fn any_lane_at(counts: u128, limit: u8) -> bool {
    const TOP: u128 = u128::from_le_bytes([0x80; 16]);
    let diff = counts ^ u128::from_le_bytes([limit; 16]);
    diff.wrapping_sub(ONES) & !diff & TOP != 0
}

/// Line axis and the positions of `from` and `to` along it. `ORTH`: the move is known to be
/// orthogonal (the rules have no diagonal or two-step movers).
#[inline(always)]
fn axis_of<const ORTH: bool>(rules: &Rules, from: usize, to: usize) -> (u8, usize, usize) {
    let coords = &rules.derived().coords;
    let (f, t) = (coords[from & 127], coords[to & 127]);
    let (fc, fr, tc, tr) = (f.col() as usize, f.row() as usize, t.col() as usize, t.row() as usize);
    if ORTH {
        // Along the column when the rows differ. Which of the two a move is, is a coin flip:
        // selected with a mask, since the compiler turns an `if` here into a branch.
        let column = fr != tr;
        let mask = (column as usize).wrapping_neg();
        return (column as u8, fc ^ ((fc ^ fr) & mask), tc ^ ((tc ^ tr) & mask));
    }
    if fr == tr {
        (0, fc, tc)
    } else if fc == tc {
        (1, fr, tr)
    } else if (tc > fc) == (tr > fr) {
        (2, fc, tc)
    } else {
        (3, fc, tc)
    }
}

impl Run {
    pub(crate) const NONE: Run = Run { square: NO_SQUARE, axis: 0, hot: false, counts: [0; 16] };

    /// The counts as sixteen byte lanes of one word, updated all at once: each border the move
    /// crosses goes up by one, every other drops to zero. A count never passes `limit` in play
    /// (crossing a border at the limit is barred), so no lane carries into the next. `ORTH`:
    /// the move is orthogonal (see [`axis_of`]).
    #[inline(always)]
    pub(crate) fn record<const ORTH: bool>(
        &mut self,
        rules: &Rules,
        limit: u8,
        from: usize,
        to: usize,
        survived: bool,
    ) {
        let (axis, pf, pt) = axis_of::<ORTH>(rules, from, to);
        let (lo, hi) = (pf.min(pt), pf.max(pt));
        let crossed = lanes(((1u32 << hi) - (1u32 << lo)) as u16);
        // Masks, not branches: whether the same piece moves on along the same line is a coin
        // flip in play.
        let same_run = (self.square as usize == from) & (self.axis == axis);
        let carried = u128::from_le_bytes(self.counts) & crossed & (same_run as u128).wrapping_neg();
        let counts = carried + (crossed & ONES);
        self.counts = counts.to_le_bytes();
        self.axis = axis;
        self.hot = any_lane_at(counts, limit);
        self.square = if survived { to as u8 } else { NO_SQUARE };
    }

    /// A run read from a position text: the piece on `square`, moving along `axis`, with
    /// `counts` consecutive crossings per border.
    pub(crate) fn from_parts(limit: u8, square: u8, axis: u8, counts: [u8; 16]) -> Run {
        Run { square, axis, hot: counts.iter().any(|&n| n >= limit), counts }
    }

    /// The runner's square, the axis and the nonzero border counts, or `None` when no run can
    /// bar a move (the last-moved piece did not survive its move).
    pub(crate) fn parts(&self) -> Option<(u8, u8, impl Iterator<Item = (usize, u8)> + '_)> {
        let active = self.counts.iter().enumerate().filter(|(_, &n)| n > 0).fold(0u16, |a, (b, _)| a | 1 << b);
        (self.square != NO_SQUARE).then(|| (self.square, self.axis, Bits16(active).map(|b| (b, self.counts[b]))))
    }

    /// This run with everything that cannot affect a future move cleared, so that equal rule
    /// states compare equal.
    pub(crate) fn canonical(&self) -> Run {
        if self.square == NO_SQUARE {
            Run::NONE
        } else {
            *self
        }
    }

    /// The most consecutive crossings of any border in the current run.
    pub(crate) fn longest(&self) -> u8 {
        self.counts.iter().copied().max().unwrap_or(0)
    }

    /// Squares the running piece may not move to.
    pub(crate) fn barred(&self, rules: &Rules, limit: u8) -> Bitboard {
        let (w, h) = (rules.width() as usize, rules.height() as usize);
        let s = self.square as usize;
        let (c, r) = (s % w, s / w);
        let (pos, len) = if self.axis == 1 { (r, h) } else { (c, w) };
        let at = |q: usize| -> Bitboard {
            let (col, row) = match self.axis {
                0 => (q as isize, r as isize),
                1 => (c as isize, q as isize),
                2 => (q as isize, r as isize + q as isize - c as isize),
                _ => (q as isize, r as isize - (q as isize - c as isize)),
            };
            if row < 0 || row >= h as isize {
                0
            } else {
                bit(row as usize * w + col as usize)
            }
        };
        let mut barred = 0;
        let mut blocked = false;
        for q in pos + 1..len {
            blocked |= self.counts[q - 1] >= limit;
            if blocked {
                barred |= at(q);
            }
        }
        blocked = false;
        for q in (0..pos).rev() {
            blocked |= self.counts[q] >= limit;
            if blocked {
                barred |= at(q);
            }
        }
        barred
    }
}

/// How many past positions the chase rule remembers (one per ply). A chase longer than this
/// is checked against its last `CHASE_MEMORY - 1` plies only; the recorded games and rule cases
/// need far fewer (see the tests).
pub(crate) const CHASE_MEMORY: usize = 64;

/// The fewest plies a chasing move must be compared with before it can recreate one of them.
///
/// A move of `p` recreates the position `k` plies back only if the moves since then and the new
/// one cancel out, `p`'s among themselves and the opponent's among themselves (no battle
/// happens inside a chase, and each move changes one piece of its player). One ply back, the
/// opponent's last move would have to cancel alone; two, the same. Three plies back, `p`'s last
/// move and the new one cancel: the new one moves that piece straight back, which is the undo the
/// rule allows. So until the window holds four plies the rule bars nothing, and the engine does
/// not look at chasing moves at all.
pub(crate) const MIN_BARRING_WINDOW: usize = 4;
const _: () = assert!(MIN_BARRING_WINDOW < CHASE_MEMORY, "a chase must be able to arm");

/// One ply inside a chase, as the chase rule remembers it: the squares of the move and the start
/// square of the piece that moved (which names the piece in position keys). Three bytes instead
/// of the eight of a position key: a position of the chase follows from the current one by
/// taking these moves back, since no battle happens inside a chase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub from: u8,
    pub to: u8,
    pub start: u8,
}

impl Step {
    const NONE: Step = Step { from: 0, to: 0, start: 0 };

    /// The position key before this step, from the key after it.
    #[inline(always)]
    fn undo_key(self, key: u64) -> u64 {
        key ^ piece_key(self.to as usize, self.start) ^ piece_key(self.from as usize, self.start)
    }
}

/// The chase bookkeeping of both players.
///
/// `length[p]` counts the plies of `p`'s current chase: each move of `p` that ends next to an
/// enemy piece adds one, each opponent move that takes a piece away from the square next to
/// `p`'s last move adds one; anything else, and every battle, ends it. A battle leaves at most
/// the battle's own ply in a chase, so the last `length - 1` plies are always plain moves.
///
/// The positions of the chase are not stored: the moves that led to them are (see [`Step`]),
/// which keeps this part of the position at about 200 bytes instead of half a kilobyte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Chase {
    length: [u16; 2],
    last_from: [u8; 2],
    last_to: [u8; 2],
    /// The move that led to each ply's position, at index `ply % CHASE_MEMORY`.
    steps: [Step; CHASE_MEMORY],
    /// How many plies have a position on record (since the position was loaded).
    stored: u16,
}

/// The part of a [`Chase`] one ply changes: taken before the ply, it takes the ply back
/// ([`Chase::mark`], [`Chase::restore`]). Sixteen bytes instead of the chase's two hundred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChaseMark {
    length: [u16; 2],
    last_from: [u8; 2],
    last_to: [u8; 2],
    stored: u16,
    /// The slot of `steps` the ply writes, and what it held.
    slot: u8,
    step: Step,
}

/// Whether two squares are orthogonal neighbours.
fn adjacent(rules: &Rules, a: u8, b: u8) -> bool {
    if a == NO_SQUARE || b == NO_SQUARE {
        return false;
    }
    has(rules.derived().neighbours[a as usize & 127], b as usize & 127)
}

/// The keys of the positions before the current one, newest first, each one step taken back,
/// as their difference (XOR) from the current position's key: a position of the chase recurs
/// exactly when a move changes the key by that much, so no position needs a key of its own.
pub(crate) struct RecentKeys<'a> {
    steps: &'a [Step; CHASE_MEMORY],
    ply: u32,
    key: u64,
    left: usize,
}

impl Iterator for RecentKeys<'_> {
    type Item = u64;
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.key = self.steps[self.ply as usize % CHASE_MEMORY].undo_key(self.key);
        self.ply = self.ply.wrapping_sub(1);
        Some(self.key)
    }
}

impl Chase {
    pub(crate) const NONE: Chase = Chase {
        length: [0; 2],
        last_from: [NO_SQUARE; 2],
        last_to: [NO_SQUARE; 2],
        steps: [Step::NONE; CHASE_MEMORY],
        stored: 0,
    };

    /// Start remembering from a loaded position.
    pub(crate) fn start(&mut self) {
        self.stored = 1;
    }

    /// A chase state read from a position text: per player the chase length and last move,
    /// and the moves that led to the previous plies' positions (newest first) at ply `ply`.
    pub(crate) fn from_parts(players: [(u16, u8, u8); 2], older_steps: &[Step], ply: u32) -> Chase {
        let mut c = Chase::NONE;
        for (p, (length, from, to)) in players.into_iter().enumerate() {
            c.length[p] = length;
            c.last_from[p] = from;
            c.last_to[p] = to;
        }
        for (delta, &step) in older_steps.iter().enumerate() {
            c.steps[(ply as usize - delta) % CHASE_MEMORY] = step;
        }
        c.stored = older_steps.len() as u16 + 1;
        c
    }

    /// `player`'s chase length and last move (from, to).
    pub(crate) fn last(&self, player: Player) -> (u16, u8, u8) {
        let p = player.index();
        (self.length[p], self.last_from[p], self.last_to[p])
    }

    /// How many plies before the current one `player`'s next chasing move is compared with.
    #[inline(always)]
    pub(crate) fn window_of(&self, p: usize) -> usize {
        (self.length[p] as usize).saturating_sub(1).min(CHASE_MEMORY - 1).min((self.stored as usize).saturating_sub(1))
    }

    /// How many plies before the current one any future chasing move may still be compared
    /// with: the longer of the players' windows now ([`Chase::window_of`]; windows grow by at
    /// most one ply per ply, so older positions never matter again).
    fn window(&self) -> usize {
        self.window_of(0).max(self.window_of(1))
    }

    /// The keys of the plies inside [`Chase::window`], newest first, relative to the current
    /// ply's (see [`RecentKeys`]; the current ply itself not included).
    pub(crate) fn window_keys(&self, ply: u32) -> RecentKeys<'_> {
        RecentKeys { steps: &self.steps, ply, key: 0, left: self.window() }
    }

    /// The moves inside [`Chase::window`], newest first: what a position text stores.
    pub(crate) fn window_steps(&self, ply: u32) -> impl Iterator<Item = Step> + '_ {
        (0..self.window()).map(move |delta| self.steps[(ply as usize - delta) % CHASE_MEMORY])
    }

    /// The keys `player`'s next chasing move is compared with, newest first, relative to the
    /// current ply's (see [`RecentKeys`]).
    #[inline]
    pub(crate) fn keys_for(&self, player: Player, ply: u32) -> RecentKeys<'_> {
        RecentKeys { steps: &self.steps, ply, key: 0, left: self.window_of(player.index()) }
    }

    /// This chase state with everything that cannot affect a future move cleared (moves outside
    /// the window, and how many were stored before it), so that equal rule states compare equal.
    pub(crate) fn canonical(&self, ply: u32) -> Chase {
        let mut c = *self;
        c.steps = [Step::NONE; CHASE_MEMORY];
        let window = self.window();
        for delta in 0..window {
            let slot = (ply as usize - delta) % CHASE_MEMORY;
            c.steps[slot] = self.steps[slot];
        }
        c.stored = window as u16 + 1;
        c
    }

    /// What the next ply's [`Chase::record`] (or an [`Chase::interrupt`]) may change, so that
    /// [`Chase::restore`] takes that ply back; `ply_after` is the ply count after it.
    #[inline(always)]
    pub(crate) fn mark(&self, ply_after: u32) -> ChaseMark {
        let slot = (ply_after as usize % CHASE_MEMORY) as u8;
        ChaseMark {
            length: self.length,
            last_from: self.last_from,
            last_to: self.last_to,
            stored: self.stored,
            slot,
            step: self.steps[slot as usize],
        }
    }

    /// Take back what happened since `mark` was taken.
    #[inline]
    pub(crate) fn restore(&mut self, mark: ChaseMark) {
        self.length = mark.length;
        self.last_from = mark.last_from;
        self.last_to = mark.last_to;
        self.stored = mark.stored;
        self.steps[mark.slot as usize] = mark.step;
    }

    /// End both players' chases (as a battle does), for a change of the position that is no
    /// move: a rescued piece.
    pub(crate) fn interrupt(&mut self) {
        self.length = [0; 2];
    }

    /// Whether `player`'s chasing moves are checked now: only once their next move is compared
    /// with [`MIN_BARRING_WINDOW`] plies or more, since no shorter window can bar a move.
    #[inline]
    pub(crate) fn armed(&self, player: Player) -> bool {
        // `window_of(p) >= MIN_BARRING_WINDOW`, without its clamps: asked several times a ply.
        let at_least = MIN_BARRING_WINDOW as u16 + 1;
        self.length[player.index()] >= at_least && self.stored >= at_least
    }

    /// Update after `player` moved `from`-`to` with the piece that started on `start`;
    /// `threatens`: the piece now stands next to an enemy piece; `ply`: the ply count after the
    /// move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn record(
        &mut self,
        rules: &Rules,
        player: Player,
        step: Step,
        battle: bool,
        threatens: bool,
        ply: u32,
    ) {
        let p = player.index();
        let q = p ^ 1;
        let evasion = adjacent(rules, step.from, self.last_to[q]);
        self.last_from[p] = step.from;
        self.last_to[p] = step.to;
        let mut own = self.length[p];
        let mut opp = if evasion { self.length[q].saturating_add(1) } else { 0 };
        if battle {
            own = 0;
            opp = 0;
        }
        self.length[q] = opp;
        self.length[p] = if threatens { own.saturating_add(1) } else { 0 };
        self.steps[ply as usize % CHASE_MEMORY] = step;
        self.stored = self.stored.saturating_add(1);
    }

    /// Whether `player` moving `from`-`to` is the exception to the rule: taking back their own
    /// last move.
    #[inline(always)]
    pub(crate) fn is_undo(&self, player: Player, from: usize, to: usize) -> bool {
        let p = player.index();
        from as u8 == self.last_to[p] && to as u8 == self.last_from[p]
    }
}

/// The repetition rules as the move generator asks them.
use super::{cell_owner, State};
use crate::rules::Derived;

impl State {
    /// Empty squares next to an enemy piece of `player`'s: where a chasing move can go.
    #[inline]
    pub(super) fn chase_squares(&self, rules: &Rules, player: Player) -> Bitboard {
        let d = rules.derived();
        d.board & !d.lakes & !self.occ[0] & !self.occ[1] & Derived::orth_shifts::<0>(d, self.occ[player.index() ^ 1])
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
}
