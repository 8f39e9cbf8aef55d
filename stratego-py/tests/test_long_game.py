"""One long game from Python: ISF has no ply cap, so a game can run for hundreds of thousands of
plies. Views share the game's public history and ``pop`` takes one move back from what it
changed, so both cost the same late in a game as early; memory grows by a small constant per
ply; and at the end the record, the Gravon XML and the full position read back to the same game.

``STRATEGO_LONG_PLIES`` sets the length (default 100,000); ``bench/long_game.py`` times the
same operations at ply 1,000 and at the end of a 1,000,000-ply game.
"""

from __future__ import annotations

import os
import random

import numpy as np

import stratego
from stratego import Edition, Game, Player, Rules, Setup

PLIES = int(os.environ.get("STRATEGO_LONG_PLIES", "100000"))


def resident_bytes() -> int:
    """This process's resident memory (Linux), or 0 where /proc is not there."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def quiet_plies(game: Game, rng: random.Random, plies: int) -> None:
    """Random moves onto empty squares: nobody loses a piece, so the game goes on."""
    for _ in range(plies):
        quiet = [m for m in game.legal_moves if game.piece_at(m.to_square) is None]
        game.play(quiet[rng.randrange(len(quiet))])


def test_a_long_game_stays_cheap_per_ply_and_reads_back_whole() -> None:
    rules = Rules.edition(Edition.ISF)
    game = Game(rules, Setup.random(rules, Player.RED, 11), Setup.random(rules, Player.BLUE, 12))
    rng = random.Random(5)
    quiet_plies(game, rng, 1_000)
    before = resident_bytes()
    quiet_plies(game, rng, PLIES - 1_000)
    grown = resident_bytes() - before
    per_ply = grown / (PLIES - 1_000)
    print(f"long game from Python: {PLIES} plies, resident memory +{per_ply:.0f} bytes per ply")
    assert game.outcome is None and game.ply == PLIES
    assert per_ply < 1_000, f"memory grew by {per_ply:.0f} bytes per ply"

    view = game.view(Player.BLUE)
    assert len(view.history) == PLIES
    assert [m.move for m in view.history[-5:]] == [r.move for r in game.history[-5:]]

    end = game.position_full()
    taken = [game.pop() for _ in range(10)]
    assert game.ply == PLIES - 10
    for mv in reversed(taken):
        game.push(mv)
    assert game.position_full() == end

    mover = game.view(game.to_move)
    assert int(mover.action_mask().sum()) == game.legal_move_count() > 0
    obs = np.zeros(rules.observation_shape, dtype=np.float32)
    mover.observation_into(obs)
    assert obs.any()

    assert Game.from_record(game.record()) == game
    back = stratego.read_gravon(stratego.write_gravon(game, "red", "blue"))
    assert back.position_full() == game.position_full()
    assert Game.from_position(rules, end).position_full() == end
