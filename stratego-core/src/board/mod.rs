//! A position without history: the rules and the flat state, cheap to copy.

mod hash;

use crate::rules::bitboard::has;
use crate::state::{cell_owner, cell_rank, Moves, State, Tally, REVEALED, TALLY_ANY};
use crate::{BattleReport, IllegalMove, IllegalReason, Move, MoveReport, Outcome, Piece, Player, Rank, Rules, Square};

/// A position and its rule state, without the game's history: what search needs. Cloning one
/// copies 720 bytes of flat data and shares the rules, with no other heap work; take one
/// from a game with [`crate::Game::board`].
///
/// A board knows everything a game needs to decide legality from here on (the two-squares and
/// chase rule state included), so moves played on it follow the same rules as on the game.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// let mut board = game.board().clone();
/// let mv = board.legal_moves()[0];
/// board.play(mv)?;
/// assert_eq!(board.ply(), 1);
/// assert_eq!(game.ply(), 0); // the game is untouched
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) rules: Rules,
    pub(crate) state: State,
}

/// Boards are equal when they hold the same rules and the same position: the same pieces with
/// the same flags and start squares, the same side to move, plies, captures, outcome and
/// repetition-rule state. Leftovers that can never matter again (for example a chase memory
/// older than the current chase) do not count.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.rules == other.rules && self.state.same(&other.state, &self.rules)
    }
}
impl Eq for Board {}

