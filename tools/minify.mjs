// Trunk's post-build hook: minifies the JavaScript wasm-bindgen wrote (the
// page's module and its snippets) with terser. Trunk minifies the HTML
// itself but leaves this glue as written, doc comments and all: some 4 KB
// of the first download, gzipped. Exports and names the page relies on stay.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { minify } = require('./node_modules/terser')

const staging = process.env.TRUNK_STAGING_DIR
if (!staging) throw new Error('run by trunk as a post_build hook (TRUNK_STAGING_DIR is not set)')

// The module's glue and the snippets it imports; the heightmap encoder's too
function scripts(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return scripts(file)
    return entry.name.endsWith('.js') ? [file] : []
  })
}

for (const file of scripts(staging)) {
  const source = fs.readFileSync(file, 'utf8')
  const result = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } })
  fs.writeFileSync(file, result.code)
}
