// What every engine must do, run in Chromium, Firefox and WebKit alike
// (engines.mjs): rain in a worker, every control acting, the heightmap
// download, the embeds, the 3D view or its note, and links that replay to
// the same heights in every engine, whichever engine made them.
import { test, describe, before, after, afterEach } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { serve, dropIn, hostPage, decodePng16, lookOfPng, LINK_WRITTEN, terrarium, tiff, root, unzip, png } from '../e2e/helpers.mjs'
import { ENGINES, launchEngine } from './engines.mjs'

// From a sub-path, as a blog serves it, beside posts that embed it
const AT = '/static/hydraulic-erosion/'
let server
const engines = {}
before(async () => {
  server = await serve(undefined, {
    ...dropIn('/blog/a-post/', AT, 'width: 960px; height: 540px'),
    ...hostPage('/blog/framed/', `<iframe src="${AT}index.html" width="700" height="720" title="Hydraulic erosion"></iframe>`),
    // Figures: two in view, one below the fold
    ...hostPage('/blog/figures/', `<hydraulic-erosion id="one" seed="3"></hydraulic-erosion>
      <hydraulic-erosion id="two" link="he-seed=21&he-drops=3000&he-t=1000e.5" controls="play erosion"></hydraulic-erosion>
      <div class="long"></div><hydraulic-erosion id="three" seed="7"></hydraulic-erosion>
      <script type="module" src="${AT}element.js"></script>`, 'hydraulic-erosion { width: 480px } .long { height: 3000px }'),
    // Two figures (one holding its poster) and a paragraph below them, the
    // figures' style sheet in the head and their script 300 ms late
    ...steadyPost('/blog/steady/')
  }, AT)
  for (const engine of await Promise.all(ENGINES.map(launchEngine))) engines[engine.name] = engine
})
afterEach(() => Promise.all(Object.values(engines).map(e => e.closeTabs())))
after(async () => {
  await Promise.all(Object.values(engines).map(e => e.close()))
  await server?.close()
})

const page = (query = '') => `${server.url}${AT}${query}`

// A post as "Copy embed code" gives it, its script slow to come, and a
// script of its own (its policy lets no inline one run) that records where
// the paragraph below the figures is at the first paint and every layout
// shift Chromium sees
function steadyPost(at) {
  const post = hostPage(at, `<h1>Figures</h1>
    <hydraulic-erosion seed="3"><img src="poster.png" alt="A map of the island of seed 3" width="960" height="540"></hydraulic-erosion>
    <hydraulic-erosion seed="5"></hydraulic-erosion>
    <p id="below">A paragraph below the figures.</p>
    <script src="watch.js"></script>
    <script type="module" src="${AT}element.js?late=300"></script>`)
  post[at] = post[at].replace('</title>', `</title><link rel="stylesheet" href="${AT}element.css">`)
  post[`${at}watch.js`] = `window.__shifts = 0
    if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) {
      new PerformanceObserver(list => { for (const e of list.getEntries()) window.__shifts += e.value }).observe({ type: 'layout-shift', buffered: true })
    }
    requestAnimationFrame(() => { window.__firstTop = document.getElementById('below').getBoundingClientRect().top + scrollY })`
  post[`${at}poster.png`] = png(16, 9, 2, 8, Buffer.alloc(9 * 16 * 3, 90))
  return post
}

// The sketch's state once settled (it takes in every control touched)
const state = tab => tab.waitFor(() => { const s = window.wasmBindings?.pageState(); return s?.settled && s })
const until = (tab, check, arg) => tab.waitFor(check, arg)
// A file given to Open a ground, as a reader picks it
const giveFile = (tab, name, buffer, type) => tab.run(([name, b64, type]) => {
  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0))
  const files = new DataTransfer()
  files.items.add(new File([bytes], name, { type }))
  const input = document.getElementById('experiment-control-import')
  input.files = files.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}, [name, buffer.toString('base64'), type])
