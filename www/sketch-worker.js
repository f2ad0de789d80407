// The sketches' worker (started by src/web/worker_pool.rs), a file of the
// site's own so that a Content-Security-Policy of `worker-src 'self'` lets
// it run. It loads the module named in its address (`?glue=hydraulic-erosion`,
// built beside this file: the page's own or the full build), waits for the
// page's first message (the compiled module), instantiates it and says it
// is ready; every message after that is a letter to one of the sketches it
// runs (src/web/worker.rs), and those that came meanwhile are handed on.
const queue = []
self.onmessage = event => queue.push(event.data)
// A message that cannot be read here (the compiled module, say) would be
// dropped without a word, and the page would wait for a worker that waits
// for it: an error tells the page, whose sketches then run there instead
self.onmessageerror = () => { throw new Error('sketch-worker.js: a message from the page could not be read') }

// Only a module of this folder, by its bare name
const name = new URL(import.meta.url).searchParams.get('glue')
if (!/^[a-z0-9-]+$/.test(name ?? '')) throw new Error(`sketch-worker.js: no module called ${JSON.stringify(name)}`)
const glue = await import(new URL(`./${name}.js`, import.meta.url).href)
while (!queue.length) await new Promise(resolve => { self.onmessage = event => { queue.push(event.data); resolve() } })
const first = queue.shift()
self.onmessage = event => queue.push(event.data)
await glue.default({ module_or_path: first.module })
self.postMessage('ready')
glue.serveSketches(queue.splice(0))
