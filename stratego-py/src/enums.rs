//! The closed sets (`Rank`, `Player`, `Edition`, ...) are real Python `enum` classes in
//! `stratego/_enums.py`, whose members and values are the core's own (`_enum_table()` gives
//! them; a test holds the file to it). One generic wrapper, [`PyEnum`], converts any core set
//! at the boundary by value, so no set is written out here.

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};
use stratego_core::{self as core, ClosedEnum};

/// A core closed set's member on its way to or from Python.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyEnum<E>(pub E);

impl<E: ClosedEnum> PyEnum<E> {
    /// The core member.
    pub fn core(self) -> E {
        self.0
    }
}

impl<E: ClosedEnum> From<E> for PyEnum<E> {
    fn from(e: E) -> Self {
        PyEnum(e)
    }
}

/// The sets `_enums.py` defines, in `core::closed_enum_table` order: a set's slot in
/// [`MEMBERS`] is its position here.
const SETS: [&str; 9] = [
    "Player",
    "Rank",
    "Numbering",
    "Edition",
    "Termination",
    "Battle",
    "IllegalReason",
    "SetupProblemKind",
    "SquareKind",
];

/// Each set's Python members in core order, looked up once per interpreter.
static MEMBERS: [PyOnceLock<Py<PyTuple>>; 9] = [const { PyOnceLock::new() }; 9];

fn members<E: ClosedEnum>(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    let slot = SETS
        .iter()
        .position(|s| *s == E::NAME)
        .ok_or_else(|| PyRuntimeError::new_err(format!("{} is not in stratego._enums", E::NAME)))?;
    MEMBERS[slot].get_or_try_init(py, || load_members::<E>(py)).map(|t| t.bind(py))
}

/// The members of `stratego._enums.<set>`, one per core member in core order, each checked
/// by name and value so that a stale `_enums.py` fails loudly on first use.
fn load_members<E: ClosedEnum>(py: Python<'_>) -> PyResult<Py<PyTuple>> {
    let cls = py.import("stratego._enums")?.getattr(E::NAME)?;
    let mut out = Vec::with_capacity(E::MEMBERS.len());
    for m in E::MEMBERS {
        let member = cls.getattr("__members__")?.get_item(m.screaming_name())?;
        if member.getattr("value")?.extract::<u32>()? != u32::from(m.value()) {
            return Err(PyRuntimeError::new_err(format!(
                "stratego._enums.{}.{} has not the engine's value {}",
                E::NAME,
                m.screaming_name(),
                m.value()
            )));
        }
        out.push(member);
    }
    Ok(PyTuple::new(py, out)?.unbind())
}

fn position<E: ClosedEnum>(e: E) -> usize {
    E::MEMBERS.iter().position(|&m| m == e).expect("every member is in MEMBERS")
}

impl<'a, 'py, E: ClosedEnum> FromPyObject<'a, 'py> for PyEnum<E> {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let members = members::<E>(obj.py())?;
        // Members are singletons (pickling and copying return the same object), so identity
        // is the whole test, and an `int` is not taken for a member.
        for (i, m) in members.iter().enumerate() {
            if m.is(&*obj) {
                return Ok(PyEnum(E::MEMBERS[i]));
            }
        }
        Err(PyTypeError::new_err(format!(
            "expected a {} (such as {}.{}), not {}",
            E::NAME,
            E::NAME,
            E::MEMBERS[0].screaming_name(),
            crate::convert::type_name(&obj.to_owned())
        )))
    }
}

impl<'py, E: ClosedEnum> IntoPyObject<'py> for PyEnum<E> {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Self::Output> {
        members::<E>(py)?.get_item(position(self.0))
    }
}

/// `{set: [(NAME, value), ...]}` from the core: what `_enums.py` must define (its test and
/// `scripts/gen_enums.py` read this).
#[pyfunction]
pub fn _enum_table(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let table: Vec<(&str, Vec<(String, u8)>)> = core::closed_enum_table();
    PyList::new(py, table)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_slots_follow_the_core_table() {
        let names: Vec<&str> = stratego_core::closed_enum_table().iter().map(|t| t.0).collect();
        assert_eq!(names, super::SETS);
    }
}
