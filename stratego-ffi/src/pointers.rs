//! NULL checks and the hand-over of handles: every pointer from C passes through here.

use std::ptr::NonNull;

use crate::panic::{boundary, value_or};
use crate::result::{stratego_result, Failure, Outcome};

/// A shared reference to what a non-NULL `ptr` points to.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` not written to during `'a`.
pub(crate) unsafe fn arg<'a, T>(ptr: *const T, name: &str) -> Outcome<&'a T> {
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::null(name))
}

/// An exclusive reference to what a non-NULL `ptr` points to.
///
/// # Safety
/// `ptr` is NULL or points to a live `T` no one else uses during `'a`.
pub(crate) unsafe fn arg_mut<'a, T>(ptr: *mut T, name: &str) -> Outcome<&'a mut T> {
    unsafe { ptr.as_mut() }.ok_or_else(|| Failure::null(name))
}

/// An output pointer, checked for NULL before any work so that a failure writes nothing; the
/// value is written only by [`Out::write`], at the end of a successful call.
pub(crate) struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// # Safety
    /// `ptr` is NULL or valid for writing a `T`.
    pub unsafe fn new(ptr: *mut T, name: &str) -> Outcome<Out<T>> {
        NonNull::new(ptr).map(Out).ok_or_else(|| Failure::null(name))
    }

    /// Write the value (the previous one, if any, is overwritten without being dropped: out
    /// values are plain C data or handle pointers that C owns).
    pub fn write(self, value: T) {
        // SAFETY: checked non-NULL in `new`, and valid for writes by its contract.
        unsafe { self.0.as_ptr().write(value) }
    }
}

/// Give C a new handle through `out`.
pub(crate) fn hand_over<T>(out: Out<*mut T>, value: T) {
    out.write(boxed(value));
}

/// A new handle for C to own, to be freed by [`free`].
pub(crate) fn boxed<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// The whole body of a `*_free`: take back and drop a handle; NULL does nothing, and a panic
/// while dropping stays on this side of the boundary.
///
/// # Safety
/// `ptr` is NULL or came from [`boxed`] for the same `T` and was not freed before.
pub(crate) unsafe fn free<T>(ptr: *mut T) {
    value_or((), || {
        if !ptr.is_null() {
            drop(unsafe { Box::from_raw(ptr) });
        }
        Ok(())
    })
}

/// The whole body of a read that writes one value: the handle checked as `name`, then the
/// output pointer as `out_name`, then what `read` makes of the handle written (only when it
/// succeeds), all inside the panic boundary.
///
/// # Safety
/// `handle` is NULL or valid for reads; `out` is NULL or valid for a write.
pub(crate) unsafe fn read_into<H, T>(
    handle: *const H,
    name: &str,
    out: *mut T,
    out_name: &str,
    read: impl FnOnce(&H) -> Outcome<T>,
) -> stratego_result {
    boundary(|| {
        let handle = unsafe { arg(handle, name)? };
        let out = unsafe { Out::new(out, out_name)? };
        out.write(read(handle)?);
        Ok(())
    })
}

/// The whole body of a `*_clone`: a copy of the handle `handle` as a new handle in `*out`.
///
/// # Safety
/// As for [`read_into`].
pub(crate) unsafe fn clone_into<H: Clone>(
    handle: *const H,
    name: &str,
    out: *mut *mut H,
    out_name: &str,
) -> stratego_result {
    unsafe { read_into(handle, name, out, out_name, |h| Ok(boxed(h.clone()))) }
}
