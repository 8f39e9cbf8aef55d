"""Speed of the RL paths at a batch of N envs (default 1024), all in one run so the ratios compare
like with like:

- ``selfplay``: ``stratego.VecEnv`` stepping on its own random actions (``random_actions``), the
  baseline of issue 19;
- ``vector ids``: ``vector_env(opponent="random", mask="ids")`` driven by a NumPy policy that
  samples one legal id per env from the padded rows (each step also plays the opponent's reply);
- ``vector mask``: the same loop picking from the 10,000-wide byte masks instead, for contrast;
- ``threads``: self-play ``VecEnv.step`` alone on 1 and 2 threads (``threads=``), with three
  kinds of output;
- ``vector ids, torch``: the same loop drawing the actions with torch (a ``Categorical`` over
  the padded ids, as the torch policy of docs/src/training.md ends), where torch is importable;
- the sampling itself: uniform and softmax draws over the ids, in NumPy and with the helper
  ``sample_legal_ids`` (Rust), and torch where it is importable.

Env-steps per second are medians over ``--repeats`` runs. The figures depend on the machine and
on its load: run it on a quiet machine.

    python stratego-py/bench/vector_bench.py [--envs 1024] [--steps 200] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable, Dict

import numpy as np

import stratego
from stratego.envs._vector import sample_legal_ids, vector_env


def rate(run: Callable[[], None], steps: int, envs: int, repeats: int) -> float:
    """Median env-steps per second of ``run`` (which does ``steps`` batched steps)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        rates.append(steps * envs / (time.perf_counter() - start))
    return statistics.median(rates)


def selfplay(n: int, steps: int, observation: str, mask: str, threads: int) -> Callable[[], None]:
    env = stratego.VecEnv(stratego.Rules("isf"), n, seed=0, observation=observation, mask=mask, threads=threads)
    env.reset()

    def run() -> None:
        for k in range(steps):
            env.step(env.random_actions(k))

    return run


def step_rate(n: int, steps: int, observation: str, mask: str, threads: int, repeats: int) -> float:
    """Median env-steps per second of ``VecEnv.step`` alone on ``threads`` threads."""
    env = stratego.VecEnv(stratego.Rules("isf"), n, seed=0, observation=observation, mask=mask, threads=threads)
    env.reset()
    rates = []
    for r in range(repeats):
        spent = 0.0
        for k in range(steps):
            actions = env.random_actions(r * steps + k)
            start = time.perf_counter()
            env.step(actions)
            spent += time.perf_counter() - start
        rates.append(steps * n / spent)
    return statistics.median(rates)


def vector_ids(n: int, steps: int, observation: str, threads: int) -> Callable[[], None]:
    envs = vector_env("isf", num_envs=n, opponent="random", observation=observation, mask="ids", threads=threads, copy=False)
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    rows = np.arange(n)

    def run() -> None:
        nonlocal obs
        for _ in range(steps):
            ids = obs["legal_actions"]
            counts = (ids >= 0).sum(axis=1)
            pick = (rng.random(n) * counts).astype(np.int64)
            obs, *_ = envs.step(ids[rows, pick])

    return run


def vector_ids_rust_sampler(n: int, steps: int, observation: str) -> Callable[[], None]:
    envs = vector_env("isf", num_envs=n, opponent="random", observation=observation, mask="ids", copy=False)
    obs, _ = envs.reset(seed=0)

    def run() -> None:
        nonlocal obs
        for k in range(steps):
            obs, *_ = envs.step(sample_legal_ids(obs["legal_actions"], seed=k))

    return run


def vector_ids_torch(n: int, steps: int, threads: int) -> Callable[[], None]:
    """The ids loop with torch drawing the actions: a ``Categorical`` over each row's legal
    ids (uniform logits, the padding masked out), gathered back to ids. A policy network's
    forward pass would come on top and depends on the network, not on the env."""
    import torch

    envs = vector_env("isf", num_envs=n, opponent="random", observation="board_codes", mask="ids", threads=threads, copy=False)
    obs, _ = envs.reset(seed=0)
    torch.manual_seed(0)

    def run() -> None:
        nonlocal obs
        for _ in range(steps):
            ids = torch.from_numpy(obs["legal_actions"]).long()
            logits = torch.zeros(ids.shape).masked_fill(ids < 0, float("-inf"))
            pick = torch.distributions.Categorical(logits=logits).sample()
            obs, *_ = envs.step(ids.gather(1, pick[:, None]).squeeze(1).numpy())

    return run


def vector_mask(n: int, steps: int, observation: str) -> Callable[[], None]:
    envs = vector_env("isf", num_envs=n, opponent="random", observation=observation, mask="bytes", copy=False)
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(0)

    def run() -> None:
        nonlocal obs
        for _ in range(steps):
            mask = obs["action_mask"].view(np.bool_)
            # The usual NumPy pick: a random score per action, masked, argmax.
            scores = np.where(mask, rng.random(mask.shape, dtype=np.float32), -1.0)
            obs, *_ = envs.step(scores.argmax(axis=1))

    return run


