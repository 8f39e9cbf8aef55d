//! `stratego_game`: a game in progress, played by move text, by squares or by action id,
//! checked without playing, taken back, resigned, and read out.

use std::ffi::c_char;

use stratego_core::{Game, Move, Undone};

use crate::buffers::ListOut;
use crate::convert;
use crate::enums::*;
use crate::panic::{boundary, value_or};
use crate::pointers::{self, arg, arg_mut, Out};
use crate::result::{stratego_result, Failure, Outcome};
use crate::rules::stratego_rules;
use crate::setup::stratego_setup;
use crate::text;
use crate::values::*;
use crate::view::stratego_view;

/// A game: rules, position and history (wraps `stratego_core::Game`). Create it with
/// `stratego_game_new`, `stratego_game_from_position`, `stratego_game_from_record_json`,
/// `stratego_game_from_gravon_xml`, `stratego_game_clone` or `stratego_view_sample_world`;
/// free it with `stratego_game_free`. It holds full information: give players
/// `stratego_view`s.
#[derive(Clone)]
pub struct stratego_game {
    pub(crate) game: Game,
}

impl stratego_game {
    fn play(&mut self, mv: Move) -> Outcome {
        self.game.play(mv)?;
        Ok(())
    }

    fn reason(&self, mv: Move) -> stratego_illegal_reason {
        match self.game.check(mv) {
            Ok(()) => STRATEGO_ILLEGAL_NONE,
            Err(e) => convert::reason_to_c(e.reason),
        }
    }

    /// A move written as text: `a4-a5`, or any form the notation writes (`a4xa7`, `9 a4xa7 (1)`,
    /// `Scout a4xa7 (Marshal)`) with ranks in the rules' numbering or as names.
    fn parse(&self, text: &str) -> Outcome<Move> {
        Ok(Move::parse_notation(text, self.game.rules().numbering())?)
    }

    fn action(&self, id: u32) -> Outcome<Move> {
        convert::action(self.game.rules(), self.game.to_move(), id)
    }
}

/// Start a game under `rules` from Red's and Blue's setups, checked against the rules (every
/// problem of both setups is reported, a setup given for the wrong player included).
///
/// The inputs are only read: the game copies them, so they may be freed at once. On success
/// `*game_out` holds a new handle to free with `stratego_game_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_SETUP`
/// (`stratego_last_error_message` lists every problem).
///
/// ```
/// use stratego::*;
/// let (mut rules, mut red, mut blue, mut game) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe {
///     stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules);
///     stratego_setup_random(rules, STRATEGO_PLAYER_RED, 1, &mut red);
///     stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, 2, &mut blue);
///     assert_eq!(stratego_game_new(rules, red, blue, &mut game), stratego_result::STRATEGO_RESULT_OK);
///     let mut swapped = std::ptr::null_mut();
///     assert_eq!(stratego_game_new(rules, blue, red, &mut swapped), stratego_result::STRATEGO_RESULT_INVALID_SETUP);
///     stratego_game_free(game);
///     stratego_setup_free(red);
///     stratego_setup_free(blue);
///     stratego_rules_free(rules);
/// }
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_new(
    rules: *const stratego_rules,
    red: *const stratego_setup,
    blue: *const stratego_setup,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let red = unsafe { arg(red, "red")? };
        let blue = unsafe { arg(blue, "blue")? };
        let out = unsafe { Out::new(game_out, "game_out")? };
        let game = Game::new(rules.rules.clone(), red.setup.clone(), blue.setup.clone())?;
        pointers::hand_over(out, stratego_game { game });
        Ok(())
    })
}

/// A game under `rules` from two random setups that are valid together, as a pure function
/// of `seed` (for every rule set, free placement included, where two independent
/// `stratego_setup_random` calls could overlap).
///
/// On success `*game_out` holds a new handle to free with `stratego_game_free`. Returns
/// `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let mut game = std::ptr::null_mut();
/// unsafe { stratego_rules_parse(c"isf(free_placement=on)".as_ptr(), &mut rules) };
/// assert_eq!(unsafe { stratego_game_random(rules, 5, &mut game) }, stratego_result::STRATEGO_RESULT_OK);
/// assert!(unsafe { stratego_game_legal_move_count(game) } > 0);
/// unsafe { stratego_game_free(game); stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_random(
    rules: *const stratego_rules,
    seed: u64,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(game_out, "game_out")? };
        pointers::hand_over(out, stratego_game { game: Game::random(rules.rules.clone(), seed) });
        Ok(())
    })
}

