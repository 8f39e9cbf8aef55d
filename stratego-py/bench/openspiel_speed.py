"""Speed of the OpenSpiel game (``stratego.envs.openspiel_game``), on one core: random plies
through ``pyspiel`` states (legal actions and apply), the same with the mover's
information-state tensor each ply, and OpenSpiel's own ``random_sim_test``.

Run from the repository root with open_spiel installed (``bash scripts/python.sh`` installs it;
build with ``maturin develop --release`` in stratego-py/ for figures):

    python stratego-py/bench/openspiel_speed.py

Plies per second are the median over 30 pieces of 200 plies (see bench.py for why).
"""

from __future__ import annotations

import random
import statistics
import time

import pyspiel

from stratego.envs import openspiel_game

PIECE = 200


def plies_per_second(game, with_tensor: bool, rng: random.Random) -> float:
    state = game.new_initial_state()
    start, plies = time.perf_counter(), 0
    while not state.is_terminal() and plies < PIECE:
        if with_tensor:
            state.information_state_tensor(state.current_player())
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        plies += 1
    return plies / (time.perf_counter() - start)


def main() -> None:
    game = openspiel_game("isf", seed=1)
    rng = random.Random(0)
    for with_tensor, what in ((False, "legal_actions + apply_action"), (True, "... + information_state_tensor")):
        median = statistics.median(plies_per_second(game, with_tensor, rng) for _ in range(30))
        print(f"isf, {what}: {median:,.0f} plies/s")
    start = time.perf_counter()
    barrage = openspiel_game("barrage", seed=11, max_plies=300)
    pyspiel.random_sim_test(barrage, num_sims=10, serialize=True, verbose=False)
    print(f"random_sim_test, barrage, 10 games (300-ply cap): {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
