"""SVG boards: lakes, the last move, a battle's two ranks, labels in the rules' numbering,
orientation and the keyword options."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import stratego
from stratego import Game, Player, Rules

from conftest import position


def squares_with(svg: str, cls: str) -> list:
    return re.findall(r'<rect class="square [a-z]+ ([a-j]\d+)[^"]*\b' + cls + r'\b', svg)


def test_lakes_pieces_and_text_fallback() -> None:
    game = Game.random(Rules("isf"), seed=2)
    svg = game.svg()
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg") and root.get("viewBox")
    assert len(re.findall(r'class="square lake ', svg)) == 8
    assert len(re.findall(r'class="piece red own ', svg)) == 40
    assert len(re.findall(r'class="piece blue enemy hidden"', svg)) == 40
    assert "<desc><pre>" in svg and str(game.view(Player.RED)).splitlines()[0].strip() in svg
    assert svg == game._repr_svg_() and isinstance(game.svg(), stratego.svg.SvgBoard)


def test_last_move_and_battle_in_the_rules_numbering() -> None:
    for text, labels in [("classic", "9\u00d71"), ("isf", "2\u00d710")]:
        rules = Rules(text)
        game = Game.from_position(rules, position(rules, {"j1": "M", "a4": "D", "a7": "X", "j10": "Y"}))
        game.play("a4-a7")
        svg = game.svg()
        assert sorted(squares_with(svg, "lastmove")) == ["a4", "a7"]
        battle = re.search(r'<g class="battle"[^>]*>(.*?)</g>', svg)
        assert battle is not None and labels in battle.group(1), text
        assert "Scout attacked Marshal" in battle.group(1)
        # The Marshal, revealed by the battle, is labelled in the rules' numbering for Red too.
        marshal = re.search(r'<g class="piece blue enemy marshal revealed"[^>]*>(.*?)</g>', svg)
        assert marshal is not None and f">{rules.label(stratego.Rank.MARSHAL)}</text>" in marshal.group(1)


def test_orientation_size_colors_and_style() -> None:
    game = Game.random(Rules("isf"), seed=2)
    def a1_xy(svg: str) -> tuple:
        m = re.search(r'<rect class="square [a-z]+ a1[^"]*" x="(\d+)" y="(\d+)"', svg)
        assert m is not None
        return int(m.group(1)), int(m.group(2))
    red, blue = a1_xy(game.svg()), a1_xy(game.svg(perspective=Player.BLUE))
    assert red[1] > blue[1] and red[0] < blue[0]  # Red at the bottom left, turned for Blue
    assert a1_xy(game.svg(orientation=Player.BLUE)) == blue
    sized = game.svg(size=300)
    assert 'width="300"' in sized and 'height="300"' in sized
    assert 'width=' not in game.svg().split(">", 1)[0]
    assert "#123456" in game.svg(colors={"red": "#123456"})
    assert 'fill-opacity="0.502"' in game.svg(colors={"lake": "#11223380"})
    assert "<style>.piece { opacity: 0.5 }</style>" in game.svg(style=".piece { opacity: 0.5 }")
    assert "class=\"coord" not in game.svg(coordinates=False)


def test_board_function_and_bad_input() -> None:
    game = Game.random(Rules("barrage"), seed=1)
    view = game.view(Player.BLUE)
    assert stratego.svg.board(view) == view.svg() == view._repr_svg_()
    assert stratego.svg.board(game, perspective=Player.BLUE) == view.svg()
    assert stratego.svg.board(game, reveal=True) == game.svg(reveal=True)
    with pytest.raises(ValueError):
        stratego.svg.board(view, reveal=True)
    with pytest.raises(TypeError):
        stratego.svg.board("not a game")  # type: ignore[arg-type]


def test_moved_and_slid_pieces_are_marked_from_public_facts() -> None:
    rules = Rules("isf")
    # A Blue Scout on a10 slides to a6; Red's Sergeant e4 steps to e5.
    game = Game.from_position(rules, position(rules, {"j1": "M", "e4": "F", "a10": "P", "j10": "Y"}))
    game.play("e4-e5")
    game.play("a10-a6")
    svg = game.svg()
    assert re.search(r'<g class="piece blue enemy hidden moved slid"', svg)
    assert re.search(r'<g class="piece red own sergeant moved"', svg)
    assert svg.count('class="moved-mark"') == 3
