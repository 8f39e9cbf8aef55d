"""RL entry points on Game and PlayerView: action ids, masks, observations and the byte board,
fresh or written into caller-owned arrays, with clear errors for arrays of the wrong kind."""

from __future__ import annotations

import numpy as np
import pytest

import stratego
from stratego import Game, Player, Rules


def test_legal_actions_match_moves_and_mask(game: Game) -> None:
    actions = game.legal_actions()
    assert actions == sorted(actions) and all(isinstance(a, int) for a in actions)
    assert sorted(game.action_id(m) for m in game.legal_moves) == actions
    assert [game.action_move(a) for a in actions] == sorted(game.legal_moves, key=game.action_id)
    mask = game.action_mask()
    assert mask.dtype == np.uint8 and mask.shape == (game.rules.num_actions,)
    assert np.flatnonzero(mask).tolist() == actions


def test_play_action_plays_the_move_of_the_id(game: Game) -> None:
    for _ in range(50):
        action = game.legal_actions()[-1]
        expected = game.action_move(action)
        game.play_action(action)
        assert game.history[-1].move == expected
    # Blue's ids are in Blue's frame: the same board move has another id for each player.
    assert game.rules.action_id(Player.RED, "a4-a5") != game.rules.action_id(Player.BLUE, "a4-a5")


def test_into_forms_write_the_same_as_fresh_arrays(game: Game) -> None:
    rules = game.rules
    obs = np.full(rules.observation_shape, 7.0, dtype=np.float32)
    mask = np.full(rules.num_actions, 9, dtype=np.uint8)
    bmask = np.zeros(rules.num_actions, dtype=bool)
    codes = np.full(rules.num_squares, 255, dtype=np.uint8)
    for _ in range(3):
        game.play(game.legal_moves[0])
        for player in (Player.RED, Player.BLUE):
            game.observation_into(obs, player)
            assert np.array_equal(obs, game.observation(player))
            game.board_codes_into(codes, player)
            assert np.array_equal(codes, game.board_codes(player))
            view = game.view(player)
            view.observation_into(obs)
            assert np.array_equal(obs, game.observation(player))
            view.board_codes_into(codes)
            assert np.array_equal(codes, view.board_codes())
        n = game.action_mask_into(mask)
        assert n == len(game.legal_actions()) and np.array_equal(mask, game.action_mask())
        assert game.action_mask_into(bmask) == n and np.array_equal(bmask, mask.astype(bool))
        view = game.view(game.to_move)
        assert view.action_mask_into(mask) == n and np.array_equal(mask, view.action_mask())


@pytest.mark.parametrize(
    "make, error",
    [
        (lambda r: np.zeros(r.observation_shape, dtype=np.float64), TypeError),
        (lambda r: np.zeros((32, 100), dtype=np.float32), ValueError),
        (lambda r: np.zeros((1, 32, 10, 10), dtype=np.float32), ValueError),
        (lambda r: np.zeros((32, 10, 10), dtype=np.float32)[:, ::-1], ValueError),
        (lambda r: [[0.0] * 10] * 10, TypeError),
        (lambda r: None, TypeError),
    ],
)
def test_observation_into_rejects_wrong_arrays_and_writes_nothing(make, error) -> None:
    game = Game.random(Rules("isf"), seed=1)
    out = make(game.rules)
    before = np.array(out, copy=True) if isinstance(out, np.ndarray) else None
    with pytest.raises(error) as err:
        game.observation_into(out)
    assert "observation" in str(err.value)
    if before is not None:
        assert np.array_equal(out, before)


