"""The native vector environment: ``vector_env(...)``, a ``gymnasium.vector.VectorEnv`` whose
envs, opponents and auto-resets all run in Rust, on ``threads`` threads, with the GIL released.

A step plays the policy's action in every env, then the built-in opponent's replies, and returns
the learner's next observation. The learner's colour is drawn per episode by default
(``agent_color="random"``, from the seed, the env index and its episode count, so a policy
learns both sides), or fixed with ``"red"`` / ``"blue"``; when the learner is Blue, the
opponent's opening move is already played in the first observation.

Results depend only on ``seed``, the env's index and its episode count: env 3 of 64 plays the
games env 3 of 4 plays, given the same actions, on any number of threads.

>>> import numpy as np
>>> from stratego.envs._vector import vector_env
>>> envs = vector_env("barrage", num_envs=4, opponent="random", mask="ids", observation="board_codes")
>>> obs, infos = envs.reset(seed=0)
>>> ids = obs["legal_actions"]  # int32 [4, L]: the legal ids ascending, then -1
>>> counts = (ids >= 0).sum(axis=1)
>>> pick = (np.random.default_rng(0).random(4) * counts).astype(np.int64)
>>> obs, rewards, terminated, truncated, infos = envs.step(ids[np.arange(4), pick])
>>> rewards.shape, rewards.dtype.name
((4,), 'float32')
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .._rules_arg import as_rules
from .._stratego import DEFAULT_MAX_PLIES, Player, Rules, VecEnv

__all__ = ["StrategoVectorEnv", "vector_env", "sample_legal_ids"]

#: The key of the legal actions in each observation dict, by ``mask``.
MASK_KEYS = {"bytes": "action_mask", "bits": "action_mask", "ids": "legal_actions"}


def _observation_box(rules: Rules, observation: str) -> spaces.Box:
    if observation == "planes":
        return spaces.Box(0.0, 1.0, shape=tuple(rules.observation_shape), dtype=np.float32)
    if observation == "compact_planes":
        return spaces.Box(0, 1, shape=tuple(rules.observation_shape), dtype=np.uint8)
    if observation == "board_codes":
        return spaces.Box(0, 255, shape=(rules.num_squares,), dtype=np.uint8)
    raise ValueError(f"observation must be 'planes', 'compact_planes' or 'board_codes', got {observation!r}")


def _mask_box(rules: Rules, mask: str, width: int) -> spaces.Box:
    """The space of one env's legal actions; ``width``: the ``"ids"`` rows' (``L``)."""
    if mask == "bytes":
        return spaces.Box(0, 1, shape=(rules.num_actions,), dtype=np.uint8)
    if mask == "bits":
        words = -(-rules.num_actions // 64)
        return spaces.Box(0, np.iinfo(np.uint64).max, shape=(words,), dtype=np.uint64)
    if mask == "ids":
        return spaces.Box(-1, rules.num_actions - 1, shape=(width,), dtype=np.int32)
    raise ValueError(f"mask must be 'bytes', 'bits' or 'ids', got {mask!r}")


class StrategoVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` Stratego games against a built-in opponent, stepped together in Rust (see the
    module docs and ``vector_env``).

    - Observations: ``{"observation": [n, ...], "action_mask": [n, A]}`` (``mask="bytes"``:
      ``uint8``; ``"bits"``: packed ``uint64``), or ``{"observation": ..., "legal_actions":
      int32 [n, L]}`` with ``mask="ids"``: each row the legal ids ascending, then -1, with
      ``L = VecEnv.max_legal_actions`` (the rules' bound on legal moves).
    - Actions: one action id per env (``MultiDiscrete``), in the learner's frame.
    - Rewards: ``float32 [n]``, the learner's: +1 / -1 when the episode it played ends in a win
      / loss, 0 otherwise (draws, ply caps).
    - ``terminated``: the rules ended the game; ``truncated``: a ply cap (``max_plies``, or a
      cap of the rules).
    - Autoreset in the same step (``AutoresetMode.SAME_STEP``): an env whose episode ends
      returns its next game's first observation, and ``infos["final_obs"][i]`` (with
      ``infos["_final_obs"][i]`` true) holds the ended game's last observation, with an empty
      mask.
    - An illegal action raises ``ValueError`` naming the env (its ``env`` attribute) before
      any env changes.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        rules: Union[Rules, str, None] = "isf",
        num_envs: int = 64,
        opponent: Optional[str] = "random",
        seed: int = 0,
        observation: str = "planes",
        mask: str = "bytes",
        max_plies: int = DEFAULT_MAX_PLIES,
        threads: Union[int, str] = 1,
        *,
        agent_color: str = "random",
        copy: bool = True,
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode is not None:
            raise ValueError(f"the vector env does not render; render_mode must be None, got {render_mode!r}")
        self.rules = as_rules("isf" if rules is None else rules)
        single_obs = _observation_box(self.rules, observation)
        self.env = VecEnv(
            self.rules,
            num_envs,
            seed,
            observation=observation,
            mask=mask,
            max_plies=max_plies,
            opponent=opponent,
            agent_color=agent_color,
            threads=threads,
        )
        single_mask = _mask_box(self.rules, mask, self.env.max_legal_actions)
        self._mask_key = MASK_KEYS[mask]
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = spaces.Dict({"observation": single_obs, self._mask_key: single_mask})
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.rules.num_actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)
        # What a final observation carries for its legal actions: none.
        self._empty_mask = np.full(single_mask.shape, -1 if mask == "ids" else 0, dtype=single_mask.dtype)

    def _observations(self, observations: np.ndarray, masks: np.ndarray) -> Dict[str, np.ndarray]:
        if self.copy:
            observations, masks = observations.copy(), masks.copy()
        return {"observation": observations, self._mask_key: masks}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """Start every env on a fresh game (``seed``: start every env's sequence of games over
        from it); returns ``(observations, infos)``."""
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise TypeError("seed must be one int for all envs (each env's games come from it and the env's index)")
        observations, masks = self.env.reset(None if seed is None else int(seed))
        return self._observations(observations, masks), {}

    def step(
        self, actions: Any
    ) -> Tuple[Dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        """Play one action id per env, then the opponents' replies; returns ``(observations,
        rewards, terminated, truncated, infos)``."""
        if isinstance(actions, np.ndarray) and actions.dtype != np.int64:
            actions = actions.astype(np.int64)
        observations, masks, rewards, terminated, truncated = self.env.step(actions)
        learner_rewards = rewards[self._rows, self.env.actors]
        infos: Dict[str, Any] = {}
        done = terminated | truncated
        if done.any():
            actors = self.env.actors
            for i in np.flatnonzero(done):
                player = Player.RED if actors[i] == 0 else Player.BLUE
                final = {"observation": self.env.final_observation(int(i), player), self._mask_key: self._empty_mask}
                infos = self._add_info(infos, {"final_obs": final, "final_info": {}}, int(i))
        if self.copy:
            terminated, truncated = terminated.copy(), truncated.copy()
        return self._observations(observations, masks), learner_rewards, terminated, truncated, infos

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the envs live in this process."""

    def __repr__(self) -> str:
        return f"StrategoVectorEnv({self.env!r})"


