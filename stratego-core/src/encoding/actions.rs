//! Action ids: the map between moves and ids, the legal ids of a position, and playing an id.

use super::sight::Sight;
use super::to_frame;
use crate::bitboard::{bits, Bitboard};
use crate::square::MAX_SQUARES;
use crate::state::{Count, Sink};
use crate::{Board, Game, IllegalMove, Move, MoveReport, Player, Rank, Rules, Square};

impl Rules {
    /// Number of action ids: `S * S` for `S` squares (10 000 on the standard board); under
    /// rules with rescues also `12 * S` rescue ids and one decline id after them.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::Isf).num_actions(), 10_000);
    /// assert_eq!(Rules::edition(Edition::UltimateLightning).num_actions(), 10_000 + 1_200 + 1);
    /// ```
    pub fn num_actions(&self) -> usize {
        let s = self.num_squares();
        s * s + if self.rescues() > 0 { Rank::COUNT * s + 1 } else { 0 }
    }

    /// The action id of `mv` played by `player`: `from * S + to` in `player`'s frame (Blue's
    /// board turned 180°). `None` when a square is off the board. Legality is not checked: every
    /// pair of squares has an id.
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mv = "a4-a5".parse()?;
    /// assert_eq!(rules.action_id(Player::Red, mv), Some(30 * 100 + 40));
    /// // Blue sees a4 as its own j7 (index 69) and a5 as j6 (index 59):
    /// assert_eq!(rules.action_id(Player::Blue, mv), Some(69 * 100 + 59));
    /// assert_eq!(rules.action_id(Player::Red, "a4-a11".parse()?), None);
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn action_id(&self, player: Player, mv: Move) -> Option<usize> {
        if mv.is_decision() {
            return self.decision_id(player, mv);
        }
        if !self.contains(mv.from) || !self.contains(mv.to) {
            return None;
        }
        let (w, s) = (self.width(), self.num_squares());
        Some(to_frame(player, s, mv.from.index(w)) * s + to_frame(player, s, mv.to.index(w)))
    }

    /// The move of action id `id` for `player`: the inverse of [`Rules::action_id`]. `None` when
    /// `id >= num_actions()`. Any smaller id decodes to a pair of squares, legal or not.
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// assert_eq!(rules.action_move(Player::Red, 3040).map(|m| m.to_string()), Some("a4-a5".into()));
    /// assert_eq!(rules.action_move(Player::Blue, 3040).map(|m| m.to_string()), Some("j7-j6".into()));
    /// assert_eq!(rules.action_move(Player::Red, 10_000), None);
    /// ```
    pub fn action_move(&self, player: Player, id: usize) -> Option<Move> {
        let s = self.num_squares();
        if id >= s * s {
            if id >= self.num_actions() {
                return None;
            }
            let k = id - s * s;
            if k == Rank::COUNT * s {
                return Some(Move::DECLINE_RESCUE);
            }
            let to = Square::from_index(to_frame(player, s, k % s), self.width());
            return Some(Move::rescue(Rank::ALL[k / s], to));
        }
        let w = self.width();
        let from = Square::from_index(to_frame(player, s, id / s), w);
        let to = Square::from_index(to_frame(player, s, id % s), w);
        Some(Move::new(from, to))
    }
}

impl Rules {
    /// The id of a rescue decision (see the module docs); `None` without rescues or off the board.
    ///
    /// ```
    /// use stratego_core::{Edition, Move, Player, Rank, Rules, Square};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// let mv = Move::rescue(Rank::Scout, Square::new(1, 0));
    /// assert_eq!(ul.action_id(Player::Red, mv), Some(10_000 + 2 * 100 + 1));
    /// assert_eq!(ul.action_id(Player::Red, Move::DECLINE_RESCUE), Some(11_200));
    /// assert_eq!(ul.action_move(Player::Blue, ul.action_id(Player::Blue, mv).unwrap()), Some(mv));
    /// assert_eq!(Rules::edition(Edition::Isf).action_id(Player::Red, mv), None);
    /// ```
    fn decision_id(&self, player: Player, mv: Move) -> Option<usize> {
        if self.rescues() == 0 {
            return None;
        }
        let s = self.num_squares();
        if mv.is_decline() {
            return Some(s * s + Rank::COUNT * s);
        }
        let (rank, to) = mv.rescued()?;
        if !self.contains(to) {
            return None;
        }
        Some(s * s + rank.index() * s + to_frame(player, s, to.index(self.width())))
    }
}

/// The id of the decision `(code, frame square)` of [`Sink::decisions`] on a board of `s` squares.
#[inline]
pub(crate) fn decision_action(s: usize, code: usize, frame_to: usize) -> usize {
    if code == crate::state::DECLINE_FROM {
        s * s + Rank::COUNT * s
    } else {
        s * s + (code - crate::state::RESCUE_FROM) * s + frame_to
    }
}

