#!/usr/bin/env bash
# The Python package as users get it. Builds the release wheel with the book's command (docs/src/install.md; zig
# links against manylinux2014's glibc 2.17, no docker), checks it with `auditwheel show` and
# `twine check --strict`, checks its extension module is stripped, builds the sdist, and
# installs each into a fresh virtual environment (the sdist compiled from its own sources, as
# pip does) where examples/play.py must run. Leaves the artifacts and both environments in
# target/wheel-test/ for scripts/versions.sh.
#
# The tools (maturin, ziglang, auditwheel, twine) go into the test venv (STRATEGO_VENV, default
# .venv, as scripts/python.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packaging_lib.sh

python="${PYTHON:-python3}"
venv="${STRATEGO_VENV:-.venv}"
version=$(workspace_version)
out="$PWD/target/wheel-test"
rm -rf "$out"
mkdir -p "$out/dist"

[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
tools="$(cd "$venv" && pwd)/bin"
echo "== wheel: installing maturin, ziglang, auditwheel and twine into $venv"
"$tools/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" "ziglang>=0.17,<0.18" auditwheel twine

echo "== wheel: maturin build --release --zig --compatibility manylinux2014"
(cd stratego-py && PATH="$tools:$PATH" maturin build --release --locked --zig --compatibility manylinux2014 \
  --out "$out/dist" 2>&1)
arch=$(uname -m)
wheel="$out/dist/stratego-$version-cp39-abi3-manylinux2014_$arch.manylinux_2_17_$arch.whl"
[ -f "$wheel" ] || { echo "expected $wheel, found: $(ls "$out/dist")" >&2; exit 1; }

echo "== wheel: auditwheel show"
"$tools/auditwheel" show "$wheel" | tee "$out/auditwheel.txt"
# auditwheel wraps its sentences: compare with the lines joined.
tr -s '\n ' '  ' <"$out/auditwheel.txt" | grep -c "consistent with the following platform tag: \"manylinux_2_17_$arch\"" >/dev/null ||
  { echo "the wheel is not manylinux2014 (manylinux_2_17) compliant" >&2; exit 1; }

echo "== wheel: the extension module is stripped"
mkdir "$out/unpacked"
"$tools/python" -m zipfile -e "$wheel" "$out/unpacked"
module=$(ls "$out/unpacked"/stratego/_stratego*.so)
if readelf -S -W "$module" | grep -Ec ' \.(symtab|debug_)' >/dev/null; then
  echo "$module keeps its symbol table or debug information" >&2
  exit 1
fi
echo "   $(basename "$module"): $(stat -c %s "$module") bytes; wheel: $(stat -c %s "$wheel") bytes"

echo "== wheel: metadata (stratego-py/README.md as the description, project URLs, licence files)"
metadata="$out/unpacked/stratego-$version.dist-info/METADATA"
for field in "Description-Content-Type: text/markdown" "Project-URL: Source, " "License-Expression: MIT OR Apache-2.0" \
  "License-File: LICENSE-MIT" "License-File: LICENSE-APACHE" "Classifier: Typing :: Typed"; do
  grep -q "^$field" "$metadata" || { echo "METADATA lacks '$field'" >&2; exit 1; }
done
grep -q "^# stratego" "$metadata" || { echo "METADATA lacks stratego-py/README.md" >&2; exit 1; }
ls "$out/unpacked/stratego-$version.dist-info/licenses/LICENSE-MIT" >/dev/null

echo "== wheel: maturin sdist"
(cd stratego-py && PATH="$tools:$PATH" maturin sdist --out "$out/dist" 2>&1)
sdist="$out/dist/stratego-$version.tar.gz"
[ -f "$sdist" ] || { echo "expected $sdist" >&2; exit 1; }

echo "== wheel: twine check --strict"
"$tools/twine" check --strict "$wheel" "$sdist"

fresh_venv_runs_the_demo() { # NAME: examples/play.py with the package that venv holds
  (cd "$out" && "$out/$1/bin/python" "$OLDPWD/examples/play.py" isf 7 >"$1.txt")
  grep -q "wins after\|draw after" "$out/$1.txt"
  echo "   $1: $(tail -n 1 "$out/$1.txt" | cut -c1-60)..."
}

echo "== wheel: pip install the wheel into a fresh venv"
"$python" -m venv "$out/venv-wheel"
"$out/venv-wheel/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
fresh_venv_runs_the_demo venv-wheel

# The sdist compiled from its own sources, as pip does after unpacking it. To keep this check to
# minutes it shares the workspace's target folder, the python-test profile (release without fat
# LTO, whose dependencies scripts/python.sh has built) and the target-cpu flag of
# .cargo/config.toml, which the sdist does not carry. Unpacked with fresh times (tar -m) so
# that cargo compiles the sdist's crates rather than taking them for the ones already built
# there from the same relative paths; the log must show it. A user's
# `pip install stratego-X.tar.gz` builds the release profile, for the baseline x86-64.
echo "== wheel: pip install the sdist, compiled from its own sources, into a fresh venv"
mkdir "$out/sdist-src"
tar -xzmf "$sdist" -C "$out/sdist-src"
"$python" -m venv "$out/venv-sdist"
CARGO_TARGET_DIR="$PWD/target" MATURIN_PEP517_ARGS="--profile python-test" RUSTFLAGS="-C target-cpu=x86-64-v2" \
  "$out/venv-sdist/bin/python" -m pip install -v --disable-pip-version-check \
  "$out/sdist-src/stratego-$version" >"$out/sdist-build.log" 2>&1 || { cat "$out/sdist-build.log"; exit 1; }
for crate in stratego-core stratego-py; do
  grep -F "Compiling $crate v$version ($out/sdist-src/stratego-$version/$crate)" "$out/sdist-build.log" ||
    { echo "pip did not compile the sdist's $crate" >&2; exit 1; }
done
fresh_venv_runs_the_demo venv-sdist

echo "== wheel: all passed"
