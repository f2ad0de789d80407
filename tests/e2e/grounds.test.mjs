// Your own ground: a file picked with "Open a ground" (or dropped on the
// map) becomes the map's starting ground; the heightmap we save opens back
// to the same heights hash; a link to the map names the file and waits for
// it; a file that is no ground is said over the map and changes nothing.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { serve, launch, open, state, pause, downloaded, decodePng16, mapNote, hostPage, visibleIcon, png, terrarium } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

const pick = (page, name, buffer, mimeType = 'application/octet-stream') =>
  page.setInputFiles('#experiment-control-import', { name, mimeType, buffer })

// The state once the ground is opened (or refused): the map's note says so
async function opened(page, name) {
  await page.waitForFunction(name => {
    const note = document.querySelector('#sketch-holder .map-note')
    return !note.hidden && (note.textContent.startsWith(name + ':') || note.textContent.startsWith('Not opened'))
  }, name)
  await page.waitForFunction(() => window.wasmBindings.pageState()?.settled)
  return { note: await mapNote(page), ...(await state(page)) }
}

test('a Terrarium tile opens as the map, with its sea below 0 m; the heightmap saved opens back to the same hash', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  await pick(page, 'ridge.png', terrarium(1800), 'image/png')
  let s = await opened(page, 'ridge.png')
  assert.match(s.note, /^ridge\.png: Terrarium PNG 96 × 64; -120 m to 2\d\d\d m, the sea at 0 m\.$/)
  assert.deepEqual([s.ground, s.grid, s.drops], ['file', [96, 64], 0])
  const heights = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  const sea = s.settings.sea_level
  const under = heights.filter(h => h < sea).length
  assert.ok(under > 96 * 64 * 0.05 && under < 96 * 64 * 0.5, `${under} cells under the sea`)
  assert.equal(Math.max(...heights), 1)
  // The terrain and map size show no option: neither is the map's
  assert.deepEqual(await page.$$eval('#experiment-control-terrain, #experiment-control-map-size', s => s.map(e => e.selectedIndex)), [-1, -1])
  const save = async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
    return downloaded(download)
  }
  const file = await save()
  assert.deepEqual([decodePng16(file).width, decodePng16(file).height], [96, 64])
  await pick(page, 'saved.png', file, 'image/png')
  s = await opened(page, 'saved.png')
  assert.equal(s.note, 'saved.png: 16-bit greyscale PNG 96 × 64.')
  const again = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  const off = Math.max(...again.map((h, k) => Math.abs(h - heights[k])))
  assert.ok(off <= 0.5 / 65535 + 1e-7, `each height within half a 16-bit level of the tile's (${off})`)
  // Heights the 16 bits hold exactly come back to the bit: saved and opened again, the same hash
  const hash = s.heightsHash
  await pick(page, 'saved again.png', await save(), 'image/png')
  s = await opened(page, 'saved again.png')
  assert.equal(s.heightsHash, hash, 'our own heightmap opens back to the same heights hash')
  // It rains on it, and undo goes back to the tile's ground, then the island's
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 2000)
  await pause(page)
  assert.notEqual((await state(page)).heightsHash, hash)
  assert.deepEqual(problems, [])
  await context.close()
})

test('a link to a map on a file asks for the file, refuses another ground and comes back to the bit on its own', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  await pick(page, 'ridge.png', terrarium(1800), 'image/png')
  await opened(page, 'ridge.png')
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 3000)
  await pause(page)
  assert.match(await page.textContent('#hint-share'), /^Whoever opens the link needs the file ridge\.png too/)
  const shared = await state(page)
  const query = await page.evaluate(() => location.search)
  assert.match(query, /he-ground=ridge\.png&he-ground-fit=96x64~[0-9a-f]{16}~0\.25/)
  await context.close()

  const other = await open(browser, server.url + '/' + query)
  let s = await state(other.page)
  assert.deepEqual([s.ground, s.drops, s.looping], ['wanted', 0, false])
  assert.equal(await visibleIcon(other.page, 'experiment-control-pause-toggle'), 'icon-play', 'still, and the button says so')
  assert.match(await mapNote(other.page), /^This map was made on ridge\.png, a file a link cannot carry/)
  await pick(other.page, 'ridge.png', terrarium(1500), 'image/png')
  await other.page.waitForFunction(() => window.wasmBindings.pageState().ground === 'not-the-one')
  assert.match(await mapNote(other.page), /^That file is not the ground this link was made on/)
  // Another wrong one, and a file that is no ground, say so too
  await pick(other.page, 'ridge.png', terrarium(1400), 'image/png')
  await other.page.waitForFunction(() => document.querySelector('#sketch-holder .map-note').textContent.startsWith('That file is not'))
  await pick(other.page, 'notes.txt', Buffer.from('not a map'))
  await other.page.waitForFunction(() => document.querySelector('#sketch-holder .map-note').textContent.startsWith('Not opened'))
  assert.equal(await other.page.evaluate(() => location.search), query, 'the link is left as it was')
  await pick(other.page, 'ridge.png', terrarium(1800), 'image/png')
  await other.page.waitForFunction(() => window.wasmBindings.pageState().ground === 'file' && !window.wasmBindings.pageState().replaying)
  s = await state(other.page)
  assert.deepEqual([s.heightsHash, s.drops], [shared.heightsHash, shared.drops])
  assert.equal(await mapNote(other.page), null, 'the request is taken back')
  assert.deepEqual(problems.concat(other.problems), [])
  await other.context.close()
})

