// End-to-end tests of the two builds (src/sketch/builds.rs): the page's
// first download is the article's sketch alone; a link or a reader's first
// pick of anything else fetches the full build, once, and the map goes on
// exactly. The hashes were pinned with the single build that came before
// the split, so a link opens to the same heights as it always did.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, expectedThread, newContext, mapNote, mainThreadOnly } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const FULL = ['/hydraulic-erosion-full.js', '/hydraulic-erosion-full_bg.wasm']


// Opens `url` in a context of its own, counting every request the page
// and its workers make from the start, and the page's problems
async function openCounting(url, initScript, route) {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  if (initScript) await context.addInitScript(initScript)
  if (route) await context.route(...route)
  const counts = new Map()
  context.on('request', r => { const p = new URL(r.url()).pathname; counts.set(p, (counts.get(p) || 0) + 1) })
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if (['error', 'warning'].includes(m.type()) && !m.text().startsWith('[.WebGL-')) problems.push(`console.${m.type()}: ${m.text()}`) })
  await page.goto(url)
  await page.waitForFunction(() => window.wasmBindings?.pageState?.())
  return { page, context, counts, problems }
}

const settledAt = (page, drops) => page.waitForFunction(d => {
  const s = window.wasmBindings.pageState()
  return s && s.drops >= d && !s.replaying && s.settled
}, drops, { timeout: 60000 })

// Each link, as the single build made it, and its heights after 20,000 drops
const PINNED = [
  ['he-terrain=warped', '7e9defe271b7ce89'],
  ['he-terrain=ridged', '5bb4adebcb7e4340'],
  ['he-terrain=diamond-square', 'ccd49979225a4d9f'],
  ['he-talus=0.02', 'c362d78026dcf014'],
  ['he-sea-level=0&he-terrain-scale=0.016&he-talus=0.008&he-terrain=warped&he-map-size=512x512&he-preset=tutorial', 'daffd4b98becc21f'],
  ['he-sea-level=0.36&he-terrain=diamond-square&he-map-size=257x257&he-preset=landscape&he-river-style=traced&he-scheme=landscape&he-trees=1&he-view=1', 'e7f237e497a4c0b0'],
  ['he-river-style=traced', 'd5982e1c55eed973'],
  ['he-trees=1', 'd5982e1c55eed973'],
  ['he-view=1', 'd5982e1c55eed973'],
  ['he-map-size=512x512', 'e286a736b42b3431']
]

test('a link to each choice and to the 3D view opens to the heights it always had, on the build it needs', async () => {
  for (const [query, hash] of PINNED) {
    const { page, context, counts, problems } = await openCounting(`${server.url}/?he-v=3&he-seed=5&${query}&he-drops=20000`)
    await settledAt(page, 20000)
    const s = await state(page)
    assert.equal(s.heightsHash, hash, query)
    assert.equal(s.drops, 20000, query)
    assert.equal(s.thread, expectedThread, query)
    const full = !['he-map-size=512x512'].includes(query)
    for (const f of FULL) assert.equal(counts.get(f), full ? 1 : undefined, `${query}: ${f} ${full ? 'fetched once' : 'not fetched'}`)
    assert.deepEqual(problems, [], query)
    await context.close()
  }
})

// The reader's picks that need the full build, each from a fresh page, and
// where the sketch's state shows it taken (a path into pageState() and the
// value there: data, as the page's policy lets no code be made from text)
const PICKS = [
  ['terrain', page => page.selectOption('#experiment-control-terrain', 'ridged'), ['choices', 'terrain'], 'ridged'],
  ['preset', page => page.selectOption('#experiment-control-preset', 'tutorial'), ['choices', 'preset'], 'tutorial'],
  ['river style', page => page.selectOption('#experiment-control-river-style', 'traced'), ['choices', 'river-style'], 'traced'],
  ['trees', page => page.click('#experiment-control-trees'), ['toggles', 'trees'], true],
  ['3D view', page => page.click('#experiment-control-view-3d'), ['view'], '3d'],
  ['talus', page => page.$eval('#experiment-control-talus', e => { e.value = '0.01'; e.dispatchEvent(new Event('input', { bubbles: true })) }), ['settings', 'talus'], 0.01]
]

