"""stratego.VecEnv: shapes and dtypes of every kind, stepping, auto-reset, rewards, runs that do
not depend on the batch size, no hidden rank in what it writes, and bad input (an invalid action
for one env, wrong types and shapes) raising a clear error that changes nothing."""

from __future__ import annotations

import copy
import pickle
import threading

import numpy as np
import pytest

import stratego

KINDS = [(o, m) for o in ("planes", "compact_planes", "board_codes") for m in ("bytes", "bits")]
ENEMY_HIDDEN = 26
ENEMY = 14


def legal_ids(env: stratego.VecEnv, i: int) -> np.ndarray:
    """Env `i`'s legal action ids, read from its mask (bytes or packed bits)."""
    mask = env.masks[i]
    if env.mask_kind == "bits":
        mask = np.unpackbits(mask.view(np.uint8), bitorder="little")[: env.rules.num_actions]
    return np.flatnonzero(mask)


def pick(env: stratego.VecEnv, step: int) -> np.ndarray:
    """One legal action per env, chosen from its mask by the step number only."""
    out = np.empty(env.num_envs, dtype=np.int64)
    for i in range(env.num_envs):
        ids = legal_ids(env, i)
        out[i] = ids[(step * 7919 + 13) % len(ids)]
    return out


def snapshot(env: stratego.VecEnv) -> tuple:
    arrays = [env.observations, env.masks, env.to_move, env.rewards, env.terminated, env.truncated]
    arrays.append(env.episode_lengths)
    positions = [env.position(i) for i in range(env.num_envs)]
    return [a.copy() for a in arrays], positions, [env.episode(i) for i in range(env.num_envs)]


def same(a: tuple, b: tuple) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a[0], b[0])) and a[1:] == b[1:]


@pytest.mark.parametrize("observation,mask", KINDS)
def test_shapes_and_dtypes(isf: stratego.Rules, observation: str, mask: str) -> None:
    env = stratego.VecEnv(isf, 3, seed=1, observation=observation, mask=mask)
    obs, masks = env.reset()
    expected_obs = {"planes": ((3, 32, 10, 10), np.float32), "compact_planes": ((3, 32, 10, 10), np.uint8)}
    shape, dtype = expected_obs.get(observation, ((3, 100), np.uint8))
    assert obs.shape == shape and obs.dtype == dtype
    if mask == "bytes":
        assert masks.shape == (3, 10_000) and masks.dtype == np.uint8
    else:
        assert masks.shape == (3, 157) and masks.dtype == np.uint64
    assert obs is env.observations and masks is env.masks
    assert env.rewards.shape == (3, 2) and env.rewards.dtype == np.float32
    assert env.terminated.dtype == np.bool_ and env.truncated.dtype == np.bool_
    assert env.episode_lengths.dtype == np.uint32 and env.to_move.dtype == np.uint8
    assert (env.observation_kind, env.mask_kind, env.max_plies, len(env)) == (observation, mask, 2000, 3)
    # The mask is each env's legal actions: as many as its game has legal moves.
    for i in range(3):
        game = stratego.Game.from_position(isf, env.position_full(i))
        assert list(legal_ids(env, i)) == game.legal_actions()
    step = env.step(env.random_actions(0))
    assert step[0] is env.observations and step[2] is env.rewards
    assert list(env.to_move) == [1, 1, 1]


def test_observations_are_the_movers(isf: stratego.Rules) -> None:
    planes = stratego.VecEnv(isf, 2, seed=4)
    codes = stratego.VecEnv(isf, 2, seed=4, observation="board_codes", mask="bits")
    for step in range(60):
        for i in range(2):
            game = stratego.Game.from_position(isf, planes.position_full(i))
            if step == 0:
                # At the start the planes are exactly the game's.
                assert np.array_equal(planes.observations[i], game.observation())
            # The byte board shows no enemy rank but those a battle revealed (the position string
            # writes revealed pieces in lower case).
            board = codes.observations[i]
            mover_is_red = codes.to_move[i] == 0
            text = codes.position(i).split()[0]
            enemy_letters = "NOPQRSTUVWXY" if mover_is_red else "BCDEFGHIJKLM"
            revealed = sum(1 for ch in text if ch.upper() in enemy_letters and ch.islower())
            kinds = board & 0x1F
            assert int(np.count_nonzero((kinds >= ENEMY) & (kinds < ENEMY_HIDDEN))) == revealed
            assert int(np.count_nonzero(kinds == ENEMY_HIDDEN)) == sum(1 for ch in text if ch in enemy_letters)
            # The two envs play the same games: planes and byte board agree on the pieces.
            assert planes.position(i) == codes.position(i)
            assert list(legal_ids(planes, i)) == list(legal_ids(codes, i))
        actions = pick(planes, step)
        planes.step(actions)
        codes.step(actions)


