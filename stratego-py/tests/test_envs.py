"""The PettingZoo and Gymnasium environments pass their libraries' own checks, end by default,
take the documented options, and give a policy the legal ids without a scan of the mask."""

from __future__ import annotations

import pickle
import subprocess
import sys
from typing import Any, List, Optional

import numpy as np
import pytest

import stratego
from stratego import Game, Player, Rules, Setup, Termination
from stratego.envs import DEFAULT_MAX_PLIES

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

# Dict observations (observation + action mask, as PettingZoo's classic games have them) draw
# these two notes from api_test; nothing else may warn.
PZ_NOTES = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]
KINDS = ["planes", "compact_planes", "board_codes"]


def quiet_action(game: Game, actions: List[int]) -> int:
    """The first legal action that attacks nothing (the first legal one when all attack)."""
    for a in actions:
        if game.piece_at(game.action_move(a).to_square) is None:
            return a
    return actions[0]


def quiet_answer(view: stratego.PlayerView) -> stratego.Move:
    """An opponent that never attacks while it has another move."""
    moves = view.legal_moves
    return next((m for m in moves if view.square(m.to_square).kind != "enemy"), moves[0])


def test_import_stratego_imports_neither_library() -> None:
    code = "import sys, stratego, stratego.envs; print('pettingzoo' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_default_cap_is_the_vec_envs() -> None:
    assert DEFAULT_MAX_PLIES == stratego.VecEnv(Rules("barrage"), 1).max_plies == 2000


# --- PettingZoo -------------------------------------------------------------------------------


@pytest.mark.filterwarnings(*PZ_NOTES)
@pytest.mark.parametrize("observation", KINDS)
def test_pettingzoo_api_test(observation: str) -> None:
    from pettingzoo.test import api_test

    env = stratego.envs.pettingzoo_env(rules=Rules("barrage"), observation=observation)
    api_test(env, num_cycles=300 if observation == "planes" else 60, verbose_progress=False)


@pytest.mark.filterwarnings(*PZ_NOTES)
def test_pettingzoo_seed_test() -> None:
    from pettingzoo.test import seed_test

    seed_test(lambda: stratego.envs.pettingzoo_env(rules="barrage"), num_cycles=50)


def _self_play(env: Any, seed: int, limit: int = 20000) -> tuple:
    env.reset(seed=seed)
    steps = 0
    totals = {"player_0": 0.0, "player_1": 0.0}
    for agent in env.agent_iter(max_iter=limit):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            mask = obs["action_mask"]
            assert mask.dtype == np.bool_ and mask.sum() > 0
            assert info["legal_actions"] == np.flatnonzero(mask).tolist()
            action = env.action_space(agent).sample(mask)
        env.step(action)
        steps += 1
    return steps, totals, env.unwrapped.game.outcome


def test_pettingzoo_plays_whole_games_with_opposite_rewards() -> None:
    env = stratego.envs.pettingzoo_env(rules="barrage", max_plies=3000)
    steps, r, outcome = _self_play(env, seed=3)
    assert outcome is not None and steps >= env.unwrapped.game.ply
    if outcome.winner is None:
        assert r == {"player_0": 0.0, "player_1": 0.0}
    else:
        winner = "player_0" if outcome.winner == Player.RED else "player_1"
        loser = "player_1" if winner == "player_0" else "player_0"
        assert (r[winner], r[loser]) == (1.0, -1.0)


def _pettingzoo_quiet_game(env: Any, seed: int, limit: int) -> int:
    """Plies played by the never-attacking policy before the episode ends (or `limit`)."""
    env.reset(seed=seed)
    plies = 0
    for agent in env.agent_iter(max_iter=limit):
        _obs, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(quiet_action(env.unwrapped.game, info["legal_actions"]))
        plies += 1
    return plies


def test_pettingzoo_ends_by_default_under_a_policy_that_never_attacks() -> None:
    env = stratego.envs.pettingzoo_env()
    plies = _pettingzoo_quiet_game(env, seed=1, limit=3 * DEFAULT_MAX_PLIES)
    game = env.unwrapped.game
    assert not env.agents, "the episode ended and both agents stepped out"
    assert plies == game.ply == DEFAULT_MAX_PLIES, "no battle, so only the cap ends it"
    assert game.outcome.termination == Termination.PLY_CAP and game.outcome.winner is None


