"""Baseline opponents: agents that pick a move from what one player may know.

Every agent is a callable from a ``PlayerView`` to a ``Move``. The built-in ones are the
engine's own agents (the rules and the search run in Rust, with the GIL released while they
think); they decide from the view alone, so they cannot read a hidden enemy rank, and the same
seed and the same views give the same moves on every platform.

=====================  =====================================================================
``RandomAgent``        a legal move drawn uniformly
``HeuristicAgent``     scores each move: known-winning battles taken, known-losing ones
                       avoided, the Flag's neighbourhood guarded, unknown pieces probed with
                       low ranks
``SamplingAgent``      draws worlds consistent with the view, plays every candidate move and a
                       short greedy continuation in each, and picks the best on average
                       (``budget`` playouts per decision)
``SearchAgent``        keeps a belief over the hidden enemy ranks (with a human setup
                       prior), searches worlds drawn from it (``budget`` playouts per
                       decision) and sets up human-like
=====================  =====================================================================

``agent(name, seed=0)`` makes a built-in agent from its name, read by the engine's one parser
of agent names (the arena CLI, C and the vector env's ``opponent=`` read the same names):

>>> import stratego
>>> stratego.agents.agent("search:200", seed=3)
SearchAgent(seed=3, budget=200)
>>> stratego.agents.agent("search:0")
Traceback (most recent call last):
...
ValueError: agent "search:0": the budget must be a whole number from 1 to 1000000000, got "0"

>>> import stratego
>>> from stratego.agents import HeuristicAgent, RandomAgent
>>> game = stratego.Game.random(stratego.Rules.edition("barrage"), seed=1)
>>> red, blue = HeuristicAgent(seed=1), RandomAgent(seed=2)
>>> while not game.is_over and game.ply < 400:
...     agent = red if game.to_move == stratego.Player.RED else blue
...     report = game.play(agent(game.view(game.to_move)))
>>> game.ply > 0
True

The built-in agents also set up: ``agent.setup(rules, player)`` is the ``Setup`` the agent
wants, drawn from its seed (human-like for ``HeuristicAgent``, ``SamplingAgent`` and
``SearchAgent``, the Flag kept back and boxed in), or ``None`` for ``RandomAgent``, which takes
the setup it is given. Each call draws afresh, so ask once, before the agent's first move:

>>> rules = stratego.Rules.edition("barrage")
>>> red, blue = HeuristicAgent(seed=1), RandomAgent(seed=2)
>>> blue.setup(rules, stratego.Player.BLUE) is None
True
>>> red_setup = red.setup(rules, stratego.Player.RED)
>>> red_setup == HeuristicAgent(seed=1).setup(rules, stratego.Player.RED)
True
>>> game = stratego.Game(rules, red_setup, stratego.Setup.random(rules, stratego.Player.BLUE, seed=2))

A Python agent is any callable from a ``PlayerView`` to a ``Move``, move text such as
``"a4-a5"``, or the action id its policy produced (``view.action_id(move)`` is the same
mapping); it may return ``None`` to resign. ``answer_move(view, answer)`` is the one
conversion of an answer into a checked ``Move`` (the arena uses it; so may your own loop), and
``stratego.arena.play`` takes both kinds of agent:

>>> view = stratego.Game.random("barrage", seed=1).view(stratego.Player.RED)
>>> move = view.legal_moves[0]
>>> answer_move(view, view.action_id(move)) == answer_move(view, str(move)) == move
True
>>> answer_move(view, None) is None
True

>>> def first_move(view: stratego.PlayerView) -> stratego.Move:
...     return view.legal_moves[0]
>>> result = stratego.arena.play(first_move, RandomAgent(), "barrage", games=2, seed=3)
>>> len(result.records)
2

The built-in agents pickle (so they ship to worker processes and Ray actors) and copy as their
recipe, seed and settings: the copy starts afresh from the seed, as the arena's fresh agent for
each game does. Their reprs are the constructor calls that make them.

>>> import pickle
>>> agent = stratego.agents.SamplingAgent(seed=4, budget=32)
>>> agent
SamplingAgent(seed=4, budget=32)
>>> pickle.loads(pickle.dumps(agent))
SamplingAgent(seed=4, budget=32)
"""

from __future__ import annotations

from typing import Callable, Optional, Union

from ._stratego import HeuristicAgent, Move, PlayerView, RandomAgent, SamplingAgent, SearchAgent, agent, answer_move

#: What an agent may answer: a ``Move``, move text, an action id, or ``None`` (to resign).
Answer = Optional[Union[Move, str, int]]

#: What an agent is: a callable from a view to an ``Answer``.
Agent = Callable[[PlayerView], Answer]

__all__ = ["Agent", "Answer", "HeuristicAgent", "RandomAgent", "SamplingAgent", "SearchAgent", "agent", "answer_move"]
