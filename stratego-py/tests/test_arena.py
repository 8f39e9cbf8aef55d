"""The arena from Python: paired games reproducible whatever the workers, built-in agents and
Python callables, shards that gather into the whole match, results that pickle, the heuristic
agent's margin over random, and clear errors that leave nothing half done."""

from __future__ import annotations

import json
import pickle
import signal
import subprocess
import sys
import time
from typing import List, Optional, Tuple

import pytest

import stratego
from stratego.agents import HeuristicAgent, RandomAgent
from stratego.arena import ArenaResult, GameResult, play, play_games

BARRAGE = stratego.Rules.edition("barrage")


def first_move(view: stratego.PlayerView) -> stratego.Move:
    """A Python agent that decides from the view alone: the first legal move."""
    return view.legal_moves[0]


def last_move_text(view: stratego.PlayerView) -> str:
    """A Python agent answering with move text."""
    return str(view.legal_moves[-1])


@pytest.mark.parametrize("workers", [2, 3])
def test_the_same_seed_gives_the_same_games_whatever_the_workers(workers: int) -> None:
    one = play(HeuristicAgent(), RandomAgent(seed=4), BARRAGE, games=10, seed=42, workers=1)
    many = play(HeuristicAgent(), RandomAgent(seed=4), BARRAGE, games=10, seed=42, workers=workers)
    assert many == one
    assert many.records == one.records
    other = play(HeuristicAgent(), RandomAgent(seed=4), BARRAGE, games=10, seed=43, workers=workers)
    assert other.records != one.records


def test_python_callables_play_reproducibly_across_workers() -> None:
    one = play(first_move, last_move_text, BARRAGE, games=6, seed=3, workers=1)
    two = play(first_move, last_move_text, BARRAGE, games=6, seed=3, workers=2)
    assert one == two
    assert one.names == ("first_move", "last_move_text")


def test_an_agents_own_seed_changes_its_games_not_the_setups() -> None:
    a = play(RandomAgent(seed=0), RandomAgent(seed=0), BARRAGE, games=4, seed=1)
    b = play(RandomAgent(seed=5), RandomAgent(seed=0), BARRAGE, games=4, seed=1)
    assert a.records != b.records
    # Every game's setups come from the match seed alone, whatever the agents' seeds.
    starts = lambda r: [json.loads(x)["start"] for x in r.records]  # noqa: E731
    assert starts(a) == starts(b)


def test_games_are_played_in_pairs_with_colours_swapped() -> None:
    result = play(HeuristicAgent(), RandomAgent(), BARRAGE, games=6, seed=8)
    games = result.games
    assert [g.index for g in games] == list(range(6))
    for first, second in zip(games[::2], games[1::2]):
        assert (first.a_player, second.a_player) == (stratego.Player.RED, stratego.Player.BLUE)
        assert json.loads(first.record)["start"] == json.loads(second.record)["start"]


def test_the_summary_agrees_with_the_games_and_every_record_replays() -> None:
    result = play(HeuristicAgent(), RandomAgent(), BARRAGE, games=12, seed=5)
    games = result.games
    assert len(result) == 12
    scores = [g.a_score for g in games]
    assert (result.wins, result.draws, result.losses) == (
        scores.count(1.0),
        scores.count(0.5),
        scores.count(0.0),
    )
    assert result.score == pytest.approx(sum(scores) / 12)
    assert result.score_ci[0] <= result.score <= result.score_ci[1]
    assert result.elo_ci[0] <= result.elo <= result.elo_ci[1]
    assert sum(result.terminations.values()) == 12
    assert result.plies == [g.plies for g in games]
    assert result.lengths.games == 12
    assert (result.lengths.min, result.lengths.max) == (min(result.plies), max(result.plies))
    for g, record in zip(games, result.records):
        replayed = stratego.Game.from_record(record)
        assert replayed.outcome == g.outcome
        assert replayed.ply == g.plies
    counted: dict = {}
    for g in games:
        counted[g.outcome.termination] = counted.get(g.outcome.termination, 0) + 1
    assert result.terminations == counted


