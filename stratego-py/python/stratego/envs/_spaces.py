"""Observation and action spaces shared by the two environments."""

from __future__ import annotations

from typing import Any, Dict

import numpy as np

from .._rules_arg import as_rules as rules_argument
from .._stratego import Game, Player, Rules


def observation_space(rules: Rules) -> Any:
    """``Dict(observation: Box(0, 1, (C, H, W), float32), action_mask: Box(0, 1, (A,), int8))``."""
    from gymnasium import spaces

    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=rules.observation_shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(rules.num_actions,), dtype=np.int8),
        }
    )


def action_space(rules: Rules) -> Any:
    """``Discrete(num_actions)``."""
    from gymnasium import spaces

    return spaces.Discrete(rules.num_actions)


def observe(game: Game, player: Player, with_mask: bool) -> Dict[str, np.ndarray]:
    """``player``'s observation; the mask of legal actions when ``with_mask`` (zeros
    otherwise, as for an agent not on move)."""
    mask = np.zeros(game.rules.num_actions, dtype=np.int8)
    if with_mask and game.outcome is None and game.to_move == player:
        game.action_mask_into(mask.view(np.uint8))
    return {"observation": game.observation(player), "action_mask": mask}


def as_rules(rules: Any) -> Rules:
    """Rules from a ``Rules``, their text form, or ``None`` (ISF)."""
    return Rules("isf") if rules is None else rules_argument(rules)
