// Opening a real place's size of elevation model: a 3601 × 3601 SRTM .hgt
// (made here: sines of a few kilometres' relief over sea and land, with
// voids) picked with "Open a ground", in headless Chromium, the sketch in its
// worker. Timed inside the page from the control's change (Playwright's own
// hand-over of 26 MB to the page, seconds, is not the reader's) to the first
// frame drawn on the ground, twice: the first also fetches the full build.
// Then the browser's memory, summed PSS of its processes.
//
//   node tests/bench/ground_bench.mjs          (after `trunk build --release`)
//   DIST=/path/to/dist node tests/bench/ground_bench.mjs
import fs from 'node:fs'
import { execSync } from 'node:child_process'
import { serve, launch, open, pause } from '../e2e/helpers.mjs'

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
const { page } = await open(browser, server.url + '/')
await pause(page)
// The second another ground (one cell higher), so that its map is new
const other = Buffer.from(tile)
other.writeInt16BE(4000, 0)
for (const [name, buffer] of [['N46E007.hgt', tile], ['N46E008.hgt', other]]) {
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
  await page.setInputFiles('#experiment-control-import', { name, mimeType: 'application/octet-stream', buffer })
  const ms = await page.evaluate(() => window.__opened)
  console.log(`${name}: picked to its first frame on the ground ${Math.round(ms)} ms`)
}
await page.waitForTimeout(3000)
const pss = execSync("for p in $(pgrep -f chromium); do awk '/^Pss:/{s+=$2} END{print s}' /proc/$p/smaps_rollup 2>/dev/null; done | awk '{t+=$1} END{print int(t/1024)}'").toString().trim()
console.log(`the browser's memory 3 s later: ${pss} MB (summed PSS)`)
await browser.close()
await server.close()
