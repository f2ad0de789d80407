// Starts the sketch: the page's module and its wasm, fetched with their
// integrity checked (the hashes are written by tools/integrity.mjs when the
// page is built). A file of the site's own rather than a script written into
// the page, so a strict Content-Security-Policy (`script-src 'self'`) lets it
// run. A blog post can load this very file to start the sketch on its own
// markup (README, "Embedding in a blog post").
import init, * as bindings from './hydraulic-erosion.js'

const wasm = new Request(new URL('./hydraulic-erosion_bg.wasm', import.meta.url), { integrity: 'integrity:hydraulic-erosion_bg.wasm' })
await init({ module_or_path: wasm })
// The JavaScript API for host pages and tests (README, "The JavaScript API")
window.wasmBindings = bindings
