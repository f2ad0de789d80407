// The tutorial bench: the terrain erosion tutorial's pipeline at 512 × 512
// (warped fBm, 100 batches of 1,000 drops each followed by a thermal pass,
// flow accumulation), run by the tutorial's own code and by ours in one
// headless Chromium, and how responsive the page stays while ours runs it.
// Needs the release build (dist/, from `trunk build --release --public-url
// ./`) and the npm tools.
//
//   node tests/bench/tutorial_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy, so read
// the ratios, which compare the two in the same run. The tutorial's drop is
// run with the one correction ours has (it digs where it left: as written
// it runs away to ±10³⁰ and its drops end early, which would flatter it).
import { serve, launch, dist, bundle } from '../e2e/helpers.mjs'
import { tutorialSource } from '../tutorial_code.mjs'

// 2D simplex noise for the tutorial's `simplex2` (after Stefan Gustavson's
// public-domain implementation), seeded by a shuffled permutation
const SIMPLEX = `
const simplex2 = (() => {
  let s = 1
  const random = () => { s = (s * 16807) % 2147483647; return s / 2147483647 }
  const p = Array.from({ length: 256 }, (_, i) => i)
  for (let i = 255; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [p[i], p[j]] = [p[j], p[i]] }
  const perm = new Uint8Array(512)
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255]
  const grad = [[1, 1], [-1, 1], [1, -1], [-1, -1], [1, 0], [-1, 0], [0, 1], [0, -1]]
  const F2 = 0.5 * (Math.sqrt(3) - 1), G2 = (3 - Math.sqrt(3)) / 6
  return (x, y) => {
    const s = (x + y) * F2
    const i = Math.floor(x + s), j = Math.floor(y + s)
    const t = (i + j) * G2
    const x0 = x - (i - t), y0 = y - (j - t)
    const [i1, j1] = x0 > y0 ? [1, 0] : [0, 1]
    const x1 = x0 - i1 + G2, y1 = y0 - j1 + G2, x2 = x0 - 1 + 2 * G2, y2 = y0 - 1 + 2 * G2
    const ii = i & 255, jj = j & 255
    const corner = (gi, cx, cy) => {
      const t = 0.5 - cx * cx - cy * cy
      if (t < 0) return 0
      const g = grad[gi % 8]
      return t * t * t * t * (g[0] * cx + g[1] * cy)
    }
    return 70 * (corner(perm[ii + perm[jj]], x0, y0) + corner(perm[ii + i1 + perm[jj + j1]], x1, y1) + corner(perm[ii + 1 + perm[jj + 1]], x2, y2))
  }
})()
`

const { js, wasm } = bundle({ full: true })
const pages = {
  '/tutorial.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>${tutorialSource({ noise: SIMPLEX, corrected: true })}</script>`,
  '/bench.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module">import init, * as bindings from './${js}'; await init({ module_or_path: './${wasm}' }); window.wasmBindings = bindings</script>`
}
// Served without the site's policy: the harness pages start the modules from
// scripts written into them (and the original sketch's hooks)
const server = await serve(dist, pages, '/', {})
const browser = await launch()
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const RUNS = 3

async function newPage(url) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  page.on('pageerror', e => console.error('page error:', e.message))
  await page.goto(url)
  return page
}

// 1. The pipeline, by the tutorial's code (its generateTerrain, less the
//    three.js mesh), Math.random seeded
const tutorial = await newPage(server.url + '/tutorial.html')
const theirs = []
for (let run = 0; run < RUNS; run++) {
  theirs.push(await tutorial.evaluate(() => {
    let seed = 1
    Math.random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
    const size = 512
    const t0 = performance.now()
    const field = new Heightfield(size)
    for (let z = 0; z < size; z++) for (let x = 0; x < size; x++) field.set(x, z, warpedHeight(x, z))
    const t1 = performance.now()
    const params = { maxSteps: 64, inertia: 0.05, minSlope: 0.01, sedimentCapacity: 4, depositionRate: 0.3, erosionRate: 0.3, gravity: 4, evaporation: 0.02 }
    for (let batch = 0; batch < 100; batch++) {
      erode(field, 1000, params)
      thermalErosion(field, 0.6, 0.5)
    }
    const t2 = performance.now()
    flowAccumulation(field)
    const t3 = performance.now()
    return { build: t1 - t0, rain: t2 - t1, rivers: t3 - t2, total: t3 - t0 }
  }))
}

