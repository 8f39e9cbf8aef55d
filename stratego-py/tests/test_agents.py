"""The built-in agents from Python: they decide from the view alone, are seeded, pickle and
copy as their recipe, and refuse bad settings with clear errors."""

from __future__ import annotations

import copy
import pickle
from typing import Any, Callable, List, Optional, Tuple, Union

import pytest

import stratego
from stratego.agents import HeuristicAgent, RandomAgent, SamplingAgent, SearchAgent, agent

AgentMaker = Callable[[int], Callable[[stratego.PlayerView], Any]]

# Small settings keep the sampling agent quick; its search still runs in every sampled world.
MAKERS: List[Tuple[str, AgentMaker]] = [
    ("random", lambda seed: RandomAgent(seed=seed)),
    ("heuristic", lambda seed: HeuristicAgent(seed=seed)),
    ("sampling", lambda seed: SamplingAgent(seed=seed, budget=24, candidates=4, horizon=2)),
    ("search", lambda seed: SearchAgent(seed=seed, budget=30)),
    ("search by name", lambda seed: agent("search:30", seed=seed)),
]


def twin_worlds() -> List[Tuple[stratego.Game, stratego.Game, stratego.Player]]:
    """Positions reached by random play, each with two full games drawn from the mover's view:
    the same view, different hidden enemy ranks."""
    out = []
    for r, edition in enumerate(["isf", "barrage"]):
        rules = stratego.Rules.edition(edition)
        for seed in range(8):
            game = stratego.Game.random(rules, seed=seed * 31 + r)
            game.playout(seed, (seed * 17) % 120)
            if game.is_over:
                continue
            view = game.view(game.to_move)
            out.append((view.sample_world(2 * seed + 1), view.sample_world(2 * seed + 2), game.to_move))
    return out


def rank_at(game: stratego.Game, square: stratego.Square) -> Optional[stratego.Rank]:
    piece = game.piece_at(square)
    return piece.rank if piece else None


def hidden_ranks_differ(a: stratego.Game, b: stratego.Game) -> bool:
    return any(rank_at(a, sq) != rank_at(b, sq) for sq in a.rules.squares())


@pytest.mark.parametrize("name,make", MAKERS, ids=[m[0] for m in MAKERS])
def test_an_agent_chooses_the_same_whatever_the_hidden_ranks(name: str, make: AgentMaker) -> None:
    twins = twin_worlds()
    differing = 0
    for i, (a, b, mover) in enumerate(twins):
        va, vb = a.view(mover), b.view(mover)
        assert va == vb, f"position {i}: both worlds must show the mover the same view"
        differing += hidden_ranks_differ(a, b)
        first, second = make(i), make(i)
        for step in range(3):  # several decisions in a row: state kept between calls too
            ma, mb = first(va), second(vb)
            assert ma == mb, f"{name} at position {i}, decision {step}: the choice depends on hidden ranks"
            assert ma is not None and va.is_legal(ma)
    assert len(twins) >= 12
    assert differing * 2 >= len(twins), "the worlds must differ in hidden ranks"


def test_the_check_catches_an_agent_that_reads_the_game() -> None:
    # The same comparison with a cheat that heads for the enemy Flag, which a world knows and a
    # view does not: the twins must tell it apart, or the test above would prove nothing.
    def cheat(game: stratego.Game, mover: stratego.Player) -> stratego.Move:
        flag = next(
            sq
            for sq, p in game.pieces()
            if p.owner != mover and p.rank == stratego.Rank.FLAG
        )
        return min(
            game.legal_moves,
            key=lambda m: abs(m.to_square.col - flag.col) + abs(m.to_square.row - flag.row),
        )

    assert any(cheat(a, m) != cheat(b, m) for a, b, m in twin_worlds())


@pytest.mark.parametrize("name,make", MAKERS, ids=[m[0] for m in MAKERS])
def test_an_agent_is_a_pure_function_of_its_seed_and_the_views(name: str, make: AgentMaker) -> None:
    rules = stratego.Rules.edition("barrage")

    def moves(seed: int) -> List[Any]:
        game = stratego.Game.random(rules, seed=5)
        red, blue = make(seed), make(seed + 100)
        played = []
        while not game.is_over and game.ply < 60:
            agent = red if game.to_move == stratego.Player.RED else blue
            mv = agent(game.view(game.to_move))
            game.play(mv)
            played.append(mv)
        return played

    assert moves(1) == moves(1)
    if name == "random":
        assert moves(1) != moves(2)


