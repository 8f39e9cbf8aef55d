#!/usr/bin/env bash
# The documentation: READMEs within their limits, the generated pages and pictures, every C
# block of the docs compiled and run, rustdoc without warnings, the mdBook built and its links
# checked. Rust blocks run as doctests (cargo test), Python blocks in scripts/python.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

mdbook_version=0.5.4
py="${STRATEGO_VENV:-.venv}/bin/python"

echo "== docs: READMEs"
lines=$(wc -l <README.md) bytes=$(wc -c <README.md)
echo "== docs: README.md: $lines lines, $bytes bytes (limits 300 lines, 25,600 bytes)"
[ "$lines" -le 300 ] && [ "$bytes" -le 25600 ] || { echo "README.md is over its limit" >&2; exit 1; }
for readme in stratego-core/README.md stratego-ffi/README.md stratego-py/README.md stratego-wasm/README.md; do
  [ -s "$readme" ] || { echo "$readme is missing" >&2; exit 1; }
  if cmp -s README.md "$readme"; then echo "$readme is a copy of README.md" >&2; exit 1; fi
done

echo "== docs: mdbook $mdbook_version"
if ! grep -qx "mdbook v$mdbook_version" <<<"$(mdbook --version 2>/dev/null)"; then
  cargo install mdbook --locked --version "$mdbook_version" --no-default-features --features search 2>&1
fi

echo "== docs: generated pages"
python3 scripts/docs_c_reference.py include/stratego.h docs/src/reference/c.md
if [ -x "$py" ] && "$py" -c "import stratego._stratego" 2>/dev/null; then
  "$py" scripts/docs_py_reference.py docs/src/reference/python.md
  "$py" scripts/docs_pictures.py docs/src/pictures
else
  echo "== docs: building the Python module into $py's venv for the Python reference and the pictures"
  bash scripts/docs_python_module.sh
  "$py" scripts/docs_py_reference.py docs/src/reference/python.md
  "$py" scripts/docs_pictures.py docs/src/pictures
fi
python3 scripts/docs_js_reference.py docs/src/reference/javascript.md

echo "== docs: code blocks of the READMEs and the book"
out=target/docs-c
rm -rf "$out"
python3 scripts/docs_snippets.py --c-dir "$out/src"
cargo build --release --locked -p stratego-ffi 2>&1
native_libs=(-lgcc_s -lutil -lrt -lpthread -lm -ldl)
shopt -s nullglob
for src in "$out"/src/*.c; do
  exe="$out/$(basename "$src" .c)"
  cc -std=c11 -Wall -Wextra -Werror -Iinclude "$src" target/release/libstratego.a "${native_libs[@]}" -o "$exe"
  "$exe" >/dev/null || { echo "$src: exit status $?" >&2; exit 1; }
  echo "== docs: C block ran: $(basename "$src")"
done

echo "== docs: rustdoc, every warning an error (missing_docs is denied in every crate)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --locked 2>&1

echo "== docs: mdbook build docs"
mdbook build docs 2>&1
python3 scripts/docs_links.py docs/book
if ! git diff --quiet -- docs/src/reference docs/src/pictures 2>/dev/null; then
  echo "== docs: the generated pages differ from the committed ones (commit them): $(git diff --name-only -- docs/src/reference docs/src/pictures | tr '\n' ' ')"
fi
