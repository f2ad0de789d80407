// End-to-end tests of links: a link brings its map back to the bit, replays
// with progress, survives being interrupted, leaves the host page's own
// parameters alone, copies, and bad links never break the page.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, canvasLook, newContext, displayFrames, framesPast, rainedPast, mainThreadOnly } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const setSlider = (page, id, value) =>
  page.$eval(`#experiment-control-${id}`, (e, v) => { e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })) }, value)
const replayed = page => page.waitForFunction(() => !window.wasmBindings.pageState().replaying, null, { timeout: 30000 })
const ourParams = url => [...new URL(url).searchParams].filter(([k]) => k.startsWith('he-'))

test('a link carrying every setting brings back the same map to the bit', async () => {
  const a = await open(browser, server.url + '/?utm_source=blog&page=2#comments')
  await pause(a.page)
  const sliders = { erosion: '0.55', deposition: '0.2', inertia: '0.12', 'brush-radius': '3', 'sea-level': '0.31', 'contour-levels': '7', 'terrain-scale': '0.016', 'drops-per-frame': '400' }
  for (const [id, value] of Object.entries(sliders)) await setSlider(a.page, id, value)
  await a.page.selectOption('#experiment-control-color-scheme', 'topographic')
  await a.page.click('#experiment-control-original')
  await a.page.click('#experiment-control-original')
  await a.page.click('#experiment-control-rivers')
  await a.page.click('#experiment-control-restart')
  await a.page.click('#experiment-control-pause-toggle')
  await rainedPast(a.page, 2000)
  await pause(a.page)
  const made = await state(a.page)
  const url = a.page.url()
  assert.ok(made.drops > 0)
  assert.match(url, /\?utm_source=blog&page=2&he-v=3&/, 'the host page\'s parameters come first, untouched')
  assert.ok(url.endsWith('#comments'), 'the hash is kept')
  assert.equal(new URL(url).searchParams.get('he-drops'), String(made.drops))

  const b = await open(browser, url)
  await replayed(b.page)
  const got = await state(b.page)
  assert.equal(got.heightsHash, made.heightsHash)
  assert.equal(got.drops, made.drops)
  assert.deepEqual(got.settings, made.settings)
  assert.equal(got.scheme, 'topographic')
  assert.equal(await b.page.isChecked('#experiment-control-rivers'), false)
  assert.equal(got.looping, false, 'a shared map is shown as it was shared')
  assert.deepEqual([...a.problems, ...b.problems], [])
  await a.context.close()
  await b.context.close()
})

// Waits until `more` drops have fallen since now
async function rainFor(page, more) {
  const from = (await state(page)).drops
  await page.waitForFunction(([from, more]) => window.wasmBindings.pageState().drops >= from + more, [from, more], { timeout: 20000 })
}

test('a session played with while it rained comes back to the bit, canvas and all', async () => {
  // Tall enough to see the map and drag the sliders under it
  const tall = { contextOptions: { viewport: { width: 1100, height: 1700 } } }
  const a = await open(browser, server.url + '/', tall)
  await a.page.fill('#experiment-control-seed', '777')
  await a.page.press('#experiment-control-seed', 'Enter')
  await a.page.waitForFunction(() => window.wasmBindings.pageState().seed === 777)
  await rainFor(a.page, 2000)
  await setSlider(a.page, 'erosion', '0.6')
  await setSlider(a.page, 'drops-per-frame', '500')
  await rainFor(a.page, 3000)
  await setSlider(a.page, 'brush-radius', '4')
  await setSlider(a.page, 'inertia', '0.2')
  await rainFor(a.page, 2000)
  // A drag across the sea level while it rains, frame after frame
  // Scrolled so the map's lower edge stays in view (out of view, the
  // sketch rests and no drops fall between the drag's moves)
  await a.page.evaluate(() => window.scrollTo(0, document.getElementById('sketch-holder').getBoundingClientRect().bottom + window.scrollY - 100))
  const box = await a.page.locator('#experiment-control-sea-level').boundingBox()
  assert.ok(box.y >= 0 && box.y + box.height < 1700, 'the slider is on screen')
  const y = box.y + box.height / 2
  await a.page.mouse.move(box.x + box.width * 0.3, y)
  await a.page.mouse.down()
  for (let k = 1; k <= 15; k++) {
    await a.page.mouse.move(box.x + box.width * (0.3 + k * 0.02), y)
    await displayFrames(a.page, 2)
  }
  await a.page.mouse.up()
  await a.page.click('#experiment-control-rivers')
  await rainFor(a.page, 1000)
  await a.page.click('#experiment-control-rivers')
  await setSlider(a.page, 'deposition', '0.45')
  await setSlider(a.page, 'contour-levels', '6')
  await rainFor(a.page, 1000)
  await pause(a.page)
  const frames = (await state(a.page)).frames
  await setSlider(a.page, 'erosion', '0.4') // paused: at the last drop
  // The address bar follows with the frame the change draws
  await framesPast(a.page, frames)
  const made = await state(a.page)
  assert.ok(made.changes >= 8, `${made.changes} changes recorded: ${a.page.url()}`)
  assert.equal(made.exact, true)
  const url = a.page.url()
  assert.ok(url.length < 2000, `${url.length} characters`)
  assert.match(url, /&he-t=/)

  const b = await open(browser, url, tall)
  await replayed(b.page)
  const got = await state(b.page)
  assert.equal(got.heightsHash, made.heightsHash)
  assert.equal(got.drops, made.drops)
  assert.deepEqual(got.settings, made.settings)
  assert.equal(got.changes, made.changes)
  for (const id of ['erosion', 'deposition', 'inertia', 'brush-radius', 'sea-level']) {
    assert.equal(await b.page.inputValue(`#experiment-control-${id}`), await a.page.inputValue(`#experiment-control-${id}`), id)
    assert.equal(await b.page.textContent(`#experiment-label-${id}`), await a.page.textContent(`#experiment-label-${id}`), id)
  }
  assert.deepEqual(await canvasLook(b.page), await canvasLook(a.page), 'the same picture, pixel for pixel')
  // ... and the link it writes is the link it came from
  assert.deepEqual(ourParams(b.page.url()), ourParams(url))
  assert.deepEqual([...a.problems, ...b.problems], [])
  await a.context.close()
  await b.context.close()
})

