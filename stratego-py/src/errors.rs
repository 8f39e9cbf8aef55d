//! Engine errors as the Python exceptions of `stratego/errors.py` (all derived from
//! `ValueError`), each carrying the engine's details as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use stratego_core as core;

use crate::moves::PyMove;

/// Why a move is not legal (`IllegalMoveError.reason`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum PyIllegalReason {
    /// The game has ended.
    GameOver,
    /// A square of the move is off the board.
    OffBoard,
    /// No piece on the start square.
    NoPiece,
    /// The piece belongs to the player not on move.
    NotYourPiece,
    /// Bombs and Flags never move.
    Immovable,
    /// The target holds a piece of the mover.
    OwnPiece,
    /// The target is a lake, or the path crosses one.
    Lake,
    /// The piece cannot reach the target with its movement.
    Unreachable,
    /// A piece stands in the way of a slide.
    Blocked,
    /// A slide may not end in an attack under these rules.
    SlideAttack,
    /// The two-squares rule forbids it.
    TwoSquareRule,
    /// The more-squares (chase) rule forbids it.
    ChaseRule,
    /// The piece may not return to its start square.
    NoReturn,
    /// A rescue decision is due first.
    RescuePending,
    /// A rescue decision when none is due.
    NoRescuePending,
    /// A rescue of a rank the player has not lost.
    NotCaptured,
    /// A rescued piece may not be placed there.
    OutsideRescueZone,
    /// A rescued piece needs an empty square.
    Occupied,
    /// A player's view tried a move while it is the opponent's turn.
    NotYourTurn,
}

/// Core reason and Python reason side by side: one table for both directions.
const REASONS: [(core::IllegalReason, PyIllegalReason); 19] = [
    (core::IllegalReason::GameOver, PyIllegalReason::GameOver),
    (core::IllegalReason::OffBoard, PyIllegalReason::OffBoard),
    (core::IllegalReason::NoPiece, PyIllegalReason::NoPiece),
    (core::IllegalReason::NotYourPiece, PyIllegalReason::NotYourPiece),
    (core::IllegalReason::Immovable, PyIllegalReason::Immovable),
    (core::IllegalReason::OwnPiece, PyIllegalReason::OwnPiece),
    (core::IllegalReason::Lake, PyIllegalReason::Lake),
    (core::IllegalReason::Unreachable, PyIllegalReason::Unreachable),
    (core::IllegalReason::Blocked, PyIllegalReason::Blocked),
    (core::IllegalReason::SlideAttack, PyIllegalReason::SlideAttack),
    (core::IllegalReason::TwoSquareRule, PyIllegalReason::TwoSquareRule),
    (core::IllegalReason::ChaseRule, PyIllegalReason::ChaseRule),
    (core::IllegalReason::NoReturn, PyIllegalReason::NoReturn),
    (core::IllegalReason::RescuePending, PyIllegalReason::RescuePending),
    (core::IllegalReason::NoRescuePending, PyIllegalReason::NoRescuePending),
    (core::IllegalReason::NotCaptured, PyIllegalReason::NotCaptured),
    (core::IllegalReason::OutsideRescueZone, PyIllegalReason::OutsideRescueZone),
    (core::IllegalReason::Occupied, PyIllegalReason::Occupied),
    (core::IllegalReason::NotYourTurn, PyIllegalReason::NotYourTurn),
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
}

crate::enums::python_enum!(PyIllegalReason, "IllegalReason", REASONS.map(|x| x.1));

/// `str(IllegalReason.X)`: the engine's sentence for it.
#[pyfunction]
pub fn _reason_text(reason: PyIllegalReason) -> String {
    reason.core().to_string()
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
    let reason = PyIllegalReason::from(e.reason).into_pyobject(py).expect("the IllegalReason class");
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

/// `stratego.RulesError` with a message of the engine's form, for a value the engine's types
/// cannot even hold (a negative width).
pub fn rules_error_text(py: Python<'_>, message: String) -> PyErr {
    raise(py, &RULES_ERROR, "RulesError", message, &[])
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
