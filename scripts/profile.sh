#!/usr/bin/env bash
# Instruction counts of one fixed workload of the `profile` bench under callgrind: the figures
# a change is judged by on a noisy machine (wall time there is noise).
#
#   bash scripts/profile.sh playout isf        # prints the workload's output and its Ir total
#   bash scripts/profile.sh user_loop classic 16
#
# Builds the bench with the bench profile (fat LTO) and leaves callgrind.out.<workload> in
# target/profile/ for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
bin=$(cargo bench --locked -p stratego-core --bench profile --no-run --message-format=json 2>/dev/null \
  | grep -o '"executable":"[^"]*"' | tail -1 | cut -d'"' -f4)
[ -x "$bin" ] || { echo "could not build the profile bench" >&2; exit 1; }
mkdir -p target/profile
valgrind --tool=callgrind --callgrind-out-file="target/profile/callgrind.out.$1" "$bin" "$@" 2>&1 \
  | grep -vE '^==[0-9]+== *$|Copyright|Using Valgrind|Command:|For interactive|^==[0-9]+== Callgrind'