// ... once the map's note says it opened
const groundOpened = (tab, name) => until(tab, name => document.querySelector('#sketch-holder .map-note').textContent.startsWith(name + ':'), name)
// A new tab whose sketch runs where it stays
async function open(engine, query, size) {
  const tab = await engines[engine].open(page(query), size)
  await state(tab)
  return tab
}

// A control moved as a reader's input would move it (the value set, then
// the events the browser sends)
const setValue = (tab, id, value) => tab.run(([id, value]) => {
  const control = document.getElementById(`experiment-control-${id}`)
  control.value = value
  control.dispatchEvent(new Event('input', { bubbles: true }))
  control.dispatchEvent(new Event('change', { bubbles: true }))
}, [id, value])

// WebKitGTK's web process now and then crashes ("WebProcess CRASHED", a
// fault inside WebKit, never seen in Chromium or Firefox): 1 run in 5 of
// the big map's test here on 6 December 2026; on 7 December once in a
// clean clone's CI, opening the 3D view's map of seed 6, and 0 times in
// 8 runs of WebKit's tests alone on the same build. Such a crash, said in
// the log, gets one more try in a fresh session, in every test WebKit
// runs; a second crash, or any other failure, fails the test
async function onceMoreIfWebKitCrashed(t, body) {
  try {
    return await body()
  } catch (error) {
    if (!engines.webkit || !/WebProcess CRASHED/.test(error.message)) throw error
    t.diagnostic(`webkit: its web process crashed; once more (${error.message.slice(0, 160)})`)
    await Promise.all(Object.values(engines).map(e => e.closeTabs()))
    return body()
  }
}
// A test of what every engine must do, given that one more try
const check = (name, body) => test(name, t => onceMoreIfWebKitCrashed(t, () => body(t)))

async function pause(tab) {
  if ((await state(tab)).looping) await tab.click('#experiment-control-pause-toggle')
  await until(tab, () => { const s = window.wasmBindings.pageState(); return s.settled && !s.looping })
  await until(tab, LINK_WRITTEN)
}

const rainedPast = (tab, drops) => until(tab, d => window.wasmBindings.pageState().drops > d, drops)

// Catches the page's downloads (a link to a blob, clicked) instead of
// letting the engine save them: their names and bytes, the same way in
// every engine
const CATCH_DOWNLOADS = () => {
  if (window.__downloads) return
  window.__downloads = []
  const blobs = new Map()
  const createObjectURL = URL.createObjectURL
  URL.createObjectURL = blob => { const url = createObjectURL(blob); blobs.set(url, blob); return url }
  HTMLAnchorElement.prototype.click = function () {
    if (this.download) window.__downloads.push({ name: this.download, blob: blobs.get(this.href) })
  }
}

// Clicks `button` and answers with the download it starts: its name, its
// size and its first bytes (enough for any header checked here), or all its
// bytes when `whole`. Megabytes of answer (an STL or glTF of the map) are
// more than WebKitWebDriver reliably hands back from a busy page
const HEAD_BYTES = 96
async function download(tab, button, { whole = false } = {}) {
  await tab.run(CATCH_DOWNLOADS)
  const before = await tab.run(() => window.__downloads.length)
  await tab.click(button)
  const { name, size, base64 } = await until(tab, async ([n, head]) => {
    const d = window.__downloads[n]
    if (!d) return null
    const bytes = new Uint8Array(await d.blob.arrayBuffer()).subarray(0, head ?? undefined)
    let text = ''
    for (let k = 0; k < bytes.length; k += 0x8000) text += String.fromCharCode(...bytes.subarray(k, k + 0x8000))
    return { name: d.name, size: d.blob.size, base64: btoa(text) }
  }, [before, whole ? null : HEAD_BYTES])
  return { name, size, bytes: Buffer.from(base64, 'base64') }
}

