"""The PettingZoo AEC environment (see ``stratego.envs.pettingzoo_env``)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import logger
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from .._stratego import Player, Termination
from . import _options, _render, _spaces

AGENTS = ["player_0", "player_1"]
PLAYERS = {"player_0": Player.RED, "player_1": Player.BLUE}
AGENT_OF = {Player.RED: "player_0", Player.BLUE: "player_1"}
OTHER = {"player_0": "player_1", "player_1": "player_0"}
#: Ends that are draws by a cap: truncations, not terminations.
CAPS = (Termination.PLY_CAP, Termination.NO_BATTLE_CAP)


class StrategoAECEnv(AECEnv, EzPickle):
    """Two-player Stratego for self-play. ``player_0`` is Red and moves first. Each agent
    observes its own view (``observe``); the mask is all zeros for the agent not on move, and
    the mover's ``info["legal_actions"]`` lists its legal action ids (sorted), so a policy can
    pick one without scanning the mask. Rewards are +1 / -1 at a win and 0 otherwise; the ply
    cap (``max_plies``, 2000 by default, ``None`` for none) and the rules' own caps are
    truncations. Steps before ``reset`` raise ``RuntimeError``, as PettingZoo's
    ``OrderEnforcingWrapper`` would (the environment checks that itself, without the wrapper's
    cost on every attribute)."""

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
        *,
        observation: str = "planes",
        max_plies: Optional[int] = _options.DEFAULT_MAX_PLIES,
    ) -> None:
        EzPickle.__init__(
            self, rules, render_mode, render_perspective, render_reveal, observation=observation, max_plies=max_plies
        )
        super().__init__()
        if render_mode is not None and render_mode not in _render.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {_render.RENDER_MODES} or None, got {render_mode!r}")
        self.max_plies = _options.max_plies_argument(max_plies)
        self.rules = _options.capped(_options.as_rules(rules), self.max_plies)
        self.observation_kind = _options.observation_argument(observation)
        self.render_mode = render_mode
        self.render_perspective = render_perspective
        self.render_reveal = render_reveal
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {a: _spaces.observation_space(self.rules, self.observation_kind) for a in AGENTS}
        self.action_spaces = {a: _spaces.action_space(self.rules) for a in AGENTS}
        self._encoder = _spaces.Encoder(self.rules, self.observation_kind)
        self._rng = np.random.default_rng()
        self._live = False
        self._reset_done = False
        self.game = _options.new_game(self.rules, int(self._rng.integers(2**63)), None)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if not self._reset_done:
            raise RuntimeError("reset() must be called before observe()")
        moves = self._live and agent == self.agent_selection
        return self._encoder.observe(self.game, PLAYERS[agent], moves)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game; ``options`` may fix ``"red_setup"`` / ``"blue_setup"`` (a ``Setup`` or
        its text), the other setups being drawn as without them. A bad setup raises and leaves
        the environment as it was."""
        rng = np.random.default_rng(seed) if seed is not None else self._rng
        game = _options.new_game(self.rules, int(rng.integers(2**63)), options)
        self._rng, self.game = rng, game
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self._live = game.outcome is None
        self.agent_selection = AGENT_OF[game.to_move]
        self.infos: Dict[str, Dict[str, Any]] = {a: {"legal_actions": []} for a in AGENTS}
        self.infos[self.agent_selection] = {"legal_actions": game.legal_actions()}
        self._reset_done = True

    def step(self, action: Any) -> None:
        """Play ``action`` (an action id in the mover's frame) for the selected agent; an
        illegal one raises ``IllegalMoveError`` and changes nothing. A finished agent steps
        ``None``."""
        if not self._reset_done:
            raise RuntimeError("reset() must be called before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        game.play_action(int(action))
        rewards = self.rewards
        rewards["player_0"] = rewards["player_1"] = 0.0
        self._cumulative_rewards[agent] = 0.0
        outcome = game.outcome
        if outcome is None:
            mover = AGENT_OF[game.to_move]
            self.agent_selection = mover
            infos = self.infos
            infos[mover] = {"legal_actions": game.legal_actions()}
            infos[OTHER[mover]] = {"legal_actions": []}
            return
        self._live = False
        truncated = outcome.termination in CAPS
        for a in AGENTS:
            rewards[a] = float(outcome.reward(PLAYERS[a]))
            self._cumulative_rewards[a] += rewards[a]
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"outcome": outcome, "legal_actions": []}
        self.agent_selection = OTHER[agent]

    def render(self) -> Any:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass one to pettingzoo_env(render_mode=...)")
            return None
        if not self._reset_done:
            raise RuntimeError("reset() must be called before render()")
        return _render.render(self.game, self.render_mode, self.render_perspective, self.render_reveal)

    def close(self) -> None:
        pass
