//! Python ints into engine numbers, in one place, so that every argument out of range raises
//! the same clear `ValueError` (never an `OverflowError` or a silent wrap).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// An `int` argument (anything with `__index__`, NumPy integers too) in `0..=max`; a `ValueError`
/// naming `what` and the range when it is outside, a `TypeError` when it is no integer.
pub fn bounded(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int, not bool")));
    }
    match obj.extract::<u64>() {
        Ok(v) if v <= max => Ok(v),
        Ok(_) => Err(out_of_range(obj, what, max)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(out_of_range(obj, what, max)),
        Err(_) => Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj)))),
    }
}

fn out_of_range(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyErr {
    PyValueError::new_err(format!("{what} must be in 0..={max}, got {obj}"))
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

macro_rules! int_argument {
    ($(#[$doc:meta])* $name:ident($ty:ty), $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub $ty);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;
            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                bounded(&obj.to_owned(), $what, <$ty>::MAX as u64).map(|v| $name(v as $ty))
            }
        }
    };
}

int_argument!(
    /// A seed: any int in `0..2**64`.
    Seed(u64),
    "seed"
);
/// `seed`, or fresh entropy from the operating system (`os.urandom`) when it is `None`: the
/// core only ever takes a seed, so drawing one is the wrapper's job.
pub fn seed_or_fresh(py: Python<'_>, seed: Option<Seed>) -> PyResult<u64> {
    match seed {
        Some(s) => Ok(s.0),
        None => {
            let bytes: [u8; 8] = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
            Ok(u64::from_le_bytes(bytes))
        }
    }
}

int_argument!(
    /// A search depth.
    Depth(u32),
    "depth"
);
int_argument!(
    /// A ply cap.
    Plies(u32),
    "ply cap"
);

/// An action id as given: checked against `num_actions` where it is used, since the bound
/// depends on the rules.
#[derive(Clone, Copy, Debug)]
pub struct ActionId(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for ActionId {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // The fast path: a plain non-negative int that fits.
        if let Ok(v) = obj.extract::<usize>() {
            if !obj.is_instance_of::<PyBool>() {
                return Ok(ActionId(v));
            }
        }
        bounded(&obj.to_owned(), "action id", usize::MAX as u64).map(|v| ActionId(v as usize))
    }
}

/// A `ValueError` for an action id past `num_actions`.
pub fn action_out_of_range(id: usize, num_actions: usize) -> PyErr {
    PyValueError::new_err(format!("action id must be in 0..{num_actions}, got {id}"))
}
