#!/usr/bin/env bash
# One run of the whole engine benchmark suite, turned into per-item figures for the performance
# page (docs/src/performance.md, written by scripts/perf_page.sh): for each benchmark the median
# and the fastest of its samples, as time per item (position, ply, leaf or env-step) and items
# per second, with the processor it ran on.
#
#   bash scripts/bench_table.sh            # runs `cargo bench -p stratego-core --bench engine`
#   bash scripts/bench_table.sh saved.txt  # only turns a saved run's output into figures
#
# Writes the raw output to target/bench-run.txt and the figures to target/bench-table.txt.
# The suite takes minutes and is meant to run on a quiet machine, once.
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p target
raw=target/bench-run.txt
if [ $# -ge 1 ]; then
  raw="$1"
else
  {
    echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, cargo bench -p stratego-core --bench engine"
    echo "# $(lscpu | sed -n 's/^Model name:[[:space:]]*//p')"
    echo "# $(rustc --version)"
  } >"$raw.head"
  cargo bench -p stratego-core --bench engine 2>&1 | tee "$raw.body"
  cat "$raw.head" "$raw.body" >"$raw"
  rm -f "$raw.head" "$raw.body"
fi

python3 - "$raw" <<'PY' | tee target/bench-table.txt
import re
import sys

UNITS = {"ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
SCALE = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9}
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
for line in lines:
    if line.startswith("#"):
        print(line)
print(f"{'benchmark':<52} {'median':>22} {'fastest':>22}")
stack = []
per_item = {}
for i, line in enumerate(lines):
    m = re.match(r"^([│ ]*)(├─|╰─) (\S+)(.*)$", line)
    if not m:
        continue
    depth = len(m.group(1)) // 3
    stack[depth:] = [m.group(3)]
    times = re.findall(r"([\d.]+) (ns|µs|us|ms|s)\b", m.group(4))
    if not times:
        continue
    rates = re.findall(r"([\d.]+) ([KMG]?)item/s", lines[i + 1]) if i + 1 < len(lines) else []
    name = "::".join(stack)
    fastest, median = UNITS[times[0][1]] * float(times[0][0]), UNITS[times[2][1]] * float(times[2][0])
    if len(rates) >= 3:
        per = lambda r: SCALE[r[1]] * float(r[0])
        f_rate, m_rate = per(rates[0]), per(rates[2])
        cell = lambda rate: f"{1e9 / rate:9.1f} ns ({rate / 1e6:7.2f} M/s)"
        print(f"{name:<52} {cell(m_rate):>22} {cell(f_rate):>22}")
        per_item[name] = (1e9 / m_rate, 1e9 / f_rate)
    else:
        print(f"{name:<52} {median:12.1f} ns/iter {fastest:12.1f} ns/iter")

# The play path's ratios to the lean reference and to the random playout, from this run's
# medians (fastest samples in brackets); the C loop's comes from scripts/c_bench.sh.
RATIOS = [
    ("user loop / reference list playout", "user_loop_plies::{}", "reference::list_playout_plies"),
    ("random_move playout / reference count-and-select", "playout_random_move_plies::{}", "reference::count_select_plies"),
    ("compact RL step / random_move playout ply", "rl_step::board_codes_and_bits", "playout_random_move_plies::{}"),
]
if all(a.format("isf") in per_item and b.format("isf") in per_item for _, a, b in RATIOS):
    print()
    for label, a, b in RATIOS:
        cells = []
        for edition in ("isf", "classic"):
            (am, af), (bm, bf) = per_item.get(a.format(edition), (0, 0)), per_item.get(b.format(edition), (0, 0))
            if am and bm and not (edition == "classic" and "rl_step" in a):
                cells.append(f"{edition} {am / bm:.2f}x ({af / bf:.2f}x)")
        print(f"{label:<52} " + ", ".join(cells))
PY