def test_runs_do_not_depend_on_the_batch_size(isf: stratego.Rules) -> None:
    small = stratego.VecEnv(isf, 2, seed=9, observation="board_codes", max_plies=25)
    large = stratego.VecEnv(isf, 5, seed=9, observation="board_codes", max_plies=25)
    for step in range(70):
        for name in ("observations", "masks", "to_move", "rewards", "terminated", "truncated", "episode_lengths"):
            assert np.array_equal(getattr(small, name)[1], getattr(large, name)[1]), (step, name)
        actions_small = pick(small, step)
        actions_large = pick(large, step)
        assert actions_small[1] == actions_large[1]
        small.step(actions_small)
        large.step(actions_large)
    assert small.episode(1) == large.episode(1) >= 2  # 70 plies at a cap of 25
    assert small.stats(1) == large.stats(1)
    assert small.final_position(1) == large.final_position(1)


def test_auto_reset_and_the_final_position(isf: stratego.Rules) -> None:
    env = stratego.VecEnv(isf, 6, seed=2, max_plies=10)
    ended_early = set()
    for step in range(10):
        _, _, rewards, terminated, truncated = env.step(pick(env, step))
        # A game may end early (a Scout can slide onto a Flag in the front row).
        ended_early |= set(np.flatnonzero(terminated).tolist())
        assert not (truncated.any() and step < 9)
    capped = [i for i in range(6) if i not in ended_early]
    assert capped, "most random games last 10 plies"
    for i in capped:
        assert env.truncated[i] and not env.terminated[i]
        assert list(env.rewards[i]) == [0.0, 0.0] and env.episode_lengths[i] == 10
        end = env.final_position(i)
        assert end is not None
        assert (end["episode"], end["length"], end["outcome"], end["truncated"]) == (0, 10, None, True)
        assert end["position"].endswith(" r 10")
        assert env.episode(i) == 1 and env.position(i).endswith(" r 0")
        stats = env.stats(i)
        assert (stats["episodes"], stats["truncated"], stats["plies"], stats["mean_length"]) == (1, 1, 10, 10.0)
    assert env.total_stats()["episodes"] >= 6
    # The next step belongs to the new games.
    env.step(pick(env, 0))
    assert all(env.episode_lengths[i] == 1 for i in capped) and not env.truncated.any()


def test_rewards_follow_the_outcome() -> None:
    env = stratego.VecEnv(stratego.Rules.edition("barrage"), 8, seed=3, observation="board_codes", mask="bits")
    decided = 0
    for step in range(20_000):
        _, _, rewards, terminated, truncated = env.step(env.random_actions(step))
        assert np.all(rewards.sum(axis=1) == 0)
        assert not np.any(terminated & truncated)
        for i in np.flatnonzero(terminated):
            outcome = env.final_position(int(i))["outcome"]
            assert outcome is not None
            expected = {None: [0, 0], stratego.Player.RED: [1, -1], stratego.Player.BLUE: [-1, 1]}
            assert list(rewards[i]) == expected[outcome.winner]
            decided += outcome.winner is not None
        assert np.all(rewards[~terminated] == 0)
        if decided >= 10:
            break
    assert decided >= 10
    total = env.total_stats()
    assert total["episodes"] == total["red_wins"] + total["blue_wins"] + total["draws"] + total["truncated"]


def test_an_invalid_action_names_the_env_and_changes_nothing(isf: stratego.Rules) -> None:
    env = stratego.VecEnv(isf, 4, seed=5, max_plies=30)
    for step in range(12):
        env.step(pick(env, step))
    before = snapshot(env)
    good = pick(env, 99)

    bad = good.copy()
    bad[2] = 10_000
    with pytest.raises(ValueError, match="env 2") as info:
        env.step(bad)
    assert info.value.env == 2 and info.value.action == 10_000
    assert same(snapshot(env), before)

    bad = good.copy()
    bad[1] = -1
    with pytest.raises(ValueError, match="env 1") as info:
        env.step(bad)
    assert info.value.env == 1
    assert same(snapshot(env), before)

    # A legal-looking id whose move is not legal (a5-a6 from an empty square, or the like).
    illegal = next(a for a in range(10_000) if a not in set(legal_ids(env, 3)))
    bad = list(good)
    bad[3] = illegal
    with pytest.raises(ValueError, match="env 3"):
        env.step(bad)
    with pytest.raises(ValueError, match="env 0"):
        env.step([2**70] + list(good[1:]))
    assert same(snapshot(env), before)

    with pytest.raises(ValueError, match="expected 4 actions"):
        env.step(good[:3])
    with pytest.raises(TypeError):
        env.step(good.astype(np.float64))
    with pytest.raises(TypeError):
        env.step(None)
    with pytest.raises(TypeError):
        env.step(["a", "b", "c", "d"])
    with pytest.raises(ValueError):
        env.step(good.reshape(2, 2))
    assert same(snapshot(env), before)

    # Other int dtypes and lists work, and the valid actions still play.
    env.step(list(good.astype(np.int32)))
    assert not same(snapshot(env), before)


