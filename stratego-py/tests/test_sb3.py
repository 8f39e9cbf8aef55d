"""The single-agent environment with Stable-Baselines3: its checker, and MaskablePPO
(sb3-contrib) training on it with no wrapper. Skipped where they are not installed
(``pip install stratego[sb3]``)."""

from __future__ import annotations

import numpy as np
import pytest

from stratego import Player
from stratego.envs import gymnasium_env

gymnasium = pytest.importorskip("gymnasium")


def test_action_masks_is_the_observed_mask_and_a_new_array():
    env = gymnasium_env("barrage", opponent="random", player=Player.BLUE, observation="board_codes")
    obs, info = env.reset(seed=3)
    mask = env.action_masks()
    assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
    assert np.array_equal(mask, obs["action_mask"])
    assert sorted(np.flatnonzero(mask).tolist()) == info["legal_actions"]
    mask[:] = False  # the caller's to keep: the env's next answer is unchanged
    assert np.array_equal(env.action_masks(), obs["action_mask"])
    for _ in range(30):
        obs, _, terminated, truncated, info = env.step(info["legal_actions"][0])
        if terminated or truncated:
            assert not env.action_masks().any()
            break
        assert np.array_equal(env.action_masks(), obs["action_mask"])


def test_gymnasium_check_env_passes():
    from gymnasium.utils.env_checker import check_env

    check_env(gymnasium_env("barrage", observation="board_codes").unwrapped, skip_render_check=True)


def test_sb3_check_env_passes():
    env_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    # Without a warning on the flat byte board; the planes pass too, with SB3's note that a
    # float [C, H, W] box looks like an image (its MultiInputPolicy flattens it).
    env_checker.check_env(gymnasium_env("barrage", observation="board_codes"), warn=True)
    with pytest.warns(UserWarning, match="image"):
        env_checker.check_env(gymnasium_env("barrage", observation="planes"), warn=True)


def test_an_action_outside_the_mask_through_sb3_ends_the_episode_as_the_env_always_did():
    vec_env = pytest.importorskip("stable_baselines3.common.env_util")
    venv = vec_env.make_vec_env(lambda: gymnasium_env("barrage", observation="board_codes"), n_envs=2, seed=1)
    venv.reset()
    masks = np.stack(venv.env_method("action_masks"))
    illegal = int(np.flatnonzero(~masks[0])[0])
    legal = int(np.flatnonzero(masks[1])[0])
    _, rewards, dones, infos = venv.step(np.array([illegal, legal]))
    assert rewards[0] == -1.0 and dones[0] and infos[0]["illegal_action"]
    # The env that played a legal move went on, and the other started a new game.
    assert not infos[1].get("illegal_action", False)
    assert all(m.any() for m in venv.env_method("action_masks"))


@pytest.mark.slow
def test_maskable_ppo_trains_and_predicts_only_legal_moves():
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env_util = pytest.importorskip("stable_baselines3.common.env_util")
    venv = env_util.make_vec_env(lambda: gymnasium_env("barrage", observation="planes"), n_envs=4, seed=0)
    model = sb3_contrib.MaskablePPO("MultiInputPolicy", venv, n_steps=256, batch_size=256, seed=0, verbose=0)
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    env = gymnasium_env("barrage", opponent="heuristic", observation="planes")
    for game in range(3):
        obs, info = env.reset(seed=game)
        for _ in range(60):
            for deterministic in (True, False):
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=deterministic)
                assert int(action) in info["legal_actions"]
            obs, _, terminated, truncated, info = env.step(int(action))
            assert "illegal_action" not in info
            if terminated or truncated:
                break
