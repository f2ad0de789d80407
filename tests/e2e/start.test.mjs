// End-to-end tests of the page before its sketch runs (www/start.js): while
// the modules are on their way the holder says so and the controls wait, and
// a module that cannot be had, or a sketch that stops as it starts, says
// why, on the page and in a blog post's markup, over the first picture's
// corner where it shows (tests/e2e/first_picture.test.mjs has the rest).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, dropIn } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(undefined, dropIn('/post/', '/', 'width: 640px; height: 360px')); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const WASM = '**/hydraulic-erosion_bg.wasm'
const EVERY_WASM = '**/*_bg.wasm'

// Opens `url` with the page's wasm (or the file `file` matches) answered by
// `answer` (a route handler), without waiting for the sketch
const openWith = (url, answer, { initScript, file = WASM } = {}) =>
  open(browser, url, { initScript, route: [file, answer], settled: false })

// The controls a reader could change, and those that wait, by ID: in the
// page's document and in its groups still out of it
const controls = page => page.evaluate(() => {
  const parts = [document]
  for (const part of parts) parts.push(...[...part.querySelectorAll('template[data-group-to-come]')].map(group => group.content))
  const all = parts.flatMap(part => [...part.querySelectorAll('[id^="experiment-control-"]')])
  return {
    enabled: all.filter(c => c.disabled === false).map(c => c.id),
    disabled: all.filter(c => c.disabled === true).map(c => c.id)
  }
})

// The holder's note, where it sits (filling the holder, or over the first
// picture's corner) and how many of the first picture's parts are there
const note = page => page.evaluate(() => {
  const holder = document.getElementById('sketch-holder')
  const note = holder.querySelector('.sketch-note')
  const [h, n] = [holder, note].map(e => e.getBoundingClientRect())
  const place = n.width === h.width && n.height === h.height && n.top === h.top && holder.children.length === 1 ? 'the holder'
    : n.left - h.left === 8 && h.bottom - n.bottom === 8 ? 'the map\'s corner' : `elsewhere: ${JSON.stringify(n)}`
  return { role: note.getAttribute('role'), text: note.textContent, place, picture: holder.querySelectorAll('[data-first-picture]').length }
})
// A first picture: its four parts, and its note over the map's corner
const OVER_THE_PICTURE = { place: 'the map\'s corner', picture: 4 }
const NO_PICTURE = { place: 'the holder', picture: 0 }

test('while the module is on its way the holder says so and the controls wait; then the map takes the holder', async () => {
  const usual = await open(browser, server.url + '/')
  const started = await controls(usual.page)
  await usual.context.close()
  assert.ok(started.enabled.length >= 20, `${started.enabled.length} controls are live once the sketch runs`)

  let release
  const held = new Promise(resolve => { release = resolve })
  const { page, context, problems } = await openWith(server.url + '/', async route => { await held; await route.continue() }, { file: EVERY_WASM })
  await page.waitForFunction(() => document.querySelector('#sketch-holder > .sketch-note')?.textContent === 'Loading the sketch…')
  assert.deepEqual(await note(page), { role: 'status', text: 'Loading the sketch…', ...NO_PICTURE })
  const waiting = await controls(page)
  assert.deepEqual(waiting.enabled, [], 'no control takes a change the sketch would undo')
  assert.deepEqual(waiting.disabled.slice().sort(), [...started.enabled, ...started.disabled].sort())
  assert.equal(await page.evaluate(() => window.wasmBindings), undefined)

  release()
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled)
  assert.equal(await page.locator('.sketch-note').count(), 0, 'the note is gone')
  assert.equal(await page.locator('template[data-group-to-come]').count(), 0, 'every group is in the document')
  assert.equal(await page.locator('#sketch-holder canvas').first().isVisible(), true)
  assert.deepEqual(await controls(page), started, 'the controls are as the sketch sets them')
  assert.deepEqual(problems, [])
  await context.close()
})