impl Board {
    /// The short position string of [`crate::Game::from_position`]: one Gravon letter per
    /// square, the side to move and the ply. It leaves out moved flags, start squares and the
    /// repetition rules' state: use [`Board::position_full`] to save a position.
    pub fn position(&self) -> String {
        position_string(&self.rules, &self.state)
    }
    /// The full position string: the short form, then `name=value` fields for every other fact
    /// the board holds, so that [`crate::Game::from_position`] reads it back to an equal board.
    /// A field is written only when it differs from what the short form implies; `over=` always
    /// comes last and marks the text as full (the outcome is then read, not judged again).
    ///
    /// | field | value | meaning |
    /// |---|---|---|
    /// | `quiet` | a number | plies since the last battle |
    /// | `moved` | squares, e.g. `e5,f6` | pieces that have moved |
    /// | `slid` | squares | pieces seen moving more than one square |
    /// | `start` | `square:start` pairs, e.g. `e5:e4` | start squares of pieces not on them |
    /// | `lost` | Gravon letters, e.g. `DDN` (`-` for none) | every captured piece (always written with a free army) |
    /// | `run.r`, `run.b` | `square/axis/border:count,...` | the two-squares rule's current run (axis `row`, `col`, `diag`, `anti`; border `k` lies between squares `k` and `k+1` of the line, from 0) |
    /// | `chase.r`, `chase.b` | `length/from/to` | the chase rule's chase length and the player's last move (`-` for no square) |
    /// | `chase.moves` | `from-to:start`, comma-separated, newest first | the moves that led to the positions the chase rule still compares with, each with the start square of the piece that moved |
    /// | `rescues` | `red/blue`, e.g. `1/0` | rescues each player has made (rules with rescues) |
    /// | `rescuers` | squares | pieces that have rescued and may not again |
    /// | `rescue` | a square | a rescue decision is due, triggered by the side to move's piece there |
    /// | `over` | `-`, or `red`/`blue`/`draw`, `/`, then `flag`, `no-move`, `both-stuck`, `ply-cap`, `no-battle-cap` or `resigned` | the outcome |
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// game.playout(5, 30);
    /// let text = game.board().position_full();
    /// assert!(text.starts_with(&game.position()) && text.ends_with("over=-"));
    /// assert!(text.contains(" moved="));
    /// assert_eq!(Game::from_position(rules, &text)?.board(), game.board());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_full(&self) -> String {
        crate::state::text::full_text(&self.rules, &self.state)
    }
    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.state.to_move
    }
    /// Plies played (from the start position's ply). A rescue decision ends the turn of the
    /// move before it and adds no ply, though the history holds it.
    pub fn ply(&self) -> u32 {
        self.state.ply
    }
    /// Plies since the last battle.
    pub fn quiet_plies(&self) -> u32 {
        self.state.quiet
    }
    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }
    /// The piece on `sq`, if any (`None` also off the board).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.rules.contains(sq) {
            return None;
        }
        let c = self.state.cells[sq.index(self.rules.width())];
        (c != 0).then(|| Piece {
            owner: cell_owner(c),
            rank: cell_rank(c),
            revealed: c & REVEALED != 0,
            moved: c & crate::state::MOVED != 0,
        })
    }
    /// The pieces `player` has lost, strongest last, e.g. `[Scout, Scout, Miner]`.
    pub fn captured(&self, player: Player) -> Vec<Rank> {
        let c = &self.state.captured[player.index()];
        Rank::ALL.iter().flat_map(|&r| std::iter::repeat_n(r, c[r.index()] as usize)).collect()
    }
    /// How many pieces of `rank` `player` has lost.
    pub fn captured_count(&self, player: Player, rank: Rank) -> u8 {
        self.state.captured[player.index()][rank.index()]
    }
    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        // The same room `legal_moves_into` reserves, so that it never grows the list again.
        let mut out = Vec::with_capacity(self.rules.num_squares() * 2);
        self.legal_moves_into(&mut out);
        out
    }
    /// Write the legal moves into `out` (cleared first). Reusing one buffer keeps move
    /// generation off the heap.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        // One reservation up front keeps the pushes below on their fast path.
        out.reserve(self.rules.num_squares() * 2);
        if self.state.outcome.is_none() {
            let mut sink = Moves { out, coords: &self.rules.derived().coords };
            self.state.generate(&self.rules, self.state.to_move, &mut sink);
        }
    }
    /// Hand each legal move of the side to move to `put`, in the order of
    /// [`Board::legal_moves_into`], with no list built; returns how many there were (0 once the
    /// game is over).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut moves = Vec::new();
    /// assert_eq!(game.board().for_each_legal_move(|mv| moves.push(mv)), game.legal_move_count());
    /// assert_eq!(moves, game.legal_moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_legal_move(&self, put: impl FnMut(Move)) -> usize {
        if self.state.outcome.is_some() {
            return 0;
        }
        let mut sink = crate::state::EachMove { put, len: 0, coords: &self.rules.derived().coords };
        self.state.generate(&self.rules, self.state.to_move, &mut sink);
        sink.len
    }
    /// How many legal moves the side to move has.
    pub fn legal_move_count(&self) -> usize {
        if self.state.outcome.is_some() {
            return 0;
        }
        let mut c = crate::state::Count(0);
        self.state.generate(&self.rules, self.state.to_move, &mut c);
        c.0
    }
    /// A legal move drawn uniformly by `entropy` (any 64-bit random number: the draw is
    /// `entropy * n >> 64` among the `n` legal moves), or `None` when there is none. Faster than
    /// listing the moves: it counts them, then finds the drawn one.
    ///
    /// The draw reads the high bits of `entropy`, so `entropy` must already be well mixed.
    /// Closely spaced values such as `seed * k + ply` differ only in their low bits, draw the
    /// same index ply after ply, and can shuffle pieces back and forth for 100,000 plies and
    /// more without a battle. Pass every value through a mixer first (the SplitMix64 finalizer
    /// below is enough), or draw from a seeded generator, as [`crate::Game::playout`] does.
    /// The draw itself stays as it is: recorded playouts depend on it.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mv = game.random_move(0x1234_5678_9abc_def0).expect("the opening has moves");
    /// assert!(game.is_legal(mv));
    ///
    /// // Entropy from a counter: mix it, so that neighbouring counts draw unrelated moves.
    /// fn mix(mut z: u64) -> u64 {
    ///     z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    ///     z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    ///     z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ///     z ^ (z >> 31)
    /// }
    /// let rules = Rules::edition(Edition::Barrage);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let seed = 7u64;
    /// while !game.is_over() && game.ply() < 100_000 {
    ///     let entropy = mix(seed.wrapping_mul(1_000_003).wrapping_add(u64::from(game.ply())));
    ///     game.play_unchecked(game.random_move(entropy).expect("a game not over has a move"));
    /// }
    /// assert!(game.is_over(), "random Barrage games with mixed entropy end");
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn random_move(&self, entropy: u64) -> Option<Move> {
        let (from, to) = self.random_pick(entropy)?;
        Some(self.pick_move(from, to))
    }

    /// [`Board::random_move`] as the generator's index pair: board indices, or a rescue
    /// decision's code (see [`crate::state::RESCUE_FROM`]).
    #[inline]
    pub(crate) fn random_pick(&self, entropy: u64) -> Option<(usize, usize)> {
        if self.state.outcome.is_some() {
            return None;
        }
        if self.rules.derived().plain && !self.state.may_trim(&self.rules, self.state.to_move) {
            // Most plies: the plain generator's eight sets, drawn from without a tally.
            return if self.rules.width() == 10 {
                self.state.pick_plain::<10>(&self.rules, entropy)
            } else {
                self.state.pick_plain::<0>(&self.rules, entropy)
            };
        }
        self.pick_with(Tally::<TALLY_ANY>::new(), entropy)
    }

    /// [`Board::random_pick`] through `tally`: the plies a repetition rule may trim, and
    /// rules that are not plain. Out of line, so that the common draw's frame stays small.
    #[inline(never)]
    fn pick_with<const N: usize>(&self, mut tally: Tally<N>, entropy: u64) -> Option<(usize, usize)> {
        self.state.generate(&self.rules, self.state.to_move, &mut tally);
        let n = tally.total;
        if n == 0 {
            return None;
        }
        let k = ((entropy as u128 * n as u128) >> 64) as usize;
        let pieces = self.state.occ[0] | self.state.occ[1];
        let (from, to) = if tally.overflow {
            let mut select = crate::state::Select { k, found: None, pieces };
            self.state.generate(&self.rules, self.state.to_move, &mut select);
            select.found?
        } else {
            tally.nth(k, pieces)?
        };
        Some((from, to))
    }

    /// The move of a generator's index pair.
    #[inline]
    pub(crate) fn pick_move(&self, from: usize, to: usize) -> Move {
        let coords = &self.rules.derived().coords;
        if from >= crate::state::RESCUE_FROM {
            return crate::state::decision_move(coords, from, to);
        }
        Move::new(coords[from & 127], coords[to & 127])
    }
    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }
    /// `Ok` when `mv` is legal now, else why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        check_move(&self.rules, &self.state, mv)
    }
    /// Play `mv` if it is legal; otherwise return why, and change nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }
    /// Play `mv` without checking it: for search and playouts over moves from
    /// [`Board::legal_moves`].
    ///
    /// The caller promises `mv` is legal now (for example, it came from [`Board::legal_moves`] or
    /// [`Board::random_move`] of this position). An illegal move may panic or leave the game in an
    /// unspecified, memory-safe state; debug builds always panic. Use [`Board::play`] for moves
    /// from outside.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let (from, to) = mv.indices(self.rules.width());
        self.play_at(mv, from, to)
    }

    /// [`Board::play_unchecked`] with the board indices of `mv`'s squares (any values for a
    /// rescue decision) already worked out.
    #[inline]
    pub(crate) fn play_at(&mut self, mv: Move, from: usize, to: usize) -> MoveReport {
        debug_assert!(self.check(mv).is_ok(), "play_unchecked({mv}): {:?}", self.check(mv));
        let player = self.state.to_move;
        if self.state.rescue.pending {
            return self.play_decision(mv);
        }
        let applied = self.state.apply(&self.rules, from, to);
        MoveReport {
            mv,
            player,
            rank: applied.rank,
            battle: applied.defender.map(|(defender, result)| BattleReport {
                attacker: applied.rank,
                defender,
                result,
            }),
            outcome: self.state.outcome,
        }
    }

    /// Play a rescue decision (checked by the caller). Its report names the rescued rank (public:
    /// the piece stands revealed) or, for a decline, the rank of the piece that triggered it.
    #[cold]
    fn play_decision(&mut self, mv: Move) -> MoveReport {
        let player = self.state.to_move;
        let by = self.state.rescue.by as usize & 127;
        let trigger = cell_rank(self.state.cells[by]);
        let rank = self.state.apply_decision(&self.rules, mv).unwrap_or(trigger);
        MoveReport { mv, player, rank, battle: None, outcome: self.state.outcome }
    }

    /// Whether the side to move must now decide on a rescue (see [`crate::RulesBuilder::rescues`]):
    /// its legal moves are then [`Move::rescue`] decisions and [`Move::DECLINE_RESCUE`].
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::UltimateLightning);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert!(!game.board().rescue_pending());
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn rescue_pending(&self) -> bool {
        self.state.rescue.pending
    }

    /// Rescues `player` may still make this game (0 under rules without rescues).
    pub fn rescues_left(&self, player: Player) -> u8 {
        self.state.rescues_left(&self.rules, player)
    }

    /// Whether the piece on `sq` has rescued already (so it may not rescue again).
    pub fn has_rescued(&self, sq: Square) -> bool {
        self.state.has_rescued(&self.rules, sq)
    }

    /// Play uniformly random legal moves (a pure function of `seed`) until the game ends or
    /// `max_plies` more plies have been played; the outcome, or `None` when the limit stopped it.
    pub fn playout(&mut self, seed: u64, max_plies: u32) -> Option<Outcome> {
        let mut rng = crate::rules::rng::SplitMix64::new(seed);
        for _ in 0..max_plies {
            if self.state.outcome.is_some() {
                break;
            }
            let mv = self.random_move(rng.next_u64())?;
            self.play_unchecked(mv);
        }
        self.state.outcome
    }
}

