#!/usr/bin/env bash
# The C library as a user installs it. Installs cargo-c where `cargo cinstall` is missing (about
# 11 minutes), then stratego-ffi/install.sh stages a prefix with --destdir and the staged tree
# is copied into place, as a package manager does. Checks what was installed (header, SONAME
# with readelf, no debug information, pkg-config files naming the prefix, the CMake package),
# then copies the C and C++ examples out of the source tree and builds and runs them against
# the prefix four ways: pkg-config and CMake, each shared and static. Prints the sizes the
# book's install page quotes (docs/src/install.md). Leaves the prefix in target/install-test/
# for scripts/versions.sh.
#
# Installs cmake, pkg-config and binutils (readelf) with apt-get when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packaging_lib.sh

CC="${CC:-cc}"
CXX="${CXX:-c++}"
need_commands cmake cmake
need_commands pkg-config pkg-config
need_commands binutils readelf strip
if ! cargo cinstall --version >/dev/null 2>&1; then
  echo "== install: cargo-c is missing: cargo install --locked cargo-c --version 0.10.24 (about 11 minutes)"
  cargo install --locked cargo-c --version 0.10.24 2>&1
fi

version=$(workspace_version)
major=${version%%.*}
# Fixed paths: cargo-c rebuilds from scratch whenever the install paths change.
out="$PWD/target/install-test"
prefix="$out/prefix"
stage="$out/stage"
rm -rf "$prefix" "$prefix-moved" "$stage"

echo "== install: stratego-ffi/install.sh --prefix $prefix --destdir $stage"
bash stratego-ffi/install.sh --prefix "$prefix" --destdir "$stage" 2>&1
mkdir -p "$prefix"
cp -a "$stage$prefix/." "$prefix/"
lib="$prefix/lib"

echo "== install: the installed files"
for file in include/stratego.h lib/libstratego.so."$version" lib/libstratego.so."$major" lib/libstratego.so \
  lib/libstratego.a lib/pkgconfig/stratego.pc lib/pkgconfig/stratego-static.pc \
  lib/cmake/stratego/strategoConfig.cmake lib/cmake/stratego/strategoConfigVersion.cmake; do
  [ -e "$prefix/$file" ] || { echo "missing from the prefix: $file" >&2; exit 1; }
