#!/usr/bin/env python3
"""Draws the book's pictures from the engine: boards through stratego.svg (the module's own SVG
renderer), with square names, move arrows and the refused move added on top; an observation's
planes; and the arena ladder when a ladder table is in the tree. Every position is played by
the engine, and the refusals shown are the engine's own verdicts.
Usage: docs_pictures.py OUT_DIR
"""
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import stratego
from stratego import Game, Player, Rules, Setup, Square
from stratego import svg

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
S, M = svg.SQUARE_SIZE, svg.MARGIN
ET.register_namespace("", "http://www.w3.org/2000/svg")
NS = "{http://www.w3.org/2000/svg}"


def center(square, height=10):
    sq = Square(square) if isinstance(square, str) else square
    return M + sq.col * S + S / 2, M + (height - 1 - sq.row) * S + S / 2


def parse(board_svg):
    return ET.fromstring(str(board_svg))


def arrow_defs(root):
    defs = ET.SubElement(root, "defs")
    for name, color in (("ok", "#1f6fd1"), ("no", "#d11f1f")):
        marker = ET.SubElement(defs, "marker", {"id": f"arrow-{name}", "viewBox": "0 0 10 10", "refX": "8", "refY": "5",
                                                "markerWidth": "5", "markerHeight": "5", "orient": "auto-start-reverse"})
        ET.SubElement(marker, "path", {"d": "M 0 0 L 10 5 L 0 10 z", "fill": color})


def arrow(root, a, b, kind="ok", offset=0.0):
    (x1, y1), (x2, y2) = center(a), center(b)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = -dy / length * offset, dx / length * offset
    shorten = 12 / length
    color = "#1f6fd1" if kind == "ok" else "#d11f1f"
    ET.SubElement(root, "line", {
        "x1": f"{x1 + nx + dx * shorten:.1f}", "y1": f"{y1 + ny + dy * shorten:.1f}",
        "x2": f"{x2 + nx - dx * shorten:.1f}", "y2": f"{y2 + ny - dy * shorten:.1f}",
        "stroke": color, "stroke-width": "3", "marker-end": f"url(#arrow-{kind})",
        **({"stroke-dasharray": "5 3"} if kind == "no" else {})})


def label(root, square, text, color="#555"):
    x, y = center(square)
    t = ET.SubElement(root, "text", {"x": f"{x:.1f}", "y": f"{y + 4:.1f}", "text-anchor": "middle", "font-size": "11",
                                     "font-family": "sans-serif", "fill": color})
    t.text = text


def caption(root, text):
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    root.set("viewBox", f"0 0 {width:g} {height + 24:g}")
    ET.SubElement(root, "rect", {"x": "0", "y": f"{height:g}", "width": f"{width:g}", "height": "24", "fill": "#ffffff"})
    t = ET.SubElement(root, "text", {"x": f"{width / 2:g}", "y": f"{height + 16:g}", "text-anchor": "middle",
                                     "font-size": "12", "font-family": "sans-serif", "fill": "#222"})
    t.text = text


def write(root, name):
    ET.ElementTree(root).write(out / name, encoding="unicode", xml_declaration=False)
    print(f"== docs: picture {out / name}")


def refusal(game, move):
    try:
        game.copy().play(move)
    except stratego.IllegalMoveError as err:
        return err.reason.name
    return None


# 1. The board at the start of an ISF game (Red's view), every free square named.
game = Game.random("isf", seed=7)
root = parse(svg.board(game, perspective=Player.RED, legend=True))
for sq in (Square.at(c, r) for r in range(10) for c in range(10)):
    if game.piece_at(sq) is None and not game.rules.is_lake(sq):
        label(root, sq, str(sq))
write(root, "board.svg")

# 2. The two-squares rule: a piece that moved three times between the same two squares may
# not make the fourth move between them (ISF: limit 3), whatever the opponent does.
game = Game.random("isf", seed=7)
red = next(m for m in game.legal_moves if m.to_square.row == m.from_square.row + 1 and m.to_square.col == m.from_square.col)
blue_moves = []
for i in range(3):
    game.play(red if i % 2 == 0 else stratego.Move(f"{red.to_square}-{red.from_square}"))
    blue = next(m for m in game.legal_moves if m.to_square.row == m.from_square.row - 1) if i == 0 else stratego.Move(
        f"{blue_moves[-1].to_square}-{blue_moves[-1].from_square}")
    game.play(blue)
    blue_moves.append(blue)
