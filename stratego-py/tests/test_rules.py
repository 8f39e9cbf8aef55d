"""Rules: editions, the text form, the keyword builder and a property for every rule."""

from __future__ import annotations

import pytest

import stratego
from stratego import Battle, Edition, Numbering, Rank, Rules


def test_text_form_round_trips_and_names_the_changed_rules() -> None:
    rules = Rules("isf(two_square=5)")
    assert rules.two_square_limit == 5
    assert str(rules) == "isf(two_square=5)"
    assert Rules(str(rules)) == rules
    assert eval(repr(rules), {"Rules": Rules}) == rules


@pytest.mark.parametrize("edition", list(Edition))
def test_every_edition_has_a_preset_named_by_its_text(edition: Edition) -> None:
    rules = Rules.edition(edition)
    assert rules.base_edition == edition
    assert Rules.edition(str(edition)) == rules
    assert str(rules) == str(edition)


def test_builder_keywords_match_the_properties() -> None:
    rules = Rules.builder("classic", max_plies=2000, two_square=4, visibility=1)
    assert (rules.max_plies, rules.two_square_limit, rules.visibility) == (2000, 4, 1)
    assert str(rules) == "classic(two_square=4,visibility=1,max_plies=2000)"
    # Every rule is a property, and the properties rebuild the rules. As in Rust, two settings
    # name the switch (`RulesBuilder::two_square`, `chase`; the text keys) and their getters
    # the value (`Rules::two_square_limit`, `chase_rule`).
    getter = {"two_square": "two_square_limit", "chase": "chase_rule"}
    for name in Rules.rule_names():
        assert hasattr(rules, getter.get(name, name)), name
    assert Rules.builder(rules.base_edition, **rules.to_dict()) == rules


def test_builder_covers_army_movement_combat_lakes_and_constraints() -> None:
    rules = Rules.builder(
        "isf",
        width=10,
        height=10,
        lakes=["c5", stratego.Square("d5")],
        army={Rank.FLAG: 1, Rank.SCOUT: 3, "Marshal": 1},
        movement={Rank.MARSHAL: ("slide", "none")},
        combat={(Rank.SCOUT, Rank.MARSHAL): Battle.ATTACKER_WINS},
        slide_attacks=False,
        chase=False,
        two_square=None,
        numbering=Numbering.CLASSIC,
    )
    assert rules.lakes == [stratego.Square("c5"), stratego.Square("d5")]
    assert rules.army == {Rank.FLAG: 1, Rank.SCOUT: 3, Rank.MARSHAL: 1}
    assert rules.movement[Rank.MARSHAL] == ("slide", "none")
    assert rules.battle(Rank.SCOUT, Rank.MARSHAL) == Battle.ATTACKER_WINS
    assert rules.combat[(Rank.SCOUT, Rank.MARSHAL)] == Battle.ATTACKER_WINS
    assert not rules.slide_attacks and not rules.chase_rule and rules.two_square_limit is None
    assert rules.label(Rank.MARSHAL) == "1"
    assert Rules(str(rules)) == rules
    estrategia = Rules.edition(Edition.ESTRATEGIA)
    assert estrategia.constraints == ["flag_corner", "diagonal:Marshal", "around:Bomb"]
    assert Rules.builder("isf", constraints=estrategia.constraints, lakes=[]).constraints == estrategia.constraints


def test_bad_rules_raise_clear_errors() -> None:
    with pytest.raises(stratego.ParseError) as err:
        Rules("isf(two_square=")
    assert err.value.what == "rules"
    with pytest.raises(stratego.ParseError):
        Rules("chess")
    with pytest.raises(stratego.RulesError):
        Rules.builder("isf", army={Rank.SCOUT: 41})
    with pytest.raises(TypeError, match="unknown rule"):
        Rules.builder("isf", colour="red")
    with pytest.raises(ValueError, match="width"):
        Rules.builder("isf", width=2**70)
    with pytest.raises(TypeError):
        Rules.builder("isf", chase="yes")
    with pytest.raises(TypeError):
        Rules.edition(None)  # type: ignore[arg-type]
    assert issubclass(stratego.RulesError, ValueError)


def test_rl_sizes_and_action_ids() -> None:
    rules = Rules("isf")
    assert rules.num_actions == 10_000
    assert rules.observation_shape == (32, 10, 10)
    mv = stratego.Move("a4-a5")
    assert rules.action_id(stratego.Player.RED, mv) == 30 * 100 + 40
    assert rules.action_id(stratego.Player.BLUE, "a4-a5") == 69 * 100 + 59
    assert rules.action_move(stratego.Player.BLUE, 69 * 100 + 59) == mv
    with pytest.raises(ValueError):
        rules.action_move(stratego.Player.RED, 10_000)
    with pytest.raises(ValueError):
        rules.action_move(stratego.Player.RED, -1)
    with pytest.raises(ValueError):
        rules.action_id(stratego.Player.RED, "a4-a11")


@pytest.mark.parametrize(
    "rules, error",
    [
        ({"lakes": 5}, TypeError),
        ({"lakes": ["c5", "z0"]}, stratego.ParseError),
        ({"lakes": ["p16"]}, stratego.RulesError),
        ({"army": [1, 2]}, TypeError),
        ({"army": {Rank.FLAG: -1}}, ValueError),
        ({"army": {"King": 1}}, stratego.ParseError),
        ({"movement": {Rank.SCOUT: ("slide",)}}, TypeError),
        ({"movement": {Rank.SCOUT: ("fly", "none")}}, ValueError),
        ({"combat": {(Rank.SCOUT,): Battle.BOTH_DIE}}, TypeError),
        ({"combat": {(Rank.SCOUT, Rank.SPY): "win"}}, TypeError),
        ({"constraints": ["flag_middle"]}, ValueError),
        ({"constraints": [3]}, TypeError),
        ({"two_square": 0}, stratego.RulesError),
        ({"two_square": 256}, ValueError),
        ({"setup_rows": 6}, stratego.RulesError),
        ({"max_plies": -1}, ValueError),
        ({"numbering": "classic"}, TypeError),
        ({"width": 1}, stratego.RulesError),
        ({"height": 17}, ValueError),
    ],
)
def test_builder_refuses_bad_values_with_a_clear_error(rules: dict, error: type) -> None:
    with pytest.raises(error):
        Rules.builder("isf", **rules)
    base = Rules("isf")
    with pytest.raises(error):
        base.replace(**rules)
    assert base == Rules("isf")
