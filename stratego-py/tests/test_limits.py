"""Multi-megabyte input to every parser from Python: each gets its typed error, and the error
shows the parser stopped at the size check instead of reading the text (the ``position`` of the
``ParseError`` is the limit, its reason names the limit, and it keeps at most 1 KiB of the
text). A bound on work, not on wall-clock time. The limits are those of stratego-core
(``stratego-core/src/limits.rs``)."""

from __future__ import annotations

import json

import pytest

import stratego
from stratego import Game, Move, Player, Rules, Setup, Square
from stratego.errors import ParseError

MIB = 1024 * 1024
MAX_RULES_TEXT = 16 * 1024
MAX_SETUP_TEXT = 4 * 1024
MAX_POSITION_TEXT = 64 * 1024
MAX_XML_BYTES = 1 * MIB
MAX_RECORD_JSON_BYTES = 16 * MIB
MAX_ERROR_TEXT = 1024


def huge(head: str, filler: str, total: int, tail: str = "") -> str:
    count = (total - len(head) - len(tail)) // len(filler)
    return head + filler * count + tail


def assert_refused_at_limit(err: ParseError, what: str, limit: int) -> None:
    assert err.what == what, err
    assert err.position == limit, err
    assert f"limit of {limit} bytes" in err.reason, err
    assert len(err.text) <= MAX_ERROR_TEXT, f"the error keeps {len(err.text)} bytes of the text"
    assert len(str(err)) < 4 * MAX_ERROR_TEXT


def test_rules_text_of_8_mib() -> None:
    with pytest.raises(ParseError) as info:
        Rules(huge("isf(", " ", 8 * MIB, "chase=on)"))
    assert_refused_at_limit(info.value, "rules", MAX_RULES_TEXT)
    # At the limit it still reads: the limit refuses only what is over it.
    assert Rules(huge("isf(", " ", MAX_RULES_TEXT, "chase=on)")) == Rules("isf(chase=on)")


def test_setup_text_of_8_mib() -> None:
    with pytest.raises(ParseError) as info:
        Setup.from_text(Rules("isf"), Player.RED, "B" * (8 * MIB))
    assert_refused_at_limit(info.value, "setup", MAX_SETUP_TEXT)


def test_position_text_of_8_mib() -> None:
    rules = Rules("isf")
    with pytest.raises(ParseError) as info:
        Game.from_position(rules, huge("", "_", 8 * MIB, " r 0"))
    assert_refused_at_limit(info.value, "position", MAX_POSITION_TEXT)
    # A real position padded past the limit is refused the same way.
    text = Game.random(rules, seed=1).position()
    with pytest.raises(ParseError) as info:
        Game.from_position(rules, text + " " * (8 * MIB))
    assert_refused_at_limit(info.value, "position", MAX_POSITION_TEXT)


def test_gravon_xml_of_8_mib() -> None:
    xml = huge("<stratego><game>", "<move/>", 8 * MIB, "</game></stratego>")
    for read in (stratego.read_gravon, stratego.parse_gravon):
        with pytest.raises(ParseError) as info:
            read(xml)
        err = info.value
        assert str(MAX_XML_BYTES) in err.reason, err
        assert len(err.text) <= MAX_ERROR_TEXT


def test_deeply_nested_gravon_xml_is_an_error() -> None:
    with pytest.raises(ParseError) as info:
        stratego.read_gravon("<a>" * (MIB // 3))
    assert len(info.value.text) <= MAX_ERROR_TEXT


def test_record_with_a_million_moves_and_more_is_refused() -> None:
    moves = ",".join(['"a4-a5"'] * ((1 << 20) + 1))
    with pytest.raises(ParseError) as info:
        Game.from_record('{"rules":"isf","moves":[' + moves + "]}")
    assert "1048576" in str(info.value), info.value


def test_record_json_of_20_mib_is_refused_for_its_size() -> None:
    text = '{"rules":"isf","start":"' + "_" * (20 * MIB) + '"}'
    with pytest.raises(ParseError) as info:
        Game.from_record(text)
    assert str(MAX_RECORD_JSON_BYTES) in str(info.value), info.value


def test_deeply_nested_record_json_is_an_error() -> None:
    with pytest.raises(ParseError):
        Game.from_record("[" * (4 * MIB))


def test_move_and_square_texts_of_8_mib() -> None:
    game = Game.random(Rules("isf"), seed=2)
    before = (game.position_full(), game.ply, game.outcome)
    text = huge("a4-", "a", 8 * MIB, "5")
    for call in (lambda: game.play(text), lambda: game.is_legal(text), lambda: Move(text), lambda: Square(text)):
        with pytest.raises(ParseError) as info:
            call()
        assert len(info.value.text) <= MAX_ERROR_TEXT
        assert len(str(info.value)) < 4 * MAX_ERROR_TEXT
    assert (game.position_full(), game.ply, game.outcome) == before


def test_record_dict_with_huge_strings() -> None:
    record = json.loads(Game.random(Rules("isf"), seed=3).record())
    record["rules"] = "isf(" + " " * (8 * MIB) + ")"
    with pytest.raises(ParseError) as info:
        Game.from_record(record)
    assert f"limit of {MAX_RULES_TEXT} bytes" in str(info.value), info.value
