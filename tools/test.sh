#!/usr/bin/env bash
# Runs every test: formatting and lints, the native tests of the simulation
# (including conformance with the original sketch), the wasm tests in
# headless Chromium, the end-to-end tests of the release build (in
# Chromium, then what every engine must do in Chromium, Firefox and WebKit),
# and the npm package made from it, from its tarball.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --browser
export PATH="$PWD/tools/node_modules/.bin:$PATH"
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

say "format, lints and doc links"
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings
# The page's module: the article's sketch alone, and before it the first
# picture's (src/sketch/builds.rs)
cargo clippy --target wasm32-unknown-unknown --no-default-features --features page --lib -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features picture --bin first-picture -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features heightmap-encoder --bin heightmap-encoder -- -D warnings
cargo clippy --target wasm32-unknown-unknown --no-default-features --features mesh-exporter --bin mesh-exporter -- -D warnings
# The doc comments' links all lead somewhere: the simulation's, and the web
# layer's (wasm only)
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --document-private-items --lib
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --document-private-items --lib --target wasm32-unknown-unknown

say "native tests"
cargo test

say "wasm tests in headless Chromium"
# The runner gives chromedriver 5 s to bind its port by default; a cold
# start on a fresh, busy machine took longer once (the run was killed), so
# it gets a minute
WASM_BINDGEN_TEST_DRIVER_TIMEOUT=60 \
CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --lib --test wasm

say "release build, packed as the npm package (target/package)"
tools/package.sh

say "end-to-end tests of the page (the sketch in its worker)"
node --test --test-concurrency=1 tests/e2e/*.test.mjs

say "end-to-end tests of the page (the sketch on the main thread, as without OffscreenCanvas)"
# All but the panel's (its layout, accessibility and tab order are the
# page's markup, the same wherever the sketch runs) and the command's
# picture against the page's (the same frames, wherever drawn), to keep the
# whole command well within its time on a fresh machine
HE_MAIN_THREAD=1 node --test --test-concurrency=1 $(ls tests/e2e/*.test.mjs | grep -v '/panel\.test\.mjs$\|/render\.test\.mjs$')

say "end-to-end tests in Chromium, Firefox and WebKit"
node --test --test-concurrency=1 tests/engines/*.test.mjs

say "the npm package, installed from its tarball: a script tag, a Vite app, a CDN; its types, manifest and HTML"
node --test --test-concurrency=1 tests/package/*.test.mjs
