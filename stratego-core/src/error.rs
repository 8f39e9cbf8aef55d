//! Errors, grouped by cause. Each carries the rejected value so a caller can report it.

use core::fmt;

use crate::{Move, Player, Rank, Square};

/// Text that could not be read: what was being read, the text, the byte offset and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {text:?} at byte {position}: {reason}")]
pub struct ParseError {
    /// What the text was meant to be (`"square"`, `"move"`, `"rules"`, ...).
    pub what: &'static str,
    /// The rejected text.
    pub text: String,
    /// Byte offset of the problem within `text`.
    pub position: usize,
    /// Why it was rejected.
    pub reason: String,
}

impl ParseError {
    pub(crate) fn new(what: &'static str, text: &str, position: usize, reason: impl Into<String>) -> ParseError {
        ParseError { what, text: text.to_owned(), position, reason: reason.into() }
    }
}

/// A rule set that cannot be played: the builder's inputs contradict each other. Each
/// variant's fields hold the rejected values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)]
pub enum RulesError {
    /// Width or height out of range, or more squares than the engine holds.
    #[error("board {width}x{height} is not supported (each side 2..=16, at most {max} squares)", max = crate::square::MAX_SQUARES)]
    BoardSize { width: u8, height: u8 },
    /// A lake outside the board.
    #[error("lake {0} is off the board")]
    LakeOffBoard(Square),
    /// The setup zone has rows outside the board or overlaps the other side's zone.
    #[error("setup zone of {rows} rows does not fit a board of height {height}")]
    ZoneSize { rows: u8, height: u8 },
    /// The army has more pieces than the zone has free squares.
    #[error("army of {pieces} pieces does not fit a zone of {squares} free squares")]
    ArmyTooLarge { pieces: usize, squares: usize },
    /// The army is empty.
    #[error("the army has no pieces")]
    EmptyArmy,
    /// A placement constraint needs a rank the army lacks (or lacks enough of).
    #[error("placement constraint {constraint} needs {rank} pieces the army does not have")]
    ConstraintNeedsRank { constraint: &'static str, rank: Rank },
    /// A square that a placement constraint fixes is off the board, outside the zone or a lake.
    #[error("placement constraints need {0}, which is off the board, outside the setup zone or a lake")]
    ConstraintDoesNotFit(Square),
    /// A repetition limit of zero would forbid every move.
    #[error("a two-squares limit must be at least 1")]
    TwoSquareLimitZero,
}

/// Why a setup is not valid. [`SetupError`] lists every one found; each variant's fields hold
/// the squares and ranks concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SetupProblem {
    /// The setup is for the other player.
    WrongPlayer { expected: Player, found: Player },
    /// A square outside the board.
    OffBoard(Square),
    /// A piece outside the player's setup zone.
    OutsideZone(Square, Rank),
    /// A piece on a lake.
    OnLake(Square, Rank),
    /// Two pieces on one square.
    Occupied(Square),
    /// The number of pieces of a rank differs from the army.
    WrongCount { rank: Rank, expected: u8, found: u8 },
    /// More pieces of a rank than a free-placement army allows.
    TooMany { rank: Rank, limit: u8, found: u8 },
    /// The Flag must stand on a corner of the back row.
    FlagNotInCorner(Option<Square>),
    /// A piece that must stand on a given square does not.
    Misplaced { rank: Rank, square: Square },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::WrongPlayer { expected, found } => {
                write!(f, "setup is for {found}, expected {expected}")
            }
            SetupProblem::OffBoard(sq) => write!(f, "{sq} is off the board"),
            SetupProblem::OutsideZone(sq, r) => write!(f, "{r} on {sq} is outside the setup zone"),
            SetupProblem::OnLake(sq, r) => write!(f, "{r} on {sq} stands on a lake"),
            SetupProblem::Occupied(sq) => write!(f, "two pieces on {sq}"),
            SetupProblem::WrongCount { rank, expected, found } => {
                write!(f, "{found} {rank} pieces, expected {expected}")
            }
            SetupProblem::TooMany { rank, limit, found } => {
                write!(f, "{found} {rank} pieces, at most {limit} allowed")
            }
            SetupProblem::FlagNotInCorner(Some(sq)) => {
                write!(f, "the Flag on {sq} is not on a back-row corner")
            }
            SetupProblem::FlagNotInCorner(None) => {
                write!(f, "no Flag to place on a back-row corner")
            }
            SetupProblem::Misplaced { rank, square } => write!(f, "{square} must hold a {rank}"),
        }
    }
}

/// A setup that breaks the rules, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid setup: {}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct SetupError {
    /// Every problem, in board order.
    pub problems: Vec<SetupProblem>,
}

/// Why a move is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IllegalReason {
    /// The game has ended.
    GameOver,
    /// A square of the move is off the board.
    OffBoard,
    /// No piece on the start square.
    NoPiece,
    /// The piece belongs to the player not on move.
    NotYourPiece,
    /// Bombs and Flags (or what the rules make immobile) never move.
    Immovable,
    /// The target holds a piece of the mover.
    OwnPiece,
    /// The target is a lake, or the path crosses one.
    Lake,
    /// The piece cannot reach the target with its movement (distance or direction).
    Unreachable,
    /// A piece stands in the way of a slide.
    Blocked,
    /// A slide may not end in an attack under these rules.
    SlideAttack,
    /// The two-squares rule forbids it.
    TwoSquareRule,
    /// The more-squares (chase) rule forbids it.
    ChaseRule,
    /// The piece may not return to its start square.
    NoReturn,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::GameOver => "the game is over",
            IllegalReason::OffBoard => "square off the board",
            IllegalReason::NoPiece => "no piece on the start square",
            IllegalReason::NotYourPiece => "not the mover's piece",
            IllegalReason::Immovable => "the piece cannot move",
            IllegalReason::OwnPiece => "the target holds an own piece",
            IllegalReason::Lake => "lakes cannot be entered or crossed",
            IllegalReason::Unreachable => "the piece cannot move that way",
            IllegalReason::Blocked => "a piece blocks the path",
            IllegalReason::SlideAttack => "a long move may not end in an attack",
            IllegalReason::TwoSquareRule => "forbidden by the two-squares rule",
            IllegalReason::ChaseRule => "forbidden by the more-squares (chase) rule",
            IllegalReason::NoReturn => "a piece may not return to its start square",
        })
    }
}

/// A move that [`Game::play`](crate::Game::play) refused; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The rejected move.
    pub mv: Move,
    /// Why it was rejected.
    pub reason: IllegalReason,
}
