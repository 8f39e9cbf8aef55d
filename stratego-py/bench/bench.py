"""Speed of the engine from Python, on one core: a single game driven by a Python loop, VecEnv
at n = 1, 64 and 1024 with float planes and with the byte board, and the PettingZoo env.

Run from the repository root after building the module into a virtual environment (as
scripts/python.sh does; build with ``maturin develop --release`` in stratego-py/ for figures):

    python stratego-py/bench/bench.py            # a few minutes
    python stratego-py/bench/bench.py --quick    # a few seconds, for a smoke test
    python stratego-py/bench/bench.py --part single --part vecenv   # some rows only

Figures are in steps (or env-steps) per second. Each is taken from many short timed pieces (one
VecEnv call, or 200 plies of a game) as items over the median piece time: on a machine shared
with other work a piece either runs undisturbed or is preempted as a whole, so the median shows
the undisturbed speed, where a total time would not.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from typing import Callable, List, Optional, Tuple

# NumPy's OpenBLAS starts worker threads that spin for work and take CPU from the measured
# loop on a small machine; the figures are for one core, so keep BLAS to the calling thread.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import stratego  # noqa: E402

PIECE = 200  # plies per timed piece of a single game
PARTS = ["single", "vecenv", "pettingzoo"]


def median_rate(times: List[float], items_per_piece: int) -> float:
    return items_per_piece / statistics.median(times)


def median_of_rates(rates: List[float]) -> float:
    return statistics.median(rates)


def recorded_games(rules: stratego.Rules, count: int, plies: int) -> List[List[int]]:
    """The action ids of `count` seeded games, each up to `plies` plies (chosen outside any
    timing, so the single-game figures time play_action and the encoders only)."""
    games = []
    for seed in range(count):
        game = stratego.Game.random(rules, seed=seed)
        ids: List[int] = []
        k = seed
        while game.outcome is None and len(ids) < plies:
            legal = game.legal_actions()
            k = (k * 6364136223846793005 + 1442695040888963407) % 2**64
            a = legal[(k >> 33) % len(legal)]
            game.play_action(a)
            ids.append(a)
        games.append(ids)
    return games


def single_game(rules: stratego.Rules, repeats: int, games: int) -> None:
    recorded = recorded_games(rules, games, 2000)
    obs = np.zeros(rules.observation_shape, dtype=np.float32)
    mask = np.zeros(rules.num_actions, dtype=np.uint8)
    codes = np.zeros(rules.num_squares, dtype=np.uint8)

    def pieces(step: Callable[[stratego.Game], Callable[[int], None]]) -> float:
        """Replay every recorded game with `step(game)` applied to each id; the median rate
        over pieces of up to PIECE plies."""
        rates = []
        for _ in range(repeats):
            for seed, ids in enumerate(recorded):
                game = stratego.Game.random(rules, seed=seed)
                one = step(game)
                for start in range(0, len(ids), PIECE):
                    chunk = ids[start : start + PIECE]
                    t0 = time.perf_counter()
                    for a in chunk:
                        one(a)
                    rates.append(len(chunk) / (time.perf_counter() - t0))
        return median_of_rates(rates)

    def play_only(game: stratego.Game) -> Callable[[int], None]:
        return game.play_action

    def with_encoding(encoding: str, out: np.ndarray) -> Callable[[stratego.Game], Callable[[int], None]]:
        """Each play followed by the game's `encoding` method into `out`, then the mask."""

        def step(game: stratego.Game) -> Callable[[int], None]:
            play, encode, masked = game.play_action, getattr(game, encoding), game.action_mask_into

            def one(a: int) -> None:
                play(a)
                encode(out)
                masked(mask)

            return one

        return step

    report("Game.play_action alone", pieces(play_only), "steps/s", target=3e6)
    report("  + observation_into + action_mask_into", pieces(with_encoding("observation_into", obs)), "steps/s", target=1e6)
    report("  + board_codes_into + action_mask_into", pieces(with_encoding("board_codes_into", codes)), "steps/s")


def vec_env(rules: stratego.Rules, repeats: int, env_steps: int, sizes: Tuple[int, ...]) -> None:
    kinds = (("planes", "bytes", 1.5e6), ("planes", "bits", 1.5e6), ("board_codes", "bits", 5e6),
             ("board_codes", "bytes", 5e6))
    for observation, mask, target in kinds:
        for n in sizes:
            env = stratego.VecEnv(rules, n, seed=1, observation=observation, mask=mask)
            times = []
            for _ in range(repeats):
                for step in range(max(3, env_steps // n)):
                    # The engine's random policy picks the actions, outside the timed call.
                    actions = env.random_actions(step)
                    t0 = time.perf_counter()
                    env.step(actions)
                    times.append(time.perf_counter() - t0)
            report(f"VecEnv n={n:<5} {observation:>11} + {mask:<5} mask", median_rate(times, n), "env-steps/s",
                   target=target if n == 1024 else None)


def pettingzoo(rules: stratego.Rules, repeats: int, steps: int) -> None:
    try:
        from stratego import envs

        env = envs.pettingzoo_env(rules=rules)
    except Exception as e:  # the envs extra missing, or no PettingZoo env in this build
        print(f"  PettingZoo env: not measured ({type(e).__name__}: {e})")
        return
    rng = np.random.default_rng(0)
    times = []
    for r in range(repeats):
        env.reset(seed=r)
        done = 0
        t0 = time.perf_counter()
        while done < steps:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset(seed=done)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            done += 1
            if done % PIECE == 0:
                times.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
    report("PettingZoo AEC env (random legal actions)", median_rate(times, PIECE), "steps/s")


def report(what: str, rate: float, unit: str, target: Optional[float] = None) -> None:
    mark = ""
    if target is not None:
        mark = f"   (target >= {target / 1e6:g} M: {'met' if rate >= target else 'MISSED'})"
    print(f"  {what:<48} {rate / 1e6:8.3f} M {unit}{mark}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny runs, for a smoke test")
    parser.add_argument("--rules", default="isf", help="rules text (default: isf)")
    parser.add_argument("--part", action="append", choices=PARTS, help="measure only these parts (repeatable)")
    parser.add_argument("--n", type=int, action="append", help="VecEnv sizes to measure (default 1, 64, 1024)")
    args = parser.parse_args()
    parts = args.part or PARTS
    rules = stratego.Rules(args.rules)
    repeats, games, env_steps, pz_steps = (1, 1, 2_000, PIECE) if args.quick else (3, 8, 300_000, 10_000)
    print(f"stratego {stratego.__version__}, rules {args.rules}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} logical CPUs; one core used", flush=True)
    if "single" in parts:
        single_game(rules, repeats, games)
    if "vecenv" in parts:
        vec_env(rules, repeats, env_steps, tuple(args.n or (1, 64, 1024)))
    if "pettingzoo" in parts:
        pettingzoo(rules, repeats, pz_steps)


if __name__ == "__main__":
    main()
