"""``VecEnv(threads=...)``: the counts it refuses, the clamp above ``n``, and results that do
not depend on the threads (nor on the pool stepping with or without its workers)."""

from __future__ import annotations

import numpy as np
import pytest

import stratego


@pytest.mark.parametrize("threads", [0, -1, -(2**70), 1025, 2**70])
def test_a_count_out_of_range_is_refused_naming_it(threads: int) -> None:
    with pytest.raises(ValueError, match=rf"threads must be in 1\.\.=1024.*got {threads}"):
        stratego.VecEnv(stratego.Rules("isf"), 4, threads=threads)


@pytest.mark.parametrize("threads", ["many", 2.0, True])
def test_a_count_of_another_kind_is_refused(threads: object) -> None:
    with pytest.raises((TypeError, ValueError), match="threads"):
        stratego.VecEnv(stratego.Rules("isf"), 4, threads=threads)  # type: ignore[arg-type]


def outputs_over(threads: object, n: int, steps: int) -> list:
    env = stratego.VecEnv(stratego.Rules("barrage"), n, seed=5, observation="board_codes", mask="bits", threads=threads)  # type: ignore[arg-type]
    seen = [tuple(np.copy(a) for a in env.reset())]
    for k in range(steps):
        seen.append(tuple(np.copy(a) for a in env.step(env.random_actions(k))))
    return seen


def test_results_do_not_depend_on_threads_even_above_n() -> None:
    # 300 steps: the pool's timing switches between stepping with and without its workers
    # several times on the way.
    one = outputs_over(1, 40, 300)
    for threads in (2, 3, 64, "auto"):
        other = outputs_over(threads, 40, 300)
        assert all(all(np.array_equal(a, b) for a, b in zip(x, y)) for x, y in zip(one, other)), threads


def test_a_refused_action_on_threads_changes_nothing() -> None:
    env = stratego.VecEnv(stratego.Rules("isf"), 64, seed=1, observation="board_codes", mask="bits", threads=2)
    env.reset()
    for k in range(40):
        env.step(env.random_actions(k))
    actions = env.random_actions(99)
    actions[37] = 0  # a1-a1: never a move
    before = [env.position_full(i) for i in range(64)]
    observations = np.copy(env.observations)
    with pytest.raises(ValueError, match="37"):
        env.step(actions)
    assert [env.position_full(i) for i in range(64)] == before
    assert np.array_equal(env.observations, observations)
    env.step(env.random_actions(99))