/// Hands the action id of each legal move to `put`, counting them. `FLIP`: the mover is Blue.
pub(crate) struct ActionSink<F, const FLIP: bool> {
    put: F,
    s: usize,
    count: usize,
}

impl<F: FnMut(usize), const FLIP: bool> ActionSink<F, FLIP> {
    #[inline(always)]
    fn emit(&mut self, from: usize, to: usize) {
        let raw = from * self.s + to;
        (self.put)(if FLIP { self.s * self.s - 1 - raw } else { raw });
    }
}

impl<F: FnMut(usize), const FLIP: bool> ActionSink<F, FLIP> {
    /// `put` the id of each move to a square of `targets`, whose `from` is `from_of(to)`; the
    /// two 64-bit halves walked apart (one test per id instead of the 128-bit iterator's two).
    #[inline(always)]
    fn each(&mut self, targets: Bitboard, from_of: impl Fn(usize) -> usize) {
        self.count += targets.count_ones() as usize;
        for (half, mut word) in [(0, targets as u64), (64, (targets >> 64) as u64)] {
            while word != 0 {
                let t = word.trailing_zeros() as usize + half;
                word &= word - 1;
                self.emit(from_of(t), t);
            }
        }
    }
}

impl<F: FnMut(usize), const FLIP: bool> Sink for ActionSink<F, FLIP> {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        self.each(targets, |t| (t as i32 - delta) as usize);
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        self.each(targets, |_| from);
    }
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        self.count += targets.count_ones() as usize;
        for t in bits(targets) {
            let frame = if FLIP { self.s - 1 - t } else { t };
            (self.put)(decision_action(self.s, code, frame));
        }
    }
}

impl Sight<'_> {
    /// Calls `put` with the action id of each of the viewer's legal moves (in generation
    /// order); returns how many there were. The caller checks [`Sight::may_move`].
    #[inline(always)]
    pub(crate) fn for_each_action(&self, put: impl FnMut(usize)) -> usize {
        let (rules, state, viewer) = (self.rules, self.state, self.viewer);
        let s = rules.num_squares();
        if viewer == Player::Blue {
            let mut sink = ActionSink::<_, true> { put, s, count: 0 };
            state.generate(rules, viewer, &mut sink);
            sink.count
        } else {
            let mut sink = ActionSink::<_, false> { put, s, count: 0 };
            state.generate(rules, viewer, &mut sink);
            sink.count
        }
    }

    /// The viewer's legal action ids into `out` (cleared first), sorted ascending.
    pub(crate) fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        if !self.may_move() {
            return;
        }
        let mut set = IdSet::new();
        let n = self.for_each_action(|id| set.insert(id));
        out.reserve(n);
        set.drain(|id| out.push(id));
    }

    /// The viewer's legal action ids, sorted ascending, into the front of `out`; returns how
    /// many there are, and writes nothing when that is more than `out` holds. One generation
    /// pass: the ids are gathered in an [`IdSet`] and written once they are known to fit.
    pub(crate) fn legal_actions_into_slice(&self, out: &mut [u32]) -> usize {
        if !self.may_move() {
            return 0;
        }
        if out.is_empty() {
            // A size query: the count alone, without ids.
            let mut count = Count(0);
            self.state.generate(self.rules, self.viewer, &mut count);
            return count.0;
        }
        let mut set = IdSet::new();
        let n = self.for_each_action(|id| set.insert(id));
        if let Some(slots) = out.get_mut(..n) {
            let mut slots = slots.iter_mut();
            // Ids are below MAX_ACTIONS = 17,921: they fit a u32. `drain` yields exactly `n`.
            set.drain(|id| {
                if let Some(slot) = slots.next() {
                    *slot = id as u32;
                }
            });
        }
        n
    }
}

/// The most action ids any rules have: `S * S + 12 * S + 1` for `S = MAX_SQUARES`.
const MAX_ACTIONS: usize = MAX_SQUARES * MAX_SQUARES + Rank::COUNT * MAX_SQUARES + 1;
const ID_WORDS: usize = MAX_ACTIONS.div_ceil(64);

/// Sorts distinct action ids without comparing them: each id sets its bit in a bitset of every
/// id, and a second level marks the words in use, so that reading the marked words in order
/// gives the ids in order. A word is written on its first use, not cleared up front: clearing
/// 2.2 KiB per call would cost more than the generation it serves (a comparison sort of the
/// two dozen ids of a position cost about as much as generating them).
struct IdSet {
    /// Written exactly where `used` has a bit.
    words: [core::mem::MaybeUninit<u64>; ID_WORDS],
    used: [u64; ID_WORDS.div_ceil(64)],
}

impl IdSet {
    #[inline(always)]
    fn new() -> IdSet {
        IdSet { words: [const { core::mem::MaybeUninit::uninit() }; ID_WORDS], used: [0; ID_WORDS.div_ceil(64)] }
    }

