"""The engine as an OpenSpiel game: OpenSpiel's own random-simulation test passes, one of its
search algorithms plays it, and no hidden rank reaches a player's information state."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import stratego
from stratego import Game, Player, Rules, Setup
from stratego.envs import openspiel_game

from test_views import twin_games

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install stratego[openspiel])")


def test_import_stratego_does_not_import_openspiel() -> None:
    code = "import sys, stratego, stratego.envs; print('pyspiel' in sys.modules, 'open_spiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.parametrize(
    ("rules", "sims", "max_plies"),
    [("barrage", 10, 300), ("isf(two_square=5)", 2, 1000), ("duel(visibility=2)", 3, 300)],
)
def test_openspiel_random_sim_test(rules: str, sims: int, max_plies: int) -> None:
    game = openspiel_game(rules, seed=11, max_plies=max_plies)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_game_facts_follow_the_rules() -> None:
    rules = Rules("isf(two_square=5)")
    game = openspiel_game(rules, seed=2, max_plies=500)
    assert game.num_distinct_actions() == rules.num_actions
    assert game.num_players() == 2
    assert game.max_game_length() == 500
    assert game.max_chance_outcomes() == 0
    assert game.information_state_tensor_shape() == list(rules.observation_shape)
    assert game.observation_tensor_shape() == list(rules.observation_shape)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    # The game string loads the same game back (nested rules included).
    again = pyspiel.load_game(str(game))
    assert again.rules == rules.replace(max_plies=500)
    assert str(again.new_initial_state()) == str(game.new_initial_state())


def test_games_are_capped_by_default_and_a_lower_cap_of_the_rules_is_kept() -> None:
    assert openspiel_game("isf").max_game_length() == stratego.envs.DEFAULT_MAX_PLIES == 2000
    assert openspiel_game("barrage(max_plies=77)").max_game_length() == 77
    assert openspiel_game("barrage(max_plies=77)", max_plies=500).max_game_length() == 77
    assert openspiel_game("barrage(max_plies=77)", max_plies=50).rules.max_plies == 50
    # None: no cap but the rules' own (the game string says max_plies=0).
    uncapped = openspiel_game("isf", max_plies=None)
    assert uncapped.rules == Rules("isf") and uncapped.max_game_length() == 2**31 - 1
    assert "max_plies=0" in str(uncapped)
    assert openspiel_game("barrage(max_plies=77)", max_plies=None).max_game_length() == 77


def test_a_game_ends_by_default_under_a_policy_that_never_attacks() -> None:
    game = openspiel_game("isf", seed=4)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        quiet = [a for a in legal if state.game.piece_at(state.game.action_move(a).to_square) is None]
        state.apply_action((quiet or legal)[0])
    assert len(state.history()) == game.max_game_length() == 2000
    assert state.returns() == [0.0, 0.0] and state.game.outcome.termination == stratego.Termination.PLY_CAP
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []


@pytest.mark.parametrize("observation", ["compact_planes", "board_codes"])
def test_observation_kinds_reach_the_tensors(observation: str) -> None:
    game = openspiel_game("barrage", seed=2, observation=observation)
    state = game.new_initial_state()
    for step in range(10):
        state.apply_action(state.legal_actions()[(step * 31) % len(state.legal_actions())])
    for player in (0, 1):
        tensor = np.asarray(state.observation_tensor(player))
        if observation == "board_codes":
            assert game.observation_tensor_shape() == [100]
            assert np.array_equal(tensor, state.game.board_codes(Player(player)).astype(np.float32))
        else:
            assert game.observation_tensor_shape() == list(game.rules.observation_shape)
            assert np.array_equal(tensor, state.game.observation(Player(player)).ravel())
    assert pyspiel.load_game(str(game)).observation_tensor_shape() == game.observation_tensor_shape()
    with pytest.raises(ValueError, match="observation"):
        openspiel_game("barrage", observation="pixels")


def test_a_state_plays_the_engines_game() -> None:
    rules = Rules("barrage")
    game = openspiel_game(rules, seed=5, max_plies=150)
    state = game.new_initial_state()
    mirror = Game(rules.replace(max_plies=150), *Setup.random_pair(rules, seed=5))
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        assert player == mirror.to_move.value
        legal = state.legal_actions()
        assert legal == sorted(legal) == mirror.legal_actions()
        assert state.legal_actions(1 - player) == []
        action = legal[(step * 7919) % len(legal)]
        assert state.action_to_string(player, action) == str(mirror.action_move(action))
        state.apply_action(action)
        mirror.play_action(action)
        step += 1
    assert mirror.outcome is not None
    assert state.returns() == [float(mirror.outcome.reward(Player.RED)), float(mirror.outcome.reward(Player.BLUE))]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert len(state.history()) == step


def test_seeds_draw_setups_and_fixed_setups_replace_them() -> None:
    rules = Rules("isf")
    one, same, other = (openspiel_game(rules, seed=s).new_initial_state() for s in (1, 1, 2))
    assert str(one) == str(same)
    assert str(one) != str(other)
    red, blue = Setup.random_pair(rules, seed=99)
    fixed = openspiel_game(rules, seed=1, red_setup=red, blue_setup=blue.to_text(rules)).new_initial_state()
    assert fixed.game.position() == Game(rules, red, blue).position()
    half = openspiel_game(rules, seed=1, red_setup=red).new_initial_state()
    assert half.game.pieces_of(Player.RED) == Game(rules, red, blue).pieces_of(Player.RED)
    assert half.game.pieces_of(Player.BLUE) == one.game.pieces_of(Player.BLUE)


def test_bad_parameters_are_refused_clearly() -> None:
    with pytest.raises(stratego.ParseError):
        openspiel_game("isf", red_setup="XYZ")
    with pytest.raises(ValueError, match="max_plies"):
        openspiel_game("isf", max_plies=-1)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_stratego(colour=red)")


def test_an_illegal_action_leaves_the_state_as_it_was() -> None:
    state = openspiel_game("barrage", seed=3).new_initial_state()
    before = str(state)
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(stratego.IllegalMoveError):
        state.apply_action(illegal)
    assert str(state) == before
    assert state.history() == []


def _twin_states(seed: int) -> tuple:
    """Two OpenSpiel states whose Blue armies differ only in two hidden ranks (fixed setups),
    and the two squares holding them."""
    rules = Rules("isf")
    a, b, swapped = twin_games(rules, seed)
    states = []
    for twin in (a, b):
        red, blue = (Setup(p, [(sq, piece.rank) for sq, piece in twin.pieces_of(p)]) for p in (Player.RED, Player.BLUE))
        states.append(openspiel_game(rules, red_setup=red, blue_setup=blue, max_plies=1000).new_initial_state())
    return states[0], states[1], swapped


def _same_for_red(a, b) -> None:
    assert np.array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    assert np.array_equal(a.observation_tensor(0), b.observation_tensor(0))
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)


@pytest.mark.parametrize("seed", [1, 4])
def test_information_state_is_the_same_whatever_the_hidden_ranks(seed: int) -> None:
    a, b, swapped = _twin_states(seed)
    assert a.game.position() != b.game.position()
    _same_for_red(a, b)
    plies = 0
    while not a.is_terminal() and plies < 200:
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        start = (plies * 7919) % len(legal)
        player = Player(a.current_player())

        def tells_apart(action: int) -> bool:
            # A battle of a swapped piece would reveal its rank.
            move = a.game.rules.action_move(player, action)
            return a.game.piece_at(move.to_square) is not None and bool({move.from_square, move.to_square} & swapped)

        safe = [x for x in legal[start:] + legal[:start] if not tells_apart(x)]
        if not safe:
            break
        move = a.game.rules.action_move(player, safe[0])
        swapped = {move.to_square if s == move.from_square else s for s in swapped}
        a.apply_action(safe[0])
        b.apply_action(safe[0])
        plies += 1
        _same_for_red(a, b)
    assert plies >= 100
    # Blue knows its own ranks, so Blue's information states tell the games apart.
    assert not np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))
    assert a.information_state_string(1) != b.information_state_string(1)


def _midgame(rules: str = "isf", plies: int = 60, seed: int = 8):
    state = openspiel_game(rules, seed=seed).new_initial_state()
    for step in range(plies):
        legal = state.legal_actions()
        state.apply_action(legal[(step * 7919) % len(legal)])
    assert not state.is_terminal()
    return state


def test_resample_from_infostate_is_consistent_with_the_view() -> None:
    state = _midgame()
    positions = set()
    for player in (0, 1):
        view = state.game.view(Player(player))
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(4):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert np.array_equal(world.information_state_tensor(player), state.information_state_tensor(player))
            assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
            assert world.current_player() == state.current_player()
            if player == state.current_player():  # the other side's moves depend on its ranks
                assert world.legal_actions() == state.legal_actions()
            assert world.game.view(Player(player)).squares() == view.squares()
            assert world.game.pieces_of(view.player) == state.game.pieces_of(view.player)
            positions.add(world.game.position_full())
            # A world is a state like any other: it clones, plays and serializes.
            copy = world.clone()
            copy.apply_action(copy.legal_actions()[0])
            assert str(copy) != str(world)
            again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(world.get_game(), world))[1]
            assert str(again) == str(world)
    # The hidden ranks are drawn, not copied from the truth.
    assert len(positions) > 2


def test_resample_is_a_function_of_the_sampler() -> None:
    state = _midgame()
    first = state.resample_from_infostate(1, lambda: 0.25)
    again = state.resample_from_infostate(1, lambda: 0.25)
    other = state.resample_from_infostate(1, lambda: 0.75)
    assert first.game.position_full() == again.game.position_full()
    assert first.game.position_full() != other.game.position_full()


def test_ismcts_plays_a_game_against_a_random_bot() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel_game("barrage", seed=3, max_plies=80)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    resampled = []
    original = searcher.resample_from_infostate

    def counting(state):
        resampled.append(state.current_player())
        return original(state)

    searcher.resample_from_infostate = counting
    bots = [searcher, pyspiel.make_uniform_random_bot(1, 5)]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0.0
    assert resampled and set(resampled) == {0}
    assert len(state.history()) <= 80