@pytest.mark.parametrize("name,make", MAKERS, ids=[m[0] for m in MAKERS])
def test_an_agent_gives_none_when_the_viewer_cannot_move(name: str, make: AgentMaker) -> None:
    game = stratego.Game.random(stratego.Rules.edition("barrage"), seed=2)
    assert make(0)(game.view(stratego.Player.BLUE)) is None  # Red's turn
    game.resign(stratego.Player.RED)
    assert make(0)(game.view(stratego.Player.BLUE)) is None  # the game is over


@pytest.mark.parametrize(
    "agent",
    [
        RandomAgent(seed=3),
        HeuristicAgent(seed=2**64 - 1),
        SamplingAgent(seed=4, budget=16),
        SamplingAgent(seed=5, budget=8, candidates=2, horizon=0),
        SearchAgent(seed=6, budget=12),
    ],
    ids=repr,
)
def test_pickle_copy_and_repr_give_the_same_recipe(agent: Any) -> None:
    view = stratego.Game.random(stratego.Rules.edition("isf"), seed=9).view(stratego.Player.RED)
    made = [eval(repr(agent), vars(stratego.agents)), pickle.loads(pickle.dumps(agent)), copy.copy(agent)]
    maker, args = agent.__reduce__()
    reference = maker(*args)
    expected = [reference(view) for _ in range(3)]
    for other in made:
        assert repr(other) == repr(agent)
        assert [other(view) for _ in range(3)] == expected


def test_agent_reprs_name_their_settings() -> None:
    assert repr(RandomAgent()) == "RandomAgent(seed=0)"
    assert repr(HeuristicAgent(7)) == "HeuristicAgent(seed=7)"
    assert repr(SamplingAgent(seed=1, budget=64)) == "SamplingAgent(seed=1, budget=64)"
    assert SamplingAgent().budget == 256
    assert repr(SamplingAgent(2, 10, candidates=3, horizon=1)) == "SamplingAgent(seed=2, budget=10, candidates=3, horizon=1)"


@pytest.mark.parametrize(
    "make,error",
    [
        (lambda: RandomAgent(seed=-1), ValueError),
        (lambda: HeuristicAgent(seed=2**64), ValueError),
        (lambda: RandomAgent(seed="1"), TypeError),  # type: ignore[arg-type]
        (lambda: SamplingAgent(budget=0), ValueError),
        (lambda: SamplingAgent(budget=2**32), ValueError),
        (lambda: SamplingAgent(candidates=0), ValueError),
        (lambda: SamplingAgent(horizon=-1), ValueError),
        (lambda: SamplingAgent(budget=True), TypeError),
        (lambda: SearchAgent(budget=0), ValueError),
        (lambda: SearchAgent(budget=-3), ValueError),
        (lambda: SearchAgent(budget=10**9 + 1), ValueError),
        (lambda: agent("minimax"), ValueError),
        (lambda: agent("search:0"), ValueError),
        (lambda: agent("search:-5"), ValueError),
        (lambda: agent("search:1000000001"), ValueError),
    ],
)
def test_bad_settings_raise_clear_errors(make: Callable[[], object], error: type) -> None:
    with pytest.raises(error):
        make()


def test_an_agent_takes_a_view_only() -> None:
    game = stratego.Game.random(stratego.Rules.edition("isf"), seed=1)
    with pytest.raises(TypeError):
        RandomAgent()(game)  # type: ignore[arg-type]


def test_a_built_in_agent_is_an_opponent_for_the_gymnasium_env() -> None:
    pytest.importorskip("gymnasium", reason="gymnasium is not installed")
    import numpy as np

    import stratego.envs

    def episode_moves(seed: int) -> List[Any]:
        env = stratego.envs.gymnasium_env(rules="barrage", opponent=HeuristicAgent(seed=seed))
        obs, _ = env.reset(seed=0)
        seen = []
        for _ in range(30):
            obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            seen.append(obs["observation"].tobytes())
            if terminated or truncated:
                break
        return seen

    assert episode_moves(1) == episode_moves(1)