def numpy_softmax(ids: np.ndarray, logits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A careful NumPy draw from the softmax over each row's legal ids: trimmed to the widest
    row of the batch, then one cumulative sum per row."""
    n = len(ids)
    counts = (ids >= 0).sum(axis=1)
    w = int(counts.max())
    z = np.where(ids[:, :w] >= 0, logits[:, :w], -np.inf)
    z -= z.max(axis=1, keepdims=True)
    np.exp(z, out=z)
    c = np.cumsum(z, axis=1)
    u = rng.random(n) * c[:, -1]
    pick = np.minimum((c < u[:, None]).sum(axis=1), counts - 1)
    return ids[np.arange(n), pick]


def sampling(n: int, steps: int) -> Dict[str, float]:
    """Actions drawn per second from padded ids of a batch 300 steps into its games."""
    envs = vector_env("isf", num_envs=n, opponent="random", observation="board_codes", mask="ids", copy=False)
    obs, _ = envs.reset(seed=0)
    for k in range(300):
        obs, *_ = envs.step(sample_legal_ids(obs["legal_actions"], seed=k))
    ids = obs["legal_actions"].copy()
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    logits = rng.normal(size=ids.shape).astype(np.float32)
    full = rng.normal(size=(n, 10_000)).astype(np.float32)

    def numpy_uniform() -> None:
        counts = (ids >= 0).sum(axis=1)
        ids[rows, (rng.random(n) * counts).astype(np.int64)]

    out = {
        "uniform over ids, NumPy": numpy_uniform,
        "uniform over ids, sample_legal_ids": lambda: sample_legal_ids(ids, seed=1),
        "softmax over ids [n, L], NumPy": lambda: numpy_softmax(ids, logits, rng),
        "softmax over ids [n, L], sample_legal_ids": lambda: sample_legal_ids(ids, logits, seed=1),
        "softmax over ids [n, A], sample_legal_ids": lambda: sample_legal_ids(ids, full, seed=1),
    }
    try:
        import torch

        tids = torch.from_numpy(ids).long()
        tlogits = torch.from_numpy(logits)

        def torch_sample() -> None:
            masked = tlogits.masked_fill(tids < 0, float("-inf"))
            pick = torch.distributions.Categorical(logits=masked).sample()
            tids.gather(1, pick[:, None])

        out["softmax over ids [n, L], torch Categorical"] = torch_sample
    except ImportError:
        print("torch is not importable: its row is skipped")
    result = {}
    for name, f in out.items():
        result[name] = rate(lambda f=f: [f() for _ in range(steps)], steps, n, 3)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    n, steps, repeats = args.envs, args.steps, args.repeats
    print(f"n = {n} envs, {steps} steps per run, median of {repeats} runs; env-steps/s")

    rows = []
    for observation in ("board_codes", "planes"):
        base = rate(selfplay(n, steps, observation, "bits", 1), steps, n, repeats)
        ids = rate(vector_ids(n, steps, observation, 1), steps, n, repeats)
        rows.append((f"selfplay VecEnv, {observation} + bits, own random actions", base, 1.0))
        rows.append((f"vector_env vs random, {observation} + ids, NumPy sampling", ids, ids / base))
        helper = rate(vector_ids_rust_sampler(n, steps, observation), steps, n, repeats)
        rows.append((f"vector_env vs random, {observation} + ids, sample_legal_ids", helper, helper / base))
        if observation == "board_codes":
            masked = rate(vector_mask(n, steps, observation), steps, n, repeats)
            rows.append((f"vector_env vs random, {observation} + bytes mask, NumPy argmax", masked, masked / base))
        two = rate(vector_ids(n, steps, observation, 2), steps, n, repeats)
        rows.append((f"vector_env vs random, {observation} + ids, NumPy sampling, 2 threads", two, two / base))
    try:
        import torch  # noqa: F401

        for threads in (1, 2):
            value = rate(vector_ids_torch(n, steps, threads), steps, n, repeats)
            base = rows[0][1]  # self-play with the byte board
            rows.append((f"vector_env vs random, board_codes + ids, torch Categorical, {threads} thread(s)", value, value / base))
    except ImportError:
        print("torch is not importable: the torch loop is skipped")
    for name, value, ratio in rows:
        print(f"{name:<72} {value:>12,.0f}  {ratio:5.2f}x selfplay")

    print("\nthreads (selfplay VecEnv, the step alone: random_actions is not timed):")
    for observation, mask in (("board_codes", "bits"), ("board_codes", "ids"), ("planes", "bytes")):
        one = step_rate(n, steps, observation, mask, 1, repeats)
        two = step_rate(n, steps, observation, mask, 2, repeats)
        print(f"{observation + ' + ' + mask:<30} 1 thread {one:>12,.0f}   2 threads {two:>12,.0f}   {two / one:4.2f}x")

    print("\nsampling alone (actions/s):")
    for name, value in sampling(n, steps).items():
        print(f"{name:<40} {value:>14,.0f}")


if __name__ == "__main__":
    main()
