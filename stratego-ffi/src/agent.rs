//! `stratego_agent`: the core's opponents (random, heuristic, sampling, search), choosing a
//! move from a player's view only, and their setups.

use std::ffi::c_char;

use stratego_core::agents::{Agent, AgentKind};

use crate::convert;
use crate::enums::stratego_player;
use crate::panic::boundary;
use crate::pointers::{self, arg, arg_mut, Out};
use crate::result::{stratego_result, Failure};
use crate::rules::stratego_rules;
use crate::setup::stratego_setup;
use crate::text;
use crate::values::stratego_move;
use crate::view::stratego_view;

/// A baseline agent (wraps the core's `agents::AgentKind::make`): it decides from a
/// `stratego_view` only, so it never sees a hidden rank, and is a pure function of its seed
/// and the views it is shown. Create it with `stratego_agent_new`, free it with
/// `stratego_agent_free`.
pub struct stratego_agent {
    agent: Box<dyn Agent + Send + Sync>,
}

/// A new agent named by `kind` (read by the core's `AgentKind` parser): `"random"` (a legal
/// move drawn uniformly), `"heuristic"` (scores each move from known battles, the Flag's
/// neighbourhood and probes), `"sampling"` / `"sampling:BUDGET"` (plays candidate moves out in
/// worlds consistent with the view) or `"search"` / `"search:BUDGET"` (searches worlds drawn
/// from a belief over the hidden ranks, BUDGET playouts a move, 1 to 10^9), drawing from
/// `seed`.
///
/// `kind` is a NUL-terminated UTF-8 string, only read during the call. On success
/// `*agent_out` holds a new handle to free with `stratego_agent_free`. Returns
/// `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8` or
/// `STRATEGO_RESULT_PARSE_ERROR` (no such agent, or a budget that is not a whole number from 1
/// to 10^9; the last error message says which).
///
/// ```
/// let mut agent = std::ptr::null_mut();
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"minimax".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"search:0".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"search:-3".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"search:2000000000".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_PARSE_ERROR);
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"search:50".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego::stratego_agent_free(agent) };
/// assert_eq!(unsafe { stratego::stratego_agent_new(c"heuristic".as_ptr(), 1, &mut agent) }, stratego::stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego::stratego_agent_free(agent) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_agent_new(
    kind: *const c_char,
    seed: u64,
    agent_out: *mut *mut stratego_agent,
) -> stratego_result {
    boundary(|| {
        let out = unsafe { Out::new(agent_out, "agent_out")? };
        let kind: AgentKind =
            unsafe { text::read_str(kind, "kind")? }.parse().map_err(|e: stratego_core::agents::AgentKindError| {
                Failure::new(stratego_result::STRATEGO_RESULT_PARSE_ERROR, e.to_string())
            })?;
        pointers::hand_over(out, stratego_agent { agent: kind.make(seed) });
        Ok(())
    })
}

/// Free an agent handle. NULL does nothing; a handle must not be freed twice.
///
/// ```
/// unsafe { stratego::stratego_agent_free(std::ptr::null_mut()) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_agent_free(agent: *mut stratego_agent) {
    unsafe { pointers::free(agent) }
}

/// The setup the agent wants for `player` under `rules` (the core's `Agent::setup`), valid
/// under them: `heuristic`, `sampling` and `search` set up human-like (draws like
/// `stratego_setup_human_like`'s with the Flag kept back and boxed in), `random` takes the
/// setup it is given.
///
/// On success `*setup_out` holds either a new handle to free with `stratego_setup_free`, or
/// NULL when the agent takes the setup it is given (`random`): the caller then draws one
/// itself, with `stratego_setup_random` for instance. The setup is drawn from the agent's own
/// generator, so the same seed gives the same setup, and each call draws afresh and shifts the
/// moves the agent chooses afterwards: ask once, before the game's first
/// `stratego_agent_choose`.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player); on failure `*setup_out` is not written.
///
/// ```
/// use stratego::*;
/// let (mut rules, mut agent, mut setup) = (std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut());
/// unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) };
/// unsafe { stratego_agent_new(c"heuristic".as_ptr(), 3, &mut agent) };
/// assert_eq!(unsafe { stratego_agent_setup(agent, rules, STRATEGO_PLAYER_RED, &mut setup) }, stratego_result::STRATEGO_RESULT_OK);
/// assert_eq!(unsafe { stratego_setup_validate(setup, rules) }, stratego_result::STRATEGO_RESULT_OK);
/// unsafe { stratego_setup_free(setup); stratego_agent_free(agent) };
/// unsafe { stratego_agent_new(c"random".as_ptr(), 3, &mut agent) };
/// assert_eq!(unsafe { stratego_agent_setup(agent, rules, STRATEGO_PLAYER_RED, &mut setup) }, stratego_result::STRATEGO_RESULT_OK);
/// assert!(setup.is_null(), "the random agent takes the setup it is given");
/// unsafe { stratego_agent_free(agent); stratego_rules_free(rules) };
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_agent_setup(
    agent: *mut stratego_agent,
    rules: *const stratego_rules,
    player: stratego_player,
    setup_out: *mut *mut stratego_setup,
) -> stratego_result {
    boundary(|| {
        let agent = unsafe { arg_mut(agent, "agent")? };
        let rules = unsafe { arg(rules, "rules")? };
        let out = unsafe { Out::new(setup_out, "setup_out")? };
        // Checked before the agent draws, so that a refused call leaves its generator as it was.
        let player = convert::player(player)?;
        let setup = agent.agent.setup(&rules.rules, player);
        out.write(setup.map_or(std::ptr::null_mut(), |setup| pointers::boxed(stratego_setup { setup })));
        Ok(())
    })
}

/// The agent's move for the viewer of `view`, into `*move_out` (one of the viewer's legal
/// moves). The agent may remember what it was shown.
///
/// Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
/// `STRATEGO_RESULT_GAME_OVER` (the game in the view is over) or
/// `STRATEGO_RESULT_INVALID_ARGUMENT` (it is not the viewer's turn).
///
/// ```
/// let mut mv = stratego::stratego_move::default();
/// assert_eq!(unsafe { stratego::stratego_agent_choose(std::ptr::null_mut(), std::ptr::null(), &mut mv) }, stratego::stratego_result::STRATEGO_RESULT_NULL_ARGUMENT);
/// ```
#[no_mangle]
pub unsafe extern "C" fn stratego_agent_choose(
    agent: *mut stratego_agent,
    view: *const stratego_view,
    move_out: *mut stratego_move,
) -> stratego_result {
    boundary(|| {
        let agent = unsafe { arg_mut(agent, "agent")? };
        let view = unsafe { arg(view, "view")? };
        let out = unsafe { Out::new(move_out, "move_out")? };
        let mv = agent.agent.choose(&view.view).ok_or_else(|| {
            if view.view.outcome().is_some() {
                Failure::new(stratego_result::STRATEGO_RESULT_GAME_OVER, "the game in the view is over")
            } else {
                Failure::invalid("it is not the viewer's turn")
            }
        })?;
        out.write(convert::move_to_c(mv));
        Ok(())
    })
}
