"""The closed sets are Python enums: iteration, names, values, pickles, labels."""

from __future__ import annotations

import copy
import enum
import pickle
from typing import List, Type

import pytest

import stratego
from stratego import Battle, Edition, IllegalReason, Numbering, Player, Rank, Rules, SquareKind, Termination

ENUMS: List[Type[enum.Enum]] = [Rank, Player, Edition, Numbering, Termination, Battle, IllegalReason]


@pytest.mark.parametrize("cls", ENUMS + [SquareKind], ids=lambda c: c.__name__)
def test_every_set_is_an_enum_that_iterates_and_indexes_by_name(cls: Type[enum.Enum]) -> None:
    assert issubclass(cls, enum.Enum)
    members = list(cls)
    assert len(cls) == len(members) > 1
    # Values count from 0 in the listed order (SquareKind's are its text), and each member is
    # found by name and by value.
    if cls is not SquareKind:
        assert [m.value for m in members] == list(range(len(members)))
    for m in members:
        assert cls[m.name] is m and cls(m.value) is m
        assert repr(m) == f"{cls.__name__}.{m.name}" and eval(repr(m), vars(stratego)) is m
        assert pickle.loads(pickle.dumps(m)) is m and copy.deepcopy(m) is m
        # The old constructor took a name in any case; it still does.
        assert cls(m.name.lower()) is m
    with pytest.raises(stratego.ParseError):
        cls("no such name")
    # The native module names the very same classes.
    assert getattr(stratego._stratego, cls.__name__) is cls


def test_the_values_are_the_engines_indices() -> None:
    assert [r.value for r in Rank] == [r.index for r in Rank] == list(range(12))
    assert Rank.MARSHAL == 10 and Rank.FLAG == 0 and Rank.BOMB == 11
    assert Player.RED == 0 and Player.BLUE == 1 and Player.RED.opponent is Player.BLUE
    assert issubclass(Rank, enum.IntEnum) and issubclass(Player, enum.IntEnum)
    assert Edition.ISF.value == 2 and Termination.PLY_CAP.value == 3 and Battle.BOTH_DIE.value == 2
    assert IllegalReason.NOT_YOUR_TURN.value == 18
    assert sorted([Rank.BOMB, Rank.SPY, Rank.MARSHAL]) == [Rank.SPY, Rank.MARSHAL, Rank.BOMB]


def test_text_forms_are_unchanged() -> None:
    assert str(Rank.MARSHAL) == f"{Rank.MARSHAL}" == "Marshal"
    assert str(Player.BLUE) == f"{Player.BLUE}" == "blue"
    assert str(Edition.ULTIMATE_LIGHTNING) == "ultimate_lightning" and str(Numbering.CLASSIC) == "classic"
    assert str(IllegalReason.TWO_SQUARE_RULE) == "forbidden by the two-squares rule"
    assert Player("r") is Player.RED and Player("Blue") is Player.BLUE
    assert Rank.all() == list(Rank) and Edition.all() == list(Edition)
    assert Rank.from_index(10) is Rank.MARSHAL and Player.from_index(1) is Player.BLUE


def test_pickles_made_before_the_enums_still_load() -> None:
    # `pickle.dumps(Rank.MARSHAL)` as the module wrote it when Rank was a native class.
    old = b"\x80\x04\x95-\x00\x00\x00\x00\x00\x00\x00\x8c\x12stratego._stratego\x94\x8c\x04Rank\x94\x93\x94\x8c\x07Marshal\x94\x85\x94R\x94."
    assert pickle.loads(old) is Rank.MARSHAL
    # The same for `Player.BLUE` in protocol 0: `Player("blue")` from the native module.
    assert pickle.loads(b"cstratego._stratego\nPlayer\n(Vblue\ntR.") is Player.BLUE


def test_labels_go_through_an_explicit_numbering() -> None:
    assert Rank.from_label("10", Numbering.MODERN) is Rank.MARSHAL
    assert Rank.from_label("1", Numbering.CLASSIC) is Rank.MARSHAL
    assert Rank.from_label("10", Numbering.ISF) is Rank.MARSHAL and Numbering.ISF is Numbering.MODERN
    assert Rank.from_label("S", Numbering.CLASSIC) is Rank.SPY and Rank.from_label("1", "isf") is Rank.SPY
    assert Rank.from_label("1", Rules("classic")) is Rank.MARSHAL
    assert Rank.from_label("1", Edition.CLASSIC) is Rank.MARSHAL
    assert Rank.MARSHAL.label(Numbering.CLASSIC) == "1" and Rank.MARSHAL.label() == "10"
    assert Numbering.CLASSIC.rank("9") is Rank.SCOUT and Numbering.MODERN.rank("x") is None
    with pytest.raises(ValueError, match="labelled '10' in the classic"):
        Rank.from_label("10", Numbering.CLASSIC)
    # A label given to the constructor is refused, since its meaning depends on the numbering.
    with pytest.raises(stratego.ParseError, match="from_label"):
        Rank("10")
    with pytest.raises(TypeError):
        Rank.from_label("10", 3)  # type: ignore[arg-type]


def test_range_errors_name_the_range() -> None:
    with pytest.raises(ValueError, match=r"0..=11, got 12"):
        Rank.from_index(12)
    with pytest.raises(ValueError, match=r"0..=1, got -1"):
        Player.from_index(-1)
    with pytest.raises(TypeError, match="not bool"):
        Rank.from_index(True)


def test_the_engine_takes_members_only() -> None:
    game = stratego.Game.random("barrage", seed=1)
    assert game.to_move is Player.RED and game.view(Player.BLUE).player is Player.BLUE
    # An int equal to a member's value is not taken for it: a clear TypeError instead.
    with pytest.raises(TypeError, match="expected a Player"):
        game.view(0)  # type: ignore[arg-type]
    assert all(isinstance(r, Rank) for r in game.army(Player.RED))
    outcome = stratego.Outcome(Player.RED, Termination.FLAG_CAPTURED)
    assert outcome.termination is Termination.FLAG_CAPTURED and pickle.loads(pickle.dumps(outcome)) == outcome


def test_square_kinds_are_their_text() -> None:
    view = stratego.Game.random("isf", seed=1).view(Player.RED)
    kinds = [sv.kind for _, sv in view.squares()]
    assert all(isinstance(k, SquareKind) for k in kinds) and set(kinds) == set(SquareKind)
    own = view.square("a1").kind
    assert own is SquareKind.OWN and own == "own" and str(own) == f"{own}" == "own"
    assert {"own": 1}[own] == 1 and hash(own) == hash("own")
    assert stratego.SquareView(SquareKind.ENEMY, Player.RED) == stratego.SquareView("enemy", Player.RED)