test('the page is first drawn as it loads: the holder\'s note there and the controls waiting, never live for a frame', async () => {
  // What the first animation frame, run just before the page is first
  // painted, finds: start.js holds the page's rendering until it has run
  // (`blocking="render"`, Trunk.toml), so no frame shows the controls live
  // and the holder empty, to be greyed and filled a frame later. The
  // controls are those in the page and in the groups still to come
  const firstFrame = () => requestAnimationFrame(() => {
    const parts = [document]
    for (const part of parts) parts.push(...[...part.querySelectorAll('template')].map(later => later.content))
    const all = parts.flatMap(part => [...part.querySelectorAll('[id^="experiment-control-"]')])
    window.__firstFrame = {
      note: document.querySelector('#sketch-holder > .sketch-note')?.textContent ?? null,
      live: all.filter(c => c.disabled === false).length,
      controls: all.length
    }
  })
  const { page, context, problems } = await open(browser, server.url + '/', { initScript: firstFrame, settled: false })
  await page.waitForFunction(() => window.__firstFrame)
  const seen = await page.evaluate(() => window.__firstFrame)
  assert.ok(seen.controls >= 20, `${seen.controls} controls on the page`)
  assert.deepEqual({ note: seen.note, live: seen.live }, { note: 'Loading the sketch…', live: 0 })
  assert.deepEqual(problems, [])
  await context.close()
})

test('the controls\' groups are out of the document until the sketch has filled them, then brought in: a group (or part of a larger one) a frame on a phone, all at once where they stand in columns', async () => {
  // Counts the page's frames, notes how many groups the first one finds in
  // the document and how many still to come, and in which frame each group
  // is brought in, filled or not
  const watch = () => {
    window.__frame = 0
    const count = () => { window.__frame++; requestAnimationFrame(count) }
    requestAnimationFrame(() => {
      window.__atFirst = {
        groups: document.querySelectorAll('.group').length,
        toCome: document.querySelectorAll('.controls > template[data-group-to-come]').length
      }
    })
    requestAnimationFrame(count)
    window.__broughtIn = []
    window.__controlsIn = []
    new MutationObserver(changes => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.matches?.('[id^="experiment-control-"]') || node.querySelector?.('[id^="experiment-control-"]')) window.__controlsIn.push(window.__frame)
          if (!node.classList?.contains('group')) continue
          const held = node.querySelectorAll('[data-waiting]').length
          const empty = [...node.querySelectorAll('output[id^="experiment-label-"]')].filter(label => !label.textContent).length
          window.__broughtIn.push({ frame: window.__frame, held, empty })
        }
      }
    }).observe(document, { subtree: true, childList: true })
  }
  for (const [width, height, inTurn] of [[390, 844, true], [1100, 900, false]]) {
    let release
    const held = new Promise(resolve => { release = resolve })
    const { page, context, problems } = await open(browser, server.url + '/', {
      initScript: watch, contextOptions: { viewport: { width, height } }, settled: false,
      route: [WASM, async route => { await held; await route.continue() }]
    })
    // (ten frames with the page's wasm held: no group comes in meanwhile)
    await page.waitForFunction(() => window.__frame >= 10)
    const groups = 7
    assert.deepEqual(await page.evaluate(() => window.__atFirst), { groups: 0, toCome: groups }, `${width} px: no group is in the first frame's document`)
    assert.deepEqual(await page.evaluate(() => window.__broughtIn), [], `${width} px: none while the sketch comes`)
    release()
    await page.waitForFunction(() => window.wasmBindings?.pageState()?.settled)
    assert.equal(await page.locator('.controls > .group').count(), groups)
    const broughtIn = await page.evaluate(() => window.__broughtIn)
    const frames = broughtIn.map(group => group.frame)
    assert.equal(broughtIn.length, groups, `${width} px: each group brought in once (${frames})`)
    assert.deepEqual(broughtIn.filter(group => group.held || group.empty), [], `${width} px: each filled and given back as it comes`)
    // (and the second parts of the three larger groups, each in a frame of
    // its own after its group's)
    const inFrames = new Set(await page.evaluate(() => window.__controlsIn))
    if (inTurn) {
      assert.ok(frames.every((frame, k) => k === 0 || frame > frames[k - 1]), `${width} px: a group a frame (${frames})`)
      assert.equal(inFrames.size, groups + 3, `${width} px: a part a frame (${[...inFrames]})`)
    } else {
      assert.ok(frames.every(frame => frame === frames[0]), `${width} px: all in one frame (${frames})`)
      assert.deepEqual([...inFrames], [frames[0]], `${width} px: every part in that frame`)
    }
    // (the play-or-pause and fullscreen toggles: one icon each, a new map's)
    const icons = await page.$$eval('[id^="experiment-control-"][id$="-toggle"] svg',
      all => all.filter(icon => getComputedStyle(icon).display !== 'none').map(icon => icon.getAttribute('class')))
    assert.deepEqual(icons, ['icon-pause', 'icon-expand'], `${width} px: each toggle shows one icon`)
    assert.deepEqual(problems, [])
    await context.close()
  }
})

