//! The body of the `c_abi` fuzz target, shared with its corpus replay
//! (`cargo test -p stratego-ffi --test c_abi_fuzz_corpus`).
//!
//! The input drives the C ABI as a C caller would: the first byte picks an edition (some values
//! name none), the next eight a seed, and the rest is a sequence of calls with fuzzed arguments:
//! action ids, squares, move texts of arbitrary bytes, players past the named ones, buffer
//! capacities from zero up to past the needed size, and NULL buffers or length pointers where
//! the header allows them. After each call it checks what the header promises:
//! - the result is one of the codes that function documents;
//! - on failure nothing is written: output buffers keep their fill bytes, handle outputs keep
//!   their sentinel, and the game (full position, ply, history length, outcome) is unchanged;
//! - `STRATEGO_RESULT_BUFFER_TOO_SMALL` writes the needed length and nothing else;
//! - a size query (`buf = NULL`, `cap = 0`) of a list or text call succeeds with the length and
//!   leaves the thread's last error (code and message) as it was;
//! - pieces are conserved (pieces on the board plus captured ranks = the army) and an outcome,
//!   once set, changes only through `stratego_game_undo`.

#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};

use stratego::stratego_result::{self, *};
use stratego::*;

/// Reads fuzz bytes; past the end it gives zeros.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, i| acc | (u64::from(self.u8()) << (8 * i)))
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// A capacity around `needed`: zero, one short, exact, larger, or arbitrary.
    fn cap_near(&mut self, needed: usize) -> usize {
        match self.u8() % 5 {
            0 => 0,
            1 => needed.saturating_sub(1),
            2 => needed,
            3 => needed + 1 + usize::from(self.u8()),
            _ => usize::from(self.u16()) % (needed + 2),
        }
    }
}

/// Everything a failed call must leave as it was.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    position: String,
    ply: u32,
    history: usize,
    outcome: (bool, u32, u32),
    hash: u64,
    rescue_pending: bool,
}

/// The thread's last error, code and message.
fn last_error() -> (stratego_result, String) {
    let mut len = 0;
    assert_eq!(unsafe { stratego_last_error_message(null_mut(), 0, &mut len) }, STRATEGO_RESULT_OK);
    let mut buf = vec![0u8; len + 1];
    assert_eq!(
        unsafe { stratego_last_error_message(buf.as_mut_ptr().cast(), buf.len(), &mut len) },
        STRATEGO_RESULT_OK
    );
    (stratego_last_error_code(), String::from_utf8(buf[..len].to_vec()).expect("the message is UTF-8"))
}

/// A size query (`buf = NULL`, `cap = 0`): it succeeds, and the last error stays.
fn size_query<T>(f: impl Fn(*mut T, usize, *mut usize) -> stratego_result) -> usize {
    let before = last_error();
    let mut len = usize::MAX;
    assert_eq!(f(null_mut(), 0, &mut len), STRATEGO_RESULT_OK, "a size query is not a failure");
    assert_eq!(last_error(), before, "a size query changed the last error");
    len
}

fn text_out(f: impl Fn(*mut c_char, usize, *mut usize) -> stratego_result) -> String {
    let len = size_query(&f);
    let mut buf = vec![0x55u8; len + 1];
    let mut len2 = 0;
    assert_eq!(f(buf.as_mut_ptr().cast(), buf.len(), &mut len2), STRATEGO_RESULT_OK);
    assert_eq!(len, len2, "the asked length and the written length differ");
    assert_eq!(buf[len], 0, "the text is not NUL-terminated");
    String::from_utf8(buf[..len].to_vec()).expect("output text is UTF-8")
}

unsafe fn outcome(game: *const stratego_game) -> (bool, u32, u32) {
    let mut o = stratego_outcome { is_over: false, winner: 99, termination: 99 };
    assert_eq!(unsafe { stratego_game_outcome(game, &mut o) }, STRATEGO_RESULT_OK);
    (o.is_over, o.winner, o.termination)
}

unsafe fn snapshot(game: *const stratego_game) -> Snapshot {
    Snapshot {
        position: text_out(|b, c, l| unsafe { stratego_game_position_full(game, b, c, l) }),
        ply: unsafe { stratego_game_ply(game) },
        history: unsafe { stratego_game_history_len(game) },
        outcome: unsafe { outcome(game) },
        hash: unsafe { stratego_game_hash(game) },
        rescue_pending: unsafe { stratego_game_rescue_pending(game) },
    }
}

