// End-to-end tests of the reader's hand on the map (src/web/brush.rs,
// src/sketch/hand.rs): strokes by mouse and by finger change the ground
// where they pass, are undone whole, and come back from a link.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, LINK_WRITTEN, boxOf } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const GRID = { cols: 320, rows: 180 }
const setSlider = (page, id, value) =>
  page.$eval(`#experiment-control-${id}`, (e, v) => { e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })) }, value)
const heights = page => page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
const settled = page => page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying }, null, { timeout: 30000 })

// Where cell [x, y] of the map is on the screen (the map fills its canvas
// as Viewport::fit lays it out)
async function onScreen (page, [x, y]) {
  const box = await page.locator('#sketch-holder canvas:not(.view-3d)').boundingBox()
  const scale = Math.max(box.width / (GRID.cols - 1), box.height / (GRID.rows - 1))
  const left = (box.width - (GRID.cols - 1) * scale) / 2
  const top = (box.height - (GRID.rows - 1) * scale) / 2
  return [box.x + left + x * scale, box.y + top + y * scale]
}

// A mouse stroke from cell `from` to cell `to`
async function drag (page, from, to) {
  const [a, b] = [await onScreen(page, from), await onScreen(page, to)]
  await page.mouse.move(...a)
  await page.mouse.down()
  await page.mouse.move(...b, { steps: 20 })
  await page.mouse.up()
}

// How far cell `i` is from the segment a–b, in cells
function distance (i, a, b) {
  const [x, y] = [i % GRID.cols, Math.floor(i / GRID.cols)]
  const [px, py, dx, dy] = [x - a[0], y - a[1], b[0] - a[0], b[1] - a[1]]
  const t = Math.min(1, Math.max(0, (px * dx + py * dy) / (dx * dx + dy * dy || 1)))
  return Math.hypot(px - t * dx, py - t * dy)
}

async function pickTool (page, tool, size = '6', strength = '1') {
  await page.selectOption('#experiment-control-tool', tool)
  await setSlider(page, 'tool-size', size)
  await setSlider(page, 'tool-strength', strength)
  await page.waitForFunction(t => window.wasmBindings.pageState().choices.tool === t, tool)
}

test('a raise stroke by mouse raises the ground under it and nowhere else, lower lowers it, each undone whole', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=5')
  await pause(page)
  const [a, b] = [[100, 90], [160, 90]]
  for (const [tool, sign] of [['raise', 1], ['lower', -1]]) {
    await pickTool(page, tool)
    const { heightsHash: hash0, drops } = await state(page)
    const h0 = await heights(page)
    await drag(page, a, b)
    await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, hash0)
    const s = await state(page)
    const h1 = await heights(page)
    assert.equal(h1.length, GRID.cols * GRID.rows, 'the heights alone, not the ground without the rain after them')
    let under = 0
    for (let i = 0; i < h0.length; i++) {
      const d = distance(i, a, b)
      if (d >= 7) assert.equal(h1[i], h0[i], `cell ${i}, ${d.toFixed(1)} cells off the stroke`)
      else if (d <= 2.5 && h0[i] > 0.05 && h0[i] < 0.95 && sign * (h1[i] - h0[i]) > 0) under++
    }
    assert.ok(under > 150, `${under} cells under the stroke moved the tool's way`)
    assert.equal(s.drops, drops, 'paused: no drop fell')
    const history = await page.evaluate(() => window.wasmBindings.history())
    assert.equal(history.at(-1).change, 'stroke')
    // Undone whole, and redone
    const hash1 = s.heightsHash
    await page.evaluate(() => window.wasmBindings.undo())
    await page.waitForFunction(h => window.wasmBindings.pageState().heightsHash === h, hash0)
    await page.evaluate(() => window.wasmBindings.redo())
    await page.waitForFunction(h => window.wasmBindings.pageState().heightsHash === h, hash1)
  }
  assert.deepEqual(problems, [])
  await context.close()
})