def test_readonly_and_misshapen_masks_and_boards_are_refused() -> None:
    game = Game.random(Rules("isf"), seed=1)
    ro = np.zeros(10_000, dtype=np.uint8)
    ro.setflags(write=False)
    with pytest.raises(ValueError, match="writeable"):
        game.action_mask_into(ro)
    with pytest.raises(ValueError):
        game.action_mask_into(np.zeros(9_999, dtype=np.uint8))
    with pytest.raises(TypeError):
        game.action_mask_into(np.zeros(10_000, dtype=np.int64))
    with pytest.raises(ValueError):
        game.board_codes_into(np.zeros(101, dtype=np.uint8))
    with pytest.raises(TypeError):
        game.board_codes_into(np.zeros(100, dtype=np.int8))
    with pytest.raises(TypeError):
        game.observation_into(np.zeros((32, 10, 10), dtype=np.float32), "red")  # type: ignore[arg-type]


def test_encodings_follow_the_rules_size() -> None:
    rules = Rules.builder("isf", width=8, height=8, lakes=["c4", "f5"], army={stratego.Rank.FLAG: 1, stratego.Rank.SCOUT: 5})
    game = Game.random(rules, seed=4)
    assert rules.num_actions == 64 * 64 and rules.observation_shape == (32, 8, 8)
    assert game.observation().shape == (32, 8, 8) and game.action_mask().shape == (4096,)
    assert game.board_codes().shape == (64,)


def test_views_slices_and_foreign_byte_order_take_the_checked_path() -> None:
    """Arrays that own their memory are written after a quick check of their header; views,
    slices of a bigger array and Fortran-ordered arrays go through the full checks and still
    get the same bytes; a byte-swapped array is refused, writing nothing."""
    game = Game.random(Rules("isf"), seed=3)
    for _ in range(25):
        game.play_action(game.legal_actions()[0])
    want_obs, want_mask, want_codes = game.observation(), game.action_mask(), game.board_codes()
    big = np.zeros((3, *game.rules.observation_shape), dtype=np.float32)
    game.observation_into(big[1])
    assert np.array_equal(big[1], want_obs) and not big[0].any() and not big[2].any()
    masks = np.zeros((2, game.rules.num_actions), dtype=np.uint8)
    assert game.action_mask_into(masks[1]) == int(want_mask.sum())
    assert np.array_equal(masks[1], want_mask) and not masks[0].any()
    bools = np.zeros((2, game.rules.num_actions), dtype=bool)
    game.action_mask_into(bools[0])
    assert np.array_equal(bools[0], want_mask.astype(bool))
    codes = np.zeros(game.rules.num_squares, dtype=np.uint8).reshape(10, 10).reshape(-1)
    game.board_codes_into(codes)
    assert np.array_equal(codes, want_codes)
    fortran = np.zeros(game.rules.observation_shape, dtype=np.float32, order="F")
    with pytest.raises(ValueError, match="contiguous"):
        game.observation_into(fortran)
    swapped = np.zeros(game.rules.observation_shape, dtype=">f4")
    with pytest.raises(TypeError):
        game.observation_into(swapped)
    assert not swapped.any()


def test_a_vec_env_array_passed_to_an_encoder_is_written_like_any_other() -> None:
    """A VecEnv's own arrays are plain arrays to the encoders (between steps nothing else
    writes them); its `to_move` array with n = S envs has the byte board's shape."""
    rules = Rules("isf")
    env = stratego.VecEnv(rules, rules.num_squares, seed=2, observation="board_codes")
    game = Game.random(rules, seed=2)
    game.board_codes_into(env.to_move)
    assert np.array_equal(env.to_move, game.board_codes())
    env.step(env.random_actions(1))
    assert set(np.unique(env.to_move)) <= {0, 1}


def test_every_mask_dtype_the_library_makes_is_written_alike() -> None:
    """uint8 (the encoders' own), int8 (what Gymnasium's `Discrete.sample` and PettingZoo's
    classic games use) and bool masks (the environments'), owned arrays and views, from a game
    and from a view, hold the same 0 / 1."""
    game = Game.random(Rules("isf"), seed=6)
    for _ in range(30):
        game.play_action(game.legal_actions()[0])
    assert game.outcome is None
    want = game.action_mask()
    n = int(want.sum())
    for dtype in (np.uint8, np.int8, np.bool_):
        owned = np.full(game.rules.num_actions, 3, dtype=dtype) if dtype != np.bool_ else np.ones(game.rules.num_actions, bool)
        assert game.action_mask_into(owned) == n
        assert np.array_equal(owned.astype(np.uint8), want) and owned.dtype == dtype
        rows = np.full((2, game.rules.num_actions), 1, dtype=dtype)
        assert game.view(game.to_move).action_mask_into(rows[1]) == n
        assert np.array_equal(rows[1].astype(np.uint8), want) and rows[0].all()


