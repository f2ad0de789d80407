// End-to-end tests of the release build in headless Chromium: every control,
// the theme, reduced motion, high-DPI, and no errors.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, canvasLook, pause, visibleIcon, hostPage, darkIndex, displayFrames, framesPast, rainedPast } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(undefined, { '/dark.html': darkIndex() }); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const SLIDERS = {
  'drops-per-frame': ['drops_per_frame', '500', 500],
  erosion: ['erosion', '0.65', 0.65],
  deposition: ['deposition', '0.1', 0.1],
  inertia: ['inertia', '0.33', 0.33],
  'brush-radius': ['brush_radius', '4', 4],
  'sea-level': ['sea_level', '0.4', 0.4],
  'contour-levels': ['contour_levels', '17', 17],
  'terrain-scale': ['terrain_scale', '0.021', 0.021]
}

test('it rains from the start, with no errors or warnings', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  const first = await state(page)
  await rainedPast(page, first.drops)
  const later = await state(page)
  assert.ok(later.drops > first.drops, `drops ${first.drops} → ${later.drops}`)
  assert.equal(later.drops % 200, 0)
  assert.equal(await visibleIcon(page, 'experiment-control-pause-toggle'), 'icon-pause')
  assert.equal(await page.title(), 'Hydraulic Erosion')
  assert.deepEqual(problems, [])
  await context.close()
})

test('every slider takes its range from the engine and sets the engine', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  for (const [id, [name, text, value]] of Object.entries(SLIDERS)) {
    const range = await page.$eval(`#experiment-control-${id}`, e => [e.min, e.max, e.step])
    assert.ok(range.every(v => v !== ''), `${id} has a range`)
    await page.$eval(`#experiment-control-${id}`, (e, v) => { e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })) }, text)
    assert.equal(await page.textContent(`#experiment-label-${id}`), text, `label of ${id}`)
    assert.equal((await state(page)).settings[name], value, `engine's ${name}`)
  }
  assert.deepEqual(await page.$eval('#experiment-control-brush-radius', e => [e.min, e.max, e.step]), ['1', '6', '1'])
  assert.deepEqual(problems, [])
  await context.close()
})

test('the keyboard moves a slider', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await pause(page)
  await page.focus('#experiment-control-contour-levels')
  await page.keyboard.press('ArrowRight')
  assert.equal((await state(page)).settings.contour_levels, 11)
  assert.equal(await page.textContent('#experiment-label-contour-levels'), '11')
  await context.close()
})

test('a seed typed in restarts with that seed; text that is not a number is 0', async () => {
  const { page, context } = await open(browser, server.url + '/')
  // Paused with drops fallen, so a restart shows as no drops at all (while
  // it rains, how many fall before the page looks depends on the machine)
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 0)
  await pause(page)
  await page.fill('#experiment-control-seed', '1234')
  await page.press('#experiment-control-seed', 'Enter')
  await page.waitForFunction(() => window.wasmBindings.pageState().seed === 1234)
  assert.equal((await state(page)).drops, 0, 'the rain started again')
  await page.$eval('#experiment-control-seed', e => { e.type = 'text'; e.value = 'abc'; e.dispatchEvent(new Event('change')) })
  await page.waitForFunction(() => window.wasmBindings.pageState().seed === 0)
  assert.equal(await page.inputValue('#experiment-control-seed'), '0')
  await context.close()
})

test('new seed rolls a new seed and shows it', async () => {
  const { page, context } = await open(browser, server.url + '/')
  const before = (await state(page)).seed
  await page.click('#experiment-control-new-seed')
  const shown = await page.inputValue('#experiment-control-seed')
  assert.notEqual(shown, String(before))
  await page.waitForFunction(seed => window.wasmBindings.pageState().seed === seed, Number(shown))
  await context.close()
})

test('pause and play swap the icons and stop and start the rain', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await page.click('#experiment-control-pause-toggle')
  const paused = (await state(page)).drops
  assert.equal(await visibleIcon(page, 'experiment-control-pause-toggle'), 'icon-play')
  await displayFrames(page, 20)
  assert.equal((await state(page)).drops, paused, 'no rain while paused, 20 display frames on')
  await page.click('#experiment-control-pause-toggle')
  await state(page)
  assert.equal(await visibleIcon(page, 'experiment-control-pause-toggle'), 'icon-pause')
  await rainedPast(page, paused)
  await context.close()
})

test('restart resets the count', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await rainedPast(page, 0)
  await pause(page)
  assert.ok((await state(page)).drops > 0)
  await page.click('#experiment-control-restart')
  assert.equal((await state(page)).drops, 0)
  await context.close()
})

