//! NumPy arrays for the core's RL encoders: fresh arrays, and checks of caller-owned `out`
//! arrays (dtype, shape, writeable, C-contiguous) that fail with a clear error before anything
//! is written.

use numpy::{
    Element, PyArray1, PyArray3, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use stratego_core as core;

use crate::convert::type_name;
use crate::errors::encoding_error;

/// `dtype` and `shape` of an object, for messages ("a list", "float64 array of shape (3,)").
fn describe(obj: &Bound<'_, PyAny>) -> String {
    match (obj.getattr("dtype"), obj.getattr("shape")) {
        (Ok(d), Ok(s)) => format!("{d} array of shape {s}"),
        _ => format!("a {}", type_name(obj)),
    }
}

fn shape_text(shape: &[usize]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => format!("({})", shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// Run `write` on the elements of `out` after checking it is a writeable C-contiguous array of
/// `T` (named `dtype`) with exactly `shape`.
pub fn with_out<T: Element, R>(
    out: &Bound<'_, PyAny>,
    what: &str,
    dtype: &str,
    shape: &[usize],
    write: impl FnOnce(&mut [T]) -> R,
) -> PyResult<R> {
    let want = || format!("{what}: out must be a {dtype} array of shape {}", shape_text(shape));
    let array =
        out.cast::<PyArrayDyn<T>>().map_err(|_| PyTypeError::new_err(format!("{}, got {}", want(), describe(out))))?;
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!("{}, got {}", want(), describe(out))));
    }
    let mut rw =
        array.try_readwrite().map_err(|e| PyValueError::new_err(format!("{what}: out is not writeable ({e})")))?;
    let slice = rw.as_slice_mut().map_err(|_| PyValueError::new_err(format!("{what}: out must be C-contiguous")))?;
    Ok(write(slice))
}

/// The observation of `view` as a fresh `float32 [C, H, W]` array.
pub fn observation<'py>(py: Python<'py>, view: &core::PlayerView) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let [c, h, w] = view.rules().observation_shape();
    let array = PyArray3::<f32>::zeros(py, [c, h, w], false);
    observation_into(array.as_any(), view)?;
    Ok(array)
}

/// Write the observation of `view` into a caller's `float32 [C, H, W]` array.
pub fn observation_into(out: &Bound<'_, PyAny>, view: &core::PlayerView) -> PyResult<()> {
    let shape = view.rules().observation_shape();
    with_out::<f32, _>(out, "observation", "float32", &shape, |s| view.observation_into(s))?
        .map_err(|e| encoding_error(&e))
}

/// The legal-action mask of `view` as a fresh `uint8 [num_actions]` array.
pub fn action_mask<'py>(py: Python<'py>, view: &core::PlayerView) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let array = PyArray1::<u8>::zeros(py, view.rules().num_actions(), false);
    action_mask_into(array.as_any(), view)?;
    Ok(array)
}

/// Write the legal-action mask of `view` into a caller's `uint8` or `bool` array of length
/// `num_actions`; returns the number of legal actions.
pub fn action_mask_into(out: &Bound<'_, PyAny>, view: &core::PlayerView) -> PyResult<usize> {
    let n = [view.rules().num_actions()];
    let is_bool = out.cast::<PyUntypedArray>().is_ok_and(|a| a.dtype().is_equiv_to(&numpy::dtype::<bool>(out.py())));
    let written = if is_bool {
        with_out::<bool, _>(out, "action mask", "uint8 or bool", &n, |s| view.legal_action_mask_into(s))?
    } else {
        with_out::<u8, _>(out, "action mask", "uint8 or bool", &n, |s| view.legal_action_mask_into(s))?
    };
    written.map_err(|e| encoding_error(&e))
}

/// The byte board of `view` as a fresh `uint8 [S]` array.
pub fn board_codes<'py>(py: Python<'py>, view: &core::PlayerView) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let array = PyArray1::<u8>::zeros(py, view.rules().num_squares(), false);
    board_codes_into(array.as_any(), view)?;
    Ok(array)
}

/// Write the byte board of `view` into a caller's `uint8 [S]` array.
pub fn board_codes_into(out: &Bound<'_, PyAny>, view: &core::PlayerView) -> PyResult<()> {
    let n = [view.rules().num_squares()];
    with_out::<u8, _>(out, "board codes", "uint8", &n, |s| view.board_codes_into(s))?.map_err(|e| encoding_error(&e))
}

/// The sorted legal action ids of `view`.
pub fn legal_actions(view: &core::PlayerView) -> Vec<usize> {
    view.legal_actions()
}
