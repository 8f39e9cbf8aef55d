"""Gravon XML in and out, and perft."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any, List, Tuple

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


def _two_records() -> List[Tuple[str, str]]:
    """Two real-shaped records written by the engine (a 2006 and a 2014 name) and a broken one."""
    old = stratego.write_gravon(play_to_end(Game.random(Rules("isf(two_square=5)"), seed=8)), red="a", blue="b")
    new = stratego.write_gravon(play_to_end(Game.random("barrage", seed=9)), red="c", blue="d")
    return [("classic-2006.7-1.xml", old), ("barrage-2014.5-2.xml", new), ("classic-2014.5-3.xml", "<stratego><game")]


def test_read_gravon_takes_text_bytes_paths_and_files(tmp_path: Path) -> None:
    name, xml = _two_records()[0]
    expected = stratego.read_gravon(xml, year=2006)
    path = tmp_path / name
    path.write_text(xml, encoding="utf-8")
    nameless: List[Any] = [xml, xml.encode(), bytearray(xml.encode()), memoryview(xml.encode()), io.BytesIO(xml.encode())]
    for source in nameless:
        assert stratego.read_gravon(source, year=2006) == expected, type(source)
    with path.open("rb") as binary, path.open("r", encoding="utf-8") as text:
        # Sources with a file name need no year: the name gives it.
        for source in [path, str(path), binary, text]:
            assert stratego.read_gravon(source) == expected, type(source)
    # The year comes from the file name: the 2006 game plays under the five-move limit.
    assert stratego.read_gravon(path).rules.two_square_limit == 5
    assert stratego.read_gravon(xml).rules.two_square_limit == 3
    with pytest.raises(FileNotFoundError, match="no such file"):
        stratego.read_gravon(tmp_path / "missing.xml")
    with pytest.raises(stratego.ParseError, match="neither XML"):
        stratego.read_gravon(str(tmp_path / "missing.xml"))
    with pytest.raises(TypeError, match="Gravon source"):
        stratego.read_gravon(3)  # type: ignore[arg-type]
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(name, xml)
    with pytest.raises(ValueError, match="iter_gravon"):
        stratego.read_gravon(archive)


def test_iter_gravon_reads_zips_folders_and_files_and_reports_failures(tmp_path: Path) -> None:
    records = _two_records()
    archive = tmp_path / "strados-test.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name, xml in records:
            z.writestr(name, xml)
    expected = {name: stratego.read_gravon(xml, year=stratego._stratego._gravon_year(name)) for name, xml in records[:2]}
    with archive.open("rb") as handle:
        sources: List[Any] = [archive, str(archive), archive.read_bytes(), handle]
        results = [list(stratego.iter_gravon(source)) for source in sources]
    for got in results:
        assert [n for n, _ in got] == sorted(n for n, _ in records)
        games = {n: g for n, g in got if isinstance(g, Game)}
        assert games == expected
        (bad_name, bad), = [(n, g) for n, g in got if not isinstance(g, Game)]
        assert bad_name == "classic-2014.5-3.xml" and isinstance(bad, stratego.ParseError)
        assert str(bad).startswith("classic-2014.5-3.xml: ")
    assert [n for n, _ in stratego.iter_gravon(archive, errors="skip")] == sorted(expected)
    with pytest.raises(stratego.ParseError):
        list(stratego.iter_gravon(archive, errors="raise"))
    with pytest.raises(ValueError, match="errors must be"):
        list(stratego.iter_gravon(archive, errors="ignore"))
    # A folder: loose files and archives, recursively, named relative to it.
    (tmp_path / "loose").mkdir()
    (tmp_path / "loose" / records[0][0]).write_text(records[0][1], encoding="utf-8")
    names = [n for n, _ in stratego.iter_gravon(tmp_path, errors="skip")]
    assert names == ["loose/classic-2006.7-1.xml", "strados-test.zip/barrage-2014.5-2.xml",
                     "strados-test.zip/classic-2006.7-1.xml"]
    # One .xml file is one record.
    assert [n for n, _ in stratego.iter_gravon(tmp_path / "loose" / records[0][0])] == ["classic-2006.7-1.xml"]


def test_iter_gravon_on_the_recorded_archives() -> None:
    folder = data_dir()
    if folder is None:
        pytest.skip("skipped: ../shared/data is absent (set STRATEGO_DATA to the data folder)")
    archives = sorted((folder / "gravon").glob("strados2005-*.zip"))
    if not archives:
        pytest.skip(f"skipped: no strados2005-*.zip archives under {folder / 'gravon'}")
    for archive in archives:
        with zipfile.ZipFile(archive) as z:
            members = sorted(n for n in z.namelist() if n.endswith(".xml"))
        got = list(stratego.iter_gravon(archive))
        assert [n for n, _ in got] == members
        for name, game in got:
            # Every record of these archives replays (a failure would be yielded, named).
            assert isinstance(game, Game), f"{archive.name}/{name}: {game}"
            if name.startswith("classic-"):
                assert game.rules.two_square_limit == 5  # 2005: the five-move limit of the time
    examples = list(stratego.iter_gravon(folder / "gravon" / "examples"))
    assert len(examples) >= 6 and all(isinstance(g, Game) for _, g in examples)