fourth = stratego.Move(f"{red.to_square}-{red.from_square}")
reason = refusal(game, fourth)
assert reason == "TWO_SQUARE_RULE", reason
root = parse(svg.board(game, perspective=Player.RED))
arrow_defs(root)
arrow(root, red.from_square, red.to_square, offset=-6)
arrow(root, red.to_square, red.from_square, offset=6)
arrow(root, red.to_square, red.from_square, kind="no", offset=0)
caption(root, f"Red played {red.from_square}-{red.to_square}, {red.to_square}-{red.from_square}, {red.from_square}-{red.to_square}: {fourth} is refused ({reason})")
write(root, "two-squares.svg")

# 3. The more-squares (chase) rule: Red's General chases Blue's Colonel around a lake's corner;
# the chaser may not recreate a position of the chase, so the move closing the loop is refused.
letters = {sq: "A" for sq in (f"{c}{r}" for r in range(1, 11) for c in "abcdefghij")}
for lake in ("c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"):
    letters[lake] = "_"
letters.update({"a1": "M", "j10": "Y", "j1": "B", "a10": "N"})  # Flags, and a Bomb each so neither is stuck
letters.update({"e4": "K", "e3": "V"})  # Red General (K) chases Blue Colonel (V)
position = "".join(letters[f"{c}{r}"] for r in range(1, 11) for c in "abcdefghij") + " b 0"
chase = Game.from_position(Rules("isf"), position)
# Blue runs around the square e3 f3 f2 e2 and Red follows into the square Blue just left, so
# it stays next to Blue; the engine decides which move it refuses.
blue_path = ["e3", "f3", "f2", "e2", "e3", "f3", "f2", "e2", "e3"]
played, refused, red_at = [], None, "e4"
for a, b in zip(blue_path, blue_path[1:]):
    chase.play(f"{a}-{b}")
    played.append(f"{a}-{b}")
    follow = f"{red_at}-{a}"
    why = refusal(chase, follow)
    if why is not None:
        refused = (follow, why)
        break
    chase.play(follow)
    played.append(follow)
    red_at = a
if refused is None:
    print("== docs: picture chase.svg: the engine allowed every move of the loop; not drawn", file=sys.stderr)
    sys.exit(1)
root = parse(svg.board(chase, perspective=Player.RED, reveal=True))
arrow_defs(root)
for i, mv in enumerate(played[-6:]):
    a, b = mv.split("-")
    arrow(root, a, b, offset=4 if i % 2 else -4)
a, b = refused[0].split("-")
arrow(root, a, b, kind="no")
assert refused[1] == "CHASE_RULE", refused
caption(root, f"Blue flees round e3 f3 f2 e2, Red follows: {refused[0]} would repeat the chase ({refused[1]})")
write(root, "chase.svg")

# 4. An observation: each plane of Red's observation after a few plies, as a small grid.
game = Game.random("isf", seed=3)
game.playout(5, 60) if hasattr(game, "playout") else None
obs = game.observation(Player.RED)
planes = stratego.PLANES
cols, cell, pad = 8, 6, 16
rows = (len(planes) + cols - 1) // cols
w, h = obs.shape[2], obs.shape[1]
box_w, box_h = w * cell + pad, h * cell + pad + 14
root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {cols * box_w} {rows * box_h}",
                          "font-family": "sans-serif"})