def test_pettingzoo_cap_is_a_truncation_with_zero_rewards_and_none_lifts_it() -> None:
    env = stratego.envs.pettingzoo_env("isf", max_plies=40)
    env.reset(seed=2)
    for _ in range(40):
        env.step(quiet_action(env.unwrapped.game, env.infos[env.agent_selection]["legal_actions"]))
    assert env.truncations == {"player_0": True, "player_1": True}
    assert env.terminations == {"player_0": False, "player_1": False}
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert env.infos[env.agent_selection]["outcome"].termination == Termination.PLY_CAP
    uncapped = stratego.envs.pettingzoo_env("isf", max_plies=None)
    assert uncapped.unwrapped.rules == Rules("isf")
    assert _pettingzoo_quiet_game(uncapped, seed=1, limit=DEFAULT_MAX_PLIES + 50) == DEFAULT_MAX_PLIES + 50
    # The rules' own cap stays when it is lower.
    assert stratego.envs.pettingzoo_env("isf(max_plies=77)").unwrapped.rules.max_plies == 77


@pytest.mark.parametrize("bad, error", [(0, ValueError), (-5, ValueError), (True, TypeError), ("9", TypeError)])
def test_bad_caps_are_refused(bad: Any, error: type) -> None:
    with pytest.raises(error, match="max_plies"):
        stratego.envs.pettingzoo_env(max_plies=bad)
    with pytest.raises(error, match="max_plies"):
        stratego.envs.gymnasium_env(max_plies=bad)
    with pytest.raises(ValueError, match="observation"):
        stratego.envs.gymnasium_env(observation="pixels")


def test_pettingzoo_observations_hide_enemy_ranks_and_masks_only_the_mover() -> None:
    env = stratego.envs.pettingzoo_env(rules="isf")
    env.reset(seed=1)
    game = env.unwrapped.game
    assert np.array_equal(env.observe("player_0")["observation"], game.observation(Player.RED))
    assert np.array_equal(env.observe("player_1")["observation"], game.view(Player.BLUE).observation())
    assert env.observe("player_1")["action_mask"].sum() == 0
    assert env.observe("player_0")["action_mask"].sum() == len(game.legal_actions())
    assert env.infos["player_1"]["legal_actions"] == []


@pytest.mark.parametrize("observation", KINDS)
def test_observation_kinds_hold_the_engines_encodings(observation: str) -> None:
    env = stratego.envs.pettingzoo_env("barrage", observation=observation)
    env.reset(seed=4)
    for _ in range(6):
        env.step(env.infos[env.agent_selection]["legal_actions"][0])
    game = env.unwrapped.game
    for agent, player in (("player_0", Player.RED), ("player_1", Player.BLUE)):
        obs = env.observe(agent)
        assert env.observation_space(agent).contains(obs)
        want = {
            "planes": game.observation(player),
            "compact_planes": game.observation(player).astype(np.uint8),
            "board_codes": game.board_codes(player),
        }[observation]
        assert obs["observation"].dtype == want.dtype and np.array_equal(obs["observation"], want)
    # Each call gives new arrays: a kept observation does not change under later steps.
    kept = env.observe(env.agent_selection)
    again = env.observe(env.agent_selection)
    assert kept["observation"] is not again["observation"] and kept["action_mask"] is not again["action_mask"]
    gym_env = stratego.envs.gymnasium_env("barrage", observation=observation)
    obs, _info = gym_env.reset(seed=4)
    assert gym_env.observation_space.contains(obs)


def test_pettingzoo_reset_takes_setups_and_refuses_bad_ones_changing_nothing() -> None:
    rules = Rules("barrage")
    env = stratego.envs.pettingzoo_env(rules)
    red, blue = Setup.random_pair(rules, seed=40)
    env.reset(seed=1, options={"red_setup": red, "blue_setup": blue.to_text(rules)})
    assert env.unwrapped.game.position() == Game(rules, red, blue).position()
    env.reset(seed=1)
    drawn = env.unwrapped.game
    env.reset(seed=1, options={"blue_setup": blue})
    half = env.unwrapped.game
    assert half.pieces_of(Player.RED) == drawn.pieces_of(Player.RED)
    assert half.pieces_of(Player.BLUE) == Game(rules, red, blue).pieces_of(Player.BLUE)
    env.step(env.infos[env.agent_selection]["legal_actions"][0])
    before = env.unwrapped.game.position()
    with pytest.raises(stratego.ParseError):
        env.reset(options={"red_setup": "XYZ"})
    with pytest.raises(ValueError, match="red_setup"):
        env.reset(options={"red_setup": blue})
    with pytest.raises(TypeError, match="red_setup"):
        env.reset(options={"red_setup": 7})
    assert env.unwrapped.game.position() == before and env.agent_selection == "player_1"


