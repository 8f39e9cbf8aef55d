"""Writes the member lines of stratego-py/python/stratego/_enums.py from the engine's table of
closed sets (``stratego._stratego._enum_table()``, built from stratego-core), between the
``# generated: <Set>`` and ``# end generated`` markers. ``--check`` only reports whether the
file is current (exit 1 when stale); the Python tests run that.

Run with the module built into the active environment:
    python scripts/gen_enums.py [--check]
"""

from __future__ import annotations

import pathlib
import re
import sys

ENUMS = pathlib.Path(__file__).resolve().parent.parent / "stratego-py" / "python" / "stratego" / "_enums.py"


def generated(text: str, table: list[tuple[str, list[tuple[str, int]]]]) -> str:
    for name, members in table:
        block = re.compile(rf"(    # generated: {name}\n).*?(    # end generated\n)", re.S)
        if not block.search(text):
            raise SystemExit(f"{ENUMS}: no '# generated: {name}' block")
        lines = "".join(f"    {member} = {value}\n" for member, value in members)
        text = block.sub(lambda m: m.group(1) + lines + m.group(2), text)
    return text


def main() -> int:
    from stratego._stratego import _enum_table

    old = ENUMS.read_text()
    new = generated(old, _enum_table())
    if "--check" in sys.argv:
        if new != old:
            print(f"{ENUMS} is stale: run python scripts/gen_enums.py", file=sys.stderr)
            return 1
        return 0
    ENUMS.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
