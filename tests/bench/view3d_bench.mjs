// The 3D view's bench: what a raining frame costs with the map in 2D and in
// 3D, on the page's main thread (Chrome's own count of its main thread's
// task time, over frames) and on the sketch's thread (the sketch's `drawMs`:
// the painter's calls, which in 3D are sending the heights and the water to
// the GPU and the draw calls), and the frames and drops a second, with the
// sketch in its worker and on the main
// thread. Needs the release build (dist/, from
// `trunk build --release --public-url ./`) and the npm tools.
//
//   node tests/bench/view3d_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy. Headless
// Chromium here draws WebGL in software, so 3D frames come slower than on a
// machine with a GPU; the figures per frame are what the page's code costs.
import { serve, launch, newContext } from '../e2e/helpers.mjs'

const SECONDS = 6
const server = await serve()
const browser = await launch()
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function measure(view, mainThread, trees = false) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } }, { mainThread })
  const page = await context.newPage()
  await page.goto(`${server.url}/?he-seed=1${view === '3d' ? '&he-view=1' : ''}${trees ? '&he-trees=1' : ''}`)
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 5)
  await page.waitForTimeout(1000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const taskTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find(m => m.name === 'TaskDuration').value
  const frames = () => page.evaluate(() => window.wasmBindings.pageState().frames)
  const drops = () => page.evaluate(() => window.wasmBindings.pageState().drops)
  // The main thread's task time, the frames and the drops over a few
  // seconds, left alone...
  const [t0, f0, d0, at0] = [await taskTime(), await frames(), await drops(), performance.now()]
  await page.waitForTimeout(SECONDS * 1000)
  const [t1, f1, d1, at1] = [await taskTime(), await frames(), await drops(), performance.now()]
  // ... then the drawing's time, read frame by frame
  const draws = await page.evaluate(() => new Promise(resolve => {
    const out = []
    let last = -1
    const read = () => {
      const s = window.wasmBindings.pageState()
      if (s.frames !== last) { out.push(s.drawMs); last = s.frames }
      if (out.length < 40) setTimeout(read, 10); else resolve(out)
    }
    read()
  }))
  await context.close()
  const busy = (t1 - t0) * 1000
  const seconds = (at1 - at0) / 1000
  return {
    frames: f1 - f0,
    framesPerSecond: (f1 - f0) / seconds,
    dropsPerSecond: (d1 - d0) / seconds,
    mainMsPerSecond: busy / SECONDS,
    mainMsPerFrame: busy / (f1 - f0),
    drawMs: median(draws)
  }
}

for (const mainThread of [false, true]) {
  const where = mainThread ? 'the sketch on the main thread' : 'the sketch in its worker'
  const flat = await measure('2d', mainThread)
  const deep = await measure('3d', mainThread)
  const wooded = await measure('3d', mainThread, true)
  console.log(`${where}:`)
  for (const [name, f] of [['2D', flat], ['3D', deep], ['3D with trees', wooded]]) {
    console.log(`  ${name}: ${f.framesPerSecond.toFixed(1)} frames and ${f.dropsPerSecond.toFixed(0)} drops a second; the main thread busy ${f.mainMsPerSecond.toFixed(0)} ms a second, ` +
      `${f.mainMsPerFrame.toFixed(2)} ms a frame; the sketch's drawing ${f.drawMs.toFixed(2)} ms a frame (median of 40)`)
  }
  console.log(`  3D / 2D: drops a second ${(deep.dropsPerSecond / flat.dropsPerSecond).toFixed(2)}×, main thread a frame ${(deep.mainMsPerFrame / flat.mainMsPerFrame).toFixed(2)}×, drawing a frame ${(deep.drawMs / flat.drawMs).toFixed(2)}×`)
}
await browser.close()
await server.close()
