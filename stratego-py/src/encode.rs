//! NumPy arrays for the core's RL encoders: fresh arrays, and checks of caller-owned `out`
//! arrays (dtype, shape, writeable, C-contiguous) that fail with a clear error before anything
//! is written. The observation and the byte board come from any [`core::Perspective`] (a
//! view, or a game seen by a player), the mask from any [`core::Position`].
//!
//! An `out` array may have any dtype the library itself produces or documents: observations
//! as `float32` planes or the compact `uint8` planes (what `VecEnv(observation=
//! "compact_planes")` gives), masks as `uint8` (the encoders' own), `int8` (what Gymnasium's
//! `Discrete.sample` wants, and PettingZoo's classic games use) or `bool`.
//!
//! An encoder called once per step from a Python loop spends more on the checks than on the
//! encoding, so the common case (an array of its own memory, as `np.zeros` makes) is checked
//! by reading the array's header fields directly; anything else takes rust-numpy's full checks
//! and dynamic borrow, which also produce the error messages. Fresh arrays are made without
//! zeroing: every encoder overwrites every element of its output.

use numpy::ndarray::{Dimension, IntoDimension};
use numpy::{
    Element, PyArray, PyArray1, PyArray3, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use stratego_core as core;

use crate::convert::type_name;
use crate::errors::encoding_error;
use crate::out_array::own_memory;

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

/// What an encoder writes and which `out` arrays it takes, for the checks and their messages.
struct Target<'a> {
    /// The encoding's name, first in every message ("action mask").
    what: &'a str,
    /// The dtypes it takes, as the messages name them ("uint8, int8 or bool").
    dtypes: &'a str,
    /// The shape `out` must have.
    shape: &'a [usize],
}

impl Target<'_> {
    fn wrong(&self, out: &Bound<'_, PyAny>) -> String {
        let (what, dtypes, shape) = (self.what, self.dtypes, shape_text(self.shape));
        format!("{what}: out must be a {dtypes} array of shape {shape}, got {}", describe(out))
    }
}

/// Whether `out` is a NumPy array of element type `T` in native byte order.
fn has_dtype<T: Element>(out: &Bound<'_, PyAny>) -> bool {
    out.cast::<PyUntypedArray>().is_ok_and(|a| a.dtype().is_equiv_to(&numpy::dtype::<T>(out.py())))
}

/// Run `write` on the elements of `out` after rust-numpy's full checks that it is a writeable
/// C-contiguous array of `T` with exactly `target.shape`.
fn checked<T: Element, R>(
    out: &Bound<'_, PyAny>,
    target: &Target<'_>,
    write: impl FnOnce(&mut [T]) -> R,
) -> PyResult<R> {
    let array = out.cast::<PyArrayDyn<T>>().map_err(|_| PyTypeError::new_err(target.wrong(out)))?;
    if array.shape() != target.shape {
        return Err(PyValueError::new_err(target.wrong(out)));
    }
    let what = target.what;
    // rust-numpy's slices accept Fortran order too, whose element order is not the encoders'.
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!("{what}: out must be C-contiguous")));
    }
    let mut rw =
        array.try_readwrite().map_err(|e| PyValueError::new_err(format!("{what}: out is not writeable ({e})")))?;
    let slice = rw.as_slice_mut().map_err(|_| PyValueError::new_err(format!("{what}: out must be C-contiguous")))?;
    Ok(write(slice))
}

/// An `i8` slice as `u8`s: an `int8` mask holds the same 0 / 1 bytes as a `uint8` one, so the
/// one encoder serves both.
fn as_bytes(s: &mut [i8]) -> &mut [u8] {
    // SAFETY: `i8` and `u8` have the same size and alignment, and every bit pattern is valid
    // for both.
    unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<u8>(), s.len()) }
}

/// A fresh C-ordered array of `T` with `dims`, its elements written by `fill`, which must
/// write every one of them: the array is not zeroed first.
fn fresh<'py, T: Element, D: Dimension, R>(
    py: Python<'py>,
    dims: impl IntoDimension<Dim = D>,
    fill: impl FnOnce(&mut [T]) -> Result<R, core::EncodingError>,
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    // SAFETY: `fill` writes every element before anyone reads one (every encoder overwrites
    // its whole output); on an error the array is dropped unread.
    let array = unsafe { PyArray::<T, D>::new(py, dims, false) };
    // SAFETY: the array was just made, C-ordered, and nothing else holds it.
    let slice =
        unsafe { array.as_slice_mut() }.map_err(|_| PyValueError::new_err("a fresh array is not contiguous"))?;
    fill(slice).map_err(|e| encoding_error(&e))?;
    Ok(array)
}