/// Load a position under `rules` from a position string: the short form that
/// `stratego_game_position` writes (one Gravon letter per square from a1 row by row: `A`
/// empty, `_` lake, Red `B`..`M`, Blue `N`..`Y`, lowercase = revealed; then the side to move
/// `r`/`b` and the ply), or the full form of `stratego_game_position_full`, which also keeps
/// moved flags, start squares, captures and the repetition rules' state.
///
/// `text` is a NUL-terminated UTF-8 string, only read during the call. On success
/// `*game_out` holds a new handle to free with `stratego_game_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_PARSE_ERROR` or `STRATEGO_RESULT_TOO_LARGE` (over 64 KiB,
/// `stratego_core::MAX_POSITION_TEXT`: never for a text this library wrote).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let mut game = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_game_from_position(rules, c"not a position".as_ptr(), &mut game) }, stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_from_position(
    rules: *const stratego_rules,
    text: *const c_char,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(game_out, "game_out")? };
        let text = unsafe { text::read_str(text, "text")? };
        let game = Game::from_position(rules.rules.clone(), text)?;
        pointers::hand_over(out, stratego_game { game });
        Ok(())
    })
}

/// Copy `game` (position and history) into a new handle `*game_out`, to free with
/// `stratego_game_free`. Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let mut copy = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_game_clone(std::ptr::null(), &mut copy) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_clone(
    game: *const stratego_game,
    game_out: *mut *mut stratego_game,
) -> stratego_result {
    unsafe { pointers::clone_into(game, "game", game_out, "game_out") }
}

/// Free a game handle. NULL does nothing; a handle must not be freed twice. Views made from
/// the game are separate handles and stay valid.
///
/// ```
/// unsafe { stratego::stratego_game_free(std::ptr::null_mut()) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_free(game: *mut stratego_game) {
    unsafe { pointers::free(game) }
}

/// The rules of `game` as a new handle `*rules_out`, to free with `stratego_rules_free`.
/// Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_game_rules(std::ptr::null(), &mut rules) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_rules(
    game: *const stratego_game,
    rules_out: *mut *mut stratego_rules,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(rules_out, "rules_out")? };
        pointers::hand_over(out, stratego_rules { rules: game.game.rules().clone() });
        Ok(())
    })
}

/// The legal moves of the side to move (none once the game is over) into `buf`, their number
/// into `*len_out`.
///
/// `buf` must hold `cap` moves (NULL with `cap` 0 asks for the number). Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
///
/// ```
/// use stratego::*;
/// let mut len = 0;
/// assert_eq!(unsafe { stratego_game_legal_moves(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_legal_moves(
    game: *const stratego_game,
    buf: *mut stratego_move,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { ListOut::new(buf, cap, len_out)? };
        let board = game.game.board();
        // Counted first so that a short buffer is left as it was; then written with no list
        // built in between.
        out.fill(board.legal_move_count(), |slots| {
            let mut i = 0;
            board.for_each_legal_move(|mv| {
                slots[i] = convert::move_to_c(mv);
                i += 1;
            });
        })
    })
}

/// How many legal moves the side to move has (0 once the game is over, and when `game` is
/// NULL).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_legal_move_count(std::ptr::null()) }, 0);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_legal_move_count(game: *const stratego_game) -> usize {
    value_or(0, || Ok(unsafe { arg(game, "game")? }.game.legal_move_count()))
}