test('strokes made while it rains come back from the link to the same heights', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=9')
  await pickTool(page, 'raise', '8', '0.5')
  await drag(page, [60, 40], [200, 60])
  await pickTool(page, 'smooth', '10', '1')
  await drag(page, [120, 150], [120, 30])
  await pickTool(page, 'lower', '5', '0.75')
  await drag(page, [250, 100], [280, 140])
  await pause(page)
  const { heightsHash, drops } = await state(page)
  const url = page.url()
  assert.match(url, /he-hand=/)
  const again = await open(browser, url)
  await settled(again.page)
  const back = await state(again.page)
  assert.deepEqual([back.drops, back.heightsHash], [drops, heightsHash])
  assert.deepEqual([...problems, ...again.problems], [])
  await again.context.close()
  await context.close()
})

test('the rain\'s tool pours where it is held, even paused, and moves the ground there', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=11')
  await pause(page)
  await pickTool(page, 'rain', '6')
  const { drops } = await state(page)
  const h0 = await heights(page)
  // Near a corner, so that much of the map is out of the drops' reach
  const spot = [40, 40]
  const at = await onScreen(page, spot)
  await page.mouse.move(...at)
  await page.mouse.down()
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d + 3000, drops)
  await page.mouse.up()
  await page.waitForFunction(() => window.wasmBindings.pageState().settled)
  await page.waitForFunction(LINK_WRITTEN)
  const s = await state(page)
  assert.equal(s.looping, false, 'still paused once let go')
  const h1 = await heights(page)
  // Drops start inside the brush (6 cells), go at most 160 steps of a cell
  // (droplet::MAX_STEPS) and dig 2 cells around them: nothing beyond moves
  const reach = 6 + 160 + 2
  let [beyond, changedBeyond, near] = [0, 0, 0]
  for (let i = 0; i < h0.length; i++) {
    const d = distance(i, spot, spot)
    if (d > reach) { beyond++; if (h0[i] !== h1[i]) changedBeyond++ } else if (d <= 6 && h0[i] !== h1[i]) near++
  }
  assert.ok(beyond > h0.length / 4, `${beyond} cells out of reach`)
  assert.equal(changedBeyond, 0, 'the rain fell where the reader pointed')
  assert.ok(near > 50, `${near} cells under the brush changed`)
  // The link gives it back
  const again = await open(browser, page.url())
  await settled(again.page)
  assert.equal((await state(again.page)).heightsHash, s.heightsHash)
  assert.deepEqual([...problems, ...again.problems], [])
  await again.context.close()
  await context.close()
})

test('on a phone, a finger with a tool paints and does not scroll; with none it scrolls', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=13',
    { contextOptions: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } })
  await pause(page)
  const cdp = await context.newCDPSession(page)
  const swipe = async () => {
    const [x, y0] = await onScreen(page, [160, 150])
    const [, y1] = await onScreen(page, [160, 30])
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] })
    for (let k = 1; k <= 12; k++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + (y1 - y0) * k / 12 }] })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  }
  // (the page's scroll, with its fling, comes to rest before it is read)
  await page.evaluate(() => { window.scrollRested = new Promise(resolve => document.addEventListener('scrollend', resolve, { once: true })) })
  await swipe()
  await page.evaluate(() => window.scrollRested)
  const scrolled = await page.evaluate(() => window.scrollY)
  assert.ok(scrolled > 0, 'with no tool, the swipe scrolls the page')
  await page.evaluate(() => window.scrollTo(0, 0))
  await pickTool(page, 'raise')
  const { heightsHash } = await state(page)
  await swipe()
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, heightsHash)
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'with a tool, it paints instead')
  assert.deepEqual(problems, [])
  await context.close()
})

