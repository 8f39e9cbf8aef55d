//! A board square by file and rank, its index and its text form (`c5`).

use core::fmt;
use core::str::FromStr;

use crate::macros::serialize_as_text;
use crate::ParseError;

/// The most squares a board may have: the engine keeps each side's pieces in 128-bit sets.
pub const MAX_SQUARES: usize = 128;
/// The widest or tallest board (files `a`..`p`, ranks 1..16).
pub const MAX_SIDE: u8 = 16;

/// A square by file (column, `a` = 0) and rank (row, `1` = 0), independent of the board size.
///
/// Squares are **checked, not restricted**: [`Square::new`] keeps any coordinates (so that a
/// caller's bad input can be reported back as it was), and every operation is total on them.
/// A square with a coordinate of [`MAX_SIDE`] or more is off every board: [`crate::Rules::contains`]
/// rejects it, `Display` writes it as `(col,row)` in zero-based numbers (never a stray letter),
/// [`Square::flipped`] leaves it alone and [`Square::from_index`] saturates to it. Use
/// [`Square::try_new`] / [`Square::try_from_index`] to refuse such squares at once.
///
/// `Debug` shows the square's name and `new`'s argument order: `Square(c5)`, or
/// `Square(col 200, row 0)` off every board.
///
/// ```
/// use stratego_core::Square;
/// let sq: Square = "c5".parse()?;
/// assert_eq!((sq.col(), sq.row()), (2, 4));
/// assert_eq!(sq, Square::new(2, 4));
/// assert_eq!(sq.to_string(), "c5");
/// assert_eq!(format!("{sq:?}"), "Square(c5)");
///
/// let far = Square::new(200, 0);
/// assert_eq!(far.to_string(), "(200,0)");
/// assert_eq!(Square::try_new(200, 0), None);
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    // Row first so that the derived order is a1, b1, ..., a2: board (index) order.
    row: u8,
    col: u8,
}

impl Square {
    /// The square at `col` (0 = file a) and `row` (0 = rank 1). Any values are kept; whether
    /// the square is on a given board is the rules' business ([`crate::Rules::contains`]), and
    /// [`Square::try_new`] refuses squares off every board.
    #[inline]
    pub const fn new(col: u8, row: u8) -> Square {
        Square { row, col }
    }

    /// The square at `col` and `row` when both are below [`MAX_SIDE`] (the square is then on
    /// some board), else `None`.
    ///
    /// ```
    /// use stratego_core::{Square, MAX_SIDE};
    /// assert_eq!(Square::try_new(15, 15), Some(Square::new(15, 15)));
    /// assert_eq!(Square::try_new(MAX_SIDE, 0), None);
    /// ```
    #[inline]
    pub const fn try_new(col: u8, row: u8) -> Option<Square> {
        if col < MAX_SIDE && row < MAX_SIDE {
            Some(Square { row, col })
        } else {
            None
        }
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

    /// Whether both coordinates are below [`MAX_SIDE`], i.e. the square is on some board.
    #[inline]
    pub const fn is_valid(self) -> bool {
        self.col < MAX_SIDE && self.row < MAX_SIDE
    }

    /// Index on a board of `width` columns: `row * width + col`.
    #[inline]
    pub const fn index(self, width: u8) -> usize {
        self.row as usize * width as usize + self.col as usize
    }

    /// The square of `index` on a board of `width` columns. Total: a `width` of 0, or an index
    /// whose row would not fit a `u8`, gives `Square::new(255, 255)`, which is off every board.
    ///
    /// ```
    /// use stratego_core::Square;
    /// assert_eq!(Square::from_index(42, 10), Square::new(2, 4));
    /// assert!(!Square::from_index(7, 0).is_valid());
    /// ```
    #[inline]
    pub const fn from_index(index: usize, width: u8) -> Square {
        match Square::try_from_index(index, width) {
            Some(sq) => sq,
            None => Square { row: u8::MAX, col: u8::MAX },
        }
    }

    /// The square of `index` on a board of `width` columns, when `width` is 1..=[`MAX_SIDE`]
    /// and the row is below [`MAX_SIDE`]; else `None`.
    ///
    /// ```
    /// use stratego_core::Square;
    /// assert_eq!(Square::try_from_index(99, 10), Some(Square::new(9, 9)));
    /// assert_eq!(Square::try_from_index(1, 0), None);
    /// assert_eq!(Square::try_from_index(1000, 10), None);
    /// ```
    #[inline]
    pub const fn try_from_index(index: usize, width: u8) -> Option<Square> {
        if width == 0 || width > MAX_SIDE {
            return None;
        }
        let row = index / width as usize;
        if row >= MAX_SIDE as usize {
            return None;
        }
        Some(Square { row: row as u8, col: (index % width as usize) as u8 })
    }

    /// The same square seen from the other side of a `width` x `height` board (turned 180°).
    /// A square off that board is returned unchanged: it stays off the board.
    ///
    /// ```
    /// use stratego_core::Square;
    /// assert_eq!(Square::new(0, 0).flipped(10, 10), Square::new(9, 9));
    /// assert_eq!(Square::new(12, 3).flipped(10, 10), Square::new(12, 3));
    /// ```
    #[inline]
    pub const fn flipped(self, width: u8, height: u8) -> Square {
        if self.col >= width || self.row >= height {
            return self;
        }
        Square { row: height - 1 - self.row, col: width - 1 - self.col }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            write!(f, "{}{}", (b'a' + self.col) as char, self.row as u32 + 1)
        } else {
            write!(f, "({},{})", self.col, self.row)
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            write!(f, "Square({self})")
        } else {
            write!(f, "Square(col {}, row {})", self.col, self.row)
        }
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

serialize_as_text!(Square);

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
