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

from ._enums import SquareKind
from ._stratego import Game, Player, PlayerView, Square

if TYPE_CHECKING:
    import numpy as np

    from ._stratego import BattleReport, Move, Rules

__all__ = ["SvgBoard", "board", "frame", "game_svg", "png", "view_svg", "DEFAULT_COLORS", "LEGEND", "SQUARE_SIZE"]

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
        if sv.kind is SquareKind.LAKE:
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
                    own=sv.kind is SquareKind.OWN,
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


@dataclass(frozen=True)
class _Scene:
    """What a picture shows, whatever draws it (SVG or RGB frames): one source of truth."""

    rules: "Rules"
    cells: List[_Cell]
    orientation: Player
    lastmove: Optional["Move"]
    battle: Optional["BattleReport"]
    text: str


def _scene(
    what: Union[Game, PlayerView], perspective: Optional[Player], reveal: bool, orientation: Optional[Player]
) -> _Scene:
    """The scene of a view, of a game as ``perspective`` sees it (Red by default), or of the
    full game with ``reveal=True``."""
    if isinstance(what, PlayerView):
        if reveal or perspective is not None:
            raise ValueError("a view shows one player's knowledge: perspective and reveal are for games")
        public = what.history
        who, cells, text = what.player, _view_cells(what), str(what)
        move, battle = (public[-1].move, public[-1].battle) if public else (None, None)
    elif isinstance(what, Game):
        who = perspective if perspective is not None else Player.RED
        if not reveal:
            return _scene(what.view(who), None, False, orientation)
        full = what.history
        cells, text = _full_cells(what, who), str(what)
        move, battle = (full[-1].move, full[-1].battle) if full else (None, None)
    else:
        raise TypeError(f"expected a Game or a PlayerView, not {type(what).__name__}")
    return _Scene(what.rules, cells, orientation if orientation is not None else who, move, battle, text)


#: The legend's entries: the marker's key and its words (``legend=True``).
LEGEND = [
    ("moved", "moved"),
    ("slid", "seen sliding"),
    ("revealed", "revealed"),
    ("hidden", "hidden rank"),
    ("lastmove", "last move"),
    ("battle", "battle: attacker\u00d7defender"),
]
_LEGEND_ROW = 22  # the height of one legend row, in board units (a square is 40)


def _legend_rows(width: int, char: float) -> List[List[tuple[int, str, str]]]:
    """The legend laid out in rows that fit ``width``: each entry with its x offset; an entry
    is an 18-unit marker, a gap and its words (``char`` units a letter)."""
    rows: List[List[tuple[int, str, str]]] = [[]]
    x = 0
    for key, words in LEGEND:
        w = 22 + round(len(words) * char)
        if x and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((x, key, words))
        x += w + 12
    return rows


def _draw(
    scene: _Scene,
    *,
    size: Optional[int],
    coordinates: bool,
    colors: Optional[Mapping[str, str]],
    style: Optional[str],
    legend: bool = False,
) -> SvgBoard:
    rules, cells, orientation = scene.rules, scene.cells, scene.orientation
    lastmove, battle, text = scene.lastmove, scene.battle, scene.text
    palette = dict(DEFAULT_COLORS)
    palette.update(colors or {})
    w, h = rules.width, rules.height
    margin = MARGIN if coordinates else 0
    full_w, full_h = w * SQUARE_SIZE + 2 * margin, h * SQUARE_SIZE + 2 * margin
    legend_rows = _legend_rows(full_w - 16, 6.2) if legend else []
    board_h = full_h
    full_h += len(legend_rows) * _LEGEND_ROW + (8 if legend_rows else 0)
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

    for r, entries in enumerate(legend_rows):
        y0 = board_h + 4 + r * _LEGEND_ROW
        for x0, key, words in entries:
            g = ET.SubElement(root, "g", {"class": f"legend {key}", "transform": f"translate({8 + x0}, {y0})"})
            _legend_marker_svg(g, key, palette)
            t = ET.SubElement(
                g,
                "text",
                {"x": "22", "y": "14", "font-size": "11", "font-family": "sans-serif", **_color(palette, "coord")},
            )
            t.text = words

    return SvgBoard(ET.tostring(root, encoding="unicode"))


