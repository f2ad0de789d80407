// The brush's bench: from a pointer move on the map, with the raise tool
// pressed, to the page's status saying the sketch stamped it and drew the
// frame (its heights' fingerprint changed), in milliseconds and in display
// frames, on the article's map, paused and raining, with the sketch in its
// worker and on the main thread. Each move goes six cells, so each makes a
// stamp or two (they go half the radius, four cells, apart). Needs the release build (dist/, from
// `trunk build --release --public-url ./`) and the npm tools.
//
//   node tests/bench/brush_bench.mjs
//   MOVES=60 node tests/bench/brush_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy.
import { serve, launch, newContext, pause } from '../e2e/helpers.mjs'

const MOVES = Number(process.env.MOVES ?? 30)
const server = await serve()
const browser = await launch()
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]

async function measure (raining, mainThread) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } }, { mainThread })
  const page = await context.newPage()
  await page.goto(`${server.url}/?he-seed=3&he-tool=raise&he-tool-size=8`)
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 5 && window.wasmBindings.pageState().settled)
  if (!raining) await pause(page)
  await page.waitForTimeout(500)
  const box = await page.locator('#sketch-holder canvas:not(.view-3d):visible').boundingBox()
  // In the page: press, then move a stamp's spacing at a time, each move
  // after the last one's stamp was seen, timing each from the event to the
  // animation frame whose status first shows it
  const result = await page.evaluate(async ({ box, moves }) => {
    const canvas = [...document.querySelectorAll('#sketch-holder canvas:not(.view-3d)')].find(c => c.offsetParent)
    const cellPx = box.width / 319
    const at = k => ({ clientX: box.x + box.width * 0.2 + k * 6 * cellPx, clientY: box.y + box.height * 0.5 })
    const fire = (type, k) => canvas.dispatchEvent(new PointerEvent(type, {
      bubbles: true, pointerId: 7, pointerType: 'mouse', button: 0, buttons: 1, isPrimary: true, ...at(k)
    }))
    const hash = () => window.wasmBindings.pageState().heightsHash
    const frame = () => new Promise(resolve => requestAnimationFrame(resolve))
    const seen = async (before) => {
      let frames = 0
      while (hash() === before) { await frame(); frames++ }
      return frames
    }
    fire('pointerdown', 0)
    await seen(null)
    const ms = []; const frames = []
    for (let k = 1; k <= moves; k++) {
      await frame()
      const before = hash()
      const t0 = performance.now()
      fire('pointermove', k)
      frames.push(await seen(before))
      ms.push(performance.now() - t0)
    }
    fire('pointerup', moves)
    return { ms, frames }
  }, { box, moves: MOVES })
  await context.close()
  return result
}

console.log(`${MOVES} moves of the raise tool (radius 8) on the article's map, pointer event to the frame showing it`)
console.log('sketch      rain     median ms  p90 ms  median frames  p90 frames')
for (const mainThread of [false, true]) {
  for (const raining of [false, true]) {
    const { ms, frames } = await measure(raining, mainThread)
    console.log(`${mainThread ? 'main thread' : 'worker     '} ${raining ? 'raining' : 'paused '}  ` +
      `${quantile(ms, 0.5).toFixed(1).padStart(9)}  ${quantile(ms, 0.9).toFixed(1).padStart(6)}  ` +
      `${String(quantile(frames, 0.5)).padStart(13)}  ${String(quantile(frames, 0.9)).padStart(10)}`)
  }
}
await browser.close()
await server.close()
