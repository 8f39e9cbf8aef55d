"""Observation and action spaces, and the per-step encoding, shared by the PettingZoo and
Gymnasium environments."""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

import numpy as np
from gymnasium import spaces

from .._stratego import Game, Player, Rules
from ._options import observation_layout


class ActionSpace(spaces.Discrete):
    """``Discrete(num_actions)`` whose ``sample(mask)`` also takes the environments' ``bool``
    masks (Gymnasium's own takes ``int8`` only, which it still does)."""

    def sample(self, mask: Optional[np.ndarray] = None, probability: Optional[np.ndarray] = None) -> np.int64:
        if mask is None or probability is not None or getattr(mask, "dtype", None) != np.bool_:
            return np.int64(super().sample(mask=mask, probability=probability))
        if mask.shape != (self.n,):
            raise ValueError(f"the mask must have shape ({int(self.n)},), got {mask.shape}")
        legal = np.flatnonzero(mask)
        start = int(self.start)
        if len(legal) == 0:
            return np.int64(start)
        return np.int64(start + int(legal[self.np_random.integers(len(legal))]))


def observation_space(rules: Rules, kind: str) -> spaces.Dict:
    """``Dict(observation: Box(...), action_mask: Box(0, 1, (A,), bool))``; the observation is
    ``float32 [C, H, W]`` planes, ``uint8 [C, H, W]`` compact planes or ``uint8 [S]`` board
    codes."""
    shape, dtype, high = observation_layout(rules, kind)
    # Gymnasium's Box takes bool; the type hints of some of its versions do not say so, and
    # typed as Any the argument checks under every version.
    mask_dtype: Any = np.bool_
    return spaces.Dict(
        {
            "observation": spaces.Box(0, high, shape=shape, dtype=dtype),
            "action_mask": spaces.Box(0, 1, shape=(rules.num_actions,), dtype=mask_dtype),
        }
    )


def action_space(rules: Rules) -> ActionSpace:
    """``Discrete(num_actions)`` (an ``ActionSpace``)."""
    return ActionSpace(rules.num_actions)


class Encoder:
    """Writes the observations of one kind for one rule set. Each call returns new arrays
    (callers keep them, e.g. in replay buffers), made uninitialised and written once by the
    engine; the all-zero mask of a player who cannot move is one shared read-only array."""

    def __init__(self, rules: Rules, kind: str) -> None:
        self.kind = kind
        self.num_actions = rules.num_actions
        shape, dtype, _high = observation_layout(rules, kind)
        empty = np.empty
        write: Callable[[Game, Player], np.ndarray]
        if kind == "planes":

            def write(game: Game, player: Player) -> np.ndarray:
                return game.observation(player)

        elif kind == "compact_planes":

            def write(game: Game, player: Player) -> np.ndarray:
                out = empty(shape, np.uint8)
                game.observation_into(out, player)
                return out

        else:

            def write(game: Game, player: Player) -> np.ndarray:
                out = empty(shape, np.uint8)
                game.board_codes_into(out, player)
                return out

        #: ``observation(game, player)``: ``player``'s observation of ``game``.
        self.observation = write
        self.no_moves = np.zeros(self.num_actions, dtype=np.bool_)
        self.no_moves.flags.writeable = False

    def mask(self, game: Game) -> np.ndarray:
        """The side to move's legal-action mask (``bool [A]``)."""
        out = np.empty(self.num_actions, dtype=np.bool_)
        game.action_mask_into(out)
        return out

    def observe(self, game: Game, player: Player, moves: bool) -> Dict[str, np.ndarray]:
        """``player``'s observation dict; the mask is the legal moves when ``moves`` (the player
        is to move in a game that goes on), else all zeros."""
        return {
            "observation": self.observation(game, player),
            "action_mask": self.mask(game) if moves else self.no_moves,
        }
