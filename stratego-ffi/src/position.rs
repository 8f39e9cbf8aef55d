//! One body for each read the C game and view handles share, written once against the core's
//! `Position` trait (and the history each keeps): `stratego_game_ply` and `stratego_view_ply`
//! are the same call. Their exported shells are generated from the table `position_reads.toml`
//! (see build.rs) and included here.

use std::ffi::c_char;
use std::fmt::Display;

use stratego_core::{Game, Move, MoveReport, Numbering, PlayerView, Position, PublicMove, Square};

use crate::buffers::{self, ListOut};
use crate::convert;
use crate::enums::*;
use crate::game::stratego_game;
use crate::panic::{boundary, value_or};
use crate::pointers::{self, arg};
use crate::result::{stratego_result, Failure, Outcome};
use crate::text;
use crate::values::*;
use crate::view::stratego_view;

/// A C handle that holds a position: the game or the view it wraps, and its argument name
/// for error messages.
pub(crate) trait Handle {
    type Inner: Position + Display;
    /// One move of the history the handle keeps: the full report, or the public move.
    type Entry: Entry;
    const NAME: &'static str;
    /// What its history is called in error messages.
    const HISTORY: &'static str;
    /// What it tells of a square in C: the full piece, or what the viewer knows.
    type Square;
    /// The names of the output arguments of `square_info` and `history_at`.
    const SQUARE_OUT: &'static str;
    const ENTRY_OUT: &'static str;
    fn inner(&self) -> &Self::Inner;
    fn history(&self) -> &[Self::Entry];
    fn square(&self, square: Square) -> Self::Square;
}

/// A move of a history: written in a numbering, or as its C struct.
pub(crate) trait Entry {
    type C;
    fn notation(&self, numbering: Numbering) -> String;
    fn to_c(&self) -> Self::C;
}

impl Entry for MoveReport {
    type C = stratego_move_report;
    fn notation(&self, numbering: Numbering) -> String {
        MoveReport::notation(self, numbering)
    }
    fn to_c(&self) -> stratego_move_report {
        convert::report_to_c(self, self.outcome)
    }
}

impl Entry for PublicMove {
    type C = stratego_public_move;
    fn notation(&self, numbering: Numbering) -> String {
        PublicMove::notation(self, numbering)
    }
    fn to_c(&self) -> stratego_public_move {
        stratego_public_move {
            mv: convert::move_to_c(self.mv),
            player: convert::player_to_c(self.player),
            battle: convert::battle_report_to_c(self.battle),
        }
    }
}

/// `impl Handle` for a handle type from its field (`$field: $inner`), its history's entry, what
/// it tells of a square (`$square`, read by `$read`), and the names its messages use.
macro_rules! handle {
    ($t:ty, $field:ident: $inner:ty, $entry:ty, $square:ty, $read:expr, $names:expr) => {
        impl Handle for $t {
            type Inner = $inner;
            type Entry = $entry;
            type Square = $square;
            const NAME: &'static str = $names[0];
            const HISTORY: &'static str = $names[1];
            const SQUARE_OUT: &'static str = $names[2];
            const ENTRY_OUT: &'static str = $names[3];
            fn inner(&self) -> &$inner {
                &self.$field
            }
            fn history(&self) -> &[$entry] {
                self.$field.history()
            }
            fn square(&self, square: Square) -> $square {
                $read(&self.$field, square)
            }
        }
    };
}

handle! { stratego_game, game: Game, MoveReport, stratego_piece,
|g: &Game, sq| convert::piece_to_c(g.piece_at(sq)), ["game", "history", "piece_out", "report_out"] }
handle! { stratego_view, view: PlayerView, PublicMove, stratego_square_view,
|v: &PlayerView, sq| convert::square_view_to_c(v.square(sq)), ["view", "public history", "square_out", "move_out"] }

// The exported shells, `stratego_game_<read>` beside `stratego_view_<read>`: written by build.rs
// from the table position_reads.toml, each a call of its body below.
include!(concat!(env!("OUT_DIR"), "/position_reads.rs"));

/// Move `index` of the handle's history, or an error naming the history's length.
pub(crate) fn history_entry<H: Handle>(h: &H, index: usize) -> Outcome<&H::Entry> {
    let history = h.history();
    history
        .get(index)
        .ok_or_else(|| Failure::invalid(format!("move {index} of a {} of {} moves", H::HISTORY, history.len())))
}

/// `stratego_*_history_len` (0 for NULL).
pub(crate) unsafe fn history_len<H: Handle>(h: *const H) -> usize {
    value_or(0, || Ok(unsafe { arg(h, H::NAME)? }.history().len()))
}

/// `stratego_*_history_notation`: move `index` of the history in the rules' numbering.
pub(crate) unsafe fn history_notation<H: Handle>(
    h: *const H,
    index: usize,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe {
        text::write_text_of(h, H::NAME, buf, cap, len_out, |h| {
            Ok(history_entry(h, index)?.notation(h.inner().rules().numbering()))
        })
    }
}

/// `stratego_*_outcome`.
pub(crate) unsafe fn outcome<H: Handle>(h: *const H, outcome_out: *mut stratego_outcome) -> stratego_result {
    unsafe {
        pointers::read_into(h, H::NAME, outcome_out, "outcome_out", |h| Ok(convert::outcome_to_c(h.inner().outcome())))
    }
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
pub(crate) unsafe fn list<H: Handle, T: Copy>(
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
    unsafe { of_move(h, mv, battle_out, "battle_out", |p, mv| convert::battle_report_to_c(p.battle_of(mv))) }
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

/// `stratego_game_piece_at` / `stratego_view_square`: what the reader knows of `square`.
pub(crate) unsafe fn square_info<H: Handle>(
    h: *const H,
    square: stratego_square,
    out: *mut H::Square,
) -> stratego_result {
    unsafe {
        pointers::read_into(h, H::NAME, out, H::SQUARE_OUT, |h| {
            Ok(h.square(convert::board_square(h.inner().rules(), square)?))
        })
    }
}

/// `stratego_*_history_at`: move `index` of the history as its C struct.
pub(crate) unsafe fn history_at<H: Handle>(
    h: *const H,
    index: usize,
    out: *mut <H::Entry as Entry>::C,
) -> stratego_result {
    unsafe { pointers::read_into(h, H::NAME, out, H::ENTRY_OUT, |h| Ok(history_entry(h, index)?.to_c())) }
}

/// `stratego_*_check_move`: `STRATEGO_ILLEGAL_NONE` when the reader could play `mv` now, else why not.
pub(crate) unsafe fn check_move<H: Handle>(
    h: *const H,
    mv: stratego_move,
    reason_out: *mut stratego_illegal_reason,
) -> stratego_result {
    unsafe {
        of_move(h, mv, reason_out, "reason_out", |p, mv| match p.check(mv) {
            Ok(()) => STRATEGO_ILLEGAL_NONE,
            Err(e) => convert::reason_to_c(e.reason),
        })
    }
}

/// A read about the move `mv` (checked to name squares on some board) written to `out`.
unsafe fn of_move<H: Handle, T>(
    h: *const H,
    mv: stratego_move,
    out: *mut T,
    out_name: &str,
    read: impl FnOnce(&H::Inner, Move) -> T,
) -> stratego_result {
    unsafe {
        pointers::read_into(h, H::NAME, out, out_name, |h| Ok(read(h.inner(), convert::move_from_c(mv.from, mv.to)?)))
    }
}
