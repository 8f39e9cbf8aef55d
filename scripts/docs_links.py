#!/usr/bin/env python3
"""Checks the internal links of the built book: every relative href and src names a file of
the book, and every #fragment an id on that page. External links are not fetched.
Also checks that the relative links of the READMEs name files of the repository.
Usage: docs_links.py BOOK_DIR
"""
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

book = Path(sys.argv[1]).resolve()


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if name == "name" and tag == "a" and value:
                self.ids.add(value)
            if name in ("href", "src") and value:
                self.links.append(value)


pages = {}
for path in book.rglob("*.html"):
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    pages[path] = page

broken, checked = [], 0
for path, page in pages.items():
    for link in page.links:
        parts = urlsplit(link)
        if parts.scheme or link.startswith("//") or link.startswith(("mailto:", "javascript:", "data:")):
            continue
        checked += 1
        base = book if parts.path.startswith("/") else path.parent  # "/" is the book's root
        target = path if not parts.path else (base / unquote(parts.path.lstrip("/"))).resolve()
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            broken.append(f"{path.relative_to(book)}: {link} (no file {target})")
            continue
        if parts.fragment and target.suffix == ".html":
            ids = pages[target].ids if target in pages else set()
            if unquote(parts.fragment) not in ids:
                broken.append(f"{path.relative_to(book)}: {link} (no id {parts.fragment!r})")
root = Path(__file__).resolve().parents[1]
readmes = [root / "README.md"] + sorted(root.glob("*/README.md"))
readme_links = 0
for readme in readmes:
    for link in re.findall(r"\]\(([^)\s]+)\)", readme.read_text(encoding="utf-8")):
        parts = urlsplit(link)
        if parts.scheme or link.startswith("#"):
            continue
        readme_links += 1
        if not (readme.parent / unquote(parts.path)).exists():
            broken.append(f"{readme.relative_to(root)}: {link} (no file)")
print(f"== docs: links: {readme_links} relative links in {len(readmes)} READMEs checked")
print(f"== docs: links: {checked} internal links in {len(pages)} pages checked, {len(broken)} broken")
for b in broken:
    print("   broken:", b, file=sys.stderr)
sys.exit(1 if broken else 0)
