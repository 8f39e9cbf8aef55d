#!/usr/bin/env bash
# Builds the npm package into stratego-wasm/pkg/ and the web app into stratego-wasm/app/dist/.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
target_dir=${CARGO_TARGET_DIR:-$root/target}
# wasm-bindgen-cli must be exactly the crate's wasm-bindgen version, or the glue it writes
# does not match the module.
version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' "$here/Cargo.toml")

if ! grep -qx wasm32-unknown-unknown <<<"$(rustup target list --installed)"; then
    rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    echo "build.sh: installing wasm-bindgen-cli $version (minutes: only when missing or another version)"
    # --locked first; its lockfile can name a crate version a registry mirror lacks, and then
    # the same version resolves its dependencies afresh.
    nice cargo install wasm-bindgen-cli --locked --version "$version" \
        || nice cargo install wasm-bindgen-cli --version "$version"
fi

nice cargo build -p stratego-wasm --release --target wasm32-unknown-unknown
rm -rf "$here/pkg"
wasm-bindgen --target web --out-dir "$here/pkg" --out-name stratego_wasm \
    "$target_dir/wasm32-unknown-unknown/release/stratego_wasm.wasm"
# wasm-opt (binaryen) when present shrinks the module further; without it the build is whole.
cp "$here"/npm/* "$here/pkg/"
# An old binaryen (Debian's 108) writes the externref table as a funcref one, and the module
# then fails to load: the optimised module is kept only when Node loads it.
if command -v wasm-opt >/dev/null; then
    cp "$here/pkg/stratego_wasm_bg.wasm" "$here/pkg/plain.wasm.tmp"
    if wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$here/pkg/plain.wasm.tmp" -o "$here/pkg/stratego_wasm_bg.wasm" \
        && node -e 'import(process.argv[1]).then((m) => m.editions())' "$here/pkg/node.js" 2>/dev/null; then
        rm "$here/pkg/plain.wasm.tmp"
    else
        echo "build.sh: $(wasm-opt --version) made a module that does not load; keeping it unoptimised"
        mv "$here/pkg/plain.wasm.tmp" "$here/pkg/stratego_wasm_bg.wasm"
    fi
fi
# One version everywhere: the npm package takes the workspace's.
ws_version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$root/Cargo.toml")
sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"$ws_version\"/" "$here/pkg/package.json"
cp "$here/README.md" "$here/pkg/README.md"

rm -rf "$here/app/dist"
mkdir -p "$here/app/dist"
cp -r "$here"/app/src/. "$here/app/dist/"
cp -r "$here/pkg" "$here/app/dist/pkg"
echo "build.sh: pkg in $here/pkg, app in $here/app/dist ($(gzip -9c "$here/pkg/stratego_wasm_bg.wasm" | wc -c) bytes of gzipped wasm)"
