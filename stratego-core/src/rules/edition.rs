use core::fmt;
use core::str::FromStr;

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

impl Edition {
    /// Every edition.
    pub const ALL: [Edition; 7] = [
        Edition::Classic,
        Edition::Jumbo,
        Edition::Isf,
        Edition::Barrage,
        Edition::Duel,
        Edition::Estrategia,
        Edition::UltimateLightning,
    ];

    /// Position in [`Edition::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lowercase name, as in the rules text form: `isf`.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Classic => "classic",
            Edition::Jumbo => "jumbo",
            Edition::Isf => "isf",
            Edition::Barrage => "barrage",
            Edition::Duel => "duel",
            Edition::Estrategia => "estrategia",
            Edition::UltimateLightning => "ultimate_lightning",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Edition {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Edition, ParseError> {
        Edition::ALL.into_iter().find(|e| e.name().eq_ignore_ascii_case(s)).ok_or_else(|| {
            ParseError::new(
                "edition",
                s,
                0,
                "expected classic, jumbo, isf, barrage, duel, estrategia or ultimate_lightning",
            )
        })
    }
}