// Save video on a map of seed 12 rewound to 2,500 drops: the WebM file
// where the engine encodes video where the sketch runs, else the note
// saying it cannot (and its one warning)
async function saveVideo(tab, engine) {
  await tab.run(CATCH_DOWNLOADS)
  await tab.click('#experiment-control-save-video')
  const outcome = await until(tab, async () => {
    const d = window.__downloads[0]
    if (d) return { name: d.name, head: [...new Uint8Array(await d.blob.arrayBuffer()).subarray(0, 4)] }
    const note = document.getElementById('experiment-control-save-video').textContent
    return /^No video: /.test(note) && { note }
  })
  if (outcome.name) {
    assert.match(outcome.name, /^hydraulic_erosion_\w+_seed12_2500drops_\d+\.webm$/)
    assert.deepEqual(outcome.head, [0x1a, 0x45, 0xdf, 0xa3], `${engine}: a WebM file`)
    assert.deepEqual(await tab.problems(), [])
  } else {
    console.log(`# ${engine}: ${outcome.note}`)
    const problems = await tab.problems()
    assert.equal(problems.length, 1, problems.join('; '))
    assert.match(problems[0], /no video: /)
  }
}

// Every slider of our page, by the key the sketch's state gives it
const key = id => id.replaceAll('-', '_')
// The choices, each by its key in the state (the colour scheme has its own)
const TOGGLES = { rivers: 'rivers', original: 'original', 'debug-mode': 'debug', trees: 'trees', measures: 'measures' }

