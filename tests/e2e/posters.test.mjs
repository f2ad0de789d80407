// A figure's poster (www/element.js): what a <hydraulic-erosion> holds, or
// its `poster` attribute, shown where scripts do not run, and with scripts
// in the figure's box until its first frame, then the map in the same box.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, newContext, hostPage, png, until, displayFrames } from './helpers.mjs'

const AT = '/static/hydraulic-erosion/'
const SCRIPT = `<script type="module" src="${AT}element.js"></script>`
// A 32 × 18 poster, one orange
const POSTER = png(32, 18, 2, 8, Buffer.alloc(32 * 18 * 3, Buffer.from([255, 102, 0])))
const ALT = 'A map of the island of seed 5 after 3,000 raindrops'

let server, browser
before(async () => {
  const pages = hostPage('/blog/posters/', `<p>Before.</p>
    <hydraulic-erosion id="held" seed="5" drops="3000" loading="eager"><img src="/blog/poster.png" alt="${ALT}" width="640" height="360"></hydraulic-erosion>
    <hydraulic-erosion id="named" seed="6" poster="/blog/poster.png" loading="eager"></hydraulic-erosion>
    <p id="after">After.</p>${SCRIPT}`, 'hydraulic-erosion { width: 640px; display: block } hydraulic-erosion img { max-width: 100% }')
  pages['/blog/poster.png'] = POSTER
  server = await serve(undefined, pages, AT)
  browser = await launch()
})
after(async () => { await browser?.close(); await server?.close() })

test('without scripts, a figure shows the image it holds', async () => {
  const context = await newContext(browser, { javaScriptEnabled: false, viewport: { width: 800, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/blog/posters/`)
  const image = page.locator('#held img')
  await image.waitFor()
  assert.equal(await image.getAttribute('alt'), ALT)
  assert.ok(await image.evaluate(img => img.complete && img.naturalWidth === 32), 'the poster is loaded and shown')
  assert.ok((await image.boundingBox()).width > 0)
  await context.close()
})

test('with the sketch slow to come, each figure shows its poster in its box, then its map in the same box', async () => {
  // Every wasm four seconds late
  const late = ['**/*_bg.wasm*', async route => { await new Promise(resolve => setTimeout(resolve, 4000)); await route.continue() }]
  const { page, context, problems } = await open(browser, `${server.url}/blog/posters/`,
    { settled: false, route: late, contextOptions: { viewport: { width: 800, height: 900 } } })
  const look = id => page.evaluate(id => {
    const figure = document.getElementById(id)
    const poster = figure.shadowRoot?.querySelector('.poster')
    const shown = poster && !poster.hidden && getComputedStyle(poster).display !== 'none'
    const image = poster && (poster.querySelector('img') ?? poster.querySelector('slot').assignedElements()[0])
    const box = figure.getBoundingClientRect()
    return { defined: !!customElements.get('hydraulic-erosion'), shown, loaded: !!image?.complete && image.naturalWidth, box: [box.x, box.y, box.width, box.height], drawn: !!figure.state() }
  }, id)
  const before = {}
  for (const id of ['held', 'named']) {
    before[id] = await until(page, async () => { const l = await look(id); return l.defined && l.shown && l.loaded && l } , `${id}'s poster shows`)
    assert.equal(before[id].drawn, false, 'the poster shows before the first frame')
  }
  const after = {}
  for (const id of ['held', 'named']) {
    after[id] = await until(page, async () => { const l = await look(id); return l.drawn && !l.shown && l }, `${id}'s map replaces its poster`, { frames: 1200 })
    assert.deepEqual(after[id].box, before[id].box, `${id}'s box did not move`)
  }
  await displayFrames(page, 2)
  assert.deepEqual(problems, [])
  await context.close()
})
