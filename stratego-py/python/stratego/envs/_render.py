"""Pictures for the environments' ``render``: text, SVG and an RGB frame, each from one
player's view unless the full board was asked for.

``rgb_array`` frames are ``stratego.svg.frame`` pictures: the SVG board as pixels (ranks in the
rules' numbering, lakes, the last move, a battle's two ranks), at least 400 pixels wide, with
the legend strip under the board, so a video made of them explains its own markers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import svg
from .._stratego import Game, Player

RENDER_MODES = ["ansi", "rgb_array", "svg"]


def rgb_array(game: Game, perspective: Player, reveal: bool, legend: bool = True) -> np.ndarray:
    """An ``uint8 [H, W, 3]`` frame of what ``perspective`` sees (every rank with ``reveal``),
    ``perspective`` at the bottom: ``stratego.svg.frame``."""
    return svg.frame(game, perspective=perspective, reveal=reveal, legend=legend)


def render(game: Game, mode: Any, perspective: Player, reveal: bool) -> Any:
    """The picture of ``game`` in ``mode`` (one of ``RENDER_MODES``)."""
    if mode == "ansi":
        return str(game) if reveal else str(game.view(perspective))
    if mode == "svg":
        return svg.game_svg(game, perspective=perspective, reveal=reveal)
    if mode == "rgb_array":
        return rgb_array(game, perspective, reveal)
    raise ValueError(f"render mode must be one of {RENDER_MODES}, got {mode!r}")
