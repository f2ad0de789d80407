// End-to-end tests of the figures' element, <hydraulic-erosion>
// (www/element.js, src/web/figure.rs): many on one post, each its own map,
// under the site's policy, from a sub-path of the site.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, newContext, hostPage, fetchedFiles, expectedThread, state, siteHeaders, ours, displayFrames, downloaded } from './helpers.mjs'

const AT = '/static/hydraulic-erosion/'
const SCRIPT = `<script type="module" src="${AT}element.js"></script>`

// Six figures: two in view, four below the fold
const SIX = `<article><p>Prose before the figures.</p>
<hydraulic-erosion id="one" seed="3"></hydraulic-erosion>
<hydraulic-erosion id="two" seed="5" inertia="0.5" scheme="topographic" controls="inertia play restart"></hydraulic-erosion>
<div class="long-prose">Much prose.</div>
<hydraulic-erosion id="three" seed="7" preset="landscape"></hydraulic-erosion>
<hydraulic-erosion id="four" seed="9" view="1"></hydraulic-erosion>
<hydraulic-erosion id="five" seed="11" scheme="blueprint" paused></hydraulic-erosion>
<hydraulic-erosion id="six" seed="13" controls="all"></hydraulic-erosion>
</article>${SCRIPT}`

let server, browser
before(async () => {
  const pages = hostPage('/blog/figures/', SIX, 'hydraulic-erosion { width: 640px; margin: 16px 0 } .long-prose { height: 3000px }')
  Object.assign(pages, hostPage('/blog/one/', `<hydraulic-erosion id="one" link="he-seed=21&he-drops=3000&he-t=1000e.5"></hydraulic-erosion>${SCRIPT}`,
    'hydraulic-erosion { width: 640px }'))
  Object.assign(pages, hostPage('/blog/sculpt/', `<hydraulic-erosion id="s" seed="23" paused controls="tool tool-size tool-strength"></hydraulic-erosion>${SCRIPT}`,
    'hydraulic-erosion { width: 640px }'))
  // Two figures, one of them the full build's (3D), to be taken off
  Object.assign(pages, hostPage('/blog/leaving/', `<hydraulic-erosion id="a" seed="3" loading="eager"></hydraulic-erosion>
    <hydraulic-erosion id="b" seed="4" view="1" loading="eager"></hydraulic-erosion>${SCRIPT}`, 'hydraulic-erosion { width: 480px }'))
  server = await serve(undefined, pages, AT)
  browser = await launch()
})
after(async () => { await browser?.close(); await server?.close() })

// Counts every worker the post starts, and those it ends (an init script)
function countWorkers () {
  window.__workers = { started: 0, ended: 0 }
  const Real = window.Worker
  window.Worker = class extends Real {
    constructor (url, options) { super(url, options); window.__workers.started++ }
    terminate () { window.__workers.ended++; super.terminate() }
  }
}

// A post, its problems recorded (the site's policy's violations among
// them), its workers counted
async function visit(path, options = {}) {
  const context = await newContext(browser, { viewport: { width: 1000, height: 900 }, ...options })
  await context.addInitScript(countWorkers)
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if ((m.type() === 'error' || m.type() === 'warning') && ours(m)) problems.push(`console.${m.type()}: ${m.text()}`) })
  await page.goto(server.url + path)
  return { page, context, problems }
}

// Each figure's id and state (null before it has drawn)
const figures = page => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('hydraulic-erosion')].map(f => [f.id, f.state()])))
const figureState = (page, id) => page.evaluate(id => document.getElementById(id).state(), id)

