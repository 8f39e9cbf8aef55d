//! NULL checks and the hand-over of handles: every pointer from C passes through here.

use std::ptr::NonNull;

use crate::result::{Failure, Outcome};

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
    out.write(Box::into_raw(Box::new(value)));
}

/// Take back and drop a handle; NULL does nothing.
///
/// # Safety
/// `ptr` is NULL or came from [`hand_over`] for the same `T` and was not freed before.
pub(crate) unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        drop(unsafe { Box::from_raw(ptr) });
    }
}
