//! A game in progress: rules, flat state, and the history needed for records.

pub(crate) mod history;
mod perft;
mod pieces;
pub(crate) mod public;
mod random_game;
pub(crate) mod undo_record;
mod undone;

pub use perft::perft;
pub use public::PublicMove;
pub use undone::Undone;

use crate::game::public::PublicHistory;
use crate::game::undo_record::UndoRecord;
use crate::state::{cell_rank, make_cell, State};
use crate::{
    Board, IllegalMove, Move, MoveReport, Outcome, ParseError, Player, Rank, Rules, Setup, SetupError, SetupProblem,
    Square, Termination, MAX_RECORD_PLIES,
};
use std::sync::{Mutex, MutexGuard, PoisonError};

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
    board: Board,
    /// Each army's composition (the rules' army, or the setups' with a free army).
    army: [[u8; Rank::COUNT]; 2],
    /// Whether the game began from two setups (its record then stores them).
    from_setups: bool,
    /// The start position and the moves with what each changed, shared with clones, so that a
    /// clone costs about what a [`Board`] clone does.
    history: GameLog,
    /// The moves as both players saw them, shared with clones and with views; written when a
    /// view asks for them, not by every move.
    public: PublicMoves,
}

/// A game's public moves as far as a view last asked for them: the shared log and how many
/// history entries it reflects. Kept behind a lock because views are made from a shared
/// game; play and undo have the game to themselves and skip it.
#[derive(Debug)]
struct PublicMoves(Mutex<Synced>);

#[derive(Clone, Debug)]
struct Synced {
    moves: PublicHistory,
    entries: usize,
}

impl PublicMoves {
    fn new() -> PublicMoves {
        PublicMoves(Mutex::new(Synced { moves: PublicHistory::new((), HISTORY_RESERVE), entries: 0 }))
    }

    /// The lock's contents (a panic elsewhere while it was held leaves them whole: each step
    /// below completes before the next).
    fn lock(&self) -> MutexGuard<'_, Synced> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Clone for PublicMoves {
    fn clone(&self) -> PublicMoves {
        PublicMoves(Mutex::new(self.lock().clone()))
    }
}

/// A game's log: the start position, then per history entry its report and what it changed.
type GameLog = crate::game::history::History<State, MoveReport, UndoRecord>;

/// A game reads as its board: every read-only question (pieces, legal moves, encodings) is the
/// board's; a game adds play, undo, history, outcome and records. Only reads: play goes
/// through [`Game::play`], which keeps the history.
impl core::ops::Deref for Game {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.board == other.board
            && self.history.start().same(other.history.start(), &self.board.rules)
            && self.army == other.army
            && self.from_setups == other.from_setups
            && self.history.as_slice() == other.history.as_slice()
    }
}
impl Eq for Game {}

/// Room for this many plies is reserved up front so that play rarely touches the heap.
const HISTORY_RESERVE: usize = 1024;

