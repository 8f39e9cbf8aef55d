//! The flat game state: a mailbox plus per-side bitboards, updated incrementally.
//!
//! Everything here is `Copy` and heap-free, so cloning a position is a memcpy and playing a move
//! touches a few bytes and words. The repetition rules keep O(1) summaries (see
//! [`crate::state::repetition`]) rather than scanning history.

mod apply;
mod movegen;
pub(crate) mod repetition;
mod report;
mod rescue;
mod sink;
pub(crate) mod text;

pub use report::{BattleReport, MoveReport, Outcome, Piece, Termination};
pub(crate) use sink::*;

use crate::rules::bitboard::{bit, bits, has, Bitboard};
use crate::rules::square::MAX_SQUARES;
use crate::rules::{Derived, MAX_RESCUES};
use crate::{Battle, Player, Rank, Rules};
use repetition::{Chase, Run};

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

    /// Rescues `player` may still make under `rules` (0 under rules without rescues).
    pub(crate) fn rescues_left(&self, rules: &Rules, player: Player) -> u8 {
        rules.rescues().saturating_sub(self.rescue.used[player.index()])
    }

    /// Whether the piece on `sq` has rescued already (so it may not rescue again).
    pub(crate) fn has_rescued(&self, rules: &Rules, sq: crate::Square) -> bool {
        rules.contains(sq) && has(self.rescuer_squares(), sq.index(rules.width()))
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

    /// Calls `at` at every ply of `seeds` games of `rules` from random setups with random
    /// moves, each cut at `plies`.
    fn along_random_games(rules: &Rules, seeds: u64, plies: u32, mut at: impl FnMut(&crate::Game)) {
        use crate::{Game, Setup};
        for seed in 0..seeds {
            let red = Setup::random(rules, Player::Red, 2 * seed + 1);
            let blue = Setup::random(rules, Player::Blue, 2 * seed + 2);
            let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
            while !game.is_over() && game.ply() < plies {
                at(&game);
                let mv = game.random_move(game.ply() as u64 ^ seed << 32).expect("the game goes on");
                game.play_unchecked(mv);
            }
        }
    }

    /// The square-order generator lists the moves `generate` lists, each piece once, in the
    /// pieces' square order either way, and never more than `move_bound`; under every edition
    /// (diagonal movers, two-step Captains, the repetition rules' restricted pieces), for both
    /// sides, along random games.
    #[test]
    fn by_square_lists_the_moves_of_generate_in_square_order() {
        use crate::Edition;
        // Under Miri every position costs seconds: a few plies of each edition there.
        let (seeds, plies) = if cfg!(miri) { (1, 6) } else { (6, 1500) };
        let mut restricted = 0;
        for edition in Edition::ALL {
            let rules = Rules::edition(edition);
            along_random_games(&rules, seeds, plies, |game| {
                let state = game.state();
                for player in Player::ALL {
                    if state.deciding(player) {
                        continue;
                    }
                    restricted += usize::from(state.restrictions(&rules, player).pieces != 0);
                    let mut expected = Pairs(Vec::new());
                    state.generate(&rules, player, &mut expected);
                    expected.0.sort_unstable();
                    assert!(expected.0.len() <= state.move_bound(&rules, player), "{edition}: bound below the moves");
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
            });
        }
        assert!(cfg!(miri) || restricted > 100, "only {restricted} positions had restricted pieces");
    }

    /// The plain draw ([`State::pick_plain`]) finds move `k` where [`Select`] does, in the
    /// order of the general tally, for every `k`: recorded playouts depend on that order. Along
    /// random games of the plain editions, on the plies no repetition rule trims.
    #[test]
    fn the_plain_draw_keeps_the_order_of_the_general_one() {
        use crate::Edition;
        let (seeds, plies) = if cfg!(miri) { (1, 4) } else { (4, 800) };
        let mut checked = 0;
        for edition in Edition::ALL {
            let rules = Rules::edition(edition);
            if !rules.derived().plain {
                continue;
            }
            along_random_games(&rules, seeds, plies, |game| {
                let state = game.state();
                if state.may_trim(&rules, state.to_move) {
                    return;
                }
                let mut count = Count(0);
                state.generate(&rules, state.to_move, &mut count);
                let n = count.0;
                for k in 0..n {
                    let entropy = (((k as u128) << 64).div_ceil(n as u128)) as u64;
                    let pieces = state.occ[0] | state.occ[1];
                    let mut select = Select { k, found: None, pieces };
                    state.generate(&rules, state.to_move, &mut select);
                    assert_eq!(state.pick_plain::<10>(&rules, entropy), select.found, "{edition}: move {k}");
                    assert_eq!(state.pick_plain::<0>(&rules, entropy), select.found, "{edition}: move {k}");
                }
                checked += 1;
            });
        }
        assert!(cfg!(miri) || checked > 1000, "only {checked} positions checked");
    }

    /// The chase rule looks at chasing moves only once they are compared with
    /// [`MIN_BARRING_WINDOW`](crate::state::repetition::MIN_BARRING_WINDOW) plies: check, along games
    /// that chase on purpose, that every shorter window bars nothing (the recorded chase cases
    /// in `tests/` show the longer windows barring).
    #[test]
    fn no_chase_window_below_the_minimum_bars_a_move() {
        use crate::state::repetition::MIN_BARRING_WINDOW;
        use crate::{Edition, Game, Setup};
        let rules = Rules::edition(Edition::Isf);
        let mut short = 0;
        let mut moves = Vec::new();
        for seed in 0..60u64 {
            let red = Setup::random(&rules, Player::Red, 2 * seed + 1);
            let blue = Setup::random(&rules, Player::Blue, 2 * seed + 2);
            let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
            let mut rng = crate::rules::rng::SplitMix64::new(seed);
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
