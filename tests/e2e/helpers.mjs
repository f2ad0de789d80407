// Shared by the end-to-end tests: a static server for the release build
// (dist/, built with --public-url ./), and Debian's Chromium driven by
// playwright-core.
import http from 'node:http'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import assert from 'node:assert/strict'

const require = createRequire(import.meta.url)
const { chromium } = require('../../tools/node_modules/playwright-core')

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const dist = path.join(root, 'dist')

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png' }

// The headers a host sends with the page (www/_headers, copied to dist/, or
// the `_headers` of another copy of the site: the npm package's): its
// Content-Security-Policy and the rest, by lower-case name
export function siteHeaders(site = dist) {
  const lines = fs.readFileSync(path.join(site, '_headers'), 'utf8').split('\n')
  return Object.fromEntries(lines.flatMap(line => {
    const header = line.match(/^\s+([\w-]+): (.+)$/)
    return header ? [[header[1].toLowerCase(), header[2]]] : []
  }))
}

// Serves `dir` at the path `at` on a free loopback port. `pages` maps
// extra paths to their text (a host's pages and files; HTML unless the
// path ends in .css or .js). Every answer carries `headers`, the site's
// unless told: the page, and the blog posts the tests write around it, run
// under its strict policy. A file asked for with `?late=N` is answered N ms
// late (a slow network, in every engine)
export async function serve(dir = dist, pages = {}, at = '/', headers = siteHeaders()) {
  const type = (file, otherwise) => TYPES[path.extname(file)] || otherwise
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x')
    const late = Number(url.searchParams.get('late') ?? 0)
    if (late > 0) await new Promise(resolve => setTimeout(resolve, late))
    if (pages[url.pathname]) {
      res.writeHead(200, { ...headers, 'content-type': type(url.pathname, 'text/html') })
      return res.end(pages[url.pathname])
    }
    if (!url.pathname.startsWith(at)) { res.writeHead(404); return res.end('not found') }
    let file = path.join(dir, decodeURIComponent(url.pathname.slice(at.length - 1)))
    if (!file.startsWith(dir)) { res.writeHead(403); return res.end() }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html')
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404); return res.end('not found') }
      res.writeHead(200, { ...headers, 'content-type': type(file, 'application/octet-stream') })
      res.end(body)
    })
  })
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise(r => server.close(r)) }
}

// Says each violation of a page's Content-Security-Policy as a console
// error, which the tests record as a problem: browsers log some violations
// themselves, but not all, and not in every engine
export const REPORT_POLICY_VIOLATIONS = () => document.addEventListener('securitypolicyviolation', e =>
  console.error(`Content-Security-Policy: ${e.effectiveDirective} refused ${e.blockedURI || 'code in the page'}`))

// HE_MAIN_THREAD=1 runs every page as a browser without OffscreenCanvas
// drawing would: the sketch then runs on the main thread. tools/test.sh runs
// the end-to-end tests both ways
export const mainThreadOnly = process.env.HE_MAIN_THREAD === '1'
export const expectedThread = mainThreadOnly ? 'main' : 'worker'
const withoutOffscreenCanvas = () => { delete HTMLCanvasElement.prototype.transferControlToOffscreen }

// A browser context as every test makes one, with the sketch forced onto
// the main thread when asked (`mainThread`, or HE_MAIN_THREAD=1), and
// violations of the page's policy reported
export async function newContext(browser, options = {}, { mainThread = mainThreadOnly } = {}) {
  const context = await browser.newContext(options)
  await context.addInitScript(REPORT_POLICY_VIOLATIONS)
  if (mainThread) await context.addInitScript(withoutOffscreenCanvas)
  return context
}

export async function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  })
}

// The page's module in the build (Trunk.toml turns file hashes off), or
// with `full` the full build's (everything the page fetches later, for
// callers of the tutorial's and the landscape's systems)
export function bundle({ full = false } = {}) {
  const name = full ? 'hydraulic-erosion-full' : 'hydraulic-erosion'
  const js = `${name}.js`
  const wasm = `${name}_bg.wasm`
  for (const f of [js, wasm]) if (!fs.existsSync(path.join(dist, f))) throw new Error(`no ${f} in dist/: build first`)
  return { js, wasm }
}

// dist/index.html with <html class="dark">, as a site in its dark theme
// (the release build's HTML is minified: its attributes may lose their quotes)
export const darkIndex = () => fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/<html([^>]*)>/, '<html$1 class="dark">')

