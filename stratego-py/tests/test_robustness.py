"""Garbage in from Python: every call either works or raises ValueError / TypeError, and the
game stays as it was. A panic in Rust would surface as PanicException (a BaseException) and
fail these tests."""

from __future__ import annotations

import random
import string

import numpy as np

import stratego
from stratego import Game, Player, Rules, Setup

ALPHABET = string.ascii_letters + string.digits + "-_ ()=,.:/"


def garbage(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 12)))


def near_square(rng: random.Random) -> str:
    return rng.choice("abcdefghijklmnopqz") + str(rng.randint(-1, 18))


def calls(game: Game, rng: random.Random):
    sq = near_square(rng)
    mv = f"{near_square(rng)}-{near_square(rng)}"
    n = rng.choice([-(2**70), -1, 0, 99, 9_999, 10_000, 2**31, 2**64, 2**70])
    rules = game.rules
    yield lambda: game.play(mv)
    yield lambda: game.play(garbage(rng))
    yield lambda: game.play_action(n)
    yield lambda: game.play_action(rng.randrange(rules.num_actions))
    yield lambda: game.piece_at(sq)
    yield lambda: game.view(Player.RED).square(sq)
    yield lambda: rules.is_lake(sq)
    yield lambda: rules.in_zone(Player.BLUE, sq)
    yield lambda: rules.action_id(Player.BLUE, mv)
    yield lambda: rules.action_move(Player.RED, n)
    yield lambda: game.action_move(n)
    yield lambda: Game.from_position(rules, garbage(rng))
    yield lambda: Game.from_position(rules, game.position()[:-1] + garbage(rng))
    yield lambda: Rules(garbage(rng))
    yield lambda: Rules(f"isf({garbage(rng)})")
    yield lambda: Setup.parse(rules, Player.RED, garbage(rng))
    yield lambda: Game.from_record(garbage(rng))
    yield lambda: stratego.read_gravon(garbage(rng))
    yield lambda: stratego.Square.at(n, 0)
    yield lambda: stratego.Square.from_index(n, rng.randint(-2, 20))
    yield lambda: game.observation_into(np.zeros(rng.randint(0, 5000), dtype=np.float32))
    yield lambda: game.action_mask_into(np.zeros(rng.choice([0, 9_999, 10_001]), dtype=np.uint8))


def test_random_garbage_never_panics_or_changes_the_game() -> None:
    rng = random.Random(20261201)
    for seed in range(4):
        game = Game.random(Rules(rng.choice(["isf", "barrage", "estrategia", "classic"])), seed=seed)
        for _ in range(40):
            game.play(game.legal_moves[rng.randrange(len(game.legal_moves))])
            if game.outcome is not None:
                break
        for _ in range(150):
            for call in calls(game, rng):
                before = game.record()
                try:
                    call()
                except (ValueError, TypeError):
                    assert game.record() == before
                else:
                    if game.record() != before:  # a legal move or action was played: undo it
                        game.undo()
                        assert game.record() == before
