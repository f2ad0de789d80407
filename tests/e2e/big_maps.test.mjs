// The big maps, 1024 × 1024 and 2048 × 2048: picked with the map size's
// control or a link, raining, drawn no finer than the screen, their links
// reopening to the same heights and their heightmap saved whole.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, downloaded, rainedPast, decodePng16, LINK_WRITTEN, canvasLook, displayFrames, mainThreadOnly, unzip, until } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// The sketch has taken in what was done, and the canvas shows a picture
// not among `seen` (the worker's canvas may show its frame a moment after
// the state says so), or, after 300 display frames, whatever it shows
const drawn = async (page, seen) => {
  await state(page)
  await displayFrames(page, 4)
  let look
  await until(page, async () => !seen.has((look = await canvasLook(page)).hash), 'a new picture', { frames: 300, every: 15, giveUp: true })
  return look
}
const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 60000 })

test('the map size\'s control offers 1024 × 1024, which rains, draws its island, each layer, both river styles and the 3D view', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=8')
  const sizes = await page.$$eval('#experiment-control-map-size option', os => os.map(o => o.value))
  assert.deepEqual(sizes.slice(-2), ['1024x1024', '2048x2048'])
  await page.selectOption('#experiment-control-map-size', '1024x1024')
  await page.waitForFunction(() => window.wasmBindings.pageState().grid[0] === 1024)
  await rainedPast(page, 5000)
  const s = await state(page)
  assert.deepEqual(s.grid, [1024, 1024])
  await page.waitForFunction(() => new URLSearchParams(location.search).get('he-map-size') === '1024x1024')
  await pause(page)
  // The island is drawn: land and sea, many shades
  const look = await canvasLook(page)
  assert.ok(look.colours > 200 && look.brightness > 40 && look.brightness < 240, JSON.stringify(look))
  // Each layer, the traced rivers and the 3D view draw something else
  const looks = new Set([look.hash])
  for (const layer of ['erosion', 'deposition', 'flow']) {
    await page.selectOption('#experiment-control-layer', layer)
    looks.add((await drawn(page, looks)).hash)
  }
  await page.selectOption('#experiment-control-layer', 'relief')
  await page.selectOption('#experiment-control-river-style', 'traced')
  looks.add((await drawn(page, looks)).hash)
  assert.equal(looks.size, 5, 'every layer and river style draws its own picture')
  await page.click('#experiment-control-view-3d')
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  // (the view's first frame waits for its GL program)
  let view
  await until(page, async () => (view = await canvasLook(page, '#sketch-holder canvas.view-3d:visible')).colours > 100,
    'the 3D view drawn', { every: 15, giveUp: true })
  assert.ok(view.colours > 100, JSON.stringify(view))
  assert.deepEqual(problems, [])
  await context.close()
})

