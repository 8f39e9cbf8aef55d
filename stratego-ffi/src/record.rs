//! Game records as JSON: the core's canonical serialization (rules, start, moves), out of a
//! game and back into one by replaying every move.

use std::ffi::c_char;

use stratego_core::{Game, Record};

use crate::game::stratego_game;
use crate::panic::boundary;
use crate::pointers::{self, Out};
use crate::result::{stratego_result, Failure};
use crate::text;

/// The game's record as JSON (`{"rules": ..., "start": ..., "moves": [...]}`; a resignation
/// included) into `buf`, NUL-terminated, its length without the NUL into `*len_out`.
/// `stratego_game_from_record_json` replays it to an equal game.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_record_json(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_record_json(
    game: *const stratego_game,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe {
        text::write_text_of(game, "game", buf, cap, len_out, |game| {
            serde_json::to_string(&game.game.record())
                .map_err(|e| Failure::new(stratego_result::STRATEGO_RESULT_PANIC, format!("record to JSON: {e}")))
        })
    }
}

/// Replay a record written by `stratego_game_record_json`, checking every move, into a new
/// game handle `*game_out` (free it with `stratego_game_free`).
///
/// `json` is a NUL-terminated UTF-8 string, only read during the call. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_PARSE_ERROR` (not a record, or its rules or start do not parse),
/// `STRATEGO_RESULT_TOO_LARGE` (over `stratego_core::MAX_RECORD_JSON_BYTES`, more moves than a
/// game holds, or a text over its limit: never for a record this library wrote),
/// `STRATEGO_RESULT_INVALID_RULES`, `STRATEGO_RESULT_INVALID_SETUP`, or `STRATEGO_RESULT_ILLEGAL_MOVE` /
/// `STRATEGO_RESULT_GAME_OVER` when a recorded move does not replay (the message names the
/// ply).
///
/// ```
/// let mut game = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_game_from_record_json(c"{}".as_ptr(), &mut game) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert!(game.is_null());
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_from_record_json(
    json: *const c_char,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(game_out, "game_out")? };
        let json = unsafe { text::read_str(json, "json")? };
        stratego_core::limits::check_record_json(json)?;
        let record: Record = serde_json::from_str(json).map_err(|e| Failure::json("record", e.to_string()))?;
        let game = Game::from_record(&record)?;
        pointers::hand_over(out, stratego_game { game });
        Ok(())
    })
}
