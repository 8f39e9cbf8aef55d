"""SVG pictures of boards, built with ``xml.etree`` from what one player may see.

The picture of a game is drawn from a ``PlayerView`` unless the caller asks for the full board
(``reveal=True``): a hidden enemy piece is drawn as a blank token labelled ``?``, and since the
view holds no hidden rank, none can reach the picture. Lakes, the last move and a battle's two
ranks are marked; pieces are labelled in the rules' numbering.

>>> import stratego
>>> game = stratego.Game.random(stratego.Rules("isf"), seed=1)
>>> svg = stratego.svg.board(game.view(stratego.Player.RED))
>>> svg.startswith("<svg")
True

Every element has classes (``square light a1 lastmove``, ``piece red own marshal moved``,
``piece blue enemy hidden moved slid``, ``battle``), so ``style=`` CSS can restyle anything. A
moved piece (so no Bomb or Flag) carries a dot in its corner, one seen sliding two.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Mapping, Optional, Union

from ._stratego import Game, Player, PlayerView, Square

if TYPE_CHECKING:
    from ._stratego import BattleReport, Move, Rules

__all__ = ["SvgBoard", "board", "game_svg", "view_svg", "DEFAULT_COLORS", "SQUARE_SIZE"]

SQUARE_SIZE = 40
MARGIN = 20

DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#e8dcb5",
    "square dark": "#d9c98f",
    "square light lastmove": "#f3e27a",
    "square dark lastmove": "#e6cf55",
    "lake": "#6fa8dc",
    "red": "#c0392b",
    "blue": "#2e5fa8",
    "label": "#ffffff",
    "revealed": "#ffd34d",
    "battle": "#222222",
    "coord": "#e8dcb5",
    "border": "#5b4a1f",
}


class SvgBoard(str):
    """An SVG document as ``str`` that Jupyter draws inline."""

    def _repr_svg_(self) -> "SvgBoard":
        return self

    def _repr_html_(self) -> "SvgBoard":
        return self


@dataclass(frozen=True)
class _Cell:
    """One square as the picture shows it: no more than a view tells."""

    kind: str  # "empty", "lake", "piece"
    owner: Optional[Player] = None
    label: Optional[str] = None  # None for a hidden enemy piece
    css: str = ""  # rank name or "hidden"
    revealed: bool = False
    own: bool = False
    moved: bool = False
    slid: bool = False


def _view_cells(view: PlayerView) -> List[_Cell]:
    rules = view.rules
    cells = []
    for _square, sv in view.squares():
        if sv.kind == "lake":
            cells.append(_Cell("lake"))
        elif not sv.is_piece:
            cells.append(_Cell("empty"))
        else:
            rank = sv.rank
            cells.append(
                _Cell(
                    "piece",
                    owner=sv.owner,
                    label=rules.label(rank) if rank is not None else None,
                    css=str(rank).lower() if rank is not None else "hidden",
                    revealed=sv.revealed,
                    own=sv.kind == "own",
                    moved=sv.moved,
                    slid=sv.slid,
                )
            )
    return cells


def _full_cells(game: Game, perspective: Player) -> List[_Cell]:
    rules = game.rules
    cells = []
    for square in rules.squares():
        piece = game.piece_at(square)
        if rules.is_lake(square):
            cells.append(_Cell("lake"))
        elif piece is None:
            cells.append(_Cell("empty"))
        else:
            cells.append(
                _Cell(
                    "piece",
                    owner=piece.owner,
                    label=rules.label(piece.rank),
                    css=str(piece.rank).lower(),
                    revealed=piece.revealed,
                    own=piece.owner == perspective,
                    moved=piece.moved,
                )
            )
    return cells


def _color(colors: Mapping[str, str], key: str) -> Dict[str, str]:
    """``fill`` (and ``fill-opacity`` for ``#rrggbbaa``) for a colour key."""
    value = colors[key]
    if value.startswith("#") and len(value) == 9:
        return {"fill": value[:7], "fill-opacity": str(round(int(value[7:], 16) / 255, 3))}
    return {"fill": value}


def _draw(
    rules: "Rules",
    cells: List[_Cell],
    *,
    orientation: Player,
    lastmove: Optional["Move"],
    battle: Optional["BattleReport"],
    text: str,
    size: Optional[int],
    coordinates: bool,
    colors: Optional[Mapping[str, str]],
    style: Optional[str],
) -> SvgBoard:
    palette = dict(DEFAULT_COLORS)
    palette.update(colors or {})
    w, h = rules.width, rules.height
    margin = MARGIN if coordinates else 0
    full_w, full_h = w * SQUARE_SIZE + 2 * margin, h * SQUARE_SIZE + 2 * margin
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "viewBox": f"0 0 {full_w} {full_h}",
            "class": f"stratego-board orientation-{orientation}",
        },
    )
    if size is not None:
        root.set("width", str(size))
        root.set("height", str(round(size * full_h / full_w)))
    desc = ET.SubElement(root, "desc")
    ET.SubElement(desc, "pre").text = text
    if style:
        ET.SubElement(root, "style").text = style

    def xy(square: Square) -> tuple[int, int]:
        col, row = square.col, square.row
        if orientation == Player.BLUE:
            col, row = w - 1 - col, h - 1 - row
        return margin + col * SQUARE_SIZE, margin + (h - 1 - row) * SQUARE_SIZE

    ET.SubElement(
        root,
        "rect",
        {"class": "border", "x": "0", "y": "0", "width": str(full_w), "height": str(full_h), **_color(palette, "border")},
    )
    if coordinates:
        for col in range(w):
            x, _ = xy(Square.at(col, 0))
            for y in (margin * 0.7, full_h - margin * 0.3):
                t = ET.SubElement(
                    root,
                    "text",
                    {"class": "coord file", "x": str(x + SQUARE_SIZE / 2), "y": str(y), "text-anchor": "middle",
                     "font-size": "11", "font-family": "sans-serif", **_color(palette, "coord")},
                )
                t.text = chr(ord("a") + col)
        for row in range(h):
            _, y = xy(Square.at(0, row))
            for xc in (margin / 2, full_w - margin / 2):
                t = ET.SubElement(
                    root,
                    "text",
                    {"class": "coord rank", "x": str(xc), "y": str(y + SQUARE_SIZE / 2 + 4), "text-anchor": "middle",
                     "font-size": "11", "font-family": "sans-serif", **_color(palette, "coord")},
                )
                t.text = str(row + 1)

    marked = set()
    if lastmove is not None:
        marked = {lastmove.from_square, lastmove.to_square}
    squares = rules.squares()
    for square, cell in zip(squares, cells):
        x, y = xy(square)
        shade = "light" if (square.col + square.row) % 2 else "dark"
        classes = ["square", shade, square.name]
        if cell.kind == "lake":
            classes[1] = "lake"
            fill = _color(palette, "lake")
        elif square in marked:
            classes.append("lastmove")
            fill = _color(palette, f"square {shade} lastmove")
        else:
            fill = _color(palette, f"square {shade}")
        ET.SubElement(
            root,
            "rect",
            {"class": " ".join(classes), "x": str(x), "y": str(y), "width": str(SQUARE_SIZE), "height": str(SQUARE_SIZE), **fill},
        )

    for square, cell in zip(squares, cells):
        if cell.kind != "piece" or cell.owner is None:
            continue
        x, y = xy(square)
        side = str(cell.owner)
        classes = ["piece", side, "own" if cell.own else "enemy", cell.css]
        classes.extend(flag for flag, on in (("revealed", cell.revealed), ("moved", cell.moved), ("slid", cell.slid)) if on)
        g = ET.SubElement(root, "g", {"class": " ".join(classes), "transform": f"translate({x}, {y})"})
        token = {"x": "4", "y": "4", "width": str(SQUARE_SIZE - 8), "height": str(SQUARE_SIZE - 8), "rx": "5"}
        token.update(_color(palette, side))
        if cell.revealed:
            token.update({"stroke": palette["revealed"], "stroke-width": "3"})
        ET.SubElement(g, "rect", token)
        label = ET.SubElement(
            g,
            "text",
            {"x": str(SQUARE_SIZE / 2), "y": str(SQUARE_SIZE / 2 + 5), "text-anchor": "middle", "font-size": "15",
             "font-weight": "bold", "font-family": "sans-serif", **_color(palette, "label")},
        )
        label.text = cell.label if cell.label is not None else "?"
        if cell.moved:
            # A moved piece is no Bomb or Flag: a dot in the corner (two for one seen sliding).
            for k in range(2 if cell.slid else 1):
                ET.SubElement(
                    g, "circle", {"class": "moved-mark", "cx": str(9 + 6 * k), "cy": "9", "r": "2", **_color(palette, "label")}
                )

    if battle is not None and lastmove is not None:
        x, y = xy(lastmove.to_square)
        g = ET.SubElement(root, "g", {"class": "battle", "transform": f"translate({x}, {y})"})
        ET.SubElement(
            g,
            "rect",
            {"x": "0", "y": str(SQUARE_SIZE - 13), "width": str(SQUARE_SIZE), "height": "13", "rx": "3",
             **_color(palette, "battle")},
        )
        t = ET.SubElement(
            g,
            "text",
            {"x": str(SQUARE_SIZE / 2), "y": str(SQUARE_SIZE - 3), "text-anchor": "middle", "font-size": "10",
             "font-family": "sans-serif", **_color(palette, "label")},
        )
        t.text = f"{rules.label(battle.attacker)}\u00d7{rules.label(battle.defender)}"
        title = ET.SubElement(g, "title")
        title.text = f"{battle.attacker} attacked {battle.defender}: {battle.result.name.lower().replace('_', ' ')}"

    return SvgBoard(ET.tostring(root, encoding="unicode"))