def _legend_marker_svg(g: ET.Element, key: str, palette: Mapping[str, str]) -> None:
    """The 18x18 marker of a legend entry, drawn as the board draws it."""
    if key == "lastmove":
        ET.SubElement(g, "rect", {"x": "0", "y": "1", "width": "18", "height": "18", **_color(palette, "square light lastmove")})
        return
    if key == "battle":
        ET.SubElement(g, "rect", {"x": "0", "y": "10", "width": "18", "height": "8", "rx": "2", **_color(palette, "battle")})
        return
    token = {"x": "1", "y": "2", "width": "16", "height": "16", "rx": "3", **_color(palette, "red")}
    if key == "revealed":
        token.update({"stroke": palette["revealed"], "stroke-width": "2"})
    ET.SubElement(g, "rect", token)
    if key in ("moved", "slid"):
        for k in range(2 if key == "slid" else 1):
            ET.SubElement(g, "circle", {"cx": str(5 + 5 * k), "cy": "6", "r": "1.6", **_color(palette, "label")})
    if key == "hidden":
        t = ET.SubElement(
            g,
            "text",
            {"x": "9", "y": "14", "text-anchor": "middle", "font-size": "11", "font-weight": "bold",
             "font-family": "sans-serif", **_color(palette, "label")},
        )
        t.text = "?"


def view_svg(
    view: PlayerView,
    *,
    orientation: Optional[Player] = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Mapping[str, str]] = None,
    style: Optional[str] = None,
    legend: bool = False,
) -> SvgBoard:
    """The board as ``view``'s player may see it, that player at the bottom by default."""
    scene = _scene(view, None, False, orientation)
    return _draw(scene, size=size, coordinates=coordinates, colors=colors, style=style, legend=legend)


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
    legend: bool = False,
) -> SvgBoard:
    """The picture of a game: ``perspective``'s view (Red's by default) with hidden enemy
    pieces masked, or every rank with ``reveal=True``."""
    scene = _scene(game, perspective, reveal, orientation)
    return _draw(scene, size=size, coordinates=coordinates, colors=colors, style=style, legend=legend)


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
    legend: bool = False,
) -> SvgBoard:
    """An SVG board of a ``Game`` (see ``game_svg``) or a ``PlayerView`` (see ``view_svg``).

    Keyword-only options: ``orientation`` (the player at the bottom), ``size`` (width in
    pixels; the picture scales otherwise), ``coordinates``, ``colors`` (overrides of
    ``DEFAULT_COLORS`` keys, ``#rrggbb`` or ``#rrggbbaa``), ``style`` (CSS) and ``legend``
    (a strip under the board saying what the markers mean: ``LEGEND``).
    """
    scene = _scene(what, perspective, reveal, orientation)
    return _draw(scene, size=size, coordinates=coordinates, colors=colors, style=style, legend=legend)


