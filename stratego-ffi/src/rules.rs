//! `stratego_rules`: an edition's preset or any rule set in its one-line text form, and the
//! sizes a caller needs for buffers.

use std::ffi::c_char;

use stratego_core::{Plane, Rules};

use crate::convert;
use crate::enums::*;
use crate::panic::{boundary, value_or};
use crate::pointers::{self, arg, Out};
use crate::result::{stratego_result, Failure};
use crate::text;
use crate::values::{stratego_move, stratego_square};

/// A validated, immutable rule set (wraps `stratego_core::Rules`). Create it with
/// `stratego_rules_edition` or `stratego_rules_parse`, free it with `stratego_rules_free`.
/// Games, setups and views copy what they need, so the rules may be freed while they live.
#[derive(Clone)]
pub struct stratego_rules {
    pub(crate) rules: Rules,
}

/// Write the preset of `edition` to `*rules_out`.
///
/// On success `*rules_out` holds a new handle that must be freed with `stratego_rules_free`.
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` (`rules_out` is NULL) or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (`edition` is no `STRATEGO_EDITION_*` value).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut rules) }, stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_edition(
    edition: stratego_edition,
    rules_out: *mut *mut stratego_rules,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(rules_out, "rules_out")? };
        let rules = Rules::edition(convert::edition(edition)?);
        pointers::hand_over(out, stratego_rules { rules });
        Ok(())
    })
}

/// Read rules from their one-line text form, e.g. `"isf"`, `"isf(two_square=5)"` or
/// `"classic(max_plies=2000)"`; the form expresses every rule (see the book, docs/src/records.md), and
/// `stratego_rules_to_text` writes it back.
///
/// `text` must be a NUL-terminated UTF-8 string; it is only read during the call. On success
/// `*rules_out` holds a new handle to free with `stratego_rules_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_PARSE_ERROR` (the text does not parse), `STRATEGO_RESULT_TOO_LARGE` (over
/// 16 KiB, `stratego_core::MAX_RULES_TEXT`) or `STRATEGO_RESULT_INVALID_RULES` (it reads, but
/// its settings cannot be played together); `stratego_last_error_message` says where and why.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_rules_parse(c"isf(two_square=5)".as_ptr(), &mut rules) }, stratego_result::STRATEGO_RESULT_OK);
/// let mut bad = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_rules_parse(c"chess".as_ptr(), &mut bad) }, stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// let unplayable = c"classic(lakes=a10)"; // Blue has 39 free squares for 40 pieces
/// assert_eq!(unsafe { stratego_rules_parse(unplayable.as_ptr(), &mut bad) }, stratego_result::STRATEGO_RESULT_INVALID_RULES);
/// assert!(bad.is_null());
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_parse(
    text: *const c_char,
    rules_out: *mut *mut stratego_rules,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(rules_out, "rules_out")? };
        let text = unsafe { text::read_str(text, "text")? };
        let rules: Rules = text.parse()?;
        pointers::hand_over(out, stratego_rules { rules });
        Ok(())
    })
}

/// Copy `rules` into a new handle `*rules_out` (free it with `stratego_rules_free`).
/// Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let (mut a, mut b) = (std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_DUEL, &mut a) };
/// assert_eq!(unsafe { stratego_rules_clone(a, &mut b) }, stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego_rules_free(a); stratego_rules_free(b) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_clone(
    rules: *const stratego_rules,
    rules_out: *mut *mut stratego_rules,
) -> stratego_result {
    unsafe { pointers::clone_into(rules, "rules", rules_out, "rules_out") }
}

/// Free a rules handle. NULL does nothing; a handle must not be freed twice.
///
/// ```
/// unsafe { stratego::stratego_rules_free(std::ptr::null_mut()) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_free(rules: *mut stratego_rules) {
    unsafe { pointers::free(rules) }
}

