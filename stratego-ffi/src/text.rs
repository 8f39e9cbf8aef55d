//! Strings across the boundary: UTF-8 in from NUL-terminated C strings, UTF-8 out into caller
//! buffers with a NUL, the length (without the NUL) reported through `len_out`. A size query
//! (`buf = NULL`, `cap = 0`) succeeds with the length.

use std::ffi::{c_char, CStr};

use crate::panic::boundary;
use crate::pointers::{self, arg, Out};
use crate::result::{stratego_result, Failure, Outcome};

/// The text of a NUL-terminated C string, checked for NULL and UTF-8.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that lives during `'a`.
pub(crate) unsafe fn read_str<'a>(ptr: *const c_char, name: &str) -> Outcome<&'a str> {
    let bytes = unsafe { pointers::arg(ptr, name)? };
    let cstr = unsafe { CStr::from_ptr(bytes) };
    cstr.to_str().map_err(|e| {
        Failure::new(
            stratego_result::STRATEGO_RESULT_INVALID_UTF8,
            format!("`{name}` is not valid UTF-8 (byte {} starts an invalid sequence)", e.valid_up_to()),
        )
    })
}

/// The whole body of a text getter: the handle checked as `name`, then the buffer, then the
/// text `text` makes of the handle written, all inside the panic boundary.
///
/// # Safety
/// `handle` is NULL or valid for reads; `buf` and `len_out` as for [`TextOut::new`].
pub(crate) unsafe fn write_text_of<T>(
    handle: *const T,
    name: &str,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
    text: impl FnOnce(&T) -> Outcome<String>,
) -> stratego_result {
    boundary(|| {
        let handle = unsafe { arg(handle, name)? };
        let out = unsafe { TextOut::new(buf, cap, len_out)? };
        out.write(&text(handle)?)
    })
}

/// A caller buffer for text: checked first, written last.
pub(crate) struct TextOut {
    buf: *mut c_char,
    cap: usize,
    len_out: Out<usize>,
}

impl TextOut {
    /// # Safety
    /// `buf` is NULL or valid for `cap` byte writes; `len_out` is NULL or valid for a write.
    pub unsafe fn new(buf: *mut c_char, cap: usize, len_out: *mut usize) -> Outcome<TextOut> {
        let len_out = unsafe { Out::new(len_out, "len_out")? };
        if buf.is_null() && cap > 0 {
            return Err(Failure::null("buf"));
        }
        Ok(TextOut { buf, cap, len_out })
    }

    /// Whether the caller only asks for the length (`buf = NULL`, `cap = 0`): a size query,
    /// which succeeds without writing text.
    pub fn is_size_query(&self) -> bool {
        self.buf.is_null()
    }

    /// Copy `s` and a NUL when they fit; otherwise report the length needed. A size query
    /// reports the length and succeeds: it is not a failure, so the thread's last error stays.
    pub fn write(self, s: &str) -> Outcome {
        let len = s.len();
        if self.is_size_query() {
            self.len_out.write(len);
            return Ok(());
        }
        if self.cap <= len {
            self.len_out.write(len);
            return Err(Failure::new(
                stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL,
                format!("the text has {len} bytes: the buffer needs {} with the NUL, it has {}", len + 1, self.cap),
            ));
        }
        // SAFETY: `buf` holds `cap > len` bytes by the contract of `new`.
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), self.buf.cast::<u8>(), len);
            self.buf.add(len).write(0);
        }
        self.len_out.write(len);
        Ok(())
    }
}
