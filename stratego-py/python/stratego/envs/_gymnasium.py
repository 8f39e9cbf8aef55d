"""The single-agent Gymnasium environment (see ``stratego.envs.gymnasium_env``)."""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, Optional, SupportsFloat, Tuple, Union

import gymnasium as gym
import numpy as np

from .._stratego import Game, Move, Player, PlayerView, Termination
from ..agents import HeuristicAgent, RandomAgent, SamplingAgent, answer_move
from . import _options, _render, _spaces

CAPS = (Termination.PLY_CAP, Termination.NO_BATTLE_CAP)

#: What an opponent callable may answer: a ``Move``, move text, an action id (in the
#: opponent's frame), or ``None`` to resign.
Answer = Union[Move, str, int, None]
Opponent = Callable[[PlayerView], Answer]

#: The opponents named by text: the core's agents, seeded from the environment's generator.
BUILTIN = ("random", "heuristic", "sampling:N")


def _builtin(name: str) -> Optional[Callable[[int], Opponent]]:
    """A maker of the built-in opponent ``name`` from a seed, or ``None`` for ``"random"``
    (played straight from the game's legal actions, without a view)."""
    if name == "random":
        return None
    if name == "heuristic":
        return lambda seed: HeuristicAgent(seed=seed)
    if name.startswith("sampling:"):
        try:
            budget = int(name[len("sampling:") :])
        except ValueError:
            budget = 0
        if budget >= 1:
            return lambda seed: SamplingAgent(seed=seed, budget=budget)
    raise ValueError(f"opponent must be one of {', '.join(BUILTIN)} (N >= 1) or a callable, got {name!r}")


class StrategoEnv(gym.Env):
    """The agent plays ``player`` against ``opponent``; each step is the agent's move and the
    opponent's answer (two plies). Observations come from the agent's view; ``info
    ["legal_actions"]`` lists the agent's legal action ids (sorted). Reward +1 / -1 at a win
    or a loss (an opponent that resigns loses), 0 otherwise; the ply cap (``max_plies``, 2000
    plies by default, ``None`` for none) and the rules' own caps truncate. An illegal action
    ends the episode with reward -1 (``info["illegal_action"]``) and leaves the game as it
    was."""

    metadata = {"render_modes": _render.RENDER_MODES, "render_fps": 2}

    def __init__(
        self,
        rules: Any = None,
        opponent: Union[str, Opponent] = "random",
        player: Optional[Player] = None,
        render_mode: Optional[str] = None,
        render_reveal: bool = False,
        *,
        observation: str = "planes",
        max_plies: Optional[int] = _options.DEFAULT_MAX_PLIES,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if isinstance(opponent, str):
            self._make_agent = _builtin(opponent)
        elif callable(opponent):
            self._make_agent = None
        else:
            raise TypeError(f"opponent must be one of {', '.join(BUILTIN)} or a callable from a PlayerView to a move")
        if player is not None and player not in (Player.RED, Player.BLUE):
            raise TypeError(f"player must be Player.RED, Player.BLUE or None (Red), not {player!r}")
        self.max_plies = _options.max_plies_argument(max_plies)
        self.rules = _options.capped(_options.as_rules(rules), self.max_plies)
        self.observation_kind = _options.observation_argument(observation)
        self.opponent = opponent
        self.player = player if player is not None else Player.RED
        self.render_mode = render_mode
        self.render_reveal = render_reveal
        self.observation_space = _spaces.observation_space(self.rules, self.observation_kind)
        self.action_space = _spaces.action_space(self.rules)
        self._encoder = _spaces.Encoder(self.rules, self.observation_kind)
        self._answer: Optional[Opponent] = opponent if callable(opponent) else None
        self._pick = random.Random(0)
        self.game = Game.random(self.rules, seed=0)
        self._ended = True

    def _observation(self) -> Dict[str, np.ndarray]:
        game = self.game
        moves = game.outcome is None and game.to_move == self.player
        return self._encoder.observe(game, self.player, moves)

    def _info(self) -> Dict[str, Any]:
        game = self.game
        outcome = game.outcome
        if outcome is not None:
            return {"outcome": outcome, "legal_actions": []}
        return {"legal_actions": game.legal_actions() if game.to_move == self.player else []}

    def _opponent_moves(self) -> None:
        """The opponent's moves until the agent is to move or the game is over (a rescue
        decision is a second move of one turn). An opponent that raises, or answers with an
        illegal move, changes nothing: the game goes back to where this call found it."""
        game, me = self.game, self.player
        if self._answer is None:
            pick = self._pick
            while game.outcome is None and game.to_move != me:
                actions = game.legal_actions()
                game.play_action(actions[pick.randrange(len(actions))])
            return
        before = game.copy()
        try:
            while game.outcome is None and game.to_move != me:
                them = game.to_move
                view = game.view(them)
                move = answer_move(view, self._answer(view))
                if move is None:
                    game.resign(them)
                else:
                    game.play(move)
        except BaseException:
            self.game = before
            raise

    def _result(self) -> Tuple[float, bool, bool]:
        outcome = self.game.outcome
        if outcome is None:
            return 0.0, False, False
        truncated = outcome.termination in CAPS
        return float(outcome.reward(self.player)), not truncated, truncated

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """A new game (the opponent moves first when the agent is Blue); ``options`` may fix
        ``"red_setup"`` / ``"blue_setup"`` (a ``Setup`` or its text), the other setups being
        drawn as without them. A bad setup raises and leaves the environment as it was."""
        if options:
            # Checked before the generator moves, so a refused setup changes nothing.
            _options.new_game(self.rules, 0, options)
        super().reset(seed=seed)
        rng = self.np_random
        self.game = _options.new_game(self.rules, int(rng.integers(2**63)), options)
        opponent_seed = int(rng.integers(2**63))
        self._pick = random.Random(opponent_seed)
        if self._make_agent is not None:
            self._answer = self._make_agent(opponent_seed)
        self._ended = False
        self._opponent_moves()
        return self._observation(), self._info()

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], SupportsFloat, bool, bool, Dict[str, Any]]:
        """Play ``action`` (an action id in the agent's frame), then the opponent's answer. When
        the game ended before the agent's first move (an opponent that resigned at once), the
        first step reports that result and plays nothing."""
        if self._ended:
            raise RuntimeError("the episode has ended: call reset()")
        if self.game.outcome is not None:
            reward, terminated, truncated = self._result()
            self._ended = True
            return self._observation(), reward, terminated, truncated, self._info()
        try:
            self.game.play_action(int(action))
        except ValueError:  # out of range, or illegal (IllegalMoveError): nothing was played
            self._ended = True
            return self._observation(), -1.0, True, False, {"illegal_action": True, "legal_actions": []}
        try:
            self._opponent_moves()
        except BaseException:
            self.game.undo()
            raise
        reward, terminated, truncated = self._result()
        self._ended = terminated or truncated
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions, ``bool [num_actions]`` (a new array): the
        ``observation["action_mask"]`` of the current step, which ``sb3_contrib.MaskablePPO``
        reads through this method with no wrapper. All ``False`` once the episode has ended."""
        game = self.game
        if self._ended or game.outcome is not None or game.to_move != self.player:
            return np.zeros(self._encoder.num_actions, dtype=np.bool_)
        return self._encoder.mask(game)

    def render(self) -> Any:
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode; pass one to gymnasium_env(render_mode=...)")
            return None
        return _render.render(self.game, self.render_mode, self.player, self.render_reveal)
