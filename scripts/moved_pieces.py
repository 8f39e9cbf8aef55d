#!/usr/bin/env python3
"""Which ranks the enemy's hidden pieces that moved turn out to be, by how often they moved.

Usage:
    python scripts/moved_pieces.py RECORDS.jsonl...   # files of `arena --records`: A's enemy
    python scripts/moved_pieces.py --gravon SOURCE     # Gravon classic games (folder or .zip):
                                                       # both sides, as each other's enemy

Every tenth ply, at a turn of the viewer (agent A in arena records, whose colours alternate
with A first as Red; in Gravon games the side to move), each enemy piece that has moved but
never fought, so its rank is still hidden, is counted by its rank and by how many moves it
made (1, 2-3, 4-9, 10 or more). A piece is followed by its square; a battle reveals it.

Each cell is how much likelier that rank is among such pieces than among all the enemy's
hidden pieces of a rank that moves, at the same moments: 1.00 is what the counts alone say,
which is how the search draws a moved piece that is not next to a seen one (see the book's
agents page).
"""
import collections
import sys

import stratego

RANKS = ["SPY", "SCOUT", "MINER", "SERGEANT", "LIEUTENANT", "CAPTAIN", "MAJOR", "COLONEL", "GENERAL", "MARSHAL"]
BUCKETS = ["1", "2-3", "4-9", "10+"]


def bucket(moves):
    return 0 if moves == 1 else 1 if moves <= 3 else 2 if moves <= 9 else 3


def count_game(game, viewer_of, moved, base):
    """Replay `game` from its start, counting at every tenth ply where `viewer_of(side to
    move)` is true."""
    moves = []
    while game.ply > 0:
        moves.append(game.pop())
    moves.reverse()
    made = {}  # square -> moves made by the hidden piece standing there
    for ply, move in enumerate(moves):
        viewer = game.to_move
        if ply % 10 == 0 and viewer_of(viewer):
            hidden = [(sq, p) for sq, p in game.pieces_of(viewer.opponent) if not p.revealed and p.rank.name in RANKS]
            for sq, piece in hidden:
                n = made.get(sq, 0)
                if n > 0:
                    b = bucket(n)
                    moved[b][piece.rank.name] += 1
                    base[b].update(p.rank.name for _, p in hidden)
        n = made.pop(move.from_square, 0)
        battle = game.piece_at(move.to_square) is not None
        made.pop(move.to_square, None)
        game.push(move)
        if not battle:
            made[move.to_square] = n + 1


def main(args):
    moved = [collections.Counter() for _ in BUCKETS]
    base = [collections.Counter() for _ in BUCKETS]
    games = 0
    if args[:1] == ["--gravon"]:
        for name, game in stratego.iter_gravon(args[1], errors="skip"):
            if name.rsplit("/", 1)[-1].startswith("classic-"):
                count_game(game, lambda _: True, moved, base)
                games += 1
    else:
        for path in args:
            with open(path) as lines:
                for index, line in enumerate(lines):
                    a = stratego.Player.RED if index % 2 == 0 else stratego.Player.BLUE
                    count_game(stratego.Game.from_record(line), lambda side, a=a: side == a, moved, base)
                    games += 1
    print(f"{games} games")
    print("moves  pieces  " + " ".join(f"{r[:5].capitalize():>6}" for r in RANKS))
    for b, label in enumerate(BUCKETS):
        n, bn = sum(moved[b].values()), sum(base[b].values())
        if n == 0:
            continue
        ratios = [(moved[b][r] / n) / (base[b][r] / bn) if base[b][r] else 0.0 for r in RANKS]
        print(f"{label:>5}  {n:>6}  " + " ".join(f"{x:6.2f}" for x in ratios))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
