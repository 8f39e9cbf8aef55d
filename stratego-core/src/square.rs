use core::fmt;
use core::str::FromStr;

use crate::ParseError;

/// The most squares a board may have: the engine keeps each side's pieces in 128-bit sets.
pub const MAX_SQUARES: usize = 128;
/// The widest or tallest board (files `a`..`p`, ranks 1..16).
pub const MAX_SIDE: u8 = 16;

/// A square by file (column, `a` = 0) and rank (row, `1` = 0), independent of the board size.
///
/// ```
/// use stratego_core::Square;
/// let sq: Square = "c5".parse()?;
/// assert_eq!((sq.col(), sq.row()), (2, 4));
/// assert_eq!(sq.to_string(), "c5");
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Row first so that the derived order is a1, b1, ..., a2: board (index) order.
    row: u8,
    col: u8,
}

impl Square {
    /// The square at `col` (0 = file a) and `row` (0 = rank 1). Any values are accepted;
    /// whether the square is on a given board is the rules' business ([`crate::Rules::contains`]).
    #[inline]
    pub const fn new(col: u8, row: u8) -> Square {
        Square { row, col }
    }

    /// File index, 0 = `a`.
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Rank index, 0 = `1`.
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Index on a board of `width` columns: `row * width + col`.
    #[inline]
    pub const fn index(self, width: u8) -> usize {
        self.row as usize * width as usize + self.col as usize
    }

    /// The square of `index` on a board of `width` columns.
    #[inline]
    pub const fn from_index(index: usize, width: u8) -> Square {
        Square { row: (index / width as usize) as u8, col: (index % width as usize) as u8 }
    }

    /// The same square seen from the other side of a `width` x `height` board (turned 180°).
    #[inline]
    pub const fn flipped(self, width: u8, height: u8) -> Square {
        Square { row: height - 1 - self.row, col: width - 1 - self.col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// Parses `a1` .. `p16` (a file letter, then a rank number from 1).
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let bytes = s.as_bytes();
        let Some(&file) = bytes.first() else {
            return Err(ParseError::new("square", s, 0, "empty"));
        };
        let file = file.to_ascii_lowercase();
        if !(b'a'..b'a' + MAX_SIDE).contains(&file) {
            return Err(ParseError::new("square", s, 0, "file must be a letter a..p"));
        }
        let rank = &s[1..];
        if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::new("square", s, 1, "rank must be a number 1..16"));
        }
        let rank: u8 = rank.parse().map_err(|_| ParseError::new("square", s, 1, "rank must be a number 1..16"))?;
        if rank == 0 || rank > MAX_SIDE {
            return Err(ParseError::new("square", s, 1, "rank must be a number 1..16"));
        }
        Ok(Square::new(file - b'a', rank - 1))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
