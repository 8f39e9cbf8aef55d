"""Gravon StraDoS2 records from wherever they are: XML text, bytes, a file, a ``.zip`` archive or
a folder. The parsing and the replay are the engine's (``stratego._stratego``); this module only
finds the XML and names it.

``read_gravon(source)`` replays one record, as python-chess's readers take text or a file:

>>> import stratego
>>> xml = stratego.write_gravon(stratego.Game.random("barrage", seed=1))
>>> stratego.read_gravon(xml).ply
0
>>> stratego.read_gravon(xml.encode()).rules.base_edition
Edition.BARRAGE

``iter_gravon(source)`` yields ``(name, game)`` for every record in an ``.xml`` file, a ``.zip``
archive (as Gravon's monthly archives come) or a folder of either (searched recursively, in
sorted order). A record that fails to parse or replay does not stop the iteration: by default
its exception (``ParseError``, ``SetupError``, ``IllegalMoveError`` or ``ValueError``, whose
message starts with the record's name) is yielded in place of the game, so
``isinstance(game, Exception)`` tells them apart; ``errors="skip"`` leaves such records out
and ``errors="raise"`` raises at the first one.

>>> import io, zipfile
>>> archive = io.BytesIO()
>>> with zipfile.ZipFile(archive, "w") as z:
...     z.writestr("classic-2014.5-1.xml", stratego.write_gravon(stratego.Game.random("isf", seed=2)))
...     z.writestr("broken-2014.5-2.xml", "<stratego>")
>>> [(name, type(game).__name__) for name, game in stratego.iter_gravon(archive.getvalue())]
[('broken-2014.5-2.xml', 'ParseError'), ('classic-2014.5-1.xml', 'Game')]

The two-squares limit Gravon applied depends on the year (5 before 2013, 3 after): when
``year`` is not given, it is read from the file or member name (``classic-2006.7-12.xml``).
"""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path
from typing import IO, Iterator, List, Optional, Tuple, Union

from ._stratego import Game, _gravon_year
from ._stratego import read_gravon as _read_xml

__all__ = ["GravonSource", "iter_gravon", "read_gravon"]

#: What the readers take: XML text, its bytes, a path (``str`` or ``os.PathLike``) or an open
#: file (binary or text).
GravonSource = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", IO[bytes], IO[str]]


def read_gravon(source: GravonSource, year: Optional[int] = None) -> Game:
    """Replay one Gravon XML record into a game: every move checked, and the end compared with
    the recorded result. ``source`` is the XML text, its bytes, a path to an ``.xml`` file
    (``str`` or ``os.PathLike``) or an open file; a ``str`` that does not start with ``<`` is
    taken for a path. ``year`` picks the two-squares limit Gravon used (5 before 2013, else 3);
    by default it is read from the file name when there is one. Raises ``ParseError``,
    ``SetupError``, ``IllegalMoveError`` (with ``ply``) or ``ValueError`` (an unsupported game
    type, a result that does not match, a ``.zip`` archive: use ``iter_gravon``); a ``str``
    that is neither XML nor an existing file raises ``ParseError``, an ``os.PathLike`` to no
    file ``FileNotFoundError``.
    """
    name, data = _load(source)
    if isinstance(data, bytes) and zipfile.is_zipfile(io.BytesIO(data)):
        raise ValueError(f"{name or 'the source'} is a zip archive of many games: use stratego.iter_gravon")
    return _read_xml(_text(data, name), year if year is not None else _year(name))


