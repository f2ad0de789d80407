// The reader's history's bench: how long undo, redo and a rewind take to
// show their map (from the call to the frame that has the heights wanted,
// the page's clock), on the article's map and the 512 × 512, 1024 × 1024
// and 2048 × 2048 ones after 300,000 drops; and the time-lapse of 300,000
// drops: how long it takes to film and encode, and its size. Needs the
// release build (dist/, from `trunk build --release --public-url ./`) and
// the npm tools.
//
//   node tests/bench/history_bench.mjs
//   MAPS=1024x1024,2048x2048 VIDEO=0 node tests/bench/history_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy.
import { serve, launch, newContext, downloaded } from '../e2e/helpers.mjs'

const ROUNDS = 5
const server = await serve()
const browser = await launch()
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

// Milliseconds from `act` (run in the page) to the first report whose
// heights are `hash`, with no replay under way
const timed = (page, act, hash) => page.evaluate(([act, hash]) => new Promise(resolve => {
  const start = performance.now()
  new Function(act)()
  const look = () => {
    const s = window.wasmBindings.pageState()
    if (s.settled && !s.replaying && s.heightsHash === hash) resolve(performance.now() - start)
    else setTimeout(look, 1)
  }
  look()
}), [act, hash])

async function arrived(page) {
  // (a big map's first state is its worker's: none until then)
  await page.waitForFunction(() => { const s = window.wasmBindings?.pageState(); return s?.settled && !s.replaying }, null, { timeout: 300000 })
  return page.evaluate(() => window.wasmBindings.pageState())
}

async function history(mapSize) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/?he-seed=1&he-drops=300000${mapSize ? `&he-map-size=${mapSize}` : ''}`)
  const rained = await arrived(page)
  await page.$eval('#experiment-control-erosion', e => {
    e.value = '0.6'
    e.dispatchEvent(new Event('input', { bubbles: true }))
    e.dispatchEvent(new Event('change', { bubbles: true }))
  })
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d + 5000, rained.drops)
  await page.click('#experiment-control-pause-toggle')
  const changed = await arrived(page)
  const undo = []
  const redo = []
  for (let k = 0; k < ROUNDS; k++) {
    undo.push(await timed(page, 'window.wasmBindings.undo()', rained.heightsHash))
    redo.push(await timed(page, 'window.wasmBindings.redo()', changed.heightsHash))
  }
  // A rewind to halfway, from the heights kept at 150,000
  const rewind = await page.evaluate(() => new Promise(resolve => {
    const e = document.getElementById('experiment-control-rewind')
    const start = performance.now()
    e.value = '155000'
    e.dispatchEvent(new Event('input', { bubbles: true }))
    e.dispatchEvent(new Event('change', { bubbles: true }))
    const look = () => {
      const s = window.wasmBindings.pageState()
      if (s.settled && !s.replaying && s.drops === 155000) resolve(performance.now() - start)
      else setTimeout(look, 1)
    }
    look()
  }))
  await context.close()
  return { map: mapSize ?? '320x180', undoMs: median(undo), redoMs: median(redo), rewindMs: rewind }
}

async function video() {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 }, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto(`${server.url}/?he-seed=1&he-drops=300000`)
  const s = await arrived(page)
  const start = Date.now()
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 300000 }),
    page.click('#experiment-control-save-video')
  ])
  const seconds = (Date.now() - start) / 1000
  const file = await downloaded(download)
  await context.close()
  return { drops: s.drops, canvas: s.canvas, seconds, bytes: file.length }
}

// The maps measured (`article` for the article's own) and whether the
// time-lapse is
const maps = (process.env.MAPS ?? 'article,512x512,1024x1024,2048x2048').split(',')
const rows = []
for (const map of maps) rows.push(await history(map === 'article' ? undefined : map))
console.table(rows)
if (process.env.VIDEO !== '0') console.log('time-lapse of 300,000 drops:', await video())
await browser.close()
await server.close()
