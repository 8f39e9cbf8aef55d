//! What bots reach for in the full-information game: every piece with its square, what a
//! battle would do, the position hash, the lossless position text, and move notation.

use std::ffi::c_char;

use crate::buffers::ListOut;
use crate::convert;
use crate::enums::*;
use crate::game::stratego_game;
use crate::panic::{boundary, value_or};
use crate::pointers::{arg, Out};
use crate::result::{stratego_result, Failure};
use crate::text;
use crate::values::*;

/// The pieces on the board with their squares, in board order (a1, b1, ..., j10), into
/// `buf`: `player`'s pieces, or every piece when `player` is `STRATEGO_PLAYER_NONE`; their
/// number into `*len_out`. Full information: every rank is shown.
///
/// `buf` must hold `cap` entries (NULL with `cap` 0 asks for the number). Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
/// (unknown player) or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_pieces(std::ptr::null(), stratego::STRATEGO_PLAYER_NONE, std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_pieces(
    game: *const stratego_game,
    player: stratego_player,
    buf: *mut stratego_placed_piece,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { ListOut::new(buf, cap, len_out)? };
        let placed =
            |(sq, p)| stratego_placed_piece { square: convert::square_to_c(sq), piece: convert::piece_to_c(Some(p)) };
        let pieces: Vec<stratego_placed_piece> = match convert::player_or_both(player)? {
            None => game.game.pieces().map(placed).collect(),
            Some(p) => game.game.pieces_of(p).map(placed).collect(),
        };
        out.write(&pieces)
    })
}

/// What the move `mv` would do as a battle, into `*battle_out`, without playing it: the
/// result and both ranks when `mv` attacks an enemy piece, else `STRATEGO_BATTLE_NONE`.
/// Legality is not checked (see `stratego_game_check_move`).
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more).
///
/// ```
/// let mut battle = std::mem::MaybeUninit::uninit();
/// let mv = stratego::stratego_move::default();
/// assert_eq!(unsafe { stratego::stratego_game_battle_of(std::ptr::null(), mv, battle.as_mut_ptr()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_battle_of(
    game: *const stratego_game,
    mv: stratego_move,
    battle_out: *mut stratego_battle_report,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(battle_out, "battle_out")? };
        out.write(convert::battle_report_to_c(game.game.battle_of(convert::move_from_c(mv.from, mv.to)?)));
        Ok(())
    })
}

/// A hash of the position and every rule state that decides what happens next (pieces,
/// side to move, flags the rules depend on, repetition state), for transposition tables:
/// equal positions hash equal. Stable within one library version only. 0 when `game` is
/// NULL (0 may also be a real hash).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_hash(std::ptr::null()) }, 0);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_hash(game: *const stratego_game) -> u64 {
    value_or(0, || Ok(unsafe { arg(game, "game")? }.game.board().hash()))
}

/// The full position text: the position string plus moved and slid flags, start squares,
/// captures and the repetition rules' state, so that `stratego_game_from_position` reads it
/// back to the same position with the same legal moves. NUL-terminated into `buf`, its length
/// without the NUL into `*len_out`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_position_full(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_position_full(
    game: *const stratego_game,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { text::TextOut::new(buf, cap, len_out)? };
        out.write(&game.game.position_full())
    })
}

/// Move `index` of the history in the rules' numbering, for people and logs: `9 a4-a5`, or
/// after a battle `9 a4xa7 (1)` with the defender's label. It shows the mover's rank, which
/// the opponent does not see after a plain move. NUL-terminated into `buf`, its length
/// without the NUL into `*len_out`: at most `STRATEGO_MAX_NOTATION_LEN` bytes.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (no such move), or `STRATEGO_RESULT_BUFFER_TOO_SMALL`
/// with the length in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_history_notation(std::ptr::null(), 0, std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_history_notation(
    game: *const stratego_game,
    index: usize,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { text::TextOut::new(buf, cap, len_out)? };
        let history = game.game.history();
        let report = history
            .get(index)
            .ok_or_else(|| Failure::invalid(format!("move {index} of a history of {} moves", history.len())))?;
        out.write(&report.notation(game.game.rules().numbering()))
    })
}
