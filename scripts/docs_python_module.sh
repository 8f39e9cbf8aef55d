#!/usr/bin/env bash
# Builds the Python module into the venv (.venv, as scripts/python.sh makes it) for the docs'
# generated pages, when scripts/python.sh has not already done so.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${STRATEGO_VENV:-.venv}"
[ -x "$venv/bin/python" ] || "${PYTHON:-python3}" -m venv "$venv"
export VIRTUAL_ENV="$(cd "$venv" && pwd)"
export PATH="$VIRTUAL_ENV/bin:$PATH"
python -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" numpy
(cd stratego-py && maturin develop --profile python-test)
