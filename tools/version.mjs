// The release's version, Cargo.toml's: the one place the JavaScript tools
// read it (the figures' element carries it, written in when the page is
// built; the npm package is that version).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PLACEHOLDER = /(['"])version:Cargo\.toml\1/

export function releaseVersion() {
  const manifest = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8')
  const version = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(manifest)?.[1]
  if (!version) throw new Error('version: Cargo.toml has no [package] version')
  return version
}

// Writes the version into `script` in the place of `'version:Cargo.toml'`
export function writeVersion(dir, script) {
  const file = path.join(dir, script)
  const source = fs.readFileSync(file, 'utf8')
  if (!PLACEHOLDER.test(source)) throw new Error(`version: ${script} has no 'version:Cargo.toml'`)
  fs.writeFileSync(file, source.replace(PLACEHOLDER, () => JSON.stringify(releaseVersion())))
}
