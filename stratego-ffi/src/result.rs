//! Result codes, their static messages, and the translation of core errors into them.

use std::ffi::c_char;

use stratego_core::gravon::{GravonError, ReplayError};
use stratego_core::{limits, IllegalMove, IllegalReason, ParseError, RecordError, RulesError, SetupError, ViewError};

// `stratego_result` and `RESULTS`, every code with its static message: written by build.rs from
// the table src/result_codes.toml.
include!(concat!(env!("OUT_DIR"), "/result_codes.rs"));

use stratego_result::*;

const UNKNOWN_RESULT: &str = "unknown result code\0";

/// A static, NUL-terminated English text for a result code. Takes a plain integer, so any
/// value is safe: an unknown code gives "unknown result code". The text lives for the whole
/// program and must not be freed. Never returns NULL.
///
/// ```
/// use std::ffi::CStr;
/// use stratego::*;
/// let text = unsafe { CStr::from_ptr(stratego_result_message(stratego_result::STRATEGO_RESULT_ILLEGAL_MOVE as u32)) };
/// assert_eq!(text.to_str(), Ok("the move is illegal"));
/// let unknown = unsafe { CStr::from_ptr(stratego_result_message(77_777)) };
/// assert_eq!(unknown.to_str(), Ok("unknown result code"));
/// ```
#[no_mangle]
pub extern "C" fn stratego_result_message(result: u32) -> *const c_char {
    let text = crate::panic::value_or(UNKNOWN_RESULT, || {
        Ok(RESULTS.iter().find(|(code, _)| *code as u32 == result).map_or(UNKNOWN_RESULT, |(_, text)| text))
    });
    text.as_ptr().cast()
}

/// A failed call: the code it returns and the full message kept for the thread.
#[derive(Debug)]
pub(crate) struct Failure {
    pub code: stratego_result,
    pub message: String,
}

/// What every fallible body returns.
pub(crate) type Outcome<T = ()> = Result<T, Failure>;

impl Failure {
    pub fn new(code: stratego_result, message: impl Into<String>) -> Failure {
        Failure { code, message: message.into() }
    }
    pub fn null(name: &str) -> Failure {
        Failure::new(STRATEGO_RESULT_NULL_ARGUMENT, format!("`{name}` is NULL"))
    }
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure::new(STRATEGO_RESULT_INVALID_ARGUMENT, message)
    }
    /// JSON that `serde_json` refused (`what` names it): `TOO_LARGE` when the reader stopped
    /// at a size limit (too many moves, too long a string), else `PARSE_ERROR`.
    pub fn json(what: &str, message: String) -> Failure {
        let code =
            if limits::is_size_refusal(&message) { STRATEGO_RESULT_TOO_LARGE } else { STRATEGO_RESULT_PARSE_ERROR };
        Failure::new(code, format!("{what} JSON: {message}"))
    }
}

impl From<ParseError> for Failure {
    /// Text over its size limit is `TOO_LARGE`; text that reads but names rules that do not
    /// fit together is `INVALID_RULES`.
    fn from(e: ParseError) -> Failure {
        let code = if e.is_too_large() {
            STRATEGO_RESULT_TOO_LARGE
        } else if e.source.is_some() {
            STRATEGO_RESULT_INVALID_RULES
        } else {
            STRATEGO_RESULT_PARSE_ERROR
        };
        Failure::new(code, e.to_string())
    }
}

impl From<SetupError> for Failure {
    fn from(e: SetupError) -> Failure {
        Failure::new(STRATEGO_RESULT_INVALID_SETUP, e.to_string())
    }
}

impl From<RulesError> for Failure {
    fn from(e: RulesError) -> Failure {
        Failure::new(STRATEGO_RESULT_INVALID_RULES, e.to_string())
    }
}

impl From<IllegalMove> for Failure {
    fn from(e: IllegalMove) -> Failure {
        let code =
            if e.reason == IllegalReason::GameOver { STRATEGO_RESULT_GAME_OVER } else { STRATEGO_RESULT_ILLEGAL_MOVE };
        Failure::new(code, e.to_string())
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Failure {
        let code = match &e {
            RecordError::Rules(p) | RecordError::Start(p) => Failure::from(p.clone()).code,
            RecordError::TooLong { .. } => STRATEGO_RESULT_TOO_LARGE,
            RecordError::Setup(_) => STRATEGO_RESULT_INVALID_SETUP,
            RecordError::Move { error, .. } => Failure::from(*error).code,
        };
        Failure::new(code, format!("record does not replay: {e}"))
    }
}

impl From<GravonError> for Failure {
    fn from(e: GravonError) -> Failure {
        let code = match e {
            GravonError::TooLarge { .. } => STRATEGO_RESULT_TOO_LARGE,
            _ => STRATEGO_RESULT_PARSE_ERROR,
        };
        Failure::new(code, format!("Gravon XML: {e}"))
    }
}

impl From<ViewError> for Failure {
    /// A view record over a size limit is `TOO_LARGE`, rules that cannot be played
    /// `INVALID_RULES`, anything else (facts that contradict each other) `PARSE_ERROR`.
    fn from(e: ViewError) -> Failure {
        match e {
            ViewError::Rules(p) => Failure::from(p),
            ViewError::TooLong { .. } => Failure::new(STRATEGO_RESULT_TOO_LARGE, format!("view JSON: {e}")),
            ViewError::Position(p) if p.is_too_large() => Failure::from(p),
            other => Failure::new(STRATEGO_RESULT_PARSE_ERROR, format!("view JSON: {other}")),
        }
    }
}

impl From<ReplayError> for Failure {
    fn from(e: ReplayError) -> Failure {
        let code = match &e {
            ReplayError::Unsupported(_) => STRATEGO_RESULT_UNSUPPORTED,
            ReplayError::NoField | ReplayError::Field(_) => STRATEGO_RESULT_PARSE_ERROR,
            ReplayError::Setup(_) => STRATEGO_RESULT_INVALID_SETUP,
            ReplayError::IllegalMove { error, .. } => Failure::from(*error).code,
            ReplayError::ResultMismatch { .. } => STRATEGO_RESULT_RESULT_MISMATCH,
        };
        Failure::new(code, format!("Gravon game does not replay: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    #[test]
    fn every_code_has_its_own_value_and_message() {
        for (i, (code, text)) in RESULTS.iter().enumerate() {
            assert_eq!(*code as u32, i as u32, "codes are listed in value order");
            assert!(text.ends_with('\0') && !text[..text.len() - 1].contains('\0'));
            let shown = unsafe { CStr::from_ptr(stratego_result_message(*code as u32)) };
            assert_eq!(shown.to_bytes(), &text.as_bytes()[..text.len() - 1]);
        }
        for unknown in [RESULTS.len() as u32, 1000, u32::MAX] {
            let shown = unsafe { CStr::from_ptr(stratego_result_message(unknown)) };
            assert_eq!(shown.to_str(), Ok("unknown result code"));
        }
    }

    #[test]
    fn game_over_is_its_own_code() {
        let mv = "a1-a2".parse().unwrap();
        assert_eq!(Failure::from(IllegalMove { mv, reason: IllegalReason::GameOver }).code, STRATEGO_RESULT_GAME_OVER);
        assert_eq!(Failure::from(IllegalMove { mv, reason: IllegalReason::Lake }).code, STRATEGO_RESULT_ILLEGAL_MOVE);
    }
}