test('a link of the first version still loads, as it always has', async () => {
  // tests/links.rs pins the heights this link gives natively
  const { page, context, problems } = await open(browser, server.url +
    '/?utm_source=blog&he-v=1&he-seed=42&he-erosion=0.55&he-brush-radius=3&he-sea-level=0.31&he-scheme=topographic&he-drops=20000#comments')
  await replayed(page)
  const s = await state(page)
  assert.equal(s.heightsHash, '4ab0ce9f5159d823')
  assert.deepEqual([s.settings.erosion, s.settings.brush_radius, s.settings.sea_level, s.scheme], [0.55, 3, 0.31, 'topographic'])
  assert.deepEqual(problems, [])
  await context.close()
})

test('a long replay shows its progress, keeps the page responsive and completes', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=1&he-drops=300000')
  assert.equal((await state(page)).replaying, true)
  assert.equal(await page.getAttribute('#sketch-holder canvas', 'aria-busy'), 'true')
  const t0 = Date.now()
  // The page answers while it replays
  // (a task of its own, after whatever the page had queued)
  const answered = await page.evaluate(() => new Promise(resolve => {
    const turn = new MessageChannel()
    turn.port1.onmessage = () => resolve(window.wasmBindings.pageState().drops)
    turn.port2.postMessage(null)
  }))
  assert.ok(Date.now() - t0 < 500, 'the main thread answered within half a second')
  assert.ok(answered < 300000, 'asked mid-replay')
  await replayed(page)
  assert.equal((await state(page)).drops, 300000)
  assert.equal(await page.getAttribute('#sketch-holder canvas', 'aria-busy'), 'false')
  assert.deepEqual(problems, [])
  await context.close()
})

test('touching a control mid-replay stops it in a state the link describes', async () => {
  const { page, context } = await open(browser, server.url + '/?he-seed=3&he-drops=2000000&he-t=1000e.5_1899000e.7')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.replaying && s.drops > 0 })
  const frames = (await state(page)).frames
  await setSlider(page, 'contour-levels', '4')
  // The address bar follows with the frame the change draws
  await framesPast(page, frames)
  const s = await state(page)
  assert.equal(s.replaying, false)
  assert.equal(s.looping, false, 'stopped, not raining')
  assert.ok(s.drops > 0 && s.drops < 2000000, `${s.drops} drops`)
  const params = Object.fromEntries(ourParams(page.url()))
  assert.equal(params['he-drops'], String(s.drops), 'the address bar holds the state there is')
  assert.equal(params['he-seed'], '3')
  // The timeline keeps only the changes made before it stopped
  assert.ok(s.drops < 1900000)
  assert.equal(params['he-t'], '1000e.5')
  assert.equal(s.settings.erosion, 0.5)
  await context.close()
})

test('a link over the replay cap is cut down, and says so', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-drops=99999999999')
  assert.equal(problems.length, 1, problems.join('\n'))
  assert.match(problems[0], /he-drops: a link replays at most 5000000 drops/)
  assert.equal((await state(page)).replaying, true)
  await context.close()
})

