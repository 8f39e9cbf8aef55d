"""`stratego.arena.stats` over a small fixed set of records, against values worked out by hand
from how each game was made; and its errors."""

from __future__ import annotations

import json

import pytest

import stratego
from stratego.arena import GameResult, stats

from conftest import data_dir


def first_moves(game: stratego.Game, n: int) -> stratego.Game:
    for _ in range(n):
        assert not game.is_over
        game.play(game.legal_moves[0])
    return game


@pytest.fixture
def records() -> list:
    barrage = stratego.Rules.edition("barrage")
    # 1. Barrage, Blue resigns before any move: Red wins, 0 plies (as JSON text).
    g1 = stratego.Game.random(barrage, seed=0)
    g1.resign(stratego.Player.BLUE)
    # 2. Barrage, three moves, then Red resigns: Blue wins, 3 plies (as a Game).
    g2 = first_moves(stratego.Game.random(barrage, seed=1), 3)
    g2.resign(stratego.Player.RED)
    # 3. Barrage capped at 4 plies, played to the cap: a draw, 4 plies (as a GameResult).
    g3 = first_moves(stratego.Game.random(stratego.Rules("barrage(max_plies=4)"), seed=2), 4)
    assert g3.outcome == stratego.Outcome(None, stratego.Termination.PLY_CAP)
    # 4. ISF, two moves and no end: unfinished, 2 plies (as a dict).
    g4 = first_moves(stratego.Game.random(stratego.Rules.edition("isf"), seed=3), 2)
    # 5. ISF written as Gravon XML, Red resigns at once: a classic game Blue won, 0 moves.
    g5 = stratego.Game.random(stratego.Rules.edition("isf"), seed=4)
    g5.resign(stratego.Player.RED)
    return [
        g1.record(),
        g2,
        GameResult(0, stratego.Player.RED, g3.record()),
        json.loads(g4.record()),
        stratego.write_gravon(g5, red="r", blue="b"),
    ]


def test_groups_match_the_hand_counts(records: list) -> None:
    s = stats(records)
    assert list(s.groups) == ["barrage", "barrage(max_plies=4)", "classic", "isf"]
    expected = {
        # games, red, blue, draws, unfinished, terminations, (min, max, mean, median), red score
        "barrage": (2, 1, 1, 0, 0, {"resigned": 2}, (0, 3, 1.5, 1.5), 0.5),
        "barrage(max_plies=4)": (1, 0, 0, 1, 0, {"ply-cap": 1}, (4, 4, 4.0, 4.0), 0.5),
        "isf": (1, 0, 0, 0, 1, {"unfinished": 1}, (2, 2, 2.0, 2.0), None),
        "classic": (1, 0, 1, 0, 0, {"resigned": 1}, (0, 0, 0.0, 0.0), 0.0),
    }
    for name, (games, red, blue, draws, unfinished, ends, lengths, red_score) in expected.items():
        g = s.groups[name]
        assert (g.games, g.red_wins, g.blue_wins, g.draws, g.unfinished) == (games, red, blue, draws, unfinished), name
        assert g.terminations == ends, name
        assert (g.lengths.min, g.lengths.max, g.lengths.mean, g.lengths.median) == lengths, name
        assert g.red_score == red_score, name


def test_the_total_matches_the_hand_counts(records: list) -> None:
    t = stats(records).total
    assert (t.games, t.red_wins, t.blue_wins, t.draws, t.unfinished) == (5, 1, 2, 1, 1)
    assert t.terminations == {"resigned": 3, "ply-cap": 1, "unfinished": 1}
    # Lengths 0, 3, 4, 2, 0: sorted 0 0 2 3 4.
    assert (t.lengths.games, t.lengths.min, t.lengths.max, t.lengths.median) == (5, 0, 4, 2.0)
    assert t.lengths.mean == pytest.approx(9 / 5)
    # Red's score over the four finished games: (1 win + 1 draw / 2) / 4.
    assert t.red_score == pytest.approx(0.375)


def test_the_table_lists_every_group_and_the_total(records: list) -> None:
    lines = str(stats(records)).splitlines()
    assert lines[0].split()[:2] == ["group", "games"]
    assert [line.split()[0] for line in lines[1:]] == ["barrage", "barrage(max_plies=4)", "classic", "isf", "total"]
    assert lines[-1].split()[1:6] == ["5", "1", "1", "2", "1"]  # games, red, draws, blue, unfinished


def test_arena_records_count_as_the_arena_says() -> None:
    result = stratego.arena.play(
        stratego.agents.HeuristicAgent(), stratego.agents.RandomAgent(), "barrage", games=6, seed=3
    )
    t = stats(result.records).total
    assert t.games == 6 and t.unfinished == 0
    assert t.red_wins + t.blue_wins + t.draws == 6
    assert t.draws == result.draws
    assert sorted(t.terminations.values()) == sorted(result.terminations.values())
    assert t.lengths == result.lengths


def test_a_record_that_does_not_replay_raises_the_engines_error() -> None:
    game = first_moves(stratego.Game.random(stratego.Rules.edition("barrage"), seed=1), 1)
    record = json.loads(game.record())
    record["moves"].append(record["moves"][0])  # Blue cannot play Red's move
    with pytest.raises(stratego.IllegalMoveError):
        stats([game.record(), record])
    with pytest.raises(stratego.ParseError):
        stats(["{not json"])
    with pytest.raises(stratego.ParseError):
        stats(["<stratego><game"])
    with pytest.raises(TypeError):
        stats([42])
    with pytest.raises(TypeError):
        stats(7)  # type: ignore[arg-type]


def test_recorded_gravon_games_count_by_game_type() -> None:
    root = data_dir()
    if root is None:
        pytest.skip("no recorded games: set STRATEGO_DATA or put them in ../shared/data")
    files = sorted(root.rglob("*.xml"))[:40]
    if not files:
        pytest.skip(f"no Gravon XML files under {root}")
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in files]
    s = stats(texts)
    assert s.total.games == len(texts)
    for name, g in s.groups.items():
        assert g.games == g.red_wins + g.blue_wins + g.draws + g.unfinished, name
        assert sum(g.terminations.values()) == g.games, name
