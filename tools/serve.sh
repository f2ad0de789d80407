#!/usr/bin/env bash
# Serves the page at http://127.0.0.1:8080/, rebuilding on change.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
export PATH="$PWD/tools/node_modules/.bin:$PATH"
exec trunk serve --release "$@"
