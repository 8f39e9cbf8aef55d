#!/usr/bin/env bash
# A short coverage-guided fuzz run of every fuzz target (cargo fuzz, libFuzzer): the
# stratego-core targets and `c_abi`, which drives the C ABI from Rust (stratego-ffi/fuzz).
#
#   bash scripts/fuzz.sh                 # every target, FUZZ_SECONDS (default 20) each
#   FUZZ_SECONDS=60 bash scripts/fuzz.sh play
#
# Needs cargo-fuzz (installed here when missing) and a toolchain that accepts its flags:
# nightly when rustup has it, else stable with RUSTC_BOOTSTRAP=1. When neither can build the
# targets it prints `skipped: ...` and exits 0: the regression corpus in
# stratego-core/tests/fuzz_corpus/ is replayed by plain `cargo test` in any case.
#
# Each target starts from its committed corpus plus seeds made at run time from ../shared/data
# (or $STRATEGO_DATA) when present; new inputs go to stratego-core/fuzz/corpus/ (not committed).
# A crash fails the script and names the input: once the bug is fixed, copy it into the
# committed corpus (stratego-ffi/tests/fuzz_corpus/c_abi/ for c_abi, else
# stratego-core/tests/fuzz_corpus/<target>/) so the test suite replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-20}"
fuzz_dir=stratego-core/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(notation rules_text setup_text position record_json view_json gravon_xml play c_abi)
fi
# Which cargo-fuzz package holds a target, and where its committed regression corpus is.
fuzz_dir_of() {
  case "$1" in
    c_abi) echo stratego-ffi/fuzz ;;
    *) echo stratego-core/fuzz ;;
  esac
}
committed_corpus_of() {
  case "$1" in
    c_abi) echo stratego-ffi/tests/fuzz_corpus/c_abi ;;
    *) echo "stratego-core/tests/fuzz_corpus/$1" ;;
  esac
}
skip() {
  echo "== fuzz: skipped: $*"
  exit 0
}

# Largest input per target: bounded so that a run stays on the code, not on huge inputs
# (the size limits have their own test).
max_len() {
  case "$1" in
    notation) echo 64 ;;
    rules_text) echo 512 ;;
    play) echo 1024 ;;
    gravon_xml) echo 16384 ;;
    c_abi) echo 2048 ;;
    *) echo 4096 ;;
  esac
}

if ! command -v cargo >/dev/null 2>&1; then
  skip "cargo is not installed"
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== fuzz: installing cargo-fuzz"
  cargo install cargo-fuzz --locked >/dev/null 2>&1 || skip "cargo install cargo-fuzz failed"
fi
# libFuzzer itself is C++, built by the libfuzzer-sys crate.
if ! command -v c++ >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== fuzz: installing a C++ compiler for libFuzzer"
    (apt-get update -qq && apt-get install -y -qq g++) >/dev/null 2>&1 || true
  fi
  command -v c++ >/dev/null 2>&1 || skip "no C++ compiler to build libFuzzer"
fi

# The toolchain: nightly when present; else stable, with RUSTC_BOOTSTRAP=1 for the unstable
# flags cargo fuzz may pass.
toolchain=()
if command -v rustup >/dev/null 2>&1 && grep -q '^nightly' <<<"$(rustup toolchain list)"; then
  toolchain=(+nightly)
  echo "== fuzz: nightly toolchain"
else
  export RUSTC_BOOTSTRAP=1
  echo "== fuzz: stable toolchain with RUSTC_BOOTSTRAP=1"
fi

# The engine is safe Rust (one audited unsafe read): panics, debug assertions and overflow
# checks are what the targets catch, so the address sanitizer (half the speed) is off unless
# asked for with FUZZ_SANITIZER=address.
sanitizer="${FUZZ_SANITIZER:-none}"
echo "== fuzz: building ${targets[*]}"
for dir in $(for t in "${targets[@]}"; do fuzz_dir_of "$t"; done | sort -u); do
  build=(cargo "${toolchain[@]}" fuzz build --fuzz-dir "$dir" --sanitizer "$sanitizer")
  if ! "${build[@]}" >/tmp/stratego-fuzz-build.log 2>&1; then
    tail -20 /tmp/stratego-fuzz-build.log
    skip "the fuzz targets of $dir do not build with this toolchain (log above)"
  fi
done

# Seeds from the recorded data, written where libFuzzer keeps its working corpus.
data="${STRATEGO_DATA:-../shared/data}"
corpus="$fuzz_dir/corpus"
mkdir -p "$corpus"
if [ -d "$data/gravon/examples" ]; then
  mkdir -p "$corpus/gravon_xml"
  cp "$data"/gravon/examples/*.xml "$corpus/gravon_xml/" 2>/dev/null || true
fi
if [ -f "$data/setups/full_human_inits.dat" ]; then
  mkdir -p "$corpus/setup_text"
  # The first byte picks the rules: 2 = Isf (Red), 3 = Barrage (Red).
  head -n 8 "$data/setups/full_human_inits.dat" | while read -r line; do
    printf '\002%s' "$line" >"$corpus/setup_text/human-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
  done
fi
if [ -f "$data/setups/barrage_human_inits.dat" ]; then
  mkdir -p "$corpus/setup_text"
  head -n 4 "$data/setups/barrage_human_inits.dat" | while read -r line; do
    printf '\003%s' "$line" >"$corpus/setup_text/barrage-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
  done
fi

failed=()
# The working corpus is a cache: past this many inputs, loading it would eat a short run's
# budget (play replays about 20 inputs a second), so only the newest are kept.
keep=256
for t in "${targets[@]}"; do
  fuzz_dir=$(fuzz_dir_of "$t")
  corpus="$fuzz_dir/corpus"
  mkdir -p "$corpus/$t"
  find "$corpus/$t" -maxdepth 1 -type f -printf '%T@ %p\n' | sort -rn | tail -n +$((keep + 1)) |
    cut -d' ' -f2- | xargs -r rm -f
  log="/tmp/stratego-fuzz-$t.log"
  dict=()
  if [ -f "$fuzz_dir/dicts/$t.dict" ]; then
    dict=(-dict="$fuzz_dir/dicts/$t.dict")
  fi
  echo "== fuzz: $t for ${seconds}s"
  if cargo "${toolchain[@]}" fuzz run --fuzz-dir "$fuzz_dir" --sanitizer "$sanitizer" "$t" \
    "$corpus/$t" "$(committed_corpus_of "$t")" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$t")" \
    -print_final_stats=1 "${dict[@]}" >"$log" 2>&1; then
    runs=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "   $t: ${runs:-?} runs, no failure"
  else
    grep -E 'panicked at|SUMMARY|Test unit written|ERROR: libFuzzer' -A2 "$log" | head -20 || tail -20 "$log"
    failed+=("$t")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "== fuzz: FAILED: ${failed[*]} (inputs under stratego-*/fuzz/artifacts/; logs in /tmp/stratego-fuzz-*.log)"
  exit 1
fi
echo "== fuzz: ${#targets[@]} targets ran clean"
