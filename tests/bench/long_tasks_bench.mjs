// The main thread's long tasks on a phone's CPU: Chromium with the CPU
// slowed 4× (DevTools' throttling, as Lighthouse's mobile profile), a
// 390 × 844 screen at a pixel ratio of 3, every task over 50 ms on the
// page's main thread (the Long Tasks API, with what the trace says ran in
// it) from navigation to 5 s of rain, in the page (a new map, `?he-seed=1`,
// a link's replay), in the post with figures, and after a new seed, a
// preset and the 3D view turned on. Then the frames a second while it
// rains and the slowest interaction (Event Timing) of a few slider moves.
// Needs the release build (dist/, or the one `DIST` names).
//
//   node tests/bench/long_tasks_bench.mjs
//   DIST=/tmp/other-dist node tests/bench/long_tasks_bench.mjs
//
// The original sketch's frames a second on the same screen come last, with
// the CPU slowed and not: ours rain in a worker, which DevTools' throttling
// does not slow, so the fair ratio is the unthrottled one.
//
// Prints every long task it saw with the script it ran; exits 1 if any was
// seen. Never part of the tests: timings on a shared machine are noisy.
import fs from 'node:fs'
import path from 'node:path'
import { serve, launch, newContext, hostPage, root } from '../e2e/helpers.mjs'
import { hookedSketch, referenceDir } from '../original_sketch.mjs'

const SLOWDOWN = 4
const RATIO = 3
const LONG = 50
const RAIN_MS = 5000
const AT = '/static/hydraulic-erosion/'
const post = hostPage('/post/', `<h1>Rain on an island</h1><p>Some prose.</p>
  <hydraulic-erosion seed="1"></hydraulic-erosion><p>More prose.</p>
  <hydraulic-erosion seed="2" drops="20000"></hydraulic-erosion><p>More prose.</p>
  <hydraulic-erosion seed="3" inertia="0.3"></hydraulic-erosion><p>The end.</p>
  <script type="module" src="${AT}element.js"></script>`)
post['/post/'] = post['/post/'].replace('</title>', `</title><link rel="stylesheet" href="${AT}element.css">`)
const server = await serve(process.env.DIST || undefined, post, AT)
const browser = await launch()

// Gathers the long tasks (and every interaction's duration) from the
// start, before any script of the page's
const WATCH = () => {
  window.__long = []
  window.__slowest = 0
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__long.push({ at: Math.round(e.startTime), ms: Math.round(e.duration) })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) if (e.interactionId) window.__slowest = Math.max(window.__slowest, e.duration)
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 })
}
const since = (page, k) => page.evaluate(k => window.__long.slice(k), k)
const idle = ms => new Promise(resolve => setTimeout(resolve, ms))

// Tells the bench once the sketch (the page's, or a post's first figure)
// has drawn: the page checks for itself, as the bench's first evaluation in
// it (Playwright's `waitForFunction`) would install Playwright's script
// there, a task of 50–70 ms under the slowdown that the page would be
// blamed for
const TELL_WHEN_DRAWN = () => {
  const check = setInterval(() => {
    const state = window.wasmBindings?.pageState() ?? document.querySelector('hydraulic-erosion')?.state?.()
    if (state?.frames > 0) { clearInterval(check); window.__drawn() }
  }, 100)
}

async function phone (slowdown = SLOWDOWN) {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 }, deviceScaleFactor: RATIO, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  await page.addInitScript(WATCH)
  let drawn
  page.drawn = new Promise(resolve => { drawn = resolve })
  await page.exposeBinding('__drawn', () => drawn())
  await page.addInitScript(TELL_WHEN_DRAWN)
  return { context, page }
}

let seen = 0
// Our canvas's backing store while it rains, for the original's holder
let canvas = [1074, 603]
function say (what, tasks) {
  seen += tasks.length
  console.log(`${what}: ${tasks.length ? tasks.map(t => `${t.ms} ms at ${t.at} ms`).join(', ') : 'no task over 50 ms'}`)
}

