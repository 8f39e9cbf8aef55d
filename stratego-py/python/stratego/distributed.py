"""Arenas and self-play across a Ray cluster (install the ``distributed`` extra:
``pip install stratego[distributed]``). Ray is imported here only, never by ``import stratego``.

- ``arena(a, b, rules, games=N, seed=0, workers=None, address=None)`` takes the arguments of
  ``stratego.arena.play`` plus a Ray address. It splits the match's game indices into shards,
  plays them on ``workers`` Ray actors (``stratego.arena.play_games``, built-in agents in Rust
  with the GIL released), and gathers one ``ArenaResult``: the same games, records and summary
  as ``stratego.arena.play`` with the same seed, whatever the number of workers.
- ``self_play(rules, envs=..., steps=..., seed=..., address=None)``: actors each own the
  ``VecEnv`` blocks of a share of the envs (see ``stratego.selfplay``) and the episode
  statistics gather into one ``SelfPlayStats``, equal to ``stratego.selfplay.run`` with the same
  arguments, whatever the number of workers.

``address=None`` uses the Ray runtime this process is already connected to, or starts a local
one (``ray.init()``); ``"auto"`` joins a cluster started with ``ray start --head`` on this
machine, and ``"ray://head:10001"`` connects to a remote cluster's client server. Every node
needs the ``stratego`` package installed (the same version) in the Python that Ray runs.
Agents travel to the actors by pickle: the built-in agents do; Python callables must be
picklable by Ray (functions and classes defined at module level are).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ._rules_arg import RulesLike, as_rules
from ._stratego import DEFAULT_MAX_PLIES, ArenaResult, GameResult, Rules, arena_play
from .arena import Progress, play_games, progress_callback
from .selfplay import Policy, SelfPlayStats, block_count, run_blocks

__all__ = ["arena", "self_play"]


def _ray(address: Optional[str], init_options: Optional[Dict[str, Any]]) -> Any:
    """The ``ray`` module, connected to ``address`` (or to what it is already connected to)."""
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]  # (where ray is missing)
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("stratego.distributed needs Ray: pip install 'stratego[distributed]'") from e
    if not ray.is_initialized():
        ray.init(address=address, **(init_options or {}))
    return ray


def _worker_count(ray: Any, workers: Optional[int]) -> int:
    if workers is None:
        return max(1, int(ray.available_resources().get("CPU", 1)))
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    return workers


class _ArenaShard:
    """A Ray actor's share of a match: the agents and the match's settings, kept between
    shards so that they travel once."""

    def __init__(self, a: Any, b: Any, rules: Rules, seed: int, max_plies: Optional[int]) -> None:
        self.a, self.b, self.rules, self.seed, self.max_plies = a, b, rules, seed, max_plies

    def play(self, indices: List[int]) -> List[GameResult]:
        return play_games(self.a, self.b, self.rules, indices, self.seed, max_plies=self.max_plies)


class _SelfPlayShard:
    """A Ray actor's share of a self-play run: the blocks it is given, one ``VecEnv`` each."""

    def __init__(self, rules: Rules, settings: Dict[str, Any]) -> None:
        self.rules, self.settings = rules, settings

    def play(self, blocks: List[int]) -> SelfPlayStats:
        return run_blocks(self.rules, blocks, **self.settings)


def arena(
    a: Any,
    b: Any,
    rules: RulesLike,
    games: int = 100,
    seed: int = 0,
    workers: Optional[int] = None,
    address: Optional[str] = None,
    *,
    max_plies: Optional[int] = None,
    progress: Progress = False,
    shards: Optional[int] = None,
    init_options: Optional[Dict[str, Any]] = None,
) -> ArenaResult:
    """Play the match ``stratego.arena.play(a, b, rules, games, seed)`` on ``workers`` Ray
    actors (one per available CPU by default) and return its ``ArenaResult``.

    The game indices are dealt into ``shards`` shards (four per worker by default, so that fast
    workers take more), each played on an actor; ``progress`` reports as shards finish.
    ``init_options`` go to ``ray.init`` when this call starts Ray.

    >>> import stratego
    >>> from stratego.agents import HeuristicAgent, RandomAgent
    >>> result = arena(HeuristicAgent(), RandomAgent(), "barrage", games=8, seed=1, workers=2,
    ...                address=None, init_options={"num_cpus": 2})  # doctest: +SKIP
    >>> result == stratego.arena.play(HeuristicAgent(), RandomAgent(), "barrage", games=8, seed=1)  # doctest: +SKIP
    True
    """
    rules = as_rules(rules)
    # A match of no games checks both agents and gives their names before anything ships.
    names = arena_play(a, b, rules, 0).names
    ray = _ray(address, init_options)
    n_workers = _worker_count(ray, workers)
    n_shards = max(1, min(games, shards if shards is not None else 4 * n_workers))
    chunks = [list(range(k, games, n_shards)) for k in range(n_shards)]
    actor = ray.remote(num_cpus=1)(_ArenaShard)
    actors = [actor.remote(a, b, rules, seed, max_plies) for _ in range(min(n_workers, n_shards))]
    report = progress_callback(progress, "ray arena")
    played: List[GameResult] = []
    try:
        pending = [actors[k % len(actors)].play.remote(chunk) for k, chunk in enumerate(chunks) if chunk]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                played.extend(ray.get(ref))
                if report is not None:
                    report(len(played), games)
    finally:
        for handle in actors:
            ray.kill(handle)
    return ArenaResult(played, names=names)


def self_play(
    rules: RulesLike,
    envs: int = 64,
    steps: int = 1000,
    seed: int = 0,
    workers: Optional[int] = None,
    address: Optional[str] = None,
    *,
    block: int = 16,
    policy: Optional[Policy] = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    observation: str = "board_codes",
    init_options: Optional[Dict[str, Any]] = None,
) -> SelfPlayStats:
    """Run ``stratego.selfplay.run(rules, envs, steps, seed, block=..., policy=...)`` on
    ``workers`` Ray actors, each owning the ``VecEnv``s of every ``workers``-th block, and
    return the gathered ``SelfPlayStats`` (equal to the single-process run's).

    >>> import stratego.selfplay
    >>> stats = self_play("barrage", envs=8, steps=100, seed=2, block=4, workers=2)  # doctest: +SKIP
    >>> stats == stratego.selfplay.run("barrage", envs=8, steps=100, seed=2, block=4)  # doctest: +SKIP
    True
    """
    rules = as_rules(rules)
    total = block_count(envs, block)
    ray = _ray(address, init_options)
    n_workers = min(_worker_count(ray, workers), total)
    settings = dict(
        envs=envs, steps=steps, seed=seed, block=block, policy=policy, max_plies=max_plies, observation=observation
    )
    actor = ray.remote(num_cpus=1)(_SelfPlayShard)
    actors = [actor.remote(rules, settings) for _ in range(n_workers)]
    try:
        parts = ray.get([h.play.remote(list(range(k, total, n_workers))) for k, h in enumerate(actors)])
    finally:
        for handle in actors:
            ray.kill(handle)
    stats = SelfPlayStats()
    for part in parts:
        stats = stats + part
    return stats
