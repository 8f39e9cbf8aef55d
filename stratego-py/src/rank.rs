//! `Rank` and `Numbering` (Python enums defined in `stratego/_enums.py`), and the label
//! lookups those classes call.

use pyo3::prelude::*;
use stratego_core as core;

/// A piece's rank, ordered Flag, Spy, Scout, ..., Marshal, Bomb (the engine's index order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PyRank {
    /// Captured, it loses the game. Never moves.
    Flag,
    /// Beats the Marshal when it attacks.
    Spy,
    /// Moves any distance in a straight line.
    Scout,
    /// Defuses Bombs.
    Miner,
    /// Rank 4 (7 in Classic numbering).
    Sergeant,
    /// Rank 5 (6 in Classic numbering).
    Lieutenant,
    /// Rank 6 (5 in Classic numbering).
    Captain,
    /// Rank 7 (4 in Classic numbering).
    Major,
    /// Rank 8 (3 in Classic numbering).
    Colonel,
    /// Rank 9 (2 in Classic numbering).
    General,
    /// The strongest piece: 10 (1 in Classic numbering).
    Marshal,
    /// Kills any attacker but a Miner. Never moves.
    Bomb,
}

/// Python ranks in the core's index order.
const RANKS: [PyRank; 12] = [
    PyRank::Flag,
    PyRank::Spy,
    PyRank::Scout,
    PyRank::Miner,
    PyRank::Sergeant,
    PyRank::Lieutenant,
    PyRank::Captain,
    PyRank::Major,
    PyRank::Colonel,
    PyRank::General,
    PyRank::Marshal,
    PyRank::Bomb,
];

impl From<core::Rank> for PyRank {
    fn from(r: core::Rank) -> Self {
        RANKS[r.index()]
    }
}

impl PyRank {
    pub fn core(self) -> core::Rank {
        core::Rank::ALL[RANKS.iter().position(|&r| r == self).expect("every rank is in the table")]
    }
}

crate::enums::python_enum!(PyRank, "Rank", RANKS);

/// How ranks are numbered for display; the rules are the same whichever is shown.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyNumbering {
    /// Milton Bradley: 1 = Marshal .. 9 = Scout, S = Spy.
    Classic,
    /// European / ISF: 10 = Marshal .. 2 = Scout, 1 = Spy.
    Modern,
}

impl From<core::Numbering> for PyNumbering {
    fn from(n: core::Numbering) -> Self {
        match n {
            core::Numbering::Classic => PyNumbering::Classic,
            core::Numbering::Modern => PyNumbering::Modern,
        }
    }
}

impl PyNumbering {
    pub fn core(self) -> core::Numbering {
        match self {
            PyNumbering::Classic => core::Numbering::Classic,
            PyNumbering::Modern => core::Numbering::Modern,
        }
    }
}

crate::enums::python_enum!(PyNumbering, "Numbering", [PyNumbering::Classic, PyNumbering::Modern]);

/// `Numbering.label`: the label of `rank` in `numbering`.
#[pyfunction]
pub fn _rank_label(rank: PyRank, numbering: PyNumbering) -> &'static str {
    numbering.core().label(rank.core())
}

/// `Numbering.rank`: the rank labelled `label` in `numbering`, or `None`.
#[pyfunction]
pub fn _rank_of_label(label: &str, numbering: PyNumbering) -> Option<PyRank> {
    numbering.core().rank(label).map(Into::into)
}
