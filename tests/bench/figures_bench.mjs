// The figures' bench: how soon a post's first figure shows its map when the
// post has one figure and when it has six (two in view, four below the
// fold), loads taking turns, medians; and what each figure started adds to
// the browser's memory (PSS summed over the browser's processes, as
// soak_bench.mjs reads it), with one to six figures all in view and raining.
// Needs the release build (dist/, from `trunk build --release --public-url
// ./`) and the npm tools; Linux only (it reads /proc).
//
//   node tests/bench/figures_bench.mjs
//   LOADS=5 node tests/bench/figures_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy.
import { serve, launch, newContext, hostPage } from '../e2e/helpers.mjs'
import { browserMemory } from './memory.mjs'

const LOADS = Number(process.env.LOADS ?? 11)
const AT = '/static/hydraulic-erosion/'
const SCRIPT = `<script type="module" src="${AT}element.js"></script>`
const figure = k => `<hydraulic-erosion id="f${k}" seed="${k + 1}" loading="eager"></hydraulic-erosion>`
const lazy = k => `<hydraulic-erosion id="f${k}" seed="${k + 1}"></hydraulic-erosion>`
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const pages = {
  ...hostPage('/one/', lazy(0) + SCRIPT, 'hydraulic-erosion { width: 480px }'),
  ...hostPage('/six/', `${lazy(0)}${lazy(1)}<div class="long"></div>${[2, 3, 4, 5].map(lazy).join('')}${SCRIPT}`,
    'hydraulic-erosion { width: 480px } .long { height: 4000px }')
}
for (let n = 1; n <= 6; n++) {
  Object.assign(pages, hostPage(`/grid/${n}/`, Array.from({ length: n }, (_, k) => figure(k)).join('') + SCRIPT,
    'body { display: flex; flex-wrap: wrap } hydraulic-erosion { width: 320px }'))
}
const server = await serve(undefined, pages, AT)
const browser = await launch()

// Milliseconds from navigation to the first figure's first frame drawn
async function firstFigure (path) {
  const context = await newContext(browser, { viewport: { width: 1000, height: 900 } })
  const page = await context.newPage()
  await page.goto(server.url + path)
  const at = await page.evaluate(() => new Promise(resolve => {
    const look = () => (document.getElementById('f0')?.state?.()?.frames > 0 ? resolve(performance.now()) : requestAnimationFrame(look))
    look()
  }))
  await context.close()
  return at
}

const times = { '/one/': [], '/six/': [] }
for (let k = 0; k < LOADS; k++) {
  for (const path of k % 2 ? ['/six/', '/one/'] : ['/one/', '/six/']) times[path].push(await firstFigure(path))
}
const one = median(times['/one/'])
const six = median(times['/six/'])
console.log(`first figure's first frame, median of ${LOADS} loads: one figure ${one.toFixed(0)} ms, six ${six.toFixed(0)} ms (${(six / one).toFixed(2)}×)`)

// Memory with n figures in view, each raining for a few seconds
console.log('\nfigures  total PSS  added by the last')
let before = null
for (let n = 1; n <= 6; n++) {
  const context = await newContext(browser, { viewport: { width: 1000, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/grid/${n}/`)
  await page.waitForFunction(n => Array.from({ length: n }, (_, k) => document.getElementById(`f${k}`).state()).every(s => s?.settled && s.drops > 2000), n, { timeout: 60000 })
  await page.waitForTimeout(3000)
  const { total } = browserMemory()
  console.log(`${String(n).padStart(7)}  ${total.toFixed(0).padStart(6)} MB  ${before === null ? '' : `${(total - before).toFixed(0)} MB`}`)
  before = total
  await context.close()
}
await browser.close()
await server.close()