/// The short position string of [`crate::Game::from_position`] for `state`.
pub(crate) fn position_string(rules: &Rules, state: &State) -> String {
    crate::state::text::short_text(rules, state)
}

/// Why `mv` is illegal in `state`, if it is (the board's and the views' check).
/// Whether `mv` is a one-square step along a direction `rank` moves in: reachable whenever the
/// target is on the board, no lake and not the mover's own piece (which the caller has checked),
/// because every movement class takes its first square so, attack or not. Most moves are such
/// steps, and this spares them working out every target of the piece.
#[inline(always)]
fn one_square_reach(rules: &Rules, rank: Rank, mv: Move) -> bool {
    let d = rules.derived();
    let r = 1u16 << rank.index();
    let (dc, dr) = (mv.from.col().abs_diff(mv.to.col()), mv.from.row().abs_diff(mv.to.row()));
    match (dc, dr) {
        (0, 1) | (1, 0) => (d.orth_steppers | d.orth_sliders) & r != 0,
        (1, 1) => (d.diag_steppers | d.diag_sliders) & r != 0,
        _ => false,
    }
}

pub(crate) fn check_move(rules: &Rules, state: &State, mv: Move) -> Result<(), IllegalMove> {
    let fail = |reason| Err(IllegalMove { mv, reason });
    if state.outcome.is_some() {
        return fail(IllegalReason::GameOver);
    }
    if state.rescue.pending || mv.is_decision() {
        return check_decision(rules, state, mv);
    }
    if !rules.contains(mv.from) || !rules.contains(mv.to) {
        return fail(IllegalReason::OffBoard);
    }
    let w = rules.width();
    let (from, to) = (mv.from.index(w), mv.to.index(w));
    let c = state.cells[from];
    if c == 0 {
        return fail(IllegalReason::NoPiece);
    }
    let player = state.to_move;
    if cell_owner(c) != player {
        return fail(IllegalReason::NotYourPiece);
    }
    let movement = rules.movement(cell_rank(c));
    if !movement.is_mobile() {
        return fail(IllegalReason::Immovable);
    }
    if has(state.occ[player.index()], to) {
        return fail(IllegalReason::OwnPiece);
    }
    if rules.is_lake(mv.to) {
        return fail(IllegalReason::Lake);
    }
    if !one_square_reach(rules, cell_rank(c), mv) && !has(state.piece_targets(rules, from), to) {
        return fail(why_unreachable(rules, state, mv, movement));
    }
    // The repetition rules, asked about this one move only (not every move of the side), and
    // only on the plies where one of them can trim a move at all.
    if state.may_trim(rules, player) {
        if rules.no_return() && state.start[from] as usize == to && to != from {
            return fail(IllegalReason::NoReturn);
        }
        if state.run_bars(rules, player, from, to) {
            return fail(IllegalReason::TwoSquareRule);
        }
        if state.chase_bars(rules, player, from, to) {
            return fail(IllegalReason::ChaseRule);
        }
    }
    Ok(())
}
/// Why the rescue decision `mv` (or a board move while one is due) is illegal, if it is.
#[cold]
fn check_decision(rules: &Rules, state: &State, mv: Move) -> Result<(), IllegalMove> {
    let fail = |reason| Err(IllegalMove { mv, reason });
    if !state.rescue.pending {
        return fail(IllegalReason::NoRescuePending);
    }
    if !mv.is_decision() {
        return fail(IllegalReason::RescuePending);
    }
    let Some((rank, sq)) = mv.rescued() else {
        return if mv.is_decline() { Ok(()) } else { fail(IllegalReason::OffBoard) };
    };
    let player = state.to_move;
    if state.captured[player.index()][rank.index()] == 0 {
        return fail(IllegalReason::NotCaptured);
    }
    if !rules.in_rescue_zone(player, sq) {
        return fail(IllegalReason::OutsideRescueZone);
    }
    if state.cells[sq.index(rules.width())] != 0 {
        return fail(IllegalReason::Occupied);
    }
    Ok(())
}

