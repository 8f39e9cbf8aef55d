"""Setups: random, text, pieces, and validation that lists every problem."""

from __future__ import annotations

import pickle

import pytest

import stratego
from stratego import Game, Player, Rank, Rules, Setup, SetupProblem, SetupProblemKind, Square


@pytest.mark.parametrize("edition", list(stratego.Edition))
def test_random_setups_are_valid_and_text_round_trips(edition: stratego.Edition) -> None:
    rules = Rules.edition(edition)
    for player in (Player.RED, Player.BLUE):
        setup = Setup.random(rules, player, seed=9)
        setup.validate(rules)
        assert setup.is_valid(rules) and setup.problems(rules) == []
        assert setup.player == player and len(setup) == rules.army_size
        text = setup.to_text(rules)
        assert Setup.parse(rules, player, text) == setup
        assert Setup(player, setup.pieces) == setup
        assert Setup(player, {sq: r for sq, r in setup.pieces}) == setup
        assert Setup.random(rules, player, seed=9) == setup != Setup.random(rules, player, seed=10)


def test_validation_lists_every_problem() -> None:
    rules = Rules("isf")
    good = Setup.random(rules, Player.RED, seed=1)
    pieces = dict(good.pieces)
    del pieces[Square("a1")]  # one piece missing
    pieces[Square("e5")] = Rank.SCOUT  # one outside the zone
    pieces[Square("c5")] = Rank.MINER  # one on a lake
    bad = Setup(Player.RED, pieces)
    with pytest.raises(stratego.SetupError) as err:
        bad.validate(rules)
    problems = err.value.problems
    assert problems == bad.problems(rules) and len(problems) >= 3
    text = " | ".join(map(str, problems))
    assert "e5" in text and "c5" in text and "lake" in text
    # Typed as the core types them: the kind, the square and the rank concerned.
    by_kind = {p.kind: p for p in problems}
    assert by_kind[SetupProblemKind.OUTSIDE_ZONE].square == Square("e5")
    assert by_kind[SetupProblemKind.OUTSIDE_ZONE].rank is Rank.SCOUT
    assert by_kind[SetupProblemKind.ON_LAKE].square == Square("c5")
    count = by_kind[SetupProblemKind.WRONG_COUNT]
    assert count.square is None and isinstance(count.expected, int) and count.found != count.expected
    for p in problems:
        assert SetupProblem(p.kind, p.square, p.rank, p.expected, p.found) == p
        assert pickle.loads(pickle.dumps(p)) == p and eval(repr(p), vars(stratego)) == p
    with pytest.raises(ValueError, match="needs a square"):
        SetupProblem(SetupProblemKind.OCCUPIED)
    with pytest.raises(ValueError, match="0..=255, got 300"):
        SetupProblem(SetupProblemKind.WRONG_COUNT, rank=Rank.SPY, expected=300, found=1)
    with pytest.raises(TypeError, match="must be ints, not str"):
        SetupProblem(SetupProblemKind.TOO_MANY, rank=Rank.SPY, expected="1", found=1)
    assert isinstance(err.value, ValueError)
    with pytest.raises(stratego.SetupError) as both:
        Game(rules, bad, Setup(Player.BLUE, {}))
    assert len(both.value.problems) > len(problems)
    with pytest.raises(stratego.SetupError, match="expected red"):
        Game(rules, Setup.random(rules, Player.BLUE, 1), Setup.random(rules, Player.BLUE, 2))


def test_bad_setup_input() -> None:
    rules = Rules("isf")
    with pytest.raises(stratego.ParseError):
        Setup.parse(rules, Player.RED, "XYZ")
    with pytest.raises(stratego.ParseError):
        Setup.parse(rules, Player.RED, "A" * 39 + "!")
    with pytest.raises(TypeError):
        Setup(Player.RED, {"a1": "Flag"})
    with pytest.raises(TypeError):
        Setup(Player.RED, 42)
    with pytest.raises(TypeError):
        Setup(Player.RED, [("a1",)])
    with pytest.raises(stratego.ParseError):
        Setup(Player.RED, {"a0": Rank.FLAG})
    with pytest.raises(ValueError):
        Setup.random(rules, Player.RED, seed=-5)
    assert Setup.zone_squares(rules, Player.RED)[0] == Square("a4")
    assert Setup.zone_squares(rules, Player.BLUE)[0] == Square("j7")
