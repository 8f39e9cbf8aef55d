#!/usr/bin/env bash
# Builds the C loop benchmark (stratego-ffi/tests/c/loop_bench.c, the header's loop timed per ply) against
# the release static library and runs it for ISF and Classic. Not part of the test command:
# timings mean something only on a quiet machine. `BENCH_ARGS="8 1"` sets games and rounds; the
# default, 8 games and the best of 50 rounds (about 50 ms), outlasts a burst of other work on
# a shared guest, where the best of 5 (a few ms) often did not.
#
# For instruction counts on a loaded machine:
#   valgrind --tool=callgrind target/c-bench/loop_bench isf 8 1
#   bash scripts/profile.sh action_loop isf   (the same games in Rust)
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/c_lib.sh
out=target/c-bench
mkdir -p "$out"
cargo build --release --locked -p stratego-ffi 2>&1
"$CC" "${strict_c[@]}" -O2 stratego-ffi/tests/c/loop_bench.c "$lib/libstratego.a" "${native_libs[@]}" -o "$out/loop_bench"
read -r -a args <<<"${BENCH_ARGS:-8 50}"
for edition in isf classic; do
  "$out/loop_bench" "$edition" "${args[@]}"
done
