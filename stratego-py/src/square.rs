//! `Square`, and the one place where Python values become engine squares.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use stratego_core as core;

use crate::convert::{bounded, bounded_in};

/// A square by file (column, `a` = 0) and rank (row, `1` = 0): `Square("c5")` or
/// `Square.at(2, 4)`. Whether it is on a given board is the rules' business (`rules.contains`).
#[pyclass(name = "Square", module = "stratego._stratego", eq, hash, ord, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PySquare(pub core::Square);

/// The square at column `col`, row `row` (both from 0), checked against the largest board.
pub fn square_at(col: &Bound<'_, PyAny>, row: &Bound<'_, PyAny>) -> PyResult<core::Square> {
    let max = core::MAX_SIDE as u64 - 1;
    let (c, r) = (bounded(col, "column", max)?, bounded(row, "row", max)?);
    core::Square::try_new(c as u8, r as u8).ok_or_else(|| PyValueError::new_err("square off every board"))
}

/// A square given as a `Square` or as its name (`"c5"`).
pub fn square_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<core::Square> {
    crate::convert::class_or_text(py, obj, |s: &PySquare| s.0, "a Square or a square name such as 'c5'")
}

crate::getters::pymethods_with_getters! { PySquare, self, text "Square", {
    /// File index, 0 = `a`.
    col: u8 = self.0.col();
    /// Rank index, 0 = rank `1`.
    row: u8 = self.0.row();
    /// The name: `"c5"`.
    name: String = self.0.to_string();
}, {
    /// The square named `name`: a file letter `a`..`p` and a rank number from 1 (`"c5"`).
    #[new]
    fn py_new(py: Python<'_>, name: &Bound<'_, PyAny>) -> PyResult<Self> {
        square_arg(py, name).map(PySquare)
    }
    /// The square at column `col` (0 = file a) and row `row` (0 = rank 1).
    #[staticmethod]
    fn at(col: &Bound<'_, PyAny>, row: &Bound<'_, PyAny>) -> PyResult<Self> {
        square_at(col, row).map(PySquare)
    }
    /// The square of board index `index` (`row * width + col`) on a board `width` columns wide.
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>, width: &Bound<'_, PyAny>) -> PyResult<Self> {
        let width = bounded_in(width, "width", 1, core::MAX_SIDE as u64)?;
        let index = bounded(index, "index", width * core::MAX_SIDE as u64 - 1)?;
        Ok(PySquare(core::Square::from_index(index as usize, width as u8)))
    }
    /// Board index `row * width + col` on a board `width` columns wide.
    fn index(&self, width: &Bound<'_, PyAny>) -> PyResult<usize> {
        let width = bounded_in(width, "width", 1, core::MAX_SIDE as u64)?;
        Ok(self.0.index(width as u8))
    }
} }