/// Pieces on the board plus captured ranks, per player.
unsafe fn army(game: *const stratego_game) -> [usize; 2] {
    let mut out = [0; 2];
    for (player, count) in out.iter_mut().enumerate() {
        let player = player as u32;
        let on_board = size_query(|b, c, l| unsafe { stratego_game_pieces(game, player, b, c, l) });
        let lost = size_query(|b, c, l| unsafe { stratego_game_captured(game, player, b, c, l) });
        *count = on_board + lost;
    }
    out
}

fn expect_in(what: &str, r: stratego_result, allowed: &[stratego_result]) {
    assert!(allowed.contains(&r), "{what} returned {r:?}, which it does not document (allowed: {allowed:?})");
    if r != STRATEGO_RESULT_OK {
        // Every failure leaves a message that names it.
        let (_, message) = last_error();
        assert!(!message.is_empty(), "{what} failed without a message");
    }
}

const FILL: u8 = 0xA5;

/// What playing a move by id or by squares may return.
const PLAY_RESULTS: [stratego_result; 4] =
    [STRATEGO_RESULT_OK, STRATEGO_RESULT_INVALID_ARGUMENT, STRATEGO_RESULT_ILLEGAL_MOVE, STRATEGO_RESULT_GAME_OVER];

/// A sentinel for handle outputs: a failing call must not overwrite it.
fn sentinel<T>() -> *mut T {
    std::ptr::NonNull::<T>::dangling().as_ptr().wrapping_add(7)
}

/// Checks a list call (`buf`, `cap`, `len_out`) against its documented protocol, with a fuzzed
/// capacity and NULLs. `needed` is the true length.
fn check_list<T: Copy + PartialEq + std::fmt::Debug>(
    bytes: &mut Bytes,
    needed: usize,
    fill: T,
    call: impl Fn(*mut T, usize, *mut usize) -> stratego_result,
) {
    let cap = bytes.cap_near(needed);
    let mode = bytes.u8() % 4;
    let mut buf = vec![fill; cap.max(1)];
    let mut len = usize::MAX;
    let r = match mode {
        // NULL buffer with a capacity: refused.
        0 if cap > 0 => {
            let r = call(null_mut(), cap, &mut len);
            assert_eq!(r, STRATEGO_RESULT_NULL_ARGUMENT);
            assert_eq!(len, usize::MAX, "len_out written on a NULL-argument failure");
            return;
        }
        // NULL length pointer: refused, buffer untouched.
        1 => {
            let r = call(buf.as_mut_ptr(), cap, null_mut());
            assert_eq!(r, STRATEGO_RESULT_NULL_ARGUMENT);
            assert!(buf.iter().all(|b| *b == fill), "buffer written on a NULL-argument failure");
            return;
        }
        _ if cap == 0 => {
            assert_eq!(size_query(&call), needed);
            return;
        }
        _ => call(buf.as_mut_ptr(), cap, &mut len),
    };
    if cap >= needed {
        assert_eq!(r, STRATEGO_RESULT_OK, "cap {cap} >= needed {needed}");
        assert_eq!(len, needed);
        assert!(buf[needed.min(buf.len())..].iter().all(|b| *b == fill), "written past the length");
    } else {
        assert_eq!(r, STRATEGO_RESULT_BUFFER_TOO_SMALL, "cap {cap} < needed {needed}");
        assert_eq!(len, needed, "the needed length is written on BUFFER_TOO_SMALL");
        assert!(buf.iter().all(|b| *b == fill), "buffer written on BUFFER_TOO_SMALL");
    }
}

/// Checks a text call with a fuzzed capacity: `cap` must be more than the length.
fn check_text(bytes: &mut Bytes, call: impl Fn(*mut c_char, usize, *mut usize) -> stratego_result) {
    let full = text_out(&call);
    let cap = bytes.cap_near(full.len() + 1);
    if cap == 0 {
        assert_eq!(size_query(&call), full.len());
        return;
    }
    let mut buf = vec![FILL; cap];
    let mut len = usize::MAX;
    let r = call(buf.as_mut_ptr().cast(), cap, &mut len);
    if cap > full.len() {
        assert_eq!(r, STRATEGO_RESULT_OK);
        assert_eq!(len, full.len());
        assert_eq!(&buf[..len], full.as_bytes());
        assert_eq!(buf[len], 0);
        assert!(buf[len + 1..].iter().all(|b| *b == FILL), "written past the NUL");
    } else {
        assert_eq!(r, STRATEGO_RESULT_BUFFER_TOO_SMALL);
        assert_eq!(len, full.len());
        assert!(buf.iter().all(|b| *b == FILL), "text buffer written on BUFFER_TOO_SMALL");
    }
}

