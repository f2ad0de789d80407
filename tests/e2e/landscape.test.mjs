// End-to-end tests of the procedural generation article's options: trees
// chosen from their control stand on the map, follow the sea level, and come
// back from a link with the same heights and the same trees.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, canvasLook, rainedPast } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// Trees shown and every spot sampled (a share a frame)
const treesGrown = page => page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.trees > 0 && !s.treesGrowing })
const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 60000 })

test('trees from their control stand on the map, give way to the sea, and come back from a link', async () => {
  const a = await open(browser, server.url + '/?he-seed=9&he-terrain=diamond-square')
  await rainedPast(a.page, 0)
  await pause(a.page)
  assert.equal((await state(a.page)).trees, 0, 'no trees until asked for')
  const bare = await canvasLook(a.page)
  await a.page.click('#experiment-control-trees')
  // The count is the frame's: it follows the frames the click asks for, as
  // the spots are sampled a share a frame
  await treesGrown(a.page)
  const wooded = await state(a.page)
  assert.ok(wooded.trees > 200, `${wooded.trees} trees`)
  assert.equal(wooded.toggles.trees, true)
  assert.notEqual((await canvasLook(a.page)).hash, bare.hash, 'the trees are drawn')
  await a.page.$eval('#experiment-control-sea-level', e => { e.value = '0.5'; e.dispatchEvent(new Event('input', { bubbles: true })) })
  await a.page.waitForFunction(n => window.wasmBindings.pageState().trees !== n, wooded.trees)
  const flooded = await state(a.page)
  assert.ok(flooded.trees < wooded.trees, `the sea took trees: ${wooded.trees} → ${flooded.trees}`)
  const url = a.page.url()
  assert.equal(new URL(url).searchParams.get('he-trees'), '1')
  assert.deepEqual(a.problems, [])

  const b = await open(browser, url)
  await replayed(b.page)
  await treesGrown(b.page)
  const got = await state(b.page)
  assert.deepEqual([got.heightsHash, got.trees, got.settings.sea_level], [flooded.heightsHash, flooded.trees, 0.5])
  assert.equal(await b.page.$eval('#experiment-control-trees', e => e.checked), true)
  assert.deepEqual(b.problems, [])
  await a.context.close()
  await b.context.close()
})

test('the landscape preset: diamond-square on 257 × 257, its colours, trees and traced rivers, back from its link', async () => {
  const a = await open(browser, server.url + '/?he-seed=4')
  await a.page.selectOption('#experiment-control-preset', 'landscape')
  await treesGrown(a.page)
  await rainedPast(a.page)
  await pause(a.page)
  const made = await state(a.page)
  assert.deepEqual(made.choices, { terrain: 'diamond-square', 'map-size': '257x257', preset: 'landscape', 'river-style': 'traced', layer: 'relief', tool: 'none' })
  assert.deepEqual([made.grid, made.scheme, made.toggles.trees, made.settings.sea_level], [[257, 257], 'landscape', true, 0.36])
  assert.ok(made.drops > 0, 'the rain falls on it')
  assert.deepEqual(await Promise.all(['color-scheme', 'river-style', 'terrain', 'map-size'].map(id => a.page.$eval(`#experiment-control-${id}`, e => e.value))),
    ['landscape', 'traced', 'diamond-square', '257x257'])
  assert.equal(await a.page.$eval('#experiment-control-trees', e => e.checked), true)
  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.click('#experiment-control-save')])
  assert.match(download.suggestedFilename(), /^hydraulic_erosion_landscape_seed4_\d+drops_\d+\.png$/)
  assert.deepEqual(a.problems, [])

  const b = await open(browser, a.page.url())
  await replayed(b.page)
  await treesGrown(b.page)
  const got = await state(b.page)
  assert.deepEqual([got.heightsHash, got.trees, got.choices, got.scheme], [made.heightsHash, made.trees, made.choices, made.scheme])
  assert.deepEqual(b.problems, [])
  await a.context.close()
  await b.context.close()
})

test('traced rivers from their control keep the rain going', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4')
  await rainedPast(page, 0)
  await pause(page)
  const before = await state(page)
  const drainage = await canvasLook(page)
  await page.selectOption('#experiment-control-river-style', 'traced')
  await page.waitForFunction(f => { const s = window.wasmBindings.pageState(); return s.settled && s.choices['river-style'] === 'traced' && s.frames > f }, before.frames)
  const after = await state(page)
  assert.equal(after.drops, before.drops, 'a style of drawing: the map is the same')
  assert.equal(after.choices['river-style'], 'traced')
  assert.notEqual((await canvasLook(page)).hash, drainage.hash, 'drawn otherwise')
  assert.equal(new URL(page.url()).searchParams.get('he-river-style'), 'traced')
  assert.deepEqual(problems, [])
  await context.close()
})
