// The reader's history: undo and redo (buttons, keys, the JavaScript API)
// give back the map before a change and the change again, to the heights'
// hash; rewinding shows the map at any drop count, and a link made there
// reopens to the same heights. Driven only through the page's IDs, its
// link keys and its JavaScript API.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, rainedPast } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// A slider moved as a reader's drag ends: its input, then its change
const drag = (page, id, value) => page.$eval(`#experiment-control-${id}`, (e, v) => {
  e.value = v
  e.dispatchEvent(new Event('input', { bubbles: true }))
  e.dispatchEvent(new Event('change', { bubbles: true }))
}, value)

// The state once the sketch has gone where it was sent (no replay under
// way) and drawn it
async function arrived(page, drops) {
  await page.waitForFunction(d => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && (d === undefined || s.drops === d) }, drops)
  return state(page)
}

const sliderValue = (page, id) => page.$eval(`#experiment-control-${id}`, e => Number(e.value))

test('a slider change undone gives back the heights and the slider before it, and redo the change', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=5')
  await rainedPast(page, 4000)
  await pause(page)
  const before = await state(page)
  assert.equal(await page.isDisabled('#experiment-control-undo'), true, 'nothing to undo yet')
  await drag(page, 'erosion', '0.8')
  await page.click('#experiment-control-pause-toggle')
  await rainedPast(page, before.drops + 2000)
  await pause(page)
  const changed = await state(page)
  assert.equal(changed.settings.erosion, 0.8)
  assert.equal(changed.undo, 1)

  await page.click('#experiment-control-undo')
  const undone = await arrived(page, before.drops)
  assert.equal(undone.heightsHash, before.heightsHash, 'the heights just before the change')
  assert.equal(undone.settings.erosion, before.settings.erosion)
  assert.equal(await sliderValue(page, 'erosion'), before.settings.erosion, 'the slider shows the value then')
  assert.equal(await page.textContent('#experiment-label-erosion'), String(before.settings.erosion))
  assert.equal(await page.isDisabled('#experiment-control-redo'), false)

  await page.click('#experiment-control-redo')
  const redone = await arrived(page, changed.drops)
  assert.equal(redone.heightsHash, changed.heightsHash, 'the change and the rain after it, back')
  assert.equal(await sliderValue(page, 'erosion'), 0.8)
  assert.deepEqual(problems, [])
  await context.close()
})

test('Ctrl+Z and Ctrl+Shift+Z work from the sketch and its controls, never in a text field', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=6&he-drops=3000')
  const start = await arrived(page, 3000)
  await drag(page, 'inertia', '0.4')
  await drag(page, 'brush-radius', '4')
  await page.waitForFunction(() => window.wasmBindings.pageState().undo === 2)

  // Typing in the seed field undoes the typing, not the map
  await page.focus('#experiment-control-seed')
  await page.keyboard.press('Control+z')
  await page.waitForFunction(() => window.wasmBindings.pageState().settled)
  assert.equal((await state(page)).undo, 2, 'the seed field keeps its keys')

  await page.focus('#experiment-control-brush-radius')
  await page.keyboard.press('Control+z')
  await page.waitForFunction(() => window.wasmBindings.pageState().undo === 1)
  assert.equal((await arrived(page)).settings.brush_radius, start.settings.brush_radius)
  await page.focus('#sketch-holder canvas')
  await page.keyboard.press('Meta+z')
  await page.waitForFunction(() => window.wasmBindings.pageState().undo === 0)
  assert.equal((await arrived(page)).heightsHash, start.heightsHash)
  await page.keyboard.press('Control+Shift+z')
  await page.waitForFunction(() => window.wasmBindings.pageState().undo === 1)
  assert.equal((await arrived(page)).settings.inertia, 0.4)
  assert.deepEqual(problems, [])
  await context.close()
})