// Notes when the page first writes a link to the address bar, and when an
// animation frame first sees the sketch's first picture drawn
const WATCH_FIRST_WRITE = () => {
  window.__firstWrite = null
  const replace = history.replaceState.bind(history)
  history.replaceState = (...args) => {
    if (window.__firstWrite === null && String(args[2] ?? '').includes('he-seed=')) window.__firstWrite = performance.now()
    return replace(...args)
  }
  const look = () => {
    if ((window.wasmBindings?.pageFrames?.() ?? 0) >= 1) return void (window.__pictureSeen = performance.now())
    requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

test('a new map\'s link goes to the address bar once its first picture is on screen, not before it', async () => {
  // Writing the address bar costs the page's main thread several ms, which
  // held the first picture back
  const a = await open(browser, server.url + '/', { initScript: WATCH_FIRST_WRITE })
  await a.page.waitForFunction(() => window.__firstWrite !== null && window.__pictureSeen !== undefined)
  const { written, seen } = await a.page.evaluate(() => ({ written: window.__firstWrite, seen: window.__pictureSeen }))
  assert.ok(written > seen, `the link written at ${written.toFixed(1)} ms, the first picture seen at ${seen.toFixed(1)} ms`)
  assert.match(a.page.url(), /[?&]he-seed=\d+/)
  assert.deepEqual(a.problems, [])
  await a.context.close()
})

test('copy link copies the address and says so; without a clipboard it shows the link', async () => {
  const a = await open(browser, server.url + '/', { contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] } })
  await pause(a.page)
  await a.page.click('#experiment-control-share')
  await a.page.waitForFunction(() => document.getElementById('experiment-control-share').textContent.startsWith('Link copied'))
  const copied = await a.page.evaluate(() => navigator.clipboard.readText())
  assert.equal(copied, a.page.url())
  assert.equal(new URL(copied).searchParams.get('he-drops'), String((await state(a.page)).drops))
  // A second click while the note shows still gives the label back after
  await a.page.click('#experiment-control-share')
  await a.page.waitForFunction(() => document.getElementById('experiment-control-share').textContent === 'Copy link', null, { timeout: 6000 })
  // An absence, watched for: the note shows for a while, and not again
  await a.page.waitForTimeout(3000)
  assert.equal(await a.page.textContent('#experiment-control-share'), 'Copy link')
  await a.context.close()

  const b = await newContext(browser)
  await b.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }))
  const page = await b.newPage()
  await page.goto(server.url + '/')
  await page.waitForFunction(() => window.wasmBindings?.pageState())
  // Paused, so the link stays put: the click scrolls the button into view
  // and may take the map out of it, which writes the link again
  await pause(page)
  await page.click('#experiment-control-share')
  await page.waitForSelector('input.he-share-link')
  assert.equal(await page.inputValue('input.he-share-link'), page.url())
  assert.equal(await page.textContent('#experiment-control-share'), 'Copy this link:')
  await b.close()
})

// Each bad link gives a working page and at most one warning per bad
// parameter, each naming it; nothing from the link reaches the page's markup
const BAD = [
  'he-seed=abc', 'he-seed=-5', 'he-seed=1.5', 'he-seed=4294967296', 'he-seed=99999999999999999999999', 'he-seed=',
  'he-erosion=NaN', 'he-erosion=Infinity', 'he-erosion=-Infinity', 'he-erosion=1e999', 'he-erosion=0x10',
  'he-inertia=%zz', 'he-inertia=%', 'he-inertia=%C3%28', 'he-drops=-1', 'he-drops=1.5', 'he-drops=lots',
  'he-scheme=neon', 'he-scheme=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'he-scheme=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
  'he-rivers=yes', 'he-debug=2', 'he-gravity=9', 'he-v=two', 'he-v=99', 'he-seed=1&he-seed=2',
  'he-seed=' + 'a'.repeat(5000), 'he-%zz=1', 'he-contour-levels=<b>x</b>', 'he-brush-radius=-3', 'he-sea-level=7',
  'he-terrain-scale=0', '&&&=&he-=', 'he-erosion=0.5&he-erosion=0.6&he-erosion=0.7',
  'he-drops=10&he-t=5x.5', 'he-drops=10&he-t=-5e.5', 'he-drops=10&he-t=5e.5_-3e.4', 'he-drops=10&he-t=5eNaN',
  'he-drops=10&he-t=5e%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'he-drops=10&he-t=' + '1e.5_'.repeat(2000),
  'he-drops=10&he-t=5e9', 'he-v=1&he-drops=10&he-t=5e.5'
]

// (read by the page's module before the sketch starts, wherever it then
// runs: once, in the worker pass)
test(`${BAD.length} bad links each give a working page with a warning naming the parameter`, { skip: mainThreadOnly && 'the same reading on either thread' }, async () => {
  assert.ok(BAD.length >= 30)
  for (const query of BAD) {
    const { page, context, problems } = await open(browser, `${server.url}/?${query}`)
    await page.waitForFunction(() => window.wasmBindings.pageState().frames > 0)
    assert.ok(problems.every(p => p.startsWith('console.warning: hydraulic erosion:')), `${query}: ${problems.join('\n')}`)
    assert.ok(problems.length >= 1 && problems.length <= 3, `${query}: ${problems.length} warnings`)
    assert.ok(problems.every(p => /he-/.test(p)), `${query}: a warning does not name the parameter`)
    const injected = await page.evaluate(() =>
      document.querySelectorAll('img, b').length + [...document.scripts].filter(s => s.textContent.includes('alert')).length)
    assert.equal(injected, 0, `${query}: markup from the link reached the page`)
    const s = await state(page)
    assert.ok(Object.values(s.settings).every(Number.isFinite), query)
    await context.close()
  }
})
