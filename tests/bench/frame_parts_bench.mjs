// What a raining frame on a phone spends its time on, part by part: the
// frames a second with the CPU slowed 4× on a 390 × 844 screen at a pixel
// ratio of 3 (`?he-seed=1`), for the release build as it is and for copies
// of it whose sketch worker leaves one part of the canvas work out:
//
// - `no relief scaled`: the relief image is not scaled onto the map (what a
//   relief the compositor scales, under the lines, would save);
// - `no lines stroked`: the lines kept on their own canvases while it rains
//   (src/draw/line_cadence.rs) are not stroked, but are still laid over the
//   map each frame (what rasterising the lines costs);
// - `no lines laid over`: they are stroked (and rasterised at once) but not
//   laid over the map (what the two canvases laid over every frame cost);
// - `none of it`: neither the relief scaled nor the kept lines.
//
// Each copy is dist/ with a few lines put before www/sketch-worker.js that
// wrap the worker's `OffscreenCanvasRenderingContext2D` methods; the
// pictures are wrong on purpose, only the time counts. The builds take
// turns, ROUNDS times (env, 3 unless set), and each gets the median.
// Needs the release build (dist/).
//
//   node tests/bench/frame_parts_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve, launch, newContext, siteHeaders, root } from '../e2e/helpers.mjs'

const SLOWDOWN = 4
const RATIO = 3
const RAIN_MS = 4000
const ROUNDS = Number(process.env.ROUNDS || 3)
const dist = path.join(root, 'dist')

// Put before the worker's script: the canvases the worker makes itself
// (the kept lines' and the relief's, not the page's it was given) are
// told apart from the page's, and the parts `leave` names are left out.
// The relief's canvas is the map's grid (a few hundred cells wide), a kept
// picture the page canvas's size.
const wrapper = leave => `{
  const leave = ${JSON.stringify(leave)}
  const made = new WeakSet()
  self.OffscreenCanvas = new Proxy(OffscreenCanvas, { construct (t, args) { const c = new t(...args); made.add(c); return c } })
  const kept = c => made.has(c) && c.width > 400
  const relief = c => made.has(c) && c.width > 1 && c.width <= 400
  const P = OffscreenCanvasRenderingContext2D.prototype, { drawImage, stroke } = P
  P.drawImage = function (source, ...rest) {
    if (leave.includes('relief') && relief(source)) return
    if (leave.includes('laid') && kept(source)) return
    return drawImage.call(this, source, ...rest)
  }
  P.stroke = function (...rest) {
    if (leave.includes('stroked') && kept(this.canvas)) return
    const done = stroke.apply(this, rest)
    // (rasterised now, as laying them over would have made it)
    if (leave.includes('laid') && kept(this.canvas)) this.getImageData(0, 0, 1, 1)
    return done
  }
}
`

const variants = [
  ['as built', null],
  ['no relief scaled', ['relief']],
  ['no lines stroked', ['stroked']],
  ['no lines laid over', ['laid']],
  ['none of it', ['relief', 'stroked', 'laid']],
]

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'frame-parts-'))
const dirs = variants.map(([name, leave], i) => {
  if (!leave) return dist
  const dir = path.join(scratch, String(i))
  fs.cpSync(dist, dir, { recursive: true })
  const worker = path.join(dir, 'sketch-worker.js')
  fs.writeFileSync(worker, wrapper(leave) + fs.readFileSync(worker, 'utf8'))
  return dir
})

const browser = await launch()
const fps = variants.map(() => [])
let canvas
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, dir] of dirs.entries()) {
    const server = await serve(dir, {}, '/s/', siteHeaders(dir))
    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: RATIO, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
    await page.goto(`${server.url}/s/?he-seed=1`)
    await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled, null, { timeout: 120000, polling: 200 })
    const before = await page.evaluate(() => window.wasmBindings.pageState().frames)
    await page.waitForTimeout(RAIN_MS)
    const state = await page.evaluate(() => window.wasmBindings.pageState())
    fps[i].push((state.frames - before) / (RAIN_MS / 1000))
    canvas = state.canvas
    await context.close()
    await server.close()
  }
}
await browser.close()
fs.rmSync(scratch, { recursive: true, force: true })

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`raining on ${canvas.join(' × ')} device pixels, the CPU slowed ${SLOWDOWN}×, median of ${ROUNDS}:`)
const built = median(fps[0])
for (const [i, [name]] of variants.entries()) {
  const f = median(fps[i])
  const ms = 1000 / f
  const saved = i === 0 ? '' : `, ${(1000 / built - ms).toFixed(1)} ms a frame less`
  console.log(`  ${name.padEnd(20)}${f.toFixed(1).padStart(6)} frames a second (${fps[i].map(x => x.toFixed(1)).join(', ')})${saved}`)
}