def test_pettingzoo_render_modes_and_illegal_action() -> None:
    for mode in ("ansi", "svg", "rgb_array"):
        env = stratego.envs.pettingzoo_env(rules="isf", render_mode=mode)
        env.reset(seed=0)
        picture = env.render()
        if mode == "rgb_array":
            assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
        else:
            assert isinstance(picture, str) and ("?" in picture)
    with pytest.raises(ValueError):
        stratego.envs.pettingzoo_env(render_mode="human")
    env = stratego.envs.pettingzoo_env(rules="isf")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    before = env.unwrapped.game.position()
    with pytest.raises(stratego.IllegalMoveError):
        env.step(0)
    assert env.unwrapped.game.position() == before


def test_pettingzoo_env_pickles() -> None:
    env = stratego.envs.pettingzoo_env(rules="barrage", observation="board_codes", max_plies=300)
    env.reset(seed=5)
    again = pickle.loads(pickle.dumps(env))
    again.reset(seed=5)
    assert again.unwrapped.game.position() == env.unwrapped.game.position()
    assert (again.unwrapped.observation_kind, again.unwrapped.max_plies) == ("board_codes", 300)


def test_action_space_samples_legal_actions_from_bool_and_int8_masks() -> None:
    env = stratego.envs.pettingzoo_env("isf")
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    space = env.action_space(env.agent_selection)
    space.seed(0)
    legal = set(env.infos[env.agent_selection]["legal_actions"])
    assert {int(space.sample(mask)) for _ in range(50)} <= legal
    assert {int(space.sample(mask.astype(np.int8))) for _ in range(50)} <= legal
    assert len({int(space.sample(mask)) for _ in range(200)}) > 1
    assert space.sample(np.zeros_like(mask)) == 0
    with pytest.raises(ValueError, match="shape"):
        space.sample(mask[:10])


# --- Gymnasium --------------------------------------------------------------------------------


# check_env can test other render modes only for envs made by gymnasium.make.
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
@pytest.mark.parametrize("observation", KINDS)
def test_gymnasium_check_env(observation: str) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(stratego.envs.gymnasium_env(rules="barrage", observation=observation), skip_render_check=False)
    check_env(stratego.envs.gymnasium_env(rules="barrage", player=Player.BLUE, observation=observation))


def test_gymnasium_episode_against_random_and_callable_opponents() -> None:
    seen = []

    def first_move(view: stratego.PlayerView) -> stratego.Move:
        seen.append(view.player)
        return view.legal_moves[0]

    for opponent in ("random", first_move, "heuristic", "sampling:2"):
        env = stratego.envs.gymnasium_env(rules="barrage", opponent=opponent)
        obs, info = env.reset(seed=11)
        total, done, steps = 0.0, False, 0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert info["legal_actions"] == legal.tolist()
            obs, reward, terminated, truncated, info = env.step(int(legal[steps % len(legal)]))
            total += float(reward)
            done = terminated or truncated
            steps += 1
        assert env.game.outcome is not None and "outcome" in info
        assert total == env.game.outcome.reward(Player.RED)
    assert seen and set(seen) == {Player.BLUE}


def test_gymnasium_ends_by_default_under_a_policy_that_never_attacks() -> None:
    env = stratego.envs.gymnasium_env(opponent=quiet_answer)
    _obs, info = env.reset(seed=5)
    for steps in range(1, 2 * DEFAULT_MAX_PLIES):
        _obs, reward, terminated, truncated, info = env.step(quiet_action(env.game, info["legal_actions"]))
        if terminated or truncated:
            break
    assert (terminated, truncated, reward) == (False, True, 0.0)
    assert steps == DEFAULT_MAX_PLIES // 2 and env.game.ply == DEFAULT_MAX_PLIES
    assert info["outcome"].termination == Termination.PLY_CAP


