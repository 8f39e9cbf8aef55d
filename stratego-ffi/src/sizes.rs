//! Fixed sizes the header promises, as named constants (cbindgen writes each as a `#define`),
//! and the length of a position text as a function: a C caller sizes its buffers from these
//! instead of from numbers in prose. `STRATEGO_MAX_*` bound what the library writes,
//! `STRATEGO_LIMIT_*` what its readers accept (more is `STRATEGO_RESULT_TOO_LARGE`). Each
//! equals the core's figure, which a test checks.

use crate::panic::value_or;
use crate::pointers::arg;
use crate::rules::stratego_rules;

/// The longest message `stratego_last_error_message` reports, in bytes without the NUL: a
/// buffer of `STRATEGO_MAX_ERROR_LEN + 1` bytes always holds the whole message. A longer
/// message of the engine (a setup with every square wrong on the largest board, say) is cut
/// at a UTF-8 boundary and ends in `...`.
pub const STRATEGO_MAX_ERROR_LEN: usize = 4095;

/// The longest position text (`stratego_game_position`) of any board at any ply, in bytes
/// without the NUL: 128 square letters, the side to move and a ply of 10 digits, with the
/// spaces between. `stratego_position_len` gives the exact length for a board and a ply.
pub const STRATEGO_MAX_POSITION_LEN: usize = 141;

/// The longest move notation (`stratego_game_history_notation`,
/// `stratego_view_history_notation`), in bytes without the NUL: a rescue decision
/// `rescue:Lieutenant@j10` (a battle such as `10 a4xa7 (10)` is shorter), so
/// `char text[STRATEGO_MAX_NOTATION_LEN + 1]` holds any.
pub const STRATEGO_MAX_NOTATION_LEN: usize = 21;

/// The most squares a board has (16 x 8 or 8 x 16): the longest list `stratego_view_squares`
/// or `stratego_game_pieces` writes, and the longest byte board.
pub const STRATEGO_MAX_SQUARES: usize = 128;

/// The most entries a game's history holds: a game whose history reaches this many ends in a
/// draw by ply cap, so every record and view the library writes reads back.
pub const STRATEGO_MAX_RECORD_PLIES: usize = 1048576;

/// The longest rules text `stratego_rules_parse` reads, in bytes; a longer one is
/// `STRATEGO_RESULT_TOO_LARGE`. (The longest the library writes is under 6 KiB.)
pub const STRATEGO_LIMIT_RULES_TEXT: usize = 16384;

/// The longest setup text `stratego_setup_parse` reads, in bytes.
pub const STRATEGO_LIMIT_SETUP_TEXT: usize = 4096;

/// The longest position text, short or full, `stratego_game_from_position` reads, in bytes
/// (a full position the library writes is under 5 KiB at any ply).
pub const STRATEGO_LIMIT_POSITION_TEXT: usize = 65536;

/// The longest record JSON `stratego_game_from_record_json` reads, in bytes: the record of a
/// game of `STRATEGO_MAX_RECORD_PLIES` entries at 24 bytes each, with its rules and start.
pub const STRATEGO_LIMIT_RECORD_JSON: usize = 25314304;

/// The longest view JSON `stratego_view_from_json` reads, in bytes: 130 bytes for each of
/// `STRATEGO_MAX_RECORD_PLIES` entries, with the rules and the position.
pub const STRATEGO_LIMIT_VIEW_JSON: usize = 136397824;

/// The longest Gravon XML `stratego_game_from_gravon_xml` reads, in bytes: 51 bytes for each of
/// `STRATEGO_MAX_RECORD_PLIES` entries, two player names and the header.
pub const STRATEGO_LIMIT_GRAVON_XML: usize = 53481472;

/// The length in bytes, without the NUL, of the position text (`stratego_game_position`) of a
/// game under `rules` at `ply` (`stratego_game_ply`): one letter per square, the side to move
/// and the ply, with a space between. On the standard board that is 104 up to ply 9, 105 up to
/// 99, 106 up to 999 and 107 up to 9,999, so a buffer needs 108 bytes at ply 9,999; at most
/// `STRATEGO_MAX_POSITION_LEN`. 0 when `rules` is NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_position_len(rules, 99) }, 105);
/// assert_eq!(unsafe { stratego_position_len(rules, 100) }, 106);
/// assert_eq!(unsafe { stratego_position_len(rules, 9_999) }, 107);
/// assert_eq!(unsafe { stratego_position_len(std::ptr::null(), 0) }, 0);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_position_len(rules: *const stratego_rules, ply: u32) -> usize {
    value_or(0, || {
        let rules = unsafe { arg(rules, "rules")? };
        Ok(stratego_core::limits::position_text_len(rules.rules.num_squares(), ply))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego_core::limits;

    #[test]
    fn the_header_sizes_follow_the_core() {
        assert_eq!(STRATEGO_MAX_POSITION_LEN, limits::MAX_POSITION_TEXT_SHORT);
        assert_eq!(STRATEGO_MAX_NOTATION_LEN, limits::MAX_NOTATION_TEXT);
        assert_eq!(STRATEGO_MAX_SQUARES, stratego_core::MAX_SQUARES);
        assert_eq!(STRATEGO_MAX_RECORD_PLIES, stratego_core::MAX_RECORD_PLIES);
        assert_eq!(STRATEGO_LIMIT_RULES_TEXT, stratego_core::MAX_RULES_TEXT);
        assert_eq!(STRATEGO_LIMIT_SETUP_TEXT, stratego_core::MAX_SETUP_TEXT);
        assert_eq!(STRATEGO_LIMIT_POSITION_TEXT, stratego_core::MAX_POSITION_TEXT);
        assert_eq!(STRATEGO_LIMIT_RECORD_JSON, stratego_core::MAX_RECORD_JSON_BYTES);
        assert_eq!(STRATEGO_LIMIT_VIEW_JSON, stratego_core::MAX_VIEW_JSON_BYTES);
        assert_eq!(STRATEGO_LIMIT_GRAVON_XML, stratego_core::MAX_XML_BYTES);
        // Room for the longest parse error's text and its reason.
        const { assert!(STRATEGO_MAX_ERROR_LEN > 2 * limits::MAX_ERROR_TEXT) };
    }
}
