// Where the time to a new map's first picture goes, on the page's main
// thread: one load traced by Chromium (DevTools' own timeline categories),
// each task of 2 ms or more from navigation to the rAF that first sees the
// picture, with the work inside it that took 1 ms or more (the HTML parsed,
// a script run, the wasm compiled as it streams in, style, layout, paint,
// the picture drawn, the canvas flushed). Tracing slows the page by a
// quarter to a half: read it for the shares, and the browser bench for the
// time. Needs the release build (dist/).
//
//   node tests/bench/first_picture_trace.mjs [address query, e.g. '?he-seed=3']
//
// With TRACE_OUT=<file> the whole trace is kept too (Chrome's JSON, for
// Perfetto or chrome://tracing).
//
// Never part of the tests (timings).
import { serve, launch, newContext, markFirstPictureSeen } from '../e2e/helpers.mjs'

const query = process.argv[2] ?? ''
const server = await serve()
const browser = await launch()
const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
const events = []
cdp.on('Tracing.dataCollected', e => events.push(...e.value))
const complete = new Promise(resolve => cdp.once('Tracing.tracingComplete', resolve))
await cdp.send('Tracing.start', {
  transferMode: 'ReportEvents',
  traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.wasm', 'v8.execute', 'blink', 'blink.user_timing', 'loading'] }
})
await page.addInitScript(markFirstPictureSeen)
await page.goto(server.url + '/' + query)
// Left alone a while before asking: Playwright's polling runs script on the
// page's main thread, which would show among the tasks
await new Promise(resolve => setTimeout(resolve, 3000))
await page.waitForFunction(() => window.__seen, null, { timeout: 60000 })
const seen = await page.evaluate(() => window.__seen)
await cdp.send('Tracing.end')
await complete
if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, JSON.stringify(events))
await browser.close()
await server.close()

// Trace times are µs on the browser's clock; the mark gives navigation's
const mark = events.find(e => e.name === 'he-first-picture-seen')
if (!mark) throw new Error('the trace has no mark of the first picture (its blink.user_timing events are missing)')
const navigation = mark.ts - seen * 1000
const ms = ts => (ts - navigation) / 1000
const threads = new Map(events.filter(e => e.ph === 'M' && e.name === 'thread_name').map(e => [`${e.pid}:${e.tid}`, e.args.name]))
const main = `${mark.pid}:${mark.tid}`
console.log(`${query || '(a new map)'}: seen at ${seen.toFixed(0)} ms after navigation (traced), on ${threads.get(main)}`)

// What inside a task is worth naming, by the trace's event names
const NOTABLE = {
  'DocumentLoader::CommitNavigation': () => 'navigation committed',
  'LocalWindowProxy::Initialize': () => 'a script context made',
  ParseHTML: () => 'parse HTML',
  EvaluateScript: e => `run ${e.args?.data?.url?.split('/').pop() || 'a script'}`,
  'v8.evaluateModule': () => 'run a module',
  'wasm.OnBytesReceived': () => 'wasm streamed in',
  'wasm.FinishStreaming': () => 'wasm validated',
  'wasm.CompileLazy': () => 'wasm function compiled',
  'v8.newInstance': () => 'instantiate',
  RunMicrotasks: () => 'promise callbacks',
  FunctionCall: e => `call ${e.args?.data?.functionName || 'a function'}`,
  UpdateLayoutTree: () => 'style',
  Layout: () => 'layout',
  Paint: () => 'paint',
  'CanvasRenderingContext2D::FinalizeFrame': () => 'canvas flushed',
  'Canvas2DResourceProvider::CreateSkSurface': () => 'canvas made',
  MinorGC: () => 'minor GC',
  MajorGC: () => 'major GC'
}
const onMain = events.filter(e => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur && ms(e.ts) >= 0 && ms(e.ts) <= seen)
// (a task's promise callbacks run inside its RunTask, after the task itself)
const tasks = onMain.filter(e => e.name === 'RunTask' && e.dur >= 2000).sort((a, b) => a.ts - b.ts)
let busy = 0
for (const task of tasks) {
  busy += task.dur / 1000
  const inside = onMain.filter(e => NOTABLE[e.name] && e.dur >= 1000 && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
  const said = inside.map(e => `${NOTABLE[e.name](e)} ${(e.dur / 1000).toFixed(1)}`)
  console.log(`${ms(task.ts).toFixed(0).padStart(5)} ms  ${(task.dur / 1000).toFixed(1).padStart(6)} ms  ${said.join(', ')}`)
}
console.log(`main thread busy ${busy.toFixed(0)} ms of the ${seen.toFixed(0)} in tasks of 2 ms or more`)