test('with the map focused, the arrow keys move the brush and Space presses it', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=17')
  await pause(page)
  await pickTool(page, 'raise')
  const { heightsHash } = await state(page)
  const h0 = await heights(page)
  await page.focus('#sketch-holder canvas:not(.view-3d)')
  await page.keyboard.down(' ')
  for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowRight')
  await page.keyboard.up(' ')
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, heightsHash)
  const h1 = await heights(page)
  // From the map's middle, ten steps of half the brush (3 cells) right
  const [a, b] = [[160, 90], [190, 90]]
  for (let i = 0; i < h0.length; i++) {
    if (distance(i, a, b) >= 7) assert.equal(h1[i], h0[i], `cell ${i} is off the stroke`)
  }
  assert.ok(h1[90 * GRID.cols + 175] > h0[90 * GRID.cols + 175], 'raised along the way')
  assert.equal((await page.evaluate(() => window.wasmBindings.history())).at(-1).change, 'stroke')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a script\'s stroke() draws what the hand draws, and refuses what is not a stroke', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=15')
  await pause(page)
  const { heightsHash } = await state(page)
  const refused = await page.evaluate(() => [
    window.wasmBindings.stroke({ tool: 'none', points: [1, 2] }),
    window.wasmBindings.stroke({ tool: 'raise', points: [1, 2, 3] }),
    window.wasmBindings.stroke({ tool: 'raise', points: [1, NaN] }),
    window.wasmBindings.stroke({ tool: 'dig', points: [1, 2] }),
    window.wasmBindings.stroke(null)
  ])
  assert.deepEqual(refused, [false, false, false, false, false])
  assert.equal(await page.evaluate(() => window.wasmBindings.stroke({ tool: 'raise', size: 6, strength: 1, points: new Float32Array([100, 90, 160, 90]) })), true)
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, heightsHash)
  const s = await state(page)
  assert.deepEqual([s.choices.tool, s.settings.tool_size, s.settings.tool_strength], ['raise', 6, 1])
  assert.equal((await page.evaluate(() => window.wasmBindings.history())).at(-1).change, 'stroke')
  assert.deepEqual(problems, [])
  await context.close()
})

// Where the ray through point [across, down] of the 3D view (shares of its
// size) first meets the ground, in cells: worked out here again from the
// camera's documented numbers (src/draw/camera.rs, src/draw/mesh.rs), as a
// check on the sketch's own pick
function rayMeetsGround (h, { aspect, seaLevel, heightScale }, [across, down]) {
  const [yaw, pitch, distance, fov, relief] = [0, 0.9, 1.05, 0.8, 0.12]
  const longer = Math.max(GRID.cols, GRID.rows) - 1
  const cell = 1 / longer
  const vertical = relief * heightScale
  const target = seaLevel * vertical
  const eye = [distance * Math.cos(pitch) * Math.sin(yaw), target + distance * Math.sin(pitch), distance * Math.cos(pitch) * Math.cos(yaw)]
  const unit = v => { const l = Math.hypot(...v); return v.map(c => c / l) }
  const back = unit([eye[0], eye[1] - target, eye[2]])
  const right = unit([back[2], 0, -back[0]])
  const up = [back[1] * right[2] - back[2] * right[1], back[2] * right[0] - back[0] * right[2], back[0] * right[1] - back[1] * right[0]]
  const t = Math.tan(fov / 2)
  const [x, y] = [(2 * across - 1) * t * aspect, (1 - 2 * down) * t]
  const dir = [0, 1, 2].map(k => right[k] * x + up[k] * y - back[k])
  const [hx, hz] = [(GRID.cols - 1) * cell / 2, (GRID.rows - 1) * cell / 2]
  // Small steps from the eye until the ray is below the nearest cell's ground
  for (let s = 0; s < 4; s += 0.0002) {
    const p = [0, 1, 2].map(k => eye[k] + dir[k] * s)
    const [cx, cy] = [Math.round((p[0] + hx) / cell), Math.round((p[2] + hz) / cell)]
    if (cx < 0 || cy < 0 || cx >= GRID.cols || cy >= GRID.rows) continue
    if (p[1] <= h[cy * GRID.cols + cx] * vertical) return [(p[0] + hx) / cell, (p[2] + hz) / cell]
  }
  return null
}

