//! The quick check of a caller's `out` array: when it is a plain, writeable, C-contiguous,
//! aligned array of native-order `T` with exactly the wanted shape that owns its memory, its
//! elements are written straight away, from the array header's fields.
//!
//! rust-numpy's checked path (dtype lookup and equivalence, then a dynamic borrow recorded in
//! a table shared by every rust-numpy module) costs about 1,000 instructions per call, more
//! than the byte board it guards: a Python loop that encodes every step paid it twice a step.
//! The borrow exists to keep two Rust writers off one array. This module writes arrays with
//! the GIL released only in `VecEnv` calls, into the env's own arrays; [`DetachedWriters`]
//! counts those calls, and while one runs every encoder call takes the checked path (which
//! sees the env's borrows). Otherwise every writer of this module holds the GIL, as the
//! encoder does, so an array that owns its memory and passes these checks has no other Rust
//! writer, and writing it is as safe as the checked path. Everything else (views and slices,
//! arrays over other objects' memory, a free-threaded interpreter) goes the checked way.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};

use numpy::npyffi::{self, NPY_TYPES};
use numpy::{PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// Element types the quick check knows by their NumPy type number.
pub trait Native: Copy {
    /// The NumPy type number of `Self` in native byte order.
    const TYPE_NUM: NPY_TYPES;
}

impl Native for f32 {
    const TYPE_NUM: NPY_TYPES = NPY_TYPES::NPY_FLOAT;
}
impl Native for u8 {
    const TYPE_NUM: NPY_TYPES = NPY_TYPES::NPY_UBYTE;
}
impl Native for i8 {
    const TYPE_NUM: NPY_TYPES = NPY_TYPES::NPY_BYTE;
}
impl Native for bool {
    const TYPE_NUM: NPY_TYPES = NPY_TYPES::NPY_BOOL;
}

/// How many `VecEnv` calls are writing their arrays with the GIL released right now.
static DETACHED: AtomicUsize = AtomicUsize::new(0);

/// Held while a `VecEnv` call writes its arrays with the GIL released: meanwhile every encoder
/// call takes rust-numpy's checked path, which sees the env's borrows.
pub struct DetachedWriters(());

impl DetachedWriters {
    /// Count one more writer until the guard drops (take it while attached, before detaching).
    pub fn enter() -> DetachedWriters {
        DETACHED.fetch_add(1, Ordering::SeqCst);
        DetachedWriters(())
    }
}

impl Drop for DetachedWriters {
    fn drop(&mut self) {
        DETACHED.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether this interpreter runs with a GIL (a free-threaded one without it takes the checked
/// path always), asked once.
fn gil_enabled(py: Python<'_>) -> bool {
    static ENABLED: PyOnceLock<bool> = PyOnceLock::new();
    *ENABLED.get_or_init(py, || {
        let ask = || -> PyResult<bool> { py.import("sys")?.getattr("_is_gil_enabled")?.call0()?.extract() };
        ask().unwrap_or(true)
    })
}

/// The memory of an array that passed the quick check, for as long as the array is borrowed;
/// its elements are reached as the type the array holds ([`OwnMemory::slice`]).
pub struct OwnMemory<'a> {
    data: *mut u8,
    len: usize,
    type_num: i32,
    _array: PhantomData<&'a ()>,
}

impl OwnMemory<'_> {
    /// Whether the array holds `T`s.
    pub fn holds<T: Native>(&self) -> bool {
        self.type_num == T::TYPE_NUM as i32
    }

    /// The elements as `T`s, to write; `None` when the array holds another type.
    pub fn slice<T: Native>(&mut self) -> Option<&mut [T]> {
        if !self.holds::<T>() {
            return None;
        }
        // SAFETY: `own_memory` checked that the array owns `len` aligned, contiguous, writeable
        // elements of its type, native byte order (flags, shape, byte order), and `holds` that
        // the type is `T`; no other Rust code holds them (module docs), and `self` lives only
        // within the call that checked, which keeps the GIL and the array.
        Some(unsafe { std::slice::from_raw_parts_mut(self.data.cast::<T>(), self.len) })
    }
}

/// The memory of `out` when the quick check passes (see the module docs), else `None`. One
/// read of the header serves every element type the caller accepts.
pub fn own_memory<'a>(out: &'a Bound<'_, PyAny>, shape: &[usize]) -> Option<OwnMemory<'a>> {
    let array = out.cast::<PyUntypedArray>().ok()?;
    if DETACHED.load(Ordering::SeqCst) != 0 || !gil_enabled(out.py()) {
        return None;
    }
    let wanted = npyffi::NPY_ARRAY_C_CONTIGUOUS
        | npyffi::NPY_ARRAY_ALIGNED
        | npyffi::NPY_ARRAY_WRITEABLE
        | npyffi::NPY_ARRAY_OWNDATA;
    // SAFETY: `array` is a live ndarray (checked by `cast`) and we hold the GIL, so its header
    // stays as read for this call.
    let fields = unsafe { &(*array.as_array_ptr()).fields };
    if fields.flags & wanted != wanted || !fields.base.is_null() || array.shape() != shape {
        return None;
    }
    // SAFETY: an ndarray's `descr` is a live dtype.
    let descr = unsafe { &(*fields.descr).fields };
    let native = match descr.byteorder as u8 {
        b'=' | b'|' => true,
        b'<' => cfg!(target_endian = "little"),
        b'>' => cfg!(target_endian = "big"),
        _ => false,
    };
    let len: usize = shape.iter().product();
    if !native || len == 0 || fields.data.is_null() {
        return None;
    }
    Some(OwnMemory { data: fields.data.cast::<u8>(), len, type_num: descr.type_num, _array: PhantomData })
}