def test_agents_by_name_are_the_built_in_ones() -> None:
    assert repr(agent("random", seed=2)) == "RandomAgent(seed=2)"
    assert repr(agent("heuristic")) == "HeuristicAgent(seed=0)"
    assert repr(agent("sampling:9", seed=1)) == "SamplingAgent(seed=1, budget=9)"
    assert repr(agent("search:500", seed=4)) == "SearchAgent(seed=4, budget=500)"
    default = agent("search")
    assert isinstance(default, SearchAgent) and default.budget == SearchAgent().budget


def test_the_search_agent_is_a_vector_env_opponent() -> None:
    env = stratego.VecEnv(stratego.Rules.edition("barrage"), 2, seed=1, observation="board_codes", opponent="search:20")
    assert 'opponent="search:20"' in repr(env)
    with pytest.raises(ValueError, match="budget"):
        stratego.VecEnv(stratego.Rules.edition("barrage"), 2, opponent="search:0")
    with pytest.raises(ValueError, match="unknown agent"):
        stratego.VecEnv(stratego.Rules.edition("barrage"), 2, opponent="alphabeta")


def test_human_like_setups_are_valid_and_seeded() -> None:
    for edition in ["isf", "barrage", "duel", "estrategia", "ultimate_lightning"]:
        rules = stratego.Rules.edition(edition)
        setup = stratego.Setup.human_like(rules, stratego.Player.BLUE, seed=5)
        assert setup == stratego.Setup.human_like(rules, stratego.Player.BLUE, seed=5)
        stratego.Game(rules, stratego.Setup.human_like(rules, stratego.Player.RED, seed=1), setup)


@pytest.mark.parametrize("name,make", MAKERS, ids=[m[0] for m in MAKERS])
def test_an_agent_sets_up_for_the_player_asked_or_takes_the_given_setup(name: str, make: AgentMaker) -> None:
    # Every form the rules argument takes: Rules, their text, an Edition.
    rules_args: List[Union[stratego.Rules, str, stratego.Edition]] = [
        stratego.Rules.edition("isf"),
        "barrage",
        stratego.Edition.DUEL,
    ]
    builtin: Callable[[int], Any] = make  # every maker here makes a built-in agent, with `setup`
    for rules in rules_args:
        for player in stratego.Player:
            setup = builtin(3).setup(rules, player)
            if name == "random":
                assert setup is None, "the random agent takes the setup it is given"
                continue
            assert isinstance(setup, stratego.Setup) and setup.player is player
            assert not setup.problems(rules)
            assert setup == builtin(3).setup(rules, player), "the same seed gives the same setup"
    if name != "random":
        # The setup is the agent's own draw: seeds differ, setups differ (in one of several).
        setups = {builtin(seed).setup("barrage", stratego.Player.RED) for seed in range(6)}
        assert len(setups) > 1


def test_a_game_starts_from_the_agents_setups() -> None:
    rules = stratego.Rules.edition("barrage")
    red, blue = HeuristicAgent(seed=1), SearchAgent(seed=2, budget=20)
    red_setup, blue_setup = red.setup(rules, stratego.Player.RED), blue.setup(rules, stratego.Player.BLUE)
    assert red_setup is not None and blue_setup is not None
    game = stratego.Game(rules, red_setup, blue_setup)
    mv = red(game.view(stratego.Player.RED))
    assert mv is not None and game.view(stratego.Player.RED).is_legal(mv)


@pytest.mark.parametrize(
    "player,rules,error",
    [
        (0, "isf", TypeError),  # an int equal to Player.RED's value is not a Player
        ("red", "isf", TypeError),
        (None, "isf", TypeError),
        (stratego.Player.RED, 3, TypeError),
        (stratego.Player.RED, "no_such_edition", stratego.ParseError),
    ],
    ids=["int", "text", "none", "bad rules type", "unknown rules"],
)
def test_a_bad_setup_argument_raises_the_usual_error(player: Any, rules: Any, error: type) -> None:
    agents: List[Union[RandomAgent, HeuristicAgent, SearchAgent]] = [
        RandomAgent(seed=1),
        HeuristicAgent(seed=1),
        SearchAgent(seed=1, budget=5),
    ]
    for a in agents:
        with pytest.raises(error):
            a.setup(rules, player)