def view_svg(
    view: PlayerView,
    *,
    orientation: Optional[Player] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Mapping[str, str]] = None,
    style: Optional[str] = None,
) -> SvgBoard:
    """The board as ``view``'s player may see it, that player at the bottom by default."""
    history = view.history
    last = history[-1] if history else None
    return _draw(
        view.rules,
        _view_cells(view),
        orientation=orientation if orientation is not None else view.player,
        lastmove=last.move if last else None,
        battle=last.battle if last else None,
        text=str(view),
        size=size,
        coordinates=coordinates,
        colors=colors,
        style=style,
    )


def game_svg(
    game: Game,
    *,
    perspective: Optional[Player] = None,
    reveal: bool = False,
    orientation: Optional[Player] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Mapping[str, str]] = None,
    style: Optional[str] = None,
) -> SvgBoard:
    """The picture of a game: ``perspective``'s view (Red's by default) with hidden enemy
    pieces masked, or every rank with ``reveal=True``."""
    who = perspective if perspective is not None else Player.RED
    if not reveal:
        return view_svg(game.view(who), orientation=orientation, size=size, coordinates=coordinates, colors=colors, style=style)
    history = game.history
    last = history[-1] if history else None
    return _draw(
        game.rules,
        _full_cells(game, who),
        orientation=orientation if orientation is not None else who,
        lastmove=last.move if last else None,
        battle=last.battle if last else None,
        text=str(game),
        size=size,
        coordinates=coordinates,
        colors=colors,
        style=style,
    )


def board(
    what: Union[Game, PlayerView],
    *,
    perspective: Optional[Player] = None,
    reveal: bool = False,
    orientation: Optional[Player] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Mapping[str, str]] = None,
    style: Optional[str] = None,
) -> SvgBoard:
    """An SVG board of a ``Game`` (see ``game_svg``) or a ``PlayerView`` (see ``view_svg``).

    Keyword-only options: ``orientation`` (the player at the bottom), ``size`` (width in
    pixels; the picture scales otherwise), ``coordinates``, ``colors`` (overrides of
    ``DEFAULT_COLORS`` keys, ``#rrggbb`` or ``#rrggbbaa``) and ``style`` (CSS).
    """
    if isinstance(what, PlayerView):
        if reveal or perspective is not None:
            raise ValueError("a view shows one player's knowledge: perspective and reveal are for games")
        return view_svg(what, orientation=orientation, size=size, coordinates=coordinates, colors=colors, style=style)
    if isinstance(what, Game):
        return game_svg(
            what,
            perspective=perspective,
            reveal=reveal,
            orientation=orientation,
            size=size,
            coordinates=coordinates,
            colors=colors,
            style=style,
        )
    raise TypeError(f"expected a Game or a PlayerView, not {type(what).__name__}")
