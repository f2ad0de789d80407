//! The web layer's JavaScript: the few things Rust cannot say through
//! web-sys, all of them about the files built beside the page's module,
//! which only JavaScript can find: importing a module, fetching and
//! compiling a build's wasm, starting the sketch's worker and the one that
//! reads a ground's file, and whether this browser can run them. One
//! snippet, written into the glue when the page is built
//! (`tools/inline-snippets.mjs`), so the glue imports no file of its own and
//! the page fetches nothing more before the sketch can start.
//!
//! The files are found by the table of addresses the figures' script set
//! (`www/element.js`; in a worker, the page's first message), so a bundler
//! that renames them as it copies them (Vite does) has them found all the
//! same; without a table (the page, whose files are never bundled, or the
//! JavaScript API imported by hand), beside the glue.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use web_sys::Worker;

#[wasm_bindgen(inline_js = r#"
// The files' addresses by name ('hydraulic-erosion_bg.wasm', 'sketch-worker.js', …),
// set once by the script that loaded the glue; else beside the glue (this
// snippet is written into it when the page is built)
const FILES = Symbol.for('hydraulic-erosion.files')
const beside = file => new URL(globalThis[FILES]?.[file] ?? `./${file}`, import.meta.url)

// A module's glue, imported (once: the browser keeps it by its address)
export function importGlue(name) {
  return import(beside(`${name}.js`).href)
}

// A module's glue, imported and its wasm started, once (asked again after a
// failure, it tries again)
const loading = new Map()
export function importModule(name) {
  if (!loading.has(name)) {
    loading.set(name, importGlue(name).then(async module => {
      await module.default({ module_or_path: beside(`${name}_bg.wasm`) })
      return module
    })
      .catch(error => { loading.delete(name); throw error }))
  }
  return loading.get(name)
}

// A build's wasm, fetched once, then compiled whole. It is asked for in a
// task of its own: asked for in the reader's (a pick that needs it), the
// request alone was 15 ms of a task of 80 to 110 on a phone's CPU. (And
// compiled as it arrived, its bytes were read on the page's thread:
// Chromium read a body that came at once, from a cache or a near server,
// in one task of 45 to 70 ms. Compiled whole, V8 reads it on a thread of
// its own)
export function compileModule(name) {
  const aTaskLater = new Promise(resolve => setTimeout(resolve))
  return aTaskLater.then(() => fetch(beside(`${name}_bg.wasm`))).then(response => {
    if (!response.ok) throw new Error(`${response.status} ${response.statusText} fetching ${response.url}`)
    return response.arrayBuffer().then(bytes => WebAssembly.compile(bytes))
  })
}

// Whether this browser can run the sketch in a worker: a 2D context on an
// OffscreenCanvas, a canvas that hands its drawing over, and module workers.
// (The context's interface is asked for rather than made: making one is a
// few ms of the page's start on a phone)
export function canRunSketchWorker() {
  try {
    if (typeof OffscreenCanvas !== 'function' || !HTMLCanvasElement.prototype.transferControlToOffscreen) return false
    if (typeof OffscreenCanvasRenderingContext2D !== 'function') return false
    // Reading the options' type is how a browser that knows module workers
    // gives itself away; the address cannot be parsed, so no worker starts
    // and no policy is asked about it
    let modules = false
    const probe = { get type() { modules = true; return 'classic' } }
    try { new Worker('http://[', probe).terminate() } catch (e) {}
    return modules
  } catch (e) {
    return false
  }
}

// The worker, from its file beside the modules (www/sketch-worker.js),
// handed first the files' table, which module to run and that module's
// compiled wasm: a file of the site's own, so a strict
// Content-Security-Policy (`worker-src 'self'`) lets it run. A page may only
// start workers of its own site, so where the modules come from another (a
// blog loading them from a CDN), a stand-in of one line, made here, imports
// that file
export function spawnSketchWorker(name, module) {
  const worker = startWorker('sketch-worker.js', 'hydraulic-erosion')
  worker.postMessage({ files: globalThis[FILES] ?? null, glue: name, module })
  return worker
}
function startWorker(file, name) {
  if (workersRefused) throw new Error('this page\'s policy refuses workers')
  const url = beside(file)
  const options = { type: 'module', name }
  const sameSite = url.origin === self.location.origin
  asked.add(sameSite ? url.href : 'blob')
  if (sameSite) return new Worker(url, options)
  const standIn = new Blob([`import ${JSON.stringify(url.href)}`], { type: 'text/javascript' })
  return new Worker(URL.createObjectURL(standIn), options)
}
// Whether the page's policy (`worker-src`) refused a worker started here:
// all of them come from the same place, so the next would be refused too,
// and is not asked for (the browser would log each refusal). Where a
// violation names a stand-in, it names its scheme alone
const asked = new Set()
let workersRefused = false
self.addEventListener('securitypolicyviolation', event => {
  if (event.effectiveDirective === 'worker-src' && asked.has(event.blockedURI)) workersRefused = true
})
// A ground's file read and fitted (the heightmap encoder's open_ground) in
// a worker of its own (www/ground-reader.js), ended once it answers so
// that what reading took goes with it; where no worker starts (a policy
// that refuses it), in the page. A file that is no ground rejects with the
// reader's words, marked `said`
export function readGround(bytes, name, encoding, seaLevel) {
  const said = message => Object.assign(new Error(message), { said: true })
  const inPage = () => importModule('heightmap-encoder').then(module => {
    try { return module.open_ground(bytes, name, encoding, seaLevel) } catch (error) { throw said(error.message) }
  })
  let worker
  try { worker = startWorker('ground-reader.js', 'hydraulic-erosion ground reader') } catch (error) { return inPage() }
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      worker.terminate()
      if (data.ground) resolve(data.ground)
      else reject(data.error === undefined ? new Error(data.unloaded) : said(data.error))
    }
    worker.onerror = event => {
      event.preventDefault()
      worker.terminate()
      inPage().then(resolve, reject)
    }
    worker.postMessage({ files: globalThis[FILES] ?? null, bytes, name, encoding, seaLevel })
  })
}
"#)]
extern "C" {
    /// The glue of the module `name` (`hydraulic-erosion-full`), imported.
    #[wasm_bindgen(js_name = importGlue)]
    pub fn import_glue(name: &str) -> Promise;
    /// The module `name`, imported and its wasm started (once).
    #[wasm_bindgen(js_name = importModule)]
    pub fn import_module(name: &str) -> Promise;
    /// The module `name`'s wasm, fetched and compiled.
    #[wasm_bindgen(js_name = compileModule)]
    pub fn compile_module(name: &str) -> Promise;
    #[wasm_bindgen(js_name = canRunSketchWorker)]
    pub fn can_run_sketch_worker() -> bool;
    /// The sketch's worker, told to run the module `name` with its compiled
    /// wasm `module`.
    #[wasm_bindgen(js_name = spawnSketchWorker, catch)]
    pub fn spawn_sketch_worker(name: &str, module: &JsValue) -> Result<Worker, JsValue>;
    /// The ground in a file's `bytes`, read and fitted off the page's
    /// thread: `{ heights, cols, rows, fingerprint, steepness, said }`, or
    /// an error, marked `said` where the file is at fault.
    #[wasm_bindgen(js_name = readGround)]
    pub fn read_ground(bytes: &js_sys::Uint8Array, name: &str, encoding: &str, sea_level: f64) -> Promise;
}
