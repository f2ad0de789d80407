// The browser bench: the original sketch and ours, timed in one headless
// Chromium run, and their download sizes. Needs the release build (dist/,
// from `trunk build --release --public-url ./`) and the npm tools.
//
//   node tests/bench/browser_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy, so read
// the ratios, which compare the two in the same run.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { serve, launch, dist, root, bundle } from '../e2e/helpers.mjs'
import { hookedSketch, referenceDir } from '../original_sketch.mjs'

const SIZE = 'width: 960px; height: 540px'   // the reference page's holder
const p5 = fs.readFileSync(path.join(root, 'tools/node_modules/p5/lib/p5.min.js'))
const hooked = hookedSketch()
const referenceHtml = fs.readFileSync(path.join(referenceDir, 'index.html'), 'utf8')
  .replace('<script src="p5.min.js"></script>', '<script>window.__originalSketches = []</script><script src="p5.min.js"></script>')
const { js, wasm } = bundle()

const pages = {
  '/original/': referenceHtml,
  '/original/p5.min.js': p5,
  '/original/sketch.js': hooked,
  '/bench.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module">import init, * as bindings from './${js}'; await init({ module_or_path: './${wasm}' }); window.wasmBindings = bindings</script>`
}
const ours = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace('</head>', `<style>#sketch-holder { ${SIZE}; aspect-ratio: auto }</style></head>`)
if (!ours.includes(SIZE)) throw new Error('dist/index.html has no </head> to size the holder before')
pages['/ours.html'] = ours

// Served without the site's policy: the harness pages start the modules from
// scripts written into them (and the original sketch's hooks)
const server = await serve(dist, pages, '/', {})
const browser = await launch()
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const results = {}

async function newPage(url) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  page.on('pageerror', e => console.error('page error:', e.message))
  await page.goto(url)
  return page
}

// 1. The work itself: 300,000 drops at the defaults from seed 1, rivers,
//    contours and relief, median of 10 after the rain
{
  const page = await newPage(server.url + '/original/')
  await page.waitForFunction(() => window.__originalSketches.length === 1 && window.__originalSketches[0].frameCount > 0)
  results.original = await page.evaluate(() => {
    const sketch = window.__originalSketches[0]
    sketch.noLoop()
    const inside = sketch.__inside()
    inside.useSeed(1)
    const sea = () => inside.heights.filter(h => h < 0.25).length / inside.heights.length * 100
    const seaBefore = sea()
    let t = performance.now()
    for (let k = 0; k < 300000; k++) inside.drop()
    const rain = performance.now() - t
    const timeIt = work => {
      const runs = []
      for (let k = 0; k < 10; k++) { const s = performance.now(); work(); runs.push(performance.now() - s) }
      return runs.sort((a, b) => a - b)[5]
    }
    const colors = inside.color_sets.site_dark
    const view = inside.viewport()
    return {
      rain, seaBefore, seaAfter: sea(),
      rivers: timeIt(() => inside.buildRivers(inside.heights)),
      contours: timeIt(() => inside.drawContours(inside.heights, colors, view)),
      relief: timeIt(() => inside.drawTerrain(inside.heights, colors, view)),
      pausedFrame: timeIt(() => sketch.redraw())
    }
  })
  await page.close()
}
{
  const page = await newPage(server.url + '/bench.html')
  await page.waitForFunction(() => window.wasmBindings)
  results.ours = await page.evaluate(() => {
    const { Terrain } = window.wasmBindings
    const t = new Terrain(1)
    const sea = () => t.heights().filter(h => h < 0.25).length / (320 * 180) * 100
    const seaBefore = sea()
    let s = performance.now()
    t.rain(300000)
    const rain = performance.now() - s
    const timeIt = work => {
      const runs = []
      for (let k = 0; k < 10; k++) { const s = performance.now(); work(); runs.push(performance.now() - s) }
      return runs.sort((a, b) => a - b)[5]
    }
    return {
      rain, steps: t.steps(), seaBefore, seaAfter: sea(),
      rivers: timeIt(() => t.rivers().free()),
      // The four measures, routing included (the sketch shares the rivers')
      measures: timeIt(() => t.measures()),
      contours: timeIt(() => t.contours().free()),
      relief: timeIt(() => t.relief('site_dark'))
    }
  })
  await page.close()
}

// 2. A raining frame on the main thread (Chrome's TaskDuration over a few
//    seconds, divided by the frames drawn), and the first frame after
//    navigation, seed 1, default settings, 960 × 540

