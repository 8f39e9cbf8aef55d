use core::fmt;
use core::str::FromStr;

use crate::{ParseError, Square};

/// A move: the piece on `from` goes to `to` (an attack when `to` holds an enemy piece).
/// Written `a4-a5`.
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

impl Move {
    /// The move `from`-`to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Parses `a4-a5`; `a4a5`, `a4 a5` and `a4x a5`-free forms are not accepted, to keep one spelling.
    fn from_str(s: &str) -> Result<Move, ParseError> {
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

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

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
