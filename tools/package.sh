#!/usr/bin/env bash
# Builds the npm package: target/package/hydraulic-erosion-<version>.tgz, the
# `npm pack` layout (a package/ folder inside), the version Cargo.toml's. It
# is the release build (dist/) with what describes it: package.json, the
# element's types and its Custom Elements Manifest (made from the tables the
# element is, tools/package/manifest.mjs), a README, the licence and the
# changelog. It installs what building needs first (tools/setup.sh); `--built`
# packs the dist/ there is instead of building it again.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

if [ "${1:-}" != "--built" ]; then
  tools/setup.sh
  export PATH="$PWD/tools/node_modules/.bin:$PATH"
  say "release build"
  trunk build --release --public-url ./
fi

version=$(node --input-type=module -e "import { releaseVersion } from './tools/version.mjs'; console.log(releaseVersion())")
out=target/package
folder="$out/package"
say "hydraulic-erosion $version into $out"
rm -rf "$folder"
mkdir -p "$folder"
cp -R dist/. "$folder/"
cp tools/package/README.md CHANGELOG.md LICENSE "$folder/"

# What the package says of itself, from the crate's tables (a native tool)
cargo run --quiet --profile test --bin package-facts > "$out/facts.json"
node tools/package/manifest.mjs "$out/facts.json" "$folder/element.js" www/index.html "$folder"
node tools/package/package-json.mjs "$version" > "$folder/package.json"

# Every file package.json names is there, and nothing else ships
node --input-type=module -e "
  import fs from 'node:fs'
  import { FILES } from './tools/package/package-json.mjs'
  const missing = FILES.filter(f => !fs.existsSync('$folder/' + f))
  if (missing.length) { console.error('package: missing ' + missing.join(', ')); process.exit(1) }
"
rm -f "$out"/hydraulic-erosion-*.tgz
npm pack "./$folder" --pack-destination "$out" --silent >/dev/null
ls "$out/hydraulic-erosion-$version.tgz"
