//! `stratego_setup`: one player's placement, drawn at random or human-like or read from its
//! 40-letter text, and its validation with every problem reported.

use std::ffi::c_char;

use stratego_core::{Setup, SetupProblem};

use crate::convert;
use crate::enums::*;
use crate::panic::{boundary, value_or};
use crate::pointers::{self, arg, Out};
use crate::result::{stratego_result, Failure, Outcome};
use crate::rules::stratego_rules;
use crate::text;
use crate::values::stratego_setup_problem;

/// One player's placement (wraps `stratego_core::Setup`), not yet checked against any rules.
/// Create it with `stratego_setup_random`, `stratego_setup_human_like`, `stratego_setup_parse`
/// or `stratego_agent_setup`, free it with `stratego_setup_free`. `stratego_game_new` copies
/// it, so it may be freed afterwards.
#[derive(Clone)]
pub struct stratego_setup {
    pub(crate) setup: Setup,
}

/// A setup for `player` drawn uniformly among the valid ones under `rules` (placement
/// constraints included), as a pure function of `seed`: the same seed gives the same setup
/// on every platform.
///
/// On success `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT`
/// (unknown player).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let mut setup = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// assert_eq!(unsafe { stratego_setup_random(rules, STRATEGO_PLAYER_RED, 7, &mut setup) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { stratego_setup_validate(setup, rules) }, stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego_setup_free(setup); stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_random(
    rules: *const stratego_rules,
    player: stratego_player,
    seed: u64,
    setup_out: *mut *mut stratego_setup,
) -> stratego_result {
    unsafe { drawn_setup(rules, player, seed, setup_out, Setup::random) }
}

/// A setup for `player` as a person might make it (the core's `Setup::human_like`): drawn
/// from the frequencies of human setups for the 40-piece editions and Barrage, from a
/// rule-based sampler (the Flag on the back row, Bombs beside it) for the others. Valid under
/// `rules` and, like `stratego_setup_random`, a pure function of `seed` on every platform.
///
/// On success `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT`
/// (unknown player).
///
/// ```
/// use stratego::*;
/// let (mut rules, mut setup, mut again) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut rules) };
/// assert_eq!(unsafe { stratego_setup_human_like(rules, STRATEGO_PLAYER_BLUE, 7, &mut setup) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { stratego_setup_validate(setup, rules) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { stratego_setup_player(setup) }, STRATEGO_PLAYER_BLUE);
/// unsafe { stratego_setup_human_like(rules, STRATEGO_PLAYER_BLUE, 7, &mut again) };
/// let text = |s| {
///     let mut buf = [0u8; 64];
///     let mut len = 0;
///     unsafe { stratego_setup_to_text(s, rules, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
///     buf[..len].to_vec()
/// };
/// assert_eq!(text(setup), text(again), "the same seed gives the same setup");
/// unsafe { stratego_setup_free(setup); stratego_setup_free(again); stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_human_like(
    rules: *const stratego_rules,
    player: stratego_player,
    seed: u64,
    setup_out: *mut *mut stratego_setup,
) -> stratego_result {
    unsafe { drawn_setup(rules, player, seed, setup_out, Setup::human_like) }
}

/// The seeded draws' one body: the arguments checked, then `draw`'s setup handed over.
///
/// # Safety
/// As for `stratego_setup_random`: `rules` NULL or a live handle, `setup_out` NULL or writable.
unsafe fn drawn_setup(
    rules: *const stratego_rules,
    player: stratego_player,
    seed: u64,
    setup_out: *mut *mut stratego_setup,
    draw: fn(&stratego_core::Rules, stratego_core::Player, u64) -> Setup,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(setup_out, "setup_out")? };
        let setup = draw(&rules.rules, convert::player(player)?, seed);
        pointers::hand_over(out, stratego_setup { setup });
        Ok(())
    })
}

/// Two setups drawn together so that they are valid together under `rules` (with free
/// placement the armies may not share a square, which two `stratego_setup_random` calls do not
/// ensure), as a pure function of `seed`.
///
/// On success `*red_out` and `*blue_out` hold new handles, each to free with
/// `stratego_setup_free`; on failure neither is written. Returns `STRATEGO_RESULT_OK` or
/// `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let (mut rules, mut red, mut blue, mut game) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe {
///     stratego_rules_parse(c"isf(free_placement=on)".as_ptr(), &mut rules);
///     assert_eq!(stratego_setup_random_pair(rules, 7, &mut red, &mut blue), stratego_result::STRATEGO_RESULT_OK);
///     assert_eq!(stratego_game_new(rules, red, blue, &mut game), stratego_result::STRATEGO_RESULT_OK);
///     stratego_game_free(game);
///     stratego_setup_free(red);
///     stratego_setup_free(blue);
///     stratego_rules_free(rules);
/// }
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_random_pair(
    rules: *const stratego_rules,
    seed: u64,
    red_out: *mut *mut stratego_setup,
    blue_out: *mut *mut stratego_setup,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let red_out = unsafe { Out::new(red_out, "red_out")? };
        let blue_out = unsafe { Out::new(blue_out, "blue_out")? };
        let (red, blue) = Setup::random_pair(&rules.rules, seed);
        pointers::hand_over(red_out, stratego_setup { setup: red });
        pointers::hand_over(blue_out, stratego_setup { setup: blue });
        Ok(())
    })
}