def frame(
    what: Union[Game, PlayerView],
    *,
    perspective: Optional[Player] = None,
    reveal: bool = False,
    orientation: Optional[Player] = None,
    square_size: int = 40,
    coordinates: bool = True,
    colors: Optional[Mapping[str, str]] = None,
    legend: bool = True,
) -> "np.ndarray":
    """The picture ``board`` draws, as an RGB frame for videos: ``uint8 [H, W, 3]``, at least
    400 pixels wide (``square_size`` pixels a square, raised for small boards). It shows what
    the SVG shows, from the same scene: ranks in the rules' numbering (``?`` for a hidden
    rank), lakes, the last move, a battle's two ranks, moved and sliding marks, revealed
    outlines, coordinates, and by default the legend. Needs NumPy only; ``png(frame)`` gives
    a PNG file's bytes.

    >>> import stratego
    >>> picture = stratego.svg.frame(stratego.Game.random("isf", seed=1))
    >>> picture.dtype, picture.shape[1] >= 400, picture.shape[2]
    (dtype('uint8'), True, 3)
    """
    import numpy as np

    from . import _raster as r

    scene = _scene(what, perspective, reveal, orientation)
    palette = dict(DEFAULT_COLORS)
    palette.update(colors or {})
    rgb = {key: r.color(value) for key, value in palette.items()}
    rules, cells = scene.rules, scene.cells
    w, h = rules.width, rules.height
    sq = max(int(square_size), -(-400 // w), 16)
    unit = sq / SQUARE_SIZE  # board units (an SVG square is 40) to pixels
    margin = round(MARGIN * unit) if coordinates else 0
    full_w, board_h = w * sq + 2 * margin, h * sq + 2 * margin
    font = max(1, round(unit))  # glyph scale of small text
    # A letter of the bitmap font is 6 pixels at scale 1; the layout counts in board units.
    legend_rows = _legend_rows(round((full_w - 16) / unit), 6 * font / unit) if legend else []
    row_h = round(_LEGEND_ROW * unit)
    full_h = board_h + (len(legend_rows) * row_h + round(8 * unit) if legend_rows else 0)
    img = np.empty((full_h, full_w, 3), dtype=np.uint8)
    img[:] = rgb["border"]

    def xy(square: Square) -> tuple[int, int]:
        col, row = square.col, square.row
        if scene.orientation == Player.BLUE:
            col, row = w - 1 - col, h - 1 - row
        return margin + col * sq, margin + (h - 1 - row) * sq

    if coordinates:
        for col in range(w):
            x, _ = xy(Square.at(col, 0))
            for cy in (margin // 2, board_h - margin // 2):
                r.text_centered(img, x + sq // 2, cy, chr(ord("a") + col), rgb["coord"], font)
        for row in range(h):
            _, y = xy(Square.at(0, row))
            for cx in (margin // 2, full_w - margin // 2):
                r.text_centered(img, cx, y + sq // 2, str(row + 1), rgb["coord"], font)

    marked = {scene.lastmove.from_square, scene.lastmove.to_square} if scene.lastmove is not None else set()
    inset, label_scale = max(2, round(4 * unit)), max(1, round(2 * unit))
    for square, cell in zip(rules.squares(), cells):
        x, y = xy(square)
        shade = "light" if (square.col + square.row) % 2 else "dark"
        if cell.kind == "lake":
            r.fill(img, x, y, sq, sq, rgb["lake"])
        else:
            r.fill(img, x, y, sq, sq, rgb[f"square {shade} lastmove" if square in marked else f"square {shade}"])
        if cell.kind != "piece" or cell.owner is None:
            continue
        r.fill(img, x + inset, y + inset, sq - 2 * inset, sq - 2 * inset, rgb[str(cell.owner)])
        if cell.revealed:
            r.outline(img, x + inset, y + inset, sq - 2 * inset, sq - 2 * inset, rgb["revealed"], max(2, round(3 * unit)))
        r.text_centered(img, x + sq // 2, y + sq // 2, cell.label if cell.label is not None else "?", rgb["label"], label_scale)
        if cell.moved:
            dot = max(2, round(4 * unit))
            for k in range(2 if cell.slid else 1):
                r.fill(img, x + round((7 + 6 * k) * unit), y + round(7 * unit), dot, dot, rgb["label"])

    if scene.battle is not None and scene.lastmove is not None:
        x, y = xy(scene.lastmove.to_square)
        bar = max(9, round(13 * unit))
        r.fill(img, x, y + sq - bar, sq, bar, rgb["battle"])
        words = f"{rules.label(scene.battle.attacker)}\u00d7{rules.label(scene.battle.defender)}"
        r.text_centered(img, x + sq // 2, y + sq - bar // 2, words, rgb["label"], 1)

    for i, row_entries in enumerate(legend_rows):
        y0 = board_h + round((4 + i * _LEGEND_ROW) * unit)
        for x0, key, words in row_entries:
            x = round((8 + x0) * unit)
            m = round(18 * unit)
            if key == "lastmove":
                r.fill(img, x, y0 + 1, m, m, rgb["square light lastmove"])
            elif key == "battle":
                r.fill(img, x, y0 + round(10 * unit), m, round(8 * unit), rgb["battle"])
            else:
                r.fill(img, x + 1, y0 + 2, m - 2, m - 2, rgb["red"])
                if key == "revealed":
                    r.outline(img, x + 1, y0 + 2, m - 2, m - 2, rgb["revealed"], 2)
                if key in ("moved", "slid"):
                    for k in range(2 if key == "slid" else 1):
                        r.fill(img, x + round((4 + 5 * k) * unit), y0 + round(5 * unit), 3, 3, rgb["label"])
                if key == "hidden":
                    r.text_centered(img, x + m // 2, y0 + 2 + m // 2, "?", rgb["label"], 1)
            r.text(img, x + round(22 * unit), y0 + round(6 * unit), words, rgb["coord"], font)
    return img


def png(frame: "np.ndarray") -> bytes:
    """A frame (``uint8 [H, W, 3]``, as ``frame`` makes) as the bytes of a PNG file, with no
    dependency beyond NumPy and zlib: ``Path("board.png").write_bytes(png(frame(game)))``."""
    from ._raster import png as encode

    return encode(frame)
