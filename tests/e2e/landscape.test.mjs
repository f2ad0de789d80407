// End-to-end tests of the procedural generation article's options: trees
// chosen from their control stand on the map, follow the sea level, and come
// back from a link with the same heights and the same trees.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, canvasLook } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 60000 })

test('trees from their control stand on the map, give way to the sea, and come back from a link', async () => {
  const a = await open(browser, server.url + '/?he-seed=9&he-terrain=diamond-square')
  await a.page.waitForTimeout(400)
  await pause(a.page)
  assert.equal((await state(a.page)).trees, 0, 'no trees until asked for')
  const bare = await canvasLook(a.page)
  await a.page.click('#experiment-control-trees')
  // The count is the frame's: it follows the frame the click asks for
  await a.page.waitForFunction(() => window.wasmBindings.pageState().trees > 0)
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
  const got = await state(b.page)
  assert.deepEqual([got.heightsHash, got.trees, got.settings.sea_level], [flooded.heightsHash, flooded.trees, 0.5])
  assert.equal(await b.page.$eval('#experiment-control-trees', e => e.checked), true)
  assert.deepEqual(b.problems, [])
  await a.context.close()
  await b.context.close()
})