test('rewinding shows the map at a drop count, leaves it paused, and its link reopens to the same heights', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=8')
  await rainedPast(page, 30000)
  const reach = (await state(page)).drops
  // A drag: two moves, then let go
  const to = await page.$eval('#experiment-control-rewind', e => {
    e.value = String(Math.floor(Number(e.max) / 3))
    e.dispatchEvent(new Event('input', { bubbles: true }))
    e.value = String(Math.floor(Number(e.max) / 2))
    e.dispatchEvent(new Event('input', { bubbles: true }))
    e.dispatchEvent(new Event('change', { bubbles: true }))
    return Number(e.value)
  })
  assert.ok(to > 0 && to < reach, `rewound to ${to} of ${reach}`)
  const rewound = await arrived(page, to)
  assert.equal(rewound.looping, false, 'paused there')
  assert.equal(rewound.undo, 1, 'the drag is one change')
  assert.deepEqual(await page.$eval('#experiment-control-rewind', e => [Number(e.value), Number(e.max)]), [to, to],
    'the range spans the drops fallen now')
  assert.equal(await page.textContent('#experiment-label-rewind'), `${to.toLocaleString('en')} drops`)
  await page.waitForFunction(d => new URL(location.href).searchParams.get('he-drops') === String(d), to)

  const b = await open(browser, page.url())
  const reopened = await arrived(b.page, to)
  assert.equal(reopened.heightsHash, rewound.heightsHash, 'the link made after rewinding gives the same heights')
  await b.context.close()

  await page.click('#experiment-control-undo')
  await page.waitForFunction(d => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && s.drops >= d }, reach)
  const back = await state(page)
  assert.equal(back.redo, 1, 'the rewind undone: back to all the drops fallen when it began')
  assert.equal(await page.$eval('#experiment-control-rewind', e => Number(e.max)), back.drops)
  assert.deepEqual(problems, [])
  await context.close()
})

test('while it rains the rewind follows the drops a few times a second, not every frame, and spans them all once grabbed or paused', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=3')
  await rainedPast(page, 2000)
  // Its writes over the next 60 frames of rain, and the time they took
  const counted = await page.evaluate(async () => {
    const label = document.getElementById('experiment-label-rewind')
    let writes = 0
    const watch = new MutationObserver(records => { writes += records.length })
    watch.observe(label, { childList: true, characterData: true, subtree: true })
    const [frames, t0] = [window.wasmBindings.pageFrames(), performance.now()]
    await new Promise(resolve => {
      const tick = () => (window.wasmBindings.pageFrames() >= frames + 60 ? resolve() : requestAnimationFrame(tick))
      requestAnimationFrame(tick)
    })
    watch.disconnect()
    return { writes, frames: window.wasmBindings.pageFrames() - frames, seconds: (performance.now() - t0) / 1000 }
  })
  // 250 ms apart: 4 a second, and a write may be two records
  const { writes, frames, seconds } = counted
  assert.ok(writes >= 2 && writes <= 8 * seconds + 4, `the label written ${writes} times in ${seconds.toFixed(1)} s`)
  assert.ok(writes < frames, `not every frame: ${writes} writes in ${frames} frames`)
  // Grabbed, it spans every drop reported so far, however recently it was shown
  const grabbed = await page.evaluate(() => {
    const range = document.getElementById('experiment-control-rewind')
    range.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    return { max: Number(range.max), reach: window.wasmBindings.pageState().reach }
  })
  assert.equal(grabbed.max, grabbed.reach, 'the range spans the drops fallen when grabbed')
  await pause(page)
  const paused = await state(page)
  assert.equal(await page.$eval('#experiment-control-rewind', e => Number(e.max)), paused.drops, 'paused, it spans them all')
  assert.equal(await page.textContent('#experiment-label-rewind'), `${paused.drops.toLocaleString('en')} drops`)
  assert.deepEqual(problems, [])
  await context.close()
})

test('host pages undo, redo and read the history, across the switch to the full build', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=9&he-drops=2000')
  const island = await arrived(page, 2000)
  await page.selectOption('#experiment-control-terrain', 'ridged')
  await page.waitForFunction(() => window.wasmBindings.pageState().choices.terrain === 'ridged')
  const ridged = await arrived(page)
  assert.notEqual(ridged.heightsHash, island.heightsHash)
  await page.waitForFunction(() => window.wasmBindings.history().length === 1)
  assert.deepEqual(await page.evaluate(() => window.wasmBindings.history()),
    [{ drops: 2000, change: 'terrain', value: 'ridged', undone: false }])

  await page.evaluate(() => window.wasmBindings.undo())
  await page.waitForFunction(() => window.wasmBindings.pageState().choices.terrain === 'island')
  const back = await arrived(page, 2000)
  assert.equal(back.heightsHash, island.heightsHash, 'the island before the choice, carried to the full build')
  assert.equal(await page.$eval('#experiment-control-terrain', e => e.value), 'island')
  assert.equal((await page.evaluate(() => window.wasmBindings.history()))[0].undone, true)
  await page.evaluate(() => window.wasmBindings.redo())
  await page.waitForFunction(() => window.wasmBindings.pageState().choices.terrain === 'ridged')
  assert.equal((await arrived(page)).heightsHash, ridged.heightsHash)
  assert.deepEqual(problems, [])
  await context.close()
})
