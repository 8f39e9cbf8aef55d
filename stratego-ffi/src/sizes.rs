//! Fixed sizes the header promises, as named constants (cbindgen writes each as a `#define`),
//! and the length of a position text as a function: a C caller sizes its buffers from these
//! instead of from numbers in prose. Each equals the core's figure, which a test checks.

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
        // Room for the longest parse error's text and its reason.
        const { assert!(STRATEGO_MAX_ERROR_LEN > 2 * limits::MAX_ERROR_TEXT) };
    }
}