/// Play the move written as text, e.g. `"a4-a5"`, if it is legal now; otherwise change
/// nothing. Every form the move notation writes is read too (`"a4xa7"`, `"9 a4xa7 (1)"`,
/// `"Scout a4xa7 (Marshal)"`, ranks in the rules' numbering or as names); the ranks are
/// checked to be ranks and otherwise ignored: the move is its squares.
///
/// `text` is a NUL-terminated UTF-8 string, only read during the call. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
/// `STRATEGO_RESULT_PARSE_ERROR` (no move text), `STRATEGO_RESULT_ILLEGAL_MOVE` (the message
/// names the reason) or `STRATEGO_RESULT_GAME_OVER`.
///
/// ```
/// use stratego::*;
/// assert_eq!(unsafe { stratego_game_play_text(std::ptr::null_mut(), c"a4-a5".as_ptr()) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_play_text(game: *mut stratego_game, text: *const c_char) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        let mv = game.parse(unsafe { text::read_str(text, "text")? })?;
        game.play(mv)
    })
}

/// Play the move `mv` (from-to squares) if it is legal now; otherwise change nothing.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more: no square on any board),
/// `STRATEGO_RESULT_ILLEGAL_MOVE` (a square off this board included) or
/// `STRATEGO_RESULT_GAME_OVER`.
///
/// ```
/// use stratego::*;
/// let mv = stratego_move { from: stratego_square { col: 0, row: 3 }, to: stratego_square { col: 0, row: 4 } };
/// assert_eq!(unsafe { stratego_game_play_move(std::ptr::null_mut(), mv) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_play_move(game: *mut stratego_game, mv: stratego_move) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        game.play(convert::move_from_c(mv.from, mv.to)?)
    })
}

/// Play the move of action id `id` in the frame of the side to move (see
/// `stratego_rules_action_move`) if it is legal now; otherwise change nothing.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` not below `stratego_rules_num_actions`),
/// `STRATEGO_RESULT_ILLEGAL_MOVE` or `STRATEGO_RESULT_GAME_OVER`.
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_play_action(std::ptr::null_mut(), 3040) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_play_action(game: *mut stratego_game, id: u32) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        let mv = game.action(id)?;
        game.play(mv)
    })
}

/// Whether the move written as text would be legal now, without playing it: writes
/// `STRATEGO_ILLEGAL_NONE` to `*reason_out` when it is legal, else the reason
/// (`STRATEGO_ILLEGAL_*`). The game is not changed.
///
/// Returns `STRATEGO_RESULT_OK` (the move was checked, legal or not),
/// `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8` or
/// `STRATEGO_RESULT_PARSE_ERROR`.
///
/// ```
/// let mut reason = 0;
/// assert_eq!(unsafe { stratego::stratego_game_check_text(std::ptr::null(), c"a4-a5".as_ptr(), &mut reason) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_check_text(
    game: *const stratego_game,
    text: *const c_char,
    reason_out: *mut stratego_illegal_reason,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(reason_out, "reason_out")? };
        let mv = game.parse(unsafe { text::read_str(text, "text")? })?;
        out.write(game.reason(mv));
        Ok(())
    })
}

/// Whether the move of action id `id` (mover's frame) would be legal now, without playing it
/// (see `stratego_game_check_text`). Returns `STRATEGO_RESULT_OK`,
/// `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` out of range).
///
/// ```
/// let mut reason = 0;
/// assert_eq!(unsafe { stratego::stratego_game_check_action(std::ptr::null(), 0, &mut reason) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_check_action(
    game: *const stratego_game,
    id: u32,
    reason_out: *mut stratego_illegal_reason,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(reason_out, "reason_out")? };
        out.write(game.reason(game.action(id)?));
        Ok(())
    })
}

/// A legal move drawn uniformly by `entropy` (a pure function of it), into `*move_out`; the
/// game is not changed.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_GAME_OVER` when the side to move has no legal move.
///
/// ```
/// let mut mv = stratego::stratego_move::default();
/// assert_eq!(unsafe { stratego::stratego_game_random_move(std::ptr::null(), 1, &mut mv) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_random_move(
    game: *const stratego_game,
    entropy: u64,
    move_out: *mut stratego_move,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(move_out, "move_out")? };
        let mv = game.game.random_move(entropy).ok_or_else(|| {
            Failure::new(stratego_result::STRATEGO_RESULT_GAME_OVER, "the side to move has no legal move")
        })?;
        out.write(convert::move_to_c(mv));
        Ok(())
    })
}

