// Opening a real place's size of elevation model: a 3601 × 3601 SRTM .hgt
// (made here: sines of a few kilometres' relief over sea and land, with
// voids) picked from disk with "Open a ground", in headless Chromium, the
// sketch in its worker. Timed inside the page from the control's change to
// the first frame drawn on the ground, twice: the first also fetches the
// full build.
// Then the browser's memory: summed PSS of its processes, the largest (the
// tab's renderer, with its workers), and what the tab adds to a blank one;
// again once the page's garbage is collected.
//
//   node tests/bench/ground_bench.mjs          (after `trunk build --release`)
//   DIST=/path/to/dist node tests/bench/ground_bench.mjs
//   FILES=1 node tests/bench/ground_bench.mjs  (the first file alone)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve, launch, open, pause } from '../e2e/helpers.mjs'
import { browserMemory } from './memory.mjs'

const side = 3601
const tile = Buffer.alloc(side * side * 2)
for (let y = 0; y < side; y++) {
  for (let x = 0; x < side; x++) {
    let metres = 1500 * Math.sin(x / 300) * Math.cos(y / 410) + 900 * Math.sin((x + y) / 97) + 400 * Math.cos(x / 23 - y / 31) + 300
    if ((x * 7 + y * 13) % 10007 === 0) metres = -32768
    tile.writeInt16BE(Math.round(Math.max(-32768, Math.min(32767, metres))), (y * side + x) * 2)
  }
}

const server = await serve(process.env.DIST)
const browser = await launch()
// The same browser with a blank tab alone, first
const blankTab = await browser.newPage()
await blankTab.goto('about:blank')
await blankTab.waitForTimeout(5000)
const blank = browserMemory()
await blankTab.close()
const { page } = await open(browser, server.url + '/')
await pause(page)
// The second another ground (one cell higher), so that its map is new
const other = Buffer.from(tile)
other.writeInt16BE(4000, 0)
const files = [['N46E007.hgt', tile], ['N46E008.hgt', other]].slice(0, Number(process.env.FILES || 2))
const folder = mkdtempSync(join(tmpdir(), 'ground-bench-'))
for (const [name, buffer] of files) {
  await page.evaluate(() => {
    window.__opened = new Promise(resolve => {
      document.querySelector('#experiment-control-import').addEventListener('change', () => {
        const picked = performance.now()
        const before = window.wasmBindings.pageState().heightsHash
        // The state that says the new ground comes with the frame drawn on it
        const look = () => {
          const s = window.wasmBindings.pageState()
          if (s?.ground === 'file' && s.heightsHash !== before) resolve(performance.now() - picked)
          else requestAnimationFrame(look)
        }
        look()
      }, { once: true, capture: true })
    })
  })
  // Picked from disk, as a reader picks it: the browser reads the file
  // itself (given its bytes, Playwright would carry them to the page)
  const path = join(folder, name)
  writeFileSync(path, buffer)
  await page.setInputFiles('#experiment-control-import', path)
  const ms = await page.evaluate(() => window.__opened)
  console.log(`${name}: picked to its first frame on the ground ${Math.round(ms)} ms`)
}
await page.waitForTimeout(3000)
const now = browserMemory()
const mb = x => Math.round(x)
console.log(`the browser's memory 3 s later: ${mb(now.total)} MB summed PSS, its largest process (the tab's renderer) ${mb(now.largest)} MB`)
console.log(`a blank tab in the same browser: ${mb(blank.total)} MB (largest ${mb(blank.largest)} MB); the sketch's tab added ${mb(now.total - blank.total)} MB`)
// Much of that is the files' and heights' copies, and the readers' ended
// workers, that the page's collector has not yet come to
const devtools = await page.context().newCDPSession(page)
await devtools.send('HeapProfiler.collectGarbage')
await page.waitForTimeout(2000)
const collected = browserMemory()
console.log(`once the page's garbage is collected: ${mb(collected.total)} MB summed PSS, the tab's renderer ${mb(collected.largest)} MB`)
await browser.close()
await server.close()
rmSync(folder, { recursive: true })