// Whether a console message is the page's: Chromium's own notes on its
// software GL ("[.WebGL-…]GL Driver Message … GPU stall due to ReadPixels",
// when a screenshot or the compositor reads a WebGL canvas back) are not
export const ours = m => !m.text().startsWith('[.WebGL-')

// A new page that records page errors and console errors and warnings,
// once its sketch runs where it stays (settled: its first frames are drawn
// on the main thread while a worker starts to take over), or at once with
// `settled: false`. `route` ([pattern, handler]) answers the files that
// match in its own way
export async function open(browser, url, { contextOptions = {}, mainThread, initScript, route, settled = true } = {}) {
  const options = { viewport: { width: 1100, height: 900 }, acceptDownloads: true, ...contextOptions }
  const context = await newContext(browser, options, { mainThread })
  if (initScript) await context.addInitScript(initScript)
  if (route) await context.route(...route)
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if ((m.type() === 'error' || m.type() === 'warning') && ours(m)) problems.push(`console.${m.type()}: ${m.text()}`) })
  await page.goto(url)
  if (settled) await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.pageState()?.settled)
  return { page, context, problems }
}

// Each file the page fetched, in the order it asked: its path and name (the
// path's last part), when it was asked for and when it came, and by what
// (`link` for a preload, `fetch`, `script`…)
export const fetchedFiles = page => page.evaluate(() => performance.getEntriesByType('resource').map(e => {
  const path = new URL(e.name).pathname
  return { path, name: path.split('/').pop(), asked: e.startTime, came: e.responseEnd, by: e.initiatorType }
}))

// When the page was first painted (ms after navigation; Chromium's paint
// timing)
export const firstPaint = page => page.evaluate(() => performance.getEntriesByType('paint').find(p => p.name === 'first-paint')?.startTime)

// For the benches, a page's init script: the first animation frame that
// sees the map drawn (a new map's first picture, or for a link the page's
// first frame), as the browser bench counts it, sets window.__seen to its
// time and leaves the mark 'he-first-picture-seen' in a trace
export const markFirstPictureSeen = () => {
  const look = () => {
    let drawn = document.querySelector('#sketch-holder[data-first-picture]')
    try { drawn ||= window.wasmBindings.pageFrames() >= 1 } catch (e) {}
    if (drawn) {
      window.__seen = performance.now()
      performance.mark('he-first-picture-seen')
      return
    }
    requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}

// What the note over the map's corner says, or null while it is hidden
export const mapNote = page => page.$eval('#sketch-holder .map-note', e => e.hidden ? null : e.textContent)

// The sketch's state once it takes in every control touched so far (a
// worker answers a moment after the click)
export async function state(page) {
  await page.waitForFunction(() => window.wasmBindings.pageState()?.settled)
  return page.evaluate(() => window.wasmBindings.pageState())
}

// Where an element stands on the page, once it has a box: a canvas shown a
// moment ago may still be laid out when Playwright first looks (the 3D view
// on a tablet's main thread answered null once)
export async function boxOf(locator) {
  return until(locator.page(), async () => {
    const box = await locator.boundingBox()
    return box && box.width > 0 && box
  }, 'the element gets a box')
}

// Mean brightness (0..255) of the canvas as shown (the map's, or the one
// `which` selects), a fingerprint of its pixels and how many colours. Read
// from a screenshot of the element: its drawing may live in the sketch's
// worker, where the page cannot read it back
export async function canvasLook(page, which = '#sketch-holder canvas:not(.view-3d)') {
  const png = await page.locator(which).screenshot()
  return page.evaluate(lookOfPng, png.toString('base64'))
}

// The look of a PNG (base64) as canvasLook() measures it, run in a page
// (its own image decoder reads the PNG)
export async function lookOfPng(b64) {
  const image = new Image()
  image.src = 'data:image/png;base64,' + b64
  await image.decode()
  const copy = document.createElement('canvas')
  copy.width = image.width
  copy.height = image.height
  const ctx = copy.getContext('2d', { willReadFrequently: true })
  ctx.drawImage(image, 0, 0)
  const data = ctx.getImageData(0, 0, copy.width, copy.height).data
  let sum = 0
  let hash = 2166136261
  const colours = new Set()
  for (let i = 0; i < data.length; i += 4) {
    sum += (data[i] + data[i + 1] + data[i + 2]) / 3
    hash = Math.imul(hash ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 16777619)
    colours.add(data[i] | (data[i + 1] << 8) | (data[i + 2] << 16))
  }
  return { brightness: sum / (data.length / 4), hash: hash >>> 0, colours: colours.size }
}

// Waits for `n` frames of the page's display (requestAnimationFrame): the
// clock for "nothing happens meanwhile", counted in frames the reader would
// see rather than in milliseconds a busy machine stretches
// Asks `check` (which may be async) once every `every` display frames of
// `page` until it answers something truthy, and returns that: a condition
// only Node can see (a worker's end, a screenshot), polled by the page's
// frames rather than by a clock. After `frames` display frames it throws,
// naming `what` never came; with `giveUp`, it returns the last answer.
export async function until(page, check, what, { frames = 600, every = 6, giveUp = false } = {}) {
  let answer
  for (let seen = 0; seen <= frames; seen += every) {
    answer = await check()
    if (answer) return answer
    await displayFrames(page, every)
  }
  if (giveUp) return answer
  throw new Error(`${what}: not within ${frames} display frames`)
}

export const displayFrames = (page, n) => page.evaluate(n => new Promise(resolve => {
  let k = 0
  const tick = () => (++k >= n ? resolve() : requestAnimationFrame(tick))
  requestAnimationFrame(tick)
}), n)

// Waits until the sketch has drawn more frames than `frames` (read before
// what should make it draw) and settled
export async function framesPast(page, frames) {
  await page.waitForFunction(f => {
    const s = window.wasmBindings.pageState()
    return s.settled && s.frames > f
  }, frames)
}

// Waits until more drops than `drops` (by default, than now) have fallen
export async function rainedPast(page, drops) {
  const past = drops ?? (await state(page)).drops
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d, past)
}

