"""scripts/moved_pieces.py, the reader of arena records behind the agents page's table of
which ranks the enemy's hidden moving pieces turn out to be."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import stratego

from conftest import position

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "moved_pieces.py"


def run(records, monkeypatch, capsys) -> str:
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), str(records)])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    return capsys.readouterr().out


def spy_walks_five_times() -> stratego.Game:
    """Red: Flag a1, Sergeant b2. Blue: Flag j10, Spy e7 (it walks five moves), Marshal a7
    (it stays). Red is to move at ply 10."""
    rules = stratego.Rules.edition("isf")
    pieces = {"a1": "M", "b2": "F", "j10": "Y", "e7": "O", "a7": "X"}
    game = stratego.Game.from_position(rules, position(rules, pieces))
    for move in ["b2-b3", "e7-e6", "b3-b4", "e6-f6", "b4-c4", "f6-f7", "c4-c3", "f7-g7", "c3-c2", "g7-g8", "c2-d2"]:
        game.play(move)
    return game


def rows_of(out: str) -> dict:
    return {line.split()[0]: line.split()[1:] for line in out.splitlines()[2:]}


def test_a_hidden_spy_that_moved_five_times_is_counted_against_the_hidden_marshal(tmp_path, monkeypatch, capsys):
    # Red, A in the first game of a pair, looks at ply 10: the Spy has made five moves.
    records = tmp_path / "games.jsonl"
    records.write_text(spy_walks_five_times().record() + "\n")
    out = run(records, monkeypatch, capsys)
    assert "1 games" in out
    rows = rows_of(out)
    assert list(rows) == ["4-9"], out
    pieces_counted, spy, marshal = rows["4-9"][0], rows["4-9"][1], rows["4-9"][10]
    # One moved hidden piece, the Spy, among two hidden movable pieces (Spy, Marshal).
    assert (pieces_counted, spy, marshal) == ("1", "2.00", "0.00"), out


def test_in_the_second_game_of_a_pair_the_viewer_is_blue(tmp_path, monkeypatch, capsys):
    # Line 2 is a game where A is Blue: the sampled plies (0, 10) are Red's turns, so nothing
    # is counted from it; line 1 counts the Spy once.
    record = spy_walks_five_times().record()
    records = tmp_path / "games.jsonl"
    records.write_text(record + "\n" + record + "\n")
    out = run(records, monkeypatch, capsys)
    assert "2 games" in out
    assert rows_of(out)["4-9"][0] == "1", out