for (const engine of ENGINES) {
  describe(engine, () => {
    check('it rains in its worker, the map drawn, with no errors', async () => {
      const tab = await open(engine)
      const first = await state(tab)
      assert.equal(first.thread, 'worker')
      await rainedPast(tab, first.drops)
      // The worker's frames reach the page's canvas when the engine next
      // composites it, which a busy machine can put off (WebKitGTK beside
      // a CPU hog screenshotted a blank canvas, 2 colours, after 1,000
      // drops): the map is looked at until it is on screen
      let look
      for (let tries = 0; tries < 40; tries++) {
        look = await tab.run(lookOfPng, await tab.screenshot('#sketch-holder canvas:not(.view-3d)'))
        if (look.colours > 1000) break
      }
      assert.ok(look.colours > 1000, `the map is drawn (${look.colours} colours)`)
      assert.deepEqual(await tab.problems(), [])
      await tab.close()
    })

    check('a big map\'s rivers follow the rain, routed beside the sketch (or, where no worker starts there, over its frames)', async t => {
      const tab = await open(engine, '?he-seed=8&he-map-size=1024x1024')
      const { drops: from, thread } = await state(tab)
      await until(tab, from => window.wasmBindings.pageState().riversOf > from + 5000, from)
      // A sketch's worker that never says it is ready (seen now and then in
      // Firefox here, cause unknown: docs/performance.md) is failed after
      // 10 s, and the map drawn on the main thread, with the pool's warning
      const fellBack = ['console.warning: hydraulic erosion: the sketch\'s worker could not start: drawing on the main thread']
      const problems = await tab.problems()
      if (thread === 'main' && problems.length) {
        t.diagnostic(`${engine}: the sketch's worker did not start; drawn on the main thread`)
        assert.deepEqual(problems, fellBack)
      } else {
        assert.deepEqual(problems, [])
      }
      await tab.close()
    })

    check('every slider, choice, toggle and button acts on the sketch', async () => {
      const tab = await open(engine)
      await pause(tab)

      // Sliders: each to an end of its range, the label and the engine
      // following; the ones a terrain leaves unused, once that terrain is on
      // (the rewind, a range over the drops, has its own test)
      const sliders = await tab.run(() => [...document.querySelectorAll('input[type=range][id^=experiment-control-]')].map(e => e.id.slice(19)).filter(id => id !== 'rewind'))
      assert.equal(sliders.length, 17)
      const moved = new Set()
      for (const terrain of ['island', 'warped', 'ridged', 'diamond-square']) {
        await setValue(tab, 'terrain', terrain)
        await until(tab, t => window.wasmBindings.pageState().choices.terrain === t, terrain)
        for (const id of sliders.filter(id => !moved.has(id))) {
          const [min, max, value, disabled] = await tab.run(id => {
            const e = document.getElementById(`experiment-control-${id}`)
            return [e.min, e.max, e.value, e.disabled]
          }, id)
          if (disabled) continue
          const to = value === max ? min : max
          await setValue(tab, id, to)
          assert.equal((await state(tab)).settings[key(id)], Number(to), `${engine}: the engine's ${id}`)
          assert.equal(await tab.run(id => document.getElementById(`experiment-label-${id}`).textContent, id), to, `${engine}: ${id}'s label`)
          moved.add(id)
        }
      }
      assert.deepEqual(sliders.filter(id => !moved.has(id)), [], 'sliders no terrain uses')

      // Choices: every option of every select (but how a file's colours
      // are read, the page's own, tried with Open a ground below)
      const selects = await tab.run(() => [...document.querySelectorAll('select[id^=experiment-control-]')].map(e => [e.id.slice(19), [...e.options].map(o => o.value)]))
      assert.equal(selects.length, 8)
      for (const [id, options] of selects.filter(([id]) => id !== 'import-encoding')) {
        for (const option of options) {
          await setValue(tab, id, option)
          const s = await state(tab)
          assert.equal(id === 'color-scheme' ? s.scheme : s.choices[id], option, `${engine}: ${id} ${option}`)
        }
      }

      // Open a ground: a Terrarium tile given to the file control, read as
      // Terrarium, becomes the map; a terrain picked leaves it
      const give = (name, buffer, type) => giveFile(tab, name, buffer, type)
      const noteSays = name => groundOpened(tab, name)
      await setValue(tab, 'import-encoding', 'terrarium')
      await give('ridge.png', terrarium(1500), 'image/png')
      await until(tab, () => window.wasmBindings.pageState().ground === 'file')
      assert.deepEqual((await state(tab)).grid, [96, 64], `${engine}: the tile's cells`)
      assert.match(await tab.run(() => document.querySelector('#sketch-holder .map-note').textContent), /^ridge\.png: Terrarium PNG 96 × 64/)
      // A GeoTIFF of float metres with sea below 0 m, and a real place's
      await setValue(tab, 'import-encoding', 'auto')
      const metres = Array.from({ length: 64 * 48 }, (_, k) => 900 * (1 - (k % 64) / 63) - 100)
      await give('sea.tif', tiff(64, 48, metres, { cellMetres: 30, nodata: -9999 }), 'image/tiff')
      await noteSays('sea.tif')
      const sea = await tab.run(async () => {
        const s = window.wasmBindings.pageState()
        return Array.from(await window.wasmBindings.pageHeights()).filter(h => h < s.settings.sea_level).length
      })
      assert.equal(sea, metres.filter(m => m <= 0).length, `${engine}: the sea is where the model is below 0 m`)
      const crater = 'mount-st-helens-2004-10-04.tif'
      await give(crater, fs.readFileSync(path.join(root, 'tests/fixtures/grounds', crater)), 'image/tiff')
      await noteSays(crater)
      assert.deepEqual((await state(tab)).grid, [303, 442], `${engine}: the crater's cells`)
      // A real island in its sea: Kauaʻi's SRTM tile, 8.7 % of it land
      const island = 'N22W160.hgt'
      await give(island, unzip(fs.readFileSync(path.join(root, 'tests/fixtures/grounds/N22W160.hgt.zip')))[island], 'application/octet-stream')
      await noteSays(island)
      assert.deepEqual((await state(tab)).grid, [1201, 1201], `${engine}: the tile's cells`)
      const under = await tab.run(async () => {
        const s = window.wasmBindings.pageState()
        const heights = await window.wasmBindings.pageHeights()
        return heights.filter(h => h < s.settings.sea_level).length / heights.length
      })
      assert.ok(under > 0.85 && under < 0.95, `${engine}: ${under} of Kauaʻi's tile under the sea`)
      await setValue(tab, 'terrain', 'island')
      await until(tab, () => window.wasmBindings.pageState().ground === 'made')

      // Toggles, on and off again
      for (const [id, name] of Object.entries(TOGGLES)) {
        const was = (await state(tab)).toggles[name]
        await tab.click(`#experiment-control-${id}`)
        assert.equal((await state(tab)).toggles[name], !was, `${engine}: ${id}`)
        await tab.click(`#experiment-control-${id}`)
        assert.equal((await state(tab)).toggles[name], was, `${engine}: ${id} back`)
      }

      // Buttons: play and pause, restart, the seed typed or rolled
      await tab.click('#experiment-control-pause-toggle')
      await rainedPast(tab, 0)
      await pause(tab)
      await tab.click('#experiment-control-restart')
      await until(tab, () => window.wasmBindings.pageState().drops === 0)
      await setValue(tab, 'seed', '1234')
      await until(tab, () => window.wasmBindings.pageState().seed === 1234)
      await tab.click('#experiment-control-new-seed')
      const rolled = await until(tab, () => { const s = window.wasmBindings.pageState().seed; return s !== 1234 && String(s) })
      assert.equal(await tab.run(() => document.getElementById('experiment-control-seed').value), rolled)

      // Copy link: copied, or shown where the clipboard is not allowed
      await tab.click('#experiment-control-share')
      const shared = await until(tab, () => {
        const text = document.getElementById('experiment-control-share').textContent
        const shown = document.querySelector('input.he-share-link')
        return text.startsWith('Link copied') ? location.href : shown?.value
      })
      assert.equal(shared, await tab.url())
      assert.equal(new URL(shared).searchParams.get('he-seed'), rolled)
      // Fullscreen, and back
      await tab.click('#experiment-control-fullscreen-toggle')
      await until(tab, () => document.fullscreenElement?.id === 'sketch-holder')
      // The controls are out of sight in fullscreen: the reader leaves it
      // with Escape, which only the browser sees
      await tab.run(() => document.exitFullscreen())
      await until(tab, () => document.fullscreenElement === null)

      // Saves: the picture, the STL solid and the glTF mesh (the heightmap
      // has its own test)
      const { seed, drops } = await state(tab)
      // Copy embed code: the figure's tag of this map holding its poster,
      // with its script (what is copied seen on its way to the clipboard,
      // which not every engine lets a page read back), and the poster saved
      // as the tag names it
      await tab.run(() => {
        const clipboard = navigator.clipboard
        const write = clipboard?.writeText
        if (write) clipboard.writeText = text => { window.__copied = text; return write.call(clipboard, text) }
      })
      const poster = await download(tab, '#experiment-control-embed')
      assert.equal(poster.name, `hydraulic_erosion_seed${seed}_${drops}drops_poster.png`)
      assert.equal(poster.bytes.subarray(1, 4).toString(), 'PNG')
      const code = await until(tab, () => {
        const button = document.getElementById('experiment-control-embed')
        if (button.textContent === 'Embed code copied') return window.__copied
        return document.querySelector('#experiment-control-embed + input.he-share-link')?.value
      })
      // (the style sheet first, which holds each figure's box before the script runs)
      assert.match(code, new RegExp(`\n<link rel="stylesheet" href="[^"]+/element\\.css">\n<script type="module" src="[^"]+/element\\.js"></script>\n<hydraulic-erosion v="3" seed="${rolled}"[^>]*><img src="${poster.name}" alt="A map of the island of seed ${rolled} after`))
      const png = await download(tab, '#experiment-control-save')
      assert.match(png.name, new RegExp(`^hydraulic_erosion_\\w+_seed${seed}_${drops}drops_\\d+\\.png$`))
      assert.equal(png.bytes.subarray(1, 4).toString(), 'PNG')
      const stl = await download(tab, '#experiment-control-save-stl')
      assert.match(stl.name, /\.stl$/)
      assert.equal(stl.bytes.readUInt32LE(80) * 50 + 84, stl.size, 'a binary STL, its triangles all there')
      const glb = await download(tab, '#experiment-control-save-gltf')
      assert.match(glb.name, /\.glb$/)
      assert.equal(glb.bytes.subarray(0, 4).toString(), 'glTF')
      assert.equal(glb.bytes.readUInt32LE(8), glb.size)

      assert.deepEqual(await tab.problems(), [])
      await tab.close()
    })

    check('undo, redo and the rewind give back the maps before, and the time-lapse is a WebM file or a note', async () => {
      const tab = await open(engine, '?he-seed=12&he-drops=6000')
      const start = await until(tab, () => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && s.drops === 6000 && s })
      await setValue(tab, 'inertia', '0.5')
      await until(tab, () => window.wasmBindings.pageState().undo === 1)
      // The buttons are below the map: a click that scrolls to them leaves
      // the map out of view, where the sketch rests; look at it again
      const look = () => tab.run(() => document.getElementById('sketch-holder').scrollIntoView())
      await tab.click('#experiment-control-undo')
      await look()
      const undone = await until(tab, () => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && s.redo === 1 && s })
      assert.equal(undone.heightsHash, start.heightsHash, `${engine}: undo gives back the heights`)
      assert.equal(await tab.run(() => document.getElementById('experiment-control-inertia').value), String(start.settings.inertia))
      await tab.click('#experiment-control-redo')
      await look()
      await until(tab, () => window.wasmBindings.pageState().settings.inertia === 0.5)
      await setValue(tab, 'rewind', '2500')
      const rewound = await until(tab, () => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && s.drops === 2500 && s })
      await until(tab, LINK_WRITTEN)
      // A WebM file where the engine encodes video where the sketch runs,
      // else a note saying it cannot. Not in WebKitGTK here: its first call
      // to WebCodecs (even VideoEncoder.isConfigSupported, on the main
      // thread too) aborts its web process inside GStreamer
      // ("gst_register_core_elements: code should not be reached"), before
      // any of the page's code could answer
      if (engine !== 'webkit') await saveVideo(tab, engine)
      // The same map, by its link (WebKit's driver holds one tab at a time)
      const link = new URL(await tab.url()).search
      await tab.close()
      const again = await open(engine, link)
      const reopened = await until(again, () => { const s = window.wasmBindings.pageState(); return s.settled && !s.replaying && s.drops === 2500 && s })
      assert.equal(reopened.heightsHash, rewound.heightsHash, `${engine}: the rewound map's link`)
      await again.close()
    })

    check('the 3D view turns and resets where WebGL2 is, and where it is not the map stays 2D with a note', async () => {
      const tab = await open(engine, '?he-seed=6')
      const webgl2 = await tab.run(() => !!document.createElement('canvas').getContext('webgl2'))
      await tab.click('#experiment-control-view-3d')
      // The click may scroll the map out of view, where the sketch rests
      // and draws nothing: look at it, as the reader would
      await tab.run(() => document.getElementById('sketch-holder').scrollIntoView())
      if (webgl2) {
        await until(tab, () => window.wasmBindings.pageState().view === '3d')
        await tab.run(() => document.querySelector('canvas.view-3d').dispatchEvent(new WheelEvent('wheel', { deltaY: 400, bubbles: true, cancelable: true })))
        await until(tab, () => window.wasmBindings.pageState().camera.distance > 1.05)
        await tab.click('#experiment-control-reset-view')
        await until(tab, () => window.wasmBindings.pageState().camera.distance === 1.05)
        assert.deepEqual(await tab.problems(), [])
      } else {
        await until(tab, () => { const note = document.querySelector('.map-note'); return note && !note.hidden && /WebGL2/.test(note.textContent) })
        const s = await state(tab)
        assert.equal(s.view, '2d')
        assert.equal(await tab.run(() => document.getElementById('experiment-control-view-3d').checked), false)
        assert.deepEqual(await tab.problems(), ['console.warning: hydraulic erosion: no 3D view: no WebGL2'])
      }
      await tab.close()
    })

    check('save heightmap holds the engine\'s heights to the level, and opens back to the same heights hash', async () => {
      const tab = await open(engine)
      await rainedPast(tab, 0)
      await pause(tab)
      const { seed, drops } = await state(tab)
      const heights = await tab.run(async () => Array.from(await window.wasmBindings.pageHeights()))
      const file = await download(tab, '#experiment-control-save-heightmap', { whole: true })
      assert.match(file.name, new RegExp(`^hydraulic_erosion_heightmap_seed${seed}_${drops}drops_\\d+\\.png$`))
      const png = decodePng16(file.bytes)
      assert.deepEqual([png.width, png.height, png.depth, png.colour], [320, 180, 16, 0])
      const wrong = png.levels.filter((l, k) => l !== Math.round(Math.min(1, Math.max(0, heights[k])) * 65535)).length
      assert.equal(wrong, 0, `${wrong} levels differ from the engine's heights`)
      // Opened, saved again and opened: the same heights hash, to the bit
      await giveFile(tab, 'saved.png', file.bytes, 'image/png')
      await groundOpened(tab, 'saved.png')
      const opened = await state(tab)
      await giveFile(tab, 'saved again.png', (await download(tab, '#experiment-control-save-heightmap', { whole: true })).bytes, 'image/png')
      await groundOpened(tab, 'saved again.png')
      const again = await state(tab)
      assert.deepEqual([again.ground, again.grid, again.heightsHash], ['file', [320, 180], opened.heightsHash])
      assert.deepEqual(await tab.problems(), [])
      await tab.close()
    })

    check('the drop-in in a blog post and the page in an <iframe> draw and rain', async () => {
      const post = await engines[engine].open(`${server.url}/blog/a-post/`, { width: 1200, height: 900 })
      await until(post, () => window.wasmBindings?.pageState()?.frames > 2 && window.wasmBindings.pageState().settled)
      await until(post, () => window.wasmBindings.pageState().drops > 0)
      assert.deepEqual(await post.run(() => { const c = document.querySelector('#sketch-holder canvas'); return [c.clientWidth, c.clientHeight] }), [960, 540])
      await post.click('#experiment-control-pause-toggle')
      await until(post, () => window.wasmBindings.pageState().looping === false)
      assert.deepEqual(await post.problems(), [])
      await post.close()

      const framed = await engines[engine].open(`${server.url}/blog/framed/`, { width: 900, height: 900 })
      const inside = () => document.querySelector('iframe').contentWindow
      await until(framed, `() => (${inside})().wasmBindings?.pageState()?.frames > 1 && (${inside})().wasmBindings.pageState().drops > 0`)
      assert.equal(await framed.run(`() => (${inside})().document.documentElement.classList.contains('embedded')`), true)
      assert.deepEqual(await framed.problems(), [])
      await framed.close()
    })

    check('a post that links the figures\' style sheet does not move as its figures load, their script 300 ms late', async () => {
      const post = await engines[engine].open(`${server.url}/blog/steady/`, { width: 390, height: 844 })
      const drawn = () => [...document.querySelectorAll('hydraulic-erosion')].every(f => f.state()?.frames > 0)
      await until(post, drawn)
      const { first, now, shifts, height } = await post.run(() => ({
        first: window.__firstTop,
        now: document.getElementById('below').getBoundingClientRect().top + scrollY,
        shifts: window.__shifts,
        height: document.querySelector('hydraulic-erosion').getBoundingClientRect().height
      }))
      assert.ok(first > 2 * height, `the paragraph below two figures' boxes at the first paint: ${first} px`)
      assert.equal(now, first, 'the paragraph where it was at the first paint')
      if (engine === 'chromium') assert.equal(shifts, 0, 'no layout shift at all (Layout Instability API)')
      assert.deepEqual(await post.problems(), [])
      await post.close()
    })

    check('figures in a post rain in view and rest out of it, each its own map, nothing moving as they load, and give their link\'s map to the bit', async () => {
      const post = await engines[engine].open(`${server.url}/blog/figures/`, { width: 1000, height: 900 })
      const figure = id => document.getElementById(id).state()
      // Where the figures' boxes are on the post, before and after they load
      const boxes = () => post.run(() => [...document.querySelectorAll('hydraulic-erosion')].map(f => {
        const r = f.getBoundingClientRect()
        return [r.top + window.scrollY, r.height]
      }))
      const before = await boxes()
      await until(post, `() => [${figure}][0]('one')?.settled && [${figure}][0]('one').drops > 0`)
      await until(post, `() => { const s = [${figure}][0]('two'); return s?.settled && !s.replaying }`)
      const two = await post.run(`() => [${figure}][0]('two')`)
      assert.deepEqual([two.drops, two.looping, two.settings.erosion, two.thread], [3000, false, 0.5, 'worker'])
      assert.equal(await post.run(`() => [${figure}][0]('three')`), null, 'below the fold: not started')
      // Its own play button, in its shadow root, plays it alone
      await post.run(() => document.getElementById('two').shadowRoot.getElementById('experiment-control-pause-toggle').click())
      await until(post, `() => [${figure}][0]('two').looping`)
      assert.equal(await post.run(`() => [${figure}][0]('one').seed`), 3)
      assert.deepEqual(await boxes(), before, 'nothing moved as the figures loaded')
      assert.equal(before[0][1], 270, '16:9 of 480 px before anything loaded')
      // Scrolled down: the figure coming into view starts, those leaving rest
      await post.run(() => document.getElementById('three').scrollIntoView())
      await until(post, `() => [${figure}][0]('three')?.settled && [${figure}][0]('one').resting`)
      const rested = (await post.run(`() => [${figure}][0]('one')`)).drops
      await new Promise(resolve => setTimeout(resolve, 500))
      assert.equal((await post.run(`() => [${figure}][0]('one')`)).drops, rested, 'no drop falls out of view')
      assert.deepEqual(await post.problems(), [])
      await post.close()
      // The same link on the full page: the same heights
      const full = await open(engine, '?he-seed=21&he-drops=3000&he-t=1000e.5')
      await until(full, () => !window.wasmBindings.pageState().replaying)
      assert.equal((await state(full)).heightsHash, two.heightsHash)
      await full.close()
    })
  })
}

