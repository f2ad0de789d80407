// End-to-end tests of the first picture (src/web/first_picture.rs): the
// article's map drawn by a module of its own, in a worker, and shown as an
// image before the page's module comes, then laid over the page's canvas
// until its first frame, the same picture from the same seed, takes its
// place; links whose first frame is not their map get no picture, and a
// picture that cannot be had leaves the map to the page's module.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, canvasLook, expectedThread, fetchedFiles, firstPaint } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const PAGE_WASM = '**/hydraulic-erosion_bg.wasm'

// Counts in `window.__pictures` every first picture placed: the holder
// marked with its seed
const countPictures = () => {
  window.__pictures = 0
  new MutationObserver(changes => { window.__pictures += changes.filter(c => c.target.id === 'sketch-holder' && c.target.hasAttribute('data-first-picture')).length })
    .observe(document, { subtree: true, attributeFilter: ['data-first-picture'] })
}

// Opens `url` with the page's wasm held back until `release()`; `asked`
// says once it has been asked for. Every first picture drawn is counted
async function openHeld(url, contextOptions = {}) {
  let release, asked
  const held = new Promise(resolve => { release = resolve })
  const pageAsked = new Promise(resolve => { asked = resolve })
  const opened = await open(browser, url, {
    contextOptions, settled: false, initScript: countPictures,
    route: [PAGE_WASM, async route => { asked(); await held; await route.continue() }]
  })
  return { ...opened, release, asked: pageAsked }
}

// The map as shown, without the notes over it
const mapLook = async page => {
  await page.$$eval('#sketch-holder .map-note', notes => notes.forEach(n => { n.style.visibility = 'hidden' }))
  const look = await canvasLook(page, '#sketch-holder > :is(img, canvas:not(.view-3d)) >> nth=0')
  await page.$$eval('#sketch-holder .map-note', notes => notes.forEach(n => { n.style.visibility = '' }))
  return look
}

// The holder's elements: tag, class, and whether the first picture made it
const holderParts = page => page.$$eval('#sketch-holder > *', parts =>
  parts.map(p => `${p.tagName.toLowerCase()}${p.className ? '.' + p.className.replace(/ /g, '.') : ''}${p.hasAttribute('data-first-picture') ? ' (picture)' : ''}`))

test('the first picture shows the map while the page\'s module comes, and the page\'s first frame is the same picture', async () => {
  // Less motion: the page's sketch then does not rain, so its map stays
  // the first frame, to compare with the picture pixel for pixel
  const { page, context, problems, release } = await openHeld(server.url + '/', { reducedMotion: 'reduce' })
  await page.waitForSelector('#sketch-holder[data-first-picture] > img')
  const seed = Number(await page.$eval('#sketch-holder', h => h.dataset.firstPicture))
  assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 1e6, `a new map's seed, ${seed}`)
  assert.deepEqual(await holderParts(page), [
    'img (picture)', 'canvas.view-3d (picture)', 'p.map-note (picture)', 'figure.legend (picture)', 'div'
  ])
  assert.equal(await page.$eval('#sketch-holder > img', i => i.alt), 'A map of an island being eroded by rain')
  // The note says the rest is coming, over the map's corner, not over the map
  const note = await page.evaluate(() => {
    const holder = document.getElementById('sketch-holder').getBoundingClientRect()
    const note = document.querySelector('#sketch-holder > div > .sketch-note')
    const box = note.getBoundingClientRect()
    return { role: note.getAttribute('role'), text: note.textContent, left: box.left - holder.left, bottom: holder.bottom - box.bottom, share: (box.width * box.height) / (holder.width * holder.height) }
  })
  assert.deepEqual({ ...note, share: undefined }, { role: 'status', text: 'Loading the rest of the sketch…', left: 8, bottom: 8, share: undefined })
  assert.ok(note.share < 0.05, `the note covers ${(note.share * 100).toFixed(1)} % of the map`)
  const picture = await mapLook(page)
  assert.ok(picture.colours > 10000, `a map of ${picture.colours} colours, not a blank canvas`)
  assert.equal(await page.evaluate(() => window.wasmBindings), undefined, 'the page\'s module has not come')
  assert.equal(await page.locator('[id^="experiment-control-"]:not([disabled])').count(), 0, 'the controls wait for the sketch')

  release()
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled && !document.querySelector('[data-first-picture]'))
  const state = await page.evaluate(() => window.wasmBindings.pageState())
  assert.equal(state.seed, seed, 'the page carries on the picture\'s map')
  assert.equal(state.thread, expectedThread)
  assert.deepEqual(await holderParts(page), ['canvas', 'canvas.view-3d', 'p.map-note', 'figure.legend'], 'the picture and its note are taken down')
  assert.equal(await page.$eval('#sketch-holder', h => h.hasAttribute('data-first-picture')), false)
  assert.deepEqual(await mapLook(page), picture, 'the page\'s first frame is the picture, pixel for pixel')
  assert.equal(await page.$eval('#experiment-control-seed', s => s.value), String(seed))
  assert.deepEqual(problems, [])
  await context.close()
})

