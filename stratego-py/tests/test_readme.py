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
