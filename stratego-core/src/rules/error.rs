//! Errors, grouped by cause. Each carries the rejected value so a caller can report it.

use core::fmt;

use crate::macros::closed_enum;
use crate::{Move, Player, Rank, Square};

/// Text that could not be read: what was being read, the text, the byte offset and why.
///
/// Text that reads but describes rules that cannot be played (the rules text form, e.g.
/// `isf(setup_rows=6)`) keeps the builder's [`RulesError`] in `source`, so a caller can match
/// on it as on [`crate::RulesBuilder::build`]'s errors.
///
/// ```
/// use stratego_core::{ParseError, Rules, RulesError};
/// let err = "isf(setup_rows=6)".parse::<Rules>().unwrap_err();
/// assert!(matches!(err.source, Some(RulesError::ZoneSize { rows: 6, .. })));
/// assert_eq!(err.position, 4); // the `setup_rows` setting
/// let plain = ParseError::new("square", "z9", 0, "file must be a letter a..p");
/// assert_eq!(plain.to_string(), "invalid square \"z9\" at byte 0: file must be a letter a..p");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {text:?} at byte {position}: {reason}")]
pub struct ParseError {
    /// What the text was meant to be (`"square"`, `"move"`, `"rules"`, ...).
    pub what: &'static str,
    /// The rejected text: its first [`MAX_ERROR_TEXT`](crate::MAX_ERROR_TEXT) bytes when it
    /// is longer, so that an error never holds a stranger's megabytes.
    pub text: String,
    /// Byte offset of the problem within `text`.
    pub position: usize,
    /// Why it was rejected.
    pub reason: String,
    /// The rule error behind it, when the text read but its rules do not fit together.
    pub source: Option<RulesError>,
}

/// Why a [`ParseError`] refused its text ([`ParseError::kind`]): match on it to tell a text
/// that is too long to be read from one that reads wrong.
///
/// ```
/// use stratego_core::{ParseErrorKind, Rules, MAX_RULES_TEXT};
/// let err = "isf(x=1)".parse::<Rules>().unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::Invalid);
/// let err = " ".repeat(MAX_RULES_TEXT + 1).parse::<Rules>().unwrap_err();
/// assert_eq!((err.kind(), err.position), (ParseErrorKind::TooLarge, MAX_RULES_TEXT));
/// assert!(err.is_too_large());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// The text was read and is wrong (syntax, values, rules that do not fit together).
    Invalid,
    /// The text is longer than its reader's limit (see [`crate::limits`]) and was not read:
    /// the error's `position` is the limit, and its reason gives both lengths.
    TooLarge,
}

impl ParseError {
    /// A parse error without an underlying rule error.
    pub fn new(what: &'static str, text: &str, position: usize, reason: impl Into<String>) -> ParseError {
        ParseError { what, text: crate::limits::clip(text), position, reason: reason.into(), source: None }
    }

    /// A text of `what` refused unread because it is longer than `limit` bytes: the position
    /// is the limit, and the reason starts with [`SIZE_REFUSAL`](crate::limits::SIZE_REFUSAL).
    pub fn too_large(what: &'static str, text: &str, limit: usize) -> ParseError {
        let len = text.len();
        let reason = format!("{}longer than the limit of {limit} bytes ({len} bytes)", crate::limits::SIZE_REFUSAL);
        ParseError::new(what, text, limit, reason)
    }

    /// Whether the text was refused for what it says or for its size alone: a size refusal's
    /// reason starts with [`SIZE_REFUSAL`](crate::limits::SIZE_REFUSAL), as every size
    /// refusal's message does (a field would make every `Result` of the crate wider).
    pub fn kind(&self) -> ParseErrorKind {
        if crate::limits::is_size_refusal(&self.reason) {
            ParseErrorKind::TooLarge
        } else {
            ParseErrorKind::Invalid
        }
    }

    /// Whether the text was refused for its size (see [`ParseErrorKind::TooLarge`]).
    pub fn is_too_large(&self) -> bool {
        self.kind() == ParseErrorKind::TooLarge
    }

    /// A parse error caused by rules that do not fit together; the reason is the rule error's text.
    pub(crate) fn rules(text: &str, position: usize, error: RulesError) -> ParseError {
        let text = crate::limits::clip(text);
        ParseError { what: "rules", text, position, reason: error.to_string(), source: Some(error) }
    }
}

