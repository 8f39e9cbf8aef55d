"""Plays one whole seeded game between two random players and prints it (the Python twin of
``play.rs``).

    python examples/play.py [EDITION_OR_RULES] [SEED]
    python examples/play.py "classic(max_plies=2000)" 3
"""

from __future__ import annotations

import random
import sys

from stratego import Game, Player, Rules


def main(argv: list) -> None:
    rules = Rules(argv[1] if len(argv) > 1 else "isf")
    seed = int(argv[2]) if len(argv) > 2 else 1
    game = Game.random(rules, seed=seed)
    dice = random.Random(seed)
    print(f"rules: {rules}, seed {seed}\n")
    print(f"The board as Red sees it before the first move:\n{game.view(Player.RED)}")
    battles = 0
    while game.outcome is None:
        report = game.play(dice.choice(game.legal_moves))
        if report.battle is not None:
            battles += 1
            if battles <= 5:
                b = report.battle
                print(f"ply {game.ply:>4}: {report.player} {report.move} {b.attacker} attacks {b.defender} -> {b.result.name}")
    outcome = game.outcome
    print(f"... {battles} battles in all\n")
    print(f"The final board (full information; * = revealed by a battle):\n{game}")
    winner = f"{outcome.winner} wins" if outcome.winner is not None else "draw"
    print(f"{winner} after {game.ply} plies: {outcome.termination.name}")
    for player in (Player.RED, Player.BLUE):
        lost = game.captured(player)
        print(f"{player} lost {len(lost)} pieces: {', '.join(str(r) for r in lost)}")
    print(f"position: {game.position()}")


if __name__ == "__main__":
    main(sys.argv)
