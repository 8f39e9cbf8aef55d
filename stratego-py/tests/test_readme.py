"""The README's Python section: its code runs, and its plane table is the module's."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import stratego

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SECTION = README.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]

BLOCKS = re.findall(r"```python\n(.*?)```", SECTION, flags=re.S)
# Libraries a block may need that are optional extras, not part of the module's own tests.
OPTIONAL = ("pyspiel", "ray")


def test_readme_has_python_code() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_python_code_runs(block: str) -> None:
    for name in OPTIONAL:
        if re.search(rf"^\s*(import|from) {name}\b", block, flags=re.M) and importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed, so this README block is not run")
    exec(compile(block, "README.md", "exec"), {"__name__": "readme"})


def test_readme_plane_table_is_the_encoding() -> None:
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| (.+) \|$", SECTION, flags=re.M)
    assert [(int(i), name, meaning) for i, name, meaning in rows] == [
        (i, name, meaning) for i, (name, meaning) in enumerate(stratego.PLANES)
    ]


def test_readme_tables_name_every_public_class_and_function() -> None:
    # Every name `import stratego` exports, and those of its modules, is in the section's text
    # in backticks (a table row, or the row of its module).
    import stratego.agents
    import stratego.gravon
    import stratego.svg

    named = set(re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)", SECTION))
    modules = {"agents": stratego.agents, "gravon": stratego.gravon, "svg": stratego.svg}
    wanted = set(stratego.__all__) | {n for m in modules.values() for n in m.__all__}
    # Type aliases and constants a reader meets in the docstrings rather than in a table.
    wanted -= {"Agent", "Answer", "GravonSource", "SvgBoard", "DEFAULT_COLORS", "SQUARE_SIZE", "game_svg", "view_svg"}
    missing = sorted(n for n in wanted if n not in named)
    assert not missing, f"the README's Python tables do not name {missing}"
