//! Python ints into engine numbers, in one place, so that every argument out of range raises
//! the same clear `ValueError` (never an `OverflowError` or a silent wrap).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// An `int` argument (anything with `__index__`, NumPy integers too) in `0..=max`; a `ValueError`
/// naming `what` and the range when it is outside, a `TypeError` when it is no integer.
pub fn bounded(obj: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<u64> {
    bounded_in(obj, what, 0, max)
}

/// An `int` argument in `min..=max`, as `bounded`: the message names the whole range, so that
/// `-1` and `0` are refused with the same words when the least value is 1.
pub fn bounded_in(obj: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyResult<u64> {
    match int_value(obj, what)? {
        Some(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(out_of_range(obj, what, min, max)),
    }
}

/// The value of an integer argument when it fits a `u64`, `None` when it is an integer that
/// does not (negative or huge); a `TypeError` for anything but an integer (bools included).
pub fn int_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<u64>> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int, not bool")));
    }
    match obj.extract::<u64>() {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(None),
        Err(_) => Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj)))),
    }
}

fn out_of_range(obj: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyErr {
    PyValueError::new_err(format!("{what} must be in {min}..={max}, got {}", int_text(obj)))
}

/// An integer argument as Python writes it (`-1`, `np.int64(-1)` gives `-1` too).
pub fn int_text(obj: &Bound<'_, PyAny>) -> String {
    obj.call_method0("__index__").and_then(|i| i.str()).map(|s| s.to_string()).unwrap_or_else(|_| "?".into())
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

/// A value given as its frozen Python class `P` (read by `inner`) or as text that parses to
/// it (`"a4-a5"`, `"c5"`); a `TypeError` saying what was `expected` for anything else.
pub fn class_or_text<P, T>(py: Python<'_>, obj: &Bound<'_, PyAny>, inner: fn(&P) -> T, expected: &str) -> PyResult<T>
where
    P: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Sync,
    T: std::str::FromStr<Err = stratego_core::ParseError>,
{
    if let Ok(p) = obj.cast::<P>() {
        return Ok(inner(p.get()));
    }
    if let Ok(text) = obj.cast::<pyo3::types::PyString>() {
        let text = text.to_cow()?;
        return text.parse().map_err(|e| crate::errors::parse_error(py, &e));
    }
    Err(PyTypeError::new_err(format!("expected {expected}, not {}", type_name(obj))))
}

macro_rules! int_argument {
    ($(#[$doc:meta])* $name:ident($ty:ty), $what:literal) => {
        int_argument!($(#[$doc])* $name($ty), $what, 0);
    };
    ($(#[$doc:meta])* $name:ident($ty:ty), $what:literal, $min:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name(pub $ty);

        impl<'a, 'py> FromPyObject<'a, 'py> for $name {
            type Error = PyErr;
            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                bounded_in(&obj.to_owned(), $what, $min, <$ty>::MAX as u64).map(|v| $name(v as $ty))
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
    /// A ply cap (`max_plies`).
    Plies(u32),
    "max_plies"
);

int_argument!(
    /// A cap on plies that must allow at least one (`max_plies` of a match).
    PlyCap(u32),
    "max_plies",
    1
);

/// An action id as given: any integer, checked against `num_actions` where it is used (the
/// bound depends on the rules), so that every out-of-range id, negative ones too, is refused
/// with the real range. `None` holds an integer no `usize` can hold.
#[derive(Clone, Debug)]
pub struct ActionId(pub Option<usize>, String);

impl<'a, 'py> FromPyObject<'a, 'py> for ActionId {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // The fast path: a plain non-negative int that fits.
        if let Ok(v) = obj.extract::<usize>() {
            if !obj.is_instance_of::<PyBool>() {
                return Ok(ActionId(Some(v), String::new()));
            }
        }
        let obj = obj.to_owned();
        let v = int_value(&obj, "action id")?;
        Ok(ActionId(v.and_then(|v| usize::try_from(v).ok()), int_text(&obj)))
    }
}

impl ActionId {
    /// The id when it is below `num_actions`, else a `ValueError` naming the range.
    pub fn below(&self, num_actions: usize) -> PyResult<usize> {
        match self.0 {
            Some(id) if id < num_actions => Ok(id),
            Some(id) => Err(action_out_of_range(&id.to_string(), num_actions)),
            None => Err(action_out_of_range(&self.1, num_actions)),
        }
    }
}

/// A `ValueError` for an action id outside `0..num_actions`.
pub fn action_out_of_range(id: &str, num_actions: usize) -> PyErr {
    PyValueError::new_err(format!("action id must be in 0..{num_actions}, got {id}"))
}