// Whether the address bar carries the link of the map as it stands (its
// drops): true once the frame drawn after a pause has written it
export const LINK_WRITTEN = () => {
  const s = window.wasmBindings.pageState()
  return s.settled && (new URLSearchParams(location.search).get('he-drops') ?? '0') === String(s.drops)
}

// Pauses the sketch and waits until it has handled the pause and drawn the
// frame that follows it, which writes the address bar (no frame is to come
// after that one)
export async function pause(page) {
  if ((await state(page)).looping) await page.click('#experiment-control-pause-toggle')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && !s.looping })
  await page.waitForFunction(LINK_WRITTEN)
}

export const visibleIcon = (page, button) => page.evaluate(id => {
  const shown = [...document.querySelectorAll(`#${id} svg`)].filter(svg => !svg.classList.contains('hidden'))
  return shown.map(svg => svg.getAttribute('class')).join(' ')
}, button)

// The bytes of a download
export async function downloaded(download) {
  const chunks = []
  const stream = await download.createReadStream()
  return new Promise(resolve => stream.on('data', c => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))))
}

// A PNG's size, bit depth, colour type and its rows' bytes, filters undone
// (not interlaced; 8 or 16 bits, grey, RGB or RGBA)
export function decodePng(file) {
  assert.equal(file.subarray(1, 4).toString(), 'PNG')
  let at = 8
  let header
  const data = []
  while (at < file.length) {
    const length = file.readUInt32BE(at)
    const type = file.subarray(at + 4, at + 8).toString()
    const body = file.subarray(at + 8, at + 8 + length)
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9] }
    if (type === 'IDAT') data.push(body)
    at += 12 + length
  }
  const raw = zlib.inflateSync(Buffer.concat(data))
  const bpp = ({ 0: 1, 2: 3, 6: 4 })[header.colour] * header.depth / 8
  const stride = header.width * bpp
  const out = Buffer.alloc(stride * header.height)
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]
      const a = x >= bpp ? out[y * stride + x - bpp] : 0
      const b = y > 0 ? out[(y - 1) * stride + x] : 0
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0
      const paeth = () => { const p = a + b - c; const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); return pa <= pb && pa <= pc ? a : pb <= pc ? b : c }
      const predictor = [0, a, b, (a + b) >> 1, paeth()][filter]
      out[y * stride + x] = (v + predictor) & 255
    }
  }
  return { ...header, bytes: out }
}