/// A rule set that cannot be played: the builder's inputs contradict each other, or one is
/// out of its range. Each variant's fields hold the rejected values, and the message says
/// what would be accepted.
///
/// ```
/// use stratego_core::{Rules, RulesError};
/// let err = Rules::builder().board(17, 10).build().unwrap_err();
/// assert_eq!(err, RulesError::OutOfRange { setting: "width", value: 17, min: 2, max: 16 });
/// assert_eq!(err.to_string(), "width must be 2..=16, found 17");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[allow(missing_docs)]
pub enum RulesError {
    /// A number outside the range its setting allows (`setting` is the rules text's key).
    #[error("{setting} must be {min}..={max}, found {value}")]
    OutOfRange { setting: &'static str, value: u64, min: u64, max: u64 },
    /// Each side fits, but the board has more squares than the engine holds.
    #[error("board {width}x{height} has {} squares, at most {max} are supported", *width as usize * *height as usize, max = crate::rules::square::MAX_SQUARES)]
    BoardSize { width: u8, height: u8 },
    /// A lake outside the board.
    #[error("lake {0} is off the board")]
    LakeOffBoard(Square),
    /// The setup zones do not fit the board: each takes `rows` rows, and the two may not overlap.
    #[error("setup_rows must be 1..={} on a board of height {height} (the two zones may not overlap), found {rows}", height / 2)]
    ZoneSize { rows: u8, height: u8 },
    /// An army has more pieces than its zone has free squares (`zone` names it).
    #[error("{pieces} pieces do not fit the {squares} free squares of {zone}")]
    ArmyTooLarge { pieces: usize, squares: usize, zone: &'static str },
    /// The army is empty.
    #[error("the army has no pieces")]
    EmptyArmy,
    /// No piece of the army can move: every game would be over before it began.
    #[error("no piece of the army can move")]
    NoMobilePiece,
    /// Every army has exactly one Flag (a game is won by taking it).
    #[error("the army must have exactly one Flag, found {count}")]
    FlagCount { count: u8 },
    /// The placement constraints place more pieces of a rank than the army has (a rank of
    /// Flag counts the corner Flag too).
    #[error("placement constraints place {needed} {rank} pieces, the army has {available}")]
    ConstraintCount { rank: Rank, needed: u8, available: u8 },
    /// A constraint that places pieces around the corner Flag, without `flag_corner`.
    #[error("placement constraint {constraint} places pieces around the corner Flag: it needs flag_corner")]
    ConstraintNeedsRank { constraint: &'static str, rank: Rank },
    /// Two placement constraints fix the same square (for a Flag on the corner next to it).
    #[error("placement constraints put two pieces on {0}")]
    ConstraintsOverlap(Square),
    /// A square that a placement constraint fixes is off the board, outside the zone or a lake,
    /// or also fixed for the other player (with free placement on a short board).
    #[error(
        "placement constraints need {0}, which is off the board, outside the setup zone, a lake or the other player's"
    )]
    ConstraintDoesNotFit(Square),
    /// A repetition limit of zero would forbid every move.
    #[error("two_square must be 1..=255 (or off), found 0")]
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
#[repr(u8)]
pub enum IllegalReason {
    /// The game has ended.
    GameOver = 1,
    /// A square of the move is off the board.
    OffBoard = 2,
    /// No piece on the start square.
    NoPiece = 3,
    /// The piece belongs to the player not on move.
    NotYourPiece = 4,
    /// Bombs and Flags (or what the rules make immobile) never move.
    Immovable = 5,
    /// The target holds a piece of the mover.
    OwnPiece = 6,
    /// The target is a lake, or the path crosses one.
    Lake = 7,
    /// The piece cannot reach the target with its movement (distance or direction).
    Unreachable = 8,
    /// A piece stands in the way of a slide.
    Blocked = 9,
    /// A slide may not end in an attack under these rules.
    SlideAttack = 10,
    /// The two-squares rule forbids it.
    TwoSquareRule = 11,
    /// The more-squares (chase) rule forbids it.
    ChaseRule = 12,
    /// The piece may not return to its start square.
    NoReturn = 13,
    /// The side to move must first decide on a rescue ([`crate::Move::rescue`] or
    /// [`crate::Move::DECLINE_RESCUE`]).
    RescuePending = 14,
    /// A rescue decision when none is due.
    NoRescuePending = 15,
    /// A rescue of a rank the player has not lost.
    NotCaptured = 16,
    /// A rescued piece may not be placed there (see [`crate::Rules::in_rescue_zone`]).
    OutsideRescueZone = 17,
    /// A rescued piece needs an empty square.
    Occupied = 18,
    /// A player's view (see [`crate::PlayerView::check`]) tried a move while it is the
    /// opponent's turn.
    NotYourTurn = 19,
}

closed_enum! {
    impl IllegalReason [
        GameOver, OffBoard, NoPiece, NotYourPiece, Immovable, OwnPiece, Lake, Unreachable, Blocked, SlideAttack,
        TwoSquareRule, ChaseRule, NoReturn, RescuePending, NoRescuePending, NotCaptured, OutsideRescueZone, Occupied,
        NotYourTurn,
    ] {
        /// Every member, in value order.
        ALL;
    }
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
            IllegalReason::RescuePending => "a rescue decision is due first",
            IllegalReason::NoRescuePending => "no rescue decision is due",
            IllegalReason::NotCaptured => "no captured piece of that rank to rescue",
            IllegalReason::OutsideRescueZone => "a rescued piece may not stand there",
            IllegalReason::Occupied => "the square is taken",
            IllegalReason::NotYourTurn => "it is the opponent's turn",
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

/// How [`parse_name`] compares names.
#[derive(Clone, Copy)]
pub(crate) enum Case {
    /// `marshal` reads as `Marshal`.
    Any,
    /// Only the name as written (the `VecEnv` configuration's kinds, built with `threads`).
    #[cfg_attr(not(feature = "threads"), allow(dead_code))]
    Exact,
}

/// The member of `members` whose name is `text` (compared as `case` says), or a [`ParseError`]
/// for `what` saying what was `expected`: the `FromStr` of the sets that parse by name.
pub(crate) fn parse_name<T: Copy>(
    members: impl IntoIterator<Item = T>,
    name: impl Fn(T) -> &'static str,
    case: Case,
    text: &str,
    (what, expected): (&'static str, &'static str),
) -> Result<T, ParseError> {
    let same = |n: &str| match case {
        Case::Any => n.eq_ignore_ascii_case(text),
        Case::Exact => n == text,
    };
    members.into_iter().find(|&m| same(name(m))).ok_or_else(|| ParseError::new(what, text, 0, expected))
}
