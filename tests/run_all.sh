#!/usr/bin/env bash
# Runs every test of the project. Needs only what it installs itself.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Rust: unit, integration, example and documentation tests"
cargo test --workspace --locked 2>&1
