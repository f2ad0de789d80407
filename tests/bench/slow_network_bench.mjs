// What a reader on a slow network sees, and when: Chromium's network
// emulation at 400 kbit/s with 400 ms round trips, the release build served
// uncompressed as the test server sends it. For a new map, a link with
// drops and a link to the full build's ridged terrain: when the holder's
// note, the first picture and the page's own first frame came, in seconds
// after navigation. Needs the release build (dist/).
//
//   node tests/bench/slow_network_bench.mjs
//
// Never part of the tests (timings).
import { serve, launch, newContext } from '../e2e/helpers.mjs'

// 400 kbit/s is 50,000 bytes a second
const SLOW = { offline: false, latency: 400, downloadThroughput: 50000, uploadThroughput: 50000 }

const server = await serve()
const browser = await launch()
for (const query of ['', '?he-seed=3&he-drops=5000', '?he-terrain=ridged']) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW)
  // Each moment, seen at the animation frame it first shows in
  await page.addInitScript(() => {
    window.__t = {}
    const look = () => {
      const t = performance.now()
      const note = document.querySelector('#sketch-holder .sketch-note')
      if (note && !window.__t.note) window.__t.note = t
      if (document.querySelector('#sketch-holder[data-first-picture]') && !window.__t.picture) window.__t.picture = t
      try { if (window.wasmBindings.pageFrames() >= 1 && !window.__t.page) window.__t.page = t } catch (e) {}
      if (!window.__t.page) requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
  await page.goto(server.url + '/' + query)
  await page.waitForFunction(() => window.__t.page, null, { timeout: 120000 })
  console.log(query || '(new map)', await page.evaluate(() => Object.fromEntries(Object.entries(window.__t).map(([k, v]) => [k, (v / 1000).toFixed(2) + ' s']))))
  await context.close()
}
await browser.close()
await server.close()
