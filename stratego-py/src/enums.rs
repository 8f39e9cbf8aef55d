//! The closed sets (`Rank`, `Player`, `Edition`, ...) are real Python `enum` classes, defined in
//! `stratego/_enums.py` so that they iterate, index by name and pickle as Python users expect.
//! Rust keeps its own copy of each set; this macro converts between the two at the boundary,
//! by the member's position, which is its value (`Rank.MARSHAL.value == 10`) for the numbered
//! sets.

/// Implements `FromPyObject` and `IntoPyObject` for a Rust mirror of a Python enum class.
/// `$all` lists the Rust values in the Python class's value order (0, 1, ...).
macro_rules! python_enum {
    ($ty:ty, $class:literal, $all:expr) => {
        impl $ty {
            /// The Python class's members, in value order (looked up once per interpreter).
            fn members(py: pyo3::Python<'_>) -> pyo3::PyResult<&pyo3::Bound<'_, pyo3::types::PyTuple>> {
                static MEMBERS: pyo3::sync::PyOnceLock<pyo3::Py<pyo3::types::PyTuple>> = pyo3::sync::PyOnceLock::new();
                MEMBERS.get_or_try_init(py, || crate::enums::load_members(py, $class, $all.len())).map(|t| t.bind(py))
            }
            /// The position of `self` in the Python class (its value).
            fn position(self) -> usize {
                $all.iter().position(|&x| x == self).expect("every member is in the table")
            }
        }

        impl<'a, 'py> pyo3::FromPyObject<'a, 'py> for $ty {
            type Error = pyo3::PyErr;
            fn extract(obj: pyo3::Borrowed<'a, 'py, pyo3::PyAny>) -> pyo3::PyResult<Self> {
                use pyo3::types::{PyAnyMethods, PyTupleMethods};
                let members = <$ty>::members(obj.py())?;
                // Members are singletons (pickling and copying return the same object), so
                // identity is the whole test, and an `int` is not taken for a member.
                for (i, m) in members.iter().enumerate() {
                    if m.is(&*obj) {
                        return Ok($all[i]);
                    }
                }
                Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "expected a {} (such as {}.{}), not {}",
                    $class,
                    $class,
                    crate::enums::first_member(members),
                    crate::convert::type_name(&obj.to_owned())
                )))
            }
        }

        impl<'py> pyo3::IntoPyObject<'py> for $ty {
            type Target = pyo3::PyAny;
            type Output = pyo3::Bound<'py, pyo3::PyAny>;
            type Error = pyo3::PyErr;
            fn into_pyobject(self, py: pyo3::Python<'py>) -> pyo3::PyResult<Self::Output> {
                use pyo3::types::PyTupleMethods;
                <$ty>::members(py)?.get_item(self.position())
            }
        }
    };
}
pub(crate) use python_enum;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The members of `stratego._enums.<class>` in value order, checked against the Rust table's
/// length and against their values, so that a mismatch fails loudly on first use.
pub fn load_members(py: Python<'_>, class: &str, len: usize) -> PyResult<Py<PyTuple>> {
    let cls = py.import("stratego._enums")?.getattr(class)?;
    let members: Vec<Bound<'_, PyAny>> = cls.try_iter()?.collect::<PyResult<_>>()?;
    for (i, m) in members.iter().enumerate() {
        // Numbered sets count from 0 in the Rust table's order; text-valued ones (SquareKind)
        // follow the table's order by position alone.
        if m.getattr("value")?.extract::<usize>().is_ok_and(|v| v != i) {
            return Err(PyRuntimeError::new_err(format!("{class} members must have the values 0, 1, ...")));
        }
    }
    if members.len() != len {
        return Err(PyRuntimeError::new_err(format!(
            "stratego._enums.{class} has {} members, the engine {len}",
            members.len()
        )));
    }
    Ok(PyTuple::new(py, members)?.unbind())
}

/// `NAME` of the first member, for messages.
pub fn first_member(members: &Bound<'_, PyTuple>) -> String {
    members.get_item(0).and_then(|m| m.getattr("name")).map(|n| n.to_string()).unwrap_or_default()
}