def test_bad_construction_arguments(isf: stratego.Rules) -> None:
    for n in (0, -1, 2**40):
        with pytest.raises(ValueError):
            stratego.VecEnv(isf, n)
    with pytest.raises(ValueError, match="planes"):
        stratego.VecEnv(isf, 1, observation="pixels")
    with pytest.raises(ValueError, match="bits"):
        stratego.VecEnv(isf, 1, mask="floats")
    with pytest.raises(ValueError):
        stratego.VecEnv(isf, 1, max_plies=0)
    with pytest.raises(TypeError):
        stratego.VecEnv(42, 1)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        stratego.VecEnv(isf, 1).position(1)


def test_reset_with_a_seed_starts_over(isf: stratego.Rules) -> None:
    a = stratego.VecEnv(isf, 2, seed=1)
    for step in range(5):
        a.step(pick(a, step))
    obs, _ = a.reset(seed=8)
    b = stratego.VecEnv(isf, 2, seed=8)
    assert np.array_equal(obs, b.observations)
    assert a.seed == 8 and a.episode(0) == 0 and a.total_stats()["episodes"] == 0
    # Without a seed, envs that have played move on to their next episode.
    a.step(pick(a, 0))
    a.reset()
    assert a.episode(0) == 1 and list(a.episode_lengths) == [0, 0]
    assert "VecEnv(Rules(" in repr(a)


def test_steps_from_threads_match_sequential_steps(isf: stratego.Rules) -> None:
    """Stepping releases the GIL: two envs stepped from two threads end as when stepped in turn."""
    def run(env: stratego.VecEnv) -> None:
        for step in range(200):
            env.step(env.random_actions(step))

    threaded = [stratego.VecEnv(isf, 16, seed=s, observation="board_codes") for s in (1, 2)]
    threads = [threading.Thread(target=run, args=(e,)) for e in threaded]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s, env in zip((1, 2), threaded):
        alone = stratego.VecEnv(isf, 16, seed=s, observation="board_codes")
        run(alone)
        assert [env.position(i) for i in range(16)] == [alone.position(i) for i in range(16)]


@pytest.mark.parametrize("observation,mask", [("planes", "bytes"), ("board_codes", "bits")])
def test_pickle_and_copy_go_on_as_the_original(isf: stratego.Rules, observation: str, mask: str) -> None:
    env = stratego.VecEnv(isf, 3, seed=6, observation=observation, mask=mask, max_plies=20)
    for step in range(35):  # past one auto-reset, so statistics and final positions exist
        env.step(pick(env, step))
    for clone in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env), copy.copy(env)):
        assert clone is not env
        assert (clone.num_envs, clone.seed, clone.observation_kind, clone.mask_kind, clone.max_plies) == (
            3, 6, observation, mask, 20)
        assert [clone.position(i) for i in range(3)] == [env.position(i) for i in range(3)]
        assert [clone.stats(i) for i in range(3)] == [env.stats(i) for i in range(3)]
        assert [clone.final_position(i) for i in range(3)] == [env.final_position(i) for i in range(3)]
        assert np.array_equal(clone.observations, env.observations)
        assert np.array_equal(clone.masks, env.masks)
        assert clone.observations is not env.observations
        original = copy.deepcopy(env)
        for step in range(35, 80):
            actions = pick(original, step)
            a = original.step(actions)
            b = clone.step(actions)
            assert all(np.array_equal(x, y) for x, y in zip(a, b)), step
        assert [clone.episode(i) for i in range(3)] == [original.episode(i) for i in range(3)]
    # A damaged pickle is refused with the engine's error, not a crash.
    fn, args = env.__reduce__()
    envs = list(args[-1])
    envs[0] = ("not a position",) + tuple(envs[0][1:])
    with pytest.raises(ValueError):
        fn(*args[:-1], envs)


def test_position_full_rebuilds_the_env_exactly(isf: stratego.Rules) -> None:
    env = stratego.VecEnv(isf, 4, seed=9, mask="bytes")
    for _ in range(300):
        env.step(env.random_actions(7))
        for i in range(4):
            game = stratego.Game.from_position(isf, env.position_full(i))
            assert game.position_full() == env.position_full(i)
            assert list(np.flatnonzero(env.masks[i])) == game.legal_actions()


