"""Self-play split into blocks, and the arena and self-play on a local Ray cluster
(`ray.init(num_cpus=2)`): the gathered result equals a single-process run with the same seeds,
whatever the number of workers. Ray is imported by `stratego.distributed` only."""

from __future__ import annotations

import logging
import subprocess
import sys
from typing import Any, Iterator

import numpy as np
import pytest

import stratego
import stratego.selfplay as sp
from stratego.agents import HeuristicAgent, RandomAgent, SamplingAgent


def test_import_stratego_does_not_import_ray() -> None:
    code = "import stratego, sys; print('ray' in sys.modules, 'stratego.distributed' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_self_play_blocks_in_any_split_give_the_run() -> None:
    whole = sp.run("barrage", envs=7, steps=400, seed=3, block=3)
    assert whole.steps == 7 * 400
    assert whole.episodes > 0
    assert whole.episodes == whole.red_wins + whole.blue_wins + whole.draws + whole.truncated
    parts = [sp.run_blocks("barrage", blocks, envs=7, steps=400, seed=3, block=3) for blocks in ([2], [0, 1])]
    assert parts[0] + parts[1] == whole
    assert sp.run("barrage", envs=7, steps=400, seed=4, block=3) != whole


def test_self_play_takes_a_batched_policy() -> None:
    # The legal id with the best score from a fixed table, shifted by what the observation
    # holds: a choice that depends on the position alone, yet varied enough for games to end
    # (the lowest legal id shuffles pieces forever).
    scores = np.random.default_rng(0).random(10_000)

    def best_scored(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        assert observations.shape[0] == masks.shape[0] <= 2, "one block's envs at a time"
        shift = observations.reshape(len(observations), -1).astype(np.int64).sum(axis=1) * 7919
        ids = (np.arange(masks.shape[1])[None, :] + shift[:, None]) % scores.size
        return (masks * scores[ids]).argmax(axis=1)

    played = sp.run("barrage", envs=4, steps=400, seed=1, block=2, policy=best_scored)
    random = sp.run("barrage", envs=4, steps=400, seed=1, block=2)
    assert played.episodes > 0 and random.episodes > 0, (played, random)
    assert played != random
    # Its blocks, played apart, make the same run.
    blocks = [sp.run_blocks("barrage", [b], envs=4, steps=400, seed=1, block=2, policy=best_scored) for b in (0, 1)]
    assert blocks[0] + blocks[1] == played


def test_self_play_refuses_bad_sizes() -> None:
    with pytest.raises(ValueError):
        sp.run("barrage", envs=0)
    with pytest.raises(ValueError):
        sp.run("barrage", envs=4, block=0)
    with pytest.raises(ValueError):
        sp.run_blocks("barrage", [5], envs=4, steps=1, block=2)


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    try:
        import ray
    except ImportError as e:
        pytest.skip(f"ray is not installed on this Python ({sys.version.split()[0]}): {e}")
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_ray_arena_equals_the_single_process_arena(ray: Any) -> None:
    from stratego import distributed

    a, b = SamplingAgent(seed=1, budget=8, candidates=2, horizon=1), HeuristicAgent(seed=2)
    local = stratego.arena.play(a, b, "barrage", games=10, seed=5, max_plies=300)
    for workers in (1, 2):
        remote = distributed.arena(a, b, "barrage", games=10, seed=5, workers=workers, max_plies=300)
        assert remote == local, f"{workers} workers"
        assert remote.records == local.records
        assert remote.names == local.names
    seen: list = []
    distributed.arena(
        HeuristicAgent(), RandomAgent(), "barrage", games=6, seed=1, shards=3, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (6, 6) and len(seen) == 3


def nearest_to_the_middle(view: stratego.PlayerView) -> stratego.Move:
    """A Python agent for the Ray actors: decides from the view alone."""
    middle = view.rules.height / 2
    return min(view.legal_moves, key=lambda m: (abs(m.to_square.row - middle), str(m)))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_python_agent_plays_on_ray_actors_as_at_home(ray: Any) -> None:
    from stratego import distributed

    # The test module is not importable on the workers: ship the function by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    local = stratego.arena.play(nearest_to_the_middle, RandomAgent(), "barrage", games=4, seed=2)
    assert distributed.arena(nearest_to_the_middle, RandomAgent(), "barrage", games=4, seed=2, workers=2) == local


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_ray_self_play_equals_the_single_process_run(ray: Any) -> None:
    from stratego import distributed

    local = sp.run("barrage", envs=6, steps=300, seed=2, block=2)
    for workers in (1, 2):
        assert distributed.self_play("barrage", envs=6, steps=300, seed=2, workers=workers, block=2) == local
