//! Views as JSON: what one player may know (the core's `ViewRecord`), out of a view handle and
//! back into one, with no hidden enemy rank in the text.

use std::ffi::c_char;

use stratego_core::{PlayerView, ViewRecord};

use crate::pointers::{self, Out};
use crate::result::{stratego_result, Failure};
use crate::text;
use crate::view::stratego_view;

/// The view as JSON (`{"rules": ..., "player": ..., "position": ..., "history": [...]}`: the
/// position as the viewer knows it, unknown enemy ranks written `?`) into `buf`,
/// NUL-terminated, its length without the NUL into `*len_out`. `stratego_view_from_json`
/// reads it back to an equal view. The text holds no hidden enemy rank, so it may be stored or
/// sent to the viewer.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_view_to_json(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_to_json(
    view: *const stratego_view,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe {
        text::write_text_of(view, "view", buf, cap, len_out, |view| {
            serde_json::to_string(&view.view.to_record())
                .map_err(|e| Failure::new(stratego_result::STRATEGO_RESULT_PANIC, format!("view to JSON: {e}")))
        })
    }
}

/// Read a view written by `stratego_view_to_json` into a new view handle `*view_out` (free it
/// with `stratego_view_free`), checking that its facts agree (pieces, army, what is in sight,
/// the history).
///
/// `json` is a NUL-terminated UTF-8 string, only read during the call. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_INVALID_RULES`, `STRATEGO_RESULT_TOO_LARGE` (over
/// `stratego_core::MAX_VIEW_JSON_BYTES`, more moves than a game holds, or a text over its
/// limit: never for a view this library wrote), or `STRATEGO_RESULT_PARSE_ERROR` (not a view
/// record, or facts that contradict each other; the message says which). On failure
/// `*view_out` is not written.
///
/// ```
/// let mut view = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_view_from_json(c"{}".as_ptr(), &mut view) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert!(view.is_null());
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_from_json(
    json: *const c_char,
    view_out: *mut *mut stratego_view,
) -> stratego_result {
    crate::panic::boundary(|| {
        let out = unsafe { Out::new(view_out, "view_out")? };
        let json = unsafe { text::read_str(json, "json")? };
        stratego_core::limits::check_view_json(json)?;
        let record: ViewRecord = serde_json::from_str(json).map_err(|e| Failure::json("view", e.to_string()))?;
        let view = PlayerView::from_record(&record)?;
        pointers::hand_over(out, stratego_view { view });
        Ok(())
    })
}