test('save downloads a PNG named as the original names it', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await pause(page)
  const { seed, drops } = await state(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save')])
  const name = download.suggestedFilename()
  const match = /^hydraulic_erosion_site_light_seed(\d+)_(\d+)drops_(\d+)\.png$/.exec(name)
  assert.ok(match, name)
  assert.equal(+match[1], seed)
  assert.equal(+match[2], drops)
  assert.ok(Math.abs(+match[3] - Date.now() / 1000) < 60)
  const bytes = await new Promise(async resolve => {
    const chunks = []
    const stream = await download.createReadStream()
    stream.on('data', c => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)))
  })
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG')
  await context.close()
})

test('the rivers, original terrain and debug toggles change the picture', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await rainedPast(page, 0)
  await pause(page)
  const toggle = async id => {
    const frames = (await state(page)).frames
    await page.click(`#experiment-control-${id}`)
    await framesPast(page, frames)
  }
  for (const id of ['rivers', 'original', 'debug-mode']) {
    const before = await canvasLook(page)
    await toggle(id)
    const after = await canvasLook(page)
    assert.notEqual(after.hash, before.hash, `${id} changed nothing`)
    await toggle(id)
  }
  assert.deepEqual(problems, [])
  await context.close()
})

test('dark site, dark scheme; switching the theme live switches the scheme', async () => {
  const { page, context, problems } = await open(browser, server.url + '/dark.html')
  await pause(page)
  assert.equal((await state(page)).scheme, 'site_dark')
  assert.equal(await page.inputValue('#experiment-control-color-scheme'), 'site_dark')
  const dark = await canvasLook(page)
  assert.ok(dark.brightness < 90, `dark canvas brightness ${dark.brightness}`)
  const frames = (await state(page)).frames
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
  await page.waitForFunction(f => { const s = window.wasmBindings.pageState(); return s.scheme === 'site_light' && s.frames > f }, frames)
  const light = await canvasLook(page)
  assert.ok(light.brightness > 170, `light canvas brightness ${light.brightness}`)
  // Once the reader picks a scheme, the site's theme no longer does
  await page.selectOption('#experiment-control-color-scheme', 'blueprint')
  await page.waitForFunction(() => window.wasmBindings.pageState().scheme === 'blueprint')
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  // The theme's change reaches the page's watcher at once; the sketch has
  // handled it once it is settled, and keeps the reader's pick
  await state(page)
  await displayFrames(page, 2)
  assert.equal((await state(page)).scheme, 'blueprint')
  assert.deepEqual(problems, [])
  await context.close()
})

test('the colour picker lists the original\'s five schemes and the Landscape', async () => {
  const { page, context } = await open(browser, server.url + '/')
  const options = await page.$$eval('#experiment-control-color-scheme option', os => os.map(o => o.textContent))
  assert.deepEqual(options, ['Site Dark', 'Site Light', 'Topographic', 'Blueprint', 'Black / White', 'Landscape'])
  await context.close()
})

test('with reduced motion it starts paused, drawn, showing play', async () => {
  const { page, context, problems } = await open(browser, server.url + '/', { contextOptions: { reducedMotion: 'reduce' } })
  await displayFrames(page, 20)
  const s = await state(page)
  assert.equal(s.drops, 0)
  assert.equal(s.looping, false)
  assert.ok(s.frames >= 1, 'the first frame is drawn')
  assert.equal(await page.evaluate(() => window.wasmBindings.pageFrames()), s.frames, 'the bench\'s probe counts the same frames')
  assert.equal(await visibleIcon(page, 'experiment-control-pause-toggle'), 'icon-play')
  const look = await canvasLook(page)
  assert.ok(look.brightness > 100, 'the map is drawn')
  assert.deepEqual(problems, [])
  await context.close()
})

test('at devicePixelRatio 2 the canvas has twice the CSS pixels', async () => {
  const { page, context } = await open(browser, server.url + '/', { contextOptions: { deviceScaleFactor: 2 } })
  // The backing store as pageState() says it: a canvas handed to the
  // sketch's worker no longer shows it on the element
  const [width, height] = (await state(page)).canvas
  const [cssWidth, cssHeight] = await page.$eval('#sketch-holder canvas', c => [c.clientWidth, c.clientHeight])
  assert.deepEqual([width, height], [cssWidth * 2, cssHeight * 2])
  await context.close()
})

