#!/usr/bin/env bash
# One version everywhere: the workspace's version (every crate's), the workspace dependency on
# stratego-core, the CHANGELOG, the committed and the installed header's macros,
# stratego_version() of the installed library, stratego.pc and stratego-static.pc, the CMake
# version file, the wheel's and the sdist's names and metadata, and `stratego.__version__` in
# the venvs they were installed into. Reads what scripts/install.sh and scripts/wheel.sh leave in
# target/; run those first (scripts/run_all.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packaging_lib.sh

version=$(workspace_version)
prefix="$PWD/target/install-test/prefix"
wheels="$PWD/target/wheel-test"
for needed in "$prefix/lib/pkgconfig/stratego.pc" "$wheels/venv-sdist/bin/python"; do
  [ -e "$needed" ] || { echo "$needed is missing: run scripts/install.sh and scripts/wheel.sh first" >&2; exit 1; }
done
echo "== versions: every artifact says $version"

cargo metadata --no-deps --format-version 1 --locked | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    print(p["name"], p["version"])' | while read -r name crate_version; do expect_version "crate $name" "$crate_version"; done
expect_version "[workspace.dependencies] stratego-core" \
  "$(sed -n 's/^stratego-core = {.*version = "\([^"]*\)".*/\1/p' Cargo.toml)"
expect_version "CHANGELOG.md's latest release" "$(sed -n 's/^## \[\([0-9][^]]*\)\].*/\1/p' CHANGELOG.md | head -n 1)"
grep -q '^dynamic = \["version"\]' stratego-py/pyproject.toml || { echo "pyproject.toml must take the version from Cargo" >&2; exit 1; }

macros() { # the header's STRATEGO_VERSION_MAJOR.MINOR.PATCH and its STRATEGO_VERSION string
  local part parts=()
  for part in MAJOR MINOR PATCH; do parts+=("$(sed -n "s/^#define STRATEGO_VERSION_$part \([0-9]*\)$/\1/p" "$1")"); done
  (IFS=.; echo "${parts[*]}")
}
for header in include/stratego.h "$prefix/include/stratego.h"; do
  expect_version "$header STRATEGO_VERSION_*" "$(macros "$header")"
  expect_version "$header STRATEGO_VERSION" "$(sed -n 's/^#define STRATEGO_VERSION "\(.*\)"$/\1/p' "$header")"
done

program=$(mktemp -d)
trap 'rm -rf "$program"' EXIT
printf '#include <stdio.h>\n#include "stratego.h"\nint main(void) { puts(stratego_version()); return 0; }\n' >"$program/v.c"
read -r -a flags <<<"$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs stratego-static)"
"${CC:-cc}" "$program/v.c" "${flags[@]}" -o "$program/v"
expect_version "stratego_version() of the installed libstratego.a" "$("$program/v")"

for pc in stratego stratego-static; do
  expect_version "$pc.pc" "$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion $pc)"
done
printf 'include("%s")\nmessage("${PACKAGE_VERSION}")\n' "$prefix/lib/cmake/stratego/strategoConfigVersion.cmake" >"$program/v.cmake"
expect_version "strategoConfigVersion.cmake" "$(cmake -P "$program/v.cmake" 2>&1)"

wheel=$(cd "$wheels/dist" && ls stratego-*.whl)
expect_version "wheel file name" "$(cut -d- -f2 <<<"$wheel")"
expect_version "wheel METADATA" "$(sed -n 's/^Version: //p' "$wheels/unpacked"/stratego-*.dist-info/METADATA)"
sdist=$(cd "$wheels/dist" && ls stratego-*.tar.gz)
sdist=${sdist#stratego-}
expect_version "sdist file name" "${sdist%.tar.gz}"
expect_version "sdist PKG-INFO" "$(tar -xzOf "$wheels/dist/stratego-$version.tar.gz" "stratego-$version/PKG-INFO" | sed -n 's/^Version: //p')"
for env in venv-wheel venv-sdist; do
  expect_version "stratego.__version__ ($env)" "$("$wheels/$env/bin/python" -c 'import stratego; print(stratego.__version__)')"
  expect_version "pip's stratego ($env)" "$("$wheels/$env/bin/python" -c 'import importlib.metadata as m; print(m.version("stratego"))')"
done
echo "== versions: all agree"
