"""Reinforcement-learning environments over the engine (install the ``envs`` extra:
``pip install stratego[envs]``).

- ``pettingzoo_env(rules=...)``: a PettingZoo AEC environment for self-play, two agents
  ``player_0`` (Red, moves first) and ``player_1`` (Blue).
- ``gymnasium_env(rules=..., opponent=...)``: a single-agent Gymnasium environment against a
  built-in random opponent (or any callable from a ``PlayerView`` to a move).
- ``openspiel_game(rules=...)``: the engine registered as the OpenSpiel game
  ``python_stratego`` (install the ``openspiel`` extra), for OpenSpiel's algorithms.

Observations are dicts ``{"observation": float32 [C, H, W], "action_mask": int8 [num_actions]}``
computed from the acting player's view only; action ids are ``from * S + to`` in that player's
frame (see ``Rules.num_actions``). Importing this package does not import pettingzoo,
gymnasium or pyspiel: each function imports its library when called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Union

if TYPE_CHECKING:
    from .._stratego import Move, Player, PlayerView, Rules, Setup

__all__ = ["pettingzoo_env", "gymnasium_env", "openspiel_game"]


def pettingzoo_env(
    rules: Union["Rules", str, None] = None,
    render_mode: Optional[str] = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment (wrapped in PettingZoo's ``OrderEnforcingWrapper``).

    ``rules`` are a ``Rules`` or their text form (ISF by default). ``render_mode`` is ``None``,
    ``"ansi"``, ``"rgb_array"`` or ``"svg"``; pictures show ``render_perspective``'s view (Red's
    by default) unless ``render_reveal=True``. An illegal action raises ``IllegalMoveError``
    and changes nothing.
    """
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from ._pettingzoo import StrategoAECEnv

    return OrderEnforcingWrapper(StrategoAECEnv(rules=rules, render_mode=render_mode, **options))


def gymnasium_env(
    rules: Union["Rules", str, None] = None,
    opponent: Union[str, Callable[["PlayerView"], Union["Move", str]]] = "random",
    player: Optional["Player"] = None,
    render_mode: Optional[str] = None,
    **options: Any,
) -> Any:
    """A single-agent Gymnasium environment: the agent plays ``player`` (Red by default) and
    ``opponent`` (``"random"``, or a callable from a ``PlayerView`` to a ``Move`` or move text)
    answers each move. An illegal action ends the episode with reward -1 and
    ``info["illegal_action"] = True``, leaving the game as it was.
    """
    from ._gymnasium import StrategoEnv

    return StrategoEnv(rules=rules, opponent=opponent, player=player, render_mode=render_mode, **options)


def openspiel_game(
    rules: Union["Rules", str, None] = None,
    seed: int = 0,
    red_setup: Union["Setup", str, None] = None,
    blue_setup: Union["Setup", str, None] = None,
    max_plies: int = 0,
) -> Any:
    """The engine as an OpenSpiel game (a ``pyspiel.Game``), registered on first call as
    ``python_stratego`` so ``pyspiel.load_game`` and game strings also reach it.

    Player 0 is Red, player 1 Blue; actions are the engine's action ids, legal ones sorted;
    the information-state and observation tensors are the acting player's observation planes
    (``Rules.observation_shape``), so no hidden rank reaches them; returns are +1 / -1 at a
    win, 0 at a draw. There are no chance nodes: the setups are drawn from ``seed`` (each
    ``seed`` is one deterministic game), or fixed by ``red_setup`` / ``blue_setup`` (a
    ``Setup`` or its text). ``max_plies`` caps the game length (0: the rules' own cap, or
    3000 plies when they have none; a cap ends in a draw). States support
    ``resample_from_infostate`` (from ``PlayerView.sample_world``), ``clone`` and
    serialization.

    >>> game = openspiel_game("barrage", seed=1, max_plies=200)
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])
    """
    from . import _openspiel, _spaces

    chosen = _spaces.as_rules(rules)
    params: Dict[str, Any] = {
        "rules": _openspiel.rules_parameter(chosen),
        "seed": int(seed),
        "max_plies": int(max_plies),
    }
    for name, setup in (("red_setup", red_setup), ("blue_setup", blue_setup)):
        if setup is not None:
            params[name] = setup if isinstance(setup, str) else setup.text(chosen)
    return _openspiel.load(params)
