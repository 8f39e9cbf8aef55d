//! A game in progress: rules, flat state, and the history needed for records.

use crate::bitboard::has;
use crate::state::{cell_owner, cell_rank, make_cell, Moves, State, REVEALED};
use crate::{
    Battle, IllegalMove, IllegalReason, Move, ParseError, Player, PlayerView, Rank, Rules, Setup, SetupError,
    SetupProblem, Square,
};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// The winner captured the Flag.
    FlagCaptured,
    /// The loser has no legal move (moves barred by a repetition rule do not count).
    NoLegalMove,
    /// Neither player can move: a draw.
    BothStuck,
    /// The cap on total plies was reached: a draw.
    PlyCap,
    /// The cap on plies without a battle was reached: a draw.
    NoBattleCap,
    /// A player resigned.
    Resignation,
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub termination: Termination,
}

/// A piece as the full-information game sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Its owner.
    pub owner: Player,
    /// Its rank.
    pub rank: Rank,
    /// Whether a battle has shown its rank to the opponent.
    pub revealed: bool,
    /// Whether it has moved.
    pub moved: bool,
}

/// What a battle did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BattleReport {
    /// The attacker's rank (now known to both players).
    pub attacker: Rank,
    /// The defender's rank (now known to both players).
    pub defender: Rank,
    /// Who survived.
    pub result: Battle,
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// The moving piece's rank (public only when `battle` is `Some`).
    pub rank: Rank,
    /// The battle, when the move was an attack.
    pub battle: Option<BattleReport>,
    /// The outcome, when the move ended the game.
    pub outcome: Option<Outcome>,
}

/// A game: rules, position, history.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let red = Setup::random(&rules, Player::Red, 1);
/// let blue = Setup::random(&rules, Player::Blue, 2);
/// let mut game = Game::new(rules, red, blue)?;
/// let mv = game.legal_moves()[0];
/// let report = game.play(mv).expect("a legal move plays");
/// assert_eq!(report.player, Player::Red);
/// assert_eq!(game.to_move(), Player::Blue);
/// # Ok::<(), stratego_core::SetupError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    state: State,
    /// The position the game began from, shared by clones (it never changes).
    start: std::sync::Arc<State>,
    /// Each army's composition (the rules' army, or the setups' with a free army).
    army: [[u8; Rank::COUNT]; 2],
    /// Whether the game began from two setups (its record then stores them).
    from_setups: bool,
    history: Vec<MoveReport>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.state == other.state
            && *self.start == *other.start
            && self.army == other.army
            && self.from_setups == other.from_setups
            && self.history == other.history
    }
}
impl Eq for Game {}

/// The largest ply a position string may start from, leaving room to play on.
const MAX_START_PLY: u32 = 1 << 30;

/// Room for this many plies is reserved up front so that play rarely touches the heap.
const HISTORY_RESERVE: usize = 1024;