test('a module that cannot be had: the holder says why, and the controls stay still', async () => {
  const tampered = async route => {
    const response = await route.fetch()
    const body = await response.body()
    body[body.length - 1] ^= 1
    await route.fulfill({ response, body })
  }
  const cases = [
    ['/', route => route.fulfill({ status: 404, body: 'gone' }), 'the server answered 404 Not Found for hydraulic-erosion_bg.wasm', OVER_THE_PICTURE],
    // A blog post's own markup, without the page's stylesheet
    ['/post/', route => route.fulfill({ status: 503, body: 'busy' }), 'the server answered 503 Service Unavailable for hydraulic-erosion_bg.wasm', OVER_THE_PICTURE],
    // Not the file the page was built with: its hash does not match
    ['/', tampered, 'the files on the server are not the ones this page was built with', OVER_THE_PICTURE],
    ['/', route => route.abort('internetdisconnected'), 'the download failed', OVER_THE_PICTURE],
    // Neither module can run
    ['/', route => route.continue(), 'this browser does not run WebAssembly', NO_PICTURE, { initScript: () => { delete window.WebAssembly } }],
    // The glue, which the page imports beside the wasm
    ['/', route => route.fulfill({ status: 404, body: 'gone' }), 'the server answered 404 Not Found for hydraulic-erosion.js', OVER_THE_PICTURE, { file: '**/hydraulic-erosion.js' }]
  ]
  for (const [url, answer, why, where, options] of cases) {
    const { page, context, problems } = await openWith(server.url + url, answer, options)
    await page.waitForSelector('#sketch-holder .sketch-note[role=alert]')
    assert.deepEqual(await note(page), { role: 'alert', text: `The sketch could not be loaded: ${why}. Reloading the page may help.`, ...where }, why)
    assert.deepEqual((await controls(page)).enabled, [], why)
    assert.equal(await page.evaluate(() => window.wasmBindings), undefined)
    // The error itself is still the console's, for whoever looks
    assert.ok(problems.some(p => p.startsWith('page error:')), `${why}: ${problems.join('\n')}`)
    await context.close()
  }
})

test('a sketch that stops as it starts says so in the holder', async () => {
  // A browser that will not make a canvas: the module panics in its start
  const noCanvas = () => {
    const make = Document.prototype.createElement
    Document.prototype.createElement = function (name, ...rest) {
      if (name === 'canvas') throw new Error('no canvas')
      return make.call(this, name, ...rest)
    }
  }
  const { page, context, problems } = await openWith(server.url + '/', route => route.continue(), { initScript: noCanvas })
  await page.waitForSelector('#sketch-holder .sketch-note[role=alert]')
  // (the first picture, which needs a canvas too, is not drawn either)
  assert.deepEqual(await note(page), { role: 'alert', text: 'The sketch stopped as it started. Reloading the page may help.', ...NO_PICTURE })
  assert.equal(await page.evaluate(() => window.wasmBindings), undefined)
  assert.ok(problems.includes('page error: unreachable'), problems.join('\n'))
  await context.close()
})
