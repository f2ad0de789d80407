// Your own ground: a file picked with "Open a ground" (or dropped on the
// map) becomes the map's starting ground; the heightmap we save opens back
// to the same heights hash; a link to the map names the file and waits for
// it; a file that is no ground is said over the map and changes nothing.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { serve, launch, open, state, pause, downloaded, decodePng16, mapNote, hostPage, visibleIcon, png, terrarium, tiff, root, unzip, readStl, until } from './helpers.mjs'

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
  // The workers that read a file, each till it ends
  const readers = []
  page.on('worker', worker => {
    if (!worker.url().endsWith('/ground-reader.js')) return
    readers.push(worker)
    worker.on('close', () => { worker.ended = true })
  })
  await pick(page, 'ridge.png', terrarium(1800), 'image/png')
  let s = await opened(page, 'ridge.png')
  // Read in a worker of its own, ended once it answered
  assert.equal(readers.length, 1, 'the file was read off the page')
  await until(page, () => readers[0].ended, 'the reader ends')
  assert.match(s.note, /^ridge\.png: Terrarium PNG 96 × 64; -120 m to 2\d\d\d m, the sea at 0 m; the drops find it [\d.]+ times as steep, as steep as the island\.$/)
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

const saveHeightmap = async page => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  return decodePng16(await downloaded(download))
}

// The measures of the ground before any rain, once they are taken (a big
// map's wait for its first routing)
async function measuredBeforeRain(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const m = window.wasmBindings.measures()
    return m.drops === 0 && Number.isFinite(m.hackExponent)
  }, null, { timeout })
  return page.evaluate(() => window.wasmBindings.measures())
}

test('a real place, the crater of Mount St. Helens (a float GeoTIFF), opens whole, is measured before rain, rains, saves every file and turns in 3D', async () => {
  const name = 'mount-st-helens-2004-10-04.tif'
  const file = fs.readFileSync(path.join(root, 'tests/fixtures/grounds', name))
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=1&he-measures=1&he-drops-per-frame=1000')
  await pause(page)
  await pick(page, name, file, 'image/tiff')
  let s = await opened(page, name)
  assert.equal(s.note, `${name}: GeoTIFF 303 × 442, cells 10 m wide; 1362 m to 2538 m, no sea: its lowest point is the shore; ` +
    'the drops find it 3.27 times as steep, as steep as the island.')
  assert.deepEqual([s.ground, s.grid, s.drops], ['file', [303, 442], 0])
  // Its link names the fitting, steepness too (once the map's first picture is up)
  await page.waitForFunction(() => location.search.includes('he-ground='))
  assert.match(await page.evaluate(() => location.search), /he-ground-fit=303x442~[0-9a-f]{16}~0\.25~3\.27x/)
  // Measured before any rain: the crater's own measures, as natively
  // (tests/imported_grounds.rs, on seed 1: the seed's ripple parts the
  // rivers on flats, so Hack's h depends on it)
  const before = await measuredBeforeRain(page)
  assert.equal(before.hypsometricIntegral.toFixed(9), '0.503927990')
  assert.equal(before.hackExponent.toFixed(9), '0.466859668')
  // The hypsometric integral wavers by a few ten-thousandths as deposits
  // move the land's lowest and highest cells; past 90,000 drops it stays
  // below where it started (natively, seed 1, between 0.4987 and 0.4998
  // from 90,000 drops to 150,000)
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 90000, null, { timeout: 120000 })
  await pause(page)
  const { drops } = await state(page)
  await page.waitForFunction(d => window.wasmBindings.measures().drops === d, drops)
  const after = await page.evaluate(() => window.wasmBindings.measures())
  assert.ok(after.hypsometricIntegral < before.hypsometricIntegral, `${after.hypsometricIntegral} after ${drops} drops`)
  const saved = await saveHeightmap(page)
  assert.deepEqual([saved.width, saved.height], [303, 442])
  // Every other file, at the crater's cells
  const save = async id => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#experiment-control-save-${id}`)])
    return downloaded(download)
  }
  const files = unzip(await save('maps'))
  for (const name of ['heightmap.png', 'erosion.png', 'deposition.png', 'flow.png']) {
    const png = decodePng16(files[name])
    assert.deepEqual([png.width, png.height], [303, 442], name)
    assert.ok(png.levels.some(level => level > 0), `${name} is not all black`)
  }
  assert.match(JSON.parse(files['map.json'].toString('utf8')).link, /he-ground=mount-st-helens/)
  const solid = readStl(await save('stl'))
  assert.deepEqual([solid.count, solid.open], [2 * 302 * 441 + 3 * 2 * (302 + 441), 0])
  assert.equal((await save('gltf')).subarray(0, 4).toString(), 'glTF')
  // The time-lapse of its rain, a WebM
  const [video] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.click('#experiment-control-save-video')])
  assert.deepEqual([...(await downloaded(video)).subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'the EBML signature')
  // The 3D view draws it
  await page.click('#experiment-control-view-3d')
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  assert.ok(await page.locator('#sketch-holder canvas.view-3d').isVisible())
  assert.deepEqual(problems, [])
  await context.close()
})

