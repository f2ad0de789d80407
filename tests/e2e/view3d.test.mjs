// The 3D view: the eroded island as a lit WebGL2 mesh in place of the map,
// turned by dragging, the wheel and the keys, still when the reader asks for
// less motion, part of the link; the 2D map comes back as it was; a clear
// note where there is no WebGL2; a lost context comes back.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, canvasLook, displayFrames } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const VIEW = '#sketch-holder canvas.view-3d'
const look3d = page => canvasLook(page, VIEW)
// The 3D view as shown once its picture is on screen: software WebGL in a
// worker may show it a moment after the frame that drew it
async function drawnLook(page) {
  for (let tries = 0; ; tries++) {
    const look = await look3d(page)
    if (look.colours > 2000 || tries === 30) return look
    await displayFrames(page, 10)
  }
}
// The sketch has taken in every control and drawn its last frame: its frame
// count stays put (software WebGL here takes a few hundred ms a frame)
async function still(page) {
  let frames = (await state(page)).frames
  for (;;) {
    await displayFrames(page, 10)
    const now = (await state(page)).frames
    if (now === frames) return
    frames = now
  }
}
// At least `n` more frames drawn
const framesOn = async (page, n) => {
  const from = (await state(page)).frames
  await page.waitForFunction(([f, k]) => window.wasmBindings.pageState().frames >= f + k, [from, n])
}

async function drag(page, dx, dy, { steps = 8 } = {}) {
  const box = await page.locator(VIEW).boundingBox()
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let k = 1; k <= steps; k++) await page.mouse.move(x + dx * k / steps, y + dy * k / steps)
  await page.mouse.up()
}

test('the 3D view shows the island, turns with a drag, the wheel and the keys, stands taller, and comes back from its link', async () => {
  // Less motion: no spin after the drag, so the camera is where it was left
  const reduce = { contextOptions: { reducedMotion: 'reduce' } }
  const a = await open(browser, server.url + '/?he-seed=4&he-scheme=topographic', reduce)
  await displayFrames(a.page, 10)
  await pause(a.page)
  await still(a.page)
  const map = await canvasLook(a.page)
  await a.page.click('#experiment-control-view-3d')
  await a.page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  await still(a.page)
  assert.ok(await a.page.locator(VIEW).isVisible() && !(await a.page.locator('#sketch-holder canvas:not(.view-3d)').isVisible()))
  const first = await drawnLook(a.page)
  assert.ok(first.colours > 2000, `a lit mesh, not a blank canvas: ${first.colours} colours`)
  assert.ok(first.brightness > 40 && first.brightness < 230, `brightness ${first.brightness}`)

  await drag(a.page, 160, 40)
  await still(a.page)
  const dragged = await state(a.page)
  assert.ok(dragged.camera.yaw < -0.5, `turned: ${JSON.stringify(dragged.camera)}`)
  assert.notEqual((await look3d(a.page)).hash, first.hash, 'the picture turned')

  await a.page.mouse.wheel(0, -300)
  await a.page.waitForFunction(d => window.wasmBindings.pageState().camera.distance < d, dragged.camera.distance)
  await a.page.focus(VIEW)
  await a.page.keyboard.press('ArrowUp')
  await a.page.waitForFunction(p => window.wasmBindings.pageState().camera.pitch < p, dragged.camera.pitch)
  await still(a.page)
  const lower = await look3d(a.page)
  await a.page.$eval('#experiment-control-height-scale', e => { e.value = '2'; e.dispatchEvent(new Event('input', { bubbles: true })) })
  await a.page.waitForFunction(() => window.wasmBindings.pageState().settings.height_scale === 2)
  await still(a.page)
  assert.notEqual((await look3d(a.page)).hash, lower.hash, 'the relief stands taller')
  const turned = await state(a.page)
  const url = a.page.url()
  assert.equal(new URL(url).searchParams.get('he-view'), '1')
  const [yaw, pitch, distance] = new URL(url).searchParams.get('he-camera').split('_').map(Number)
  assert.deepEqual({ yaw, pitch, distance }, turned.camera)

  // Reopened: the same view of the same map
  const b = await open(browser, url, reduce)
  await b.page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 60000 })
  await still(b.page)
  const got = await state(b.page)
  assert.deepEqual([got.view, got.camera, got.heightsHash, got.settings.height_scale], ['3d', turned.camera, turned.heightsHash, 2])
  assert.ok((await drawnLook(b.page)).colours > 2000)

  // 0 goes back to the start, the toggle back to the map as it was
  await a.page.keyboard.press('0')
  await a.page.waitForFunction(() => window.wasmBindings.pageState().camera.yaw === 0)
  await a.page.click('#experiment-control-view-3d')
  await a.page.waitForFunction(() => window.wasmBindings.pageState().view === '2d')
  await still(a.page)
  assert.equal((await canvasLook(a.page)).hash, map.hash, 'the 2D map unchanged')
  assert.deepEqual(a.problems, [])
  assert.deepEqual(b.problems, [])
  await a.context.close()
  await b.context.close()
})