    /// Add `id < MAX_ACTIONS` (ids of the sinks' moves are distinct and in range).
    #[inline(always)]
    fn insert(&mut self, id: usize) {
        let (w, b) = (id / 64, 1u64 << (id % 64));
        let (u, ub) = (w / 64, 1u64 << (w % 64));
        if self.used[u] & ub != 0 {
            // SAFETY: `used` marks `w`, so an earlier insert wrote the word.
            unsafe { *self.words[w].assume_init_mut() |= b };
        } else {
            self.words[w].write(b);
            self.used[u] |= ub;
        }
    }

    /// Hand every id to `put`, ascending.
    #[inline(always)]
    fn drain(&self, mut put: impl FnMut(usize)) {
        for (u, &marks) in self.used.iter().enumerate() {
            let mut marks = marks;
            while marks != 0 {
                let w = u * 64 + marks.trailing_zeros() as usize;
                marks &= marks - 1;
                // SAFETY: `used` marks `w`, so `insert` wrote the word.
                let mut word = unsafe { self.words[w].assume_init() };
                while word != 0 {
                    put(w * 64 + word.trailing_zeros() as usize);
                    word &= word - 1;
                }
            }
        }
    }
}

/// An action id that cannot be played now. The game or board is unchanged.
///
/// ```
/// use stratego_core::{ActionError, Edition, Game, IllegalReason, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// assert_eq!(game.play_action(10_000), Err(ActionError::OutOfRange { id: 10_000, num_actions: 10_000 }));
/// // a5-a6 has an id (40 * 100 + 50), but no piece stands on a5:
/// match game.play_action(4050) {
///     Err(ActionError::Illegal { id, error }) => assert_eq!((id, error.reason), (4050, IllegalReason::NoPiece)),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(game.ply(), 0);
/// # Ok::<(), stratego_core::SetupError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The id is not below [`Rules::num_actions`].
    #[error("action id {id} is out of range: the rules have {num_actions} action ids")]
    OutOfRange {
        /// The id given.
        id: usize,
        /// How many ids the rules have.
        num_actions: usize,
    },
    /// The id's move is not legal now (the mover's frame decides which move it is).
    #[error("action {id} ({}): {}", .error.mv, .error.reason)]
    Illegal {
        /// The id given.
        id: usize,
        /// Why its move is not legal.
        error: IllegalMove,
    },
}

impl Board {
    /// The move of action id `id` for the side to move, checked: the move when `id` is one of
    /// [`Board::legal_actions`], else why not. Nothing changes.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let id = game.legal_actions()[0];
    /// let mv = game.board().check_action(id)?;
    /// assert!(game.is_legal(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_action(&self, id: usize) -> Result<Move, ActionError> {
        let mv = self
            .rules
            .action_move(self.state.to_move, id)
            .ok_or(ActionError::OutOfRange { id, num_actions: self.rules.num_actions() })?;
        self.check(mv).map_err(|error| ActionError::Illegal { id, error })?;
        Ok(mv)
    }

    /// Play action id `id` for the side to move, if legal (see [`Board::check_action`]);
    /// otherwise return why and change nothing.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut board = game.board().clone();
    /// let report = board.play_action(board.legal_actions()[0])?;
    /// assert_eq!(report.player, Player::Red);
    /// assert_eq!(board.ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_action(&mut self, id: usize) -> Result<MoveReport, ActionError> {
        let mv = self.check_action(id)?;
        Ok(self.play_unchecked(mv))
    }
}

impl Game {
    /// Play action id `id` for the side to move, if legal; otherwise return why and change
    /// nothing (see [`Board::play_action`]). The move joins the history like [`Game::play`].
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let id = game.legal_actions()[0];
    /// let report = game.play_action(id)?;
    /// assert_eq!(game.history(), &[report]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_action(&mut self, id: usize) -> Result<MoveReport, ActionError> {
        let mv = self.board().check_action(id)?;
        Ok(self.play_unchecked(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distinct ids in any order come back ascending, the edges of the id range and ids
    /// sharing a word included (and nothing comes back that was not put in).
    #[test]
    fn the_id_set_gives_distinct_ids_back_in_order() {
        let mut ids: Vec<usize> = vec![MAX_ACTIONS - 1, 0, 63, 64, 1, 9_999, 4_096, 4_095, 130, 17_000, 65];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        while ids.len() < 300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let id = (x % MAX_ACTIONS as u64) as usize;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let mut set = IdSet::new();
        for &id in &ids {
            set.insert(id);
        }
        let mut out = Vec::new();
        set.drain(|id| out.push(id));
        ids.sort_unstable();
        assert_eq!(out, ids);
        let mut empty = Vec::new();
        IdSet::new().drain(|id| empty.push(id));
        assert!(empty.is_empty());
    }
}