test('files that are no ground are said over the map and change nothing', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  const before = await state(page)
  const link = await page.evaluate(() => location.search)
  const grey = png(20, 20, 0, 8, Buffer.alloc(400, 7))
  const photo = png(20, 20, 2, 8, Buffer.from(Array.from({ length: 1200 }, (_, k) => (k * 37) % 256)))
  const huge = Buffer.from(grey)
  huge.writeUInt32BE(100000, 16)
  huge.writeUInt32BE(100000, 20)
  huge.writeUInt32BE(zlib.crc32(huge.subarray(12, 29)) >>> 0, 29)
  const hostile = [
    ['empty.png', Buffer.alloc(0), 'The file is empty.'],
    ['notes.txt', Buffer.from('hello, not a map'), 'This is not a file the sketch reads'],
    ['cut.png', terrarium(900).subarray(0, 100), 'The PNG file is damaged or cut short'],
    ['flat.png', grey, 'The ground is flat'],
    ['photo.png', photo, 'The image is in colour and its red runs from'],
    ['huge.png', huge, 'The file says it is 100000 × 100000 cells'],
    ['tiny.png', png(8, 8, 0, 8, Buffer.alloc(64, 3)), 'The file is 8 × 8 cells'],
    ['N00E000.hgt', Buffer.alloc(1000), 'An .hgt file holds 1201 × 1201 or 3601 × 3601 heights'],
  ]
  for (const [name, buffer, said] of hostile) {
    await pick(page, name, buffer)
    const s = await opened(page, name)
    assert.ok(s.note.startsWith('Not opened: ' + said), `${name}: ${s.note}`)
    assert.deepEqual([s.heightsHash, s.ground, s.grid], [before.heightsHash, 'made', [320, 180]], name)
    assert.equal(await page.evaluate(() => location.search), link, name)
  }
  assert.deepEqual(problems, [])
  await context.close()
})

test('a file dropped on the map opens as its ground', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  await page.evaluate(b64 => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0))
    const dataTransfer = new DataTransfer()
    dataTransfer.items.add(new File([bytes], 'dropped ridge.png', { type: 'image/png' }))
    const holder = document.querySelector('#sketch-holder')
    const over = new DragEvent('dragover', { dataTransfer, cancelable: true, bubbles: true })
    holder.dispatchEvent(over)
    if (!over.defaultPrevented) throw new Error('the map does not take the drop')
    holder.dispatchEvent(new DragEvent('drop', { dataTransfer, cancelable: true, bubbles: true }))
  }, terrarium(1200).toString('base64'))
  const s = await opened(page, 'dropped ridge.png')
  assert.match(s.note, /^dropped ridge\.png: Terrarium PNG 96 × 64/)
  assert.deepEqual([s.ground, s.grid], ['file', [96, 64]])
  assert.deepEqual(problems, [])
  await context.close()
})

test("a figure's ground attribute opens the file it names, and says so where it cannot be had", async () => {
  const AT = '/static/hydraulic-erosion/'
  const body = `<hydraulic-erosion id="ok" seed="3" paused loading="eager" ground="/files/my%20ridge.png"></hydraulic-erosion>
    <hydraulic-erosion id="gone" seed="4" paused loading="eager" ground="/files/gone.png"></hydraulic-erosion>
    <script type="module" src="${AT}element.js"></script>`
  const post = await serve(undefined, hostPage('/blog/ground/', body, 'hydraulic-erosion { width: 480px }'), AT)
  const { page, context, problems } = await open(browser, post.url + '/blog/ground/', {
    settled: false,
    route: ['**/files/*', route => route.request().url().endsWith('my%20ridge.png')
      ? route.fulfill({ body: terrarium(1500), contentType: 'image/png' })
      : route.fulfill({ status: 404, body: 'no such file' })]
  })
  await page.waitForFunction(() => document.querySelector('#ok').state()?.ground === 'file', null, { timeout: 30000 })
  const s = await page.evaluate(() => document.querySelector('#ok').state())
  assert.deepEqual(s.grid, [96, 64])
  const note = id => page.evaluate(id => document.querySelector(id).shadowRoot.querySelector('.map-note')?.textContent, id)
  await page.waitForFunction(() => document.querySelector('#gone').shadowRoot.querySelector('.map-note')?.textContent.startsWith('Not opened'))
  assert.equal(await note('#gone'), 'Not opened: gone.png could not be fetched (the server answered 404)')
  assert.equal((await page.evaluate(() => document.querySelector('#gone').state())).ground, 'made')
  // (the browser's own line for the 404)
  assert.deepEqual(problems.filter(p => !p.includes('404')), [])
  await context.close()
  await post.close()
})
