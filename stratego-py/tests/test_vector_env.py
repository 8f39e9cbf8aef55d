"""stratego.envs._vector.vector_env: a Gymnasium VectorEnv against built-in opponents, with
batched spaces, same-step autoreset, the learner's colour set or drawn per episode, results that
depend only on the seed, the env index and its episode count, threads that change nothing, and
gymnasium.make_vec through a vector entry point."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402

import stratego  # noqa: E402
from stratego.envs._vector import StrategoVectorEnv, sample_legal_ids, vector_env  # noqa: E402


def first_legal(obs: dict) -> np.ndarray:
    """A deterministic legal action per env from the padded ids: the middle one."""
    ids = obs["legal_actions"]
    counts = (ids >= 0).sum(axis=1)
    return ids[np.arange(len(ids)), counts // 2].astype(np.int64)


def test_it_is_a_vector_env_with_batched_spaces() -> None:
    envs = vector_env("isf", num_envs=5, opponent="random", mask="ids")
    assert isinstance(envs, gym.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.num_envs == 5
    assert envs.single_action_space == gym.spaces.Discrete(10_000)
    assert envs.action_space.shape == (5,)
    assert set(envs.single_observation_space.spaces) == {"observation", "legal_actions"}
    assert envs.observation_space["observation"].shape == (5, 32, 10, 10)
    assert envs.observation_space["legal_actions"].shape == (5, 244)
    obs, infos = envs.reset(seed=3)
    assert infos == {}
    assert obs in envs.observation_space
    assert obs["legal_actions"].dtype == np.int32
    obs, rewards, terminated, truncated, infos = envs.step(first_legal(obs))
    assert obs in envs.observation_space
    assert rewards.shape == (5,) and rewards.dtype == np.float32
    assert terminated.dtype == np.bool_ and truncated.shape == (5,)


@pytest.mark.parametrize("observation,mask", [("planes", "bytes"), ("compact_planes", "bits"), ("board_codes", "ids")])
def test_every_kind_stays_in_its_space(observation: str, mask: str) -> None:
    envs = vector_env("barrage", num_envs=3, observation=observation, mask=mask, max_plies=30)
    obs, _ = envs.reset(seed=0)
    for step in range(40):
        assert obs in envs.observation_space, step
        actions = envs.env.random_actions(step)
        obs, *_ = envs.step(actions)
    key = "legal_actions" if mask == "ids" else "action_mask"
    assert set(obs) == {"observation", key}


def test_the_learner_is_always_to_move_and_its_colour_follows_agent_color() -> None:
    for color, fixed in [("red", 0), ("blue", 1), ("random", None)]:
        envs = vector_env("barrage", num_envs=8, opponent="heuristic", agent_color=color, mask="ids", max_plies=60)
        obs, _ = envs.reset(seed=1)
        seen = set()
        for step in range(200):
            sides = envs.env.to_move.copy()
            seen.update(sides.tolist())
            if fixed is not None:
                assert (sides == fixed).all(), (color, step)
            obs, rewards, terminated, truncated, _ = envs.step(first_legal(obs))
            assert (envs.env.actors == sides).all()
        assert seen == ({0, 1} if fixed is None else {fixed}), color


def test_rewards_are_the_learners_and_follow_the_outcome() -> None:
    envs = vector_env("barrage", num_envs=16, opponent="random", mask="ids", max_plies=400)
    obs, _ = envs.reset(seed=5)
    ended = 0
    for _ in range(3000):
        sides = envs.env.to_move.copy()
        obs, rewards, terminated, truncated, infos = envs.step(first_legal(obs))
        assert not (terminated & truncated).any()
        assert (rewards[~terminated] == 0).all()
        for i in np.flatnonzero(terminated):
            outcome = envs.env.final_position(int(i))["outcome"]
            winner = None if outcome.winner is None else (0 if outcome.winner == stratego.Player.RED else 1)
            expected = 0.0 if winner is None else (1.0 if winner == sides[i] else -1.0)
            assert rewards[i] == expected
            ended += 1
        if ended >= 20:
            break
    assert ended >= 20


def test_same_step_autoreset_reports_the_final_observation() -> None:
    envs = vector_env("isf", num_envs=3, opponent="random", observation="board_codes", max_plies=10)
    obs, _ = envs.reset(seed=2)
    for _ in range(9):
        obs, _, terminated, truncated, infos = envs.step(envs.env.random_actions(0))
        if (terminated | truncated).any():
            break
    # The learner plays every other ply: a cap of 10 plies ends within 5 or 6 steps.
    assert truncated.any()
    i = int(np.flatnonzero(truncated)[0])
    assert infos["_final_obs"][i]
    final = infos["final_obs"][i]
    assert final["observation"].shape == (100,) and final["action_mask"].sum() == 0
    # The env already plays its next game; the step reports the ended one's length.
    assert envs.env.episode(i) == 1
    assert envs.env.final_position(i)["length"] == envs.env.episode_lengths[i] == 10


def test_env_3_of_64_plays_the_games_of_env_3_of_4() -> None:
    traces = []
    for n in (4, 64):
        envs = vector_env("barrage", num_envs=n, opponent="heuristic", seed=9, mask="ids", max_plies=50)
        obs, _ = envs.reset()
        trace = []
        for step in range(150):
            actions = first_legal(obs)
            obs, rewards, terminated, truncated, _ = envs.step(actions)
            trace.append((obs["observation"][3].tobytes(), obs["legal_actions"][3].tobytes(), rewards[3], terminated[3]))
        traces.append(trace)
        assert envs.env.episode(3) >= 2
    assert traces[0] == traces[1]


def test_threads_change_nothing() -> None:
    results = []
    for threads in (1, 2, 3, "auto"):
        envs = vector_env("isf", num_envs=12, opponent="random", seed=4, mask="ids", threads=threads, max_plies=40)
        obs, _ = envs.reset()
        out = []
        for _ in range(120):
            obs, rewards, terminated, truncated, _ = envs.step(first_legal(obs))
            out.append((obs["observation"].tobytes(), obs["legal_actions"].tobytes(), rewards.tobytes()))
        results.append(out)
    assert all(r == results[0] for r in results[1:])


def test_bad_input_raises_a_clear_error_and_changes_nothing() -> None:
    envs = vector_env("isf", num_envs=3, mask="ids")
    obs, _ = envs.reset(seed=0)
    actions = first_legal(obs)
    before = envs.env.position_full(1)
    actions[1] = 0
    with pytest.raises(ValueError, match="env 1") as err:
        envs.step(actions)
    assert getattr(err.value, "env") == 1
    assert envs.env.position_full(1) == before
    with pytest.raises(ValueError, match="opponent"):
        vector_env("isf", num_envs=2, opponent="minimax")
    with pytest.raises(ValueError, match="agent color|red or blue"):
        vector_env("isf", num_envs=2, agent_color="green")
    with pytest.raises(ValueError, match="threads"):
        vector_env("isf", num_envs=2, threads=0)
    with pytest.raises(ValueError, match="render_mode"):
        vector_env("isf", num_envs=2, render_mode="human")


def test_copy_false_returns_the_envs_own_arrays() -> None:
    envs = vector_env("isf", num_envs=2, observation="board_codes", copy=False)
    obs, _ = envs.reset(seed=0)
    assert obs["observation"] is envs.env.observations
    kept = vector_env("isf", num_envs=2, observation="board_codes").reset(seed=0)[0]
    assert kept["observation"] is not envs.env.observations


def test_make_vec_reaches_the_vector_entry_point() -> None:
    env_id = "stratego_test/VectorOnly-v0"
    gym.register(env_id, vector_entry_point="stratego.envs._vector:vector_env", kwargs={"rules": "barrage"})
    try:
        envs = gym.make_vec(env_id, num_envs=6, vectorization_mode="vector_entry_point", opponent="heuristic", mask="ids")
        assert isinstance(envs.unwrapped, StrategoVectorEnv)
        assert envs.num_envs == 6 and envs.unwrapped.env.opponent == "heuristic"
        assert envs.unwrapped.rules == stratego.Rules("barrage")
        obs, _ = envs.reset(seed=0)
        obs, rewards, *_ = envs.step(first_legal(obs))
        assert rewards.shape == (6,)
    finally:
        gym.registry.pop(env_id, None)


def test_sampling_over_padded_ids_draws_only_legal_ids() -> None:
    envs = vector_env("isf", num_envs=32, mask="ids", observation="board_codes")
    obs, _ = envs.reset(seed=0)
    rng = np.random.default_rng(1)
    for step in range(50):
        ids = obs["legal_actions"]
        aligned = rng.normal(size=ids.shape)
        per_action = rng.normal(size=(32, 10_000))
        for actions in (
            sample_legal_ids(ids, seed=step),
            sample_legal_ids(ids, aligned, seed=step),
            sample_legal_ids(ids, per_action, seed=step),
        ):
            assert all(a in ids[i][ids[i] >= 0] for i, a in enumerate(actions))
        obs, *_ = envs.step(sample_legal_ids(ids, aligned, seed=step))
    ids = obs["legal_actions"]
    # A pure function of the seed and the rows: the same draw twice, and row 3's action does
    # not depend on the rows after it.
    assert (sample_legal_ids(ids, seed=7) == sample_legal_ids(ids, seed=7)).all()
    assert sample_legal_ids(ids[:4], seed=7)[3] == sample_legal_ids(ids, seed=7)[3]
    # Logits steer the draw: a huge logit on the first legal id (or on its action id) picks it.
    logits = np.zeros(ids.shape)
    logits[:, 0] = 1e3
    assert (sample_legal_ids(ids, logits, seed=1) == ids[:, 0]).all()
    full = np.zeros((32, 10_000))
    full[np.arange(32), ids[:, 1]] = 1e3
    assert (sample_legal_ids(ids, full, seed=1) == ids[:, 1]).all()
    # The draw follows the softmax: weights 1 and e (about 27 % and 73 %).
    two = np.array([[10, 20]], dtype=np.int32)
    draws = [sample_legal_ids(two, np.array([[0.0, 1.0]]), seed=s)[0] for s in range(4000)]
    assert abs(np.mean(np.array(draws) == 20) - np.e / (1 + np.e)) < 0.03
    with pytest.raises(ValueError, match="rows"):
        sample_legal_ids(ids, np.zeros((3, 244)))
    with pytest.raises(ValueError, match="logits"):
        sample_legal_ids(ids, np.zeros((32, 100)))


def test_self_play_rewards_the_side_that_acted() -> None:
    envs = vector_env("barrage", num_envs=8, opponent=None, mask="ids", observation="board_codes")
    obs, _ = envs.reset(seed=3)
    wins = 0
    for step in range(3000):
        movers = envs.env.to_move.copy()
        obs, rewards, terminated, truncated, _ = envs.step(sample_legal_ids(obs["legal_actions"], seed=step))
        assert (envs.env.actors == movers).all()
        # The policy plays both sides: the next observation is the next mover's.
        assert np.array_equal(rewards, envs.env.rewards[np.arange(8), movers])
        wins += int((rewards == 1).sum())
        if wins >= 5:
            break
    assert wins >= 5, "random Barrage games end, mostly won by the side that moves"
