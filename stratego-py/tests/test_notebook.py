"""The Python examples run: the tour notebook from top to bottom, and the play script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "stratego_tour.ipynb"


def test_the_tour_notebook_runs() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    svgs = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if "image/svg+xml" in out.get("data", {})
    ]
    assert len(svgs) >= 4, "the tour shows boards as SVG"


def test_the_play_script_runs_a_whole_game() -> None:
    script = NOTEBOOK.parent / "play.py"
    out = subprocess.run([sys.executable, str(script), "barrage(max_plies=3000)", "4"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("rules: barrage(max_plies=3000), seed 4")
    assert "position: " in out and ("wins after" in out or "draw after" in out)
