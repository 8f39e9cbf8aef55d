"""The Python blocks of the READMEs and the book (docs/src) run; the Python guide's tables are the module's.

Blocks come from scripts/docs_snippets.py, which also counts them for scripts/docs.sh: a block
whose info string says `norun` is left out on purpose, and a block that imports an optional
library that is not installed (OpenSpiel, Ray) is skipped with that reason.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

import stratego

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import docs_snippets  # noqa: E402

BLOCKS = [
    (page.relative_to(ROOT).as_posix(), line, code)
    for page in docs_snippets.pages()
    for lang, runs, line, code in docs_snippets.blocks(page)
    if lang == "python" and runs
]
# Libraries a block may need that are optional extras, not part of the module's own tests.
OPTIONAL = ("pyspiel", "ray")
GUIDE = (ROOT / "docs" / "src" / "python.md").read_text(encoding="utf-8")


def test_the_docs_have_python_code() -> None:
    assert len(BLOCKS) >= 10


@pytest.mark.parametrize("page,line,code", BLOCKS, ids=[f"{p}:{n}" for p, n, _ in BLOCKS])
def test_docs_python_block_runs(page: str, line: int, code: str) -> None:
    for name in OPTIONAL:
        if re.search(rf"^\s*(import|from) {name}\b", code, flags=re.M) and importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed, so the block at {page}:{line} is not run")
    exec(compile("\n" * (line) + code, page, "exec"), {"__name__": "docs"})


def test_the_guide_plane_table_is_the_encoding() -> None:
    text = (ROOT / "docs" / "src" / "environments.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| `(\w+)` \| (.+) \|$", text, flags=re.M)
    assert [(int(i), name, meaning) for i, name, meaning in rows] == [
        (i, name, meaning) for i, (name, meaning) in enumerate(stratego.PLANES)
    ]


def test_the_guide_tables_name_every_public_class_and_function() -> None:
    # Every name `import stratego` exports, and those of its modules, is in the guide's text
    # in backticks (a table row, or the row of its module).
    import stratego.agents
    import stratego.gravon
    import stratego.svg

    named = set(re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)", GUIDE))
    modules = {"agents": stratego.agents, "gravon": stratego.gravon, "svg": stratego.svg}
    wanted = set(stratego.__all__) | {n for m in modules.values() for n in m.__all__}
    # Type aliases and constants a reader meets in the docstrings rather than in a table.
    wanted -= {"Agent", "Answer", "GravonSource", "SvgBoard", "DEFAULT_COLORS", "SQUARE_SIZE", "game_svg", "view_svg"}
    missing = sorted(n for n in wanted if n not in named)
    assert not missing, f"the Python guide's tables do not name {missing}"
