#!/usr/bin/env bash
# Soak, about a minute in all: random games in every edition through the Rust core (an optimised
# build, with a counting allocator) and through the C ABI (resident memory flat over rounds, and a
# short run under valgrind memcheck: zero errors, zero leaks), then one ISF game of
# SOAK_LONG_PLIES (100,000) plies of random non-attacking moves through the C ABI (memory per
# ply printed; views, encoders, undo and the record JSON, Gravon XML, view JSON and position
# round trips checked at the end). The Python soak is stratego-py/tests/test_soak.py, run with
# the other Python tests (tracemalloc).
#
#   SOAK_ROUNDS=40 SOAK_LONG_PLIES=20000 bash scripts/soak.sh
#
# The 1,000,000-ply game is a benchmark, not part of the test command (a few minutes):
#   target/c-abi/soak long 1000000
#
# Run after scripts/c_abi.sh, which builds target/release/libstratego.a and installs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${SOAK_ROUNDS:-60}"
long_plies="${SOAK_LONG_PLIES:-100000}"
source scripts/c_lib.sh
mkdir -p "$out"

echo "== soak: Rust, $rounds rounds of every edition (profile python-test)"
if ! STRATEGO_SOAK_ROUNDS="$rounds" cargo test --locked --profile python-test -p stratego-core --test soak \
  -- --nocapture >"$out/soak-rust.log" 2>&1; then
  tail -30 "$out/soak-rust.log"
  exit 1
fi
grep -E '^soak:|test result' "$out/soak-rust.log"

echo "== soak: Rust, one ISF game of $long_plies plies and one whose history fills up (1,048,576 entries)"
if ! STRATEGO_LONG_PLIES="$long_plies" cargo test --locked --profile python-test -p stratego-core --test engine long_game:: \
  -- --include-ignored --nocapture >"$out/long-game-rust.log" 2>&1; then
  tail -30 "$out/long-game-rust.log"
  exit 1
fi
grep -E '^long game:|test result' "$out/long-game-rust.log"

ensure_static_lib
echo "== soak: C, $rounds rounds of every edition"
"$CC" "${strict_c[@]}" -O1 stratego-ffi/tests/c/soak.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/soak"
"$out/soak" "$rounds"
if command -v valgrind >/dev/null 2>&1; then
  echo "== soak: C under valgrind memcheck, 1 round"
  valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    "$out/soak" 1
  echo "== soak: C under valgrind memcheck, a long game's end checks on 2,000 plies"
  valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
    "$out/soak" long 2000 >/dev/null
else
  echo "== soak: valgrind: skipped: not installed (scripts/c_abi.sh installs it)"
fi
echo "== soak: C, one ISF game of $long_plies plies"
"$out/soak" long "$long_plies"
echo "== soak: passed"
