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
bash scripts/c_abi.sh
bash scripts/c_limits.sh
bash scripts/soak.sh
echo "== Packaging: the C library installed into a prefix, the crates as crates.io takes them"
bash scripts/install.sh
bash scripts/crates.sh
bash scripts/miri.sh

echo "== Python: the module, its stubs, the environments and the notebook"
bash scripts/python.sh
echo "== The human setup table matches its data (skipped without ../shared/data)"
python3 scripts/gen_human_setups.py --check
echo "== Packaging: the manylinux wheel and the sdist, each in a fresh venv; one version everywhere"
bash scripts/wheel.sh
bash scripts/versions.sh

# Before the docs step, which reads the built package's .d.ts for the JS reference page.
echo "== JavaScript: the wasm package in Node and the web app in headless Chromium"
bash stratego-wasm/test.sh

echo "== Docs: READMEs, the book's generated pages and C blocks, rustdoc, mdBook and its links"
bash scripts/docs.sh

bash scripts/fuzz.sh