/// Explain why a piece that moves like `movement` cannot reach `mv.to`.
fn why_unreachable(rules: &Rules, state: &State, mv: Move, movement: crate::Movement) -> IllegalReason {
    use crate::Reach;
    let (dc, dr) = (mv.to.col() as i16 - mv.from.col() as i16, mv.to.row() as i16 - mv.from.row() as i16);
    let orth = dc == 0 || dr == 0;
    let diag = dc.abs() == dr.abs();
    let reach = if orth {
        movement.orthogonal
    } else if diag {
        movement.diagonal
    } else {
        Reach::None
    };
    let dist = dc.abs().max(dr.abs());
    // In two steps' reach, but the square between is taken (or a lake).
    let orth_two = movement.orthogonal == Reach::TwoSteps && dc.abs() + dr.abs() <= 2;
    let diag_two = movement.diagonal == Reach::TwoSteps && dist <= 2 && (dc + dr) % 2 == 0;
    if orth_two || diag_two {
        return IllegalReason::Blocked;
    }
    if reach == Reach::None || reach == Reach::TwoSteps || (reach == Reach::Step && dist > 1) {
        return IllegalReason::Unreachable;
    }
    // A slide along an open line: something is in the way, or the strike is not allowed.
    let (sc, sr) = (dc.signum(), dr.signum());
    for k in 1..dist {
        let sq = Square::new((mv.from.col() as i16 + sc * k) as u8, (mv.from.row() as i16 + sr * k) as u8);
        if rules.is_lake(sq) {
            return IllegalReason::Lake;
        }
        if state.cells[sq.index(rules.width())] != 0 {
            return IllegalReason::Blocked;
        }
    }
    IllegalReason::SlideAttack
}