impl Game {
    /// Start a game from two setups, checked against the rules (all problems of both reported).
    pub fn new(rules: Rules, red: Setup, blue: Setup) -> Result<Game, SetupError> {
        let mut problems = Vec::new();
        for (expected, setup) in [(Player::Red, &red), (Player::Blue, &blue)] {
            if setup.player() != expected {
                problems.push(SetupProblem::WrongPlayer { expected, found: setup.player() });
            } else if let Err(e) = setup.validate(&rules) {
                problems.extend(e.problems);
            }
        }
        // With free placement the two zones overlap: the armies must not share a square.
        for &(sq, _) in blue.pieces() {
            if red.pieces().iter().any(|&(r, _)| r == sq) {
                problems.push(SetupProblem::Occupied(sq));
            }
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        let mut state = State::empty();
        let mut army = [[0u8; Rank::COUNT]; 2];
        for setup in [&red, &blue] {
            let p = setup.player();
            for &(sq, rank) in setup.pieces() {
                state.place(rules.derived(), sq.index(rules.width()), make_cell(p, rank));
                army[p.index()][rank.index()] += 1;
            }
        }
        if !rules.free_army() {
            army = [rules.army(); 2];
        }
        let mut game = Game::from_state(rules, state, army);
        game.from_setups = true;
        Ok(game)
    }

    fn from_state(rules: Rules, mut state: State, army: [[u8; Rank::COUNT]; 2]) -> Game {
        state.outcome = state.judge_start(&rules);
        state.chase.start(state.ply, state.key);
        Game::from_parts(rules, state, army)
    }

    /// Load any position, for tests and analysis: one Gravon letter per square from a1 row by row
    /// (`A` empty, `_` lake, Red `B`..`M`, Blue `N`..`Y`, lowercase = revealed), then the side to
    /// move (`r`/`b`) and the ply. The pieces' current squares count as their start squares, no
    /// piece counts as moved, and pieces missing from the army count as captured.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// let letters = format!("{}{}{}", "M".to_string() + &"A".repeat(39), "AA__AA__AA".repeat(2), "A".repeat(39) + "Y");
    /// let game = Game::from_position(rules, &format!("{letters} r 0"))?;
    /// assert_eq!(game.position(), format!("{letters} r 0"));
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn from_position(rules: Rules, text: &str) -> Result<Game, ParseError> {
        let mut parts = text.split_whitespace();
        let letters = parts.next().unwrap_or("");
        let n = rules.num_squares();
        if letters.len() != n || !letters.is_ascii() {
            return Err(ParseError::new("position", text, 0, format!("expected {n} square letters")));
        }
        let side =
            parts.next().ok_or_else(|| ParseError::new("position", text, letters.len(), "missing side to move"))?;
        let to_move: Player = side
            .parse()
            .map_err(|_| ParseError::new("position", text, letters.len() + 1, "side to move must be r or b"))?;
        let ply_text = parts.next().unwrap_or("0");
        let ply: u32 = ply_text.parse().ok().filter(|&p| p <= MAX_START_PLY).ok_or_else(|| {
            ParseError::new(
                "position",
                text,
                text.len() - ply_text.len(),
                format!("ply must be a number up to {MAX_START_PLY}"),
            )
        })?;
        if parts.next().is_some() {
            return Err(ParseError::new("position", text, text.len(), "unexpected text after the ply"));
        }
        let mut state = State::empty();
        let mut on_board = [[0u8; Rank::COUNT]; 2];
        for (i, ch) in letters.bytes().enumerate() {
            let lake = has(rules.derived().lakes, i);
            let cell = match ch {
                b'_' if lake => continue,
                _ if lake => {
                    return Err(ParseError::new(
                        "position",
                        text,
                        i,
                        format!("square {} is a lake: write `_`", Square::from_index(i, rules.width())),
                    ))
                }
                b'_' => return Err(ParseError::new("position", text, i, "`_` on a square that is not a lake")),
                b'A' | b'a' => continue,
                b'B'..=b'M' | b'b'..=b'm' => {
                    make_cell(Player::Red, Rank::from_gravon_offset(ch.to_ascii_uppercase() - b'B').expect("B..M"))
                }
                b'N'..=b'Y' | b'n'..=b'y' => {
                    make_cell(Player::Blue, Rank::from_gravon_offset(ch.to_ascii_uppercase() - b'N').expect("N..Y"))
                }
                _ => return Err(ParseError::new("position", text, i, format!("unexpected letter {:?}", ch as char))),
            };
            let revealed = if ch.is_ascii_lowercase() { REVEALED } else { 0 };
            state.place(rules.derived(), i, cell | revealed);
            on_board[cell_owner(cell).index()][cell_rank(cell).index()] += 1;
        }
        let mut army = [rules.army(); 2];
        for p in 0..2 {
            for r in 0..Rank::COUNT {
                army[p][r] = army[p][r].max(on_board[p][r]);
                state.captured[p][r] = army[p][r] - on_board[p][r];
            }
        }
        state.to_move = to_move;
        state.ply = ply;
        Ok(Game::from_state(rules, state, army))
    }

    /// The position string of [`Game::from_position`].
    pub fn position(&self) -> String {
        position_string(&self.rules, &self.state)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.state.to_move
    }
    /// Plies played (from the start position's ply).
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
    /// Each army's composition, counts by [`Rank::index`].
    pub fn army(&self, player: Player) -> [u8; Rank::COUNT] {
        self.army[player.index()]
    }
    /// Every move played, with what it did.
    pub fn history(&self) -> &[MoveReport] {
        &self.history
    }

    /// The legal moves of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
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
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mv = game.random_move(0x1234_5678_9abc_def0).expect("the opening has moves");
    /// assert!(game.is_legal(mv));
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn random_move(&self, entropy: u64) -> Option<Move> {
        if self.state.outcome.is_some() {
            return None;
        }
        let mut tally = crate::state::Tally::new();
        self.state.generate(&self.rules, self.state.to_move, &mut tally);
        let n = tally.total;
        if n == 0 {
            return None;
        }
        let k = ((entropy as u128 * n as u128) >> 64) as usize;
        let (from, to) = if tally.overflow {
            let mut select = crate::state::Select { k, found: None };
            self.state.generate(&self.rules, self.state.to_move, &mut select);
            select.found?
        } else {
            tally.nth(k)?
        };
        let coords = &self.rules.derived().coords;
        Some(Move::new(coords[from & 127], coords[to & 127]))
    }

    /// Play uniformly random legal moves (a pure function of `seed`) until the game ends or
    /// `max_plies` more plies have been played; the outcome, or `None` when the limit stopped it.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let outcome = game.playout(7, 100_000).expect("random Barrage games end");
    /// assert_eq!(game.outcome(), Some(outcome));
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn playout(&mut self, seed: u64, max_plies: u32) -> Option<Outcome> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        for _ in 0..max_plies {
            if self.state.outcome.is_some() {
                break;
            }
            let mv = self.random_move(rng.next_u64())?;
            self.play_unchecked(mv);
        }
        self.state.outcome
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// `Ok` when `mv` is legal now, else why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let fail = |reason| Err(IllegalMove { mv, reason });
        if self.state.outcome.is_some() {
            return fail(IllegalReason::GameOver);
        }
        let rules = &self.rules;
        if !rules.contains(mv.from) || !rules.contains(mv.to) {
            return fail(IllegalReason::OffBoard);
        }
        let w = rules.width();
        let (from, to) = (mv.from.index(w), mv.to.index(w));
        let c = self.state.cells[from];
        if c == 0 {
            return fail(IllegalReason::NoPiece);
        }
        let player = self.state.to_move;
        if cell_owner(c) != player {
            return fail(IllegalReason::NotYourPiece);
        }
        let movement = rules.movement(cell_rank(c));
        if !movement.is_mobile() {
            return fail(IllegalReason::Immovable);
        }
        if has(self.state.occ[player.index()], to) {
            return fail(IllegalReason::OwnPiece);
        }
        if rules.is_lake(mv.to) {
            return fail(IllegalReason::Lake);
        }
        let targets = self.state.piece_targets(rules, from);
        if !has(targets, to) {
            return fail(self.why_unreachable(mv, movement));
        }
        let restr = self.state.restrictions(rules, player);
        if has(restr.barred(rules, &self.state, from), to) {
            let reason = if rules.no_return() && self.state.start[from] as usize == to {
                IllegalReason::NoReturn
            } else if has(restr.run_barred(from), to) {
                IllegalReason::TwoSquareRule
            } else {
                IllegalReason::ChaseRule
            };
            return fail(reason);
        }
        Ok(())
    }