test('in the 3D view a press lands where the pointer\'s ray meets the ground, and the right button still turns it', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=19', { contextOptions: { reducedMotion: 'reduce' } })
  await pause(page)
  await page.click('#experiment-control-view-3d')
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  await pickTool(page, 'raise', '4', '1')
  const s0 = await state(page)
  const h0 = await heights(page)
  const view = page.locator('#sketch-holder canvas.view-3d:visible')
  await view.scrollIntoViewIfNeeded()
  const box = await boxOf(view)
  const spot = [0.5, 0.62]
  await page.mouse.click(box.x + box.width * spot[0], box.y + box.height * spot[1])
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, s0.heightsHash)
  const h1 = await heights(page)
  let most = 0
  for (let i = 0; i < h0.length; i++) if (h1[i] - h0[i] > h1[most] - h0[most]) most = i
  const stamped = [most % GRID.cols, Math.floor(most / GRID.cols)]
  const expected = rayMeetsGround(h0, { aspect: box.width / box.height, seaLevel: s0.settings.sea_level, heightScale: s0.settings.height_scale }, spot)
  assert.ok(expected, 'the ray meets the island')
  assert.ok(Math.hypot(stamped[0] - expected[0], stamped[1] - expected[1]) <= 1.5,
    `stamped at ${stamped}, the ray meets the ground at ${expected.map(v => v.toFixed(1))}`)
  assert.equal((await page.evaluate(() => window.wasmBindings.history())).at(-1).change, 'stroke')
  // The right button turns the camera and paints nothing
  const { heightsHash, camera } = await state(page)
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down({ button: 'right' })
  await page.mouse.move(x + 120, y, { steps: 6 })
  await page.mouse.up({ button: 'right' })
  await page.waitForFunction(c => window.wasmBindings.pageState().camera.yaw !== c.yaw, camera)
  assert.equal((await state(page)).heightsHash, heightsHash)
  assert.deepEqual(problems, [])
  await context.close()
})

test('on a tablet\'s 3D view with a tool, one finger paints and two fingers turn the view, painting nothing', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=21',
    { contextOptions: { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' } })
  await pause(page)
  await page.click('#experiment-control-view-3d')
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  await pickTool(page, 'lower', '5', '1')
  const view = page.locator('#sketch-holder canvas.view-3d:visible')
  await view.scrollIntoViewIfNeeded()
  const box = await boxOf(view)
  const cdp = await context.newCDPSession(page)
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) })
  const [x, y] = [box.x + box.width / 2, box.y + box.height * 0.6]
  // Two fingers, moved together to the right
  const { heightsHash, camera } = await state(page)
  await touch('touchStart', [[x - 60, y], [x + 60, y]])
  for (let k = 1; k <= 10; k++) await touch('touchMove', [[x - 60 + 12 * k, y], [x + 60 + 12 * k, y]])
  await touch('touchEnd', [])
  await page.waitForFunction(c => window.wasmBindings.pageState().camera.yaw !== c.yaw, camera)
  // (settled: the sketch has taken every move the fingers made)
  assert.equal((await state(page)).heightsHash, heightsHash, 'the two fingers painted nothing')
  // One finger paints
  await touch('touchStart', [[x, y]])
  for (let k = 1; k <= 8; k++) await touch('touchMove', [[x + 8 * k, y]])
  await touch('touchEnd', [])
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, heightsHash)
  assert.deepEqual(problems, [])
  await context.close()
})

test('a pen pressed lightly raises the ground less than one pressed hard, and its link keeps each pressure', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=25')
  await pause(page)
  await pickTool(page, 'raise', '6', '1')
  const h0 = await heights(page)
  const { heightsHash } = await state(page)
  const cdp = await context.newCDPSession(page)
  const pen = (type, [x, y], force) => cdp.send('Input.dispatchMouseEvent',
    { type, x, y, force, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1, pointerType: 'pen' })
  // Hard along the first half of row 90, lightly along the second
  const at = async cell => onScreen(page, cell)
  await pen('mousePressed', await at([80, 90]), 1)
  for (let x = 84; x <= 200; x += 4) await pen('mouseMoved', await at([x, 90]), x <= 140 ? 1 : 0.2)
  await pen('mouseReleased', await at([200, 90]), 0)
  await page.waitForFunction(h => { const s = window.wasmBindings.pageState(); return s.settled && s.heightsHash !== h }, heightsHash)
  // The first change of the heights may come mid-stroke, with the link of
  // the stroke so far: the light part's mark comes with the rest of it
  await page.waitForFunction(() => (new URLSearchParams(location.search).get('he-hand') ?? '').includes('x'), null, { timeout: 10000 })
  await page.waitForFunction(LINK_WRITTEN)
  const h1 = await heights(page)
  const raised = x => h1[90 * GRID.cols + x] - h0[90 * GRID.cols + x]
  assert.ok(raised(170) > 0 && raised(170) < 0.5 * raised(110), `hard ${raised(110)}, light ${raised(170)}`)
  const hand = new URL(page.url()).searchParams.get('he-hand')
  assert.ok(hand && !hand.includes('_') && hand.includes('x'), `one stroke, its strength changing along it: ${hand}`)
  assert.deepEqual(problems, [])
  await context.close()
})
