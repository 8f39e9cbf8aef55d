"""Reinforcement-learning environments over the engine (install the ``envs`` extra:
``pip install stratego[envs]``).

- ``pettingzoo_env(rules=...)``: a PettingZoo AEC environment for self-play, two agents
  ``player_0`` (Red, moves first) and ``player_1`` (Blue).
- ``gymnasium_env(rules=..., opponent=...)``: a single-agent Gymnasium environment against a
  built-in random opponent (or any callable from a ``PlayerView`` to a move).

Observations are dicts ``{"observation": float32 [C, H, W], "action_mask": int8 [num_actions]}``
computed from the acting player's view only; action ids are ``from * S + to`` in that player's
frame (see ``Rules.num_actions``). Importing this package does not import pettingzoo or
gymnasium: each function imports its library when called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Union

if TYPE_CHECKING:
    from .._stratego import Move, Player, PlayerView, Rules

__all__ = ["pettingzoo_env", "gymnasium_env"]


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