def test_ids_are_the_masks_legal_ids_sorted_and_padded(isf: stratego.Rules) -> None:
    ids_env = stratego.VecEnv(isf, 4, seed=2, mask="ids", max_plies=60)
    bytes_env = stratego.VecEnv(isf, 4, seed=2, mask="bytes", max_plies=60)
    assert ids_env.max_legal_actions == 244
    ids_env.reset()
    bytes_env.reset()
    assert ids_env.masks.shape == (4, 244) and ids_env.masks.dtype == np.int32
    for step in range(150):
        for i in range(4):
            row = ids_env.masks[i]
            n = int((row >= 0).sum())
            assert (row[n:] == -1).all()
            assert np.array_equal(row[:n], np.flatnonzero(bytes_env.masks[i]))
        actions = ids_env.random_actions(step)
        ids_env.step(actions)
        bytes_env.step(actions)


def test_threads_give_the_results_of_one_thread(isf: stratego.Rules) -> None:
    traces = []
    for threads in (1, 2, 5):
        env = stratego.VecEnv(isf, 9, seed=3, mask="ids", max_plies=40, threads=threads)
        assert env.threads == threads
        env.reset()
        trace = []
        for step in range(100):
            obs, masks, rewards, terminated, truncated = env.step(env.random_actions(step))
            trace.append(obs.tobytes() + masks.tobytes() + rewards.tobytes() + terminated.tobytes())
        traces.append(trace)
    assert traces[0] == traces[1] == traces[2]
    # "auto": no more than one thread per 256 envs.
    assert stratego.VecEnv(isf, 3, threads="auto").threads == 1
    assert 1 <= stratego.VecEnv(isf, 600, threads="auto", observation="board_codes").threads <= 2
    for bad in (0, "many", -1):
        with pytest.raises(ValueError, match="threads"):
            stratego.VecEnv(isf, 3, threads=bad)


def test_an_opponent_answers_inside_the_step_and_pickles(isf: stratego.Rules) -> None:
    env = stratego.VecEnv(isf, 4, seed=1, observation="board_codes", opponent="heuristic", agent_color="blue")
    assert (env.opponent, env.agent_color) == ("heuristic", "blue")
    assert 'opponent="heuristic"' in repr(env)
    env.reset()
    assert (env.to_move == 1).all() and (env.episode_lengths == 1).all()  # Red opened
    for step in range(20):
        env.step(env.random_actions(step))
        assert (env.to_move == 1).all() and (env.actors == 1).all()
    copied = pickle.loads(pickle.dumps(env))
    for step in range(20, 40):
        a = env.random_actions(step)
        assert np.array_equal(env.step(a)[0], copied.step(a)[0])
    with pytest.raises(ValueError, match="opponent"):
        stratego.VecEnv(isf, 2, opponent="nobody")


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="os.fork is not available here")
def test_a_forked_child_steps_a_threaded_env_without_hanging(isf: stratego.Rules) -> None:
    # The worker threads stay in the parent; the child's env starts its own.
    import os
    import time
    import warnings

    env = stratego.VecEnv(isf, 8, seed=1, observation="board_codes", threads=2)
    env.reset()
    env.step(env.random_actions(0))
    expected = stratego.VecEnv(isf, 8, seed=1, observation="board_codes")
    expected.reset()
    expected.step(expected.random_actions(0))
    expected.step(expected.random_actions(1))
    with warnings.catch_warnings():
        # Python 3.12+ warns that forking a process with threads may deadlock: what this tests.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: step, compare, leave without running the parent's cleanup
        try:
            env.step(env.random_actions(1))
            os._exit(0 if np.array_equal(env.observations, expected.observations) else 1)
        except BaseException:
            os._exit(2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung stepping a threaded VecEnv")
    env.step(env.random_actions(1))  # and the parent's threads still serve it
    assert np.array_equal(env.observations, expected.observations)


def test_rules_as_text_a_repr_with_the_cap_that_applies_and_the_real_action_range() -> None:
    env = stratego.VecEnv("barrage(max_plies=200)", 2, seed=1)
    assert env.rules == stratego.Rules("barrage(max_plies=200)")
    assert "max_plies=200" in repr(env)
    assert "max_plies=2000" in repr(stratego.VecEnv("barrage", 2))
    env.reset()
    with pytest.raises(ValueError, match=r"0\.\.=9999|0\.\.10000"):
        env.step(np.array([-1, 10_000], dtype=np.int64).tolist())


def test_the_rules_name_the_width_of_the_padded_ids() -> None:
    rules = stratego.Rules("isf")
    env = stratego.VecEnv(rules, 2, mask="ids")
    assert rules.max_legal_actions == env.max_legal_actions == 244
    assert stratego.Rules("ultimate_lightning").max_legal_actions > rules.max_legal_actions