// The page, from navigation to 5 s of rain, then each change and 5 s more
for (const query of ['', '?he-seed=1', '?he-seed=1&he-drops=100000']) {
  const { context, page } = await phone()
  await page.goto(server.url + AT + query)
  await page.drawn
  await idle(RAIN_MS)
  say(`the page ${query || '(a new map)'}, navigation to 5 s of rain`, await since(page, 0))
  if (query === '?he-seed=1') {
    const state = await page.evaluate(() => window.wasmBindings.pageState())
    const frames = await page.evaluate(() => window.wasmBindings.pageFrames())
    await idle(2000)
    const fps = (await page.evaluate(() => window.wasmBindings.pageFrames()) - frames) / 2
    console.log(`  raining at ${state.canvas.join(" × ")} px: ${fps.toFixed(1)} frames a second`)
    canvas = state.canvas
    // A thumb on a slider while it rains: the slowest interaction
    const slider = page.locator('#experiment-control-erosion')
    await slider.scrollIntoViewIfNeeded()
    for (let k = 0; k < 5; k++) { await slider.focus(); await page.keyboard.press(k % 2 ? 'ArrowLeft' : 'ArrowRight'); await idle(300) }
    console.log(`  slowest interaction while raining: ${(await page.evaluate(() => window.__slowest)).toFixed(0)} ms`)
    // Each by a key on the control, focused first: a reader's input comes
    // in a task of its own, as Playwright's clicks and picks do not (they
    // run in the bench's own evaluation, its work counted with the page's)
    for (const [what, control, key] of [
      ['a new seed', '#experiment-control-new-seed', 'Enter'],
      ['a preset', '#experiment-control-preset', 'l'],
      ['the 3D view', '#experiment-control-view-3d', 'Space']
    ]) {
      await page.focus(control)
      await idle(500)
      const k = (await since(page, 0)).length
      await page.keyboard.press(key)
      await idle(RAIN_MS)
      say(`  after ${what}, 5 s`, await since(page, k))
      const { seed, choices } = await page.evaluate(() => window.wasmBindings.pageState())
      console.log(`    (now seed ${seed}, preset ${choices.preset}, 3D ${(await page.isChecked('#experiment-control-view-3d'))})`)
    }
  }
  await context.close()
}

// The post with three figures
{
  const { context, page } = await phone()
  await page.goto(server.url + '/post/')
  await page.drawn
  await idle(RAIN_MS)
  say('the post with three figures, navigation to 5 s of rain', await since(page, 0))
  await context.close()
}

// The original on the same screen, its holder the size of our canvas (in
// CSS pixels), without the site's policy (its page has inline code)
const original = {
  '/original/': fs.readFileSync(path.join(referenceDir, 'index.html'), 'utf8')
    .replace('width: 960px; height: 540px', `width: ${canvas[0] / RATIO}px; height: ${canvas[1] / RATIO}px`)
    .replace('<script src="p5.min.js"></script>', '<script>window.__originalSketches = []</script><script src="p5.min.js"></script>'),
  '/original/p5.min.js': fs.readFileSync(path.join(root, 'tools/node_modules/p5/lib/p5.min.js')),
  '/original/sketch.js': hookedSketch()
}
const originalServer = await serve(undefined, original, AT, {})
for (const slowdown of [SLOWDOWN, 1]) {
  const { context, page } = await phone(slowdown)
  await page.goto(originalServer.url + '/original/')
  const frameCount = () => page.evaluate(() => window.__originalSketches[0]?.frameCount ?? 0)
  await page.waitForFunction(() => window.__originalSketches?.[0]?.frameCount > 0, null, { timeout: 120000, polling: 500 })
  await idle(2000)
  const before = await frameCount()
  await idle(4000)
  console.log(`the original on the same screen, the CPU slowed ${slowdown}×: ${((await frameCount() - before) / 4).toFixed(1)} frames a second`)
  await context.close()
}
await originalServer.close()

await browser.close()
await server.close()
process.exit(seen ? 1 : 0)
