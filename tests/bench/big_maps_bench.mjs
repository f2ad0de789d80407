// The big maps' bench: for the article's map, 1024 × 1024 and 2048 × 2048,
// in headless Chromium with the sketch in its worker (rivers, contours and
// relief on, as a link opens them), how soon a link's first frame comes
// after navigation, then, after RUN_UP seconds of rain, frames and drops a
// second over SECONDS seconds and the drawing's time a frame (pageState()'s
// drawMs, sampled each second: median and largest).
//
//   trunk build --release --public-url ./ && node tests/bench/big_maps_bench.mjs
//   SECONDS=20 SIZES=2048x2048 node tests/bench/big_maps_bench.mjs
//   DIST=/tmp/other-dist node tests/bench/big_maps_bench.mjs   # another build
//
// Never part of the tests: a shared machine's speed moves with what else
// runs, so compare builds in runs on the same machine.
import path from 'node:path'
import { serve, launch, newContext, state } from '../e2e/helpers.mjs'

const SECONDS = Number(process.env.SECONDS || 10)
const RUN_UP = Number(process.env.RUN_UP || 4)
const SIZES = (process.env.SIZES || 'article,1024x1024,2048x2048').split(',')

const server = await serve(process.env.DIST ? path.resolve(process.env.DIST) : undefined)
const browser = await launch()
console.log('map | first frame after navigation | frames a second | drops a second | drawMs median (max) | rivers behind the rain, median (max)')
for (const size of SIZES) {
  const query = '?he-seed=3' + (size === 'article' ? '' : '&he-map-size=' + size)
  const context = await newContext(browser, { viewport: { width: 1300, height: 900 } })
  const page = await context.newPage()
  await page.goto(server.url + '/' + query)
  const first = await page.waitForFunction(() => {
    let s = null
    try { s = window.wasmBindings.pageState() } catch (e) {}
    return s && s.frames >= 1 && performance.now()
  }, null, { polling: 10, timeout: 60000 })
  const firstMs = Math.round(await first.jsonValue())
  await page.waitForTimeout(RUN_UP * 1000)
  // The drops and the drops the rivers drawn are of, every 50 ms
  await page.evaluate(() => {
    window.__samples = []
    window.__sampling = setInterval(() => {
      const s = window.wasmBindings.pageState()
      window.__samples.push([performance.now(), s.drops, s.riversOf])
    }, 50)
  })
  const a = await state(page)
  const began = Date.now()
  const drawMs = []
  for (let k = 0; k < SECONDS; k++) {
    await page.waitForTimeout(1000)
    drawMs.push((await state(page)).drawMs)
  }
  const b = await state(page)
  const seconds = (Date.now() - began) / 1000
  const behind = riversBehind(await page.evaluate(() => { clearInterval(window.__sampling); return window.__samples }))
  drawMs.sort((x, y) => x - y)
  const median = drawMs[Math.floor(drawMs.length / 2)]
  console.log([
    size,
    `${firstMs} ms`,
    ((b.frames - a.frames) / seconds).toFixed(1),
    Math.round((b.drops - a.drops) / seconds),
    `${median.toFixed(1)} (${drawMs[drawMs.length - 1].toFixed(1)})`,
    `${behind.median.toFixed(2)} s (${behind.most.toFixed(2)} s)`
  ].join(' | '))
  await context.close()
}
await browser.close()
server.close()

// How far behind the rain the rivers drawn are, in time: at each sample,
// since the first sample whose drops reached those the rivers are of
// (samples before the rivers' ground fell are not counted)
function riversBehind (samples) {
  const lags = []
  for (const [t, , of] of samples) {
    const fell = samples.find(([, drops]) => drops >= of)
    if (fell && (fell !== samples[0] || fell[1] === of)) lags.push((t - fell[0]) / 1000)
  }
  lags.sort((x, y) => x - y)
  return { median: lags[Math.floor(lags.length / 2)] ?? NaN, most: lags[lags.length - 1] ?? NaN }
}
