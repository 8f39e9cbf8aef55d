//! A move from one square to another (and the rescue decisions), with its text form.

use core::fmt;
use core::str::FromStr;

use crate::macros::serialize_as_text;
use crate::{ParseError, Rank, Square};

/// A move: the piece on `from` goes to `to` (an attack when `to` holds an enemy piece).
/// Written `a4-a5`.
///
/// Under rules with rescues ([`crate::Rules::rescues`]) a move is also the decision a player
/// makes after a piece reached the enemy back row: [`Move::rescue`] (bring back a captured
/// piece of a rank onto a square, written `rescue:Scout@b2`) or [`Move::DECLINE_RESCUE`]
/// (written `decline`). A decision keeps the two-byte layout: its `from` is a reserved square
/// off every board (column 240 for a rescue, with the rank's index as the row; column 241 for
/// a decline), its `to` the square the piece goes to. So a decision travels through every
/// place a move does (move lists, records, the C ABI's `stratego_move`, Python's `Move`)
/// without a second type, and the hot path, which never meets one outside a pending
/// decision, stays as it was. Use the constructors and [`Move::rescued`] rather than the raw
/// squares.
///
/// ```
/// use stratego_core::Move;
/// let mv: Move = "a4-a5".parse()?;
/// assert_eq!(mv.to_string(), "a4-a5");
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

/// The column of the reserved `from` square of a rescue (its row is the rank's index).
const RESCUE_COL: u8 = 240;
/// The column of both reserved squares of a decline.
const DECLINE_COL: u8 = 241;

impl Move {
    /// The board indices of `from` and `to` on a board `width` squares wide, kept below 128
    /// (any values for a rescue decision, whose squares are not a move's).
    #[inline]
    pub(crate) fn indices(self, width: u8) -> (usize, usize) {
        (self.from.index(width) & 127, self.to.index(width) & 127)
    }

    /// The move `from`-`to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The decision to bring back a captured piece of `rank` onto `square`.
    ///
    /// ```
    /// use stratego_core::{Move, Rank, Square};
    /// let mv = Move::rescue(Rank::Scout, Square::new(1, 1));
    /// assert_eq!(mv.rescued(), Some((Rank::Scout, Square::new(1, 1))));
    /// assert_eq!(mv.to_string(), "rescue:Scout@b2");
    /// assert_eq!("rescue:Scout@b2".parse::<Move>()?, mv);
    /// assert!(mv.is_decision() && !Move::new(Square::new(0, 0), Square::new(0, 1)).is_decision());
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    #[inline]
    pub const fn rescue(rank: Rank, square: Square) -> Move {
        Move { from: Square::new(RESCUE_COL, rank as u8), to: square }
    }

    /// The decision not to rescue.
    ///
    /// ```
    /// use stratego_core::Move;
    /// assert_eq!(Move::DECLINE_RESCUE.to_string(), "decline");
    /// assert_eq!("decline".parse::<Move>()?, Move::DECLINE_RESCUE);
    /// assert!(Move::DECLINE_RESCUE.is_decision() && Move::DECLINE_RESCUE.rescued().is_none());
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub const DECLINE_RESCUE: Move = Move { from: Square::new(DECLINE_COL, 0), to: Square::new(DECLINE_COL, 0) };

    /// The rank and square of a rescue decision; `None` for any other move.
    #[inline]
    pub fn rescued(self) -> Option<(Rank, Square)> {
        if self.from.col() == RESCUE_COL {
            Rank::ALL.get(self.from.row() as usize).map(|&r| (r, self.to))
        } else {
            None
        }
    }

    /// Whether this is [`Move::DECLINE_RESCUE`].
    #[inline]
    pub fn is_decline(self) -> bool {
        self == Move::DECLINE_RESCUE
    }

    /// Whether this is a rescue decision (a rescue or a decline) rather than a board move.
    #[inline]
    pub const fn is_decision(self) -> bool {
        self.from.col() == RESCUE_COL || self.from.col() == DECLINE_COL
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((rank, square)) = self.rescued() {
            return write!(f, "rescue:{rank}@{square}");
        }
        if self.is_decline() {
            return f.write_str("decline");
        }
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Parses `a4-a5`; `a4a5`, `a4 a5` and `a4x a5`-free forms are not accepted, to keep one spelling.
    /// Rescue decisions read as `rescue:Rank@square` and `decline`.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        if s == "decline" {
            return Ok(Move::DECLINE_RESCUE);
        }
        if let Some(rest) = s.strip_prefix("rescue:") {
            let Some((rank, square)) = rest.split_once('@') else {
                return Err(ParseError::new("move", s, 7, "expected rescue:Rank@square, e.g. rescue:Scout@b2"));
            };
            let rank: Rank = rank.parse().map_err(|e: ParseError| ParseError::new("move", s, 7, e.reason))?;
            let at = 7 + rank.name().len() + 1;
            let square: Square =
                square.parse().map_err(|e: ParseError| ParseError::new("move", s, at + e.position, e.reason))?;
            return Ok(Move::rescue(rank, square));
        }
        let Some(dash) = s.find('-') else {
            return Err(ParseError::new("move", s, 0, "expected `from-to`, e.g. a4-a5"));
        };
        let from = s[..dash].parse().map_err(|e: ParseError| ParseError::new("move", s, e.position, e.reason))?;
        let to = s[dash + 1..]
            .parse()
            .map_err(|e: ParseError| ParseError::new("move", s, dash + 1 + e.position, e.reason))?;
        Ok(Move { from, to })
    }
}

serialize_as_text!(Move);

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        // A visitor rather than a `String`: a record holds up to a million moves, and reading
        // one should not allocate.
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = Move;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a move such as a4-a5")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Move, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Text)
    }
}
