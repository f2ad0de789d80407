// End-to-end tests of the tutorial's options: each terrain shape, map size
// and preset chosen from its control draws without errors and comes back
// from its link to the bit; the sliders a choice leaves unused wait, greyed
// out; the tutorial's rain stops after its 100 batches; a square map saves a
// square heightmap.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, canvasLook, rainedPast } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 60000 })
const disabled = (page, id) => page.$eval(`#experiment-control-${id}`, e => e.disabled)

const choices = [
  { pick: { terrain: 'warped' }, grid: [320, 180], expect: { terrain: 'warped', 'map-size': '320x180', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' } },
  { pick: { terrain: 'ridged' }, grid: [320, 180], expect: { terrain: 'ridged', 'map-size': '320x180', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' } },
  { pick: { terrain: 'diamond-square' }, grid: [320, 180], expect: { terrain: 'diamond-square', 'map-size': '320x180', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' } },
  { pick: { 'map-size': '640x360' }, grid: [640, 360], expect: { terrain: 'island', 'map-size': '640x360', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' } },
  { pick: { 'map-size': '512x512', terrain: 'ridged' }, grid: [512, 512], expect: { terrain: 'ridged', 'map-size': '512x512', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' } },
  { pick: { preset: 'tutorial' }, grid: [512, 512], expect: { terrain: 'warped', 'map-size': '512x512', preset: 'tutorial', 'river-style': 'drainage', layer: 'relief', tool: 'none' } }
]

for (const { pick, grid, expect } of choices) {
  test(`choosing ${JSON.stringify(pick)} draws its map and its link brings it back to the bit`, async () => {
    const a = await open(browser, server.url + '/?he-seed=31')
    const before = await canvasLook(a.page)
    for (const [id, value] of Object.entries(pick)) await a.page.selectOption(`#experiment-control-${id}`, value)
    await state(a.page)
    await rainedPast(a.page, 0)
    await pause(a.page)
    const made = await state(a.page)
    assert.deepEqual(made.choices, expect)
    assert.deepEqual(made.grid, grid)
    assert.ok(made.drops > 0, 'it rains on the new map')
    const heights = await a.page.evaluate(async () => (await window.wasmBindings.pageHeights()).length)
    assert.equal(heights, grid[0] * grid[1])
    const look = await canvasLook(a.page)
    assert.ok(look.brightness > 20 && look.brightness < 245, `a map is drawn (brightness ${look.brightness})`)
    assert.notEqual(look.hash, before.hash, 'the picture changed')
    for (const [id, value] of Object.entries(expect)) {
      assert.equal(await a.page.$eval(`#experiment-control-${id}`, e => e.value), value, `#${id} shows ${value}`)
    }
    const url = a.page.url()
    for (const [name, value] of Object.entries(expect)) {
      const defaults = { terrain: 'island', 'map-size': '320x180', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' }
      assert.equal(new URL(url).searchParams.get(`he-${name}`), value === defaults[name] ? null : value, `he-${name} in ${url}`)
    }
    assert.deepEqual(a.problems, [])

    const b = await open(browser, url)
    await replayed(b.page)
    const got = await state(b.page)
    assert.equal(got.heightsHash, made.heightsHash)
    assert.deepEqual([got.choices, got.grid, got.drops], [made.choices, made.grid, made.drops])
    assert.deepEqual(got.settings, made.settings)
    for (const [id, value] of Object.entries(expect)) {
      assert.equal(await b.page.$eval(`#experiment-control-${id}`, e => e.value), value, `reopened, #${id} shows ${value}`)
    }
    assert.deepEqual(b.problems, [])
    await a.context.close()
    await b.context.close()
  })
}

test('sliders a choice leaves unused are greyed out, and the preset moves the sliders it sets', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  assert.deepEqual(await Promise.all(['octaves', 'lacunarity', 'persistence', 'brush-radius', 'talus'].map(id => disabled(page, id))),
    [true, true, true, false, false], 'the island has no octaves')
  await page.selectOption('#experiment-control-terrain', 'ridged')
  assert.equal(await disabled(page, 'octaves'), false)
  assert.equal(await disabled(page, 'roughness'), true, 'only diamond-square has a roughness')
  await page.selectOption('#experiment-control-terrain', 'diamond-square')
  assert.deepEqual(await Promise.all(['roughness', 'terrain-scale', 'octaves'].map(id => disabled(page, id))), [false, true, true])
  await page.selectOption('#experiment-control-terrain', 'ridged')
  await page.selectOption('#experiment-control-preset', 'tutorial')
  await page.waitForFunction(() => document.querySelector('#experiment-control-map-size').value === '512x512')
  assert.equal(await disabled(page, 'brush-radius'), true, 'the tutorial\'s drop has no brush')
  assert.equal(await page.$eval('#experiment-control-talus', e => e.value), '0.008')
  assert.equal(await page.$eval('#experiment-label-talus', e => e.textContent), '0.008')
  assert.equal(await page.$eval('#experiment-control-terrain', e => e.value), 'warped')
  // Changing the octaves of the tutorial's map builds it again
  const { settings } = await state(page)
  assert.equal(settings.octaves, 6)
  await page.$eval('#experiment-control-octaves', e => { e.value = '3'; e.dispatchEvent(new Event('input', { bubbles: true })) })
  const after = await state(page)
  assert.equal(after.settings.octaves, 3)
  assert.equal(after.drops, 0)
  // And back to the article: a fresh page's settings
  await page.selectOption('#experiment-control-preset', 'article')
  await page.waitForFunction(() => document.querySelector('#experiment-control-map-size').value === '320x180')
  const article = await state(page)
  assert.deepEqual(article.choices, { terrain: 'island', 'map-size': '320x180', preset: 'article', 'river-style': 'drainage', layer: 'relief', tool: 'none' })
  assert.equal(article.settings.sea_level, 0.25)
  assert.deepEqual(problems, [])
  await context.close()
})

test('the tutorial\'s rain stops after its hundred batches of 1,000 drops', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=2&he-preset=tutorial&he-terrain=warped&he-map-size=512x512&he-drops-per-frame=1000')
  await page.waitForFunction(() => !window.wasmBindings.pageState().looping, null, { timeout: 90000 })
  const s = await state(page)
  assert.equal(s.drops, 100000)
  assert.equal(await page.$eval('#experiment-control-pause-toggle', e => e.getAttribute('aria-pressed')), 'true', 'the play button shows it stopped')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a square map saves a square heightmap', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-map-size=512x512')
  await pause(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  const file = await new Promise(async resolve => {
    const chunks = []
    const stream = await download.createReadStream()
    stream.on('data', c => chunks.push(c))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
  })
  assert.equal(file.subarray(12, 16).toString(), 'IHDR')
  assert.deepEqual([file.readUInt32BE(16), file.readUInt32BE(20), file[24]], [512, 512, 16])
  assert.deepEqual(problems, [])
  await context.close()
})
