// The sketch's worker (started by src/web/worker.rs), a file of the site's
// own so that a Content-Security-Policy of `worker-src 'self'` lets it run.
// It loads the module named in its address (`?glue=hydraulic-erosion`, built
// beside this file: the page's own or the full build), waits for the page's
// first message (the compiled module), instantiates it and says it is ready;
// the next message is the sketch to run (the canvases, how to start, what
// another build carried), and every message after that is the sketch's.
const queue = []
let wake = null
self.onmessage = event => {
  queue.push(event.data)
  if (wake) { wake(); wake = null }
}
const next = async () => {
  while (!queue.length) await new Promise(resolve => { wake = resolve })
  return queue.shift()
}

// Only a module of this folder, by its bare name
const name = new URL(import.meta.url).searchParams.get('glue')
if (!/^[a-z0-9-]+$/.test(name ?? '')) throw new Error(`sketch-worker.js: no module called ${JSON.stringify(name)}`)
const glue = await import(new URL(`./${name}.js`, import.meta.url).href)
const first = await next()
await glue.default({ module_or_path: first.module })
self.postMessage('ready')
const run = await next()
glue.runSketchWorker(run.canvas, run.canvas3d, run.start, run.carried, run.seen)
// What came while the sketch started goes to the sketch's own handler
for (const data of queue.splice(0)) self.onmessage(new MessageEvent('message', { data }))