    /// Explain why a piece that moves like `movement` cannot reach `mv.to`.
    fn why_unreachable(&self, mv: Move, movement: crate::Movement) -> IllegalReason {
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
        if reach == Reach::None || (reach == Reach::Step && dist > 1) {
            return IllegalReason::Unreachable;
        }
        // A slide along an open line: something is in the way, or the strike is not allowed.
        let (sc, sr) = (dc.signum(), dr.signum());
        for k in 1..dist {
            let sq = Square::new((mv.from.col() as i16 + sc * k) as u8, (mv.from.row() as i16 + sr * k) as u8);
            if self.rules.is_lake(sq) {
                return IllegalReason::Lake;
            }
            if self.piece_at(sq).is_some() {
                return IllegalReason::Blocked;
            }
        }
        IllegalReason::SlideAttack
    }

    /// Play `mv` if it is legal; otherwise return why, and change nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Play `mv` without checking it: for search and playouts over moves from
    /// [`Game::legal_moves`].
    ///
    /// The caller promises `mv` is legal now (for example, it came from [`Game::legal_moves`] or
    /// [`Game::random_move`] of this position). An illegal move may panic or leave the game in an
    /// unspecified, memory-safe state; debug builds always panic. Use [`Game::play`] for moves
    /// from outside.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        debug_assert!(self.check(mv).is_ok(), "play_unchecked({mv}): {:?}", self.check(mv));
        let w = self.rules.width();
        let player = self.state.to_move;
        let applied = self.state.apply(&self.rules, mv.from.index(w) & 127, mv.to.index(w) & 127);
        let report = MoveReport {
            mv,
            player,
            rank: applied.rank,
            battle: applied.defender.map(|(defender, result)| BattleReport {
                attacker: applied.rank,
                defender,
                result,
            }),
            outcome: self.state.outcome,
        };
        self.history.push(report);
        report
    }

    /// `player` resigns: the opponent wins. Returns the outcome; a finished game is unchanged.
    pub fn resign(&mut self, player: Player) -> Outcome {
        if let Some(o) = self.state.outcome {
            return o;
        }
        let o = Outcome { winner: Some(player.opponent()), termination: crate::Termination::Resignation };
        self.state.outcome = Some(o);
        o
    }

    /// Take back the last move by replaying the game from its start (O(plies)); a resignation
    /// goes with it. Returns the move, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.history.pop()?;
        let moves: Vec<Move> = self.history.drain(..).map(|r| r.mv).collect();
        self.state = *self.start;
        for mv in moves {
            self.play_unchecked(mv);
        }
        Some(last.mv)
    }

    /// What `player` may know now. See [`PlayerView`].
    pub fn view(&self, player: Player) -> PlayerView {
        PlayerView::new(self, player)
    }

    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    pub(crate) fn start_state(&self) -> &State {
        &self.start
    }

    pub(crate) fn from_parts(rules: Rules, state: State, army: [[u8; Rank::COUNT]; 2]) -> Game {
        Game {
            rules,
            state,
            start: std::sync::Arc::new(state),
            army,
            from_setups: false,
            history: Vec::with_capacity(HISTORY_RESERVE),
        }
    }

    /// The two setups the game began from, if it began from setups.
    pub fn origin_setups(&self) -> Option<(Setup, Setup)> {
        if !self.from_setups {
            return None;
        }
        let w = self.rules.width();
        let setup = |p: Player| {
            Setup::new(
                p,
                crate::bitboard::bits(self.start.occ[p.index()])
                    .map(|i| (Square::from_index(i, w), cell_rank(self.start.cells[i]))),
            )
        };
        Some((setup(Player::Red), setup(Player::Blue)))
    }
}

pub(crate) fn position_string(rules: &Rules, state: &State) -> String {
    let mut s = String::with_capacity(rules.num_squares() + 8);
    for i in 0..rules.num_squares() {
        let c = state.cells[i];
        let ch = if has(rules.derived().lakes, i) {
            '_'
        } else if c == 0 {
            'A'
        } else {
            let base = if cell_owner(c) == Player::Red { b'B' } else { b'N' };
            let ch = (base + cell_rank(c).gravon_offset()) as char;
            if c & REVEALED != 0 {
                ch.to_ascii_lowercase()
            } else {
                ch
            }
        };
        s.push(ch);
    }
    s.push(' ');
    s.push(state.to_move.letter());
    s.push(' ');
    s.push_str(&state.ply.to_string());
    s
}
