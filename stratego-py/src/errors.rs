//! Engine errors as the Python exceptions of `stratego/errors.py` (all derived from
//! `ValueError`), each carrying the engine's details as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use stratego_core as core;

use crate::moves::PyMove;

/// Why a move is not legal (`IllegalMoveError.reason`).
#[pyclass(name = "IllegalReason", module = "stratego._stratego", eq, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyIllegalReason {
    /// The game has ended.
    #[pyo3(name = "GAME_OVER")]
    GameOver,
    /// A square of the move is off the board.
    #[pyo3(name = "OFF_BOARD")]
    OffBoard,
    /// No piece on the start square.
    #[pyo3(name = "NO_PIECE")]
    NoPiece,
    /// The piece belongs to the player not on move.
    #[pyo3(name = "NOT_YOUR_PIECE")]
    NotYourPiece,
    /// Bombs and Flags never move.
    #[pyo3(name = "IMMOVABLE")]
    Immovable,
    /// The target holds a piece of the mover.
    #[pyo3(name = "OWN_PIECE")]
    OwnPiece,
    /// The target is a lake, or the path crosses one.
    #[pyo3(name = "LAKE")]
    Lake,
    /// The piece cannot reach the target with its movement.
    #[pyo3(name = "UNREACHABLE")]
    Unreachable,
    /// A piece stands in the way of a slide.
    #[pyo3(name = "BLOCKED")]
    Blocked,
    /// A slide may not end in an attack under these rules.
    #[pyo3(name = "SLIDE_ATTACK")]
    SlideAttack,
    /// The two-squares rule forbids it.
    #[pyo3(name = "TWO_SQUARE_RULE")]
    TwoSquareRule,
    /// The more-squares (chase) rule forbids it.
    #[pyo3(name = "CHASE_RULE")]
    ChaseRule,
    /// The piece may not return to its start square.
    #[pyo3(name = "NO_RETURN")]
    NoReturn,
    /// A rescue decision is due first.
    #[pyo3(name = "RESCUE_PENDING")]
    RescuePending,
    /// A rescue decision when none is due.
    #[pyo3(name = "NO_RESCUE_PENDING")]
    NoRescuePending,
    /// A rescue of a rank the player has not lost.
    #[pyo3(name = "NOT_CAPTURED")]
    NotCaptured,
    /// A rescued piece may not be placed there.
    #[pyo3(name = "OUTSIDE_RESCUE_ZONE")]
    OutsideRescueZone,
    /// A rescued piece needs an empty square.
    #[pyo3(name = "OCCUPIED")]
    Occupied,
    /// A player's view tried a move while it is the opponent's turn.
    #[pyo3(name = "NOT_YOUR_TURN")]
    NotYourTurn,
}

/// Core reason and Python reason side by side: one table for both directions.
const REASONS: [(core::IllegalReason, PyIllegalReason, &str); 19] = [
    (core::IllegalReason::GameOver, PyIllegalReason::GameOver, "GAME_OVER"),
    (core::IllegalReason::OffBoard, PyIllegalReason::OffBoard, "OFF_BOARD"),
    (core::IllegalReason::NoPiece, PyIllegalReason::NoPiece, "NO_PIECE"),
    (core::IllegalReason::NotYourPiece, PyIllegalReason::NotYourPiece, "NOT_YOUR_PIECE"),
    (core::IllegalReason::Immovable, PyIllegalReason::Immovable, "IMMOVABLE"),
    (core::IllegalReason::OwnPiece, PyIllegalReason::OwnPiece, "OWN_PIECE"),
    (core::IllegalReason::Lake, PyIllegalReason::Lake, "LAKE"),
    (core::IllegalReason::Unreachable, PyIllegalReason::Unreachable, "UNREACHABLE"),
    (core::IllegalReason::Blocked, PyIllegalReason::Blocked, "BLOCKED"),
    (core::IllegalReason::SlideAttack, PyIllegalReason::SlideAttack, "SLIDE_ATTACK"),
    (core::IllegalReason::TwoSquareRule, PyIllegalReason::TwoSquareRule, "TWO_SQUARE_RULE"),
    (core::IllegalReason::ChaseRule, PyIllegalReason::ChaseRule, "CHASE_RULE"),
    (core::IllegalReason::NoReturn, PyIllegalReason::NoReturn, "NO_RETURN"),
    (core::IllegalReason::RescuePending, PyIllegalReason::RescuePending, "RESCUE_PENDING"),
    (core::IllegalReason::NoRescuePending, PyIllegalReason::NoRescuePending, "NO_RESCUE_PENDING"),
    (core::IllegalReason::NotCaptured, PyIllegalReason::NotCaptured, "NOT_CAPTURED"),
    (core::IllegalReason::OutsideRescueZone, PyIllegalReason::OutsideRescueZone, "OUTSIDE_RESCUE_ZONE"),
    (core::IllegalReason::Occupied, PyIllegalReason::Occupied, "OCCUPIED"),
    (core::IllegalReason::NotYourTurn, PyIllegalReason::NotYourTurn, "NOT_YOUR_TURN"),
];

impl From<core::IllegalReason> for PyIllegalReason {
    fn from(r: core::IllegalReason) -> Self {
        REASONS.iter().find(|e| e.0 == r).map(|e| e.1).expect("every reason is in the table")
    }
}

impl PyIllegalReason {
    fn core(self) -> core::IllegalReason {
        REASONS.iter().find(|e| e.1 == self).map(|e| e.0).expect("every reason is in the table")
    }
    fn name(self) -> &'static str {
        REASONS.iter().find(|e| e.1 == self).map(|e| e.2).expect("every reason is in the table")
    }
}

