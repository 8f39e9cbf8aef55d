//! Rescue decisions (rules with rescues, such as `STRATEGO_EDITION_ULTIMATE_LIGHTNING`): making
//! one as a `stratego_move`, reading one back, and asking whether one is due.
//!
//! A decision is an ordinary `stratego_move` whose `from` is a reserved square off every board
//! (the core's `Move::rescue` and `Move::DECLINE_RESCUE`), so it is played, checked, listed,
//! recorded and turned into action ids by the same functions as every other move. Build one
//! only with these functions: the reserved values are the core's business.

use stratego_core::Move;

use crate::convert;
use crate::enums::*;
use crate::game::stratego_game;
use crate::panic::{boundary, value_or};
use crate::pointers::{arg, Out};
use crate::result::{stratego_result, Failure};
use crate::values::*;
use crate::view::stratego_view;

/// The decision to bring back a captured piece of `rank` onto `square`, into `*move_out`. It
/// is legal only while a rescue is due (`stratego_game_rescue_pending`), for a rank the mover
/// has lost and an empty square of the mover's rescue zone; `stratego_game_play_move` checks.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (no such rank, or a square outside every board).
///
/// ```
/// use stratego::*;
/// let mut mv = std::mem::MaybeUninit::uninit();
/// let b2 = stratego_square { col: 1, row: 1 };
/// assert_eq!(unsafe { stratego_move_rescue(STRATEGO_RANK_SCOUT, b2, mv.as_mut_ptr()) }, stratego_result::STRATEGO_RESULT_OK);
/// let (mut rank, mut square) = (0, stratego_square { col: 0, row: 0 });
/// assert_eq!(unsafe { stratego_move_rescued(unsafe { mv.assume_init() }, &mut rank, &mut square) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!((rank, square.col, square.row), (STRATEGO_RANK_SCOUT, 1, 1));
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_move_rescue(
    rank: stratego_rank,
    square: stratego_square,
    move_out: *mut stratego_move,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(move_out, "move_out")? };
        let mv = Move::rescue(convert::rank(rank)?, convert::square(square)?);
        out.write(convert::move_to_c(mv));
        Ok(())
    })
}

/// The decision not to rescue.
///
/// ```
/// use stratego::*;
/// let decline = stratego_move_decline_rescue();
/// assert!(stratego_move_is_decision(decline));
/// let mut rank = 0;
/// let mut sq = stratego_square { col: 0, row: 0 };
/// assert_eq!(unsafe { stratego_move_rescued(decline, &mut rank, &mut sq) }, stratego_result::STRATEGO_RESULT_INVALID_ARGUMENT);
/// ```
#[no_mangle]
pub extern "C" fn stratego_move_decline_rescue() -> stratego_move {
    convert::move_to_c(Move::DECLINE_RESCUE)
}

/// Whether `mv` is a rescue decision (a rescue or the decline) rather than a board move.
///
/// ```
/// use stratego::*;
/// let a4a5 = stratego_move { from: stratego_square { col: 0, row: 3 }, to: stratego_square { col: 0, row: 4 } };
/// assert!(!stratego_move_is_decision(a4a5));
/// ```
#[no_mangle]
pub extern "C" fn stratego_move_is_decision(mv: stratego_move) -> bool {
    value_or(false, || Ok(convert::move_from_c(mv.from, mv.to)?.is_decision()))
}

/// The rank and square of the rescue `mv` into `*rank_out` and `*square_out`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` when `mv` is no rescue (a board move or the decline).
#[no_mangle]
pub unsafe extern "C" fn stratego_move_rescued(
    mv: stratego_move,
    rank_out: *mut stratego_rank,
    square_out: *mut stratego_square,
) -> stratego_result {
    boundary(|| {
        let rank_out = unsafe { Out::new(rank_out, "rank_out")? };
        let square_out = unsafe { Out::new(square_out, "square_out")? };
        let (rank, square) =
            convert::move_from_c(mv.from, mv.to)?.rescued().ok_or_else(|| Failure::invalid("the move is no rescue"))?;
        rank_out.write(convert::rank_to_c(rank));
        square_out.write(convert::square_to_c(square));
        Ok(())
    })
}

/// Whether the side to move must now decide on a rescue (false when `game` is NULL): its
/// legal moves are then the decisions only, and its turn is not over.
///
/// ```
/// assert!(!unsafe { stratego::stratego_game_rescue_pending(std::ptr::null()) });
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_rescue_pending(game: *const stratego_game) -> bool {
    value_or(false, || Ok(unsafe { arg(game, "game")? }.game.board().rescue_pending()))
}

/// Rescues `player` may still make in `game` (0 when `game` is NULL, `player` unknown, or the
/// rules have no rescues).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_rescues_left(std::ptr::null(), stratego::STRATEGO_PLAYER_RED) }, 0);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_rescues_left(game: *const stratego_game, player: stratego_player) -> u32 {
    value_or(0, || {
        let game = unsafe { arg(game, "game")? };
        Ok(game.game.board().rescues_left(convert::player(player)?).into())
    })
}

/// Whether a rescue decision was due when the view was taken (false when `view` is NULL):
/// public to both players.
///
/// ```
/// assert!(!unsafe { stratego::stratego_view_rescue_pending(std::ptr::null()) });
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_rescue_pending(view: *const stratego_view) -> bool {
    value_or(false, || Ok(unsafe { arg(view, "view")? }.view.rescue_pending()))
}

/// Rescues `player` may still make, as the view shows it (0 when `view` is NULL or `player`
/// unknown).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_view_rescues_left(std::ptr::null(), stratego::STRATEGO_PLAYER_RED) }, 0);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_rescues_left(view: *const stratego_view, player: stratego_player) -> u32 {
    value_or(0, || {
        let view = unsafe { arg(view, "view")? };
        Ok(view.view.rescues_left(convert::player(player)?).into())
    })
}
