"""The examples in the docs of `stratego.agents`, `stratego.arena`, `stratego.selfplay`,
`stratego.gravon`, the enums and the shared `rules` argument helper run and print what they
say."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import stratego._enums
import stratego._rules_arg
import stratego.agents
import stratego.arena
import stratego.gravon
import stratego.selfplay

MODULES = [
    stratego.agents,
    stratego.arena,
    stratego.selfplay,
    stratego.gravon,
    stratego._enums,
    stratego._rules_arg,
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_doc_examples_run(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
