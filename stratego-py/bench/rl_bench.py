"""How a ``VecEnv`` step scales with threads: 1, 2, every CPU and ``"auto"``, on a quiet
machine and beside one busy process (a niced ``python -c "while True: pass"`` that this script
starts and stops), all in one run.

The loop is the one a researcher times first: ``env.step(env.random_actions(k))`` on N ISF
envs (default 1,024) writing board codes and bit masks. The thread counts take turns, one
block of steps each, so a slow stretch of the machine slows them all; the figure is the median
of each count's blocks, in env-steps per second, with its ratio to one thread.

    python stratego-py/bench/rl_bench.py [--envs 1024] [--steps 100] [--rounds 7]

``scripts/rl_bench.sh`` runs it with the engine's speed benchmark (compact step / random
move, random move / fastest reference). The figures depend on the machine and on what else
runs on it: the quiet column means something only on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from typing import Dict, List, Sequence, Union

import stratego

Threads = Union[int, str]


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def scaling(n: int, steps: int, rounds: int, counts: Sequence[Threads]) -> Dict[Threads, float]:
    """Median env-steps per second of each thread count, the counts taking turns."""
    envs = {
        t: stratego.VecEnv(stratego.Rules("isf"), n, seed=0, observation="board_codes", mask="bits", threads=t)
        for t in counts
    }
    for env in envs.values():
        env.reset()
        # Warm up: the threads start, and the pool settles on its way of stepping.
        for k in range(64):
            env.step(env.random_actions(k))
    rates: Dict[Threads, List[float]] = {t: [] for t in counts}
    for r in range(rounds):
        for t, env in envs.items():
            # A few untimed steps first: the loop just before was another VecEnv's, whose
            # workers may still be awake; a researcher's loop steps one VecEnv on and on.
            for k in range(10):
                env.step(env.random_actions(k))
            start = time.perf_counter()
            for k in range(steps):
                env.step(env.random_actions(1000 + r * steps + k))
            rates[t].append(steps * n / (time.perf_counter() - start))
    return {t: statistics.median(v) for t, v in rates.items()}


def busy_process() -> "subprocess.Popen[bytes]":
    """One niced process that keeps a core busy until stopped."""
    return subprocess.Popen(["nice", "-n", "10", sys.executable, "-c", "while True: pass"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=100, help="steps per block")
    parser.add_argument("--rounds", type=int, default=7, help="blocks per thread count")
    args = parser.parse_args()
    every = cpus()
    counts: List[Threads] = [1, 2] + ([every] if every > 2 else []) + ["auto"]
    print(f"# VecEnv scaling: {args.envs} ISF envs, board codes + bit masks, {every} CPUs,")
    print(f"# {args.rounds} blocks of {args.steps} steps per count (median), load average before: {os.getloadavg()[0]:.1f}")
    quiet = scaling(args.envs, args.steps, args.rounds, counts)
    busy = busy_process()
    try:
        time.sleep(0.5)
        loaded = scaling(args.envs, args.steps, args.rounds, counts)
    finally:
        busy.kill()
        busy.wait()
    print(f"{'threads':<10} {'quiet env-steps/s':>18} {'vs 1':>6} {'beside a busy process':>22} {'vs 1':>6}")
    for t in counts:
        name = f"all ({t})" if t == every and t not in (1, 2) else str(t)
        if t == "auto":
            name = f"auto ({stratego.VecEnv(stratego.Rules('isf'), args.envs, threads='auto').threads})"
        print(
            f"{name:<10} {quiet[t]:>18,.0f} {quiet[t] / quiet[1]:>5.2f}x {loaded[t]:>22,.0f} {loaded[t] / loaded[1]:>5.2f}x"
        )


if __name__ == "__main__":
    main()