def test_the_heuristic_agent_beats_random_by_a_margin_the_interval_confirms() -> None:
    result = play(HeuristicAgent(), RandomAgent(), "isf", games=60, seed=2026, max_plies=1000)
    assert result.significantly_better, str(result)
    assert result.score_ci[0] > 0.5
    assert result.elo_ci[0] > 0


def test_shards_of_a_match_gather_into_the_whole_match() -> None:
    whole = play(HeuristicAgent(seed=1), first_move, BARRAGE, games=8, seed=11)
    shards = [
        play_games(HeuristicAgent(seed=1), first_move, BARRAGE, indices, seed=11) for indices in ([5, 0, 2], [7, 1], [3, 4, 6])
    ]
    gathered = ArenaResult(g for shard in (shards[2], shards[0], shards[1]) for g in shard)
    assert gathered == whole
    assert gathered.records == whole.records
    assert play_games(HeuristicAgent(seed=1), first_move, BARRAGE, [3], seed=11) == [whole.games[3]]
    with pytest.raises(ValueError, match="game 5 is given twice"):
        ArenaResult(shards[0] + shards[0])
    with pytest.raises(TypeError):
        ArenaResult([whole.games[0], "not a game"])


def test_results_pickle_and_game_results_rebuild_from_their_records() -> None:
    result = play(HeuristicAgent(), RandomAgent(), BARRAGE, games=4, seed=2)
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result and copy.names == result.names and str(copy) == str(result)
    g = result.games[1]
    assert pickle.loads(pickle.dumps(g)) == g
    assert GameResult(g.index, g.a_player, g.record, g.forfeit) == g
    assert GameResult(g.index, g.a_player, json.loads(g.record)) == g
    lengths = result.lengths
    assert eval(repr(lengths), {"Lengths": stratego.arena.Lengths}) == lengths


def test_a_game_result_is_checked_against_its_record() -> None:
    game = stratego.Game.random(BARRAGE, seed=1)
    with pytest.raises(ValueError, match="must end"):
        GameResult(0, stratego.Player.RED, game.record())
    game.resign(stratego.Player.RED)
    with pytest.raises(ValueError, match="forfeit"):
        GameResult(0, stratego.Player.RED, game.record(), forfeit=stratego.Player.BLUE)
    assert GameResult(0, stratego.Player.RED, game.record(), forfeit=stratego.Player.RED).a_score == 0.0
    with pytest.raises(stratego.ParseError):
        GameResult(0, stratego.Player.RED, "{not json")
    with pytest.raises(ValueError):
        GameResult(-1, stratego.Player.RED, game.record())


def test_the_summary_table_names_the_agents_and_the_figures() -> None:
    result = play(HeuristicAgent(), RandomAgent(seed=3), BARRAGE, games=4, seed=2)
    text = str(result)
    assert "HeuristicAgent(seed=0)" in text and "RandomAgent(seed=3)" in text
    assert f"{result.wins} / {result.draws} / {result.losses}" in text
    assert f"{result.score:.3f}" in text
    html = result._repr_html_()
    assert html.startswith("<table>") and "HeuristicAgent(seed=0)" in html
    assert repr(result).startswith("<ArenaResult HeuristicAgent(seed=0) vs RandomAgent(seed=3): 4 games")


def test_an_agent_answering_none_forfeits_its_game() -> None:
    def resigner(view: stratego.PlayerView) -> Optional[stratego.Move]:
        return None

    result = play(resigner, RandomAgent(), BARRAGE, games=2, seed=1)
    assert result.losses == 2
    assert all(g.forfeit == g.a_player for g in result.games)
    assert result.forfeits == 2 and "forfeits" in str(result)
    assert play(HeuristicAgent(), RandomAgent(), BARRAGE, games=2, seed=1).forfeits == 0
    assert result.terminations == {stratego.Termination.RESIGNATION: 2}


