//! The last failure's full text, kept per thread (like `errno`): the core's message, such as
//! why an exact move is illegal or every problem of a setup.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::result::{stratego_result, Failure};
use crate::text;

thread_local! {
    static LAST: RefCell<(stratego_result, String)> = const { RefCell::new((stratego_result::STRATEGO_RESULT_OK, String::new())) };
}

/// Keep `failure` as the thread's last error and return its code.
pub(crate) fn record(failure: Failure) -> stratego_result {
    let code = failure.code;
    // `try_with` fails only while the thread is being torn down; then there is no one to tell.
    let _ = LAST.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = (failure.code, failure.message);
        }
    });
    code
}

/// The thread's last failure code (`OK` when nothing failed yet).
pub(crate) fn code() -> stratego_result {
    LAST.try_with(|last| last.borrow().0).unwrap_or(stratego_result::STRATEGO_RESULT_OK)
}

/// The thread's last failure message (empty when nothing failed yet).
pub(crate) fn message() -> String {
    LAST.try_with(|last| last.borrow().1.clone()).unwrap_or_default()
}

/// The code of the last call that failed on this thread, or `STRATEGO_RESULT_OK` when none
/// has. Successful calls do not reset it.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let code = unsafe { stratego_rules_edition(99, &mut rules) };
/// assert_eq!(code, stratego_result::STRATEGO_RESULT_INVALID_ARGUMENT);
/// assert_eq!(stratego_last_error_code(), code);
/// ```
#[no_mangle]
pub extern "C" fn stratego_last_error_code() -> stratego_result {
    catch_unwind(code).unwrap_or(stratego_result::STRATEGO_RESULT_PANIC)
}

/// Copy the full message of the last call that failed on this thread into `buf` (UTF-8,
/// NUL-terminated), and its length without the NUL into `*len_out`. The message is empty when
/// no call has failed. Successful calls do not reset it, and this function never changes it,
/// even when it fails itself.
///
/// `buf` must point to `cap` writable bytes (it may be NULL when `cap` is 0, to ask for the
/// length); `len_out` must not be NULL.
///
/// Returns `STRATEGO_RESULT_OK`; `STRATEGO_RESULT_NULL_ARGUMENT` when `len_out` is NULL or
/// `buf` is NULL with `cap > 0`; `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `cap` is not more
/// than the length, which is then written to `*len_out` (nothing is written to `buf`).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_from_text(c"isf(two_square=x)".as_ptr(), &mut rules) };
/// let mut len = 0;
/// let code = unsafe { stratego_last_error_message(std::ptr::null_mut(), 0, &mut len) };
/// assert_eq!(code, stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL);
/// let mut buf = vec![0u8; len + 1];
/// let code = unsafe { stratego_last_error_message(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
/// assert_eq!(code, stratego_result::STRATEGO_RESULT_OK);
/// assert!(std::str::from_utf8(&buf[..len]).unwrap().contains("two_square"));
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_last_error_message(
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    // Not inside `boundary`: a failure here must not replace the message being read.
    let copy = || unsafe { text::write_str(&message(), buf, cap, len_out) };
    match catch_unwind(AssertUnwindSafe(copy)) {
        Ok(Ok(())) => stratego_result::STRATEGO_RESULT_OK,
        Ok(Err(failure)) => failure.code,
        Err(_) => stratego_result::STRATEGO_RESULT_PANIC,
    }
}