/// Play uniformly random legal moves, a pure function of `seed`, until the game ends or
/// `max_plies` more plies are played; then write how the game stands into `*outcome_out`
/// (`is_over` false when the limit stopped it).
///
/// Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// let mut outcome = std::mem::MaybeUninit::uninit();
/// assert_eq!(unsafe { stratego::stratego_game_playout(std::ptr::null_mut(), 1, 10, outcome.as_mut_ptr()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_playout(
    game: *mut stratego_game,
    seed: u64,
    max_plies: u32,
    outcome_out: *mut stratego_outcome,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        let out = unsafe { Out::new(outcome_out, "outcome_out")? };
        out.write(convert::outcome_to_c(game.game.playout(seed, max_plies)));
        Ok(())
    })
}

/// Take back the last move (a resignation goes with it); a resignation before any move is
/// taken back on its own.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_NOTHING_TO_UNDO` at the start of a game that is not over (nothing changes).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_undo(std::ptr::null_mut()) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_undo(game: *mut stratego_game) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        match game.game.undo() {
            Undone::Move(_) | Undone::Resignation => Ok(()),
            Undone::Nothing => {
                Err(Failure::new(stratego_result::STRATEGO_RESULT_NOTHING_TO_UNDO, "no move has been played"))
            }
        }
    })
}

/// `player` resigns and the opponent wins.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player), or `STRATEGO_RESULT_GAME_OVER` when
/// the game had already ended (it is not changed).
///
/// ```
/// assert_eq!(unsafe { stratego::stratego_game_resign(std::ptr::null_mut(), stratego::STRATEGO_PLAYER_RED) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_resign(game: *mut stratego_game, player: stratego_player) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg_mut(game, "game")? };
        let player = convert::player(player)?;
        if game.game.is_over() {
            return Err(Failure::new(stratego_result::STRATEGO_RESULT_GAME_OVER, "the game has already ended"));
        }
        game.game.resign(player);
        Ok(())
    })
}

/// The position string (what `stratego_game_from_position` reads: square letters, side to
/// move, ply) into `buf`, NUL-terminated, its length without the NUL into `*len_out`.
///
/// `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length): the text is
/// `stratego_position_len(rules, stratego_game_ply(game))` bytes, so that plus one for the NUL
/// is enough (108 on the standard board at ply 9,999), and `STRATEGO_MAX_POSITION_LEN + 1`
/// always is. Returns `STRATEGO_RESULT_OK`,
/// `STRATEGO_RESULT_NULL_ARGUMENT`, or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in
/// `*len_out`.
///
/// ```
/// let mut len = 0;
/// assert_eq!(unsafe { stratego::stratego_game_position(std::ptr::null(), std::ptr::null_mut(), 0, &mut len) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_position(
    game: *const stratego_game,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    unsafe { text::write_text_of(game, "game", buf, cap, len_out, |game| Ok(game.game.position())) }
}

/// What `player` may know now, as a new view handle `*view_out` (free it with
/// `stratego_view_free`). The view is a snapshot: later moves in the game do not change it,
/// and it holds no hidden enemy rank.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player).
///
/// ```
/// let mut view = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_game_view(std::ptr::null(), 0, &mut view) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_game_view(
    game: *const stratego_game,
    player: stratego_player,
    view_out: *mut *mut stratego_view,
) -> stratego_result {
    boundary(|| {
        let game = unsafe { arg(game, "game")? };
        let out = unsafe { Out::new(view_out, "view_out")? };
        let view = game.game.view(convert::player(player)?);
        pointers::hand_over(out, stratego_view { view });
        Ok(())
    })
}

// What bots reach for in the full-information game: every piece with its square, what a
// battle would do, the position hash, the lossless position text, and move notation.

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
    unsafe { text::write_text_of(game, "game", buf, cap, len_out, |game| Ok(game.game.position_full())) }
}
