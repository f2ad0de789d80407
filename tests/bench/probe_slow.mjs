// throwaway: a slow network (400 kbit/s, 400 ms round trips), uncompressed
import { serve, launch, newContext } from '../e2e/helpers.mjs'
const server = await serve()
const browser = await launch()
for (const query of ['', '?he-seed=3&he-drops=5000', '?he-terrain=ridged']) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50000, uploadThroughput: 50000 })
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
await browser.close(); await server.close()
