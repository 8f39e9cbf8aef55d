#!/usr/bin/env bash
# Speed and size of the JS package (a benchmark, not a test): Node playouts against the native
# loops, an agent's seconds a move in headless Chromium, and the gzipped .wasm. Needs build.sh
# to have run (and Chromium, which test.sh installs). Timings want a quiet machine.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plies=${PLIES:-2000000}

# The same two loops natively and in Node, back to back: a random action a ply, or the legal
# actions listed into a buffer and one of them played. Both run at the same (nice) priority.
(cd "$here/.." && nice cargo build -q --release -p stratego-wasm --example bench_native)
native=$(nice "${CARGO_TARGET_DIR:-$here/../target}/release/examples/bench_native" "$plies")
node_out=$(nice node "$here/bench/playouts.mjs" "$plies")
node_js=$(echo "$node_out" | head -n 1)
echo "native loops: $native"
echo "node loops:   $node_js"
echo "node, whole playouts inside one call (no JS per ply): $(echo "$node_out" | tail -n 1)"
node -e '
const [a, b] = process.argv.slice(1).map(JSON.parse);
for (const loop of ["random", "list"]) {
  const k = `${loop}_ns_per_ply`;
  console.log(`node / native per ply, ${loop} loop: ${(b[k] / a[k]).toFixed(2)}x (target <= 2x)`);
}' "$native" "$node_js"
echo "gzipped wasm: $(gzip -9c "$here/pkg/stratego_wasm_bg.wasm" | wc -c) bytes (target <= 409600)"
node "$here/bench/agent.mjs" "${AGENTS:-search sampling}"  # MOVES=N moves each (default 100)
