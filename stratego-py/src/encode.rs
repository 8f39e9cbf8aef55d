//! NumPy arrays for the core's RL encoders: fresh arrays, and checks of caller-owned `out`
//! arrays (dtype, shape, writeable, C-contiguous) that fail with a clear error before anything
//! is written.
//!
//! An encoder called once per step from a Python loop spends more on the checks than on the
//! encoding, so the common case (an array of its own memory, as `np.zeros` makes) is checked
//! by reading the array's header fields directly; anything else takes rust-numpy's full checks
//! and dynamic borrow, which also produce the error messages.

use numpy::{
    Element, PyArray1, PyArray3, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use stratego_core as core;

use crate::convert::type_name;
use crate::errors::encoding_error;
use crate::out_array::Native;

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
pub fn with_out<T: Element + Native, R>(
    out: &Bound<'_, PyAny>,
    what: &str,
    dtype: &str,
    shape: &[usize],
    write: impl FnOnce(&mut [T]) -> R,
) -> PyResult<R> {
    if let Some(slice) = crate::out_array::own_memory::<T>(out, shape) {
        return Ok(write(slice));
    }
    let want = || format!("{what}: out must be a {dtype} array of shape {}", shape_text(shape));
    let array =
        out.cast::<PyArrayDyn<T>>().map_err(|_| PyTypeError::new_err(format!("{}, got {}", want(), describe(out))))?;
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!("{}, got {}", want(), describe(out))));
    }
    // rust-numpy's slices accept Fortran order too, whose element order is not the encoders'.
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!("{what}: out must be C-contiguous")));
    }
    let mut rw =
        array.try_readwrite().map_err(|e| PyValueError::new_err(format!("{what}: out is not writeable ({e})")))?;
    let slice = rw.as_slice_mut().map_err(|_| PyValueError::new_err(format!("{what}: out must be C-contiguous")))?;
    Ok(write(slice))
}

/// Where encodings come from: a player's view, or a game as one player sees it (the game's
/// encoders build no view and copy no history: O(1) per call).
pub trait Source {
    /// The rules, for the shapes.
    fn rules(&self) -> &core::Rules;
    /// The observation planes.
    fn observation_into(&self, out: &mut [f32]) -> Result<(), core::EncodingError>;
    /// The legal-action mask; the number of legal actions.
    fn mask_into<T: core::MaskValue>(&self, out: &mut [T]) -> Result<usize, core::EncodingError>;
    /// The byte board.
    fn board_codes_into(&self, out: &mut [u8]) -> Result<(), core::EncodingError>;
    /// The sorted legal action ids.
    fn legal_actions(&self) -> Vec<usize>;
}

impl Source for core::PlayerView {
    fn rules(&self) -> &core::Rules {
        core::PlayerView::rules(self)
    }
    fn observation_into(&self, out: &mut [f32]) -> Result<(), core::EncodingError> {
        core::PlayerView::observation_into(self, out)
    }
    fn mask_into<T: core::MaskValue>(&self, out: &mut [T]) -> Result<usize, core::EncodingError> {
        self.legal_action_mask_into(out)
    }
    fn board_codes_into(&self, out: &mut [u8]) -> Result<(), core::EncodingError> {
        core::PlayerView::board_codes_into(self, out)
    }
    fn legal_actions(&self) -> Vec<usize> {
        core::PlayerView::legal_actions(self)
    }
}

/// A game seen by `player`: observations and byte boards in `player`'s frame; the mask and the
/// legal actions are the side to move's.
pub struct GameAs<'a> {
    /// The game.
    pub game: &'a core::Game,
    /// Whose observation and byte board.
    pub player: core::Player,
}

impl Source for GameAs<'_> {
    fn rules(&self) -> &core::Rules {
        self.game.rules()
    }
    fn observation_into(&self, out: &mut [f32]) -> Result<(), core::EncodingError> {
        self.game.observation_into(self.player, out)
    }
    fn mask_into<T: core::MaskValue>(&self, out: &mut [T]) -> Result<usize, core::EncodingError> {
        self.game.legal_action_mask_into(out)
    }
    fn board_codes_into(&self, out: &mut [u8]) -> Result<(), core::EncodingError> {
        self.game.board_codes_into(self.player, out)
    }
    fn legal_actions(&self) -> Vec<usize> {
        self.game.legal_actions()
    }
}

/// The observation of `src` as a fresh `float32 [C, H, W]` array.
pub fn observation<'py>(py: Python<'py>, src: &impl Source) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let [c, h, w] = src.rules().observation_shape();
    let array = PyArray3::<f32>::zeros(py, [c, h, w], false);
    observation_into(array.as_any(), src)?;
    Ok(array)
}

/// Write the observation of `src` into a caller's `float32 [C, H, W]` array.
pub fn observation_into(out: &Bound<'_, PyAny>, src: &impl Source) -> PyResult<()> {
    let shape = src.rules().observation_shape();
    with_out::<f32, _>(out, "observation", "float32", &shape, |s| src.observation_into(s))?
        .map_err(|e| encoding_error(&e))
}

/// The legal-action mask of `src` as a fresh `uint8 [num_actions]` array.
pub fn action_mask<'py>(py: Python<'py>, src: &impl Source) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let array = PyArray1::<u8>::zeros(py, src.rules().num_actions(), false);
    action_mask_into(array.as_any(), src)?;
    Ok(array)
}

/// Write the legal-action mask of `src` into a caller's `uint8` or `bool` array of length
/// `num_actions`; returns the number of legal actions.
pub fn action_mask_into(out: &Bound<'_, PyAny>, src: &impl Source) -> PyResult<usize> {
    let n = [src.rules().num_actions()];
    // Arrays of their own memory first, without a dtype lookup.
    if let Some(slice) = crate::out_array::own_memory::<u8>(out, &n) {
        return src.mask_into(slice).map_err(|e| encoding_error(&e));
    }
    if let Some(slice) = crate::out_array::own_memory::<bool>(out, &n) {
        return src.mask_into(slice).map_err(|e| encoding_error(&e));
    }
    let is_bool = out.cast::<PyUntypedArray>().is_ok_and(|a| a.dtype().is_equiv_to(&numpy::dtype::<bool>(out.py())));
    let written = if is_bool {
        with_out::<bool, _>(out, "action mask", "uint8 or bool", &n, |s| src.mask_into(s))?
    } else {
        with_out::<u8, _>(out, "action mask", "uint8 or bool", &n, |s| src.mask_into(s))?
    };
    written.map_err(|e| encoding_error(&e))
}

/// The byte board of `src` as a fresh `uint8 [S]` array.
pub fn board_codes<'py>(py: Python<'py>, src: &impl Source) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let array = PyArray1::<u8>::zeros(py, src.rules().num_squares(), false);
    board_codes_into(array.as_any(), src)?;
    Ok(array)
}

/// Write the byte board of `src` into a caller's `uint8 [S]` array.
pub fn board_codes_into(out: &Bound<'_, PyAny>, src: &impl Source) -> PyResult<()> {
    let n = [src.rules().num_squares()];
    with_out::<u8, _>(out, "board codes", "uint8", &n, |s| src.board_codes_into(s))?.map_err(|e| encoding_error(&e))
}
