//! One body for each read the C game and view handles share, written once against the core's
//! `Position` trait: `stratego_game_ply` and `stratego_view_ply` are the same call. The
//! exported shells are generated from the table `position_reads.toml` (see build.rs).

use std::ffi::c_char;
use std::fmt::Display;

use stratego_core::{Game, PlayerView, Position};

use crate::buffers::{self, ListOut};
use crate::convert;
use crate::enums::*;
use crate::game::stratego_game;
use crate::panic::{boundary, value_or};
use crate::pointers::{arg, Out};
use crate::result::{stratego_result, Failure, Outcome};
use crate::text;
use crate::values::*;
use crate::view::stratego_view;

/// A C handle that holds a position: the game or the view it wraps, and its argument name
/// for error messages.
pub(crate) trait Handle {
    type Inner: Position + Display;
    const NAME: &'static str;
    fn inner(&self) -> &Self::Inner;
}

impl Handle for stratego_game {
    type Inner = Game;
    const NAME: &'static str = "game";
    fn inner(&self) -> &Game {
        &self.game
    }
}

impl Handle for stratego_view {
    type Inner = PlayerView;
    const NAME: &'static str = "view";
    fn inner(&self) -> &PlayerView {
        &self.view
    }
}

/// `stratego_*_outcome`.
pub(crate) unsafe fn outcome<H: Handle>(h: *const H, outcome_out: *mut stratego_outcome) -> stratego_result {
    boundary(|| {
        let h = unsafe { arg(h, H::NAME)? };
        let out = unsafe { Out::new(outcome_out, "outcome_out")? };
        out.write(convert::outcome_to_c(h.inner().outcome()));
        Ok(())
    })
}

/// `stratego_*_ply` (0 for NULL).
pub(crate) unsafe fn ply<H: Handle>(h: *const H) -> u32 {
    value_or(0, || Ok(unsafe { arg(h, H::NAME)? }.inner().ply()))
}

/// `stratego_*_to_move` (`STRATEGO_PLAYER_NONE` for NULL).
pub(crate) unsafe fn to_move<H: Handle>(h: *const H) -> stratego_player {
    value_or(STRATEGO_PLAYER_NONE, || Ok(convert::player_to_c(unsafe { arg(h, H::NAME)? }.inner().to_move())))
}

/// A list read of `h` into the caller's buffer (`buf` with room for `cap`, the length into
/// `*len_out`): the frame every list read shares.
unsafe fn list<H: Handle, T: Copy>(
    h: *const H,
    buf: *mut T,
    cap: usize,
    len_out: *mut usize,
    write: impl FnOnce(&H::Inner, ListOut<T>) -> Outcome,
) -> stratego_result {
    boundary(|| {
        let h = unsafe { arg(h, H::NAME)? };
        write(h.inner(), unsafe { ListOut::new(buf, cap, len_out)? })
    })
}

/// An encoding of `h` into the caller's fixed-size buffer: `buf` holds `len` values and the
/// encoding needs `needed(rules)`; `what` names it in the error when the buffer is short.
pub(crate) unsafe fn encode<H: Handle, T>(
    h: *const H,
    buf: *mut T,
    len: usize,
    what: &str,
    needed: impl FnOnce(&stratego_core::Rules) -> usize,
    write: impl FnOnce(&H::Inner, &mut [T]) -> Result<(), stratego_core::EncodingError>,
) -> stratego_result {
    boundary(|| {
        let h = unsafe { arg(h, H::NAME)? };
        let out = unsafe { buffers::fixed(buf, len, needed(h.inner().rules()), what)? };
        write(h.inner(), out).map_err(|e| Failure::invalid(e.to_string()))
    })
}

/// `stratego_*_captured`: the ranks `player` has lost, weakest first.
pub(crate) unsafe fn captured<H: Handle>(
    h: *const H,
    player: stratego_player,
    buf: *mut stratego_rank,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe {
        list(h, buf, cap, len_out, |p, out| {
            let ranks: Vec<stratego_rank> =
                p.captured(convert::player(player)?).into_iter().map(convert::rank_to_c).collect();
            out.write(&ranks)
        })
    }
}

/// `stratego_*_legal_actions`: the legal action ids, sorted.
pub(crate) unsafe fn legal_actions<H: Handle>(
    h: *const H,
    buf: *mut u32,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe { list(h, buf, cap, len_out, |p, out| out.fill_counted(|slots| p.legal_actions_into_slice(slots))) }
}

/// `stratego_*_battle_of`: what the battle of `mv` would be, from what the reader knows.
pub(crate) unsafe fn battle_of<H: Handle>(
    h: *const H,
    mv: stratego_move,
    battle_out: *mut stratego_battle_report,
) -> stratego_result {
    boundary(|| {
        let h = unsafe { arg(h, H::NAME)? };
        let out = unsafe { Out::new(battle_out, "battle_out")? };
        out.write(convert::battle_report_to_c(h.inner().battle_of(convert::move_from_c(mv.from, mv.to)?)));
        Ok(())
    })
}

/// `stratego_*_picture`: the text picture of the board as the reader sees it.
pub(crate) unsafe fn picture<H: Handle>(
    h: *const H,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe { text::write_text_of(h, H::NAME, buf, cap, len_out, |h| Ok(h.inner().to_string())) }
}
