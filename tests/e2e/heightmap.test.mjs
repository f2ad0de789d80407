// "Save heightmap": a 16-bit greyscale PNG of the terrain at grid
// resolution, whose levels are the engine's heights, from an encoder module
// fetched only when asked for.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, downloaded, rainedPast, decodePng16, mapNote } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

test('save heightmap downloads a 320 × 180 16-bit PNG of the engine\'s heights, loading its encoder only then', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  const fetched = []
  page.on('request', r => fetched.push(new URL(r.url()).pathname))
  await rainedPast(page, 0)
  await pause(page)
  assert.ok(!fetched.some(p => p.includes('heightmap-encoder')), 'the encoder is not part of the first download')
  const { seed, drops } = await state(page)
  const heights = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  assert.match(download.suggestedFilename(), new RegExp(`^hydraulic_erosion_heightmap_seed${seed}_${drops}drops_\\d+\\.png$`))
  assert.ok(fetched.some(p => p.endsWith('/heightmap-encoder_bg.wasm')), 'the encoder was fetched when asked for')
  const file = await downloaded(download)
  const png = decodePng16(file)
  assert.deepEqual([png.width, png.height, png.depth, png.colour], [320, 180, 16, 0])
  const expected = heights.map(h => Math.round(Math.min(1, Math.max(0, h)) * 65535))
  const wrong = png.levels.filter((l, k) => l !== expected[k]).length
  assert.equal(wrong, 0, `${wrong} levels differ from the engine's heights`)
  assert.ok(new Set(png.levels).size > 10000, 'a real terrain, not a flat one')
  assert.deepEqual(problems, [])
  await context.close()
})

test('where the encoder cannot be had, a note over the map says the heightmap was not saved; asked again, it is', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  await context.route('**/heightmap-encoder*', route => route.abort())
  await page.click('#experiment-control-save-heightmap')
  await page.waitForFunction(() => !document.querySelector('#sketch-holder .map-note').hidden)
  assert.equal(await mapNote(page), 'Not saved: the module that makes the heightmap could not be loaded. Try again.')
  // (The browser's own error for the failed request, and ours)
  assert.deepEqual(problems, ['console.error: Failed to load resource: net::ERR_FAILED', 'console.warning: hydraulic erosion: the module that makes the heightmap could not be loaded'])
  // The network back: the same click fetches the encoder, saves, and the note goes
  await context.unroute('**/heightmap-encoder*')
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  assert.deepEqual(decodePng16(await downloaded(download)).width, 320)
  await page.waitForFunction(() => document.querySelector('#sketch-holder .map-note').hidden)
  assert.equal(problems.length, 2, problems.join('\n'))
  await context.close()
})