def test_an_illegal_answer_stops_the_match_with_illegal_move_error() -> None:
    def cheat(view: stratego.PlayerView) -> str:
        return "a1-a2" if view.player == stratego.Player.RED else "a10-a9"

    with pytest.raises(stratego.IllegalMoveError):
        play(cheat, RandomAgent(), BARRAGE, games=4, seed=1, workers=2)


def test_an_exception_in_an_agent_or_the_progress_callback_is_raised() -> None:
    calls: List[int] = []

    def flaky(view: stratego.PlayerView) -> stratego.Move:
        calls.append(view.ply)
        if len(calls) > 5:
            raise KeyError("lost my policy")
        return view.legal_moves[0]

    with pytest.raises(KeyError, match="lost my policy"):
        play(flaky, RandomAgent(), BARRAGE, games=50, seed=1, workers=2)
    # The match stopped at the error instead of playing its 50 games (thousands of moves) to the
    # end; the other worker may have been inside the agent too.
    assert 6 <= len(calls) <= 7

    def broken(done: int, total: int) -> None:
        raise RuntimeError("progress bar fell over")

    with pytest.raises(RuntimeError, match="fell over"):
        play(HeuristicAgent(), RandomAgent(), BARRAGE, games=4, seed=1, progress=broken)
    with pytest.raises(TypeError, match="an agent is"):
        play(HeuristicAgent(), 42, BARRAGE, games=2)


def test_progress_reports_every_game() -> None:
    seen: List[Tuple[int, int]] = []
    play(HeuristicAgent(), RandomAgent(), BARRAGE, games=6, seed=1, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert sorted(seen) == [(d, 6) for d in range(1, 7)]


def test_progress_true_draws_a_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    play(HeuristicAgent(), RandomAgent(), BARRAGE, games=3, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "3/3 games" in err and err.endswith("\n")


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"games": -1}, ValueError),
        ({"games": 2**32}, ValueError),
        ({"workers": 0}, ValueError),
        ({"seed": -5}, ValueError),
        ({"max_plies": 0}, ValueError),
        ({"progress": "yes"}, TypeError),
    ],
)
def test_bad_arguments_raise_clear_errors(kwargs: dict, error: type) -> None:
    args = {"games": 2, **kwargs}
    with pytest.raises(error):
        play(RandomAgent(), RandomAgent(), BARRAGE, **args)


def test_rules_are_given_as_rules_or_their_text() -> None:
    assert play(RandomAgent(), RandomAgent(), "barrage", games=2) == play(RandomAgent(), RandomAgent(), BARRAGE, games=2)
    with pytest.raises(stratego.ParseError):
        play(RandomAgent(), RandomAgent(), "no-such-edition", games=2)
    for wrong in (None, 3, b"barrage"):
        with pytest.raises(TypeError, match="rules must be Rules, their text form"):
            play(RandomAgent(), RandomAgent(), wrong, games=2)  # type: ignore[arg-type]


def test_the_ply_cap_bounds_every_game() -> None:
    result = play(RandomAgent(), RandomAgent(seed=1), "isf", games=4, seed=3, max_plies=30)
    assert max(result.plies) <= 30
    assert result.terminations.get(stratego.Termination.PLY_CAP, 0) >= 1


def test_ctrl_c_stops_a_long_match_of_built_in_agents() -> None:
    # The match runs with the GIL released; the calling thread still watches for signals.
    # Python turns SIGINT into KeyboardInterrupt only if it was not ignored when it started,
    # and a test run started in the background inherits it ignored: the child asks for it.
    code = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import stratego\n"
        "from stratego.agents import RandomAgent\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    stratego.arena.play(RandomAgent(), RandomAgent(), 'isf', games=10**7, workers=1)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=120)  # a guard against a hang, not a speed check
    finally:
        proc.kill()
    assert out.strip() == "interrupted"
