//! Bulk data into caller buffers: lists of unknown length (`buf`, `cap`, `len_out`) and
//! arrays of a length the rules fix (`buf`, `len`).

use crate::pointers::Out;
use crate::result::{stratego_result, Failure, Outcome};

/// A caller buffer for a list: checked first, written last.
pub(crate) struct ListOut<T> {
    buf: *mut T,
    cap: usize,
    len_out: Out<usize>,
}

impl<T: Copy> ListOut<T> {
    /// # Safety
    /// `buf` is NULL or valid for `cap` writes of `T`; `len_out` is NULL or valid for a write.
    pub unsafe fn new(buf: *mut T, cap: usize, len_out: *mut usize) -> Outcome<ListOut<T>> {
        let len_out = unsafe { Out::new(len_out, "len_out")? };
        if buf.is_null() && cap > 0 {
            return Err(Failure::null("buf"));
        }
        Ok(ListOut { buf, cap, len_out })
    }

    /// Copy `items` when they fit; otherwise report how many there are.
    pub fn write(self, items: &[T]) -> Outcome {
        self.fill(items.len(), |slots| slots.copy_from_slice(items))
    }

    /// Let `put` write `len` entries straight into the caller's buffer when they fit (so no
    /// list is built on the way); otherwise report `len` and write nothing. A size query
    /// (`buf = NULL`, `cap = 0`) reports `len` and succeeds: it is not a failure, so the
    /// thread's last error stays.
    pub fn fill(self, len: usize, put: impl FnOnce(&mut [T])) -> Outcome {
        if self.buf.is_null() {
            self.len_out.write(len);
            return Ok(());
        }
        if self.cap < len {
            self.len_out.write(len);
            return Err(Failure::new(
                stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL,
                format!("{len} entries to write, the buffer holds {}", self.cap),
            ));
        }
        if len > 0 {
            // SAFETY: `buf` is non-NULL (cap >= len > 0) and holds `cap` entries.
            put(unsafe { std::slice::from_raw_parts_mut(self.buf, len) });
        }
        self.len_out.write(len);
        Ok(())
    }
}

impl<T> ListOut<T> {
    /// Let `put` write the list straight into the caller's buffer (an empty one for a size
    /// query) and return its length; `put` must write nothing when the list does not fit, so
    /// one pass both counts and writes.
    pub fn fill_counted(self, put: impl FnOnce(&mut [T]) -> usize) -> Outcome {
        let slots: &mut [T] = if self.buf.is_null() {
            &mut []
        } else {
            // SAFETY: `buf` is non-NULL and holds `cap` entries by the contract of `new`.
            unsafe { std::slice::from_raw_parts_mut(self.buf, self.cap) }
        };
        let len = put(slots);
        self.len_out.write(len);
        if !self.buf.is_null() && self.cap < len {
            return Err(Failure::new(
                stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL,
                format!("{len} entries to write, the buffer holds {}", self.cap),
            ));
        }
        Ok(())
    }
}

/// The first `needed` entries of a caller array of `len` entries, for encoders that fill an
/// array whose length the rules fix. Entries past `needed` are left as they are.
///
/// # Safety
/// `buf` is NULL or valid for `len` writes of `T`, and not otherwise used during `'a`.
pub(crate) unsafe fn fixed<'a, T>(buf: *mut T, len: usize, needed: usize, what: &str) -> Outcome<&'a mut [T]> {
    if buf.is_null() {
        return Err(Failure::null("buf"));
    }
    if len < needed {
        return Err(Failure::new(
            stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL,
            format!("the {what} has {needed} entries, the buffer holds {len}"),
        ));
    }
    // SAFETY: non-NULL, and valid for `len >= needed` entries by the contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(buf, needed) })
}
