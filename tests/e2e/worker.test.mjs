// End-to-end tests of where the sketch runs: in a worker where the browser
// can draw there (OffscreenCanvas), on the main thread where it cannot, and
// on the main thread again when the worker fails to start.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, canvasLook, pause, mainThreadOnly, expectedThread, displayFrames, framesPast } from './helpers.mjs'

let server, browser
// A worker's script that throws as it starts (for the test of a worker
// that fails)
before(async () => { server = await serve(undefined, { '/broken-worker.js': 'throw new Error("no workers here")' }); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 30000 })

test('the worker and the main thread bring back the same map and draw the same picture', async () => {
  const url = server.url + '/?he-seed=5&he-drops=30000&he-t=10000e.5_5000s.3&he-scheme=topographic'
  const looks = []
  for (const mainThread of [false, true]) {
    const { page, context, problems } = await open(browser, url, { mainThread })
    await replayed(page)
    const s = await state(page)
    await displayFrames(page, 2)
    assert.equal(s.thread, mainThread ? 'main' : 'worker')
    looks.push({ hash: s.heightsHash, settings: s.settings, look: await canvasLook(page) })
    assert.deepEqual(problems, [])
    await context.close()
  }
  assert.deepEqual(looks[1], looks[0])
})

test('the first frame is the worker\'s, and the first picture shows until it is drawn: never a blank frame', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=3', {
    initScript: () => {
      // What every animation frame shows once the first picture is there:
      // where the sketch runs, its frames, and how many maps are on screen
      // (the picture, and the map's canvases a sketch has drawn on)
      window.__frames = []
      const look = () => {
        const picture = document.querySelector('#sketch-holder img[data-first-picture]')
        const s = window.wasmBindings?.pageState()
        if (picture || window.__frames.length) {
          const canvases = s ? [...document.querySelectorAll('#sketch-holder canvas:not(.view-3d)')].filter(c => c.offsetWidth > 0).length : 0
          window.__frames.push({ thread: s?.thread ?? null, frames: s?.frames ?? 0, shown: canvases + (picture?.offsetWidth > 0 ? 1 : 0) })
        }
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    }
  })
  // (until the sketch has drawn a few frames where it stays, or has
  // reported from where it should not)
  await page.waitForFunction(stays => window.__frames.some(f => f.thread === stays ? f.frames > 3 : f.thread), expectedThread)
  const seen = await page.evaluate(() => window.__frames)
  const first = seen.find(f => f.thread)
  assert.ok(first, 'a sketch reported')
  assert.equal(first.thread, expectedThread, `the first frame is drawn where the sketch stays: ${JSON.stringify(first)}`)
  if (!mainThreadOnly) assert.ok(seen.some(f => f.thread === 'worker'), 'a worker has the sketch')
  assert.deepEqual(seen.filter(f => f.shown < 1), [], 'a map on screen in every frame, never none')
  assert.ok(seen.every((f, k) => k === 0 || f.frames >= seen[k - 1].frames), 'the frames carry on, never start again')
  assert.deepEqual(problems, [])
  await context.close()
})

// Every module worker dies at once (its script throws): the sketch's, and
// a big map's routing's
const NO_MODULE_WORKERS = () => {
  const Real = window.Worker
  window.Worker = class extends Real {
    constructor (url, options) {
      super(options?.type === 'module' ? '/broken-worker.js' : url, options)
    }
  }
}
// What the page says once, when the sketch's worker could not start
const ON_THE_MAIN_THREAD = 'console.warning: hydraulic erosion: the sketch\'s worker could not start: drawing on the main thread'

test('a worker that fails to start leaves the sketch on the main thread, with what the reader did meanwhile', async () => {
  const { page, context, problems } = await open(browser, server.url + '/', {
    mainThread: false,
    initScript: NO_MODULE_WORKERS
  })
  // open() waits until the sketch runs where it stays: here, the worker
  // having failed
  const s = await state(page)
  assert.equal(s.thread, 'main')
  assert.equal(s.looping, true)
  assert.deepEqual(problems, [ON_THE_MAIN_THREAD])
  await pause(page)
  assert.equal((await state(page)).looping, false, 'the controls reach the sketch where it now runs')
  await context.close()
})

test('where no worker starts, a big map\'s rivers are routed over the sketch\'s frames and follow the rain all the same', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=8&he-map-size=1024x1024', {
    mainThread: false,
    initScript: NO_MODULE_WORKERS
  })
  const s = await state(page)
  assert.deepEqual([s.thread, s.grid], ['main', [1024, 1024]])
  await page.waitForFunction(from => window.wasmBindings.pageState().riversOf > from + 5000, s.drops, { timeout: 60000 })
  assert.deepEqual(problems, [ON_THE_MAIN_THREAD])
  await context.close()
})

