//! The two sides, Red and Blue.

use core::str::FromStr;

use crate::macros::{closed_enum, display_name};
use crate::ParseError;

/// One of the two sides. Red moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Player {
    /// Moves first; home rows at the bottom (rows 1–4 on the standard board).
    Red = 0,
    /// Moves second; home rows at the top.
    Blue = 1,
}

closed_enum! {
    impl Player [Red, Blue] {
        /// Both players, in turn order.
        ALL;
        /// `0` for Red, `1` for Blue.
        index;
        /// The player with this index, if it is 0 or 1.
        from_index;
        /// Lowercase name: `"red"` or `"blue"`.
        pub name = ["red", "blue"];
    }
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }

    /// One-letter form used in position strings: `r` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Player::Red => 'r',
            Player::Blue => 'b',
        }
    }
}

display_name!(Player);

impl FromStr for Player {
    type Err = ParseError;

    /// Accepts `red`/`blue` or `r`/`b`, in any case.
    fn from_str(s: &str) -> Result<Player, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Player::Red),
            "blue" | "b" => Ok(Player::Blue),
            _ => Err(ParseError::new("player", s, 0, "expected `red` or `blue`")),
        }
    }
}
