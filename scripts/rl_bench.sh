#!/usr/bin/env bash
# The RL speed figures in one run, for a quiet machine: the VecEnv thread scaling (1, 2, every
# CPU and "auto", quiet and beside one niced busy process), then the engine benchmarks behind
# the step ratios (compact RL step / random-move ply, random-move ply / fastest reference).
#
#   bash scripts/rl_bench.sh              # builds the Python module (release) into .venv first
#   STRATEGO_VENV=path bash scripts/rl_bench.sh
#
# Writes target/rl-bench.txt. Takes a few minutes; nothing else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${STRATEGO_VENV:-.venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
export VIRTUAL_ENV="$(cd "$venv" && pwd)"
export PATH="$VIRTUAL_ENV/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" numpy
(cd stratego-py && maturin develop --release >/dev/null)

mkdir -p target
out=target/rl-bench.txt
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $(lscpu | sed -n 's/^Model name:[[:space:]]*//p')"
  python stratego-py/bench/rl_bench.py
  echo
  # The ratio lines of the table need these four benchmarks (bench_table.sh names them).
  table=scripts/bench_table.sh
  [ -f "$table" ] || table=tests/bench_table.sh
  cargo bench -p stratego-core --bench engine -- rl_step playout_random_move_plies user_loop_plies reference >target/rl-bench-engine.txt 2>&1
  bash "$table" target/rl-bench-engine.txt
} | tee "$out"