test('a post with six figures: those in view rain, each its own map, the module fetched once, nothing moving as they load', async () => {
  const { page, context, problems } = await visit('/blog/figures/')
  const boxes = () => page.evaluate(() => [...document.querySelectorAll('hydraulic-erosion')].map(f => {
    const r = f.getBoundingClientRect()
    return [f.id, r.top, r.height]
  }))
  const before = await boxes()
  await page.waitForFunction(() => ['one', 'two'].every(id => { const s = document.getElementById(id).state(); return s?.settled && s.drops > 1000 }))
  const seen = await figures(page)
  assert.deepEqual([seen.one.seed, seen.two.seed, seen.two.settings.inertia, seen.two.scheme], [3, 5, 0.5, 'topographic'])
  assert.equal(seen.one.thread, expectedThread)
  for (const id of ['three', 'four', 'five', 'six']) assert.equal(seen[id], null, `${id}, below the fold, has not started`)
  // The maps keep the size they had before anything loaded (16:9 of 640 px)
  assert.deepEqual(await boxes(), before)
  assert.equal(before[0][2], 360)
  // The page's module and its wasm, once for all the figures
  const files = (await fetchedFiles(page)).map(f => f.name)
  for (const name of ['hydraulic-erosion.js', 'hydraulic-erosion_bg.wasm']) {
    assert.equal(files.filter(f => f === name).length, 1, `${name} once: ${files}`)
  }
  assert.ok(!files.includes('first-picture_bg.wasm'))

  // Scrolled down: the figures coming into view start, those leaving rest
  await page.evaluate(() => document.getElementById('five').scrollIntoView())
  await page.waitForFunction(() => ['four', 'five'].every(id => document.getElementById(id).state()?.settled) &&
    document.getElementById('one').state().resting)
  const below = await figures(page)
  assert.deepEqual([below.five.looping, below.five.drops, below.five.scheme], [false, 0, 'blueprint'], 'paused: still at its drops')
  assert.equal(below.four.view, '3d')
  const rested = below.one.drops
  // An absence, watched for: no drop falls while the page draws 30 frames
  await displayFrames(page, 30)
  assert.equal((await figureState(page, 'one')).drops, rested, 'no drop falls out of view')
  // The figures share workers: three to a worker at most before another
  // starts, and one more for the 3D figure's full build
  if (expectedThread === 'worker') {
    const started = Object.values(await figures(page)).filter(Boolean).length
    const { started: spawned, ended } = await page.evaluate(() => window.__workers)
    assert.ok(started >= 4 && spawned - ended <= Math.ceil((started - 1) / 3) + 1, `${spawned - ended} workers for ${started} figures`)
  }
  assert.deepEqual(problems, [])
  await context.close()
})