// Opens `url` and notes when the first frame is drawn (`framesSoFar`, an
// expression for the frames drawn, first reaches 1), by the same check on
// every animation frame for both sketches (ours through pageFrames(), a
// counter as cheap to read as p5's frameCount; pageState() fingerprints the
// heights, too much to do every frame). The page is then left alone for
// LEAVE_ALONE_MS before the note is read: Playwright's waitForFunction runs
// script in the page to poll, and that lands on the main thread just while
// the first frame is being made (some 15 ms, the same for both, which is a
// bigger share of the quicker page's time)
const LEAVE_ALONE_MS = 2000
async function openTimingFirstFrame(url, framesSoFar, { mainThread = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  // As a browser without OffscreenCanvas drawing: our sketch on the main thread
  if (mainThread) await page.addInitScript(() => { delete HTMLCanvasElement.prototype.transferControlToOffscreen })
  await page.addInitScript(check => {
    const look = () => {
      try { if (eval(check) >= 1) { window.__firstFrame = performance.now(); return } } catch (e) {}
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  }, framesSoFar)
  await page.goto(url)
  await new Promise(resolve => setTimeout(resolve, LEAVE_ALONE_MS))
  await page.waitForFunction(() => window.__firstFrame !== undefined)
  return { page, firstFrame: await page.evaluate(() => window.__firstFrame) }
}

// CPU time (s) of every renderer process: the page's main thread, its
// workers and its compositor alike. Only one page is open while it is read
const browserCdp = await browser.newBrowserCDPSession()
const rendererCpu = async () => (await browserCdp.send('SystemInfo.getProcessInfo')).processInfo
  .filter(p => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0)

async function frames(url, framesSoFar, dropsSoFar, setSeed, options) {
  const { page, firstFrame } = await openTimingFirstFrame(url, framesSoFar, options)
  await page.evaluate(setSeed)
  await page.waitForTimeout(1000)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map(m => [m.name, m.value]))
  const read = async () => ({
    ...(await metric()), frames: await page.evaluate(framesSoFar), drops: await page.evaluate(dropsSoFar),
    cpu: await rendererCpu(), at: performance.now()
  })
  const before = await read()
  await page.waitForTimeout(4000)
  const after = await read()
  const n = after.frames - before.frames
  const drops = after.drops - before.drops
  await page.close()
  return {
    firstFrame,
    frames: n,
    task: (after.TaskDuration - before.TaskDuration) * 1000 / n,
    script: (after.ScriptDuration - before.ScriptDuration) * 1000 / n,
    dropsPerSecond: drops * 1000 / (after.at - before.at),
    framesPerSecond: n * 1000 / (after.at - before.at),
    cpuPerDrop: (after.cpu - before.cpu) * 1e6 / drops
  }
}
const setSeedOne = () => {
  const s = document.getElementById('experiment-control-seed')
  s.value = '1'
  s.dispatchEvent(new Event('change'))
}
// The original rains drops_per_frame (200) every frame
const [originalFramesSoFar, originalDrops] = ['window.__originalSketches[0].frameCount', 'window.__originalSketches[0].frameCount * 200']
// Ours: the first picture (www/start.js, src/web/first_picture.rs) is the
// first frame while it shows; the page's module counts its own after it
const ourFramesSoFar = "document.querySelector('#sketch-holder[data-first-picture]') ? 1 : window.wasmBindings.pageFrames()"
const ourDrops = 'window.wasmBindings.pageState().drops'
results.originalFrames = await frames(server.url + '/original/', originalFramesSoFar, originalDrops, setSeedOne)
results.ourFrames = await frames(server.url + '/ours.html', ourFramesSoFar, ourDrops, setSeedOne)
results.ourMainThreadFrames = await frames(server.url + '/ours.html', ourFramesSoFar, ourDrops, setSeedOne, { mainThread: true })

// Where our frame's time goes: the same measurement with one part off
const input = (id, value) => `(() => { const e = document.getElementById('experiment-control-${id}'); e.value = '${value}'; e.dispatchEvent(new Event('input')) })()`
const parts = {
  'no rain (0 drops a frame)': input('drops-per-frame', 0),
  'no contours': input('contour-levels', 0),
  'no rivers': "document.getElementById('experiment-control-rivers').click()"
}
results.parts = {}
for (const [name, change] of Object.entries(parts)) {
  results.parts[name] = await frames(server.url + '/ours.html', ourFramesSoFar, ourDrops, `(${setSeedOne})(); ${change}`, { mainThread: true })
}

// The first frame alone is one noisy number: take the median of LOADS
// loads of each, taking turns so both meet the same machine
const LOADS = 11
const firstFrames = { originalFrames: [results.originalFrames.firstFrame], ourFrames: [results.ourFrames.firstFrame] }
for (let k = 1; k < LOADS; k++) {
  for (const [key, url, check] of [['originalFrames', '/original/', 'window.__originalSketches[0].frameCount'], ['ourFrames', '/ours.html', ourFramesSoFar]]) {
    const { page, firstFrame } = await openTimingFirstFrame(server.url + url, check)
    firstFrames[key].push(firstFrame)
    await page.close()
  }
}
for (const key of Object.keys(firstFrames)) {
  results[key].firstFrame = median(firstFrames[key])
  results[key].firstFrames = firstFrames[key]
}
await browser.close()
await server.close()

// 3. What a reader downloads, gzipped
const gz = file => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
// Ours before the first picture: the page, the first picture's glue and
// wasm; then the page's module (start.js asks for its wasm once the
// picture's has come)
const ourBytes = ['index.html', 'first-picture.js', 'first-picture_bg.wasm'].map(file => gz(path.join(dist, file)))
const pageBytes = [js, wasm].map(file => gz(path.join(dist, file)))
const originalBytes = gz(path.join(root, 'tools/node_modules/p5/lib/p5.min.js')) + gz(path.join(referenceDir, 'sketch.js'))

// The report
const { original: o, ours: r, originalFrames: of, ourFrames: rf, ourMainThreadFrames: mf } = results
const row = (name, a, b, unit, better = 'lower') => {
  const ratio = better === 'lower' ? a / b : b / a
  const places = unit === 'ms' || unit === 'µs' ? 2 : 1
  console.log(`${name.padEnd(50)}${a.toFixed(places).padStart(10)} ${unit}${b.toFixed(places).padStart(10)} ${unit}   ${ratio.toFixed(2)}×`)
}
console.log(`${''.padEnd(50)}${'original'.padStart(13)}${'ours'.padStart(13)}   ours faster / smaller by`)
row('300,000 drops, seed 1', o.rain, r.rain, 'ms')
row('rivers (flood + routing + water)', o.rivers, r.rivers, 'ms')
row('contours', o.contours, r.contours, 'ms')
row('relief', o.relief, r.relief, 'ms')
// The original measures nothing: ours alone, with the routing (what a frame
// pays where the rivers are not drawn) and without (where it shares theirs)
console.log(`${'measures, routing included / without (ours only)'.padEnd(50)}${r.measures.toFixed(2).padStart(23)} ms / ${(r.measures - r.rivers).toFixed(2)} ms`)
row('raining frame, main thread (sketch in its worker)', of.task, rf.task, 'ms')
row('  of which script', of.script, rf.script, 'ms')
row('raining frame, main thread (sketch on it)', of.task, mf.task, 'ms')
row('frames a second while raining (worker)', of.framesPerSecond, rf.framesPerSecond, '/s', 'higher')
row('frames a second while raining (main thread)', of.framesPerSecond, mf.framesPerSecond, '/s', 'higher')
row('drops a second while raining (worker)', of.dropsPerSecond, rf.dropsPerSecond, '/s', 'higher')
row('drops a second while raining (main thread)', of.dropsPerSecond, mf.dropsPerSecond, '/s', 'higher')
row('renderer CPU a drop (worker)', of.cpuPerDrop, rf.cpuPerDrop, 'µs')
row('renderer CPU a drop (main thread)', of.cpuPerDrop, mf.cpuPerDrop, 'µs')
row(`first frame after navigation (median of ${LOADS})`, of.firstFrame, rf.firstFrame, 'ms')
row('download before the first frame, gzipped', originalBytes / 1024, ourBytes.reduce((a, b) => a + b) / 1024, 'KB')
console.log(`\nours: ${(r.rain * 1e6 / r.steps).toFixed(1)} ns a step, ${(r.steps / 300000).toFixed(1)} steps a drop`)
console.log(`original: contours and relief above include stroking and drawing the image; ours are geometry and pixels only`)
console.log(`sea before / after 300,000 drops: original ${o.seaBefore.toFixed(1)} % / ${o.seaAfter.toFixed(1)} %, ours ${r.seaBefore.toFixed(1)} % / ${r.seaAfter.toFixed(1)} %`)
console.log(`first frames, ms: original ${of.firstFrames.map(t => t.toFixed(0)).join(' ')}; ours ${rf.firstFrames.map(t => t.toFixed(0)).join(' ')}`)
console.log(`frames measured: original ${of.frames}, ours ${rf.frames} (worker), ${mf.frames} (main thread); original paused frame ${o.pausedFrame.toFixed(1)} ms`)
console.log('\nwhere our raining frame goes (the sketch on the main thread, the same measurement with one part off):')
for (const [name, m] of Object.entries(results.parts)) {
  console.log(`  ${name.padEnd(28)}${m.task.toFixed(2).padStart(7)} ms  (${(mf.task - m.task).toFixed(2)} ms for that part, ${(m.script).toFixed(2)} ms script), ${m.framesPerSecond.toFixed(1)} frames a second`)
}
console.log(`our download before the first frame: html ${ourBytes[0]} B, first picture's js ${ourBytes[1]} B and wasm ${ourBytes[2]} B (gzip -9)`)
console.log(`then the page's module: js ${pageBytes[0]} B, wasm ${pageBytes[1]} B; in all ${((ourBytes.reduce((a, b) => a + b) + pageBytes.reduce((a, b) => a + b)) / 1024).toFixed(1)} KB`)
