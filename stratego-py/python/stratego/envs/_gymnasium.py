"""The single-agent Gymnasium environment (see ``stratego.envs.gymnasium_env``)."""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, SupportsFloat, Tuple, Union

import gymnasium as gym
import numpy as np

from .._stratego import Game, Move, Player, PlayerView, Termination
from . import _render, _spaces

CAPS = (Termination.PLY_CAP, Termination.NO_BATTLE_CAP)

Opponent = Callable[[PlayerView], Union[Move, str]]


class StrategoEnv(gym.Env):
    """The agent plays ``player`` against ``opponent``; each step is the agent's move and the
    opponent's answer. Observations come from the agent's view; reward +1 / -1 at a win or a
    loss, 0 otherwise; a ply cap truncates. An illegal action ends the episode with reward -1
    (``info["illegal_action"]``) and leaves the game as it was."""

    metadata = {"render_modes": _render.RENDER_MODES, "render_fps": 2}

    def __init__(
        self,
        rules: Any = None,
        opponent: Union[str, Opponent] = "random",
        player: Optional[Player] = None,
        render_mode: Optional[str] = None,
        render_reveal: bool = False,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if opponent != "random" and not callable(opponent):
            raise TypeError("opponent must be 'random' or a callable from a PlayerView to a move")
        self.rules = _spaces.as_rules(rules)
        self.opponent = opponent
        self.player = player if player is not None else Player.RED
        self.render_mode = render_mode
        self.render_reveal = render_reveal
        self.observation_space = _spaces.observation_space(self.rules)
        self.action_space = _spaces.action_space(self.rules)
        self.game = Game.random(self.rules, seed=0)
        self._ended = False

    def _observation(self) -> Dict[str, np.ndarray]:
        return _spaces.observe(self.game, self.player, with_mask=True)

    def _opponent_moves(self) -> None:
        if self.game.outcome is not None or self.game.to_move == self.player:
            return
        if self.opponent == "random":
            actions = self.game.legal_actions()
            self.game.play_action(actions[int(self.np_random.integers(len(actions)))])
        else:
            assert callable(self.opponent)
            self.game.play(self.opponent(self.game.view(self.player.opponent)))

    def _result(self) -> Tuple[float, bool, bool]:
        outcome = self.game.outcome
        if outcome is None:
            return 0.0, False, False
        truncated = outcome.termination in CAPS
        return float(outcome.reward(self.player)), not truncated, truncated

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        self.game = Game.random(self.rules, seed=int(self.np_random.integers(2**63)))
        self._ended = False
        self._opponent_moves()
        return self._observation(), {}

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], SupportsFloat, bool, bool, Dict[str, Any]]:
        if self._ended or self.game.outcome is not None:
            raise RuntimeError("the episode has ended: call reset()")
        a = int(action)
        if not 0 <= a < self.rules.num_actions or a not in set(self.game.legal_actions()):
            self._ended = True
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self.game.play_action(a)
        self._opponent_moves()
        reward, terminated, truncated = self._result()
        info: Dict[str, Any] = {"outcome": self.game.outcome} if self.game.outcome is not None else {}
        return self._observation(), reward, terminated, truncated, info

    def render(self) -> Any:
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode; pass one to gymnasium_env(render_mode=...)")
            return None
        return _render.render(self.game, self.render_mode, self.player, self.render_reveal)
