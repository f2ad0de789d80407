// "Save heightmap": a 16-bit greyscale PNG of the terrain at grid
// resolution, whose levels are the engine's heights, from an encoder module
// fetched only when asked for.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { serve, launch, open, state, pause, downloaded, rainedPast } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// A PNG's size, bit depth, colour type and samples (filters undone)
function decodePng(file) {
  assert.equal(file.subarray(1, 4).toString(), 'PNG')
  let at = 8
  let header
  const data = []
  while (at < file.length) {
    const length = file.readUInt32BE(at)
    const type = file.subarray(at + 4, at + 8).toString()
    const body = file.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9] }
    if (type === 'IDAT') data.push(body)
    at += 12 + length
  }
  const raw = zlib.inflateSync(Buffer.concat(data))
  const bpp = 2
  const stride = header.width * bpp
  const out = Buffer.alloc(stride * header.height)
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]
      const a = x >= bpp ? out[y * stride + x - bpp] : 0
      const b = y > 0 ? out[(y - 1) * stride + x] : 0
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0
      const paeth = () => { const p = a + b - c; const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); return pa <= pb && pa <= pc ? a : pb <= pc ? b : c }
      const predictor = [0, a, b, (a + b) >> 1, paeth()][filter]
      out[y * stride + x] = (v + predictor) & 255
    }
  }
  const levels = []
  for (let k = 0; k < out.length; k += 2) levels.push(out.readUInt16BE(k))
  return { ...header, levels }
}

test('save heightmap downloads a 320 × 180 16-bit PNG of the engine\'s heights, loading its encoder only then', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  const fetched = []
  page.on('request', r => fetched.push(new URL(r.url()).pathname))
  await rainedPast(page, 0)
  await pause(page)
  assert.ok(!fetched.some(p => p.includes('heightmap-encoder')), 'the encoder is not part of the first download')
  const { seed, drops } = await state(page)
  const heights = await page.evaluate(() => Array.from(window.wasmBindings.pageHeights()))
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  assert.match(download.suggestedFilename(), new RegExp(`^hydraulic_erosion_heightmap_seed${seed}_${drops}drops_\\d+\\.png$`))
  assert.ok(fetched.some(p => p.endsWith('/heightmap-encoder_bg.wasm')), 'the encoder was fetched when asked for')
  const file = await downloaded(download)
  const png = decodePng(file)
  assert.deepEqual([png.width, png.height, png.depth, png.colour], [320, 180, 16, 0])
  const expected = heights.map(h => Math.round(Math.min(1, Math.max(0, h)) * 65535))
  const wrong = png.levels.filter((l, k) => l !== expected[k]).length
  assert.equal(wrong, 0, `${wrong} levels differ from the engine's heights`)
  assert.ok(new Set(png.levels).size > 10000, 'a real terrain, not a flat one')
  assert.deepEqual(problems, [])
  await context.close()
})