/// Read a setup for `player` from its text form: one Gravon letter per square of the setup
/// zone (40 on the standard board), front row first, each row from the player's left (Blue's
/// board turned, so a Blue text reads like a Red one): `A` empty, `B` Bomb, `C` Spy, `D` Scout,
/// `E` Miner, `F` Sergeant, `G` Lieutenant, `H` Captain, `I` Major, `J` Colonel, `K` General,
/// `L` Marshal, `M` Flag. Only the letters and the length are checked here; see
/// `stratego_setup_validate` for the rules.
///
/// `text` is a NUL-terminated UTF-8 string, only read during the call. On success
/// `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
/// (unknown player), `STRATEGO_RESULT_INVALID_UTF8`, `STRATEGO_RESULT_PARSE_ERROR` or
/// `STRATEGO_RESULT_TOO_LARGE` (over 4 KiB, `stratego_core::MAX_SETUP_TEXT`).
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let mut setup = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// let short = c"LKJJ";
/// assert_eq!(unsafe { stratego_setup_parse(rules, STRATEGO_PLAYER_RED, short.as_ptr(), &mut setup) }, stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert!(setup.is_null());
/// unsafe { stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_parse(
    rules: *const stratego_rules,
    player: stratego_player,
    text: *const c_char,
    setup_out: *mut *mut stratego_setup,
) -> stratego_result {
    boundary(|| {
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(setup_out, "setup_out")? };
        let text = unsafe { text::read_str(text, "text")? };
        let setup = Setup::parse(&rules.rules, convert::player(player)?, text)?;
        pointers::hand_over(out, stratego_setup { setup });
        Ok(())
    })
}

/// Write the text form of `setup` under `rules` (see `stratego_setup_parse`) into `buf`,
/// NUL-terminated, with its length without the NUL in `*len_out`.
///
/// `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length). Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
///
/// ```
/// use stratego::*;
/// let mut rules = std::ptr::null_mut();
/// let mut setup = std::ptr::null_mut();
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// unsafe { stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, 3, &mut setup) };
/// let mut buf = [0u8; 41];
/// let mut len = 0;
/// assert_eq!(unsafe { stratego_setup_to_text(setup, rules, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(len, 40);
/// unsafe { stratego_setup_free(setup); stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_to_text(
    setup: *const stratego_setup,
    rules: *const stratego_rules,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let setup = unsafe { arg(setup, "setup")? };
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { text::TextOut::new(buf, cap, len_out)? };
        out.write(&setup.setup.to_text(&rules.rules))
    })
}

/// The player `setup` is for, or `STRATEGO_PLAYER_NONE` when `setup` is NULL.
///
/// ```
/// use stratego::*;
/// assert_eq!(unsafe { stratego_setup_player(std::ptr::null()) }, STRATEGO_PLAYER_NONE);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_player(setup: *const stratego_setup) -> stratego_player {
    value_or(STRATEGO_PLAYER_NONE, || Ok(convert::player_to_c(unsafe { arg(setup, "setup")? }.setup.player())))
}

/// Copy `setup` into a new handle `*setup_out` (free it with `stratego_setup_free`).
/// Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let mut copy = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego_setup_clone(std::ptr::null(), &mut copy) }, stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_clone(
    setup: *const stratego_setup,
    setup_out: *mut *mut stratego_setup,
) -> stratego_result {
    unsafe { pointers::clone_into(setup, "setup", setup_out, "setup_out") }
}

/// Free a setup handle. NULL does nothing; a handle must not be freed twice.
///
/// ```
/// unsafe { stratego::stratego_setup_free(std::ptr::null_mut()) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_free(setup: *mut stratego_setup) {
    unsafe { pointers::free(setup) }
}

fn problems(setup: &stratego_setup, rules: &stratego_rules) -> Vec<SetupProblem> {
    setup.setup.validate(&rules.rules).err().map(|e| e.problems).unwrap_or_default()
}

fn problem_at(setup: &stratego_setup, rules: &stratego_rules, index: usize) -> Outcome<SetupProblem> {
    let all = problems(setup, rules);
    let n = all.len();
    all.into_iter().nth(index).ok_or_else(|| Failure::invalid(format!("problem {index} of a setup with {n} problems")))
}