/// Write the one-line text form of `rules` (which `stratego_rules_parse` reads back to
/// equal rules) into `buf`, NUL-terminated, and its length without the NUL into `*len_out`.
///
/// `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length). Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length written to `*len_out` (`cap` must be
/// at least that plus one).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_parse(c"isf(two_square=5)".as_ptr(), &mut rules) };
/// let mut buf = [0u8; 64];
/// let mut len = 0;
/// assert_eq!(unsafe { stratego_rules_to_text(rules, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(&buf[..len], b"isf(two_square=5)");
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_to_text(
    rules: *const stratego_rules,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe { text::write_text_of(rules, "rules", buf, cap, len_out, |rules| Ok(rules.rules.to_string())) }
}

/// The edition `rules` were built from (their text form starts with its name), or
/// `STRATEGO_EDITION_CLASSIC` when `rules` is NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_parse(c"barrage(max_plies=100)".as_ptr(), &mut rules) };
/// assert_eq!(unsafe { stratego_rules_base_edition(rules) }, STRATEGO_EDITION_BARRAGE);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_base_edition(rules: *const stratego_rules) -> stratego_edition {
    value_or(STRATEGO_EDITION_CLASSIC, || {
        Ok(convert::edition_to_c(unsafe { arg(rules, "rules")? }.rules.base_edition()))
    })
}

/// Number of columns of the board (10 for every edition), or 0 when `rules` is NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let text = c"barrage(width=8,lakes=none)";
/// assert_eq!(unsafe { stratego_rules_parse(text.as_ptr(), &mut rules) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { stratego_rules_width(rules) }, 8);
/// assert_eq!(unsafe { stratego_rules_width(std::ptr::null()) }, 0);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_width(rules: *const stratego_rules) -> u32 {
    value_or(0, || Ok(unsafe { arg(rules, "rules")? }.rules.width().into()))
}

/// Number of rows of the board, or 0 when `rules` is NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_rules_height(rules) }, 10);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_height(rules: *const stratego_rules) -> u32 {
    value_or(0, || Ok(unsafe { arg(rules, "rules")? }.rules.height().into()))
}

/// Number of squares, `width * height` (the length of a byte board), or 0 when `rules` is
/// NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_rules_num_squares(rules) }, 100);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_num_squares(rules: *const stratego_rules) -> usize {
    value_or(0, || Ok(unsafe { arg(rules, "rules")? }.rules.num_squares()))
}

/// Number of action ids, `S * S` for `S` squares (10,000 on the standard board): the length
/// of an action mask. 0 when `rules` is NULL.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_rules_num_actions(rules) }, 10_000);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_num_actions(rules: *const stratego_rules) -> usize {
    value_or(0, || Ok(unsafe { arg(rules, "rules")? }.rules.num_actions()))
}

/// The observation tensor's shape `[C, H, W]` into `shape_out[0..3]` (`C` planes, then the
/// board's height and width); `C * H * W` is the length `stratego_view_observation` needs.
/// The planes are listed by `stratego_plane_name`.
///
/// `shape_out` must point to 3 writable `size_t`. Returns `STRATEGO_RESULT_OK` or
/// `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// let mut shape = [0usize; 3];
/// assert_eq!(unsafe { stratego_rules_observation_shape(rules, shape.as_mut_ptr()) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(shape, [32, 10, 10]);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_observation_shape(
    rules: *const stratego_rules,
    shape_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(shape_out.cast::<[usize; 3]>(), "shape_out")? };
        out.write(rules.rules.observation_shape());
        Ok(())
    })
}

