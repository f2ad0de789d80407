// Subresource integrity for the page's start: in the files named, each
// `integrity:<file>` becomes that file's SHA-384 (`sha384-…`, as an
// `integrity` attribute or a fetch's `integrity` option takes it). The
// files are hashed as they are served, so this runs after minifying. Run by
// tools/post-build.mjs.
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'

const PLACEHOLDER = /integrity:([\w./-]+)/g

const sri = file => `sha384-${crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64')}`

// Writes the hashes into `files` (in `dir`), in order: a file whose hash
// another one carries is written first
export function writeIntegrity(dir, files) {
  for (const name of files) {
    const file = path.join(dir, name)
    const text = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(file, text.replace(PLACEHOLDER, (_, hashed) => sri(path.join(dir, hashed))))
  }
}
