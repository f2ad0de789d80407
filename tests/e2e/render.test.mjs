// `hydraulic-erosion render`: the picture the page shows for a link, drawn
// by the command through the page's drawing code, against the page itself
// (Chromium, at a pixel ratio of 1, the reader asking for less motion, as
// the command draws): the same heights to the bit, and the same picture up
// to anti-aliasing and lettering.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import fs from 'node:fs'
import os from 'node:os'
import { serve, launch, open, until, displayFrames, decodePng, root } from './helpers.mjs'

// The maps: the article's, the tutorial's preset, a topographic map with
// the erosion layer (and its legend), a stroke made by hand, and the
// landscape's (diamond-square, its trees and traced rivers)
const LINKS = [
  'he-seed=1&he-drops=100000',
  'he-seed=5&he-sea-level=0&he-terrain-scale=0.016&he-talus=0.008&he-terrain=warped&he-map-size=512x512&he-preset=tutorial&he-drops=20000',
  'he-seed=8&he-drops=40000&he-scheme=topographic&he-layer=erosion',
  'he-v=3&he-seed=8&he-drops=5000&he-hand=2000r4-50-5740_1000w9-50-99.500',
  'he-seed=4&he-sea-level=0.36&he-terrain=diamond-square&he-map-size=257x257&he-preset=landscape&he-river-style=traced&he-scheme=landscape&he-trees=1&he-drops=20000'
]
// The most a channel may differ on average (of 255)
const MEAN_DIFFERENCE = 3

let server, browser, command, dir
before(async () => {
  // The command, optimised as the native tests build it (at once if
  // `cargo test` just did)
  execFileSync('cargo', ['build', '--quiet', '--profile', 'test', '--bin', 'hydraulic-erosion'], { cwd: root, stdio: 'inherit' })
  command = path.join(root, 'target', 'debug', 'hydraulic-erosion')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-'))
  server = await serve()
  browser = await launch()
})
after(async () => { await browser?.close(); await server?.close(); fs.rmSync(dir, { recursive: true, force: true }) })

// The page's state once its map has settled: brought back, its trees
// grown, and no frame drawn for six of the display's (the sketch asks for
// none once its rivers are routed and nothing moves)
async function settled(page) {
  const still = () => page.evaluate(() => {
    const s = window.wasmBindings.pageState()
    return s.settled && !s.replaying && !s.looping && !s.treesGrowing && s
  })
  return until(page, async () => {
    const before = await still()
    if (!before) return false
    await displayFrames(page, 6)
    const after = await still()
    return after && after.frames === before.frames && after
  }, 'the map settles', { frames: 3000 })
}

// The mean difference of two 8-bit PNGs of one size, a channel (of the
// red, green and blue; an RGBA one's alpha aside)
function meanDifference(one, other) {
  const [x, y] = [one, other].map(decodePng)
  assert.deepEqual([x.width, x.height, x.depth], [y.width, y.height, 8], 'two pictures of one size')
  const [sx, sy] = [x, y].map(p => p.colour === 6 ? 4 : 3)
  let sum = 0
  for (let i = 0; i < x.width * x.height; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs(x.bytes[i * sx + c] - y.bytes[i * sy + c])
  }
  return sum / (x.width * x.height * 3)
}

for (const [k, link] of LINKS.entries()) {
  test(`render draws the page's picture of ${link}`, async () => {
    // (a canvas 960 × 540, in whole CSS pixels)
    const contextOptions = { reducedMotion: 'reduce', viewport: { width: 992, height: 800 } }
    const { page, context, problems } = await open(browser, `${server.url}/?${link}`, { contextOptions })
    const s = await settled(page)
    // The canvas as shown, with what lies over it (the legend), at its
    // pixels (its box may begin between two)
    const [width, height] = s.canvas
    const box = await page.locator('#sketch-holder canvas:not(.view-3d)').boundingBox()
    const shown = await page.screenshot({ clip: { x: Math.round(box.x), y: Math.round(box.y), width, height }, fullPage: true })
    const out = path.join(dir, `map-${k}.png`)
    const printed = execFileSync(command, ['render', link, '-o', out, '--size', `${width}x${height}`, '--json'], { encoding: 'utf8' })
    const made = JSON.parse(printed)
    assert.equal(made.heightsHash, s.heightsHash, 'the page\'s heights, to the bit')
    assert.equal(made.drops, s.drops)
    const difference = meanDifference(shown, fs.readFileSync(out))
    console.log(`${link}: ${width} × ${height}, mean difference ${difference.toFixed(2)} of 255`)
    assert.ok(difference < MEAN_DIFFERENCE, `mean difference ${difference}`)
    assert.deepEqual(problems, [])
    await context.close()
  })
}