/// The name of observation plane `index` (`"own_flag"`, ..., `"to_move"`, then under rules
/// with rescues `"rescue_pending"` ... `"enemy_rescuers"`): a static NUL-terminated string,
/// not to be freed, or NULL when `index` names no plane of any rules (37 and up; the first
/// entry of `stratego_rules_observation_shape` says how many the given rules have).
///
/// ```
/// use std::ffi::CStr;
/// let name = unsafe { CStr::from_ptr(stratego::stratego_plane_name(0)) };
/// assert_eq!(name.to_str(), Ok("own_flag"));
/// assert_eq!(unsafe { CStr::from_ptr(stratego::stratego_plane_name(32)) }.to_str(), Ok("rescue_pending"));
/// assert!(stratego::stratego_plane_name(37).is_null());
/// ```
#[no_mangle]
pub extern "C" fn stratego_plane_name(index: u32) -> *const c_char {
    value_or(std::ptr::null(), || {
        let plane = Plane::from_index(index as usize).ok_or_else(|| Failure::invalid(format!("no plane {index}")))?;
        Ok(static_text::plane(plane))
    })
}

/// The label of `rank` in the numbering of `rules` (`"10"` for the Marshal under ISF rules,
/// `"1"` under Classic rules; `"S"`, `"B"`, `"F"`): a static NUL-terminated string, not to be
/// freed. NULL when `rules` is NULL or `rank` is no `STRATEGO_RANK_*` value.
///
/// ```
/// use std::ffi::CStr;
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_CLASSIC, &mut rules) };
/// let label = unsafe { CStr::from_ptr(stratego_rules_rank_label(rules, STRATEGO_RANK_MARSHAL)) };
/// assert_eq!(label.to_str(), Ok("1"));
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_rank_label(rules: *const stratego_rules, rank: stratego_rank) -> *const c_char {
    value_or(std::ptr::null(), || {
        let rules = unsafe { arg(rules, "rules")? };
        Ok(static_text::label(rules.rules.numbering(), convert::rank(rank)?))
    })
}

/// The English name of `rank` (`"Marshal"`): a static NUL-terminated string, not to be
/// freed, or NULL when `rank` is no `STRATEGO_RANK_*` value.
///
/// ```
/// use std::ffi::CStr;
/// let name = unsafe { CStr::from_ptr(stratego::stratego_rank_name(stratego::STRATEGO_RANK_SCOUT)) };
/// assert_eq!(name.to_str(), Ok("Scout"));
/// ```
#[no_mangle]
pub extern "C" fn stratego_rank_name(rank: stratego_rank) -> *const c_char {
    value_or(std::ptr::null(), || Ok(static_text::rank(convert::rank(rank)?)))
}

/// Whether `square` is a lake under `rules` (false off the board, and when `rules` is NULL).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert!(unsafe { stratego_rules_is_lake(rules, stratego_square { col: 2, row: 4 }) });  // c5
/// assert!(!unsafe { stratego_rules_is_lake(rules, stratego_square { col: 0, row: 4 }) }); // a5
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_is_lake(rules: *const stratego_rules, square: stratego_square) -> bool {
    value_or(false, || {
        let rules = unsafe { arg(rules, "rules")? };
        Ok(rules.rules.is_lake(convert::board_square(&rules.rules, square)?))
    })
}

/// The action id of the move `from`-`to` played by `player`: `from * S + to` in the player's
/// frame (Blue's board turned 180 degrees). Legality is not checked: every pair of squares on
/// the board has an id.
///
/// Returns `STRATEGO_RESULT_OK` with the id in `*id_out`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// or `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player, a square off the board).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// let a4a5 = stratego_move { from: stratego_square { col: 0, row: 3 }, to: stratego_square { col: 0, row: 4 } };
/// let mut id = 0;
/// assert_eq!(unsafe { stratego_rules_action_id(rules, STRATEGO_PLAYER_RED, a4a5, &mut id) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(id, 30 * 100 + 40);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_action_id(
    rules: *const stratego_rules,
    player: stratego_player,
    mv: stratego_move,
    id_out: *mut u32,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(id_out, "id_out")? };
        let player = convert::player(player)?;
        let from = convert::board_square(&rules.rules, mv.from)?;
        let to = convert::board_square(&rules.rules, mv.to)?;
        let id = rules
            .rules
            .action_id(player, stratego_core::Move::new(from, to))
            .ok_or_else(|| Failure::invalid("square off the board"))?;
        out.write(convert::action_to_c(id));
        Ok(())
    })
}

