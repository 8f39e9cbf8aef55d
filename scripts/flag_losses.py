#!/usr/bin/env python3
"""How agent A's games in arena records ended, which enemy ranks took A's Flag, how many of A's
pieces still hid the Flag then, and how often the enemy took A's Spy in the first plies of a
game.

Usage: python scripts/flag_losses.py RECORDS.jsonl...   (files of `arena --records`)

The arena plays each pair of games with the colours swapped, A first as Red: A is Red in the
even-numbered games of a file and Blue in the odd ones. For each Flag A lost, the captor's
rank is counted, with whether A had seen that rank before the capture, and so is the number of
A's pieces the enemy had then neither seen move nor fight (the Flag among them): with one left,
the enemy knew where the Flag stood.
"""
import collections
import sys

import stratego

# The first plies of a game, in which an enemy Scout's first runs reach an exposed Spy.
OPENING_PLIES = 12


def rank_name(piece):
    return piece.rank.name.capitalize()


def main(paths):
    results = collections.Counter()
    endings = collections.Counter()
    captors = collections.Counter()
    early_spy = collections.Counter()
    hidden_at_capture = collections.Counter()
    for path in paths:
        with open(path) as lines:
            for index, line in enumerate(lines):
                a = stratego.Player.RED if index % 2 == 0 else stratego.Player.BLUE
                game = stratego.Game.from_record(line)
                outcome = game.outcome
                result = "draw" if outcome is None or outcome.winner is None else "win" if outcome.winner == a else "loss"
                if spy_taken_early(game, a):
                    early_spy[result] += 1
                results[result] += 1
                if result == "draw":
                    continue
                endings[(result, outcome.termination.name.lower())] += 1
                if result == "loss" and outcome.termination == stratego.Termination.FLAG_CAPTURED:
                    capture = game.pop()
                    captor = game.piece_at(capture.from_square)
                    captors[(rank_name(captor), "seen" if captor.revealed else "unseen")] += 1
                    hidden_at_capture[hidden_pieces(game, a)] += 1
    games = sum(results.values())
    score = (results["win"] + results["draw"] / 2) / max(games, 1)
    print(f"A: {games} games, {results['win']} won, {results['draw']} drawn, {results['loss']} lost, score {score:.3f}")
    for (result, termination), n in sorted(endings.items()):
        print(f"  {result:4} by {termination}: {n}")
    print("A's Flag taken by (rank, seen by A before the capture):")
    for (rank, seen), n in captors.most_common():
        print(f"  {rank:10} {seen:6} {n}")
    print("A's Flag taken with this many of A's pieces unseen to the enemy (never moved nor fought):")
    for hidden, n in sorted(hidden_at_capture.items()):
        print(f"  {hidden:2} unseen: {n}")
    print(
        f"A's Spy taken in the first {OPENING_PLIES} plies: {sum(early_spy.values())} games, "
        f"{early_spy['win']} won, {early_spy['draw']} drawn, {early_spy['loss']} lost"
    )


def hidden_pieces(game, a):
    """How many of `a`'s pieces the enemy has neither seen move nor fight in `game`."""
    enemy_view = game.view(a.opponent)
    return sum(1 for _, piece in enemy_view.enemy_pieces() if piece.rank is None and not piece.moved)


def spy_taken_early(game, a):
    """Whether the enemy took `a`'s Spy in the first OPENING_PLIES plies of `game`."""
    for report in game.history[:OPENING_PLIES]:
        battle = report.battle
        if (
            battle is not None
            and report.player != a
            and battle.defender == stratego.Rank.SPY
            and battle.result != stratego.Battle.DEFENDER_WINS
        ):
            return True
    return False


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
