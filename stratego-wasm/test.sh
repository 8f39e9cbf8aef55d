#!/usr/bin/env bash
# The JS package's and the web app's tests: build, Node tests, then the app in headless Chromium.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

bash "$here/build.sh"
cd "$here"
npm ci --no-audit --no-fund
node --test tests/api.test.mjs
# The .d.ts against a typed use of the API.
npx --no-install tsc -p tsconfig.json

# Debian's Chromium, driven by playwright-core: no browser download.
if [ ! -x /usr/bin/chromium ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
node --test tests/browser.test.mjs