// 2. The same by ours, through the JS API: the tutorial preset (its map,
//    warped shape, drop and thermal passes every 1,000 drops)
const bench = await newPage(server.url + '/bench.html')
await bench.waitForFunction(() => window.wasmBindings)
const ours = []
for (let run = 0; run < RUNS; run++) {
  ours.push(await bench.evaluate(() => {
    const t = new window.wasmBindings.Terrain(1)
    const t0 = performance.now()
    t.choose('preset', 'tutorial')
    const t1 = performance.now()
    let steps = 0
    for (let batch = 0; batch < 100; batch++) steps += t.rain(1000)
    const t2 = performance.now()
    t.rivers()
    const t3 = performance.now()
    return { build: t1 - t0, rain: t2 - t1, rivers: t3 - t2, total: t3 - t0, steps }
  }))
}

// 3. The page while ours rains the tutorial's 100,000 drops (1,000 a display
//    frame): the main thread's longest task and frames, from the page's own
//    observers
const page = await newPage(server.url + '/index.html?he-seed=1&he-preset=tutorial&he-terrain=warped&he-map-size=512x512&he-drops-per-frame=1000&he-talus=0.008&he-sea-level=0&he-terrain-scale=0.016')
await page.evaluate(() => {
  window.__watch = { longest: 0, tasks: 0, frames: 0, worstGap: 0 }
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) { window.__watch.tasks++; window.__watch.longest = Math.max(window.__watch.longest, e.duration) }
  }).observe({ type: 'longtask' })
  let last = performance.now()
  const tick = now => { window.__watch.frames++; window.__watch.worstGap = Math.max(window.__watch.worstGap, now - last); last = now; requestAnimationFrame(tick) }
  requestAnimationFrame(tick)
  window.__watch.start = performance.now()
})
await page.waitForFunction(() => window.wasmBindings?.pageState() && !window.wasmBindings.pageState().looping, null, { timeout: 180000, polling: 250 })
const watch = await page.evaluate(() => ({ ...window.__watch, seconds: (performance.now() - window.__watch.start) / 1000, state: window.wasmBindings.pageState() }))

// 4. The tutorial's pipeline run on a page's main thread, as one task: how
//    long the page would be frozen without a worker
const frozen = median(theirs.map(r => r.total))

const row = (name, pick) => {
  const a = median(theirs.map(pick))
  const b = median(ours.map(pick))
  return `| ${name} | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${(a / b).toFixed(2)}× |`
}
console.log(`Tutorial pipeline at 512 × 512, median of ${RUNS} (Chromium, one run)`)
console.log('| step | tutorial\'s code | ours | ratio |')
console.log('|---|---|---|---|')
console.log(row('warped fBm, 512 × 512', r => r.build))
console.log(row('100 × (1,000 drops + thermal pass)', r => r.rain))
console.log(row('flow accumulation', r => r.rivers))
console.log(row('whole pipeline', r => r.total))
console.log(`ours: ${median(ours.map(r => r.steps))} steps for 100,000 drops`)
console.log(`\nThe page raining the tutorial's 100,000 drops (sketch in its ${watch.state.thread}): ${watch.seconds.toFixed(1)} s, ` +
  `${watch.state.drops} drops; main thread: longest task ${watch.longest.toFixed(0)} ms (${watch.tasks} over 50 ms), ` +
  `${watch.frames} frames, worst gap between frames ${watch.worstGap.toFixed(0)} ms`)
console.log(`The tutorial's code on a page's main thread: one ${frozen.toFixed(0)} ms task (the page frozen throughout)`)
await browser.close()
await server.close()
