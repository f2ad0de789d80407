// Minifies the JavaScript wasm-bindgen wrote (the page's module and its
// snippets), and the page's own scripts, with terser. Trunk minifies the
// HTML itself but leaves this glue as written, doc comments and all: some
// 4 KB of the first download, gzipped. Exports and names the page relies on
// stay. Run by tools/post-build.mjs.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const { minify } = require('./node_modules/terser')

// Every script under `dir`, in its folders too
function scripts(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return scripts(file)
    return entry.name.endsWith('.js') ? [file] : []
  })
}

export async function minifyScripts(dir) {
  for (const file of scripts(dir)) {
    const source = fs.readFileSync(file, 'utf8')
    const result = await minify(source, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } })
    fs.writeFileSync(file, result.code)
  }
}
