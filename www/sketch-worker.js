// The sketches' worker (started by src/web/snippet.rs's spawnSketchWorker), a
// file of the site's own so that a Content-Security-Policy of `worker-src
// 'self'` lets it run. The page's first message names the module to run
// (`glue`: the page's own or the full build's), with the files' addresses
// (the table the page's script set: a bundler may have renamed them) and
// the compiled module; it loads that module's glue, instantiates it and
// says it is ready. Every message after that is a letter to one of the
// sketches it runs (src/web/worker.rs), and those that came meanwhile are
// handed on. It imports nothing by a path of its own, so a bundler may copy
// it anywhere.
const queue = []
self.onmessage = event => queue.push(event.data)
// A message that cannot be read here (the compiled module, say) would be
// dropped without a word, and the page would wait for a worker that waits
// for it: an error tells the page, whose sketches then run there instead
self.onmessageerror = () => { throw new Error('sketch-worker.js: a message from the page could not be read') }

const next = async () => {
  while (!queue.length) await new Promise(resolve => { self.onmessage = event => { queue.push(event.data); resolve() } })
  self.onmessage = event => queue.push(event.data)
  return queue.shift()
}
const { files, glue: name, module: given } = await next()
// Only a module of the sketch's, by its bare name
if (!/^[a-z0-9-]+$/.test(name ?? '')) throw new Error(`sketch-worker.js: no module called ${JSON.stringify(name)}`)
// The glue's snippet finds the other files (and this one, for the worker
// that routes a big map's rivers) by the same table
globalThis[Symbol.for('hydraulic-erosion.files')] = files
const glue = await import(new URL(files?.[`${name}.js`] ?? `./${name}.js`, import.meta.url).href)
// (the compiled module may follow in a message of its own, with the first
// letter for it, the worker having been started while the module was still
// on its way: the first picture's)
let module = given
if (!module) {
  const later = await next()
  module = later.module
  queue.unshift(later.letter)
}
await glue.default({ module_or_path: module })
self.postMessage('ready')
glue.serveSketches(queue.splice(0))