/// Checks `stratego_last_error_message` with a fuzzed capacity: as much as fits, cut at a
/// character boundary and NUL-terminated, the full length, and the message left as it was.
fn check_error_message(bytes: &mut Bytes) {
    let before = last_error();
    let full = before.1.clone();
    let cap = bytes.cap_near(full.len() + 1);
    let mut buf = vec![FILL; cap.max(1)];
    let mut len = usize::MAX;
    let r = unsafe {
        stratego_last_error_message(if cap == 0 { null_mut() } else { buf.as_mut_ptr().cast() }, cap, &mut len)
    };
    assert_eq!((r, len), (STRATEGO_RESULT_OK, full.len()));
    if cap > 0 {
        let end = buf.iter().position(|&b| b == 0).expect("the copy is NUL-terminated");
        let kept = std::str::from_utf8(&buf[..end]).expect("a cut copy is UTF-8");
        assert!(full.starts_with(kept) && kept.len() < cap, "{kept:?} of {full:?} in {cap} bytes");
        // The cut is the longest that fits: the next character would not.
        let next = full[kept.len()..].chars().next().map_or(0, char::len_utf8);
        assert!(kept.len() == full.len() || kept.len() + next > cap - 1, "{kept:?} of {full:?} in {cap} bytes");
        assert!(buf[end + 1..].iter().all(|b| *b == FILL), "written past the NUL");
    }
    assert_eq!(last_error(), before, "reading the message changed it");
}

/// A NUL-terminated string of fuzz bytes (any byte but NUL), up to 64 of them.
fn fuzz_text(bytes: &mut Bytes) -> Vec<u8> {
    let n = usize::from(bytes.u8() % 65);
    let mut text: Vec<u8> = (0..n).map(|_| bytes.u8()).filter(|b| *b != 0).collect();
    text.push(0);
    text
}

fn fuzz_player(bytes: &mut Bytes) -> u32 {
    match bytes.u8() % 8 {
        0..=2 => 0,
        3..=5 => 1,
        6 => 2,
        _ => u32::from(bytes.u8()) + 3,
    }
}

fn fuzz_square(bytes: &mut Bytes) -> stratego_square {
    let b = bytes.u8();
    stratego_square { col: b & 0x0F, row: (b >> 4) | (bytes.u8() & 0x10) }
}

