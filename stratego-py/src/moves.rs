//! `Move`, and the one place where Python values become engine moves.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyType};
use stratego_core as core;

use crate::convert::{action_out_of_range, ActionId};
use crate::rank::PyNumbering;
use crate::square::{square_arg, PySquare};

/// A move: the piece on `from_square` goes to `to_square` (an attack when an enemy stands
/// there). `Move("a4-a5")` or `Move("a4", "a5")`.
#[pyclass(name = "Move", module = "stratego._stratego", eq, hash, ord, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub core::Move);

/// A move given as a `Move` or as text (`"a4-a5"`).
pub fn move_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<core::Move> {
    crate::convert::class_or_text(py, obj, |m: &PyMove| m.0, "a Move or move text such as 'a4-a5'")
}

/// A move given as a `Move` or as text in any form the notation writes (`"a4-a5"`,
/// `"9 a4xa7 (1)"`, `"Scout a4xa7 (Marshal)"`), rank labels read in `numbering`.
pub fn move_arg_in(py: Python<'_>, obj: &Bound<'_, PyAny>, numbering: core::Numbering) -> PyResult<core::Move> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return core::Move::parse_notation(&text, numbering).map_err(|e| crate::errors::parse_error(py, &e));
    }
    move_arg(py, obj)
}

/// The action id of `obj` (a `Move` or move text, read in the rules' numbering) played by
/// `player`: the one mapping behind `Game`, `PlayerView` and `Rules.action_id`.
pub fn action_id_of(
    py: Python<'_>,
    rules: &core::Rules,
    player: core::Player,
    obj: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let mv = move_arg_in(py, obj, rules.numbering())?;
    rules.action_id(player, mv).ok_or_else(|| PyValueError::new_err(format!("{mv} is off the board")))
}

/// The move action id `action` stands for when `player` plays it (legal or not): the one
/// mapping behind `Game`, `PlayerView` and `Rules.action_move`.
pub fn action_move_of(rules: &core::Rules, player: core::Player, action: &ActionId) -> PyResult<core::Move> {
    let id = action.below(rules.num_actions())?;
    rules.action_move(player, id).ok_or_else(|| action_out_of_range(&id.to_string(), rules.num_actions()))
}

/// `moves` as a `stratego._moves.MoveList` (a `list` of `Move` that also answers `"a4-a5" in`).
pub fn move_list(py: Python<'_>, moves: Vec<core::Move>) -> PyResult<Bound<'_, PyAny>> {
    static MOVE_LIST: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let list = PyList::new(py, moves.into_iter().map(PyMove))?;
    MOVE_LIST.import(py, "stratego._moves", "MoveList")?.call1((list,))
}

crate::getters::pymethods_with_getters! { PyMove, self, text "Move", {
    /// `(rank, square)` of a rescue decision, else `None`.
    rescued: Option<(crate::rank::PyRank, PySquare)> = self.0.rescued().map(|(r, s)| (r.into(), PySquare(s)));
    /// Whether this is a rescue decision (a rescue or the decline), not a board move.
    is_decision: bool = self.0.is_decision();
    /// Whether this is `Move.DECLINE_RESCUE`.
    is_decline: bool = self.0.is_decline();
}, {
    /// `Move("a4-a5")`, or `Move(from_square, to_square)` with two squares or square names.
    #[new]
    #[pyo3(signature = (text_or_from, to = None))]
    fn py_new(py: Python<'_>, text_or_from: &Bound<'_, PyAny>, to: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match to {
            None => move_arg(py, text_or_from).map(PyMove),
            Some(to) => Ok(PyMove(core::Move::new(square_arg(py, text_or_from)?, square_arg(py, to)?))),
        }
    }
    /// Read a move in any form the notation writes: `"a4-a5"`, `"a4xa7"`, with an optional rank
    /// before (`"9 a4xa7"`, `"Scout a4xa7"`) and defender after (`"(1)"`, `"(Marshal)"`), labels
    /// read in `numbering` (Modern by default). The ranks are checked, then dropped.
    #[staticmethod]
    #[pyo3(signature = (text, numbering = crate::enums::PyEnum(core::Numbering::Modern)))]
    fn parse_notation(py: Python<'_>, text: &str, numbering: PyNumbering) -> PyResult<Self> {
        core::Move::parse_notation(text, numbering.core()).map(PyMove).map_err(|e| crate::errors::parse_error(py, &e))
    }
    /// The decision to bring back a captured piece of `rank` onto `square` (rules with
    /// rescues): text `"rescue:Scout@b2"`.
    #[staticmethod]
    fn rescue(py: Python<'_>, rank: &Bound<'_, PyAny>, square: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyMove(core::Move::rescue(crate::rules::rank_arg(py, rank)?, square_arg(py, square)?)))
    }
    /// The decision not to rescue: text `"decline"`.
    #[classattr]
    #[allow(non_snake_case)]
    fn DECLINE_RESCUE() -> Self {
        PyMove(core::Move::DECLINE_RESCUE)
    }
    /// Where the piece stands.
    #[allow(clippy::wrong_self_convention)] // a Python property, named as in python-chess
    #[getter]
    fn from_square(&self) -> PySquare {
        PySquare(self.0.from)
    }
    /// Where it goes.
    #[allow(clippy::wrong_self_convention)] // a Python property, named as in python-chess
    #[getter]
    fn to_square(&self) -> PySquare {
        PySquare(self.0.to)
    }
} }