for i, (name, meaning) in enumerate(planes):
    x0, y0 = (i % cols) * box_w + pad / 2, (i // cols) * box_h + 12
    t = ET.SubElement(root, "text", {"x": f"{x0}", "y": f"{y0 - 2}", "font-size": "8"})
    t.text = f"{i} {name}"
    ET.SubElement(ET.SubElement(root, "g"), "title").text = meaning
    for r in range(h):
        for c in range(w):
            v = float(obs[i, h - 1 - r, c])
            shade = int(245 - 200 * max(0.0, min(1.0, v)))
            ET.SubElement(root, "rect", {"x": f"{x0 + c * cell}", "y": f"{y0 + r * cell}", "width": f"{cell}",
                                         "height": f"{cell}", "fill": f"rgb({shade},{shade},{255 if v else shade})",
                                         "stroke": "#ccc", "stroke-width": "0.3"})
write(root, "planes.svg")

# 5. The arena ladder, when the agents' chapter (or a ladder*.csv under docs/) has its table
# (A, B, A's score with its interval): one line per pairing.
root_dir = Path(__file__).resolve().parents[1]


def ladder_rows():
    import csv
    import re
    for path in sorted((root_dir / "docs").rglob("ladder*.csv")):
        rows = list(csv.DictReader(path.open(encoding="utf-8")))
        if rows:
            return path, rows
    for path in sorted((root_dir / "docs" / "src").glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines[:-2]):
            cells = [c.strip().strip("`*") for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and any(re.match(r"(?i)a score", c) for c in cells) and set(lines[i + 1]) <= set("|-: "):
                rows = []
                for row in lines[i + 2:]:
                    if not row.startswith("|"):
                        break
                    values = [c.strip() for c in row.strip().strip("|").split("|")]
                    rows.append(dict(zip(cells, values)))
                return path, rows
    return None, []


source, rows_ = ladder_rows()
points = []  # (label, score, low, high): A's score against B with its 95 % interval
if rows_:
    import re
    cols = list(rows_[0])
    score_key = next((k for k in cols if re.match(r"(?i)a score", k)), None)
    a_key, b_key = next((k for k in cols if k == "A"), None), next((k for k in cols if k == "B"), None)
    for r in rows_:
        if not (score_key and a_key and b_key):
            break
        nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", r[score_key])]
        if len(nums) >= 3:
            label = f"{r[cols[0]]}: {r[a_key]} vs {r[b_key]}" if cols[0] not in (a_key, b_key) else f"{r[a_key]} vs {r[b_key]}"
            points.append((label.replace("`", ""), nums[0], nums[1], nums[2]))
if points:
    width, row_h, left = 640, 20, 260
    span = width - left - 30
    height = row_h * len(points) + 50
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}",
                              "font-family": "sans-serif"})
    ET.SubElement(root, "rect", {"x": "0", "y": "0", "width": f"{width}", "height": f"{height}", "fill": "#ffffff"})
    x_of = lambda v: left + v * span
    for v in (0.0, 0.25, 0.5, 0.75, 1.0):
        ET.SubElement(root, "line", {"x1": f"{x_of(v):.1f}", "x2": f"{x_of(v):.1f}", "y1": "6",
                                     "y2": f"{row_h * len(points) + 10}", "stroke": "#333" if v == 0.5 else "#ddd"})
        t = ET.SubElement(root, "text", {"x": f"{x_of(v):.1f}", "y": f"{row_h * len(points) + 24}", "font-size": "11",
                                         "text-anchor": "middle"})
        t.text = f"{v:g}"
    for i, (label, score, lo, hi) in enumerate(points):
        y = 14 + i * row_h
        t = ET.SubElement(root, "text", {"x": f"{left - 8}", "y": f"{y + 4}", "font-size": "11", "text-anchor": "end"})
        t.text = label
        ET.SubElement(root, "line", {"x1": f"{x_of(lo):.1f}", "x2": f"{x_of(hi):.1f}", "y1": f"{y}", "y2": f"{y}",
                                     "stroke": "#1f6fd1", "stroke-width": "2"})
        ET.SubElement(root, "circle", {"cx": f"{x_of(score):.1f}", "cy": f"{y}", "r": "4", "fill": "#1f6fd1"})
    t = ET.SubElement(root, "text", {"x": f"{left + span / 2}", "y": f"{row_h * len(points) + 42}", "font-size": "11",
                                     "text-anchor": "middle", "fill": "#444"})
    t.text = f"A's score against B with its 95 % interval (0.5: even), from {source.relative_to(root_dir).as_posix()}"
    write(root, "ladder.svg")
else:
    print("== docs: picture ladder.svg: no ladder table (A, B and an 'A score' column in docs/src/*.md); not drawn")
