"""Speed of the engine from Python, on one core: a single game driven by a Python loop, VecEnv
at n = 1, 64 and 1024 with float planes and with the byte board, and the PettingZoo env.

Run from the repository root after building the module into a virtual environment (as
tests/python.sh does):

    python stratego-py/bench/bench.py            # about a minute
    python stratego-py/bench/bench.py --quick    # a few seconds, for a smoke test

Every figure is the best of a few repeats (the least disturbed by other work on the machine),
in steps (or env-steps) per second.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Callable, List

import numpy as np

import stratego


def best_rate(run: Callable[[], int], repeats: int) -> float:
    """Items per second of `run` (which returns how many items it did), best of `repeats`."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        items = run()
        elapsed = time.perf_counter() - start
        best = max(best, items / elapsed)
    return best


def recorded_games(rules: stratego.Rules, count: int, plies: int) -> List[List[int]]:
    """The action ids of `count` seeded games, each up to `plies` plies (chosen outside any
    timing, so the single-game figures time play_action and the encoders only)."""
    games = []
    for seed in range(count):
        game = stratego.Game.random(rules, seed=seed)
        ids = []
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
    plies = sum(len(ids) for ids in recorded)

    def play_only() -> int:
        for seed, ids in enumerate(recorded):
            game = stratego.Game.random(rules, seed=seed)
            play = game.play_action
            for a in ids:
                play(a)
        return plies

    shape = rules.observation_shape
    obs = np.zeros(shape, dtype=np.float32)
    mask = np.zeros(rules.num_actions, dtype=np.uint8)

    def with_encodings() -> int:
        for seed, ids in enumerate(recorded):
            game = stratego.Game.random(rules, seed=seed)
            play, observe, masked = game.play_action, game.observation_into, game.action_mask_into
            for a in ids:
                play(a)
                observe(obs)
                masked(mask)
        return plies

    codes = np.zeros(rules.num_squares, dtype=np.uint8)

    def with_byte_board() -> int:
        for seed, ids in enumerate(recorded):
            game = stratego.Game.random(rules, seed=seed)
            play, board, masked = game.play_action, game.board_codes_into, game.action_mask_into
            for a in ids:
                play(a)
                board(codes)
                masked(mask)
        return plies

    report("Game.play_action alone", best_rate(play_only, repeats), "steps/s", target=3e6)
    report("  + observation_into + action_mask_into", best_rate(with_encodings, repeats), "steps/s", target=1e6)
    report("  + board_codes_into + action_mask_into", best_rate(with_byte_board, repeats), "steps/s")


def vec_env(rules: stratego.Rules, repeats: int, env_steps: int) -> None:
    for observation, mask, target in (("planes", "bytes", 1.5e6), ("planes", "bits", 1.5e6),
                                      ("board_codes", "bits", 5e6), ("board_codes", "bytes", 5e6)):
        for n in (1, 64, 1024):
            env = stratego.VecEnv(rules, n, seed=1, observation=observation, mask=mask)
            steps = max(1, env_steps // n)
            # The actions come from the engine's random policy, chosen outside the timed calls.
            actions = [env.random_actions(s) for s in range(1)]

            def run() -> int:
                timed = 0.0
                for s in range(steps):
                    actions[0] = env.random_actions(s)
                    start = time.perf_counter()
                    env.step(actions[0])
                    timed += time.perf_counter() - start
                run.timed = timed  # type: ignore[attr-defined]
                return steps * n

            best = 0.0
            for _ in range(repeats):
                items = run()
                best = max(best, items / run.timed)  # type: ignore[attr-defined]
            report(f"VecEnv n={n:<5} {observation:>11} + {mask:<5} mask", best, "env-steps/s",
                   target=target if n == 1024 else None)


def pettingzoo(rules: stratego.Rules, repeats: int, steps: int) -> None:
    try:
        from stratego import envs  # noqa: PLC0415 (optional extra)

        env = envs.pettingzoo_env(rules=rules)
    except Exception as e:  # the envs extra missing, or no PettingZoo env in this build
        print(f"  PettingZoo env: not measured ({type(e).__name__}: {e})")
        return

    def run() -> int:
        env.reset(seed=0)
        done = 0
        rng = np.random.default_rng(0)
        while done < steps:
            agent = env.agent_selection
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset(seed=done)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            done += 1
            del agent
        return done

    report("PettingZoo AEC env (random legal actions)", best_rate(run, repeats), "steps/s")


def report(what: str, rate: float, unit: str, target: float | None = None) -> None:
    mark = ""
    if target is not None:
        mark = f"   (target >= {target / 1e6:g} M: {'met' if rate >= target else 'MISSED'})"
    print(f"  {what:<48} {rate / 1e6:8.3f} M {unit}{mark}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny runs, for a smoke test")
    parser.add_argument("--rules", default="isf", help="rules text (default: isf)")
    args = parser.parse_args()
    rules = stratego.Rules(args.rules)
    repeats, games, env_steps, pz_steps = (1, 1, 2_000, 200) if args.quick else (5, 8, 400_000, 20_000)
    print(f"stratego {stratego.__version__}, rules {args.rules}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} logical CPUs; one core used")
    single_game(rules, repeats, games)
    vec_env(rules, repeats, env_steps)
    pettingzoo(rules, repeats, pz_steps)


if __name__ == "__main__":
    main()