def test_gymnasium_cap_option_and_none() -> None:
    env = stratego.envs.gymnasium_env("isf", opponent=quiet_answer, player=Player.BLUE, max_plies=31)
    _obs, info = env.reset(seed=1)
    done, steps = False, 0
    while not done:
        _obs, _reward, terminated, truncated, info = env.step(quiet_action(env.game, info["legal_actions"]))
        done, steps = terminated or truncated, steps + 1
    assert truncated and not terminated and env.game.ply == 31 and steps == 15
    assert stratego.envs.gymnasium_env("isf", max_plies=None).rules == Rules("isf")


def test_gymnasium_opponent_that_resigns_loses() -> None:
    env = stratego.envs.gymnasium_env("barrage", opponent=lambda view: None)
    _obs, info = env.reset(seed=1)
    _obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert info["outcome"].termination == Termination.RESIGNATION and info["outcome"].winner == Player.RED
    # As Blue the opponent resigns before the agent's first move: reset shows a finished game
    # (no legal action), and the first step reports the win without playing.
    env = stratego.envs.gymnasium_env("barrage", opponent=lambda view: None, player=Player.BLUE)
    obs, info = env.reset(seed=1)
    assert not obs["action_mask"].any() and info["legal_actions"] == [] and env.game.ply == 0
    _obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (1.0, True, False)
    with pytest.raises(RuntimeError):
        env.step(0)


def test_gymnasium_opponent_answers_in_every_documented_form() -> None:
    def first(view: stratego.PlayerView) -> stratego.Move:
        return view.rules.action_move(view.player, view.legal_actions()[0])

    answers: List[Any] = [
        lambda view: view.legal_actions()[0],
        lambda view: np.int64(view.legal_actions()[0]),
        lambda view: str(first(view)),
        first,
    ]
    plies = []
    for answer in answers:
        env = stratego.envs.gymnasium_env("barrage", opponent=answer)
        _obs, info = env.reset(seed=2)
        env.step(info["legal_actions"][0])
        plies.append(env.game.position())
    assert len(set(plies)) == 1 and env.game.ply == 2


def test_a_failing_opponent_leaves_the_game_as_it_was() -> None:
    def illegal(view: stratego.PlayerView) -> str:
        return "a1-a2"

    def boom(view: stratego.PlayerView) -> Optional[stratego.Move]:
        raise KeyError("the opponent's own bug")

    for opponent, error in ((illegal, stratego.IllegalMoveError), (boom, KeyError)):
        env = stratego.envs.gymnasium_env("barrage", opponent=opponent)
        _obs, info = env.reset(seed=3)
        before = env.game.position()
        with pytest.raises(error):
            env.step(info["legal_actions"][0])
        assert env.game.position() == before and env.game.ply == 0


def test_gymnasium_reset_takes_setups() -> None:
    rules = Rules("duel")
    red, blue = Setup.random_pair(rules, seed=8)
    env = stratego.envs.gymnasium_env(rules, opponent=quiet_answer)
    _obs, info = env.reset(seed=0, options={"red_setup": red.to_text(rules), "blue_setup": blue})
    assert env.game.position() == Game(rules, red, blue).position()
    before = env.game.position()
    with pytest.raises(stratego.SetupError):
        env.reset(seed=0, options={"red_setup": Setup(Player.RED, {"a1": stratego.Rank.FLAG})})
    assert env.game.position() == before


def test_gymnasium_illegal_action_ends_the_episode_without_playing() -> None:
    env = stratego.envs.gymnasium_env(rules="isf")
    env.reset(seed=2)
    before = env.game.position()
    _obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False) and info["illegal_action"] is True
    assert env.game.position() == before
    with pytest.raises(RuntimeError):
        env.step(0)
    with pytest.raises(TypeError):
        stratego.envs.gymnasium_env(opponent=42)
    with pytest.raises(TypeError, match="player"):
        stratego.envs.gymnasium_env(player="blue")
    for bad in ("greedy", "sampling:0", "sampling:x"):
        with pytest.raises(ValueError, match="opponent"):
            stratego.envs.gymnasium_env(opponent=bad)


# --- Registration -----------------------------------------------------------------------------


