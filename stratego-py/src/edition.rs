//! `Edition`: the published rule sets, each a preset of `Rules`.

use pyo3::prelude::*;
use stratego_core as core;

/// A published rule set; `Rules.edition(Edition.ISF)` gives its preset.
#[pyclass(name = "Edition", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyEdition {
    /// Milton Bradley rules: no repetition limit; Classic numbering (1 = Marshal).
    #[pyo3(name = "CLASSIC")]
    Classic,
    /// The Spanish edition: at most five moves between the same two squares.
    #[pyo3(name = "JUMBO")]
    Jumbo,
    /// ISF tournament rules: two-squares rule (three moves) and the chase rule.
    #[pyo3(name = "ISF")]
    Isf,
    /// Eight pieces per side placed anywhere in the four home rows.
    #[pyo3(name = "BARRAGE")]
    Barrage,
    /// Ten pieces per side placed anywhere in the three home rows.
    #[pyo3(name = "DUEL")]
    Duel,
    /// The Portuguese variant: no lakes, a guarded corner Flag, diagonal Scouts.
    #[pyo3(name = "ESTRATEGIA")]
    Estrategia,
    /// Gravon's ultimate lightning: 20 pieces, two-step Captains, one-time Bombs, rescues.
    #[pyo3(name = "ULTIMATE_LIGHTNING")]
    UltimateLightning,
}

/// Core edition and Python edition side by side.
const EDITIONS: [(core::Edition, PyEdition, &str); 7] = [
    (core::Edition::Classic, PyEdition::Classic, "CLASSIC"),
    (core::Edition::Jumbo, PyEdition::Jumbo, "JUMBO"),
    (core::Edition::Isf, PyEdition::Isf, "ISF"),
    (core::Edition::Barrage, PyEdition::Barrage, "BARRAGE"),
    (core::Edition::Duel, PyEdition::Duel, "DUEL"),
    (core::Edition::Estrategia, PyEdition::Estrategia, "ESTRATEGIA"),
    (core::Edition::UltimateLightning, PyEdition::UltimateLightning, "ULTIMATE_LIGHTNING"),
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

#[pymethods]
impl PyEdition {
    /// The edition named `name` (`"isf"`), in any case.
    #[new]
    fn py_new(py: Python<'_>, name: &str) -> PyResult<Self> {
        name.parse::<core::Edition>().map(Into::into).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// Every edition.
    #[staticmethod]
    fn all() -> Vec<PyEdition> {
        EDITIONS.iter().map(|x| x.1).collect()
    }
    /// The upper-case name, as in `Edition.ISF`.
    #[getter]
    fn name(&self) -> &'static str {
        EDITIONS.iter().find(|x| x.1 == *self).map(|x| x.2).expect("every edition is in the table")
    }
    /// The lower-case name used in the rules text form: `"isf"`.
    fn __str__(&self) -> &'static str {
        self.core().name()
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (&'static str,)) {
        (py.get_type::<Self>().into_any().unbind(), (self.core().name(),))
    }
}
