//! `Edition` (a Python enum defined in `stratego/_enums.py`): the published rule sets, each a
//! preset of `Rules`.

use stratego_core as core;

/// A published rule set; `Rules.edition(Edition.ISF)` gives its preset.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyEdition {
    /// Milton Bradley rules: no repetition limit; Classic numbering (1 = Marshal).
    Classic,
    /// The Spanish edition: at most five moves between the same two squares.
    Jumbo,
    /// ISF tournament rules: two-squares rule (three moves) and the chase rule.
    Isf,
    /// Eight pieces per side placed anywhere in the four home rows.
    Barrage,
    /// Ten pieces per side placed anywhere in the three home rows.
    Duel,
    /// The Portuguese variant: no lakes, a guarded corner Flag, diagonal Scouts.
    Estrategia,
    /// Gravon's ultimate lightning: 20 pieces, two-step Captains, one-time Bombs, rescues.
    UltimateLightning,
}

/// Core edition and Python edition side by side.
const EDITIONS: [(core::Edition, PyEdition); 7] = [
    (core::Edition::Classic, PyEdition::Classic),
    (core::Edition::Jumbo, PyEdition::Jumbo),
    (core::Edition::Isf, PyEdition::Isf),
    (core::Edition::Barrage, PyEdition::Barrage),
    (core::Edition::Duel, PyEdition::Duel),
    (core::Edition::Estrategia, PyEdition::Estrategia),
    (core::Edition::UltimateLightning, PyEdition::UltimateLightning),
];

impl From<core::Edition> for PyEdition {
    fn from(e: core::Edition) -> Self {
        EDITIONS.iter().find(|x| x.0 == e).map(|x| x.1).expect("every edition is in the table")
    }
}

impl PyEdition {
    pub fn core(self) -> core::Edition {
        EDITIONS.iter().find(|x| x.1 == self).map(|x| x.0).expect("every edition is in the table")
    }
}

crate::enums::python_enum!(PyEdition, "Edition", EDITIONS.map(|x| x.1));
