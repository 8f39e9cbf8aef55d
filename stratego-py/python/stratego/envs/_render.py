"""Pictures for the environments' ``render``: text, SVG and an RGB array, each from one
player's view unless the full board was asked for."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import svg
from .._stratego import Game, Player

RENDER_MODES = ["ansi", "rgb_array", "svg"]

#: RGB of each kind of square in ``rgb_array`` pictures.
COLORS = {
    "empty": (232, 220, 181),
    "lake": (111, 168, 220),
    "red": (192, 57, 43),
    "blue": (46, 95, 168),
    "hidden": (90, 90, 90),
}


def rgb_array(game: Game, perspective: Player, reveal: bool, cell: int = 16) -> np.ndarray:
    """An ``uint8 [H * cell, W * cell, 3]`` picture: one coloured cell per square, a grey dot
    on enemy pieces whose rank ``perspective`` does not know (the ranks themselves are not
    drawn). Row 1 at the bottom for Red, at the top for Blue."""
    rules = game.rules
    w, h = rules.width, rules.height
    img = np.empty((h * cell, w * cell, 3), dtype=np.uint8)
    view = game.view(perspective)
    for square, sv in view.squares():
        col, row = square.col, square.row
        if perspective == Player.BLUE:
            col, row = w - 1 - col, h - 1 - row
        y, x = (h - 1 - row) * cell, col * cell
        piece = game.piece_at(square) if reveal else None
        owner = piece.owner if piece is not None else sv.owner
        color = COLORS["lake"] if sv.kind == "lake" else COLORS[str(owner)] if owner is not None else COLORS["empty"]
        img[y : y + cell, x : x + cell] = color
        if sv.kind == "enemy" and sv.rank is None and not reveal:
            q = cell // 4
            img[y + q : y + cell - q, x + q : x + cell - q] = COLORS["hidden"]
    return img


def render(game: Game, mode: Any, perspective: Player, reveal: bool) -> Any:
    """The picture of ``game`` in ``mode`` (one of ``RENDER_MODES``)."""
    if mode == "ansi":
        return str(game) if reveal else str(game.view(perspective))
    if mode == "svg":
        return svg.game_svg(game, perspective=perspective, reveal=reveal)
    if mode == "rgb_array":
        return rgb_array(game, perspective, reveal)
    raise ValueError(f"render mode must be one of {RENDER_MODES}, got {mode!r}")
