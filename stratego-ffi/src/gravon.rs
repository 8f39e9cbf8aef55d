//! Gravon StraDoS2 XML: a recorded Gravon game in (replayed into a game under the rules
//! Gravon played it with), and a game out in the archive's layout.

use std::ffi::c_char;

use stratego_core::gravon::{self, GameRecord};
use stratego_core::Game;

use crate::game::stratego_game;
use crate::panic::boundary;
use crate::pointers::{self, Out};
use crate::result::{stratego_result, Failure, Outcome};
use crate::text;

/// `game` as a Gravon record (the core decides which games Gravon has), or `UNSUPPORTED`.
fn to_record(game: &Game) -> Outcome<GameRecord> {
    gravon::from_game(game, ["", ""]).ok_or_else(|| {
        Failure::new(
            stratego_result::STRATEGO_RESULT_UNSUPPORTED,
            format!(
                "Gravon has no such game: only ISF (classic, classicfree), Barrage and Duel rules on the \
                 10x10 board, for a game that began from two setups (these rules: {})",
                game.rules()
            ),
        )
    })
}

/// Read a Gravon StraDoS2 XML record and replay it under the rules Gravon played it with
/// (`classic` as ISF, `barrage`, `duell` as Duel on four rows, `classicfree` as ISF with free
/// placement; the two-squares limit 5 for games before 2013 and 3 from then on, `year` 0
/// meaning unknown = from 2013 on). Every move must be legal and the end must agree with the
/// recorded result.
///
/// `xml` is a NUL-terminated UTF-8 string, only read during the call. On success `*game_out`
/// holds a new handle to free with `stratego_game_free`. Returns `STRATEGO_RESULT_OK`,
/// `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_PARSE_ERROR`, `STRATEGO_RESULT_TOO_LARGE` (over
/// `stratego_core::MAX_XML_BYTES`, about 51 MiB: never for XML this library wrote),
/// `STRATEGO_RESULT_UNSUPPORTED` (a game type with no edition
/// here), `STRATEGO_RESULT_INVALID_SETUP`, `STRATEGO_RESULT_ILLEGAL_MOVE` or
/// `STRATEGO_RESULT_RESULT_MISMATCH`.
///
/// ```
/// let mut game = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_game_from_gravon_xml(c"<stratego>".as_ptr(), 2014, &mut game) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_from_gravon_xml(
    xml: *const c_char,
    year: u32,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(game_out, "game_out")? };
        let xml = unsafe { text::read_str(xml, "xml")? };
        let record = gravon::parse_xml(xml)?;
        let game = gravon::replay(&record, (year != 0).then_some(year))?;
        pointers::hand_over(out, stratego_game { game });
        Ok(())
    })
}

/// Write `game` as Gravon StraDoS2 XML (the archive's layout: the start position as the
/// field, every move, the result if the game is over; no player names) into `buf`,
/// NUL-terminated, its length without the NUL into `*len_out`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_UNSUPPORTED` (an edition Gravon does not play: only ISF, Barrage and Duel
/// rules; or a game that did not start from two setups), or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_to_gravon_xml(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_to_gravon_xml(
    game: *const stratego_game,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe { text::write_text_of(game, "game", buf, cap, len_out, |game| Ok(gravon::to_xml(&to_record(&game.game)?))) }
}