test('a real island, Kauaʻi (an SRTM .hgt, unzipped as served), opens with its sea, is measured before rain, rains and saves its heightmap', async () => {
  const name = 'N22W160.hgt'
  const file = unzip(fs.readFileSync(path.join(root, 'tests/fixtures/grounds/N22W160.hgt.zip')))[name]
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=1&he-measures=1&he-drops-per-frame=1000')
  await pause(page)
  await pick(page, name, file)
  const s = await opened(page, name)
  assert.equal(s.note, `${name}: SRTM .hgt 1201 × 1201, cells 89 m wide; 4279 voids filled; -34 m to 1579 m, the sea at 0 m; ` +
    'the drops find it 1.23 times as steep, as steep as the island.')
  assert.deepEqual([s.ground, s.grid, s.drops], ['file', [1201, 1201], 0])
  // The Pacific is the sea: 8.7 % of the tile is land
  const heights = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
  const under = heights.filter(h => h < s.settings.sea_level).length / heights.length
  assert.ok(under > 0.85 && under < 0.95, `${under} of the map under the sea`)
  // Measured before any rain, as natively (tests/imported_grounds.rs, seed 1)
  const measured = await measuredBeforeRain(page, 60000)
  assert.equal(measured.hypsometricIntegral.toFixed(9), '0.301228216')
  assert.equal(measured.hackExponent.toFixed(9), '0.451516988')
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 20000, null, { timeout: 120000 })
  await pause(page)
  assert.notEqual((await state(page)).heightsHash, s.heightsHash, 'the rain changed it')
  const saved = await saveHeightmap(page)
  assert.deepEqual([saved.width, saved.height], [1201, 1201])
  assert.deepEqual(problems, [])
  await context.close()
})

