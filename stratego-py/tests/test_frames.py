"""RGB frames for videos: what the SVG shows (labels in the rules' numbering, lakes, the last
move, a battle), at least 400 pixels wide, a legend, no hidden rank, and a PNG that decodes."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest

import stratego
from stratego import Game, Player, Rules
from stratego._raster import color
from stratego.svg import DEFAULT_COLORS, frame, png

from conftest import position

SQ, MARGIN = 40, 20  # the default square size and coordinate margin, in pixels


def cell(img: np.ndarray, col: int, row: int, height: int = 10) -> np.ndarray:
    """The pixels of the square at (col, row) of a Red-oriented frame."""
    x, y = MARGIN + col * SQ, MARGIN + (height - 1 - row) * SQ
    return img[y : y + SQ, x : x + SQ]


def battle_game(rules_text: str) -> Game:
    rules = Rules(rules_text)
    game = Game.from_position(rules, position(rules, {"j1": "M", "a4": "D", "a7": "X", "j10": "Y", "e2": "L"}))
    game.play("a4-a7")  # a Scout strikes the Marshal
    return game


def test_a_frame_is_at_least_400_pixels_with_a_legend_strip() -> None:
    game = Game.random("isf", seed=1)
    img = frame(game)
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert img.shape[1] == 10 * SQ + 2 * MARGIN >= 400
    bare = frame(game, legend=False)
    assert bare.shape[:2] == (440, 440) and img.shape[0] > bare.shape[0]
    assert np.array_equal(img[:440], bare)  # the legend is a strip under the same board
    small = frame(Game.random(Rules("isf(width=6,height=6,setup_rows=2,lakes=none,army=Flag:1.Scout:5)"), seed=1))
    assert small.shape[1] >= 400


def test_lakes_last_move_and_battle_are_drawn() -> None:
    img = frame(battle_game("isf"), legend=False)
    lake = color(DEFAULT_COLORS["lake"])
    for col, row in [(2, 4), (3, 5), (6, 4), (7, 5)]:  # c5 d6 g5 h6
        assert (cell(img, col, row) == lake).all()
    # The last move recolours both squares (seen at a corner the token does not cover).
    light, dark = color(DEFAULT_COLORS["square light lastmove"]), color(DEFAULT_COLORS["square dark lastmove"])
    for col, row in [(0, 3), (0, 6)]:
        assert tuple(cell(img, col, row)[1, 1]) in (light, dark)
    # The battle bar sits at the bottom of the target square.
    assert tuple(cell(img, 0, 6)[SQ - 2, 1]) == color(DEFAULT_COLORS["battle"])
    # An empty square far from everything is plain board.
    plain = {color(DEFAULT_COLORS["square light"]), color(DEFAULT_COLORS["square dark"])}
    assert {tuple(p) for p in cell(img, 5, 2).reshape(-1, 3)} <= plain


def test_labels_follow_the_rules_numbering() -> None:
    classic, isf = frame(battle_game("classic"), legend=False), frame(battle_game("isf"), legend=False)
    # The Flag (j1) is "F" in both numberings; the Marshal (e2) is "1" in Classic, "10" in ISF.
    assert np.array_equal(cell(classic, 9, 0), cell(isf, 9, 0))
    assert not np.array_equal(cell(classic, 4, 1), cell(isf, 4, 1))
    # The Red Marshal in Classic wears the same label as the revealed Blue Marshal ("1"),
    # so their label pixels (white) coincide; the revealed one on a7 sits above a battle bar.
    white = np.array(color(DEFAULT_COLORS["label"]))
    ink = lambda c: (c[8:26] == white).all(axis=2)  # noqa: E731 - the label rows, above the bar
    assert np.array_equal(ink(cell(classic, 4, 1)), ink(cell(classic, 0, 6)))


def test_a_frame_shows_no_hidden_rank() -> None:
    # Two games that differ only in Blue's hidden ranks give Red the very same frame.
    rules = Rules("isf")
    one = position(rules, {"j1": "M", "a4": "D", "a9": "X", "b9": "Y", "e2": "L"})
    other = position(rules, {"j1": "M", "a4": "D", "a9": "Y", "b9": "X", "e2": "L"})
    a, b = Game.from_position(rules, one), Game.from_position(rules, other)
    assert np.array_equal(frame(a), frame(b))
    assert not np.array_equal(frame(a, reveal=True), frame(b, reveal=True))
    # Blue's own frame of the same games differs (Blue knows its ranks), turned for Blue.
    assert not np.array_equal(frame(a, perspective=Player.BLUE), frame(b, perspective=Player.BLUE))
    assert np.array_equal(frame(a.view(Player.RED)), frame(a))


def test_png_decodes_to_the_frame() -> None:
    img = frame(Game.random("barrage", seed=4))
    data = png(img)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        chunks[kind] = body
        at += 12 + length
    w, h, depth, kind = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (w, h, depth, kind) == (img.shape[1], img.shape[0], 8, 2)
    rows = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), dtype=np.uint8).reshape(h, 1 + 3 * w)
    assert (rows[:, 0] == 0).all() and np.array_equal(rows[:, 1:].reshape(h, w, 3), img)


def test_the_svg_legend_is_asked_for() -> None:
    game = battle_game("isf")
    assert 'class="legend' not in game.svg()
    svg = game.svg(legend=True)
    for key, words in stratego.svg.LEGEND:
        assert f'class="legend {key}"' in svg and words in svg
    assert 'class="legend' in stratego.svg.board(game.view(Player.BLUE), legend=True)


def test_the_envs_render_these_frames() -> None:
    pytest.importorskip("pettingzoo", reason="the envs extra (pettingzoo) is not installed")
    env = stratego.envs.pettingzoo_env(rules="isf", render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert np.array_equal(picture, frame(env.unwrapped.game, perspective=Player.RED))
