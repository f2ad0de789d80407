#!/usr/bin/env bash
# Installs what building (and, with --browser, testing) needs, skipping
# whatever is already there: the wasm32 target, wasm-bindgen-cli of the
# version in Cargo.lock, trunk, the npm tools (wasm-opt, playwright-core, p5)
# and, for tests, the three engines the end-to-end tests run in: Debian's
# chromium and chromium-driver, firefox-esr, and webkit2gtk-driver (WebKitGTK's
# WebDriver and MiniBrowser) with xvfb to give it a display, and ffmpeg,
# whose ffprobe reads the time-lapse videos the tests save.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about four minutes, once)"
  # Trunk's own release profile links it with fat LTO in one codegen unit:
  # 3 of the 8 minutes its install took here, on one core. The build only
  # runs it around wasm-bindgen and wasm-opt, so it is compiled for a quick
  # install instead, and without its TLS and update check (the build is
  # offline, Trunk.toml; the server is plain HTTP on 127.0.0.1): 3 min 54 s
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
    cargo install trunk --version "$TRUNK_VERSION" --locked --no-default-features
fi

# node_modules/.installed-from is a copy of the lock it was installed from
if ! cmp -s tools/package-lock.json tools/node_modules/.installed-from 2>/dev/null; then
  say "installing the npm tools"
  (cd tools && npm ci --no-audit --no-fund && cp package-lock.json node_modules/.installed-from)
fi

if [ "${1:-}" = "--browser" ]; then
  missing=()
  for need in chromium:/usr/bin/chromium chromium-driver:/usr/bin/chromedriver firefox-esr:/usr/bin/firefox-esr \
      webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/Xvfb ffmpeg:/usr/bin/ffprobe; do
    [ -x "${need#*:}" ] || missing+=("${need%%:*}")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  fi
fi
