"""A long game from Python: what a view, ``pop`` + ``push`` and an observation cost at ply 1,000
and at the end of one ISF game of random moves onto empty squares (by default 1,000,000 plies,
so it never ends), and the resident memory it took per ply.

    python stratego-py/bench/long_game.py            # 1,000,000 plies, about a minute
    python stratego-py/bench/long_game.py 100000

Each cost is the median of many timed calls, in microseconds.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Callable, Dict

import numpy as np

from stratego import Edition, Game, Player, Rules, Setup


def resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def median_us(f: Callable[[], object], rounds: int = 2001) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def quiet_plies(game: Game, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        quiet = [m for m in game.legal_moves if game.piece_at(m.to_square) is None]
        game.play(quiet[rng.randrange(len(quiet))])


def costs(game: Game, rules: Rules) -> Dict[str, float]:
    obs = np.zeros(rules.observation_shape, dtype=np.float32)

    def pop_push() -> None:
        game.push(game.pop())

    return {
        "view": median_us(lambda: game.view(Player.RED)),
        "pop + push": median_us(pop_push),
        "view + observation_into": median_us(lambda: game.view(game.to_move).observation_into(obs)),
    }


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rules = Rules.edition(Edition.ISF)
    game = Game(rules, Setup.random(rules, Player.RED, 11), Setup.random(rules, Player.BLUE, 12))
    rng = random.Random(5)
    quiet_plies(game, rng, 1_000)
    early = costs(game, rules)
    before, t = resident_bytes(), time.perf_counter()
    quiet_plies(game, rng, plies - 1_000)
    secs = time.perf_counter() - t
    per_ply = (resident_bytes() - before) / (plies - 1_000)
    late = costs(game, rules)
    print(f"{plies} plies from Python in {secs:.1f} s; resident memory +{per_ply:.0f} bytes per ply")
    for name in early:
        print(f"{name:>24}: {early[name]:7.2f} us at ply 1,000, {late[name]:7.2f} us at ply {plies} ({late[name] / early[name]:.2f}x)")


if __name__ == "__main__":
    main()
