#!/usr/bin/env bash
# The Python tests: makes its own virtual environment (.venv at the repo root), installs what the
# tests need, builds the module into it and runs every Python test (pytest, the stub check, the
# notebook). Needs only a Python 3 and the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
venv="${STRATEGO_VENV:-.venv}"

if ! "$python" -c "import ensurepip, venv" >/dev/null 2>&1; then
  echo "== python: installing python3-venv (ensurepip is missing)"
  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "== python: creating $venv"
  "$python" -m venv "$venv"
fi
export VIRTUAL_ENV="$(cd "$venv" && pwd)"
export PATH="$VIRTUAL_ENV/bin:$PATH"
if [ "$(command -v python)" != "$VIRTUAL_ENV/bin/python" ]; then
  echo "== python: $VIRTUAL_ENV/bin/python is missing" >&2
  exit 1
fi

echo "== python: installing the test tools"
python -m pip install --quiet --disable-pip-version-check \
  "maturin>=1.9.4,<2" numpy pytest "pettingzoo>=1.24" "gymnasium>=1.0" mypy nbclient nbformat ipykernel
python -m pip install --quiet --disable-pip-version-check "ray>=2.10" || echo "== python: ray does not install on this Python; the Ray tests will skip"
python -m pip install --quiet --disable-pip-version-check "open_spiel>=1.5" || echo "== python: open_spiel could not be installed: the OpenSpiel tests will skip"
python -m pip install --quiet --disable-pip-version-check "ray[rllib]" || echo "== python: ray[rllib] could not be installed: the RLlib example will not run"
if [ "${STRATEGO_RLLIB_TRAIN:-0}" = 1 ]; then python -m pip install --quiet --disable-pip-version-check torch; fi
python -c "import torch" 2>/dev/null || echo "== python: torch is not installed, so the RLlib example checks its wiring but does not train (STRATEGO_RLLIB_TRAIN=1 installs torch from PyPI, with its CUDA libraries: over 2 GB)"

echo "== python: building stratego into $venv (profile python-test)"
(cd stratego-py && maturin develop --profile python-test)
python -c "import stratego._stratego" # fail here, not in every test, when the build did not install

echo "== python: stub check (mypy.stubtest)"
(cd stratego-py && python -m mypy.stubtest stratego._stratego --allowlist stubtest-allowlist.txt)

echo "== python: type check of the package (mypy)"
(cd stratego-py && python -m mypy python/stratego)

echo "== python: pytest"
cd stratego-py && python -m pytest -q -rs -p no:cacheprovider tests
