"""Speed of the arena from Python: games per second of built-in agents (played in Rust with the
GIL released) on 1 and 2 worker threads, and of a Python agent called back under the GIL.

Run from the repository root after building the module into a virtual environment:

    python stratego-py/bench/arena.py            # about a minute
    python stratego-py/bench/arena.py --quick    # a few seconds, for a smoke test

Each figure is the median over a few repeats of one whole match (games per second of wall
time, and plies per second over all its games).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable, List, Tuple

import stratego
from stratego.agents import HeuristicAgent, RandomAgent


def first_legal(view: stratego.PlayerView) -> stratego.Move:
    """A Python agent doing the least a Python agent can: the first legal move."""
    return view.legal_moves[0]


def timed(run: Callable[[], stratego.arena.ArenaResult], repeats: int) -> Tuple[float, float]:
    games: List[float] = []
    plies: List[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        seconds = time.perf_counter() - start
        games.append(len(result) / seconds)
        plies.append(sum(result.plies) / seconds)
    return statistics.median(games), statistics.median(plies)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny runs, for a smoke test")
    parser.add_argument("--rules", default="isf", help="rules text (default: isf)")
    args = parser.parse_args()
    games, repeats = (8, 1) if args.quick else (200, 3)
    rules = stratego.Rules(args.rules)
    cases: List[Tuple[str, Any, Any, int]] = [
        ("heuristic vs random, 1 worker", HeuristicAgent(), RandomAgent(), 1),
        ("heuristic vs random, 2 workers", HeuristicAgent(), RandomAgent(), 2),
        ("python first-legal vs random, 1 worker", first_legal, RandomAgent(), 1),
        ("python first-legal vs random, 2 workers", first_legal, RandomAgent(), 2),
    ]
    print(f"rules {rules}, {games} games a match, median of {repeats}")
    for name, a, b, workers in cases:
        g, p = timed(lambda: stratego.arena.play(a, b, rules, games=games, seed=1, workers=workers), repeats)
        print(f"{name:42} {g:8.1f} games/s {p:12.0f} plies/s")


if __name__ == "__main__":
    main()