// The full build's wasm held until the page's own sketch runs where it
// stays (its worker ready first, as on a slow network): the order in which
// a pick made at once was lost, one load in four, when it was left to chance
const FULL_AFTER_THE_PAGE = ['**/hydraulic-erosion-full_bg.wasm', async route => {
  const page = route.request().frame().page()
  await page.waitForFunction(thread => window.wasmBindings?.pageState()?.thread === thread, expectedThread)
  await route.continue()
}]

for (const [order, route] of [['whenever the full build comes', undefined], ['the page\'s worker ready before the full build comes', FULL_AFTER_THE_PAGE]]) test(`a pick that needs the full build, made before the page's worker has the sketch, is kept (${order})`, async () => {
  // Picked at once: the page's own worker becomes ready while the full
  // build is fetched, and the pick must wait for the full build, not go to it
  const { page, context, counts, problems } = await openCounting(`${server.url}/?he-seed=9`, () => {
    // The moment the module has started and given the controls back
    // (a task after its start), before anything else runs: the pick is
    // made (on the control where it is, in its group still to come, which
    // the sketch brings in a frame or two later)
    Object.defineProperty(window, 'wasmBindings', {
      configurable: true,
      get () { return this.__bindings },
      set (bindings) {
        this.__bindings = bindings
        const select = document.getElementById('experiment-control-terrain') ??
          [...document.querySelectorAll('template[data-group-to-come]')].map(group => group.content.getElementById('experiment-control-terrain')).find(Boolean)
        const pick = () => {
          window.__pickedOn = bindings.pageState()?.thread ?? 'none yet'
          select.value = 'ridged'
          select.dispatchEvent(new Event('change'))
        }
        if (!select.disabled) return pick()
        const given = new MutationObserver(() => {
          if (select.disabled) return
          given.disconnect()
          pick()
        })
        given.observe(select, { attributes: true, attributeFilter: ['disabled'] })
      }
    })
  }, route)
  // (the page may report before it gives the controls back: on the main
  // thread its first frame can come first)
  await page.waitForFunction(() => window.__pickedOn !== undefined)
  assert.equal(await page.evaluate(() => window.__pickedOn), mainThreadOnly ? 'main' : 'none yet', 'picked before the worker has drawn')
  await page.waitForFunction(() => {
    const s = window.wasmBindings.pageState()
    return s.settled && s.choices.terrain === 'ridged'
  }, null, { timeout: 30000 })
  const s = await state(page)
  assert.equal(s.thread, expectedThread)
  assert.equal(await page.inputValue('#experiment-control-terrain'), 'ridged', 'the control shows the pick')
  for (const f of FULL) assert.equal(counts.get(f), 1, `${f} fetched once`)
  assert.equal(counts.get('/hydraulic-erosion_bg.wasm'), 1, 'the page\'s module fetched once')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a reader\'s first pick of anything beyond the article fetches the full build once, and the map carries on exactly', async () => {
  for (const [name, pick, at, value] of PICKS) {
    const { page, context, counts, problems } = await openCounting(`${server.url}/?he-seed=9`)
    await page.waitForFunction(() => window.wasmBindings.pageState()?.frames > 3)
    // The first download is the article's sketch alone
    assert.ok(![...counts.keys()].some(p => p.includes('full')), `${name}: nothing of the full build before it is wanted`)
    assert.equal(counts.get('/hydraulic-erosion_bg.wasm'), 1, `${name}: the page's module fetched once`)
    // Paused, so the map the full build carries on from can be checked
    await page.click('#experiment-control-pause-toggle')
    const before = await state(page)
    await pick(page)
    await page.waitForFunction(([at, value]) => {
      const s = window.wasmBindings.pageState()
      return s.settled && at.reduce((o, key) => o[key], s) === value
    }, [at, value], { timeout: 30000 })
    const after = await state(page)
    assert.equal(after.thread, expectedThread, name)
    if (!['terrain', 'preset'].includes(name)) {
      // Choices that build a new ground start again; the others carry on
      assert.equal(after.heightsHash, before.heightsHash, `${name}: the same map`)
      assert.equal(after.drops, before.drops, name)
    }
    assert.ok(after.frames >= before.frames, `${name}: frames go on counting`)
    for (const f of FULL) assert.equal(counts.get(f), 1, `${name}: ${f} fetched once`)
    // Picking more of it fetches nothing more
    await page.click('#experiment-control-pause-toggle')
    await page.waitForFunction(d => window.wasmBindings.pageState().drops > d, after.drops)
    for (const f of FULL) assert.equal(counts.get(f), 1, name)
    assert.deepEqual(problems, [], name)
    await context.close()
  }
})

test('a map handed to the full build while it rains goes on as one the single build would have made', async () => {
  // The same inputs, at the same drop counts, replayed by a link: a map
  // carried over mid-rain must be the link's map to the bit
  const { page, context } = await open(browser, `${server.url}/?he-seed=14`)
  await page.waitForFunction(() => window.wasmBindings.pageState()?.drops > 8000)
  await page.click('#experiment-control-trees')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && s.toggles.trees && s.drops > 20000 })
  await page.click('#experiment-control-pause-toggle')
  const made = await state(page)
  await page.click('#experiment-control-share')
  await page.waitForFunction(d => new URL(location.href).searchParams.get('he-drops') === String(d), made.drops)
  const url = page.url()
  await context.close()
  const again = await open(browser, url)
  await settledAt(again.page, made.drops)
  assert.equal((await state(again.page)).heightsHash, made.heightsHash)
  await again.context.close()
})