// A 16-bit greyscale PNG's size, bit depth, colour type and levels
export function decodePng16(file) {
  const { bytes, ...header } = decodePng(file)
  const levels = []
  for (let k = 0; k < bytes.length; k += 2) levels.push(bytes.readUInt16BE(k))
  return { ...header, levels }
}

// A host's page at `path` (HTML `body`) and its stylesheet (`css`, at
// post.css beside it), as pages for serve(): nothing written into the page,
// as the site's policy asks of a host that embeds the sketch
export function hostPage(path, body, css = '') {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
  <title>A blog post</title><link rel="stylesheet" href="post.css"></head><body>${body}</body></html>`
  return { [path]: page, [new URL('post.css', `http://x${path}`).pathname]: `body { margin: 0 } .hidden { display: none } ${css}` }
}

// A blog post's own markup at `path`, as the p5 version's host page has it
// (the original's IDs), starting our module from `at` instead of loading
// p5.min.js + sketch.js: the snippet from the README. `css` styles the
// post further (its prose after the sketch is `.more-prose`)
export function dropIn(path, at, holderStyle, css = '') {
  return hostPage(path, `<article><p>Some prose before the sketch.</p>
  <div id="sketch-holder"></div>
  <select id="experiment-control-color-scheme"></select> <input id="experiment-control-seed" type="number">
  <button id="experiment-control-new-seed">New seed</button>
  <button id="experiment-control-pause-toggle"><svg class="icon-play"></svg><svg class="icon-pause"></svg></button>
  <button id="experiment-control-restart">Restart</button> <button id="experiment-control-save">Save</button>
  <button id="experiment-control-save-heightmap">Save heightmap</button>
  <button id="experiment-control-fullscreen-toggle"><svg class="icon-expand"></svg><svg class="icon-compress"></svg></button>
  <input type="checkbox" id="experiment-control-rivers"> <input type="checkbox" id="experiment-control-original">
  <input type="checkbox" id="experiment-control-debug-mode">
  ${['drops-per-frame', 'erosion', 'deposition', 'inertia', 'brush-radius', 'sea-level', 'contour-levels', 'terrain-scale']
    .map(id => `<input type="range" id="experiment-control-${id}"><span id="experiment-label-${id}"></span>`).join('\n')}
  <div class="more-prose">More prose.</div>
  </article>
  <script type="module" src="${at}start.js"></script>`, `#sketch-holder { ${holderStyle} } ${css}`)
}

// A PNG of `width` × `height` pixels of colour type `colour` (0 grey, 2
// RGB) and `depth` bits, its rows of samples given as bytes (unfiltered)
export function png(width, height, colour, depth, samples) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(body.length, 0)
    head.write(type, 4)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0)
    return Buffer.concat([head, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([depth, colour, 0, 0, 0], 8)
  const stride = samples.length / height
  const rows = []
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), samples.subarray(y * stride, (y + 1) * stride))
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

// A Terrarium tile 96 × 64 of a ridge falling east into the sea: heights
// from `top` metres in the west to 120 m under the sea in the east
export function terrarium(top) {
  const [w, h] = [96, 64]
  const samples = Buffer.alloc(w * h * 3)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const metres = top * (1 - x / (w - 1)) ** 2 * (1 + 0.2 * Math.sin(y / 5)) - 120
      const v = metres + 32768
      samples.set([Math.floor(v / 256), Math.floor(v) % 256, Math.floor((v % 1) * 256)], (y * w + x) * 3)
    }
  }
  return png(w, h, 2, 8, samples)
}

