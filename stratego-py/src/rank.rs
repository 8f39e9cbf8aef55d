//! `Rank` and `Numbering` (Python enums defined in `stratego/_enums.py`), and the label
//! lookups those classes call.

use pyo3::prelude::*;
use stratego_core as core;

/// A piece's rank, ordered Flag, Spy, Scout, ..., Marshal, Bomb (the engine's index order).
pub type PyRank = crate::enums::PyEnum<core::Rank>;

/// How ranks are numbered for display; the rules are the same whichever is shown.
pub type PyNumbering = crate::enums::PyEnum<core::Numbering>;

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