test('a big map\'s pause pressed while its worker starts reaches the sketch', { skip: mainThreadOnly && 'no worker' }, async () => {
  // The worker's script held back until the pause is pressed: the first
  // frame of a big map is the worker's, so nothing runs until it has started
  let release
  const held = new Promise(resolve => { release = resolve })
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4&he-map-size=2048x2048', {
    settled: false,
    route: ['**/sketch-worker.js*', async route => { await held; await route.continue() }]
  })
  await page.waitForFunction(() => window.wasmBindings)
  assert.equal(await page.evaluate(() => window.wasmBindings.pageState()), null, 'pressed before the sketch has reported')
  await page.click('#experiment-control-pause-toggle')
  release()
  const s = await state(page)
  assert.deepEqual([s.thread, s.looping], ['worker', false])
  // An absence, watched for: no rain while the page draws 36 frames
  await displayFrames(page, 36)
  assert.equal((await state(page)).drops, s.drops, 'no rain after the pause')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a big map whose worker never says it is ready is drawn on the main thread, with what the reader did meanwhile', { skip: mainThreadOnly && 'no worker' }, async () => {
  // A worker's script that loads and then says nothing: no sketch runs
  // until a big map's worker is ready, so without a limit on the wait the
  // map would never be drawn
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4&he-map-size=1024x1024', {
    settled: false,
    route: ['**/sketch-worker.js*', route => route.fulfill({ contentType: 'text/javascript', body: '// says nothing' })]
  })
  await page.waitForFunction(() => window.wasmBindings)
  await page.click('#experiment-control-pause-toggle')
  // (the pool's READY_WITHIN_MS is 10 s)
  await page.waitForFunction(() => window.wasmBindings.pageState()?.settled, null, { timeout: 40000 })
  const s = await state(page)
  assert.deepEqual([s.thread, s.grid, s.looping], ['main', [1024, 1024], false])
  assert.deepEqual(problems, [ON_THE_MAIN_THREAD])
  await context.close()
})

// The heights' fingerprint as src/raster/fingerprint.rs defines it, as 16 hex
// digits: each 32 × 32 tile's heights, as 32-bit words row by row, dealt in
// turn into four lanes, each hashed by FNV-1a (64 bits); the tile's is
// FNV-1a over its lanes', the map's FNV-1a over the tiles', in rows of tiles
function fingerprint (heights, cols, rows) {
  const TILE = 32
  const START = 0xcbf29ce484222325n
  const fnv = (hash, word) => ((hash ^ word) * 0x100000001b3n) & 0xffffffffffffffffn
  const words = new Uint32Array(heights.buffer, heights.byteOffset, heights.length)
  let map = START
  for (let ty = 0; ty < rows; ty += TILE) {
    for (let tx = 0; tx < cols; tx += TILE) {
      const lanes = [START, START, START, START]
      let dealt = 0
      for (let y = ty; y < Math.min(ty + TILE, rows); y++) {
        for (let x = tx; x < Math.min(tx + TILE, cols); x++) {
          lanes[dealt % 4] = fnv(lanes[dealt % 4], BigInt(words[y * cols + x]))
          dealt++
        }
      }
      map = fnv(map, lanes.reduce(fnv, START))
    }
  }
  return map.toString(16).padStart(16, '0')
}

test('the heights cross from the worker only when asked for, never with a frame', { skip: mainThreadOnly && 'no worker' }, async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=2', {
    initScript: () => {
      // What every worker posts the page: its messages, and those that
      // carried heights (a Float32Array as the data of a report's packet,
      // in a letter { id, report })
      window.__crossed = { messages: 0, heights: 0, bytes: 0 }
      const Real = window.Worker
      window.Worker = class extends Real {
        constructor (url, options) {
          super(url, options)
          this.addEventListener('message', e => {
            window.__crossed.messages++
            const data = Array.isArray(e.data?.report) ? e.data.report[2] : null
            if (data instanceof Float32Array) {
              window.__crossed.heights++
              window.__crossed.bytes += data.byteLength
            }
          })
        }
      }
    }
  })
  const { frames } = await state(page)
  await framesPast(page, frames + 60)
  const raining = await page.evaluate(() => ({ ...window.__crossed }))
  assert.ok(raining.messages >= 60, `a report a frame at least: ${raining.messages}`)
  assert.deepEqual([raining.heights, raining.bytes], [0, 0], 'no heights cross while it rains')
  await pause(page)
  const { heightsHash, grid } = await state(page)
  const heights = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  const asked = await page.evaluate(() => ({ ...window.__crossed }))
  assert.deepEqual([asked.heights, asked.bytes], [1, grid[0] * grid[1] * 4], 'asked for, they cross once')
  assert.equal(fingerprint(new Float32Array(heights), grid[0], grid[1]), heightsHash, 'the fingerprint in the state is of those heights')
  assert.deepEqual(problems, [])
  await context.close()
})
