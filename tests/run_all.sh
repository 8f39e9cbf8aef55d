#!/usr/bin/env bash
# Runs every test of the project. Needs only what it installs itself.
set -euo pipefail
cd "$(dirname "$0")/.."

data="${STRATEGO_DATA:-../shared/data}"
if [ -d "$data" ]; then
  echo "== data-driven suites read $data"
else
  echo "== data-driven suites: skipped: $data is absent (set STRATEGO_DATA to the data folder)"
fi

if cargo fmt --version >/dev/null 2>&1; then
  echo "== formatting (rustfmt.toml)"
  cargo fmt --all --check
else
  echo "== formatting: skipped: rustfmt is not installed"
fi

echo "== Rust: unit, integration, example and documentation tests"
cargo test --workspace --locked 2>&1
bash tests/c_abi.sh
bash tests/c_limits.sh
bash tests/soak.sh
echo "== Packaging: the C library installed into a prefix, the crates as crates.io takes them"
bash tests/install.sh
bash tests/crates.sh
bash tests/miri.sh

echo "== Python: the module, its stubs, the environments and the notebook"
bash tests/python.sh
echo "== Packaging: the manylinux wheel and the sdist, each in a fresh venv; one version everywhere"
bash tests/wheel.sh
bash tests/versions.sh

echo "== JavaScript: the wasm package in Node and the web app in headless Chromium"
bash stratego-wasm/test.sh

bash tests/fuzz.sh