test('while the full build comes a note says so; where it cannot be had, the map stays the article\'s, the control that asked is put back and the note says why; picked again, it comes', async () => {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  // The network gone once the request is out
  let fail
  const failing = new Promise(resolve => { fail = resolve })
  await context.route('**/hydraulic-erosion-full*', async route => { await failing; await route.abort() })
  const page = await context.newPage()
  const warnings = []
  page.on('console', m => { if (m.type() === 'warning') warnings.push(m.text()) })
  const errors = []
  page.on('pageerror', e => errors.push(e.message))
  await page.goto(`${server.url}/?he-seed=3`)
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 3)
  assert.equal(await mapNote(page), null)
  await page.click('#experiment-control-trees')
  await page.waitForFunction(() => !document.querySelector('#sketch-holder .map-note').hidden)
  assert.equal(await mapNote(page), 'Loading the rest of the sketch…')
  fail()
  await page.waitForFunction(() => !document.getElementById('experiment-control-trees').checked, null, { timeout: 20000 })
  assert.ok(warnings.some(w => w.includes('the full sketch could not be loaded')), warnings.join('\n'))
  assert.equal(await mapNote(page), 'What you picked is in a part of the sketch that could not be loaded, so the map stays the article\'s: pick it again to try again.')
  // The article's sketch goes on raining, and takes what comes next
  const before = await state(page)
  assert.equal(before.toggles.trees, false)
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d, before.drops)
  await page.click('#experiment-control-debug-mode')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && s.toggles.debug })
  // The network back, the same pick fetches the full build and the note goes
  await context.unroute('**/hydraulic-erosion-full*')
  await page.click('#experiment-control-trees')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && s.toggles.trees })
  assert.equal(await mapNote(page), null)
  assert.deepEqual(errors, [])
  await context.close()
})

test('a link whose map needs the full build, where that cannot be had, says so over the holder', async () => {
  const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
  await context.route('**/hydraulic-erosion-full*', route => route.abort())
  const page = await context.newPage()
  const warnings = []
  page.on('console', m => { if (m.type() === 'warning') warnings.push(m.text()) })
  await page.goto(`${server.url}/?he-seed=1&he-terrain=ridged`)
  // (the note is there, hidden, from the module's start: shown, it says why)
  await page.waitForFunction(() => document.querySelector('#sketch-holder .map-note')?.hidden === false)
  assert.equal(await mapNote(page), 'The map this link asks for needs a part of the sketch that could not be loaded: reload the page to try again.')
  assert.deepEqual(warnings, ['hydraulic erosion: the full sketch could not be loaded: the link\'s map cannot be drawn'])
  await context.close()
})