test('two fingers pinch the 3D view nearer and farther, without turning it', async () => {
  const a = await open(browser, server.url + '/?he-seed=4', { contextOptions: { reducedMotion: 'reduce' } })
  await pause(a.page)
  await a.page.click('#experiment-control-view-3d')
  await a.page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  await still(a.page)
  const start = (await state(a.page)).camera
  // Two touches `from` px either side of the view's middle; the second moves
  // to `to` px out, and both lift
  const pinch = (from, to) => a.page.$eval(VIEW, (canvas, [from, to]) => {
    const box = canvas.getBoundingClientRect()
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    const touch = (type, pointerId, dx) => canvas.dispatchEvent(new PointerEvent(type, { pointerId, pointerType: 'touch', isPrimary: pointerId === 1, clientX: x + dx, clientY: y, bubbles: true }))
    touch('pointerdown', 1, -from)
    touch('pointerdown', 2, from)
    touch('pointermove', 2, to)
    touch('pointerup', 2, to)
    touch('pointerup', 1, -from)
  }, [from, to])
  // Fingers 100 px apart spread to 150: the view comes two thirds as near
  await pinch(50, 100)
  await a.page.waitForFunction(d => window.wasmBindings.pageState().camera.distance !== d, start.distance)
  const nearer = (await state(a.page)).camera
  assert.deepEqual(nearer, { ...start, distance: Math.round(start.distance * 100 / 150 * 1000) / 1000 })
  // 150 apart closing to 100: back as far as it was
  await pinch(75, 25)
  await a.page.waitForFunction(d => window.wasmBindings.pageState().camera.distance !== d, nearer.distance)
  assert.deepEqual((await state(a.page)).camera, start)
  assert.deepEqual(a.problems, [])
  await a.context.close()
})

test('a drag let go spins the view on a moment, and not at all when the reader asks for less motion', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const { page, context, problems } = await open(browser, server.url + '/?he-seed=5&he-view=1', { contextOptions: { reducedMotion } })
    await pause(page)
    await still(page)
    await drag(page, 200, 0, { steps: 4 })
    const letGo = (await state(page)).camera
    if (reducedMotion === 'reduce') await displayFrames(page, 30)
    else await framesOn(page, 2)
    const later = await state(page)
    if (reducedMotion === 'reduce') {
      assert.deepEqual(later.camera, letGo, 'still once let go')
      const [x, y] = [await look3d(page), await look3d(page)]
      assert.equal(x.hash, y.hash)
    } else {
      // Turned on the same way (the yaw wraps round at ±π)
      const turned = (later.camera.yaw - letGo.yaw + 3 * Math.PI) % (2 * Math.PI) - Math.PI
      assert.ok(turned < -0.01, `spinning on: ${letGo.yaw} → ${later.camera.yaw}`)
    }
    assert.deepEqual(problems, [])
    await context.close()
  }
})

test('without WebGL2 the map stays 2D with a note saying why', async () => {
  const noWebGl2 = () => {
    const getContext = HTMLCanvasElement.prototype.getContext
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) { return kind === 'webgl2' ? null : getContext.call(this, kind, ...rest) }
  }
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=6&he-view=1', { mainThread: true, initScript: noWebGl2 })
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '2d')
  await page.waitForSelector('.map-note:not([hidden])')
  assert.match(await page.textContent('.map-note'), /WebGL2/)
  assert.equal(await page.$eval('#experiment-control-view-3d', e => e.checked), false)
  assert.ok(await page.locator('#sketch-holder canvas:not(.view-3d)').isVisible())
  assert.ok((await canvasLook(page)).colours > 1000, 'the map is drawn')
  assert.deepEqual(problems, ['console.warning: hydraulic erosion: no 3D view: no WebGL2'])
  await context.close()
})

test('a lost WebGL context comes back and the view is drawn again', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=7&he-view=1', { mainThread: true })
  await pause(page)
  await still(page)
  const before = await drawnLook(page)
  const lose = () => document.querySelector('canvas.view-3d').getContext('webgl2').getExtension('WEBGL_lose_context')
  await page.evaluate(lose => { window.loseIt = eval(lose)(); window.loseIt.loseContext() }, `(${lose})`)
  await displayFrames(page, 5)
  await page.evaluate(() => window.loseIt.restoreContext())
  await displayFrames(page, 10)
  await still(page)
  const after = await drawnLook(page)
  assert.ok(after.colours > 2000, 'drawn again')
  assert.equal(after.hash, before.hash, 'as it was')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a layer is draped over the 3D view with its legend, and the same link without it shows the scheme\'s colours', async () => {
  const base = server.url + '/?he-seed=4&he-drops=20000&he-view=1'
  const looks = {}
  for (const layer of ['relief', 'erosion', 'flow']) {
    const { page, context, problems } = await open(browser, `${base}&he-layer=${layer}`)
    await page.waitForFunction(() => window.wasmBindings.pageState().drops === 20000)
    await still(page)
    assert.equal((await state(page)).view, '3d')
    looks[layer] = await drawnLook(page)
    assert.ok(looks[layer].colours > 2000, `${layer}: a lit mesh (${looks[layer].colours} colours)`)
    const legend = await page.$eval('#sketch-holder .legend', e => !e.hidden)
    assert.equal(legend, layer !== 'relief', `${layer}: the legend over the 3D view`)
    assert.deepEqual(problems, [])
    await context.close()
  }
  assert.notEqual(looks.erosion.hash, looks.relief.hash, 'erosion is draped')
  assert.notEqual(looks.flow.hash, looks.erosion.hash, 'flow is draped, in its own colours')
})
