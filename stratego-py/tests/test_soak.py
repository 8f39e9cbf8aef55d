"""Soak from Python: rounds of random games in every edition and of a VecEnv, checking the
invariants (pieces conserved, an illegal attempt changes nothing, an outcome once set stays) and,
with ``tracemalloc``, that the Python memory still allocated after the last round is no more than
after the first (no growth across rounds)."""

from __future__ import annotations

import gc
import tracemalloc

import stratego
from stratego import Edition, Game, Player, Rules

ROUNDS = 4


def soak_game(rules: Rules, seed: int) -> None:
    game = Game.random(rules, seed=seed)
    armies = {p: len(game.pieces_of(p)) for p in (Player.RED, Player.BLUE)}
    outcome = None
    for ply in range(300):
        actions = game.legal_actions()
        before = (game.position_full(), game.ply, game.outcome)
        bad = next(a for a in range((ply * 7919) % rules.num_actions, rules.num_actions + 1) if a not in actions)
        try:
            game.play_action(bad)
            raise AssertionError(f"unlisted action {bad} played")
        except ValueError:
            pass
        assert (game.position_full(), game.ply, game.outcome) == before
        if outcome is not None:
            assert game.outcome == outcome and actions == []
            break
        game.play_action(actions[(ply * 31 + seed) % len(actions)])
        for p, n in armies.items():
            assert len(game.pieces_of(p)) + len(game.captured(p)) == n
        outcome = game.outcome


def one_round(round_: int) -> None:
    for i, edition in enumerate(list(Edition)):
        soak_game(Rules(edition.name.lower()), round_ * 100 + i)
    env = stratego.VecEnv(Rules("barrage"), 8, seed=round_, observation="board_codes")
    for step in range(50):
        env.step(env.random_actions(step))
    del env


def test_memory_does_not_grow_over_rounds() -> None:
    tracemalloc.start()
    try:
        one_round(0)
        gc.collect()
        first, _ = tracemalloc.get_traced_memory()
        for r in range(1, ROUNDS):
            one_round(r)
        gc.collect()
        last, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert last <= first + 16 * 1024, f"{last - first} bytes more after {ROUNDS} rounds than after one"
