//! The ranks of the pieces and how they are numbered for display.

use core::str::FromStr;

use crate::macros::{closed_enum, display_name};
use crate::rules::{parse_name, Case};
use crate::ParseError;

/// A piece's rank. The discriminants order the fighting ranks by strength
/// (Spy 1 .. Marshal 10); Flag and Bomb sit at the ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Rank {
    /// Captured, it loses the game. Never moves.
    Flag = 0,
    /// The weakest piece, but it beats the Marshal when it attacks.
    Spy = 1,
    /// Moves any distance in a straight line (the standard editions).
    Scout = 2,
    /// Defuses Bombs.
    Miner = 3,
    /// Rank 4 (7 in Classic numbering).
    Sergeant = 4,
    /// Rank 5 (6 in Classic numbering).
    Lieutenant = 5,
    /// Rank 6 (5 in Classic numbering).
    Captain = 6,
    /// Rank 7 (4 in Classic numbering).
    Major = 7,
    /// Rank 8 (3 in Classic numbering).
    Colonel = 8,
    /// Rank 9 (2 in Classic numbering).
    General = 9,
    /// The strongest piece: rank 10 (1 in Classic numbering).
    Marshal = 10,
    /// Kills any attacker but a Miner and stays. Never moves.
    Bomb = 11,
}

/// How ranks are numbered for display. The rules are the same whichever is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Numbering {
    /// Milton Bradley: 1 = Marshal .. 9 = Scout, `S` = Spy.
    Classic = 0,
    /// European / ISF: 10 = Marshal .. 2 = Scout, 1 = Spy.
    Modern = 1,
}

closed_enum! {
    impl Numbering [Classic, Modern] {
        /// Both numberings.
        ALL;
        /// `classic` or `modern`.
        pub name = ["classic", "modern"];
    }
}

impl Numbering {
    /// The label of `rank`: a number, or `S`, `B`, `F`.
    pub const fn label(self, rank: Rank) -> &'static str {
        const CLASSIC: [&str; 12] = ["F", "S", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B"];
        const MODERN: [&str; 12] = ["F", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B"];
        match self {
            Numbering::Classic => CLASSIC[rank as usize],
            Numbering::Modern => MODERN[rank as usize],
        }
    }

    /// The rank whose label is `label` (as printed by [`Numbering::label`]).
    pub fn rank(self, label: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|&r| self.label(r).eq_ignore_ascii_case(label))
    }
}

closed_enum! {
    impl Rank [Flag, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Bomb] {
        /// Every rank, in discriminant order.
        ALL;
        /// How many ranks there are.
        COUNT;
        /// Position in [`Rank::ALL`].
        index;
        /// The rank at `index` in [`Rank::ALL`].
        from_index;
        /// English name, capitalised: `"Marshal"`.
        pub name = [
            "Flag", "Spy", "Scout", "Miner", "Sergeant", "Lieutenant", "Captain", "Major", "Colonel", "General",
            "Marshal", "Bomb",
        ];
    }
}

impl Rank {
    /// Offset of the rank in the Gravon letters (`'B' + k` red, `'N' + k` blue):
    /// bomb 0, spy 1, scout 2, ..., marshal 10, flag 11.
    #[inline]
    pub const fn gravon_offset(self) -> u8 {
        match self {
            Rank::Bomb => 0,
            Rank::Flag => 11,
            r => r as u8,
        }
    }

    /// Inverse of [`Rank::gravon_offset`].
    #[inline]
    pub const fn from_gravon_offset(k: u8) -> Option<Rank> {
        match k {
            0 => Some(Rank::Bomb),
            11 => Some(Rank::Flag),
            1..=10 => Some(Rank::ALL[k as usize]),
            _ => None,
        }
    }
}

display_name!(Rank);

impl FromStr for Rank {
    type Err = ParseError;

    /// Accepts the English name in any case (`marshal`, `Scout`).
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        parse_name(Rank::ALL, Rank::name, Case::Any, s, ("rank", "expected a rank name such as `Marshal`"))
    }
}