def test_ids_are_registered_with_the_cap_as_max_episode_steps() -> None:
    import gymnasium

    for env_id, rules in stratego.envs.GYMNASIUM_IDS.items():
        spec = gymnasium.spec(env_id)
        assert spec.max_episode_steps == DEFAULT_MAX_PLIES and spec.kwargs == {"rules": rules}
        assert spec.vector_entry_point == "stratego.envs._vector:vector_env"
    assert gymnasium.spec("stratego/Stratego-v0").kwargs == {"rules": "isf"}


@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
def test_gymnasium_make_passes_the_options_on() -> None:
    import gymnasium

    env = gymnasium.make(
        "stratego/Barrage-v0", opponent="heuristic", observation="board_codes", max_plies=300, player=Player.BLUE
    )
    assert env.spec.id == "stratego/Barrage-v0" and env.spec.max_episode_steps == DEFAULT_MAX_PLIES
    assert env.unwrapped.rules == Rules("barrage(max_plies=300)") and env.unwrapped.player == Player.BLUE
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == (100,) and env.unwrapped.game.ply == 1
    env.step(info["legal_actions"][0])
    isf = gymnasium.make("stratego/Stratego-v0", rules="isf(two_square=5)")
    assert isf.unwrapped.rules == Rules(f"isf(two_square=5,max_plies={DEFAULT_MAX_PLIES})")
    assert set(stratego.envs.GYMNASIUM_IDS) >= {"stratego/Stratego-v0", "stratego/Barrage-v0"}


def _python(code: str) -> List[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()


def test_registration_waits_for_gymnasium_in_either_order() -> None:
    after = (
        "import importlib.util, sys, stratego.envs; assert 'gymnasium' not in sys.modules;"
        "importlib.util.find_spec('gymnasium'); assert 'gymnasium' not in sys.modules;"
        "import gymnasium; print('stratego/Barrage-v0' in gymnasium.registry, 'stratego/Stratego-v0' in gymnasium.registry)"
    )
    assert _python(after) == ["True", "True"]
    before = "import gymnasium, stratego; print('stratego/Duel-v0' in gymnasium.registry)"
    assert _python(before) == ["True"]


def test_vector_env_is_exported_lazily() -> None:
    assert "vector_env" in stratego.envs.__all__
    code = "import sys, stratego.envs; print('stratego.envs._vector' in sys.modules)"
    assert _python(code) == ["False"]
    with pytest.raises(AttributeError, match="no attribute"):
        stratego.envs.no_such_env  # noqa: B018


def test_a_rescue_decision_is_a_second_step_of_the_same_agent() -> None:
    """Ultimate Lightning's rescue: the mover decides once more before the turn passes, so the
    AEC env follows the game's side to move rather than alternating."""
    env = stratego.envs.pettingzoo_env("ultimate_lightning")
    agent_of = {Player.RED: "player_0", Player.BLUE: "player_1"}
    twice = 0
    for seed in range(40):
        env.reset(seed=seed)
        previous = None
        for agent in env.agent_iter():
            _obs, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            game = env.unwrapped.game
            assert agent == agent_of[game.to_move]
            twice += agent == previous
            assert game.rescue_pending == (agent == previous)
            previous = agent
            ids = info["legal_actions"]
            env.step(ids[(game.ply * 7919) % len(ids)])
        if twice >= 3:
            break
    assert twice >= 3


def test_make_vec_reaches_the_vector_env_through_a_registered_id() -> None:
    """`gymnasium.make_vec` on a registered id calls `vector_env` with the spec's kwargs, the
    caller's and the spec's `max_episode_steps`."""
    import importlib.util

    import gymnasium

    if importlib.util.find_spec("stratego.envs._vector") is None:
        pytest.skip("stratego.envs._vector is not part of this build, so make_vec has no vector env to reach")
    envs = gymnasium.make_vec("stratego/Barrage-v0", num_envs=3, vectorization_mode="vector_entry_point")
    try:
        assert envs.num_envs == 3
        envs.reset(seed=1)
    finally:
        envs.close()


def test_make_vec_refuses_a_step_cap_the_vector_env_cannot_keep() -> None:
    import gymnasium

    with pytest.raises(ValueError, match="max_plies"):
        gymnasium.make_vec("stratego/Barrage-v0", num_envs=2, vectorization_mode="vector_entry_point", max_episode_steps=10)
