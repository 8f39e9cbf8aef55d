//! `stratego_view`: what one player may know, with the RL encodings written into caller
//! buffers and `sample_world` to draw a full game consistent with it.

use stratego_core::{Perspective, PlayerView, Rules};

use crate::convert;
use crate::enums::*;
use crate::game::stratego_game;
use crate::panic::value_or;
use crate::pointers::{self, arg};
use crate::position;
use crate::result::stratego_result;
use crate::values::*;

/// What one player may know at one moment (wraps `stratego_core::PlayerView`): own pieces,
/// enemy pieces with only their public facts, captured pieces, the public history. Hidden
/// enemy ranks are not stored in it at all. Create it with `stratego_game_view`, free it with
/// `stratego_view_free`; it does not change when the game goes on.
pub struct stratego_view {
    pub(crate) view: PlayerView,
}

/// Free a view handle. NULL does nothing; a handle must not be freed twice.
///
/// ```
/// unsafe { stratego::stratego_view_free(std::ptr::null_mut()) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_free(view: *mut stratego_view) {
    unsafe { pointers::free(view) }
}

/// The viewer (`STRATEGO_PLAYER_NONE` when `view` is NULL).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_view_player(std::ptr::null()) }, stratego::STRATEGO_PLAYER_NONE);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_player(view: *const stratego_view) -> stratego_player {
    value_or(STRATEGO_PLAYER_NONE, || Ok(convert::player_to_c(unsafe { arg(view, "view")? }.view.player())))
}

/// Every square as the viewer knows it, in board index order (a1, b1, ..., j10; index
/// `row * width + col`), into `buf`; their number (`stratego_rules_num_squares`) into
/// `*len_out`.
///
/// `buf` must hold `cap` entries (NULL with `cap` 0 asks for the number). Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_view_squares(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_squares(
    view: *const stratego_view,
    buf: *mut stratego_square_view,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe {
        position::list(view, buf, cap, len_out, |v, out| {
            out.write(&v.squares().map(|(_, s)| convert::square_view_to_c(s)).collect::<Vec<_>>())
        })
    }
}

/// The observation tensor, `float [C][H][W]` in the viewer's frame (see
/// `stratego_rules_observation_shape` and `stratego_plane_name`; every element is 0.0 or
/// 1.0), into the first `C * H * W` floats of `buf`, which holds `len` floats; any floats past
/// those are left as they are.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len < C * H * W` (nothing is written).
///
/// ```
/// let mut obs = vec![0f32; 3200];
/// assert_eq!(unsafe { stratego::stratego_view_observation(std::ptr::null(), obs.as_mut_ptr(), obs.len()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_observation(
    view: *const stratego_view,
    buf: *mut f32,
    len: usize,
) -> stratego_result {
    unsafe { position::encode(view, buf, len, "observation", observation_len, |v, out| v.observation_into(out)) }
}

/// The byte board: one code per square in the viewer's frame (kind and flags, see the
/// core's `encoding::board_code` table), into the first `stratego_rules_num_squares` bytes of
/// `buf`, which holds `len` bytes.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len` is less than the number of squares.
///
/// ```
/// let mut board = [0u8; 100];
/// assert_eq!(unsafe { stratego::stratego_view_board_codes(std::ptr::null(), board.as_mut_ptr(), board.len()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_board_codes(
    view: *const stratego_view,
    buf: *mut u8,
    len: usize,
) -> stratego_result {
    unsafe { position::encode(view, buf, len, "byte board", |r| r.num_squares(), |v, out| v.board_codes_into(out)) }
}

/// The legal-action mask: byte `id` is 1 when action `id` is legal for the viewer, else 0,
/// into the first `stratego_rules_num_actions` bytes of `buf`, which holds `len` bytes (all
/// zero unless it is the viewer's turn and the game goes on).
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len` is less than the number of actions.
///
/// ```
/// let mut mask = vec![0u8; 10_000];
/// assert_eq!(unsafe { stratego::stratego_view_action_mask(std::ptr::null(), mask.as_mut_ptr(), mask.len()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_action_mask(
    view: *const stratego_view,
    buf: *mut u8,
    len: usize,
) -> stratego_result {
    unsafe {
        position::encode(view, buf, len, "action mask", Rules::num_actions, |v, out| {
            v.legal_action_mask_into(out).map(drop)
        })
    }
}

/// A full game consistent with the view, as a pure function of `seed`: the viewer's pieces
/// and every known enemy rank kept, the enemy army's counts respected, the rest drawn at
/// random. The new game starts at the view's position with an empty history.
///
/// On success `*game_out` holds a new handle to free with `stratego_game_free`. Returns
/// `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// let mut world = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_view_sample_world(std::ptr::null(), 1, &mut world) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_sample_world(
    view: *const stratego_view,
    seed: u64,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    unsafe {
        pointers::read_into(view, "view", game_out, "game_out", |v| {
            Ok(pointers::boxed(stratego_game { game: v.view.sample_world(seed) }))
        })
    }
}

/// The move of action id `id` for the viewer (`stratego_rules_action_move` in the viewer's
/// frame), into `*move_out`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` not below the number of actions).
///
/// ```
/// let mut mv = stratego::stratego_move::default();
/// assert_eq!(unsafe { stratego::stratego_view_action_move(std::ptr::null(), 0, &mut mv) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_view_action_move(
    view: *const stratego_view,
    id: u32,
    move_out: *mut stratego_move,
) -> stratego_result {
    unsafe {
        pointers::read_into(view, "view", move_out, "move_out", |v| {
            Ok(convert::move_to_c(convert::action(v.view.rules(), v.view.player(), id)?))
        })
    }
}

/// The number of floats in an observation: `C * H * W`.
fn observation_len(rules: &Rules) -> usize {
    rules.num_planes() * rules.num_squares()
}