impl Game {
    /// Start a game from two setups, checked against the rules (all problems of both reported).
    pub fn new(rules: Rules, red: Setup, blue: Setup) -> Result<Game, SetupError> {
        let mut problems = Vec::new();
        for (expected, setup) in [(Player::Red, &red), (Player::Blue, &blue)] {
            if setup.player() != expected {
                problems.push(SetupProblem::WrongPlayer { expected, found: setup.player() });
            }
        }
        // A setup for the wrong player is the whole story: what else would be reported
        // (overlaps, zones) follows from it.
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        for setup in [&red, &blue] {
            if let Err(e) = setup.validate(&rules) {
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
        state.chase.start();
        Game::from_parts(rules, state, army)
    }

    /// Load any position, for tests and analysis: one Gravon letter per square from a1 row by row
    /// (`A` empty, `_` lake, Red `B`..`M`, Blue `N`..`Y`, lowercase = revealed), then the side to
    /// move (`r`/`b`) and the ply. In this short form the pieces' current squares count as their
    /// start squares, no piece counts as moved, and pieces missing from the army count as
    /// captured. A side whose army has a Flag but who has none on the board has lost it: the game
    /// is over (a position with no Flag at all, for trying out moves, plays on).
    ///
    /// The full form of [`Board::position_full`] adds `name=value` fields for everything else a
    /// position holds (moved and slid pieces, start squares, captures, the repetition rules'
    /// state, the outcome), and reads back to an equal [`Board`]; the fields are listed in
    /// [`Board::position_full`]. A text longer than [`MAX_POSITION_TEXT`](crate::MAX_POSITION_TEXT)
    /// bytes is refused before it is read.
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
        crate::limits::check_len("position", text, crate::MAX_POSITION_TEXT)?;
        let (state, army) = crate::state::text::parse(&rules, text)?;
        Ok(Game::from_parts(rules, state, army))
    }

    /// The position and rule state without the history: cheap to clone, for search.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Play `mv` if it is legal; otherwise return why, and change nothing.
    ///
    /// A game whose history reaches [`MAX_RECORD_PLIES`] entries ends there in a draw
    /// ([`Termination::PlyCap`]), whatever the rules' own caps: so every game the engine lets
    /// you play writes a record, Gravon XML and view records that read back.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.board.check(mv)?;
        Ok(self.play_unchecked(mv))
    }
    /// Play `mv` without checking it, for moves from [`Board::legal_moves`] or
    /// [`Board::random_move`]; see [`Board::play_unchecked`] for the contract.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let (from, to) = mv.indices(self.board.rules.width());
        self.play_at(mv, from, to)
    }

    /// [`Game::play_unchecked`] with the board indices of `mv`'s squares worked out once, for
    /// the record and the move (any values for a rescue decision).
    #[inline(always)]
    fn play_at(&mut self, mv: Move, from: usize, to: usize) -> MoveReport {
        let undo = UndoRecord::before_at(&self.board.state, &self.board.rules, mv, from, to);
        let mut report = self.board.play_at(mv, from, to);
        if self.history.len() + 1 >= MAX_RECORD_PLIES && report.outcome.is_none() {
            report.outcome = Some(self.end_at_history_cap());
        }
        self.history.push(report, undo);
        report
    }

    /// The draw that ends a game whose history is full (see [`Game::play`]).
    #[cold]
    fn end_at_history_cap(&mut self) -> Outcome {
        let draw = Outcome { winner: None, termination: Termination::PlyCap };
        self.board.state.outcome = Some(draw);
        draw
    }

    /// Each army's composition, counts by [`Rank::index`].
    pub fn army(&self, player: Player) -> [u8; Rank::COUNT] {
        self.army[player.index()]
    }
    /// Every move played, with what it did.
    pub fn history(&self) -> &[MoveReport] {
        self.history.as_slice()
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
        let mut rng = crate::rules::rng::SplitMix64::new(seed);
        for _ in 0..max_plies {
            if self.board.state.outcome.is_some() {
                break;
            }
            // The drawn move's board indices go straight to the move, not through its squares.
            let (from, to) = self.board.random_pick(rng.next_u64())?;
            self.play_at(self.board.pick_move(from, to), from & 127, to & 127);
        }
        self.board.state.outcome
    }

    /// `player` resigns: the opponent wins. Returns the outcome; a finished game is unchanged.
    pub fn resign(&mut self, player: Player) -> Outcome {
        if let Some(o) = self.board.state.outcome {
            return o;
        }
        let o = Outcome { winner: Some(player.opponent()), termination: crate::Termination::Resignation };
        self.board.state.outcome = Some(o);
        o
    }

    /// Take back the last move, in constant time (each history entry keeps what it changed);
    /// a resignation goes with it. At the start, a resignation is taken back on its own. [`Undone`] says which
    /// happened, or that nothing did.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup, Undone};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// game.resign(Player::Red);
    /// assert_eq!(game.undo(), Undone::Resignation);
    /// assert!(!game.is_over());
    /// assert_eq!(game.undo(), Undone::Nothing);
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn undo(&mut self) -> Undone {
        let Some((last, undo)) = self.history.pop() else {
            let start = self.history.start().outcome;
            if self.board.state.outcome == start {
                return Undone::Nothing;
            }
            self.board.state.outcome = start;
            return Undone::Resignation;
        };
        let synced = self.public.0.get_mut().unwrap_or_else(PoisonError::into_inner);
        if synced.entries > self.history.len() {
            if last.public().is_some() {
                synced.moves.pop();
            }
            synced.entries = self.history.len();
        }
        self.board.state.take_back(&self.board.rules, &last, &undo);
        Undone::Move(last.mv)
    }

    /// The public history, shared (a view holds a clone of it, not a copy): the moves played
    /// since it was last asked for join it first, so a view costs what the moves since the last
    /// view cost, and nothing when views come every ply.
    pub(crate) fn public_history(&self) -> PublicHistory {
        let mut synced = self.public.lock();
        while synced.entries < self.history.len() {
            if let Some(public) = self.history.first_at(synced.entries).public() {
                synced.moves.push(public, ());
            }
            synced.entries += 1;
        }
        synced.moves.clone()
    }

    pub(crate) fn state(&self) -> &State {
        &self.board.state
    }

    pub(crate) fn start_state(&self) -> &State {
        self.history.start()
    }

    pub(crate) fn from_parts(rules: Rules, state: State, army: [[u8; Rank::COUNT]; 2]) -> Game {
        Game {
            board: Board { rules, state },
            army,
            from_setups: false,
            history: GameLog::new(state, HISTORY_RESERVE),
            public: PublicMoves::new(),
        }
    }

    /// The two setups the game began from, if it began from setups.
    pub fn origin_setups(&self) -> Option<(Setup, Setup)> {
        if !self.from_setups {
            return None;
        }
        let w = self.board.rules.width();
        let setup = |p: Player| {
            Setup::new(
                p,
                crate::rules::bitboard::bits(self.history.start().occ[p.index()])
                    .map(|i| (Square::from_index(i, w), cell_rank(self.history.start().cells[i]))),
            )
        };
        Some((setup(Player::Red), setup(Player::Blue)))
    }
}