def vector_env(
    rules: Union[Rules, str, None] = "isf",
    num_envs: int = 64,
    opponent: Optional[str] = "random",
    seed: int = 0,
    observation: str = "planes",
    mask: str = "bytes",
    max_plies: int = DEFAULT_MAX_PLIES,
    threads: Union[int, str] = 1,
    max_episode_steps: Optional[int] = None,
    **options: Any,
) -> StrategoVectorEnv:
    """``num_envs`` games of ``rules`` against ``opponent`` as one ``gymnasium.vector.VectorEnv``
    (see ``StrategoVectorEnv``), also what ``gymnasium.make_vec(id, num_envs=N,
    vectorization_mode="vector_entry_point")`` builds.

    - ``opponent``: ``"random"``, ``"heuristic"`` or ``"sampling:N"`` (the core's agents,
      played in Rust without calling into Python); ``None``: self-play, the policy plays both
      sides and each reward is that of the side that acted.
    - ``observation``: ``"planes"`` (``float32 [C, H, W]``), ``"compact_planes"`` (the same as
      ``uint8``) or ``"board_codes"`` (``uint8 [S]``).
    - ``mask``: ``"bytes"``, ``"bits"`` or ``"ids"`` (padded legal ids: the fastest to sample).
    - ``threads``: how many threads step the envs (default 1; ``"auto"``: the CPUs this process
      may use, but at most one thread per 256 envs); results do not depend on it.

    Keyword-only ``options``:

    - ``agent_color``: ``"random"`` (drawn per episode), ``"red"`` or ``"blue"``.
    - ``copy``: return copies of the arrays (default, as Gymnasium's vector envs do); with
      ``copy=False`` every step returns the env's own arrays, overwritten by the next step,
      which saves copying the observations.
    - ``render_mode``: only ``None``; it is accepted because ``gymnasium.make_vec`` passes it.

    ``max_episode_steps`` is what ``gymnasium.make_vec`` passes from a registered id's spec
    (``DEFAULT_MAX_PLIES``): the cap is ``max_plies``, counted in plies, which ends an episode
    against an opponent after at most ``max_plies / 2`` steps, so the spec's bound never binds.
    Any other value is refused with ``ValueError``: pass ``max_plies`` instead.
    """
    if max_episode_steps is not None and max_episode_steps != DEFAULT_MAX_PLIES:
        raise ValueError(
            f"vector_env caps episodes in plies: pass max_plies=... instead of max_episode_steps={max_episode_steps}"
        )
    return StrategoVectorEnv(rules, num_envs, opponent, seed, observation, mask, max_plies, threads, **options)


def sample_legal_ids(legal_ids: np.ndarray, logits: Optional[np.ndarray] = None, seed: int = 0) -> np.ndarray:
    """One action per row of padded legal ids (``int32 [n, L]``, -1 after the legal ones), in
    Rust with the GIL released: uniform among the row's legal ids, or drawn from the softmax
    of ``logits`` over them (``[n, L]`` aligned with the ids, or ``[n, A]``, one per action
    id). A pure function of ``seed`` and the rows (pass a new seed each step). Returns
    ``int64 [n]``. It only visits each row's legal entries, so it beats NumPy code that
    works on all ``L`` columns.

    >>> import numpy as np
    >>> ids = np.array([[3, 7, -1], [5, -1, -1]], dtype=np.int32)
    >>> sample_legal_ids(ids, seed=1).tolist() in ([3, 5], [7, 5])
    True
    >>> sample_legal_ids(ids, logits=np.array([[0.0, 50.0, 99.0], [0.0, 0.0, 0.0]])).tolist()
    [7, 5]
    """
    ids = np.ascontiguousarray(legal_ids, dtype=np.int32)
    if logits is not None:
        logits = np.ascontiguousarray(logits, dtype=np.float32)
    return VecEnv.sample_legal_ids(ids, logits, seed)
