//! Action ids: the map between moves and ids, the legal ids of a position, and playing an id.

use super::sight::Sight;
use super::to_frame;
use crate::rules::bitboard::{bits, for_each_bit, has, Bitboard};
use crate::state::{Count, Sink};
use crate::{Board, Game, IllegalMove, Move, MoveReport, Player, Rank, Rules, Square};
use core::mem::MaybeUninit;

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
        let d = self.derived();
        let (from, to) = d.split_action(id, s);
        Some(Move::new(d.coords[to_frame(player, s, from) & 127], d.coords[to_frame(player, s, to) & 127]))
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
        for_each_bit::<false>(targets, |t| self.emit(from_of(t), t));
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
    /// Walked in the mover's frame, so that the ids of one code come ascending (and the codes
    /// come ascending from the generator: [`Sight::for_each_action_sorted`] relies on both).
    fn decisions(&mut self, code: usize, targets: Bitboard) {
        self.count += targets.count_ones() as usize;
        if FLIP {
            bits(targets).rev().for_each(|t| (self.put)(decision_action(self.s, code, self.s - 1 - t)));
        } else {
            bits(targets).for_each(|t| (self.put)(decision_action(self.s, code, t)));
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

    /// Calls `put` with the action id of each of the viewer's legal moves, ascending. The
    /// caller checks [`Sight::may_move`].
    ///
    /// Ids sort by `from`, then by `to`, so the pieces are walked in square order and each
    /// piece's targets in turn: Red's squares upward, Blue's downward (its frame turns the
    /// board). A pending rescue's decisions come sorted from the generator as they are.
    #[inline(always)]
    pub(crate) fn for_each_action_sorted(&self, mut put: impl FnMut(usize)) {
        let (rules, state, viewer) = (self.rules, self.state, self.viewer);
        if state.deciding(viewer) {
            self.for_each_action(put);
            return;
        }
        let s = rules.num_squares();
        if viewer == Player::Blue {
            state.generate_by_square::<true>(rules, viewer, |from, targets, _| {
                let last = s * s - 1 - from * s;
                for_each_bit::<true>(targets, |to| put(last - to));
            });
        } else {
            state.generate_by_square::<false>(rules, viewer, |from, targets, _| {
                let first = from * s;
                for_each_bit::<false>(targets, |to| put(first + to));
            });
        }
    }

    /// [`Sight::for_each_action_sorted`] into `slots`, from slot 0; returns how many ids. The
    /// caller has checked that no decision is due and that the bound on the moves is below
    /// [`SORTED_SCRATCH`] (every write lands at or below the count so far).
    ///
    /// A stepper's four neighbours are each written, target or not, at the current slot, which
    /// moves on only past a target: whether a neighbour is one is a coin no branch predictor
    /// calls well, and a loop over a stepper's targets mispredicted about once a piece (the
    /// C header loop eight times a ply more than the Rust user loop). Its targets come as one
    /// word from a rotation, a bit per neighbour.
    #[inline(always)]
    fn sorted_ids_into(&self, slots: &mut [MaybeUninit<u32>; SORTED_SCRATCH]) -> usize {
        let (rules, state, viewer) = (self.rules, self.state, self.viewer);
        debug_assert!(!state.deciding(viewer));
        let (s, w) = (rules.num_squares(), rules.width() as usize);
        let mut ids = Slots { slots, n: 0 };
        // Bit `k` of a stepper's window is square `from - w + k`: its neighbours are bits 0,
        // `w - 1`, `w + 1` and `2w` (a square off the board wraps to one that is no target).
        let window = |targets: Bitboard, from: usize| {
            let x = targets.rotate_right((from.wrapping_sub(w) & 127) as u32) as u64;
            debug_assert!([
                (0, from.wrapping_sub(w)),
                (w - 1, from.wrapping_sub(1)),
                (w + 1, from + 1),
                (2 * w, from + w)
            ]
            .iter()
            .all(|&(k, to)| (x >> k & 1 != 0) == has(targets, to & 127)));
            x
        };
        let bit = |x: u64, k: usize| x >> k & 1 != 0;
        if viewer == Player::Blue {
            state.generate_by_square::<true>(
                rules,
                viewer,
                #[inline(always)]
                |from, targets, stepper| {
                    // Blue's ids ascend as its squares descend.
                    let last = s * s - 1 - from * s;
                    if stepper {
                        let (x, id) = (window(targets, from), last - from);
                        ids.put(id.wrapping_sub(w), bit(x, 2 * w));
                        ids.put(id.wrapping_sub(1), bit(x, w + 1));
                        ids.put(id + 1, bit(x, w - 1));
                        ids.put(id + w, bit(x, 0));
                    } else {
                        for_each_bit::<true>(targets, |to| ids.put(last - to, true));
                    }
                },
            );
        } else {
            state.generate_by_square::<false>(
                rules,
                viewer,
                #[inline(always)]
                |from, targets, stepper| {
                    let first = from * s;
                    if stepper {
                        let (x, id) = (window(targets, from), first + from);
                        ids.put(id.wrapping_sub(w), bit(x, 0));
                        ids.put(id.wrapping_sub(1), bit(x, w - 1));
                        ids.put(id + 1, bit(x, w + 1));
                        ids.put(id + w, bit(x, 2 * w));
                    } else {
                        for_each_bit::<false>(targets, |to| ids.put(first + to, true));
                    }
                },
            );
        }
        ids.n
    }

    /// The viewer's legal action ids into `out` (cleared first), sorted ascending.
    pub(crate) fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        if !self.may_move() {
            return;
        }
        let bound = self.state.move_bound(self.rules, self.viewer);
        out.reserve(bound);
        self.for_each_action_sorted(|id| out.push(id));
        debug_assert!(out.len() <= bound, "{} moves, more than the bound {bound}", out.len());
    }

    /// The viewer's legal action ids, sorted ascending, into the front of `out`; returns how
    /// many there are, and writes nothing when that is more than `out` holds.
    pub(crate) fn legal_actions_into_slice(&self, out: &mut [u32]) -> usize {
        if !self.may_move() {
            return 0;
        }
        // Where the mover sets leave room for every move, the ids are written as they come;
        // else they are counted first (a size query included), and written only if they fit.
        let bound = self.state.move_bound(self.rules, self.viewer);
        if out.len() < bound {
            let mut count = Count(0);
            self.state.generate(self.rules, self.viewer, &mut count);
            if count.0 > out.len() || out.is_empty() {
                return count.0;
            }
        }
        // Ids are below 17,921 (`S * S + 12 * S + 1` for 128 squares): they fit a u32.
        if bound < SORTED_SCRATCH && !self.state.deciding(self.viewer) {
            // Through room of our own, so that the caller's entries past the last id stay as
            // they were; not zeroed, which would cost more than the ids.
            let mut slots = [MaybeUninit::<u32>::uninit(); SORTED_SCRATCH];
            let n = self.sorted_ids_into(&mut slots);
            debug_assert!(n <= bound, "{n} moves, more than the bound {bound}");
            // SAFETY: the slot moves on only right after a write to it, so the first `n` were
            // written; `MaybeUninit<u32>` has the layout of `u32`.
            out[..n].copy_from_slice(unsafe { &*(&slots[..n] as *const [MaybeUninit<u32>] as *const [u32]) });
            return n;
        }
        // The bound (or the count) leaves a slot for each.
        let mut n = 0;
        self.for_each_action_sorted(|id| {
            if let Some(slot) = out.get_mut(n) {
                *slot = id as u32;
            }
            n += 1;
        });
        debug_assert!(n <= bound.max(out.len()), "{n} moves, more than the bound {bound}");
        n
    }
}

/// Room for the ids [`Sight::legal_actions_into_slice`] writes at once: more than the bound on
/// the moves of the editions' armies. A power of two, so that a slot index is masked, not
/// checked.
const SORTED_SCRATCH: usize = 512;

/// Ids written in turn into [`SORTED_SCRATCH`] slots (see [`Sight::sorted_ids_into`]).
struct Slots<'a> {
    slots: &'a mut [MaybeUninit<u32>; SORTED_SCRATCH],
    n: usize,
}

impl Slots<'_> {
    /// Write `id` at the current slot, and move on when it is `kept`.
    #[inline(always)]
    fn put(&mut self, id: usize, kept: bool) {
        self.slots[self.n % SORTED_SCRATCH].write(id as u32);
        self.n += usize::from(kept);
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