// start.js holds the first paint until it has run (blocking="render"), so
// what it asks for at once is asked for before that paint (firstPaint)
test('the picture\'s wasm is asked for before the page is first painted, the page\'s after it has come, each once', async () => {
  const { page, context, problems, release } = await openHeld(server.url + '/')
  await page.waitForSelector('#sketch-holder[data-first-picture] > img')
  release()
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled)
  const files = await fetchedFiles(page)
  const [picture, pageWasm] = ['first-picture_bg.wasm', 'hydraulic-erosion_bg.wasm'].map(name => files.filter(f => f.name === name))
  assert.equal(picture.length, 1, 'the picture\'s wasm fetched once')
  assert.equal(pageWasm.length, 1, 'the page\'s wasm fetched once')
  const painted = await firstPaint(page)
  assert.ok(picture[0].asked < painted, `the picture's wasm asked for at ${picture[0].asked.toFixed(0)} ms, the page first painted at ${painted.toFixed(0)} ms`)
  assert.equal(await page.evaluate(() => window.__pictures), 1, 'one picture drawn')
  assert.ok(picture[0].came <= pageWasm[0].asked, `the picture's wasm came at ${picture[0].came.toFixed(0)} ms, the page's was asked for at ${pageWasm[0].asked.toFixed(0)} ms`)
  assert.deepEqual(problems, [])
  await context.close()
})

test('a link goes straight to the page\'s module: of the picture\'s only what the head preloads is fetched, once, and the page\'s is asked for before the first paint', async () => {
  // A shared map, brought back over many frames; one only the full build
  // draws (a seed alone is a new map's, which the picture shows)
  for (const query of ['?he-seed=3&he-drops=5000', '?he-seed=3&he-terrain=ridged']) {
    const { page, context, problems, release, asked } = await openHeld(server.url + '/' + query)
    await asked
    assert.equal(await page.$eval('#sketch-holder > .sketch-note', n => n.textContent), 'Loading the sketch…', query)
    release()
    await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled, null, { timeout: 60000 })
    assert.equal(await page.evaluate(() => window.__pictures), 0, `${query}: no first picture was drawn`)
    const files = await fetchedFiles(page)
    // (the head's preloads of the picture's wasm and glue: the wasm's taken
    // by start.js, once, so that no preload goes unused, which the console
    // would warn of)
    assert.deepEqual(files.filter(f => f.name.startsWith('first-picture')).map(f => f.name).sort(), ['first-picture.js', 'first-picture_bg.wasm'], `${query}: of the picture, what the head preloads`)
    const pageWasm = files.filter(f => f.name === 'hydraulic-erosion_bg.wasm')
    assert.equal(pageWasm.length, 1, `${query}: the page's wasm fetched once`)
    const painted = await firstPaint(page)
    assert.ok(pageWasm[0].asked < painted, `${query}: the page's wasm asked for at ${pageWasm[0].asked.toFixed(0)} ms, the page first painted at ${painted.toFixed(0)} ms`)
    assert.equal((await page.evaluate(() => window.wasmBindings.pageState())).seed, 3, query)
    assert.deepEqual(problems, [], query)
    await context.close()
  }
})

test('a first picture that cannot be had leaves the map to the page\'s module', async () => {
  // Not the glue the page was built with: its hash, which start.js checks, does not match
  const tampered = async route => {
    const response = await route.fetch()
    await route.fulfill({ response, body: `${await response.text()}\n// changed` })
  }
  const failures = [
    ['**/first-picture_bg.wasm', route => route.fulfill({ status: 404, body: 'gone' })],
    ['**/first-picture_bg.wasm', route => route.abort('internetdisconnected')],
    ['**/first-picture.js', tampered]
  ]
  for (const route of failures) {
    const { page, context, problems } = await open(browser, server.url + '/', { route, initScript: countPictures })
    assert.equal(await page.evaluate(() => window.__pictures), 0, 'no picture drawn')
    const state = await page.evaluate(() => window.wasmBindings.pageState())
    assert.ok(state.frames >= 1 && state.seed < 1e6, `a new map drawn, seed ${state.seed}`)
    assert.equal(state.thread, expectedThread)
    assert.equal(await page.locator('#sketch-holder > .sketch-note').count(), 0)
    assert.ok((await mapLook(page)).colours > 10000)
    // Said in the console, for whoever looks (beside the browser's own
    // notes on the failed download), and nowhere else
    const ours = problems.filter(p => !/Failed to load resource|integrity|SRI/.test(p))
    assert.equal(ours.length, 1, problems.join('\n'))
    assert.match(ours[0], /^console\.warning: hydraulic erosion: the first picture could not be drawn/)
    await context.close()
  }
})