def iter_gravon(
    source: Union[str, "os.PathLike[str]", bytes, IO[bytes]],
    year: Optional[int] = None,
    *,
    errors: str = "yield",
) -> Iterator[Tuple[str, Union[Game, Exception]]]:
    """Yield ``(name, game)`` for every record in ``source``: an ``.xml`` file, a ``.zip``
    archive (a path, its bytes or an open binary file) or a folder holding either (searched
    recursively, sorted). Names are file names; inside a folder they are relative to it, and a
    zip member found in a folder is named ``archive.zip/member.xml``.

    A record that cannot be read or replayed is reported by its name and does not stop the
    iteration. ``errors`` says how: ``"yield"`` (the default) yields the exception in place of
    the game, its message prefixed with the name; ``"skip"`` leaves it out; ``"raise"`` raises
    it. ``year`` overrides the year read from each name (see ``read_gravon``).
    """
    if errors not in ("yield", "skip", "raise"):
        raise ValueError(f"errors must be 'yield', 'skip' or 'raise', not {errors!r}")
    for name, xml in _records(source):
        try:
            game: Union[Game, Exception] = _read_xml(_text(xml, name), year if year is not None else _year(name))
        except ValueError as e:
            if errors == "raise":
                raise
            if errors == "skip":
                continue
            e.args = (f"{name}: {e.args[0]}" if e.args else name, *e.args[1:])
            game = e
        yield name, game


def _records(source: object) -> Iterator[Tuple[str, bytes]]:
    """``(name, xml bytes)`` of every record in ``source``, in order."""
    if isinstance(source, (str, os.PathLike)) and not _looks_like_xml(source):
        path = Path(source)
        if path.is_dir():
            for found in sorted(p for p in path.rglob("*") if p.suffix.lower() in (".xml", ".zip")):
                relative = found.relative_to(path).as_posix()
                if found.suffix.lower() == ".zip":
                    with zipfile.ZipFile(found) as z:
                        yield from ((f"{relative}/{n}", x) for n, x in _zip_members(z))
                else:
                    yield relative, found.read_bytes()
            return
    name, data = _load(source)
    raw = data if isinstance(data, bytes) else data.encode("utf-8")
    if zipfile.is_zipfile(io.BytesIO(raw)):
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            yield from _zip_members(z)
    else:
        yield name or "<xml>", raw


def _zip_members(z: zipfile.ZipFile) -> List[Tuple[str, bytes]]:
    """The ``.xml`` members of an archive, sorted by name, with their bytes."""
    names = sorted(n for n in z.namelist() if n.lower().endswith(".xml") and not n.endswith("/"))
    return [(n, z.read(n)) for n in names]


def _looks_like_xml(text: object) -> bool:
    return isinstance(text, str) and text.lstrip().startswith("<")


def _load(source: object) -> Tuple[str, Union[str, bytes]]:
    """The name (``""`` when there is none) and the content of a source."""
    if isinstance(source, str) and _looks_like_xml(source):
        return "", source
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if not _is_file(path):
            if isinstance(source, str):
                # Text that is neither XML nor a file's name is bad input, like any other text.
                from .errors import ParseError

                reason = "neither XML (it does not start with '<') nor the path of a file"
                short = source if len(source) <= 80 else source[:77] + "..."
                raise ParseError(f"{short!r}: {reason}", what="gravon record", text=source, reason=reason)
            raise FileNotFoundError(f"no such file: {str(path)!r}")
        return path.name, path.read_bytes()
    if isinstance(source, (bytes, bytearray, memoryview)):
        return "", bytes(source)
    read = getattr(source, "read", None)
    if callable(read):
        data = read()
        if not isinstance(data, (str, bytes)):
            raise TypeError(f"the file's read() gave {type(data).__name__}, not bytes or str")
        return os.path.basename(str(getattr(source, "name", ""))), data
    raise TypeError(f"a Gravon source is XML text, bytes, a path or an open file, not {type(source).__name__}")


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL, names no file
        return False


def _text(data: Union[str, bytes], name: str) -> str:
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        from .errors import ParseError

        reason = f"not UTF-8 ({e.reason} at byte {e.start})"
        raise ParseError(f"{name or 'the record'}: {reason}", what="gravon record", position=e.start, reason=reason)


def _year(name: str) -> Optional[int]:
    return _gravon_year(os.path.basename(name)) if name else None