test('GeoTIFFs of float32 and int16 metres open with their sea below 0 m and their nodata filled', async () => {
  const [w, h] = [96, 64]
  const metres = Array.from({ length: w * h }, (_, k) => 1500 * (1 - (k % w) / (w - 1)) ** 2 * (1 + 0.2 * Math.sin(k / w / 5)) - 200)
  const voids = new Set(Array.from({ length: 12 }, (_, k) => 101 + k * 491))
  const { page, context, problems } = await open(browser, server.url + '/')
  await pause(page)
  for (const [type, nodata] of [['f32', -9999], ['i16', -32768]]) {
    const values = metres.map((m, k) => voids.has(k) ? nodata : type === 'i16' ? Math.round(m) : m)
    const name = `sea ${type}.tif`
    await pick(page, name, tiff(w, h, values, { type, cellMetres: 30, nodata }), 'image/tiff')
    const s = await opened(page, name)
    const top = Math.max(...values).toFixed(0)
    assert.ok(s.note.startsWith(`${name}: GeoTIFF 96 × 64, cells 30 m wide; 12 voids filled; -200 m to ${top} m, the sea at 0 m; the drops find it`), s.note)
    const heights = await page.evaluate(async () => Array.from(await window.wasmBindings.pageHeights()))
    // Every cell the model has is sea where it is at or below 0 m, and land where above
    const wrong = values.filter((m, k) => !voids.has(k) && (heights[k] < s.settings.sea_level) !== (m <= 0)).length
    assert.equal(wrong, 0, `${type}: cells on the wrong side of the shore`)
    const sea = heights.filter(h => h < s.settings.sea_level).length
    assert.ok(sea > w * h * 0.05 && sea < w * h * 0.5, `${type}: ${sea} cells of sea`)
  }
  // It rains, and saves at its own size
  await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 2000)
  await pause(page)
  const saved = await saveHeightmap(page)
  assert.deepEqual([saved.width, saved.height], [96, 64])
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
  const hgt = (value, side = 1201) => Buffer.alloc(side * side * 2).fill(Buffer.from([(value >> 8) & 0xff, value & 0xff]))
  const ramp = Array.from({ length: 400 }, (_, k) => k)
  const withCrc = (file, at, length) => {
    file.writeUInt32BE(zlib.crc32(file.subarray(at, at + length)) >>> 0, at + length)
    return file
  }
  const sized = (file, width, height) => {
    const resized = Buffer.from(file)
    resized.writeUInt32BE(width, 16)
    resized.writeUInt32BE(height, 20)
    return withCrc(resized, 12, 17)
  }
  const badCrc = Buffer.from(grey)
  badCrc[30] ^= 0xff
  // A TIFF whose width, height and one strip's rows say 100,000 (its
  // directory's entries at 8 + 2 + 12k, each value 8 bytes in)
  const bigTiff = tiff(20, 20, ramp)
  for (let k = 0; k < bigTiff.readUInt16LE(8); k++) {
    if ([256, 257, 278].includes(bigTiff.readUInt16LE(10 + 12 * k))) bigTiff.writeUInt32LE(100000, 18 + 12 * k)
  }
  const transparent = png(20, 20, 6, 8, Buffer.alloc(1600, 0))
  // Thirty files that are no ground, and what the map says of each
  const hostile = [
    ['empty.png', Buffer.alloc(0), 'The file is empty.'],
    ['notes.txt', Buffer.from('hello, not a map'), 'This is not a file the sketch reads'],
    ['page.html', Buffer.from('<!doctype html><title>x</title>'), 'This is not a file the sketch reads'],
    ['picture.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]), 'This is not a file the sketch reads'],
    ['picture.gif', Buffer.from('GIF89a\x14\x00\x14\x00\x00\x00\x00', 'latin1'), 'This is not a file the sketch reads'],
    ['tiles.zip', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), 'This is not a file the sketch reads'],
    ['signature.png', Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), 'The PNG file is damaged or cut short'],
    ['cut.png', terrarium(900).subarray(0, 100), 'The PNG file is damaged or cut short'],
    ['bad crc.png', badCrc, 'The PNG file is damaged or cut short'],
    ['flat.png', grey, 'The ground is flat'],
    ['photo.png', photo, 'The image is in colour and its red runs from'],
    ['grey as terrarium.png', png(20, 20, 0, 8, Buffer.from(ramp.map(k => k % 256))), 'The image is greyscale, not a colour terrarium tile', 'terrarium'],
    ['clear.png', transparent, 'The file has no heights'],
    ['huge.png', huge, 'The file says it is 100000 × 100000 cells'],
    ['long.png', sized(grey, 20000, 16), 'The file says it is 20000 × 16 cells'],
    ['tiny.png', png(8, 8, 0, 8, Buffer.alloc(64, 3)), 'The file is 8 × 8 cells'],
    ['thin.png', sized(grey, 1, 100000), 'The file says it is 1 × 100000 cells'],
    ['N00E000.hgt', Buffer.alloc(1000), 'An .hgt file holds 1201 × 1201 or 3601 × 3601 heights'],
    ['N00E001.hgt', hgt(0), 'The ground is flat'],
    ['N00E002.hgt', hgt(-32768), 'The file has no heights'],
    ['cut.tif', tiff(20, 20, ramp).subarray(0, 60), 'The TIFF file is damaged or cut short'],
    ['nan.tif', tiff(20, 20, Array(400).fill(NaN)), 'The file has no heights'],
    ['infinite.tif', tiff(20, 20, Array(400).fill(Infinity)), 'The file has no heights'],
    ['nodata.tif', tiff(20, 20, Array(400).fill(-9999), { nodata: -9999 }), 'The file has no heights'],
    ['flat.tif', tiff(20, 20, Array(400).fill(12.5)), 'The ground is flat'],
    ['colour.tif', tiff(20, 20, Array(1200).fill(0).map((_, k) => k % 256), { type: 'u8', bands: 3 }), 'The TIFF is'],
    ['jpeg.tif', tiff(20, 20, ramp, { compression: 7 }), 'The TIFF file is damaged or cut short'],
    ['huge.tif', bigTiff, 'The file says it is 100000 × 100000 cells'],
    ['tiny.tif', tiff(8, 8, Array.from({ length: 64 }, (_, k) => k)), 'The file is 8 × 8 cells'],
  ]
  assert.equal(hostile.length + 1, 30, 'thirty, with the file too big to read below')
  const unchanged = async (name, said) => {
    const s = await opened(page, name)
    assert.ok(s.note.startsWith('Not opened: ' + said), `${name}: ${s.note}`)
    assert.deepEqual([s.heightsHash, s.ground, s.grid], [before.heightsHash, 'made', [320, 180]], name)
    assert.equal(await page.evaluate(() => location.search), link, name)
  }
  for (const [name, buffer, said, encoding = 'auto'] of hostile) {
    await page.selectOption('#experiment-control-import-encoding', encoding)
    await pick(page, name, buffer)
    await unchanged(name, said)
  }
  // A file of 200 MB, dropped on the map: refused by its size, unread
  await page.selectOption('#experiment-control-import-encoding', 'auto')
  await page.evaluate(() => {
    const megabyte = new Uint8Array(1 << 20)
    const dataTransfer = new DataTransfer()
    dataTransfer.items.add(new File(Array(200).fill(megabyte), 'everything.tif'))
    document.querySelector('#sketch-holder').dispatchEvent(new DragEvent('drop', { dataTransfer, cancelable: true, bubbles: true }))
  })
  await unchanged('everything.tif', 'The file is 200 MB; a ground can be at most 160 MB.')
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

test("where the reader's own worker cannot start, the page opens the file itself", async () => {
  const route = ['**/ground-reader.js', r => r.fulfill({ status: 404, body: '' })]
  const { page, context, problems } = await open(browser, server.url + '/', { route })
  await pause(page)
  await pick(page, 'ridge.png', terrarium(1800), 'image/png')
  const s = await opened(page, 'ridge.png')
  assert.match(s.note, /^ridge\.png: Terrarium PNG 96 × 64; -120 m to 2\d\d\d m/)
  assert.deepEqual([s.ground, s.grid], ['file', [96, 64]])
  assert.deepEqual(problems.filter(p => !/404|ground-reader/.test(p)), [])
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