check('a link made in any engine replays to the same heights in every engine', async () => {
  const links = []
  for (const [k, engine] of ENGINES.entries()) {
    const tab = await open(engine, `?he-seed=${500 + k}`)
    await pause(tab)
    await setValue(tab, 'erosion', '0.45')
    await setValue(tab, 'inertia', String(0.1 + k / 100))
    await setValue(tab, 'sea-level', '0.3')
    await tab.click('#experiment-control-pause-toggle')
    // A stroke by mouse while it rains: kept in the link
    await setValue(tab, 'tool', 'raise')
    await tab.waitFor(() => window.wasmBindings.pageState().choices.tool === 'raise')
    const cell = await tab.run(([x, y]) => {
      const r = document.querySelector('#sketch-holder canvas:not(.view-3d)').getBoundingClientRect()
      const scale = Math.max(r.width / 319, r.height / 179)
      return [Math.round(r.left + (r.width - 319 * scale) / 2 + x * scale), Math.round(r.top + (r.height - 179 * scale) / 2 + y * scale)]
    }, [90, 80])
    await tab.drag(cell, [cell[0] + 200, cell[1] + 40])
    await tab.waitFor(() => window.wasmBindings.history().at(-1)?.change === 'stroke')
    await rainedPast(tab, 3000)
    await pause(tab)
    const made = await state(tab)
    assert.match(await tab.url(), /he-hand=/, `a stroke in ${engine}`)
    links.push({ engine, made, url: await tab.url() })
    await tab.close()
  }
  for (const { engine: maker, made, url } of links) {
    for (const engine of ENGINES) {
      const tab = await engines[engine].open(url)
      const got = await until(tab, () => { const s = window.wasmBindings?.pageState(); return s?.settled && !s.replaying && s })
      assert.equal(got.heightsHash, made.heightsHash, `made in ${maker}, opened in ${engine}`)
      assert.equal(got.drops, made.drops)
      assert.deepEqual(got.settings, made.settings)
      await tab.close()
    }
  }
})
