// End-to-end tests of embedding: the drop-in for the p5 version and the
// <iframe>, both from a sub-path of a site, at every holder size.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, newContext, displayFrames, dropIn, hostPage } from './helpers.mjs'

const AT = '/static/hydraulic-erosion/'

const SIZES = [[320, 180], [640, 360], [1280, 720], [1920, 1080], [390, 844]]
let server, browser
before(async () => {
  const pages = dropIn('/blog/2026/a-post/', AT, 'width: 960px; height: 540px')
  for (const [w, h] of SIZES) Object.assign(pages, dropIn(`/blog/sized/${w}x${h}/`, AT, `width: ${w}px; height: ${h}px`))
  // A long post: the sketch near the top, then far more prose than a screen
  Object.assign(pages, dropIn('/blog/long-post/', AT, 'width: 960px; height: 540px', '.more-prose { height: 4000px }'))
  // A post whose framed sketch is far below the fold
  const frame = `<iframe src="${AT}index.html" width="700" height="720" title="Hydraulic erosion"></iframe>`
  Object.assign(pages, hostPage('/blog/framed-low/', `<div class="prose">Prose.</div>${frame}`, '.prose { height: 3000px }'))
  Object.assign(pages, hostPage('/blog/framed/', frame))
  // A post with the drop-in, itself shown in a frame (a preview, say)
  Object.assign(pages, hostPage('/blog/framed-post/', '<iframe src="/blog/2026/a-post/" width="1000" height="700" title="A post"></iframe>'))
  server = await serve(undefined, pages, AT)
  browser = await launch()
})
after(async () => { await browser?.close(); await server?.close() })

