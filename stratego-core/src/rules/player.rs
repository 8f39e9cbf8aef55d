use core::fmt;
use core::str::FromStr;

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

impl Player {
    /// Both players, in turn order.
    pub const ALL: [Player; 2] = [Player::Red, Player::Blue];

    /// `0` for Red, `1` for Blue.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with this index, if it is 0 or 1.
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::Red),
            1 => Some(Player::Blue),
            _ => None,
        }
    }

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }

    /// Lowercase name: `"red"` or `"blue"`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Blue => "blue",
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

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