#[pymethods]
impl PyIllegalReason {
    /// The reason named `name` (`"TWO_SQUARE_RULE"`), as `IllegalReason.TWO_SQUARE_RULE`.
    #[new]
    fn py_new(name: &str) -> PyResult<Self> {
        REASONS
            .iter()
            .find(|e| e.2.eq_ignore_ascii_case(name))
            .map(|e| e.1)
            .ok_or_else(|| PyValueError::new_err(format!("no IllegalReason named {name:?}")))
    }
    /// The upper-case name, as in `IllegalReason.TWO_SQUARE_RULE`.
    #[getter(name)]
    fn py_name(&self) -> &'static str {
        self.name()
    }
    /// A sentence saying why: `"forbidden by the two-squares rule"`.
    fn __str__(&self) -> String {
        self.core().to_string()
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (&'static str,))> {
        Ok((py.get_type::<Self>().into_any().unbind(), (self.name(),)))
    }
}

fn exception_type<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    cell.import(py, "stratego.errors", name).cloned()
}

/// An instance of `stratego.errors.<name>(message, **details)` as a `PyErr`.
fn raise(
    py: Python<'_>,
    cell: &'static PyOnceLock<Py<PyType>>,
    name: &str,
    message: String,
    details: &[(&str, Bound<'_, PyAny>)],
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let kwargs = PyDict::new(py);
        for (k, v) in details {
            kwargs.set_item(k, v)?;
        }
        let err = exception_type(py, cell, name)?.call((message.clone(),), Some(&kwargs))?;
        Ok(PyErr::from_value(err))
    };
    // If the exception classes cannot be reached the message still gets through.
    build().unwrap_or_else(|_| PyValueError::new_err(message))
}

static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static TOO_LARGE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SETUP_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_MOVE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static RULES_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `stratego.ParseError` with the text, position and reason; `stratego.errors.TooLargeError`
/// (a `ParseError`) when the text was refused for its size.
pub fn parse_error(py: Python<'_>, e: &core::ParseError) -> PyErr {
    parse_error_of_kind(py, e, e.is_too_large())
}

fn parse_error_of_kind(py: Python<'_>, e: &core::ParseError, too_large: bool) -> PyErr {
    let details = [
        ("what", e.what.into_pyobject(py).expect("str").into_any()),
        ("text", e.text.clone().into_pyobject(py).expect("str").into_any()),
        ("position", e.position.into_pyobject(py).expect("int").into_any()),
        ("reason", e.reason.clone().into_pyobject(py).expect("str").into_any()),
    ];
    if too_large {
        return raise(py, &TOO_LARGE_ERROR, "TooLargeError", e.to_string(), &details);
    }
    raise(py, &PARSE_ERROR, "ParseError", e.to_string(), &details)
}

/// `stratego.ParseError` for text that is not even of the right shape (not JSON, say), or
/// `TooLargeError` when `reason` is a size refusal (a JSON reader that stopped at a limit, a
/// Gravon text over its limit, a record with too many moves).
pub fn parse_error_text(py: Python<'_>, what: &'static str, text: &str, reason: String) -> PyErr {
    let too_large = core::limits::is_size_refusal(&reason);
    parse_error_of_kind(py, &core::ParseError::new(what, text, 0, reason), too_large)
}

/// `stratego.SetupError` with every problem as a sentence.
pub fn setup_error(py: Python<'_>, e: &core::SetupError) -> PyErr {
    let problems: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
    let details = [("problems", problems.into_pyobject(py).expect("list").into_any())];
    raise(py, &SETUP_ERROR, "SetupError", e.to_string(), &details)
}

/// `stratego.IllegalMoveError` with the move and the reason.
pub fn illegal_move(py: Python<'_>, e: &core::IllegalMove) -> PyErr {
    illegal_move_at(py, e, None)
}

/// `stratego.IllegalMoveError`, naming the 1-based ply when it comes from a replay.
pub fn illegal_move_at(py: Python<'_>, e: &core::IllegalMove, ply: Option<usize>) -> PyErr {
    let mv = Bound::new(py, PyMove(e.mv)).expect("a Move object").into_any();
    let reason = Bound::new(py, PyIllegalReason::from(e.reason)).expect("a reason object").into_any();
    let mut details = vec![("move", mv), ("reason", reason)];
    let message = match ply {
        Some(p) => {
            details.push(("ply", p.into_pyobject(py).expect("int").into_any()));
            format!("ply {p}: {e}")
        }
        None => e.to_string(),
    };
    raise(py, &ILLEGAL_MOVE_ERROR, "IllegalMoveError", message, &details)
}

/// `stratego.RulesError`: rules that contradict each other.
pub fn rules_error(py: Python<'_>, e: &core::RulesError) -> PyErr {
    raise(py, &RULES_ERROR, "RulesError", e.to_string(), &[])
}

/// A `RecordError` of the core as the matching Python exception.
pub fn record_error(py: Python<'_>, e: &core::RecordError) -> PyErr {
    match e {
        core::RecordError::Rules(p) | core::RecordError::Start(p) => parse_error(py, p),
        core::RecordError::Setup(s) => setup_error(py, s),
        core::RecordError::Move { ply, error } => illegal_move_at(py, error, Some(*ply)),
        core::RecordError::TooLong { .. } => parse_error_text(py, "record", "", e.to_string()),
    }
}

/// An encoder's buffer complaint as a `ValueError`.
pub fn encoding_error(e: &core::EncodingError) -> PyErr {
    PyValueError::new_err(e.to_string())
}