/// Check `setup` against `rules` (counts, zone, lakes, placement constraints).
///
/// Returns `STRATEGO_RESULT_OK` when it is valid, `STRATEGO_RESULT_INVALID_SETUP` when it is
/// not (`stratego_last_error_message` lists every problem; `stratego_setup_problem_count` and
/// `stratego_setup_problem_at` give them one by one), or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let (mut isf, mut barrage, mut setup) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut isf) };
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut barrage) };
/// unsafe { stratego_setup_random(isf, STRATEGO_PLAYER_RED, 1, &mut setup) };
/// assert_eq!(unsafe { stratego_setup_validate(setup, barrage) }, stratego_result::STRATEGO_RESULT_INVALID_SETUP);
/// unsafe { stratego_setup_free(setup); stratego_rules_free(isf); stratego_rules_free(barrage) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_validate(
    setup: *const stratego_setup,
    rules: *const stratego_rules,
) -> stratego_result {
    boundary(|| {
        let setup = unsafe { arg(setup, "setup")? };
        let rules = unsafe { arg(rules, "rules")? };
        setup.setup.validate(&rules.rules)?;
        Ok(())
    })
}

/// How many problems `setup` has under `rules` (0 when it is valid), into `*count_out`.
///
/// Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
///
/// ```
/// use stratego::*;
/// let (mut isf, mut barrage, mut setup) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut isf) };
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut barrage) };
/// unsafe { stratego_setup_random(isf, STRATEGO_PLAYER_RED, 1, &mut setup) };
/// let mut count = 0;
/// assert_eq!(unsafe { stratego_setup_problem_count(setup, barrage, &mut count) }, stratego_result::STRATEGO_RESULT_OK);
/// assert!(count > 1, "an ISF army breaks Barrage's counts for many ranks");
/// unsafe { stratego_setup_free(setup); stratego_rules_free(isf); stratego_rules_free(barrage) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_problem_count(
    setup: *const stratego_setup,
    rules: *const stratego_rules,
    count_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let setup = unsafe { arg(setup, "setup")? };
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(count_out, "count_out")? };
        out.write(problems(setup, rules).len());
        Ok(())
    })
}

/// Problem `index` (counting from 0, in board order) of `setup` under `rules`, as a struct:
/// its kind, square and rank where they apply, and the expected and found counts.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` when `index` is not below the problem count.
///
/// ```
/// use stratego::*;
/// let (mut isf, mut barrage, mut setup) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut isf) };
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut barrage) };
/// unsafe { stratego_setup_random(isf, STRATEGO_PLAYER_RED, 1, &mut setup) };
/// let mut problem = std::mem::MaybeUninit::uninit();
/// assert_eq!(unsafe { stratego_setup_problem_at(setup, barrage, 0, problem.as_mut_ptr()) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { problem.assume_init() }.kind, STRATEGO_SETUP_PROBLEM_WRONG_COUNT);
/// unsafe { stratego_setup_free(setup); stratego_rules_free(isf); stratego_rules_free(barrage) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_problem_at(
    setup: *const stratego_setup,
    rules: *const stratego_rules,
    index: usize,
    problem_out: *mut stratego_setup_problem,
) -> stratego_result {
    boundary(|| {
        let setup = unsafe { arg(setup, "setup")? };
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(problem_out, "problem_out")? };
        out.write(convert::problem_to_c(&problem_at(setup, rules, index)?));
        Ok(())
    })
}

/// The reason of problem `index` of `setup` under `rules` as text (`"Marshal on e5 is
/// outside the setup zone"`), NUL-terminated into `buf`, its length without the NUL in
/// `*len_out`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (no such problem), or `STRATEGO_RESULT_BUFFER_TOO_SMALL`
/// with the length in `*len_out`.
///
/// ```
/// use stratego::*;
/// let (mut isf, mut barrage, mut setup) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut isf) };
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &mut barrage) };
/// unsafe { stratego_setup_random(isf, STRATEGO_PLAYER_RED, 1, &mut setup) };
/// let mut buf = [0u8; 128];
/// let mut len = 0;
/// assert_eq!(unsafe { stratego_setup_problem_text(setup, barrage, 0, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, stratego_result::STRATEGO_RESULT_OK);
/// assert!(std::str::from_utf8(&buf[..len]).unwrap().contains("expected"));
/// unsafe { stratego_setup_free(setup); stratego_rules_free(isf); stratego_rules_free(barrage) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_setup_problem_text(
    setup: *const stratego_setup,
    rules: *const stratego_rules,
    index: usize,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> stratego_result {
    boundary(|| {
        let setup = unsafe { arg(setup, "setup")? };
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { text::TextOut::new(buf, cap, len_out)? };
        out.write(&problem_at(setup, rules, index)?.to_string())
    })
}