/// The observation of `src` as a fresh `float32 [C, H, W]` array.
pub fn observation<'py>(py: Python<'py>, src: &impl core::Perspective) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let [c, h, w] = src.rules().observation_shape();
    fresh(py, [c, h, w], |s: &mut [f32]| src.observation_into(s))
}

/// Write the observation of `src` into a caller's array of shape `[C, H, W]`: `float32`
/// planes, or `uint8` for the compact planes (the same planes as 0 / 1 bytes).
pub fn observation_into(out: &Bound<'_, PyAny>, src: &impl core::Perspective) -> PyResult<()> {
    let shape = src.rules().observation_shape();
    if let Some(mut own) = own_memory(out, &shape) {
        if let Some(s) = own.slice::<f32>() {
            return src.observation_into(s).map_err(|e| encoding_error(&e));
        }
        if let Some(s) = own.slice::<u8>() {
            return src.observation_into(s).map_err(|e| encoding_error(&e));
        }
    }
    let target = Target { what: "observation", dtypes: "float32 or uint8", shape: &shape };
    let written = if has_dtype::<u8>(out) {
        checked::<u8, _>(out, &target, |s| src.observation_into(s))?
    } else {
        checked::<f32, _>(out, &target, |s| src.observation_into(s))?
    };
    written.map_err(|e| encoding_error(&e))
}

/// The legal-action mask of `src` as a fresh `uint8 [num_actions]` array.
pub fn action_mask<'py>(py: Python<'py>, src: &impl core::Position) -> PyResult<Bound<'py, PyArray1<u8>>> {
    fresh(py, src.rules().num_actions(), |s: &mut [u8]| src.legal_action_mask_into(s))
}

/// Write the legal-action mask of `src` into a caller's `uint8`, `int8` or `bool` array of
/// length `num_actions`; returns the number of legal actions.
pub fn action_mask_into(out: &Bound<'_, PyAny>, src: &impl core::Position) -> PyResult<usize> {
    let n = [src.rules().num_actions()];
    if let Some(mut own) = own_memory(out, &n) {
        if let Some(s) = own.slice::<u8>() {
            return src.legal_action_mask_into(s).map_err(|e| encoding_error(&e));
        }
        if let Some(s) = own.slice::<i8>() {
            return src.legal_action_mask_into(as_bytes(s)).map_err(|e| encoding_error(&e));
        }
        if let Some(s) = own.slice::<bool>() {
            return src.legal_action_mask_into(s).map_err(|e| encoding_error(&e));
        }
    }
    let target = Target { what: "action mask", dtypes: "uint8, int8 or bool", shape: &n };
    let written = if has_dtype::<bool>(out) {
        checked::<bool, _>(out, &target, |s| src.legal_action_mask_into(s))?
    } else if has_dtype::<i8>(out) {
        checked::<i8, _>(out, &target, |s| src.legal_action_mask_into(as_bytes(s)))?
    } else {
        checked::<u8, _>(out, &target, |s| src.legal_action_mask_into(s))?
    };
    written.map_err(|e| encoding_error(&e))
}

/// The byte board of `src` as a fresh `uint8 [S]` array.
pub fn board_codes<'py>(py: Python<'py>, src: &impl core::Perspective) -> PyResult<Bound<'py, PyArray1<u8>>> {
    fresh(py, src.rules().num_squares(), |s: &mut [u8]| src.board_codes_into(s))
}

/// Write the byte board of `src` into a caller's `uint8 [S]` array.
pub fn board_codes_into(out: &Bound<'_, PyAny>, src: &impl core::Perspective) -> PyResult<()> {
    let n = [src.rules().num_squares()];
    if let Some(s) = own_memory(out, &n).as_mut().and_then(|own| own.slice::<u8>()) {
        return src.board_codes_into(s).map_err(|e| encoding_error(&e));
    }
    let target = Target { what: "board codes", dtypes: "uint8", shape: &n };
    checked::<u8, _>(out, &target, |s| src.board_codes_into(s))?.map_err(|e| encoding_error(&e))
}