// A TIFF of one strip, little-endian, uncompressed unless `compression`
// says otherwise: `values` row by row, `bands` samples a pixel of `type`
// ('f32', 'i16' or 'u8'); with `cellMetres`, a GeoTIFF's pixel scale in a
// projected model (metres); with `nodata`, GDAL's nodata tag
export function tiff(width, height, values, { type = 'f32', bands = 1, compression = 1, cellMetres, nodata } = {}) {
  const [bytes, sampleFormat, put] = {
    f32: [4, 3, (b, v, at) => b.writeFloatLE(v, at)],
    i16: [2, 2, (b, v, at) => b.writeInt16LE(v, at)],
    u8: [1, 1, (b, v, at) => b.writeUInt8(v, at)],
  }[type]
  const pixels = Buffer.alloc(width * height * bands * bytes)
  values.forEach((v, k) => put(pixels, v, k * bytes))
  const SHORT = 3, LONG = 4, DOUBLE = 12, ASCII = 2
  const tags = [
    [256, LONG, [width]], [257, LONG, [height]], [258, SHORT, Array(bands).fill(bytes * 8)], [259, SHORT, [compression]],
    [262, SHORT, [bands === 3 ? 2 : 1]], [273, LONG, [0]], [277, SHORT, [bands]], [278, LONG, [height]],
    [279, LONG, [pixels.length]], [339, SHORT, Array(bands).fill(sampleFormat)],
  ]
  // GTModelType (1024) 1: a projected model, whose pixel scale is in metres
  if (cellMetres) tags.push([33550, DOUBLE, [cellMetres, cellMetres, 0]], [34735, SHORT, [1, 1, 0, 1, 1024, 0, 1, 1]])
  if (nodata !== undefined) tags.push([42113, ASCII, `${nodata}\0`])
  const size = { [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8, [ASCII]: 1 }
  const encode = (type, value) => {
    if (type === ASCII) return Buffer.from(value, 'latin1')
    const b = Buffer.alloc(value.length * size[type])
    value.forEach((v, k) => ({ [SHORT]: () => b.writeUInt16LE(v, 2 * k), [LONG]: () => b.writeUInt32LE(v, 4 * k), [DOUBLE]: () => b.writeDoubleLE(v, 8 * k) })[type]())
    return b
  }
  // The header, the directory, the values too long for it, the pixels
  const ifd = Buffer.alloc(2 + 12 * tags.length + 4)
  const outside = []
  let next = 8 + ifd.length
  ifd.writeUInt16LE(tags.length, 0)
  tags.forEach(([tag, type, value], k) => {
    const body = encode(type, value)
    const entry = 2 + 12 * k
    ifd.writeUInt16LE(tag, entry)
    ifd.writeUInt16LE(type, entry + 2)
    ifd.writeUInt32LE(body.length / size[type], entry + 4)
    if (body.length <= 4) return body.copy(ifd, entry + 8)
    ifd.writeUInt32LE(next, entry + 8)
    outside.push(body.length % 2 ? Buffer.concat([body, Buffer.alloc(1)]) : body)
    next += outside.at(-1).length
  })
  ifd.writeUInt32LE(next, 2 + 12 * tags.findIndex(([tag]) => tag === 273) + 8)
  return Buffer.concat([Buffer.from('II*\0'), Buffer.from([8, 0, 0, 0]), ifd, ...outside, pixels])
}

// The files of a zip, by name (stored or deflated), from its central
// directory
export function unzip(file) {
  let end = file.length - 22
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end--
  assert.ok(end >= 0, 'a zip has an end of central directory')
  const count = file.readUInt16LE(end + 10)
  let at = file.readUInt32LE(end + 16)
  const files = {}
  for (let k = 0; k < count; k++) {
    assert.equal(file.readUInt32LE(at), 0x02014b50)
    const method = file.readUInt16LE(at + 10)
    const size = file.readUInt32LE(at + 20)
    const [nameLength, extra, comment] = [28, 30, 32].map(o => file.readUInt16LE(at + o))
    const local = file.readUInt32LE(at + 42)
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28)
    const data = file.subarray(start, start + size)
    files[name] = method === 0 ? data : zlib.inflateRawSync(data)
    at += 46 + nameLength + extra + comment
  }
  return files
}

// A binary STL's triangles, and whether every edge is shared by exactly two
// of them, once each way (a closed, consistently wound solid)
export function readStl(file) {
  const count = file.readUInt32LE(80)
  assert.equal(file.length, 84 + 50 * count)
  const triangles = []
  for (let t = 0; t < count; t++) {
    const at = 84 + 50 * t + 12
    triangles.push([0, 1, 2].map(v => [0, 1, 2].map(c => file.readFloatLE(at + 12 * v + 4 * c)).join(',')))
  }
  const edges = new Map()
  for (const tri of triangles) {
    for (let k = 0; k < 3; k++) {
      const key = `${tri[k]}>${tri[(k + 1) % 3]}`
      edges.set(key, (edges.get(key) ?? 0) + 1)
    }
  }
  const open = [...edges.keys()].filter(key => {
    const [a, b] = key.split('>')
    return edges.get(key) !== 1 || edges.get(`${b}>${a}`) !== 1
  })
  return { count, open: open.length }
}
