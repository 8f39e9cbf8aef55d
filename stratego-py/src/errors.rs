//! Engine errors as the Python exceptions of `stratego/errors.py` (all derived from
//! `ValueError`), each carrying the engine's details as attributes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyType};
use stratego_core as core;

use crate::moves::PyMove;

/// Why a move is not legal (`IllegalMoveError.reason`).
pub type PyIllegalReason = crate::enums::PyEnum<core::IllegalReason>;

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

/// `stratego.SetupError` with every problem as a typed `SetupProblem`.
pub fn setup_error(py: Python<'_>, e: &core::SetupError) -> PyErr {
    let problems: Vec<crate::setup_problem::PySetupProblem> =
        e.problems.iter().cloned().map(crate::setup_problem::PySetupProblem).collect();
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