/// One fuzz input: see the module documentation.
pub fn c_abi(data: &[u8]) {
    let mut bytes = Bytes(data);
    let edition = u32::from(bytes.u8() % 8);
    let seed = bytes.u64();
    let mut rules: *mut stratego_rules = sentinel();
    let r = unsafe { stratego_rules_edition(edition, &mut rules) };
    if edition > STRATEGO_EDITION_ULTIMATE_LIGHTNING {
        assert_eq!(r, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(rules, sentinel(), "rules_out written on failure");
        return;
    }
    assert_eq!(r, STRATEGO_RESULT_OK);
    let mut game: *mut stratego_game = null_mut();
    assert_eq!(unsafe { stratego_game_random(rules, seed, &mut game) }, STRATEGO_RESULT_OK);
    let actions = unsafe { stratego_rules_num_actions(rules) };
    let initial_army = unsafe { army(game) };
    let mut steps = 0;
    while !bytes.is_empty() && steps < 256 {
        steps += 1;
        unsafe { step(&mut bytes, rules, game, actions) };
        assert_eq!(unsafe { army(game) }, initial_army, "pieces are not conserved");
    }
    unsafe {
        stratego_game_free(game);
        stratego_rules_free(rules);
    }
}

unsafe fn step(bytes: &mut Bytes, rules: *mut stratego_rules, game: *mut stratego_game, actions: usize) {
    let before = unsafe { snapshot(game) };
    // Whether the call may change the game; when it fails it must not.
    let changed_ok = |r: stratego_result, after: &Snapshot| {
        if r != STRATEGO_RESULT_OK {
            assert_eq!(&before, after, "a failed call changed the game");
        }
    };
    let over = before.outcome.0;
    let mut undone = false;
    match bytes.u8() % 16 {
        0 | 1 => {
            // An action id: mostly legal ones, sometimes anything.
            let mut ids = vec![0u32; actions];
            let mut n = 0;
            let r = unsafe { stratego_game_legal_actions(game, ids.as_mut_ptr(), ids.len(), &mut n) };
            assert_eq!(r, STRATEGO_RESULT_OK);
            let id =
                if n > 0 && bytes.u8() % 4 != 0 { ids[usize::from(bytes.u16()) % n] } else { u32::from(bytes.u16()) };
            let legal = ids[..n].contains(&id);
            let r = unsafe { stratego_game_play_action(game, id) };
            expect_in("stratego_game_play_action", r, &PLAY_RESULTS);
            assert_eq!(r == STRATEGO_RESULT_OK, legal, "action {id}: {r:?} but legal = {legal}");
            if (id as usize) >= actions {
                assert_eq!(r, STRATEGO_RESULT_INVALID_ARGUMENT);
            }
            let after = unsafe { snapshot(game) };
            changed_ok(r, &after);
            if r == STRATEGO_RESULT_OK {
                // A rescue decision ends the turn its move began: it is no ply of its own.
                let plies = if before.rescue_pending { 0 } else { 1 };
                assert_eq!(after.ply, before.ply + plies);
                assert_eq!(after.history, before.history + 1);
            }
        }
        2 => {
            let mv = stratego_move { from: fuzz_square(bytes), to: fuzz_square(bytes) };
            let mut reason = 77u32;
            let checked = unsafe { stratego_game_check_move(game, mv, &mut reason) };
            let r = unsafe { stratego_game_play_move(game, mv) };
            expect_in("stratego_game_play_move", r, &PLAY_RESULTS);
            if checked == STRATEGO_RESULT_OK {
                assert_eq!(
                    r == STRATEGO_RESULT_OK,
                    reason == STRATEGO_ILLEGAL_NONE,
                    "check_move and play_move disagree"
                );
            } else {
                assert_eq!(reason, 77, "reason_out written on failure");
                assert_ne!(r, STRATEGO_RESULT_OK);
            }
            changed_ok(r, &unsafe { snapshot(game) });
        }
        3 => {
            let text = fuzz_text(bytes);
            let r = unsafe { stratego_game_play_text(game, text.as_ptr().cast()) };
            let allowed = [
                STRATEGO_RESULT_OK,
                STRATEGO_RESULT_INVALID_UTF8,
                STRATEGO_RESULT_PARSE_ERROR,
                STRATEGO_RESULT_ILLEGAL_MOVE,
                STRATEGO_RESULT_GAME_OVER,
            ];
            expect_in("stratego_game_play_text", r, &allowed);
            if std::str::from_utf8(&text[..text.len() - 1]).is_err() {
                assert_eq!(r, STRATEGO_RESULT_INVALID_UTF8);
            }
            changed_ok(r, &unsafe { snapshot(game) });
            let r = unsafe { stratego_game_play_text(game, null()) };
            assert_eq!(r, STRATEGO_RESULT_NULL_ARGUMENT);
        }
        4 => {
            let mut n = 0;
            let _ = unsafe { stratego_game_legal_actions(game, null_mut(), 0, &mut n) };
            check_list(bytes, n, u32::MAX, |b, c, l| unsafe { stratego_game_legal_actions(game, b, c, l) });
            let zero = stratego_move {
                from: stratego_square { col: 0xEE, row: 0xEE },
                to: stratego_square { col: 0xEE, row: 0xEE },
            };
            let moves = unsafe { stratego_game_legal_move_count(game) };
            assert_eq!(moves, n, "legal move count and legal action count differ");
            check_list(bytes, moves, MoveBits::from(zero), |b, c, l| unsafe {
                stratego_game_legal_moves(game, b.cast(), c, l)
            });
        }
        5 => check_text(bytes, |b, c, l| unsafe { stratego_game_position(game, b, c, l) }),
        6 => check_text(bytes, |b, c, l| unsafe { stratego_game_picture(game, b, c, l) }),
        7 => {
            let r = unsafe { stratego_game_undo(game) };
            expect_in("stratego_game_undo", r, &[STRATEGO_RESULT_OK, STRATEGO_RESULT_NOTHING_TO_UNDO]);
            let after = unsafe { snapshot(game) };
            changed_ok(r, &after);
            if before.history > 0 {
                assert_eq!(r, STRATEGO_RESULT_OK, "undo with {} moves played", before.history);
            } else if !over {
                assert_eq!(r, STRATEGO_RESULT_NOTHING_TO_UNDO);
            }
            undone = r == STRATEGO_RESULT_OK;
            if r == STRATEGO_RESULT_OK {
                // One move back; a resignation goes with it (or alone, before any move).
                assert!(after.history + 1 == before.history || (over && after.history == before.history));
                assert!(!after.outcome.0 || after.history < before.history, "undo left the game over");
            }
        }
        8 => {
            let id = if bytes.u8() % 2 == 0 { u32::from(bytes.u16()) % actions as u32 } else { u32::from(bytes.u16()) };
            let mut reason = 77u32;
            let out = if bytes.u8() % 5 == 0 { null_mut() } else { &mut reason as *mut u32 };
            let r = unsafe { stratego_game_check_action(game, id, out) };
            if out.is_null() {
                assert_eq!(r, STRATEGO_RESULT_NULL_ARGUMENT);
            } else if (id as usize) >= actions {
                assert_eq!(r, STRATEGO_RESULT_INVALID_ARGUMENT);
                assert_eq!(reason, 77);
            } else {
                assert_eq!(r, STRATEGO_RESULT_OK);
                assert!(reason <= STRATEGO_ILLEGAL_NOT_YOUR_TURN, "undocumented reason {reason}");
                // the highest code
            }
            assert_eq!(before, unsafe { snapshot(game) }, "check_action changed the game");
        }
        9 => unsafe { view_calls(bytes, rules, game) },
        10 => {
            let player = fuzz_player(bytes);
            let r = unsafe { stratego_game_resign(game, player) };
            let expect = if player > 1 {
                STRATEGO_RESULT_INVALID_ARGUMENT
            } else if over {
                STRATEGO_RESULT_GAME_OVER
            } else {
                STRATEGO_RESULT_OK
            };
            assert_eq!(r, expect, "resign({player})");
            let after = unsafe { snapshot(game) };
            changed_ok(r, &after);
            if r == STRATEGO_RESULT_OK {
                assert_eq!(after.outcome, (true, 1 - player, STRATEGO_TERMINATION_RESIGNATION));
            }
        }
        11 => {
            let mut mv = stratego_move {
                from: stratego_square { col: 0xEE, row: 0xEE },
                to: stratego_square { col: 0xEE, row: 0xEE },
            };
            let r = unsafe { stratego_game_random_move(game, bytes.u64(), &mut mv) };
            expect_in("stratego_game_random_move", r, &[STRATEGO_RESULT_OK, STRATEGO_RESULT_GAME_OVER]);
            if r == STRATEGO_RESULT_OK {
                assert_eq!(
                    unsafe { stratego_game_play_move(game, mv) },
                    STRATEGO_RESULT_OK,
                    "a drawn legal move does not play"
                );
            } else {
                assert_eq!(mv.from.col, 0xEE, "move_out written on failure");
            }
        }
        12 => {
            let text = fuzz_text(bytes);
            let mut other: *mut stratego_game = sentinel();
            let r = unsafe { stratego_game_from_position(rules, text.as_ptr().cast(), &mut other) };
            expect_in(
                "stratego_game_from_position",
                r,
                &[STRATEGO_RESULT_OK, STRATEGO_RESULT_PARSE_ERROR, STRATEGO_RESULT_INVALID_UTF8],
            );
            if r == STRATEGO_RESULT_OK {
                unsafe { stratego_game_free(other) };
            } else {
                assert_eq!(other, sentinel(), "game_out written on failure");
            }
        }
        13 => {
            let player = fuzz_player(bytes);
            let mut n = usize::MAX;
            let r = unsafe { stratego_game_captured(game, player, null_mut(), 0, &mut n) };
            if player > 1 {
                assert_eq!(r, STRATEGO_RESULT_INVALID_ARGUMENT);
                assert_eq!(n, usize::MAX);
            } else {
                check_list(bytes, n, 0xEEu32, |b, c, l| unsafe { stratego_game_captured(game, player, b, c, l) });
            }
        }
        14 => {
            let mut copy: *mut stratego_game = null_mut();
            assert_eq!(unsafe { stratego_game_clone(game, &mut copy) }, STRATEGO_RESULT_OK);
            assert_eq!(unsafe { snapshot(copy) }, before, "a clone differs from its game");
            unsafe { stratego_game_free(copy) };
            check_error_message(bytes);
        }
        _ => {
            // NULL handles everywhere a handle is taken: documented codes, nothing written.
            let mut n = usize::MAX;
            assert_eq!(
                unsafe { stratego_game_legal_actions(null(), null_mut(), 0, &mut n) },
                STRATEGO_RESULT_NULL_ARGUMENT
            );
            assert_eq!(unsafe { stratego_game_play_action(null_mut(), 0) }, STRATEGO_RESULT_NULL_ARGUMENT);
            assert_eq!(unsafe { stratego_game_undo(null_mut()) }, STRATEGO_RESULT_NULL_ARGUMENT);
            assert_eq!(unsafe { stratego_game_legal_move_count(null()) }, 0);
            assert_eq!(unsafe { stratego_game_outcome(game, null_mut()) }, STRATEGO_RESULT_NULL_ARGUMENT);
            assert_eq!(n, usize::MAX);
            let message = unsafe { CStr::from_ptr(stratego_result_message(u32::from(bytes.u16()))) };
            assert!(!message.to_bytes().is_empty());
        }
    }
    // An outcome, once set, stays unless the game was taken back.
    let after = unsafe { snapshot(game) };
    if over && !undone && after.history >= before.history && after.ply >= before.ply {
        assert_eq!(after.outcome, before.outcome, "an outcome changed");
    }
}

/// A `stratego_move` as plain bytes, so that lists of moves compare by value.
#[derive(Clone, Copy, PartialEq, Debug)]
#[repr(C)]
struct MoveBits([u8; 4]);

impl From<stratego_move> for MoveBits {
    fn from(m: stratego_move) -> Self {
        MoveBits([m.from.col, m.from.row, m.to.col, m.to.row])
    }
}

unsafe fn view_calls(bytes: &mut Bytes, rules: *mut stratego_rules, game: *mut stratego_game) {
    let player = fuzz_player(bytes);
    let mut view: *mut stratego_view = sentinel();
    let r = unsafe { stratego_game_view(game, player, &mut view) };
    if player > 1 {
        assert_eq!(r, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(view, sentinel(), "view_out written on failure");
        return;
    }
    assert_eq!(r, STRATEGO_RESULT_OK);
    let mut shape = [0usize; 3];
    assert_eq!(unsafe { stratego_rules_observation_shape(rules, shape.as_mut_ptr()) }, STRATEGO_RESULT_OK);
    let need = shape.iter().product::<usize>();
    let len = bytes.cap_near(need);
    let mut obs = vec![-1.0f32; len.max(1)];
    let r = unsafe { stratego_view_observation(view, if len == 0 { null_mut() } else { obs.as_mut_ptr() }, len) };
    if len >= need {
        assert_eq!(r, STRATEGO_RESULT_OK);
        assert!(obs[..need].iter().all(|x| *x == 0.0 || *x == 1.0));
        assert!(obs[need..].iter().all(|x| *x == -1.0), "observation written past its length");
    } else {
        assert!(matches!(r, STRATEGO_RESULT_BUFFER_TOO_SMALL | STRATEGO_RESULT_NULL_ARGUMENT), "{r:?}");
        assert!(obs.iter().all(|x| *x == -1.0), "observation written on failure");
    }
    let actions = unsafe { stratego_rules_num_actions(rules) };
    let len = bytes.cap_near(actions);
    let mut mask = vec![FILL; len.max(1)];
    let r = unsafe { stratego_view_action_mask(view, if len == 0 { null_mut() } else { mask.as_mut_ptr() }, len) };
    if len >= actions {
        assert_eq!(r, STRATEGO_RESULT_OK);
        assert!(mask[..actions].iter().all(|b| *b <= 1));
        assert!(mask[actions..].iter().all(|b| *b == FILL), "mask written past its length");
    } else {
        assert!(matches!(r, STRATEGO_RESULT_BUFFER_TOO_SMALL | STRATEGO_RESULT_NULL_ARGUMENT), "{r:?}");
        assert!(mask.iter().all(|b| *b == FILL), "mask written on failure");
    }
    check_text(bytes, |b, c, l| unsafe { stratego_view_picture(view, b, c, l) });
    unsafe { stratego_view_free(view) };
}