// A page that records problems and every host it asked for something
async function visit(path, viewport = { width: 2000, height: 1200 }) {
  const context = await newContext(browser, { viewport, acceptDownloads: true })
  const page = await context.newPage()
  const problems = []
  const hosts = new Set()
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`) })
  // (the first picture's image is a blob: of the page's own)
  page.on('request', r => { if (!r.url().startsWith('blob:')) hosts.add(new URL(r.url()).host) })
  await page.goto(server.url + path)
  return { page, context, problems, hosts }
}

test('the drop-in draws in a blog post from a sub-path, with nothing from elsewhere and no styles of ours on the post', async () => {
  const { page, context, problems, hosts } = await visit('/blog/2026/a-post/')
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 2 && window.wasmBindings.pageState().settled)
  const drops = (await page.evaluate(() => window.wasmBindings.pageState())).drops
  assert.ok(drops > 0, 'it rains')
  assert.deepEqual([...hosts], [new URL(server.url).host], 'everything comes from the site itself')
  assert.deepEqual(problems, [])
  const canvas = await page.$eval('#sketch-holder canvas', c => [c.clientWidth, c.clientHeight])
  assert.deepEqual(canvas, [960, 540])
  // Our styles stay on our canvas: the post's elements keep theirs
  const touched = await page.evaluate(() => [...document.querySelectorAll('body *:not(canvas)')].filter(e => e.hasAttribute('style')).map(e => e.id || e.tagName))
  assert.deepEqual(touched, [])
  assert.deepEqual(await page.evaluate(() => [...document.styleSheets].map(s => s.href && new URL(s.href).pathname)), ['/blog/2026/a-post/post.css'], 'no stylesheet added')
  // ... and the controls work, the heightmap's encoder found beside our module
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().looping === false)
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  assert.match(download.suggestedFilename(), /^hydraulic_erosion_heightmap_seed\d+_\d+drops_\d+\.png$/)
  assert.equal(await page.textContent('#experiment-label-erosion'), '0.3')
  await context.close()
})

for (const [w, h] of SIZES) {
  test(`the canvas fills a ${w} × ${h} holder, crisp at any pixel ratio`, async () => {
    const { page, context, problems } = await visit(`/blog/sized/${w}x${h}/`)
    await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 1 && window.wasmBindings.pageState().settled)
    const [cw, ch, ratio] = await page.$eval('#sketch-holder canvas', c => [c.clientWidth, c.clientHeight, devicePixelRatio])
    assert.deepEqual([cw, ch], [w, h])
    // The backing store as pageState() says it: a canvas handed to the
    // sketch's worker no longer shows it on the element
    const backing = (await page.evaluate(() => window.wasmBindings.pageState())).canvas
    assert.deepEqual(backing, [Math.round(w * ratio), Math.round(h * ratio)])
    assert.deepEqual(problems, [])
    await context.close()
  })
}

test('a framed post with the drop-in keeps its own classes: the compact layout is the page\'s alone', async () => {
  const { page, context, problems } = await visit('/blog/framed-post/', { width: 1100, height: 800 })
  const frame = page.frames().find(f => f.url().includes('/blog/2026/a-post/'))
  await frame.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 1)
  assert.equal(await frame.evaluate(() => document.documentElement.className), '')
  assert.deepEqual(problems, [])
  await context.close()
})

test('the page in an <iframe> from a sub-path takes a compact layout and draws', async () => {
  const { page, context, problems, hosts } = await visit('/blog/framed/', { width: 900, height: 900 })
  const frame = page.frames().find(f => f.url().includes(AT))
  assert.ok(frame, 'the frame loaded from the sub-path')
  await frame.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 1 && window.wasmBindings.pageState().settled)
  assert.equal(await frame.evaluate(() => document.documentElement.classList.contains('embedded')), true)
  assert.equal(await frame.isVisible('h1'), false, 'no heading in the compact layout')
  const width = await frame.$eval('#sketch-holder canvas', c => c.clientWidth)
  assert.ok(width >= 650 && width <= 700, `the map spans the frame (${width} px)`)
  assert.deepEqual([...hosts], [new URL(server.url).host])
  assert.deepEqual(problems, [])
  await context.close()
})

// The main thread's busy time (ms) as Chrome counts it, from a CDP session
async function busyClock(context, page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  return async () => (await cdp.send('Performance.getMetrics')).metrics.find(m => m.name === 'TaskDuration').value * 1000
}

const scrollTo = (page, y) => page.evaluate(y => window.scrollTo(0, y), y)
// Resting as the page sees it, and as the sketch does: once it is settled it
// has handled being out of sight, so no frame of its is still to come
const resting = (page, yes) => page.waitForFunction(yes => {
  const state = window.wasmBindings.pageState()
  return state.resting === yes && state.settled
}, yes)

test('the drop-in rests while scrolled out of view or hidden, and carries on when back; a pause stays a pause', async () => {
  const { page, context, problems } = await visit('/blog/long-post/', { width: 1000, height: 700 })
  await page.waitForFunction(() => window.wasmBindings?.pageState()?.frames > 2)
  const busy = await busyClock(context, page)
  await scrollTo(page, 3000)
  await resting(page, true)
  const [before, busyBefore] = [await page.evaluate(() => window.wasmBindings.pageState()), await busy()]
  // An absence, watched for: what the page costs in 3 s out of view
  await page.waitForTimeout(3000)
  const busyFor = await busy() - busyBefore
  const after = await page.evaluate(() => window.wasmBindings.pageState())
  assert.equal(after.drops, before.drops, 'no drops out of view')
  assert.equal(after.frames, before.frames, 'no frames out of view')
  assert.ok(busyFor < 150, `the main thread was busy ${busyFor.toFixed(1)} ms in 3 s out of view`)
  assert.equal(after.looping, true, 'resting is not pausing')
  const params = new URL(page.url()).searchParams
  assert.equal(params.get('he-drops'), String(after.drops), 'the address bar is up to date while it rests')

  await scrollTo(page, 0)
  await resting(page, false)
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d, after.drops)

  // A hidden document rests too
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await resting(page, true)
  const hidden = (await page.evaluate(() => window.wasmBindings.pageState())).drops
  await displayFrames(page, 30)
  assert.equal((await page.evaluate(() => window.wasmBindings.pageState())).drops, hidden)
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d, hidden)

  // Paused before scrolling away, it is still paused after coming back
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && !s.looping })
  const paused = await page.evaluate(() => window.wasmBindings.pageState())
  await scrollTo(page, 3000)
  await resting(page, true)
  await scrollTo(page, 0)
  await resting(page, false)
  await displayFrames(page, 30)
  const back = await page.evaluate(() => window.wasmBindings.pageState())
  assert.equal(back.looping, false)
  assert.equal(back.drops, paused.drops)
  assert.deepEqual(problems, [])
  await context.close()
})

test('a framed sketch below the fold rests until it is scrolled into view', async () => {
  const { page, context, problems } = await visit('/blog/framed-low/', { width: 900, height: 800 })
  // Below the fold from the start, it may rest before its first frame
  await page.waitForFunction(() => document.querySelector('iframe').contentWindow.wasmBindings?.pageState())
  const frame = page.frames().find(f => f.url().includes(AT))
  await frame.waitForFunction(() => window.wasmBindings.pageState().resting)
  const first = await frame.evaluate(() => window.wasmBindings.pageState())
  await displayFrames(page, 60)
  const later = await frame.evaluate(() => window.wasmBindings.pageState())
  assert.equal(later.drops, first.drops, 'no rain below the fold')
  assert.equal(later.frames, first.frames, 'no frames below the fold')
  await page.evaluate(() => document.querySelector('iframe').scrollIntoView())
  await frame.waitForFunction(d => window.wasmBindings.pageState().drops > d + 1000, later.drops)
  assert.deepEqual(problems, [])
  await context.close()
})