done
cmp include/stratego.h "$prefix/include/stratego.h"
soname=$(readelf -d "$lib/libstratego.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
echo "   SONAME: $soname"
[ "$soname" = "libstratego.so.$major" ] || { echo "SONAME must be libstratego.so.$major" >&2; exit 1; }
[ "$(readlink "$lib/libstratego.so.$major")" = "libstratego.so.$version" ]
for library in "$lib/libstratego.so.$version" "$lib/libstratego.a"; do
  # grep reads the whole list (no -q): under pipefail an early exit would fail readelf.
  if readelf -S -W "$library" | grep -c ' \.debug_' >/dev/null; then
    echo "$library carries debug information" >&2
    exit 1
  fi
done
grep -qx "prefix=$prefix" "$lib/pkgconfig/stratego.pc" || { echo "stratego.pc must name the prefix $prefix" >&2; exit 1; }
grep -q '^Libs.private: .*-lpthread' "$lib/pkgconfig/stratego.pc" || { echo "stratego.pc needs the static link's Libs.private" >&2; exit 1; }

consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
cp examples/c/play.c examples/c/play.cpp examples/c/CMakeLists.txt "$consumer/"
cd "$consumer"
strict_c=(-std=c11 -Wall -Wextra -Wpedantic -Werror)
strict_cxx=(-std=c++17 -Wall -Wextra -Wpedantic -Werror)
export PKG_CONFIG_PATH="$lib/pkgconfig"

links_shared() { # the program loads libstratego.so.<major> from the prefix
  ldd "$1" | grep -c "libstratego.so.$major => $lib/libstratego.so.$major" >/dev/null ||
    { echo "$1 must load $lib/libstratego.so.$major:" >&2; ldd "$1" >&2; exit 1; }
}
links_static() {
  if ldd "$1" | grep -c libstratego >/dev/null; then echo "$1 must not load libstratego" >&2; exit 1; fi
}
runs() { # runs C_PROGRAM CXX_PROGRAM: the same games as every other build
  "$1" isf 7 >"$1.txt"
  "$2" barrage 3 >"$2.txt"
  grep -q "^libstratego $version," "$1.txt"
  grep -q "^result: " "$1.txt"
  grep -q "attacks" "$2.txt"
  if [ -f reference_c.txt ]; then cmp reference_c.txt "$1.txt" && cmp reference_cpp.txt "$2.txt"; else
    cp "$1.txt" reference_c.txt && cp "$2.txt" reference_cpp.txt
  fi
}

echo "== install: pkg-config stratego (shared): $(pkg-config --cflags --libs stratego)"
read -r -a flags <<<"$(pkg-config --cflags --libs stratego)"
"$CC" "${strict_c[@]}" play.c "${flags[@]}" -Wl,-rpath,"$lib" -o pc_shared_c
"$CXX" "${strict_cxx[@]}" play.cpp "${flags[@]}" -Wl,-rpath,"$lib" -o pc_shared_cpp
links_shared pc_shared_c
links_shared pc_shared_cpp
runs ./pc_shared_c ./pc_shared_cpp

echo "== install: pkg-config stratego-static: $(pkg-config --cflags --libs stratego-static)"
read -r -a flags <<<"$(pkg-config --cflags --libs stratego-static)"
"$CC" "${strict_c[@]}" play.c "${flags[@]}" -o pc_static_c
"$CXX" "${strict_cxx[@]}" play.cpp "${flags[@]}" -o pc_static_cpp
"$CC" "${strict_c[@]}" -O2 play.c "${flags[@]}" -Wl,--gc-sections -s -o pc_static_c_small
links_static pc_static_c
links_static pc_static_cpp
runs ./pc_static_c ./pc_static_cpp
runs ./pc_static_c_small ./pc_static_cpp

for kind in shared static; do
  echo "== install: CMake find_package(stratego 0.1), $kind"
  static=OFF
  [ $kind = static ] && static=ON
  cmake -S . -B "cmake_$kind" -DCMAKE_PREFIX_PATH="$prefix" -DSTRATEGO_STATIC=$static \
    -DCMAKE_BUILD_TYPE=Release >"cmake_$kind.log" 2>&1 || { cat "cmake_$kind.log"; exit 1; }
  grep -F -- "-- stratego $version from $lib/cmake/stratego" "cmake_$kind.log"
  cmake --build "cmake_$kind" >>"cmake_$kind.log" 2>&1 || { cat "cmake_$kind.log"; exit 1; }
  "links_$kind" "cmake_$kind/play"
  "links_$kind" "cmake_$kind/play_cpp"
  runs "./cmake_$kind/play" "./cmake_$kind/play_cpp"
done

echo "== install: CMake refuses a request for the next major version"
mkdir next_major
printf 'cmake_minimum_required(VERSION 3.16)\nproject(next LANGUAGES NONE)\nfind_package(stratego %s CONFIG REQUIRED)\n' \
  "$((major + 1))" >next_major/CMakeLists.txt
if cmake -S next_major -B next_major/build -DCMAKE_PREFIX_PATH="$prefix" >next_major.log 2>&1; then
  echo "find_package(stratego $((major + 1))) must fail against $version" >&2
  exit 1
fi
grep -q "version: $version" next_major.log || { cat next_major.log; exit 1; }

echo "== install: the CMake package still works after the prefix moves"
mv "$prefix" "$prefix-moved"
mkdir moved
cat >moved/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(moved LANGUAGES NONE)
find_package(stratego 0.1 CONFIG REQUIRED)
get_target_property(location stratego::stratego_static IMPORTED_LOCATION)
get_target_property(include stratego::stratego_static INTERFACE_INCLUDE_DIRECTORIES)
message(STATUS "static: ${location} include: ${include}")
CMAKE
moved_ok=1
cmake -S moved -B moved/build -DCMAKE_PREFIX_PATH="$prefix-moved" >moved.log 2>&1 || moved_ok=
mv "$prefix-moved" "$prefix"
grep -F -- "-- static: $prefix-moved/lib/libstratego.a include: $prefix-moved/include" moved.log ||
  { echo "the moved prefix's CMake package points elsewhere:" >&2; cat moved.log >&2; exit 1; }
[ -n "$moved_ok" ]

echo "== install: sizes (bytes; docs/src/install.md)"
printf '   %-48s %10s\n' "libstratego.so.$version" "$(stat -c %s "$lib/libstratego.so.$version")" \
  libstratego.a "$(stat -c %s "$lib/libstratego.a")" \
  "play.c linked with libstratego.a" "$(stat -c %s pc_static_c)" \
  "the same, -O2 -Wl,--gc-sections -s" "$(stat -c %s pc_static_c_small)" \
  "play.c linked with libstratego.so" "$(stat -c %s pc_shared_c)"
echo "== install: all passed"
