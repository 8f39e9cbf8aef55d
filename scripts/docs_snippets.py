#!/usr/bin/env python3
"""Finds the fenced rust, python and c blocks of the READMEs and the book, and says which run.

A block runs unless its info string marks it: `rust,ignore` (or no_run, compile_fail), or a
`norun` token (`python,norun`, `c,norun`). Rust blocks run as doctests of stratego-core
(src/book_doctests.rs includes each page), Python blocks in stratego-py/tests/test_docs.py,
C blocks through scripts/docs.sh. Prints the count of both kinds per language, and with
--c-dir DIR writes each runnable C block there as a program.
Usage: docs_snippets.py [--c-dir DIR]
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.S | re.M)
NOT_RUN = {"ignore", "no_run", "norun", "compile_fail", "text"}


def pages():
    readmes = [ROOT / "README.md"] + sorted(ROOT.glob("*/README.md")) + sorted(ROOT.glob("*/*/README.md"))
    book = sorted((ROOT / "docs" / "src").rglob("*.md"))
    return [p for p in readmes + book if "node_modules" not in p.parts and "target" not in p.parts]


def blocks(path):
    """(language, runs, line, code) for each rust/python/c block of a page."""
    text = path.read_text(encoding="utf-8")
    for m in FENCE.finditer(text):
        tokens = [t.strip() for t in re.split(r"[,\s]+", m.group(1)) if t.strip()]
        if not tokens or tokens[0] not in ("rust", "python", "c"):
            continue
        line = text.count("\n", 0, m.start()) + 1
        yield tokens[0], not (set(tokens[1:]) & NOT_RUN), line, m.group(2)


def c_program(code):
    """A whole program: the block itself when it has main, else its statements inside one."""
    if re.search(r"\bint\s+main\s*\(", code):
        return code
    head = [l for l in code.splitlines() if l.startswith("#include")]
    body = [l for l in code.splitlines() if not l.startswith("#include")]
    return "\n".join(["#include <stdint.h>", "#include <stddef.h>"] + head + ["int main(void) {"] + ["    " + l for l in body] + ["    return 0;", "}"]) + "\n"


def main():
    c_dir = Path(sys.argv[sys.argv.index("--c-dir") + 1]) if "--c-dir" in sys.argv else None
    counts = {lang: [0, 0, 0] for lang in ("rust", "python", "c")}
    doctests = (ROOT / "stratego-core" / "src" / "book_doctests.rs").read_text(encoding="utf-8")
    unlisted = []
    for page in pages():
        rel = page.relative_to(ROOT)
        for n, (lang, runs, line, code) in enumerate(blocks(page)):
            generated = rel.parts[:3] == ("docs", "src", "reference")
            counts[lang][0 if runs else 2 if generated else 1] += 1
            if lang == "rust" and runs:
                # Each page's path as include_str! sees it from stratego-core/src.
                if f'"{Path("../..", rel).as_posix()}"' not in doctests and not (
                    rel.as_posix() == "stratego-core/README.md" and '"../README.md"' in doctests
                ):
                    unlisted.append(rel.as_posix())
            if lang == "c" and runs and c_dir is not None:
                c_dir.mkdir(parents=True, exist_ok=True)
                name = re.sub(r"[^A-Za-z0-9]+", "_", rel.as_posix()) + f"_L{line}.c"
                (c_dir / name).write_text(c_program(code), encoding="utf-8")
    for lang, (run, not_run, declarations) in counts.items():
        where = {"rust": "doctests of stratego-core (cargo test)", "python": "stratego-py/tests/test_docs.py",
                 "c": "compiled -Wall -Wextra -Werror and run by scripts/docs.sh"}[lang]
        print(f"== docs: {lang} blocks: {run} run ({where}), {not_run} marked not run"
              + (f", {declarations} declarations in the generated references (not run)" if declarations else ""))
    if unlisted:
        print(f"== docs: pages with runnable rust blocks missing from stratego-core/src/book_doctests.rs: {sorted(set(unlisted))}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
