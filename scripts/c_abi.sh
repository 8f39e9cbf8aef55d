#!/usr/bin/env bash
# Builds and runs everything on the C side of the engine: the header alone under C11 and C++17,
# the C and C++ examples and the C test program, each linked statically and dynamically, the
# hostile-input test under valgrind memcheck and under gcc's address and undefined-behaviour
# sanitizers, and the Rust test that compares the C program's games with the core's.
#
# Needs a C and a C++ compiler (cc, c++); installs valgrind with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/c_lib.sh
mkdir -p "$out"

echo "== C ABI: cargo build --release -p stratego-ffi (libstratego.a, libstratego.so, stratego.pc)"
cargo build --release --locked -p stratego-ffi 2>&1

echo "== C ABI: the committed header compiles on its own (C11, C99, C++17)"
printf '#include "stratego.h"\n' >"$out/header_only.c"
cp "$out/header_only.c" "$out/header_only.cpp"
"$CC" "${strict_c[@]}" -c "$out/header_only.c" -o "$out/header_only_c.o"
"$CC" -std=c99 -Wall -Wextra -Wpedantic -Werror -Iinclude -c "$out/header_only.c" -o "$out/header_only_c99.o"
"$CXX" "${strict_cxx[@]}" -c "$out/header_only.cpp" -o "$out/header_only_cpp.o"

# pkg-config, when present, gives the flags for the shared library in target/release.
if command -v pkg-config >/dev/null 2>&1; then
  read -r -a shared_flags <<<"$(PKG_CONFIG_PATH="$lib" pkg-config --cflags --libs stratego)"
  echo "== C ABI: pkg-config --cflags --libs stratego: ${shared_flags[*]}"
else
  shared_flags=(-Iinclude "-L$lib" -lstratego)
  echo "== C ABI: pkg-config is not installed: linking with ${shared_flags[*]}"
fi
rpath=("-Wl,-rpath,$PWD/$lib")

build() { # build NAME SOURCE: a static and a shared binary
  local name=$1 source=$2 compiler=("$CC" "${strict_c[@]}")
  if [[ $source == *.cpp ]]; then compiler=("$CXX" "${strict_cxx[@]}"); fi
  "${compiler[@]}" "$source" "$lib/libstratego.a" "${native_libs[@]}" -o "$out/${name}_static"
  "${compiler[@]}" "$source" "${shared_flags[@]}" "${rpath[@]}" -o "$out/${name}_shared"
}

echo "== C ABI: compile the examples and the C test, static and shared, with -Werror"
build play examples/c/play.c
build play_cpp examples/c/play.cpp
build abi_test stratego-ffi/tests/c/abi_test.c
# ldd's output is read whole before grep looks: `ldd | grep -q` under pipefail fails when grep
# stops at the match and ldd, still writing, dies of SIGPIPE.
if grep -q libstratego <<<"$(ldd "$out/abi_test_static")"; then
  echo "abi_test_static must not load libstratego.so" >&2
  exit 1
fi
grep -q "libstratego.so" <<<"$(ldd "$out/abi_test_shared")" || { echo "abi_test_shared must load libstratego.so" >&2; exit 1; }

echo "== C ABI: run them"
for kind in static shared; do
  "$out/play_$kind" isf 7 >"$out/play_$kind.txt"
  "$out/play_cpp_$kind" barrage 3 >"$out/play_cpp_$kind.txt"
  "$out/abi_test_$kind" hostile
done
cmp "$out/play_static.txt" "$out/play_shared.txt"
grep -q "^result: " "$out/play_static.txt"
grep -q "attacks" "$out/play_cpp_static.txt"
tail -n 1 "$out/play_static.txt" "$out/play_cpp_static.txt"

echo "== C ABI: the same seeded games through C and through the core"
STRATEGO_C_ABI_TEST="$PWD/$out/abi_test_static" \
  cargo test --locked -p stratego-ffi --test c_agreement -- --ignored 2>&1

echo "== C ABI: valgrind memcheck on the C test (zero errors, zero leaks of any kind)"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind is missing: installing it with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq valgrind >/dev/null
fi
for kind in static shared; do
  valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
    --errors-for-leak-kinds=all "$out/abi_test_$kind" hostile
done
valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
  --errors-for-leak-kinds=all "$out/play_static" classic 5 >/dev/null

echo "== C ABI: gcc -fsanitize=address,undefined on the C test and both examples"
gcc "${strict_c[@]}" "${san[@]}" stratego-ffi/tests/c/abi_test.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/abi_test_asan"
gcc "${strict_c[@]}" "${san[@]}" examples/c/play.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/play_asan"
g++ "${strict_cxx[@]}" "${san[@]}" examples/c/play.cpp "$lib/libstratego.a" "${native_libs[@]}" -o "$out/play_cpp_asan"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
"$out/abi_test_asan" hostile
"$out/play_asan" estrategia 9 >/dev/null
"$out/play_cpp_asan" duel 4 >/dev/null

echo "== C ABI: all passed"
