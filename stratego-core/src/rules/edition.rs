//! The published rule sets, by name.

use core::str::FromStr;

use crate::macros::{closed_enum, display_name};
use crate::rules::{parse_name, Case};
use crate::ParseError;

/// A published rule set. [`crate::Rules::edition`] gives its preset; the builder can start from any.
///
/// | edition | numbering | army, zone | long Scout move ends in a strike | repetition |
/// |---|---|---|---|---|
/// | `Classic` | 1 = Marshal .. 9 = Scout, S | 40, fill 4 rows | yes | none |
/// | `Jumbo` | 10 .. 2, 1 = Spy | 40, fill 4 rows | yes | five moves on two squares |
/// | `Isf` | 10 .. 1 | 40, fill 4 rows | yes | two-squares (3) + more-squares (chase) |
/// | `Barrage` | 10 .. 1 | 8, anywhere in 4 rows | yes | as `Isf` |
/// | `Duel` | 10 .. 1 | 10, anywhere in 3 rows | yes | as `Isf` |
/// | `Estrategia` | 10 .. 1 | 40, corner Flag with Marshal and Bombs around it | no long moves | no return to the start square |
/// | `UltimateLightning` | 10 .. 1 | 20, anywhere in 4 rows | yes; Captains move two | as `Isf` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Edition {
    /// Milton Bradley rules: no repetition limit.
    Classic = 0,
    /// The Spanish edition: a piece may not make more than five moves between the same two squares.
    Jumbo = 1,
    /// ISF tournament rules: two-squares rule (three moves) and more-squares (chase) rule.
    Isf = 2,
    /// Eight pieces per side placed anywhere in the four home rows; ISF repetition rules.
    Barrage = 3,
    /// Ten pieces per side placed anywhere in the three home rows; ISF repetition rules.
    Duel = 4,
    /// The Portuguese variant: no lakes, a Flag in a corner guarded by its Marshal and Bombs,
    /// Scouts stepping diagonally, no retreat to the start square, sight limited to neighbours,
    /// and its own battle table. See [`crate::Rules::edition`] for this project's reading.
    Estrategia = 5,
    /// Gravon's "ultimate lightning": 20 pieces per side anywhere in the four home rows,
    /// Captains that move two squares (straight or with one turn), ties won by the attacker,
    /// one-time Bombs (the attacker and the Bomb both leave, except that a Scout clears the
    /// Bomb), and rescues: a piece other than a Scout that reaches the enemy back row may bring
    /// back a captured piece (twice per player). ISF repetition rules. See
    /// [`crate::Rules::edition`] for the readings.
    UltimateLightning = 6,
}

closed_enum! {
    impl Edition [Classic, Jumbo, Isf, Barrage, Duel, Estrategia, UltimateLightning] {
        /// Every edition.
        ALL;
        /// Position in [`Edition::ALL`].
        index;
        /// Lowercase name, as in the rules text form: `isf`.
        pub name = ["classic", "jumbo", "isf", "barrage", "duel", "estrategia", "ultimate_lightning"];
    }
}

display_name!(Edition);

impl FromStr for Edition {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Edition, ParseError> {
        let expected = "expected classic, jumbo, isf, barrage, duel, estrategia or ultimate_lightning";
        parse_name(Edition::ALL, Edition::name, Case::Any, s, ("edition", expected))
    }
}
