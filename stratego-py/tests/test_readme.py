"""The README's Python section: its code runs, and its plane table is the module's."""

from __future__ import annotations

import re
from pathlib import Path

import stratego

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SECTION = README.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]


def test_readme_python_code_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", SECTION, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})


def test_readme_plane_table_is_the_encoding() -> None:
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| (.+) \|$", SECTION, flags=re.M)
    assert [(int(i), name, meaning) for i, name, meaning in rows] == [
        (i, name, meaning) for i, (name, meaning) in enumerate(stratego.PLANES)
    ]
