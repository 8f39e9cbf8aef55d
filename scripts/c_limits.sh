#!/usr/bin/env bash
# Multi-megabyte input to every parser of the C ABI (stratego-ffi/tests/c/limits_test.c), linked statically,
# run plain and under gcc's address and undefined-behaviour sanitizers. Run after
# scripts/c_abi.sh, which builds target/release/libstratego.a (this script builds it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/c_lib.sh
mkdir -p "$out"
ensure_static_lib

echo "== C limits: multi-megabyte input to every parser"
"$CC" "${strict_c[@]}" stratego-ffi/tests/c/limits_test.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/limits_test"
"$out/limits_test"

echo "== C limits: the same under -fsanitize=address,undefined"
gcc "${strict_c[@]}" "${san[@]}" stratego-ffi/tests/c/limits_test.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/limits_test_asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$out/limits_test_asan" >/dev/null
echo "== C limits: passed"
