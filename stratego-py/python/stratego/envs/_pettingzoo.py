"""The PettingZoo AEC environment (see ``stratego.envs.pettingzoo_env``)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import logger
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from .._stratego import Game, Player, Rules, Termination
from . import _render, _spaces

AGENTS = ["player_0", "player_1"]
PLAYERS = {"player_0": Player.RED, "player_1": Player.BLUE}
#: Ends that are draws by a cap: truncations, not terminations.
CAPS = (Termination.PLY_CAP, Termination.NO_BATTLE_CAP)


class StrategoAECEnv(AECEnv, EzPickle):
    """Two-player Stratego for self-play. ``player_0`` is Red and moves first. Each agent
    observes its own view (``observe``); the mask is all zeros for the agent not on move.
    Rewards are +1 / -1 at a win and 0 otherwise; a ply cap is a truncation."""

    metadata = {
        "render_modes": _render.RENDER_MODES,
        "name": "stratego_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        rules: Any = None,
        render_mode: Optional[str] = None,
        render_perspective: Player = Player.RED,
        render_reveal: bool = False,
    ) -> None:
        EzPickle.__init__(self, rules, render_mode, render_perspective, render_reveal)
        super().__init__()
        if render_mode is not None and render_mode not in _render.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_render.RENDER_MODES} or None, got {render_mode!r}")
        self.rules = _spaces.as_rules(rules)
        self.render_mode = render_mode
        self.render_perspective = render_perspective
        self.render_reveal = render_reveal
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: _spaces.observation_space(self.rules) for a in AGENTS}
        self.action_spaces = {a: _spaces.action_space(self.rules) for a in AGENTS}
        self._rng = np.random.default_rng()
        self.game = Game.random(self.rules, seed=int(self._rng.integers(2**63)))

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return _spaces.observe(self.game, PLAYERS[agent], with_mask=agent == self.agent_selection)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = Game.random(self.rules, seed=int(self._rng.integers(2**63)))
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self.game.play_action(int(action))
        outcome = self.game.outcome
        if outcome is not None:
            truncated = outcome.termination in CAPS
            for a in self.agents:
                self.rewards[a] = float(outcome.reward(PLAYERS[a]))
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = {"outcome": outcome}
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()

    def render(self) -> Any:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass one to pettingzoo_env(render_mode=...)")
            return None
        return _render.render(self.game, self.render_mode, self.render_perspective, self.render_reveal)

    def close(self) -> None:
        pass
