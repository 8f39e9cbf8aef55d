//! `Rank` (with its label in each numbering) and `Numbering`.

use pyo3::prelude::*;
use stratego_core as core;

/// A piece's rank, ordered Flag, Spy, Scout, ..., Marshal, Bomb (the engine's index order).
#[pyclass(name = "Rank", module = "stratego._stratego", eq, hash, ord, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PyRank {
    /// Captured, it loses the game. Never moves.
    #[pyo3(name = "FLAG")]
    Flag,
    /// Beats the Marshal when it attacks.
    #[pyo3(name = "SPY")]
    Spy,
    /// Moves any distance in a straight line.
    #[pyo3(name = "SCOUT")]
    Scout,
    /// Defuses Bombs.
    #[pyo3(name = "MINER")]
    Miner,
    /// Rank 4 (7 in Classic numbering).
    #[pyo3(name = "SERGEANT")]
    Sergeant,
    /// Rank 5 (6 in Classic numbering).
    #[pyo3(name = "LIEUTENANT")]
    Lieutenant,
    /// Rank 6 (5 in Classic numbering).
    #[pyo3(name = "CAPTAIN")]
    Captain,
    /// Rank 7 (4 in Classic numbering).
    #[pyo3(name = "MAJOR")]
    Major,
    /// Rank 8 (3 in Classic numbering).
    #[pyo3(name = "COLONEL")]
    Colonel,
    /// Rank 9 (2 in Classic numbering).
    #[pyo3(name = "GENERAL")]
    General,
    /// The strongest piece: 10 (1 in Classic numbering).
    #[pyo3(name = "MARSHAL")]
    Marshal,
    /// Kills any attacker but a Miner. Never moves.
    #[pyo3(name = "BOMB")]
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

#[pymethods]
impl PyRank {
    /// The rank named `name` (`"Marshal"`, any case).
    #[new]
    fn py_new(py: Python<'_>, name: &str) -> PyResult<Self> {
        name.parse::<core::Rank>().map(Into::into).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// Every rank, in index order.
    #[staticmethod]
    fn all() -> Vec<PyRank> {
        RANKS.to_vec()
    }
    /// The rank at `index` (Flag 0, Spy 1, ..., Marshal 10, Bomb 11).
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let i = crate::convert::bounded(index, "rank index", 11)?;
        Ok(RANKS[i as usize])
    }
    /// Position in `Rank.all()`: Flag 0, Spy 1, ..., Marshal 10, Bomb 11.
    #[getter]
    fn index(&self) -> usize {
        self.core().index()
    }
    /// The upper-case name, as in `Rank.MARSHAL`.
    #[getter]
    fn name(&self) -> String {
        self.core().name().to_ascii_uppercase()
    }
    /// The rank's label in `numbering` (`Numbering.MODERN` by default): `"10"`, `"S"`, `"B"`.
    /// `rules.label(rank)` uses the rules' own numbering.
    #[pyo3(signature = (numbering = PyNumbering::Modern))]
    fn label(&self, numbering: PyNumbering) -> &'static str {
        numbering.core().label(self.core())
    }
    /// The English name: `"Marshal"`.
    fn __str__(&self) -> &'static str {
        self.core().name()
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (&'static str,)) {
        (py.get_type::<Self>().into_any().unbind(), (self.core().name(),))
    }
}

/// How ranks are numbered for display; the rules are the same whichever is shown.
#[pyclass(name = "Numbering", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyNumbering {
    /// Milton Bradley: 1 = Marshal .. 9 = Scout, S = Spy.
    #[pyo3(name = "CLASSIC")]
    Classic,
    /// European / ISF: 10 = Marshal .. 2 = Scout, 1 = Spy.
    #[pyo3(name = "MODERN")]
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

#[pymethods]
impl PyNumbering {
    /// `"classic"` or `"modern"`.
    #[new]
    fn py_new(name: &str) -> PyResult<Self> {
        core::Numbering::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name))
            .map(Into::into)
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("no numbering named {name:?}")))
    }
    /// `"CLASSIC"` or `"MODERN"`.
    #[getter]
    fn name(&self) -> String {
        self.core().name().to_ascii_uppercase()
    }
    /// The label of `rank` in this numbering.
    fn label(&self, rank: PyRank) -> &'static str {
        self.core().label(rank.core())
    }
    /// The rank labelled `label` (`"10"`, `"S"`), or `None`.
    fn rank(&self, label: &str) -> Option<PyRank> {
        self.core().rank(label).map(Into::into)
    }
    fn __str__(&self) -> &'static str {
        self.core().name()
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (&'static str,)) {
        (py.get_type::<Self>().into_any().unbind(), (self.core().name(),))
    }
}
