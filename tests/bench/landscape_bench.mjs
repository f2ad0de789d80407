// The landscape bench: the procedural generation article's parts as the
// page's module runs them in Chromium (diamond-square, the trees' Poisson
// disc spots, the trees standing each frame, space colonisation), against
// a frame's 16.7 ms. Needs the release build (dist/, from
// `trunk build --release --public-url ./`) and the npm tools.
//
//   node tests/bench/landscape_bench.mjs
//
// Never part of the tests: timings on a shared machine are noisy.
import { serve, launch, dist, bundle } from '../e2e/helpers.mjs'

const { js, wasm } = bundle({ full: true })
const pages = {
  '/bench.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module">import init, * as bindings from './${js}'; await init({ module_or_path: './${wasm}' }); window.wasmBindings = bindings</script>`
}
// Served without the site's policy: the harness pages start the modules from
// scripts written into them (and the original sketch's hooks)
const server = await serve(dist, pages, '/', {})
const browser = await launch()
const page = await browser.newPage()
page.on('pageerror', e => console.error('page error:', e.message))
await page.goto(server.url + '/bench.html')
await page.waitForFunction(() => window.wasmBindings)
const figures = await page.evaluate(() => {
  const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const time = (runs, work) => median(Array.from({ length: runs }, () => { const t = performance.now(); work(); return performance.now() - t }))
  const { Terrain } = window.wasmBindings
  const out = {}
  for (const size of ['320x180', '257x257']) {
    out[size] = {}
    const f = out[size]
    // Diamond-square: a new map of the shape (and a restart of the rain)
    const ds = []
    for (let k = 0; k < 7; k++) {
      const t = new Terrain(1)
      t.choose('map-size', size)
      const s = performance.now()
      t.choose('terrain', 'diamond-square')
      ds.push(performance.now() - s)
      t.free()
    }
    f.diamondSquare = median(ds)
    const spots = []
    for (let seed = 1; seed <= 7; seed++) {
      const t = new Terrain(seed)
      t.choose('map-size', size)
      t.choose('terrain', 'diamond-square')
      const s = performance.now()
      t.trees()
      spots.push(performance.now() - s)
      t.free()
    }
    f.spots = median(spots)
    const t = new Terrain(1)
    t.choose('preset', 'landscape')
    if (size === '320x180') t.choose('map-size', size)
    t.rain(20000)
    t.trees()
    f.standing = time(15, () => t.trees())
    const trees = t.trees()
    const count = trees.length / 4
    const s = performance.now()
    for (let k = 0; k < count; k++) t.treeSkeleton(trees[4 * k + 3])
    f.colonisation = (performance.now() - s) / count
    f.trees = count
    t.free()
  }
  return out
})
// The page spreads the spots over frames: how many frames a forest takes
// there (the sketch's own count), so a frame's share is the whole / frames
for (const size of Object.keys(figures)) {
  const spread = []
  for (let seed = 1; seed <= 3; seed++) {
    const p = await browser.newPage()
    await p.goto(`${server.url}/index.html?he-seed=${seed}&he-terrain=diamond-square&he-map-size=${size}&he-trees=1`)
    await p.waitForFunction(() => { const s = window.wasmBindings?.pageState(); return s && s.trees > 0 && !s.treesGrowing }, null, { polling: 'raf' })
    spread.push((await p.evaluate(() => window.wasmBindings.pageState().frames)))
    await p.close()
  }
  figures[size].frames = spread.sort((a, b) => a - b)[1]
}
for (const [size, f] of Object.entries(figures)) {
  console.log(`${size}: diamond-square ${f.diamondSquare.toFixed(1)} ms (with the restart), tree spots ${f.spots.toFixed(1)} ms (once per seed and map; ` +
    `the page spreads them over ${f.frames} frames: ${(f.spots / f.frames).toFixed(1)} ms a frame), ` +
    `the ${f.trees} trees standing ${f.standing.toFixed(2)} ms a frame, space colonisation ${f.colonisation.toFixed(3)} ms a tree ` +
    `(at most 20 a frame: ${(20 * f.colonisation).toFixed(1)} ms)`)
}
await browser.close()
await server.close()
