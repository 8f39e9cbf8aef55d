//! The last failure's full text, kept per thread (like `errno`): the core's message, such as
//! why an exact move is illegal or every problem of a setup.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use stratego_core::limits::prefix_within;

use crate::pointers::Out;
use crate::result::{stratego_result, Failure, Outcome};
use crate::sizes::STRATEGO_MAX_ERROR_LEN;

thread_local! {
    static LAST: RefCell<(stratego_result, String)> = const { RefCell::new((stratego_result::STRATEGO_RESULT_OK, String::new())) };
}

/// Keep `failure` as the thread's last error and return its code. A message over
/// [`STRATEGO_MAX_ERROR_LEN`] bytes is cut at a character boundary and ends in `...`.
pub(crate) fn record(failure: Failure) -> stratego_result {
    let code = failure.code;
    let message = within_max_len(failure.message);
    // `try_with` fails only while the thread is being torn down; then there is no one to tell.
    let _ = LAST.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = (code, message);
        }
    });
    code
}

/// `message`, or its start and `...` when it is over [`STRATEGO_MAX_ERROR_LEN`] bytes.
fn within_max_len(mut message: String) -> String {
    const MORE: &str = "...";
    if message.len() > STRATEGO_MAX_ERROR_LEN {
        let keep = prefix_within(&message, STRATEGO_MAX_ERROR_LEN - MORE.len()).len();
        message.truncate(keep);
        message.push_str(MORE);
    }
    message
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

/// Copy the message of the last call that failed on this thread into `buf` (UTF-8,
/// NUL-terminated), as much of it as fits, and its full length without the NUL into
/// `*len_out`, like `snprintf`: the copy was cut when `*len_out >= cap`. A cut copy ends at a
/// UTF-8 character boundary, so it is valid UTF-8 too. A message is at most
/// `STRATEGO_MAX_ERROR_LEN` bytes, so a buffer of `STRATEGO_MAX_ERROR_LEN + 1` holds any whole;
/// `char why[256]` holds its first 255 bytes or fewer. The message is empty when no call has
/// failed. Successful calls do not reset it, and this function never changes it, even when it
/// fails itself.
///
/// `buf` must point to `cap` writable bytes (it may be NULL when `cap` is 0, to ask for the
/// length only); `len_out` must not be NULL.
///
/// Returns `STRATEGO_RESULT_OK` (also when the copy was cut, and for the length query), or
/// `STRATEGO_RESULT_NULL_ARGUMENT` when `len_out` is NULL or `buf` is NULL with `cap > 0`
/// (nothing is written).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_parse(c"isf(two_square=x)".as_ptr(), &mut rules) };
/// let mut len = 0;
/// let code = unsafe { stratego_last_error_message(std::ptr::null_mut(), 0, &mut len) };
/// assert_eq!(code, stratego_result::STRATEGO_RESULT_OK);
/// let mut buf = vec![0u8; len + 1];
/// let code = unsafe { stratego_last_error_message(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
/// assert_eq!(code, stratego_result::STRATEGO_RESULT_OK);
/// assert!(std::str::from_utf8(&buf[..len]).unwrap().contains("two_square"));
/// // A short buffer gets the start of the message and its end, and the full length.
/// let mut short = [0xffu8; 8];
/// let code = unsafe { stratego_last_error_message(short.as_mut_ptr().cast(), short.len(), &mut len) };
/// assert_eq!((code, len), (stratego_result::STRATEGO_RESULT_OK, buf.len() - 1));
/// assert_eq!(&short, b"invalid\0");
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_last_error_message(
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    // Not inside `boundary`: a failure here must not replace the message being read.
    let copy = || unsafe { copy_cut(&message(), buf, cap, len_out) };
    match catch_unwind(AssertUnwindSafe(copy)) {
        Ok(Ok(())) => stratego_result::STRATEGO_RESULT_OK,
        Ok(Err(failure)) => failure.code,
        Err(_) => stratego_result::STRATEGO_RESULT_PANIC,
    }
}

/// As much of `text` as fits `cap - 1` bytes, cut at a character boundary, and a NUL; the
/// full length to `len_out`.
///
/// # Safety
/// `buf` is NULL or valid for `cap` byte writes; `len_out` is NULL or valid for a write.
unsafe fn copy_cut(text: &str, buf: *mut c_char, cap: usize, len_out: *mut usize) -> Outcome {
    let len_out = unsafe { Out::new(len_out, "len_out")? };
    if buf.is_null() && cap > 0 {
        return Err(Failure::null("buf"));
    }
    if cap > 0 {
        let part = prefix_within(text, cap - 1);
        // SAFETY: `buf` is non-NULL and holds `cap > part.len()` bytes by the contract.
        unsafe {
            std::ptr::copy_nonoverlapping(part.as_ptr(), buf.cast::<u8>(), part.len());
            buf.add(part.len()).write(0);
        }
    }
    len_out.write(text.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::stratego_result::*;

    #[test]
    fn a_long_message_is_kept_within_the_stated_length() {
        // `é` takes two bytes: the cut must not split one.
        let long = "é".repeat(STRATEGO_MAX_ERROR_LEN);
        record(Failure::invalid(long));
        let kept = message();
        assert!(kept.len() <= STRATEGO_MAX_ERROR_LEN && kept.len() > STRATEGO_MAX_ERROR_LEN - 8, "{}", kept.len());
        assert!(kept.ends_with("é...") && kept.starts_with("éé"));
        let mut buf = vec![0u8; STRATEGO_MAX_ERROR_LEN + 1];
        let mut len = 0;
        let code = unsafe { stratego_last_error_message(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
        assert_eq!((code, len), (STRATEGO_RESULT_OK, kept.len()));
        assert_eq!(&buf[..len], kept.as_bytes());
        assert_eq!(buf[len], 0);
        // A message at the limit is kept whole.
        record(Failure::invalid("x".repeat(STRATEGO_MAX_ERROR_LEN)));
        assert_eq!(message(), "x".repeat(STRATEGO_MAX_ERROR_LEN));
    }

    #[test]
    fn a_cut_copy_ends_at_a_character_boundary() {
        record(Failure::invalid("aé€"));
        for (cap, expected) in [(1, ""), (2, "a"), (3, "a"), (4, "aé"), (6, "aé"), (7, "aé€")] {
            let mut buf = [0xffu8; 8];
            let mut len = 0;
            let code = unsafe { stratego_last_error_message(buf.as_mut_ptr().cast(), cap, &mut len) };
            assert_eq!((code, len), (STRATEGO_RESULT_OK, 6), "cap {cap}");
            let end = buf.iter().position(|&b| b == 0).expect("a NUL");
            assert_eq!(&buf[..end], expected.as_bytes(), "cap {cap}");
            assert!(buf[cap..].iter().all(|&b| b == 0xff), "cap {cap}: wrote past the buffer");
        }
        let mut len = 7;
        assert_eq!(
            unsafe { stratego_last_error_message(std::ptr::null_mut(), 4, &mut len) },
            STRATEGO_RESULT_NULL_ARGUMENT
        );
        assert_eq!(len, 7, "a failure writes nothing");
        assert_eq!(message(), "aé€", "and leaves the message");
    }
}
