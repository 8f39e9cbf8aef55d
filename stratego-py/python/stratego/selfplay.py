"""Self-play over ``VecEnv`` blocks, split so that any number of workers gives the same games.

``run(rules, envs=64, steps=1000, seed=0)`` steps ``envs`` self-play games ``steps`` times and
returns episode statistics (``SelfPlayStats``). The envs are grouped in fixed blocks of
``block`` envs; each block is one ``VecEnv`` whose seed is drawn from ``seed`` and the block's
number, and whose actions come from ``policy`` (uniformly random legal actions by default,
drawn from the block's seed and the step). A block's games depend on nothing else, so playing
the blocks in one process (``run``), a few per worker (``run_blocks``), or on Ray actors
(``stratego.distributed.self_play``) gives the same statistics.

>>> import stratego.selfplay as sp
>>> stats = sp.run("barrage", envs=6, steps=300, seed=1, block=4)
>>> stats.steps
1800
>>> stats == sp.run_blocks("barrage", [0], envs=6, steps=300, seed=1, block=4) + sp.run_blocks(
...     "barrage", [1], envs=6, steps=300, seed=1, block=4)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional

import numpy as np

from ._rules_arg import RulesLike, as_rules
from ._stratego import DEFAULT_MAX_PLIES, Rules, VecEnv

__all__ = ["Policy", "SelfPlayStats", "block_count", "run", "run_blocks"]

#: A batched policy: ``policy(observations, masks) -> actions`` (one action id per env, for
#: its player to move). It must be a pure function of its inputs for runs to be reproducible.
Policy = Callable[[np.ndarray, np.ndarray], Any]


@dataclass(frozen=True)
class SelfPlayStats:
    """Counts over the finished episodes of a self-play run (episodes still running at the end
    are not counted), and the env steps taken."""

    #: Finished episodes.
    episodes: int = 0
    #: Of those, won by Red.
    red_wins: int = 0
    #: Of those, won by Blue.
    blue_wins: int = 0
    #: Of those, drawn by the rules (nobody able to move).
    draws: int = 0
    #: Of those, cut off by the ply cap.
    truncated: int = 0
    #: Plies over all finished episodes.
    plies: int = 0
    #: Env steps taken (envs x steps).
    steps: int = 0

    @property
    def mean_length(self) -> float:
        """The mean length of the finished episodes in plies (0.0 before any).

        >>> SelfPlayStats(episodes=4, plies=1000).mean_length
        250.0
        """
        return self.plies / self.episodes if self.episodes else 0.0

    def __add__(self, other: "SelfPlayStats") -> "SelfPlayStats":
        """The counts of two runs together.

        >>> (SelfPlayStats(episodes=1, red_wins=1) + SelfPlayStats(episodes=2, draws=2)).episodes
        3
        """
        return SelfPlayStats(
            self.episodes + other.episodes,
            self.red_wins + other.red_wins,
            self.blue_wins + other.blue_wins,
            self.draws + other.draws,
            self.truncated + other.truncated,
            self.plies + other.plies,
            self.steps + other.steps,
        )


def _derive(*words: int) -> int:
    """A 64-bit seed drawn from ``words`` (NumPy's SeedSequence: stable across versions)."""
    return int(np.random.SeedSequence(list(words)).generate_state(1, np.uint64)[0])


def block_count(envs: int, block: int) -> int:
    """How many blocks ``envs`` envs make in blocks of ``block`` (the last may be smaller).

    >>> block_count(10, 4)
    3
    """
    if envs < 1 or block < 1:
        raise ValueError(f"envs and block must be at least 1, got envs={envs}, block={block}")
    return -(-envs // block)


def run_blocks(
    rules: RulesLike,
    blocks: Iterable[int],
    envs: int,
    steps: int,
    seed: int = 0,
    *,
    block: int = 16,
    policy: Optional[Policy] = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    observation: str = "board_codes",
) -> SelfPlayStats:
    """Play only the blocks ``blocks`` of the run ``run`` would make with these arguments and
    return their statistics (for spreading one run over processes)."""
    rules = as_rules(rules)
    total = block_count(envs, block)
    if steps < 0:
        raise ValueError(f"steps must be at least 0, got {steps}")
    stats = SelfPlayStats()
    for b in blocks:
        if not 0 <= b < total:
            raise ValueError(f"block must be in 0..{total}, got {b}")
        n = min(block, envs - b * block)
        block_seed = _derive(seed, b)
        env = VecEnv(rules, n, block_seed, observation=observation, max_plies=max_plies)
        observations, masks = env.reset()
        for t in range(steps):
            actions = env.random_actions(_derive(block_seed, t)) if policy is None else policy(observations, masks)
            observations, masks, _, _, _ = env.step(actions)
        s = env.total_stats()
        stats = stats + SelfPlayStats(
            s["episodes"], s["red_wins"], s["blue_wins"], s["draws"], s["truncated"], s["plies"], n * steps
        )
    return stats


def run(
    rules: RulesLike,
    envs: int = 64,
    steps: int = 1000,
    seed: int = 0,
    *,
    block: int = 16,
    policy: Optional[Policy] = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    observation: str = "board_codes",
) -> SelfPlayStats:
    """Step ``envs`` self-play games ``steps`` times in this process and return the episode
    statistics; ``observation`` is what ``policy`` is shown (a ``VecEnv`` observation kind)."""
    return run_blocks(
        rules,
        range(block_count(envs, block)),
        envs,
        steps,
        seed,
        block=block,
        policy=policy,
        max_plies=max_plies,
        observation=observation,
    )
