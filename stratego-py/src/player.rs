//! `Player`: Red (moves first) and Blue.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use stratego_core as core;

/// One of the two sides. `Player.RED` moves first.
#[pyclass(name = "Player", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyPlayer {
    /// Moves first; home rows at the bottom.
    #[pyo3(name = "RED")]
    Red,
    /// Moves second; home rows at the top.
    #[pyo3(name = "BLUE")]
    Blue,
}

impl From<core::Player> for PyPlayer {
    fn from(p: core::Player) -> Self {
        match p {
            core::Player::Red => PyPlayer::Red,
            core::Player::Blue => PyPlayer::Blue,
        }
    }
}

impl From<PyPlayer> for core::Player {
    fn from(p: PyPlayer) -> Self {
        match p {
            PyPlayer::Red => core::Player::Red,
            PyPlayer::Blue => core::Player::Blue,
        }
    }
}

impl PyPlayer {
    pub fn core(self) -> core::Player {
        self.into()
    }
}

#[pymethods]
impl PyPlayer {
    /// The player named `name`: `"red"`/`"blue"` or `"r"`/`"b"`, in any case.
    #[new]
    fn py_new(py: Python<'_>, name: &str) -> PyResult<Self> {
        name.parse::<core::Player>().map(Into::into).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// The player at `index`: 0 for Red, 1 for Blue.
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let i = crate::convert::bounded(index, "player index", 1)?;
        core::Player::from_index(i as usize).map(Into::into).ok_or_else(|| PyValueError::new_err("no such player"))
    }
    /// 0 for Red, 1 for Blue.
    #[getter]
    fn index(&self) -> usize {
        self.core().index()
    }
    /// `"RED"` or `"BLUE"`, as in `Player.RED`.
    #[getter]
    fn name(&self) -> &'static str {
        match self {
            PyPlayer::Red => "RED",
            PyPlayer::Blue => "BLUE",
        }
    }
    /// The other player.
    #[getter]
    fn opponent(&self) -> PyPlayer {
        self.core().opponent().into()
    }
    /// `"red"` or `"blue"`.
    fn __str__(&self) -> &'static str {
        self.core().name()
    }
    fn __reduce__(&self, py: Python<'_>) -> (Py<PyAny>, (&'static str,)) {
        (py.get_type::<Self>().into_any().unbind(), (self.core().name(),))
    }
}
