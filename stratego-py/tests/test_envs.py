"""The PettingZoo and Gymnasium environments pass their libraries' own checks."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest

import stratego
from stratego import Player, Rules

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

# Dict observations (observation + action mask, as PettingZoo's classic games have them) draw
# these two notes from api_test; nothing else may warn.
PZ_NOTES = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]


def test_import_stratego_imports_neither_library() -> None:
    code = "import sys, stratego, stratego.envs; print('pettingzoo' in sys.modules, 'gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.filterwarnings(*PZ_NOTES)
def test_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    env = stratego.envs.pettingzoo_env(rules=Rules("barrage"))
    api_test(env, num_cycles=300, verbose_progress=False)


@pytest.mark.filterwarnings(*PZ_NOTES)
def test_pettingzoo_seed_test() -> None:
    from pettingzoo.test import seed_test

    seed_test(lambda: stratego.envs.pettingzoo_env(rules="barrage"), num_cycles=50)


def _self_play(env, seed: int, limit: int = 20000) -> tuple:
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
            assert mask.dtype == np.int8 and mask.sum() > 0
            action = env.action_space(agent).sample(mask)
        env.step(action)
        steps += 1
    return steps, totals, env.unwrapped.game.outcome


def test_pettingzoo_plays_whole_games_with_opposite_rewards() -> None:
    env = stratego.envs.pettingzoo_env(rules="barrage(max_plies=3000)")
    steps, r, outcome = _self_play(env, seed=3)
    assert outcome is not None and steps >= env.unwrapped.game.ply
    if outcome.winner is None:
        assert r == {"player_0": 0.0, "player_1": 0.0}
    else:
        winner = "player_0" if outcome.winner == Player.RED else "player_1"
        loser = "player_1" if winner == "player_0" else "player_0"
        assert (r[winner], r[loser]) == (1.0, -1.0)


def test_pettingzoo_observations_hide_enemy_ranks_and_masks_only_the_mover() -> None:
    env = stratego.envs.pettingzoo_env(rules="isf")
    env.reset(seed=1)
    game = env.unwrapped.game
    assert np.array_equal(env.observe("player_0")["observation"], game.observation(Player.RED))
    assert np.array_equal(env.observe("player_1")["observation"], game.view(Player.BLUE).observation())
    assert env.observe("player_1")["action_mask"].sum() == 0
    assert env.observe("player_0")["action_mask"].sum() == len(game.legal_actions())


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
    env.reset(seed=0)
    before = env.unwrapped.game.position()
    with pytest.raises(stratego.IllegalMoveError):
        env.step(0)
    assert env.unwrapped.game.position() == before


def test_pettingzoo_env_pickles() -> None:
    env = stratego.envs.pettingzoo_env(rules="barrage")
    env.reset(seed=5)
    again = pickle.loads(pickle.dumps(env))
    again.reset(seed=5)
    assert again.unwrapped.game.position() == env.unwrapped.game.position()


# check_env can test other render modes only for envs made by gymnasium.make.
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
def test_gymnasium_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(stratego.envs.gymnasium_env(rules="barrage"), skip_render_check=False)
    check_env(stratego.envs.gymnasium_env(rules="barrage", player=Player.BLUE))


def test_gymnasium_episode_against_random_and_callable_opponents() -> None:
    seen = []

    def first_move(view: stratego.PlayerView) -> stratego.Move:
        seen.append(view.player)
        return view.legal_moves[0]

    for opponent in ("random", first_move):
        env = stratego.envs.gymnasium_env(rules="barrage(max_plies=2000)", opponent=opponent)
        obs, info = env.reset(seed=11)
        total, done, steps = 0.0, False, 0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(legal[steps % len(legal)]))
            total += float(reward)
            done = terminated or truncated
            steps += 1
        assert env.game.outcome is not None and "outcome" in info
        assert total == env.game.outcome.reward(Player.RED)
    assert seen and set(seen) == {Player.BLUE}


def test_gymnasium_illegal_action_ends_the_episode_without_playing() -> None:
    env = stratego.envs.gymnasium_env(rules="isf")
    env.reset(seed=2)
    before = env.game.position()
    _obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert env.game.position() == before
    with pytest.raises(RuntimeError):
        env.step(0)
    with pytest.raises(TypeError):
        stratego.envs.gymnasium_env(opponent=42)
