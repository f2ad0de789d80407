// Starts the sketch: the page's module and its wasm, fetched with their
// integrity checked (the hashes are written by tools/integrity.mjs when the
// page is built). A file of the site's own rather than a script written into
// the page, so a strict Content-Security-Policy (`script-src 'self'`) lets it
// run. A blog post can load this very file to start the sketch on its own
// markup (README, "Embedding in a blog post").
//
// The wasm is compiled as it arrives, while the glue and the snippets it
// imports are still on their way: the glue is imported afterwards, not
// statically, which would hold this script back until all of them had come.
const wasm = new Request(new URL('./hydraulic-erosion_bg.wasm', import.meta.url), { integrity: 'integrity:hydraulic-erosion_bg.wasm' })
const compiled = fetch(wasm).then(response => {
  if (!response.ok) throw new Error(`start.js: ${response.status} ${response.statusText} fetching ${response.url}`)
  return WebAssembly.compileStreaming(response.clone())
    // (a server that does not say it is wasm)
    .catch(() => response.arrayBuffer().then(bytes => WebAssembly.compile(bytes)))
})
const [bindings, module] = await Promise.all([import('./hydraulic-erosion.js'), compiled])
await bindings.default({ module_or_path: module })
// The JavaScript API for host pages and tests (README, "The JavaScript API")
window.wasmBindings = bindings