def test_compact_planes_are_the_float_planes_as_bytes() -> None:
    """`observation_into` takes the compact uint8 planes `VecEnv(observation="compact_planes")`
    gives, for a game and for a view, owned or a slice; they equal the float planes."""
    rules = Rules("isf")
    game = Game.random(rules, seed=7)
    env = stratego.VecEnv(rules, 1, seed=7, observation="compact_planes")
    assert env.observations.dtype == np.uint8 and env.observations.shape[1:] == rules.observation_shape
    for _ in range(20):
        game.play_action(game.legal_actions()[0])
    for player in (Player.RED, Player.BLUE):
        planes = game.observation(player)
        compact = np.full(rules.observation_shape, 9, dtype=np.uint8)
        game.observation_into(compact, player)
        assert np.array_equal(compact, planes.astype(np.uint8))
        batch = np.full((3, *rules.observation_shape), 9, dtype=np.uint8)
        game.view(player).observation_into(batch[2])
        assert np.array_equal(batch[2], compact) and (batch[:2] == 9).all()


def test_an_env_arrays_dtypes_reach_the_encoders() -> None:
    """What the environments hand out can be written again by the encoders."""
    pytest.importorskip("gymnasium")
    env = stratego.envs.gymnasium_env("barrage", observation="compact_planes")
    obs, _info = env.reset(seed=1)
    env.game.observation_into(obs["observation"])
    assert env.game.action_mask_into(obs["action_mask"]) == len(env.game.legal_actions())


@pytest.mark.parametrize(
    "out",
    [np.zeros(10_000, dtype=np.int16), np.zeros(10_000, dtype=np.float32), np.zeros(10_000, dtype=">i2")],
)
def test_other_mask_dtypes_are_refused_naming_the_accepted_ones(out) -> None:
    game = Game.random(Rules("isf"), seed=1)
    with pytest.raises(TypeError, match="uint8, int8 or bool"):
        game.action_mask_into(out)
    assert not out.any()


def test_other_observation_dtypes_are_refused_naming_the_accepted_ones() -> None:
    game = Game.random(Rules("isf"), seed=1)
    for dtype in (np.int8, np.float16, np.uint16):
        out = np.zeros(game.rules.observation_shape, dtype=dtype)
        with pytest.raises(TypeError, match="float32 or uint8"):
            game.observation_into(out)
        assert not out.any()
    with pytest.raises(ValueError, match="float32 or uint8 array of shape"):
        game.observation_into(np.zeros((32, 100), dtype=np.uint8))


def test_fresh_arrays_are_fully_written() -> None:
    """Fresh arrays are not zeroed before the encoder writes them: every element must come
    from the encoder. Freed garbage of the same size comes first, so the allocator likely hands
    its memory to the fresh arrays."""
    game = Game.random(Rules("isf"), seed=2)
    for _ in range(40):
        game.play_action(game.legal_actions()[0])
        del_me = [np.full(game.rules.observation_shape, 5.0, np.float32), np.full(game.rules.num_actions, 7, np.uint8)]
        del del_me
        obs = np.full(game.rules.observation_shape, 5.0, dtype=np.float32)
        game.observation_into(obs)
        assert np.array_equal(game.observation(), obs)
        mask = np.full(game.rules.num_actions, 7, dtype=np.uint8)
        game.action_mask_into(mask)
        assert np.array_equal(game.action_mask(), mask)
        codes = np.full(game.rules.num_squares, 3, dtype=np.uint8)
        game.board_codes_into(codes)
        assert np.array_equal(game.board_codes(), codes)