/// The move of action id `id` for `player` (the inverse of `stratego_rules_action_id`).
///
/// Returns `STRATEGO_RESULT_OK` with the move in `*move_out`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// or `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player, `id` not below the number of
/// actions).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// let mut mv = stratego_move::default();
/// assert_eq!(unsafe { stratego_rules_action_move(rules, STRATEGO_PLAYER_BLUE, 3040, &mut mv) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!((mv.from.col, mv.from.row, mv.to.col, mv.to.row), (9, 6, 9, 5)); // j7-j6
/// assert_eq!(unsafe { stratego_rules_action_move(rules, STRATEGO_PLAYER_RED, 10_000, &mut mv) }, stratego_result::STRATEGO_RESULT_INVALID_ARGUMENT);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_rules_action_move(
    rules: *const stratego_rules,
    player: stratego_player,
    id: u32,
    move_out: *mut stratego_move,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(move_out, "move_out")? };
        let mv = convert::action(&rules.rules, convert::player(player)?, id)?;
        out.write(convert::move_to_c(mv));
        Ok(())
    })
}

/// NUL-terminated copies of the core's static names, made once into fixed arrays inside the
/// statics (no heap, so nothing is left allocated at exit), giving C `const char *` that live
/// for the whole program.
mod static_text {
    use std::ffi::c_char;
    use std::sync::OnceLock;

    use stratego_core::{Numbering, Plane, Rank};

    /// Room for the longest name and its NUL ("enemy_hidden_unmoved" has 20 bytes).
    const NAME: usize = 32;

    fn table<const N: usize>(
        cell: &'static OnceLock<[[u8; NAME]; N]>,
        make: impl Fn(usize) -> &'static str,
    ) -> &'static [[u8; NAME]; N] {
        cell.get_or_init(|| {
            std::array::from_fn(|i| {
                let name = make(i).as_bytes();
                let mut out = [0u8; NAME];
                let len = name.len().min(NAME - 1);
                out[..len].copy_from_slice(&name[..len]);
                out
            })
        })
    }

    pub fn plane(p: Plane) -> *const c_char {
        static NAMES: OnceLock<[[u8; NAME]; Plane::COUNT + Plane::RESCUE_COUNT]> = OnceLock::new();
        let name = |i| Plane::from_index(i).map_or("", Plane::name);
        table(&NAMES, name)[p.index()].as_ptr().cast()
    }

    pub fn rank(r: Rank) -> *const c_char {
        static NAMES: OnceLock<[[u8; NAME]; Rank::COUNT]> = OnceLock::new();
        table(&NAMES, |i| Rank::ALL[i].name())[r.index()].as_ptr().cast()
    }

    pub fn label(n: Numbering, r: Rank) -> *const c_char {
        static CLASSIC: OnceLock<[[u8; NAME]; Rank::COUNT]> = OnceLock::new();
        static MODERN: OnceLock<[[u8; NAME]; Rank::COUNT]> = OnceLock::new();
        let cell = if n == Numbering::Classic { &CLASSIC } else { &MODERN };
        table(cell, |i| n.label(Rank::ALL[i]))[r.index()].as_ptr().cast()
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use std::ffi::CStr;

        #[test]
        fn every_name_fits_and_reads_back() {
            for p in Plane::ALL.into_iter().chain(Plane::RESCUE) {
                assert!(p.name().len() < NAME);
                assert_eq!(unsafe { CStr::from_ptr(plane(p)) }.to_str(), Ok(p.name()));
            }
            for r in Rank::ALL {
                assert_eq!(unsafe { CStr::from_ptr(rank(r)) }.to_str(), Ok(r.name()));
                for n in Numbering::ALL {
                    assert_eq!(unsafe { CStr::from_ptr(label(n, r)) }.to_str(), Ok(n.label(r)));
                }
            }
        }
    }
}