test('a link to a 2048 × 2048 map made while it rains reopens to the same heights; its heightmap and maps are saved at 2048 × 2048 in 16 bits, its STL and glb from 512 × 512 blocks, its time-lapse too', async () => {
  const a = await open(browser, server.url + '/?he-seed=12&he-map-size=2048x2048')
  await rainedPast(a.page, 3000)
  await pause(a.page)
  await a.page.waitForFunction(LINK_WRITTEN)
  const made = await state(a.page)
  assert.deepEqual(made.grid, [2048, 2048])
  assert.ok(made.drops >= 3000)
  const b = await open(browser, a.page.url())
  await replayed(b.page)
  const got = await state(b.page)
  assert.deepEqual([got.drops, got.heightsHash], [made.drops, made.heightsHash])
  const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.click('#experiment-control-save-heightmap')])
  const png = decodePng16(await downloaded(download))
  assert.deepEqual([png.width, png.height, png.depth], [2048, 2048, 16])
  const heights = await b.page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  assert.equal(heights.length, 2048 * 2048)
  const wrong = png.levels.filter((l, k) => l !== Math.round(Math.min(1, Math.max(0, heights[k])) * 65535)).length
  assert.equal(wrong, 0, `${wrong} levels differ from the engine's heights`)
  // The solid of the 4 × 4 blocks' means: two triangles a square, three a
  // border edge (a whole map's would be 400 MB)
  const [stl] = await Promise.all([b.page.waitForEvent('download'), b.page.click('#experiment-control-save-stl')])
  const solid = await downloaded(stl)
  const triangles = solid.readUInt32LE(80)
  assert.equal(triangles, 2 * 511 * 511 + 3 * 2 * (511 + 511))
  assert.equal(solid.length, 84 + 50 * triangles)
  // The glb of the same blocks, the maps whole, and the time-lapse
  const save = async (id, timeout = 60000) => {
    const [download] = await Promise.all([b.page.waitForEvent('download', { timeout }), b.page.click(`#experiment-control-save-${id}`)])
    return downloaded(download)
  }
  const glb = await save('gltf')
  assert.equal(glb.subarray(0, 4).toString(), 'glTF')
  const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'))
  assert.equal(json.accessors[json.meshes[0].primitives[0].attributes.POSITION].count, 512 * 512)
  const maps = unzip(await save('maps'))
  for (const name of ['heightmap.png', 'erosion.png', 'deposition.png', 'flow.png']) {
    const map = decodePng16(maps[name])
    assert.deepEqual([map.width, map.height, map.depth], [2048, 2048, 16], name)
  }
  assert.deepEqual(JSON.parse(maps['map.json'].toString('utf8')).grid, [2048, 2048])
  const video = await save('video', 180000)
  assert.deepEqual([...video.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'the time-lapse, a WebM')
  assert.deepEqual([a.problems, b.problems], [[], []])
  await a.context.close()
  await b.context.close()
})

// Where the first state came from: the thread that drew the first frame
const FIRST_THREAD = () => {
  const look = () => {
    let s = null
    try { s = window.wasmBindings.pageState() } catch (e) {}
    if (s) window.__firstThread = s.thread
    else requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

test('a link\'s first frame is the worker\'s, a 2048 × 2048 map\'s as the article\'s, so the main thread never holds a map', { skip: mainThreadOnly && 'no worker' }, async () => {
  for (const [query, thread] of [['?he-seed=3&he-map-size=2048x2048', 'worker'], ['?he-seed=3&he-drops=1000', 'worker']]) {
    const { page, context, problems } = await open(browser, server.url + '/' + query, { initScript: FIRST_THREAD })
    assert.equal(await page.evaluate(() => window.__firstThread), thread, query)
    assert.equal((await state(page)).thread, 'worker', 'the worker has the sketch then')
    assert.deepEqual(problems, [])
    await context.close()
  }
})

test('a big map\'s rivers are routed in a worker of their own, started for the big map and ended with it, and follow the rain', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=8')
  const workers = () => page.workers().filter(w => w.url().includes('sketch-worker.js')).length
  const small = workers()
  await page.selectOption('#experiment-control-map-size', '1024x1024')
  await page.waitForFunction(() => window.wasmBindings.pageState().grid[0] === 1024)
  const from = (await state(page)).drops
  // The rivers drawn come from the ground as it rains, routed by one more worker
  await page.waitForFunction(from => window.wasmBindings.pageState().riversOf > from + 10000, from, { timeout: 60000 })
  assert.equal(workers(), small + 1, 'a worker routes the rivers')
  await pause(page)
  const paused = await state(page)
  await page.waitForFunction(drops => window.wasmBindings.pageState().riversOf === drops, paused.drops, { timeout: 60000 })
  // Back on the article's map, the routing's worker is ended
  await page.selectOption('#experiment-control-map-size', '320x180')
  await page.waitForFunction(() => window.wasmBindings.pageState().grid[0] === 320)
  await until(page, () => workers() <= small, 'the routing\'s worker ended', { giveUp: true })
  assert.equal(workers(), small, 'its worker ended')
  assert.deepEqual(problems, [])
  await context.close()
})
