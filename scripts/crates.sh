#!/usr/bin/env bash
# The Rust crates as crates.io and docs.rs would take them: `cargo package` for stratego-core
# and stratego-ffi together (cargo checks stratego-ffi against the packaged stratego-core, not
# the path), and the documentation with every rustdoc warning an error.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/packaging_lib.sh
version=$(workspace_version)

echo "== crates: cargo package -p stratego-core -p stratego-ffi"
# --allow-dirty: the test command also runs in a checkout with uncommitted changes.
cargo package --locked --allow-dirty -p stratego-core -p stratego-ffi 2>&1
for crate in target/package/stratego-core-"$version".crate target/package/stratego-ffi-"$version".crate; do
  echo "   $(basename "$crate"): $(stat -c %s "$crate") bytes"
done

echo "== crates: RUSTDOCFLAGS=\"-D warnings\" cargo doc --no-deps"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked 2>&1
echo "== crates: all passed"
