#!/usr/bin/env bash
# The core's `unsafe` code under Miri, which reports undefined behaviour and data races the
# tests' threads run into: the shared move history (stratego-core/src/history.rs: slots behind
# atomics), the VecEnv's worker hand-off, and the square-order generator's kept targets
# (stratego-core/src/state.rs: entries written only for the squares in use).
#
#   bash scripts/miri.sh                 # those tests, the threaded ones under MIRI_SEEDS seeds
#   MIRI_SEEDS=64 bash scripts/miri.sh   # more thread interleavings (about 15 s of processor time each)
#
# Miri runs on nightly: installed here with rustup (minimal profile, miri and rust-src) when
# missing. Without rustup it prints `skipped: ...` and exits 0. Only these tests run: under Miri
# everything is a few hundred times slower.
set -euo pipefail
cd "$(dirname "$0")/.."

seeds="${MIRI_SEEDS:-4}"
echo "== Miri: the shared history's, the VecEnv pool's and the square-order generator's tests, seeds 0..$seeds"
if ! command -v rustup >/dev/null 2>&1; then
  echo "skipped: rustup is not installed (Miri needs a nightly toolchain with the miri component)"
  exit 0
fi
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  if rustup run nightly rustc --version >/dev/null 2>&1; then
    rustup component add --toolchain nightly miri rust-src || true
  else
    rustup toolchain install nightly --profile minimal --component miri,rust-src || true
  fi
fi
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  echo "skipped: rustup could not install Miri for nightly (no miri component today?)"
  exit 0
fi
cargo +nightly miri setup
# Each seed schedules the threads differently; the seeds run side by side.
MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-many-seeds=0..$seeds" \
  cargo +nightly miri test -p stratego-core --lib game::history::
# The VecEnv's parked worker threads: their hand-off of shards between steps.
MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-many-seeds=0..$seeds" \
  cargo +nightly miri test -p stratego-core --lib vec_env::pool::
# The square-order generator: a few plies of every edition (one thread, so one seed).
cargo +nightly miri test -p stratego-core --lib state::tests::by_square
