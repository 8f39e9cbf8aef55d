"""Multi-megabyte input to every parser from Python: each gets its typed error, and the error
shows the parser stopped at the size check instead of reading the text (the ``position`` of the
``ParseError`` is the limit, its reason names the limit, and it keeps at most 1 KiB of the
text). A bound on work, not on wall-clock time. The limits are those of stratego-core
(``stratego-core/src/limits.rs``): those that grow with a game are derived there from
``MAX_RECORD_PLIES`` and each form's worst bytes per entry. Every size refusal is a
``TooLargeError``, a subclass of ``ParseError``."""

from __future__ import annotations

import json

import pytest

import stratego
from stratego import Game, Move, Player, Rules, Setup, Square
from stratego.errors import ParseError, TooLargeError

MIB = 1024 * 1024
MAX_RULES_TEXT = 16 * 1024
MAX_SETUP_TEXT = 4 * 1024
MAX_POSITION_TEXT = 64 * 1024
MAX_RECORD_PLIES = 1 << 20
MAX_XML_BYTES = MAX_RECORD_PLIES * 51 + 2 * 6 * 256 + 1024
MAX_RECORD_JSON_BYTES = MAX_RECORD_PLIES * 24 + MAX_RULES_TEXT + 2 * MAX_POSITION_TEXT + 1024
MAX_ERROR_TEXT = 1024


def huge(head: str, filler: str, total: int, tail: str = "") -> str:
    count = (total - len(head) - len(tail)) // len(filler)
    return head + filler * count + tail


def assert_refused_at_limit(err: ParseError, what: str, limit: int) -> None:
    assert isinstance(err, TooLargeError), repr(err)
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
        Setup.parse(Rules("isf"), Player.RED, "B" * (8 * MIB))
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


def test_gravon_xml_over_its_limit() -> None:
    xml = huge("<stratego><game>", "<move/>", MAX_XML_BYTES + 8, "</game></stratego>")
    assert len(xml) > MAX_XML_BYTES
    for read in (stratego.read_gravon, stratego.parse_gravon):
        with pytest.raises(TooLargeError) as info:
            read(xml)
        err = info.value
        assert str(MAX_XML_BYTES) in err.reason, err
        assert len(err.text) <= MAX_ERROR_TEXT


def test_deeply_nested_gravon_xml_is_an_error() -> None:
    with pytest.raises(ParseError) as info:
        stratego.read_gravon("<a>" * (MIB // 3))
    assert len(info.value.text) <= MAX_ERROR_TEXT


def test_record_with_a_million_moves_and_more_is_refused() -> None:
    moves = ",".join(['"a4-a5"'] * (MAX_RECORD_PLIES + 1))
    with pytest.raises(TooLargeError) as info:
        Game.from_record('{"rules":"isf","moves":[' + moves + "]}")
    assert str(MAX_RECORD_PLIES) in str(info.value), info.value


def test_record_json_over_its_limit_is_refused_for_its_size() -> None:
    text = '{"rules":"isf","start":"' + "_" * MAX_RECORD_JSON_BYTES + '"}'
    with pytest.raises(TooLargeError) as info:
        Game.from_record(text)
    assert str(MAX_RECORD_JSON_BYTES) in str(info.value), info.value


def test_size_refusals_are_a_parse_error_of_their_own() -> None:
    """``TooLargeError`` subclasses ``ParseError`` (and so ``ValueError``): an existing
    ``except ParseError`` still catches a size refusal, and a new one can tell it apart; a
    text that is merely wrong stays a plain ``ParseError``."""
    assert issubclass(TooLargeError, ParseError) and issubclass(TooLargeError, ValueError)
    refusals = [
        lambda: Rules("isf(" + " " * MAX_RULES_TEXT + ")"),
        lambda: Setup.parse(Rules("isf"), Player.RED, "B" * (MAX_SETUP_TEXT + 1)),
        lambda: Game.from_position(Rules("isf"), "_" * (MAX_POSITION_TEXT + 1)),
    ]
    for refuse in refusals:
        try:
            refuse()
        except ParseError as err:
            assert type(err) is TooLargeError, repr(err)
            assert "too large" in err.reason, err
        else:
            raise AssertionError("a text over its limit was read")
    with pytest.raises(ParseError) as info:
        Rules("isf(no_such_rule=1)")
    assert type(info.value) is ParseError, repr(info.value)


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