test('resizing the holder redraws at the new size and leaves the terrain alone', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await pause(page)
  const before = await state(page)
  await page.$eval('#sketch-holder', h => { h.style.width = '500px'; h.style.aspectRatio = 'auto'; h.style.height = '400px' })
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && s.canvas[0] === 500 * devicePixelRatio })
  const size = await page.$eval('#sketch-holder canvas', c => [c.clientWidth, c.clientHeight])
  assert.deepEqual(size, [500, 400])
  assert.equal((await state(page)).heightsHash, before.heightsHash)
  await context.close()
})

test('a map hidden and shown again keeps its size, never drawn on a single pixel', async () => {
  const { page, context, problems } = await open(browser, server.url + '/', { contextOptions: { reducedMotion: 'reduce' } })
  const before = await state(page)
  // Every backing store the sketch reports, from here on
  await page.evaluate(() => {
    window.sizesSeen = new Set()
    const look = () => { window.sizesSeen.add(window.wasmBindings.pageState().canvas.join(' × ')); requestAnimationFrame(look) }
    look()
  })
  // Hidden, the holder has no width: the sketch rests out of sight, at its size
  const settledWith = resting => page.waitForFunction(resting => {
    const s = window.wasmBindings.pageState()
    return s.settled && s.resting === resting
  }, resting)
  await page.$eval('#sketch-holder', h => { h.style.display = 'none' })
  await settledWith(true)
  await page.$eval('#sketch-holder', h => { h.style.display = '' })
  await settledWith(false)
  const after = await state(page)
  assert.deepEqual(after.canvas, before.canvas)
  assert.deepEqual(await page.evaluate(() => [...window.sizesSeen]), [before.canvas.join(' × ')], 'one size all along')
  assert.equal(after.heightsHash, before.heightsHash)
  assert.deepEqual(problems, [])
  await context.close()
})

test('fullscreen puts the holder in fullscreen and the icon follows, Escape included', async () => {
  const { page, context } = await open(browser, server.url + '/')
  await pause(page)
  const hash = (await state(page)).heightsHash
  await page.click('#experiment-control-fullscreen-toggle')
  await page.waitForFunction(() => document.fullscreenElement?.id === 'sketch-holder')
  const icon = shown => page.waitForFunction(shown => !document.querySelector(`#experiment-control-fullscreen-toggle .${shown}`).classList.contains('hidden'), shown)
  await icon('icon-compress')
  assert.equal(await visibleIcon(page, 'experiment-control-fullscreen-toggle'), 'icon-compress')
  await page.evaluate(() => document.exitFullscreen())
  await page.waitForFunction(() => !document.fullscreenElement)
  await icon('icon-expand')
  assert.equal(await visibleIcon(page, 'experiment-control-fullscreen-toggle'), 'icon-expand')
  assert.equal((await state(page)).heightsHash, hash, 'the map is redrawn, never recomputed')
  await context.close()
})

test('a host page that leaves controls out gets one warning and a working sketch', async () => {
  const bare = hostPage('/bare.html', `<div id="sketch-holder"></div>
    <input type="range" id="experiment-control-erosion"><span id="experiment-label-erosion"></span>
    <script type="module" src="start.js"></script>`, '#sketch-holder { width: 640px; height: 360px }')
  const bareServer = await serve(undefined, bare)
  const { page, context, problems } = await open(browser, bareServer.url + '/bare.html')
  await rainedPast(page, 0)
  assert.ok((await state(page)).drops > 0, 'it rains')
  assert.equal(problems.length, 1, problems.join('\n'))
  assert.match(problems[0], /console\.warning: .*experiment-control-seed/)
  await context.close()
  await bareServer.close()
})

test('a 320 px wide phone never scrolls sideways', async () => {
  for (const width of [320, 360]) {
    const { page, context, problems } = await open(browser, server.url + '/', { contextOptions: { viewport: { width, height: 640 } } })
    const [scrollWidth, canvasWidth] = await page.evaluate(() =>
      [document.documentElement.scrollWidth, document.querySelector('#sketch-holder canvas').clientWidth])
    assert.ok(scrollWidth <= width, `the page is ${scrollWidth} px wide at ${width}`)
    assert.ok(canvasWidth >= width - 40, `the map spans the screen (${canvasWidth} px)`)
    const sliders = await page.$$eval('.sliders input[type=range]', inputs => inputs.map(i => i.getBoundingClientRect().right))
    assert.ok(sliders.every(right => right <= width), 'every slider fits')
    assert.deepEqual(problems, [])
    await context.close()
  }
})
