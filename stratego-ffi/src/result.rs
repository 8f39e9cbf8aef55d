//! Result codes, their static messages, and the translation of core errors into them.

use std::ffi::c_char;

use stratego_core::gravon::{GravonError, ReplayError};
use stratego_core::{limits, IllegalMove, IllegalReason, ParseError, RecordError, RulesError, SetupError, ViewError};

/// What a fallible function did. `STRATEGO_RESULT_OK` is success; every other value says why
/// the call failed, and `stratego_last_error_message` then has the full text.
///
/// The values are fixed: a code is never renumbered, and a retired code is never reused. Pass
/// any integer to `stratego_result_message`: an unknown one gets a text that says so.
///
/// ```
/// use stratego::stratego_result;
/// assert_eq!(stratego_result::STRATEGO_RESULT_BUFFER_TOO_SMALL as u32, 4);
/// ```
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum stratego_result {
    /// Success.
    STRATEGO_RESULT_OK = 0,
    /// A pointer argument that must not be NULL was NULL.
    STRATEGO_RESULT_NULL_ARGUMENT = 1,
    /// The engine panicked (a bug); the handles involved should be freed and not used again.
    STRATEGO_RESULT_PANIC = 2,
    /// An argument is out of range: an unknown enumeration value, an action id at or above
    /// the number of actions, a square outside any board, an index past the end.
    STRATEGO_RESULT_INVALID_ARGUMENT = 3,
    /// The caller's buffer is too small; the needed length was written to `len_out`.
    STRATEGO_RESULT_BUFFER_TOO_SMALL = 4,
    /// The move is not legal now (the message gives the reason).
    STRATEGO_RESULT_ILLEGAL_MOVE = 5,
    /// A setup breaks the rules (the message lists every problem).
    STRATEGO_RESULT_INVALID_SETUP = 6,
    /// Text that does not parse: rules, setup, move, position, record JSON or Gravon XML
    /// (text over its size limit is `STRATEGO_RESULT_TOO_LARGE` instead).
    STRATEGO_RESULT_PARSE_ERROR = 7,
    /// The game is over: no move can be played, and a finished game cannot be resigned.
    STRATEGO_RESULT_GAME_OVER = 8,
    /// Input text is not valid UTF-8.
    STRATEGO_RESULT_INVALID_UTF8 = 9,
    /// A rules text that reads but names rules that cannot be played together (the message
    /// names the setting and the rule it breaks).
    STRATEGO_RESULT_INVALID_RULES = 10,
    /// The input is valid but names something the engine does not play (a Gravon game type
    /// with no edition here, or a game that has no Gravon form).
    STRATEGO_RESULT_UNSUPPORTED = 11,
    /// A Gravon game replays, but ends otherwise than its recorded result.
    STRATEGO_RESULT_RESULT_MISMATCH = 12,
    /// `stratego_game_undo` on a game with no move to take back.
    STRATEGO_RESULT_NOTHING_TO_UNDO = 13,
    /// Input over its size limit, refused before it is read: a text longer than its reader
    /// accepts (rules, setup, position, record or view JSON, Gravon XML) or a record or view
    /// with more moves than a game can hold. Each limit holds the longest text the library
    /// writes for a game it plays, so what it writes always reads back.
    STRATEGO_RESULT_TOO_LARGE = 14,
}

use stratego_result::*;

/// Every code with its static message: one table for `stratego_result_message` and the tests.
pub(crate) const RESULTS: [(stratego_result, &str); 15] = [
    (STRATEGO_RESULT_OK, "ok\0"),
    (STRATEGO_RESULT_NULL_ARGUMENT, "a pointer argument was NULL\0"),
    (STRATEGO_RESULT_PANIC, "the engine panicked\0"),
    (STRATEGO_RESULT_INVALID_ARGUMENT, "an argument is out of range\0"),
    (STRATEGO_RESULT_BUFFER_TOO_SMALL, "the buffer is too small\0"),
    (STRATEGO_RESULT_ILLEGAL_MOVE, "the move is illegal\0"),
    (STRATEGO_RESULT_INVALID_SETUP, "the setup breaks the rules\0"),
    (STRATEGO_RESULT_PARSE_ERROR, "the text does not parse\0"),
    (STRATEGO_RESULT_GAME_OVER, "the game is over\0"),
    (STRATEGO_RESULT_INVALID_UTF8, "the text is not valid UTF-8\0"),
    (STRATEGO_RESULT_INVALID_RULES, "the rules cannot be played\0"),
    (STRATEGO_RESULT_UNSUPPORTED, "not supported by the engine\0"),
    (STRATEGO_RESULT_RESULT_MISMATCH, "the game does not end as recorded\0"),
    (STRATEGO_RESULT_NOTHING_TO_UNDO, "there is no move to undo\0"),
    (STRATEGO_RESULT_TOO_LARGE, "the input is over its size limit\0"),
];

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
