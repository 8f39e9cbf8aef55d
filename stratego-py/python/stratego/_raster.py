"""A small raster painter for board frames: filled rectangles, outlines and a 5x7 bitmap font,
drawn into a NumPy ``uint8 [H, W, 3]`` array, plus a PNG encoder (zlib only), so that frames
need nothing beyond NumPy."""

from __future__ import annotations

import struct
import zlib
from typing import Dict, Tuple

import numpy as np

RGB = Tuple[int, int, int]

# 5x7 glyphs, one string of 7 rows per character; '#' is ink. Lower-case text is drawn in
# upper case (the font has one case).
_GLYPHS: Dict[str, Tuple[str, ...]] = {
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "C": (".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."),
    "D": ("###..", "#..#.", "#...#", "#...#", "#...#", "#..#.", "###.."),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "F": ("#####", "#....", "#....", "####.", "#....", "#....", "#...."),
    "G": (".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "I": (".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "#...#", "####.", "#....", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."),
    "X": ("#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
    "Z": ("#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"),
    "?": (".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."),
    "\u00d7": (".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "....."),
    "-": (".....", ".....", ".....", "#####", ".....", ".....", "....."),
    ":": (".....", "..#..", ".....", ".....", ".....", "..#..", "....."),
    ".": (".....", ".....", ".....", ".....", ".....", "..#..", "....."),
    ",": (".....", ".....", ".....", ".....", "..#..", "..#..", ".#..."),
    "(": ("...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."),
    ")": (".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."),
    "/": ("....#", "...#.", "...#.", "..#..", ".#...", ".#...", "#...."),
    " ": (".....",) * 7,
}
_MASKS = {c: np.array([[ch == "#" for ch in row] for row in rows], dtype=bool) for c, rows in _GLYPHS.items()}
GLYPH_W, GLYPH_H = 5, 7


def color(hex_color: str, over: RGB = (255, 255, 255)) -> RGB:
    """``#rrggbb`` (or ``#rrggbbaa``, blended over ``over``) as an RGB triple."""
    value = hex_color.lstrip("#")
    rgb = tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))
    if len(value) == 8:
        a = int(value[6:8], 16) / 255
        rgb = tuple(round(c * a + o * (1 - a)) for c, o in zip(rgb, over))
    return (rgb[0], rgb[1], rgb[2])


def fill(img: np.ndarray, x: int, y: int, w: int, h: int, rgb: RGB) -> None:
    """Fill the rectangle at (``x``, ``y``) of ``w`` x ``h`` pixels (clipped to the image)."""
    img[max(y, 0) : max(y + h, 0), max(x, 0) : max(x + w, 0)] = rgb


def outline(img: np.ndarray, x: int, y: int, w: int, h: int, rgb: RGB, width: int) -> None:
    """A rectangle's border, ``width`` pixels thick, inside the rectangle."""
    fill(img, x, y, w, width, rgb)
    fill(img, x, y + h - width, w, width, rgb)
    fill(img, x, y, width, h, rgb)
    fill(img, x + w - width, y, width, h, rgb)


def text_width(text: str, scale: int) -> int:
    """Pixels ``text`` takes at ``scale`` (one pixel of space between glyphs)."""
    return max(len(text) * (GLYPH_W + 1) - 1, 0) * scale


def text(img: np.ndarray, x: int, y: int, s: str, rgb: RGB, scale: int = 1) -> None:
    """Draw ``s`` with its top-left corner at (``x``, ``y``); unknown characters as ``?``."""
    for i, ch in enumerate(s.upper()):
        mask = _MASKS.get(ch, _MASKS["?"])
        if scale > 1:
            mask = mask.repeat(scale, axis=0).repeat(scale, axis=1)
        gx = x + i * (GLYPH_W + 1) * scale
        region = img[y : y + mask.shape[0], gx : gx + mask.shape[1]]
        region[mask[: region.shape[0], : region.shape[1]]] = rgb


def text_centered(img: np.ndarray, cx: int, cy: int, s: str, rgb: RGB, scale: int) -> None:
    """Draw ``s`` centred on (``cx``, ``cy``)."""
    text(img, cx - text_width(s, scale) // 2, cy - GLYPH_H * scale // 2, s, rgb, scale)


def png(img: np.ndarray) -> bytes:
    """``img`` (``uint8 [H, W, 3]``) as a PNG file's bytes: 8-bit RGB, no filter, zlib."""
    if img.dtype != np.uint8 or img.ndim != 3 or img.shape[2] != 3:
        raise ValueError(f"expected a uint8 [H, W, 3] array, got {img.dtype} {list(img.shape)}")
    h, w, _ = img.shape
    raw = np.zeros((h, 1 + 3 * w), dtype=np.uint8)  # filter byte 0 on each row
    raw[:, 1:] = img.reshape(h, 3 * w)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)) + chunk(b"IEND", b"")
