//! Move generation: every piece's targets set-wise on bitboards, and the tests for a move.

use super::sink::*;
use super::*;
use crate::rules::bitboard::{self, bit, bits, has, Bitboard};
use crate::rules::{Derived, DIAGONAL, ORTHOGONAL};
use crate::{Player, Rank, Rules};

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
    /// Targets of a slide from `from` along `dirs`: empty squares up to the first blocker, plus
    /// the blocker when it is an enemy and the rules let a long move end in an attack.
    #[inline(always)]
    pub(super) fn slide_targets(
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
                t |= Derived::orth_shifts::<0>(d, first & !enemy) & avail;
            }
        }
        if ds {
            let first = Derived::diag_shifts::<0>(d, one) & avail;
            t |= first;
            if d.diag_doubles & r != 0 {
                t |= Derived::diag_shifts::<0>(d, first & !enemy) & avail;
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
    pub(super) fn trimmed(&self, rules: &Rules, player: Player) -> Restrictions {
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
            r.pieces |= (Derived::orth_shifts::<0>(d, chasing) & m[ORTH_STEP])
                | (Derived::diag_shifts::<0>(d, chasing) & m[DIAG_STEP])
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
    pub(super) fn generate_w<S: Sink, const W: u32, const PLAIN: bool>(
        &self,
        rules: &Rules,
        player: Player,
        sink: &mut S,
    ) {
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
    pub(super) fn generate_sets<S: Sink, const W: u32, const PLAIN: bool>(
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
        let w = Derived::width::<W>(d) as i32;
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
    pub(super) fn by_square<const W: u32, const PLAIN: bool, const DOWN: bool>(
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
        let pieces = ((steppers | sliders) & Derived::orth_shifts::<W>(d, avail)) | others;
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

    /// A legal move of the side to move drawn by `entropy` as [`crate::Board::random_move`]
    /// draws it, when the rules are [`Derived::plain`] and no repetition rule may trim a move
    /// this ply (the caller checks both): the eight sets the plain generator gives a
    /// [`Tally`], in its order (four step directions, then four slide lines), worked out here
    /// in registers, with none of the sink's bookkeeping. `W` as in [`State::generate_w`].
    #[inline(always)]
    pub(crate) fn pick_plain<const W: u32>(&self, rules: &Rules, entropy: u64) -> Option<(usize, usize)> {
        debug_assert!(rules.derived().plain && !self.may_trim(rules, self.to_move));
        let d = rules.derived();
        let p = self.to_move.index();
        let own = self.occ[p];
        let enemy = self.occ[p ^ 1];
        let avail = d.board & !d.lakes & !own;
        let m = &self.movers[p];
        let w = Derived::width::<W>(d);
        let steppers = m[ORTH_STEP];
        let (right, left) = (avail & d.not_first_col, avail & d.not_last_col);
        let slides = orth_slide_sets::<W>(d, m[ORTH_SLIDE], avail, enemy, rules.slide_attacks());
        let sets = [
            Derived::up::<W>(d, steppers) & avail,
            Derived::down::<W>(d, steppers) & avail,
            bitboard::shl::<1>(steppers) & right,
            bitboard::shr::<1>(steppers) & left,
            slides[0],
            slides[1],
            slides[2],
            slides[3],
        ];
        // The moves before each set; the last entry is the number of moves.
        let mut starts = [0u32; 9];
        for i in 0..8 {
            starts[i + 1] = starts[i] + sets[i].count_ones();
        }
        let n = starts[8];
        if n == 0 {
            return None;
        }
        let k = ((entropy as u128 * n as u128) >> 64) as u32;
        // The set of move `k`: the last that starts at or before it (an empty set starts where
        // the next does, so it is never that one), by a count of comparisons, with no branch on
        // `k`: a loop that stops at the set would end where no predictor guesses.
        let at = (1..8).map(|i| (starts[i] <= k) as usize).sum::<usize>();
        let t = bitboard::nth_bit(sets[at & 7], (k - starts[at & 7]) as usize);
        let w = w as i32;
        let delta = [w, -w, 1, -1][at & 3];
        let from = if at < 4 { (t as i32 - delta) as usize } else { slider_behind(t, delta, own) };
        Some((from, t))
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
    pub(super) fn one_by_one<const PLAIN: bool>(&self, rules: &Rules, player: Player) -> Restrictions {
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
    pub(super) fn doubles(&self, d: &Derived, p: usize) -> Bitboard {
        let ranks = d.orth_doubles | d.diag_doubles;
        let mut b = 0;
        for i in bits(self.movers[p][ORTH_STEP] | self.movers[p][DIAG_STEP]) {
            if ranks & 1 << cell_rank(self.cells[i]).index() != 0 {
                b |= bit(i);
            }
        }
        b
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
    pub(super) fn has_moves_w<const W: u32, const PLAIN: bool>(&self, rules: &Rules, player: Player) -> bool {
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
            if Derived::orth_shifts::<W>(d, (m[ORTH_STEP] | m[ORTH_SLIDE]) & free) & avail != 0
                || !PLAIN && Derived::diag_shifts::<W>(d, (m[DIAG_STEP] | m[DIAG_SLIDE]) & free) & avail != 0
            {
                return true;
            }
        }
        let mut c = Count(0);
        self.generate_w::<Count, W, PLAIN>(rules, player, &mut c);
        c.0 > 0
    }
}