test('a figure\'s controls change that figure only, and so do its attributes and methods', async () => {
  const { page, context, problems } = await visit('/blog/figures/')
  await page.waitForFunction(() => ['one', 'two'].every(id => document.getElementById(id).state()?.settled))
  // Its controls, found in its shadow root by the page's IDs
  const inside = await page.evaluate(() => [...document.getElementById('two').shadowRoot.querySelectorAll('[id^="experiment-control-"]')].map(e => e.id))
  assert.deepEqual(inside.sort(), ['experiment-control-inertia', 'experiment-control-pause-toggle', 'experiment-control-restart'])
  await page.evaluate(() => document.getElementById('two').shadowRoot.getElementById('experiment-control-pause-toggle').click())
  await page.waitForFunction(() => document.getElementById('two').state().looping === false)
  assert.equal((await figureState(page, 'one')).looping, true, 'the other figure rains on')
  await page.evaluate(() => {
    const slider = document.getElementById('two').shadowRoot.getElementById('experiment-control-inertia')
    slider.value = '0.1'
    slider.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.waitForFunction(() => document.getElementById('two').state().settings.inertia === 0.1)
  assert.equal((await figureState(page, 'one')).settings.inertia, 0.05, 'the default, untouched')
  // A `change` event tells the host of the reader's change, with the link
  const link = await page.evaluate(() => new Promise(resolve => {
    const two = document.getElementById('two')
    two.addEventListener('change', e => resolve(e.detail.link), { once: true })
    two.shadowRoot.getElementById('experiment-control-restart').click()
  }))
  assert.match(link, /he-seed=5/)
  // Methods: asked twice at once, they say the same, not undo each other
  const settledAfter = async act => {
    await page.evaluate(act)
    await page.waitForFunction(() => document.getElementById('one').state().settled)
    return (await figureState(page, 'one')).looping
  }
  assert.equal(await settledAfter(() => { const one = document.getElementById('one'); one.pause(); one.pause() }), false)
  assert.equal(await settledAfter(() => { const one = document.getElementById('one'); one.play(); one.play() }), true)
  // A changed attribute is another map
  await page.evaluate(() => document.getElementById('one').setAttribute('seed', '17'))
  await page.waitForFunction(() => document.getElementById('one').state()?.seed === 17)
  assert.match(await page.evaluate(() => document.getElementById('one').link), /he-seed=17/)
  assert.deepEqual(problems, [])
  await context.close()
})

test('a figure gives the map its link gives on the full page, to the bit', async () => {
  const { page, context, problems } = await visit('/blog/one/')
  await page.waitForFunction(() => { const s = document.getElementById('one').state(); return s?.settled && !s.replaying })
  const figure = await figureState(page, 'one')
  assert.deepEqual([figure.drops, figure.looping, figure.settings.erosion], [3000, false, 0.5])
  const full = await open(browser, `${server.url}${AT}?he-seed=21&he-drops=3000&he-t=1000e.5`)
  await full.page.waitForFunction(() => !window.wasmBindings.pageState().replaying)
  assert.equal((await state(full.page)).heightsHash, figure.heightsHash)
  assert.deepEqual(problems, [])
  await full.context.close()
  await context.close()
})

test('copy embed code gives a figure that shows the same map in an empty post', async () => {
  const made = await open(browser, `${server.url}${AT}?he-seed=8&he-drops=2500&he-scheme=topographic`,
    { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } })
  await made.page.waitForFunction(() => !window.wasmBindings.pageState().replaying)
  const { heightsHash } = await state(made.page)
  // The code is copied, and its poster saved under the name it gives it
  const [download] = await Promise.all([made.page.waitForEvent('download'), made.page.click('#experiment-control-embed')])
  await made.page.waitForFunction(() => document.getElementById('experiment-control-embed').textContent === 'Embed code copied')
  const code = await made.page.evaluate(() => navigator.clipboard.readText())
  const poster = 'hydraulic_erosion_seed8_2500drops_poster.png'
  assert.equal(download.suggestedFilename(), poster)
  const posterBytes = await downloaded(download)
  assert.equal(posterBytes.subarray(1, 4).toString(), 'PNG')
  // It names the release it came from, the page's
  const { version } = await state(made.page)
  assert.match(version, /^\d+\.\d+\.\d+/)
  assert.ok(code.startsWith(`<!-- Hydraulic erosion ${version}: `), code)
  assert.match(code, /\n<link rel="stylesheet" href="http:\/\/127\.0\.0\.1:\d+\/static\/hydraulic-erosion\/element\.css">\n<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/static\/hydraulic-erosion\/element\.js"><\/script>/)
  const alt = 'A map of the island of seed 8 after 2,500 raindrops, its rivers and contours'
  assert.match(code, new RegExp(`<hydraulic-erosion v="3" seed="8" scheme="topographic" drops="2500"><img src="${poster}" alt="${alt}" width="\\d+" height="\\d+"></hydraulic-erosion>`))
  await made.context.close()
  // Pasted into a post of its own on the same site (the comment and the
  // script tag with it), served with the site's policy
  const pasted = hostPage('/blog/pasted/', code.replace(/<hydraulic-erosion /, '<hydraulic-erosion id="it" '), 'hydraulic-erosion { width: 640px }')
  const { page, context, problems } = await visit('/blog/', {})
  for (const [path, body] of Object.entries(pasted)) {
    const type = path.endsWith('.css') ? 'text/css' : 'text/html'
    await context.route(server.url + path, route => route.fulfill({ status: 200, headers: { ...siteHeaders(), 'content-type': type }, body }))
  }
  // (its poster beside it, where the author put it)
  await context.route(`${server.url}/blog/pasted/${poster}`, route => route.fulfill({ status: 200, headers: { ...siteHeaders(), 'content-type': 'image/png' }, body: posterBytes }))
  await page.goto(server.url + '/blog/pasted/')
  await page.waitForFunction(() => { const s = document.getElementById('it')?.state(); return s?.settled && !s.replaying })
  assert.equal((await figureState(page, 'it')).heightsHash, heightsHash)
  assert.deepEqual(problems.filter(p => !p.includes('404')), [])
  await context.close()
})

test('a figure taken off the post stops: its worker ended, and none started for it after, the full build\'s included', async () => {
  const { page, context, problems } = await visit('/blog/leaving/')
  await page.waitForFunction(() => document.getElementById('a').state()?.settled)
  // The 3D figure's full build may still be on its way: it must not start
  // anything once its figure is gone
  await page.evaluate(() => { for (const f of document.querySelectorAll('hydraulic-erosion')) f.remove() })
  // An absence, watched for: nothing starts in the 3 s a build may take
  await page.waitForTimeout(3000)
  const workers = await page.evaluate(() => window.__workers)
  assert.equal(workers.ended, workers.started, JSON.stringify(workers))
  assert.deepEqual(problems, [])
  await context.close()
})

test('a figure with the tools among its controls takes a stroke by mouse, that figure\'s own', async () => {
  const { page, context, problems } = await visit('/blog/sculpt/')
  await page.waitForFunction(() => document.getElementById('s').state()?.settled)
  const inside = await page.evaluate(() => [...document.getElementById('s').shadowRoot.querySelectorAll('[id^="experiment-control-"]')].map(e => e.id))
  assert.deepEqual(inside.sort(), ['experiment-control-tool', 'experiment-control-tool-size', 'experiment-control-tool-strength'])
  await page.evaluate(() => {
    const tool = document.getElementById('s').shadowRoot.getElementById('experiment-control-tool')
    tool.value = 'raise'
    tool.dispatchEvent(new Event('change', { bubbles: true }))
  })
  await page.waitForFunction(() => document.getElementById('s').state().choices.tool === 'raise')
  const { heightsHash } = await figureState(page, 's')
  const box = await page.locator('#s canvas:not(.view-3d):visible').boundingBox()
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 10 })
  await page.mouse.up()
  await page.waitForFunction(h => { const s = document.getElementById('s').state(); return s.settled && s.heightsHash !== h }, heightsHash)
  assert.match(await page.evaluate(() => document.getElementById('s').link), /he-hand=/)
  assert.deepEqual(problems, [])
  await context.close()
})
