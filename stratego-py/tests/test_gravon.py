"""Gravon XML in and out, and perft."""

from __future__ import annotations

import pytest

import stratego
from stratego import Game, Rules

from conftest import data_dir, play_to_end


@pytest.mark.parametrize("rules_text", ["isf(two_square=3)", "barrage", "isf(free_placement=on,free_army=on)"])
def test_write_then_read_gives_the_same_game(rules_text: str) -> None:
    game = play_to_end(Game.random(Rules(rules_text), seed=5))
    xml = stratego.write_gravon(game, red="alice", blue="bob")
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>') and "alice" in xml
    record = stratego.parse_gravon(xml)
    assert record["game_type"] in ("Classic", "Barrage", "ClassicFree") and len(record["moves"]) == game.ply
    again = stratego.read_gravon(xml, year=2014)
    assert again.position() == game.position() and again.outcome == game.outcome


def test_gravon_errors() -> None:
    with pytest.raises(stratego.ParseError):
        stratego.read_gravon("<stratego><game")
    with pytest.raises(stratego.ParseError):
        stratego.parse_gravon("not xml at all <")
    with pytest.raises(ValueError, match="Gravon"):
        stratego.write_gravon(Game.random(Rules("classic"), seed=1))
    from_position = Game.from_position(Rules("isf"), Game.random(Rules("isf"), seed=1).position())
    with pytest.raises(ValueError, match="two setups"):
        stratego.write_gravon(from_position)
    with pytest.raises(ValueError, match="10x10"):
        stratego.write_gravon(Game.random(Rules("isf(width=8,height=8,lakes=none,army=Flag:1.Scout:5)"), seed=1))


def test_recorded_games_replay() -> None:
    folder = data_dir()
    if folder is None:
        pytest.skip("skipped: ../shared/data is absent (set STRATEGO_DATA to the data folder)")
    files = sorted((folder / "gravon" / "examples").glob("*.xml"))
    if not files:
        pytest.skip(f"skipped: no Gravon examples under {folder}")
    replayed = 0
    for path in files:
        xml = path.read_text(encoding="utf-8")
        year = int(path.name.split("-")[1][:4])
        game = stratego.read_gravon(xml, year=year)
        moves = stratego.parse_gravon(xml)["moves"]
        assert game.ply == len(moves)
        if "ultimate" in path.name:
            # Each recorded rescue is a decision of the mover in the history.
            rescues = [r.move for r in game.history if r.move.rescued is not None]
            assert len(rescues) == sum(1 for m in moves if m.get("rescue")) > 0
        replayed += 1
    assert replayed >= 6


def test_perft_counts_leaves() -> None:
    game = Game.random(Rules("barrage"), seed=1)
    assert stratego.perft(game, 0) == 1
    assert stratego.perft(game, 1) == game.legal_move_count() == len(game.legal_moves)
    two = sum(_after(game, m).legal_move_count() for m in game.legal_moves)
    assert game.perft(2) == stratego.perft(game, 2) == two
    with pytest.raises(ValueError):
        stratego.perft(game, -1)


def _after(game: Game, move: stratego.Move) -> Game:
    child = game.copy()
    child.play(move)
    return child
