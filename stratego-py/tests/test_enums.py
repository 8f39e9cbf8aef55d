"""The closed sets are Python enums: iteration, names, values, pickles, labels."""

from __future__ import annotations

import copy
import enum
import pathlib
import pickle
import re
import subprocess
import sys
from typing import List, Type

import pytest

import stratego
from stratego import (
    Battle,
    Edition,
    IllegalReason,
    Numbering,
    Player,
    Rank,
    Rules,
    SetupProblemKind,
    SquareKind,
    Termination,
)

ENUMS: List[Type[enum.Enum]] = [
    Rank,
    Player,
    Edition,
    Numbering,
    Termination,
    Battle,
    IllegalReason,
    SetupProblemKind,
    SquareKind,
]


@pytest.mark.parametrize("cls", ENUMS, ids=lambda c: c.__name__)
def test_every_set_is_an_enum_that_iterates_and_indexes_by_name(cls: Type[enum.Enum]) -> None:
    assert issubclass(cls, enum.Enum)
    members = list(cls)
    assert len(cls) == len(members) > 1
    for m in members:
        assert cls[m.name] is m and cls(m.value) is m
        assert repr(m) == f"{cls.__name__}.{m.name}" and eval(repr(m), vars(stratego)) is m
        assert pickle.loads(pickle.dumps(m)) is m and copy.deepcopy(m) is m
    # The 0.1.0 spelling by name is gone: a name goes through `cls[NAME]`.
    with pytest.raises(ValueError):
        cls("no such name")
    # The native module names the very same classes.
    assert getattr(stratego._stratego, cls.__name__) is cls


def test_every_set_is_the_engines_table() -> None:
    # Names, values and order of every member are the core's (the C header has the same:
    # stratego-ffi/tests/enums.rs), and every set of the core is here.
    table = stratego._stratego._enum_table()
    assert sorted(name for name, _ in table) == sorted(c.__name__ for c in ENUMS)
    for name, members in table:
        cls = getattr(stratego, name)
        assert [(m.name, m.value) for m in cls] == [tuple(m) for m in members], name


def test_the_generated_members_are_current() -> None:
    script = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "gen_enums.py"
    run = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_the_c_header_agrees() -> None:
    header = pathlib.Path(__file__).resolve().parents[2] / "include" / "stratego.h"
    defines = dict(re.findall(r"^#define (STRATEGO_\w+) (\d+)$", header.read_text(), re.M))
    prefix = {"IllegalReason": "ILLEGAL", "SetupProblemKind": "SETUP_PROBLEM", "SquareKind": "SQUARE"}
    for cls in ENUMS:
        p = prefix.get(cls.__name__, cls.__name__.upper())
        for m in cls:
            assert defines.get(f"STRATEGO_{p}_{m.name}") == str(m.value), (cls, m)


def test_the_values_are_the_engines() -> None:
    assert [r.value for r in Rank] == list(range(12))
    assert Rank.MARSHAL == 10 and Rank.FLAG == 0 and Rank.BOMB == 11
    assert Player.RED == 0 and Player.BLUE == 1 and Player.RED.opponent is Player.BLUE
    assert issubclass(Rank, enum.IntEnum) and issubclass(Player, enum.IntEnum)
    assert Edition.ISF.value == 2 and Termination.PLY_CAP.value == 4 and Battle.BOTH_DIE.value == 3
    assert IllegalReason.NOT_YOUR_TURN.value == 19 and SetupProblemKind.MISPLACED.value == 9
    assert sorted([Rank.BOMB, Rank.SPY, Rank.MARSHAL]) == [Rank.SPY, Rank.MARSHAL, Rank.BOMB]


def test_text_forms_are_unchanged() -> None:
    assert str(Rank.MARSHAL) == f"{Rank.MARSHAL}" == "Marshal"
    assert str(Player.BLUE) == f"{Player.BLUE}" == "blue"
    assert str(Edition.ULTIMATE_LIGHTNING) == "ultimate_lightning" and str(Numbering.CLASSIC) == "classic"
    assert str(IllegalReason.TWO_SQUARE_RULE) == "forbidden by the two-squares rule"
    assert Player(1) is Player.BLUE and str(SquareKind.OWN) == "own"


def test_labels_go_through_an_explicit_numbering() -> None:
    assert Rank.from_label("10", Numbering.MODERN) is Rank.MARSHAL
    assert Rank.from_label("1", Numbering.CLASSIC) is Rank.MARSHAL
    assert Rank.from_label("S", Numbering.CLASSIC) is Rank.SPY and Rank.from_label("1", "isf") is Rank.SPY
    assert Rank.from_label("1", Rules("classic")) is Rank.MARSHAL
    assert Rank.from_label("1", Edition.CLASSIC) is Rank.MARSHAL
    assert Rank.MARSHAL.label(Numbering.CLASSIC) == "1" and Rank.MARSHAL.label() == "10"
    assert Numbering.CLASSIC.rank("9") is Rank.SCOUT and Numbering.MODERN.rank("x") is None
    with pytest.raises(ValueError, match="labelled '10' in the classic"):
        Rank.from_label("10", Numbering.CLASSIC)
    # A label is no value: the constructor takes the value only.
    with pytest.raises(ValueError):
        Rank("10")
    with pytest.raises(TypeError):
        Rank.from_label("10", 3)  # type: ignore[arg-type]


def test_out_of_range_values_are_value_errors() -> None:
    with pytest.raises(ValueError, match="12 is not a valid Rank"):
        Rank(12)
    with pytest.raises(ValueError, match="-1 is not a valid Player"):
        Player(-1)
    with pytest.raises(ValueError, match="0 is not a valid Termination"):
        Termination(0)  # C's "none", not a member


def test_the_engine_takes_members_only() -> None:
    game = stratego.Game.random("barrage", seed=1)
    assert game.to_move is Player.RED and game.view(Player.BLUE).player is Player.BLUE
    # An int equal to a member's value is not taken for it: a clear TypeError instead.
    with pytest.raises(TypeError, match="expected a Player"):
        game.view(0)  # type: ignore[arg-type]
    assert all(isinstance(r, Rank) for r in game.army(Player.RED))
    outcome = stratego.Outcome(Player.RED, Termination.FLAG_CAPTURED)
    assert outcome.termination is Termination.FLAG_CAPTURED and pickle.loads(pickle.dumps(outcome)) == outcome


def test_square_kinds_print_as_their_text() -> None:
    view = stratego.Game.random("isf", seed=1).view(Player.RED)
    kinds = [sv.kind for _, sv in view.squares()]
    assert all(isinstance(k, SquareKind) for k in kinds) and set(kinds) == set(SquareKind)
    own = view.square("a1").kind
    assert own is SquareKind.OWN and own == 2 and str(own) == "own"
    assert stratego.SquareView(SquareKind.ENEMY, Player.RED) == stratego.SquareView("enemy", Player.RED)
    with pytest.raises(TypeError, match="kind must be a SquareKind or its text"):
        stratego.SquareView(3, Player.RED)  # type: ignore[arg-type]
