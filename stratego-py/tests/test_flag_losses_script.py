"""scripts/flag_losses.py, the reader of arena records behind the agents page's loss counts,
on records whose endings are known."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import stratego

from conftest import position

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "flag_losses.py"


def run_on_pair(game, tmp_path, monkeypatch, capsys):
    """The script's output on a file holding `game` twice, as the two games of a pair."""
    records = tmp_path / "games.jsonl"
    records.write_text(game.record() + "\n" + game.record() + "\n")
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), str(records)])
    runpy.run_path(str(SCRIPT), run_name="__main__")
    return capsys.readouterr().out


def test_counts_a_flag_taken_by_an_unseen_miner(tmp_path, monkeypatch, capsys):
    rules = stratego.Rules.edition("isf")
    # A hidden Blue Miner on j2 takes the Red Flag on j1.
    game = stratego.Game.from_position(rules, position(rules, {"j1": "M", "a4": "D", "j2": "Q", "j10": "Y"}, side="b"))
    game.play("j2-j1")
    assert game.outcome == stratego.Outcome(stratego.Player.BLUE, stratego.Termination.FLAG_CAPTURED)
    # The arena's A is Red in the first game of a pair and Blue in the second.
    out = run_on_pair(game, tmp_path, monkeypatch, capsys)
    assert "A: 2 games, 1 won, 0 drawn, 1 lost, score 0.500" in out
    assert "loss by flag_captured: 1" in out
    assert "win  by flag_captured: 1" in out
    assert "Miner      unseen 1" in out
    # Red's Scout on a4 never moved: with the Flag, two pieces still hid it from Blue.
    assert "   2 unseen: 1" in out


def test_counts_a_spy_taken_by_a_scouts_first_run(tmp_path, monkeypatch, capsys):
    rules = stratego.Rules.edition("isf")
    # Blue's Scout on a8 runs down the open a-file and takes Red's Spy on a4 with the first
    # move of the game; Red's Miner on j4 keeps the game going.
    pieces = {"a4": "C", "j4": "E", "j1": "M", "a8": "P", "j10": "Y"}
    game = stratego.Game.from_position(rules, position(rules, pieces, side="b"))
    game.play("a8-a4")
    assert game.history[0].battle.defender == stratego.Rank.SPY
    assert game.outcome is None
    # A is Red in the first game of a pair (its Spy taken) and Blue in the second (the
    # enemy's Spy taken, which does not count).
    out = run_on_pair(game, tmp_path, monkeypatch, capsys)
    assert "A: 2 games, 0 won, 2 drawn, 0 lost" in out
    assert "A's Spy taken in the first 12 plies: 1 games, 0 won, 1 drawn, 0 lost" in out
