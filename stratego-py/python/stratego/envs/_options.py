"""The options the three environments share, read the same way everywhere and checked before
anything changes: rules (a ``Rules`` or its text), the ply cap, the observation kind and
setups given to ``reset``. Imports none of the RL libraries."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Tuple, Union

import numpy as np

from .._rules_arg import as_rules as rules_argument
from .._stratego import DEFAULT_MAX_PLIES, Game, Player, Rules, Setup

#: The observation kinds: float planes, the same planes as bytes, or one byte per square.
OBSERVATIONS = ("planes", "compact_planes", "board_codes")

#: The keys ``reset(options=...)`` reads.
RESET_OPTIONS = ("red_setup", "blue_setup")

SetupLike = Union[Setup, str]


def as_rules(rules: Any) -> Rules:
    """Rules from a ``Rules``, their text form, or ``None`` (ISF)."""
    return Rules("isf") if rules is None else rules_argument(rules)


def max_plies_argument(max_plies: Any) -> Optional[int]:
    """``max_plies`` checked: ``None`` (no cap but the rules' own) or an int of at least 1."""
    if max_plies is None:
        return None
    if isinstance(max_plies, bool) or not isinstance(max_plies, (int, np.integer)):
        raise TypeError(f"max_plies must be an int or None, not {type(max_plies).__name__}")
    if not 1 <= max_plies <= 2**32 - 1:
        raise ValueError(f"max_plies must be in 1..={2**32 - 1} or None (no cap), got {max_plies}")
    return int(max_plies)


def capped(rules: Rules, max_plies: Optional[int]) -> Rules:
    """``rules`` ending in a draw by ``Termination.PLY_CAP`` after ``max_plies`` plies, or at
    their own cap when that comes first; ``None`` keeps them as they are."""
    if max_plies is None or (rules.max_plies is not None and rules.max_plies <= max_plies):
        return rules
    return rules.replace(max_plies=max_plies)


def observation_argument(observation: Any) -> str:
    """The observation kind, checked."""
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(map(repr, OBSERVATIONS))}, got {observation!r}")
    return str(observation)


def observation_layout(rules: Rules, kind: str) -> Tuple[Tuple[int, ...], Any, int]:
    """Shape, dtype and largest value of an observation of ``kind``."""
    if kind == "board_codes":
        return (rules.num_squares,), np.uint8, 255
    return tuple(rules.observation_shape), (np.float32 if kind == "planes" else np.uint8), 1


def _setup(rules: Rules, player: Player, given: SetupLike, key: str) -> Setup:
    if isinstance(given, str):
        return Setup.parse(rules, player, given)
    if not isinstance(given, Setup):
        raise TypeError(f"{key} must be a Setup or its text, not {type(given).__name__}")
    if given.player != player:
        raise ValueError(f"{key} must be {player}'s setup, got {given.player}'s")
    given.validate(rules)
    return given


def new_game(rules: Rules, seed: int, options: Optional[Mapping[str, Any]]) -> Game:
    """A new game: the setups ``Setup.random_pair(rules, seed)`` draws (so without options it
    is ``Game.random(rules, seed)``), each replaced by ``options["red_setup"]`` /
    ``options["blue_setup"]`` when given (a ``Setup`` or its text). Other keys are ignored, as
    PettingZoo's ``api_test`` expects of an environment's options."""
    if not options or all(options.get(key) is None for key in RESET_OPTIONS):
        return Game.random(rules, seed=seed)
    red, blue = Setup.random_pair(rules, seed=seed)
    chosen: Dict[str, Setup] = {"red_setup": red, "blue_setup": blue}
    for key, player in (("red_setup", Player.RED), ("blue_setup", Player.BLUE)):
        if options.get(key) is not None:
            chosen[key] = _setup(rules, player, options[key], key)
    return Game(rules, chosen["red_setup"], chosen["blue_setup"])


__all__ = [
    "DEFAULT_MAX_PLIES",
    "OBSERVATIONS",
    "RESET_OPTIONS",
    "as_rules",
    "capped",
    "max_plies_argument",
    "new_game",
    "observation_argument",
    "observation_layout",
]
