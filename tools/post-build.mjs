// Trunk's post-build hook (Trunk.toml), run on the build before it becomes
// dist/: the glues' snippets written into them, the scripts minified, the
// modules' imports given short names, then their hashes written where the page's
// start checks them (start.js carries the wasms' and the first picture's
// glue's, element.js the page's wasm's, index.html the others'); before
// that, the page's controls and the release's version are written into the
// figures' element.
import { minifyScripts } from './minify.mjs'
import { shortenImports } from './short-imports.mjs'
import { inlineSnippets } from './inline-snippets.mjs'
import { writeIntegrity } from './integrity.mjs'
import { writeFigureControls } from './figure-controls.mjs'
import { writeVersion } from './version.mjs'

const staging = process.env.TRUNK_STAGING_DIR
if (!staging) throw new Error('run by trunk as a post_build hook (TRUNK_STAGING_DIR is not set)')

inlineSnippets(staging)
await minifyScripts(staging)
shortenImports(staging)
writeFigureControls(staging)
writeVersion(staging, 'element.js')
writeIntegrity(staging, ['start.js', 'element.js', 'index.html'])
