// The stalls' bench: while a big map rains, the longest the sketch went
// without a frame, with the frames and drops a second, the measures'
// samples taken, and the browser's memory at most (all its processes, and
// the largest: the tab's renderer with its workers). A frame that routes
// the whole map of 2048 × 2048 for the measures shows as a gap of some 300
// ms every sample. The frames are read from pageState() every 20 ms, for
// SECONDS seconds after the first frame, in each build of DISTS in turn.
// Needs release builds (`trunk build --release --public-url ./ --dist D`)
// and the npm tools; Linux only (it reads /proc).
//
//   node tests/bench/stall_bench.mjs                                   # rivers off
//   QUERY='?he-seed=3&he-map-size=2048x2048&he-original=1' node tests/bench/stall_bench.mjs
//   DISTS=/tmp/before,/tmp/after ROUNDS=2 node tests/bench/stall_bench.mjs
//
// Never part of the tests: a shared machine's speed moves with what else
// runs, so compare builds in runs on the same machine.
import path from 'node:path'
import { serve, launch, newContext } from '../e2e/helpers.mjs'
import { browserMemory } from './memory.mjs'

const DISTS = (process.env.DISTS || 'dist').split(',').map(d => path.resolve(d))
const SECONDS = Number(process.env.SECONDS || 40)
const QUERY = process.env.QUERY || '?he-seed=3&he-map-size=2048x2048&he-rivers=0'
const ROUNDS = Number(process.env.ROUNDS || 1)

console.log(`${QUERY}, ${SECONDS} s`)
console.log('build | frames a second | drops a second | longest without a frame | samples | memory at most: all, renderer')
for (let round = 0; round < ROUNDS; round++) {
  for (const dist of DISTS) {
    const server = await serve(dist)
    const browser = await launch()
    const context = await newContext(browser, { viewport: { width: 1300, height: 900 } })
    const page = await context.newPage()
    await page.goto(server.url + '/' + QUERY)
    await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames >= 1, null, { polling: 20, timeout: 60000 })
    await page.evaluate(() => {
      window.__frames = []
      window.__sampling = setInterval(() => {
        const s = window.wasmBindings.pageState()
        window.__frames.push([performance.now(), s.frames, s.drops, s.measuredAt])
      }, 20)
    })
    const most = { total: 0, largest: 0 }
    const began = Date.now()
    while (Date.now() - began < SECONDS * 1000) {
      await page.waitForTimeout(200)
      const now = browserMemory()
      most.total = Math.max(most.total, now.total)
      most.largest = Math.max(most.largest, now.largest)
    }
    const samples = await page.evaluate(() => { clearInterval(window.__sampling); return window.__frames })
    const [first, last] = [samples[0], samples[samples.length - 1]]
    const seconds = (last[0] - first[0]) / 1000
    console.log([
      dist,
      ((last[1] - first[1]) / seconds).toFixed(1),
      Math.round((last[2] - first[2]) / seconds),
      `${Math.round(longestWithoutAFrame(samples))} ms`,
      new Set(samples.map(s => s[3])).size,
      `${Math.round(most.total)}, ${Math.round(most.largest)} MB`
    ].join(' | '))
    await browser.close()
    server.close()
  }
}

// The longest stretch of samples that saw the same frame count
function longestWithoutAFrame (samples) {
  let [longest, since] = [0, samples[0][0]]
  for (let k = 1; k < samples.length; k++) {
    if (samples[k][1] !== samples[k - 1][1]) since = samples[k][0]
    else longest = Math.max(longest, samples[k][0] - since)
  }
  return longest
}
