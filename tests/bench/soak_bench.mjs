// The long session's bench: the browser's memory while a reader keeps the
// sketch raining for minutes, moving a slider every few seconds, undoing and
// redoing, and pressing play again each time the rain stops by itself.
// Memory is the proportional set size (PSS, /proc/PID/smaps_rollup) summed
// over every process of the browser this script starts (its descendants),
// sampled every SAMPLE_S seconds; the largest single process is the tab's
// renderer, with its workers. A blank tab in the same browser is measured
// first, for what the sketch's tab adds to the sum.
// Needs the release build (dist/, from `trunk build --release
// --public-url ./`) and the npm tools; Linux only (it reads /proc).
//
//   node tests/bench/soak_bench.mjs                       # five minutes, the article's map
//   SOAK_SECONDS=60 QUERY='&he-map-size=512x512' node tests/bench/soak_bench.mjs
//   DIST=/tmp/other-dist node tests/bench/soak_bench.mjs  # another build
//
// Never part of the tests: memory on a shared machine moves with what
// else runs, so compare builds in runs on the same machine.
import path from 'node:path'
import { serve, launch, newContext } from '../e2e/helpers.mjs'
import { browserMemory } from './memory.mjs'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300)
const QUERY = process.env.QUERY ?? ''
const SAMPLE_S = 5
// A reader's hand: a slider moved this often, and every few moves an undo
// and a redo
const MOVE_EVERY_S = 3
const UNDO_EVERY_MOVES = 4

const dist = process.env.DIST ? path.resolve(process.env.DIST) : undefined
const server = await serve(dist)
const browser = await launch()

const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
const page = await context.newPage()
const problems = []
page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()) })
page.on('pageerror', e => problems.push(e.message))
// The same browser with a blank tab, for what the sketch's tab adds to it:
// the browser's other processes hold most of the sum whatever the page
await page.goto('about:blank')
await new Promise(resolve => setTimeout(resolve, 5000))
const blank = browserMemory()
await page.goto(`${server.url}/?he-seed=1${QUERY}`)
await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled)

const samples = []
const start = Date.now()
let moves = 0
let nextMove = 0
let nextSample = 0
while (Date.now() - start < SECONDS * 1000) {
  const t = (Date.now() - start) / 1000
  if (t >= nextMove) {
    nextMove += MOVE_EVERY_S
    moves++
    // Rain on past the stop: play again when it has stopped by itself
    await page.evaluate(() => { if (!window.wasmBindings.pageState().looping) document.querySelector('#experiment-control-pause-toggle').click() })
    await page.$eval('#experiment-control-erosion', (e, k) => {
      e.value = String(k % 2 ? 0.2 : 0.4)
      e.dispatchEvent(new Event('input', { bubbles: true }))
    }, moves)
    if (moves % UNDO_EVERY_MOVES === 0) {
      await page.evaluate(() => window.wasmBindings.undo())
      await page.evaluate(() => window.wasmBindings.redo())
    }
  }
  if (t >= nextSample) {
    nextSample += SAMPLE_S
    const { drops, thread, grid } = await page.evaluate(() => window.wasmBindings.pageState())
    samples.push({ t: Math.round(t), ...browserMemory(), drops, thread, grid })
  }
  await new Promise(resolve => setTimeout(resolve, 200))
}

const mb = x => x.toFixed(0)
console.log('   t  total PSS  largest  drops')
for (const s of samples) console.log(`${String(s.t).padStart(4)}  ${mb(s.total).padStart(6)} MB  ${mb(s.largest).padStart(4)} MB  ${s.drops}`)
const afterMinute = samples.filter(s => s.t >= 60)
const atMinute = afterMinute[0]
const peak = samples.reduce((a, b) => (b.total > a.total ? b : a))
console.log(`\nmap ${samples[0].grid.join(' × ')}, sketch in the ${samples[0].thread === 'worker' ? 'worker' : 'main thread'}, ${SECONDS} s, ${moves} slider moves`)
const largest = Math.max(...samples.map(s => s.largest))
console.log(`peak ${mb(peak.total)} MB at ${peak.t} s (largest process ${mb(largest)} MB)`)
console.log(`a blank tab in the same browser: ${mb(blank.total)} MB (its largest process ${mb(blank.largest)} MB); the sketch's tab added at most ${mb(peak.total - blank.total)} MB`)
if (atMinute) {
  const rise = Math.max(...afterMinute.map(s => s.total)) - atMinute.total
  console.log(`after the first minute: ${mb(atMinute.total)} MB at ${atMinute.t} s, rising at most ${mb(rise)} MB above it`)
}
console.log(`console problems: ${problems.length ? problems.join('; ') : 'none'}`)
await browser.close()
await server.close()
