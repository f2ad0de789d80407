// Starts the sketch: first the first picture's module, which draws the
// article's map once, then the page's module, which takes the holder over
// from it and runs the sketch, each fetched with its integrity checked (the
// hashes are written by tools/integrity.mjs when the page is built). A file
// of the site's own rather than a script written into the page, so a strict
// Content-Security-Policy (`script-src 'self'`) lets it run. A blog post can
// load this very file to start the sketch on its own markup (README,
// "Embedding in a blog post").
//
// Each wasm is fetched and compiled while its glue and the snippets it
// imports are still on their way: the glue is imported afterwards, not
// statically, which would hold this script back until all of them had come.
//
// On a slow network the modules take seconds to come: meanwhile the holder
// says so and the controls wait (a change made now would be undone when the
// sketch starts and sets them), and a module that cannot be had says why.
// The page's module is asked for once the first picture is drawn, so the
// two do not share a slow line; the picture is under half its size.
//
// On the page, its tag holds the first paint until it has run
// (`blocking="render"`, Trunk.toml), so what it changes never shows changing;
// and it runs as soon as it comes (`async`), in a task of its own rather than
// in the one that ends the page's parsing.

// (so it may come before the parser has read the page: what it does to the
// page waits for that)
if (document.readyState === 'loading') await new Promise(resolve => document.addEventListener('DOMContentLoaded', resolve, { once: true }))

// Framed in a blog post, the page drops its heading for a compact layout.
// Only a page that has one says so (ours, `data-compact-when-framed`): a
// post that starts the sketch on its own markup keeps its classes
const root = document.documentElement
if (window.top !== window.self && root.hasAttribute('data-compact-when-framed')) root.classList.add('embedded')

// The holder's note, styled here so a blog post's markup gets it without the
// page's stylesheet (which only tones its colour)
const holder = document.getElementById('sketch-holder')
const note = document.createElement('p')
note.className = 'sketch-note'
const NOTE_STYLE = 'margin: 0; height: 100%; padding: 1em; box-sizing: border-box; display: flex; align-items: center; justify-content: center; text-align: center'
note.style.cssText = NOTE_STYLE
const say = (role, text) => {
  note.setAttribute('role', role)
  note.textContent = text
  if (holder && !note.isConnected) holder.append(note)
}
say('status', 'Loading the sketch…')

// Every control the sketch will wire that a reader could change now, held
// until the sketch gives it back (`data-waiting`: src/web/controls.rs), those
// of the groups the page leaves out of its document until the sketch has
// filled them among them (`<template data-group-to-come>`, and the later
// parts of the larger groups, each a template inside its group's)
const CONTROLS = '[id^="experiment-control-"]'
const parts = [document]
for (const part of parts) parts.push(...[...part.querySelectorAll('template[data-group-to-come]')].map(group => group.content))
const waiting = parts.flatMap(part => [...part.querySelectorAll(CONTROLS)])
  .filter(control => control.disabled === false)
for (const control of waiting) {
  control.disabled = true
  control.setAttribute('data-waiting', '')
}

// Why the module could not be had, in a reader's words (and the host's: which
// file). A fetch that checks a file's hash fails alike for a missing file, a
// changed one and a lost network; asking the server again, unchecked, tells
// them apart
const files = [new URL('./hydraulic-erosion_bg.wasm', import.meta.url), new URL('./hydraulic-erosion.js', import.meta.url)]
async function why(error) {
  if (typeof WebAssembly !== 'object') return 'this browser does not run WebAssembly'
  if (error instanceof WebAssembly.CompileError) return 'this browser could not compile it'
  for (const file of files) {
    const answer = await fetch(file, { method: 'HEAD', cache: 'no-store' }).catch(() => null)
    if (!answer) return 'the download failed'
    if (!answer.ok) return `the server answered ${answer.status} ${answer.statusText} for ${file.pathname.split('/').pop()}`
  }
  return 'the files on the server are not the ones this page was built with'
}

// A module's glue, imported, and its wasm, compiled: a promise of both. The
// glue is preloaded here, with its hash, `checked`, for the import to take
function load(glue, request, checked) {
  // (set one by one: tools/integrity.mjs fills in every "integrity:" it
  // finds followed by a name, which a minified object's key would be)
  const preload = document.createElement('link')
  preload.rel = 'modulepreload'
  preload.href = glue.href
  preload.integrity = checked
  document.head.append(preload)
  // Whole, then compiled: `compileStreaming` reads the wasm as it comes
  // on this thread, and a body that comes at once (a near server, the
  // cache) was read in one task (traced under a phone's CPU: 108 ms, 54 of
  // them reading the page's wasm); V8 compiles whole bytes on threads of
  // its own
  const compiled = fetch(request).then(response => response.arrayBuffer()).then(bytes => WebAssembly.compile(bytes))
  return Promise.all([import(glue.href), compiled])
}
// The first picture is a new map's: an address with a link of ours (a
// shared map, which the page brings back over many frames, or one only the
// full build draws) goes straight to the page's module. A seed alone is a
// new map's
const linked = [...new URLSearchParams(location.search).keys()].some(key => key.startsWith('he-') && key !== 'he-seed')
const pictureWasm = new Request(new URL('./first-picture_bg.wasm', import.meta.url), { integrity: 'integrity:first-picture_bg.wasm' })
const picture = linked ? null : load(new URL('./first-picture.js', import.meta.url), pictureWasm, 'integrity:first-picture.js')
// The page's head asks for the picture's wasm before this script comes (a
// preload): a link's page takes it all the same, as a preload never taken
// is a warning in the console
if (linked && document.querySelector('link[rel=preload][href$="first-picture_bg.wasm"]')) fetch(pictureWasm).catch(() => {})

// (the next frame's paint; in a tab in the background, which paints
// nothing, a moment later)
const painted = () => new Promise(resolve => { requestAnimationFrame(() => setTimeout(resolve)); setTimeout(resolve, 250) })

// Over the map's corner while the first picture shows: in a box of no
// height after the map, which places it there without a style on the
// holder (a blog post's own markup may not place what is over it)
const corner = document.createElement('div')
corner.style.cssText = 'position: relative; height: 0'
function overTheMap() {
  note.className = 'sketch-note map-note'
  note.style.cssText = 'position: absolute; left: 8px; bottom: 8px; margin: 0; max-width: calc(100% - 32px)'
  corner.append(note)
  holder.append(corner)
}
function takeNoteDown() {
  note.remove()
  corner.remove()
}

// The first picture, in place of the note, which then says the rest is on
// its way. It is drawn in a worker running the picture's module (the
// sketch's worker script, which runs whichever module it is given), so
// this thread stays free for the reader, and shown as an image: the page's
// largest paint. Not essential: where it cannot be drawn, the page's module
// draws the map when it comes.
//
// The worker is started at once, so its script and the picture's glue come
// while the wasm does; it is given the compiled module once that is here,
// and answers with the picture (a PNG), or fails. One that has not answered
// within 10 s of being given the module is let go
const ANSWER_WITHIN_MS = 10000
let pictureWorker = null
let pictureAnswer = Promise.reject(new Error('no worker'))
pictureAnswer.catch(() => {})
if (picture) try {
  const worker = new Worker(new URL('./sketch-worker.js', import.meta.url), { type: 'module' })
  pictureAnswer = new Promise((resolve, reject) => {
    worker.onmessage = event => event.data instanceof Blob ? resolve(event.data) : event.data !== 'ready' && reject(new Error(String(event.data)))
    worker.onerror = event => reject(new Error(`its worker stopped: ${event.message || 'no worker'}`))
  })
  pictureAnswer.catch(() => {}).finally(() => worker.terminate())
  worker.postMessage({ glue: 'first-picture' })
  pictureWorker = worker
} catch {}
function drawnInWorker(module, plan) {
  if (!pictureWorker) return pictureAnswer
  pictureWorker.postMessage({ module, letter: plan })
  let timer
  const late = new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error('its worker did not answer')), ANSWER_WITHIN_MS) })
  return Promise.race([pictureAnswer, late]).finally(() => clearTimeout(timer))
}
if (picture) {
  let glue
  try {
    let module
    [glue, module] = await picture
    await glue.default({ module_or_path: module })
    // (out of the holder while the picture measures it)
    note.remove()
    const plan = glue.firstPicture()
    if (!plan) pictureWorker?.terminate()
    if (plan) {
      overTheMap()
      say('status', 'Loading the sketch…')
      const drawn = await drawnInWorker(module, plan).catch(error => {
        // (where no worker can draw it, drawn here: the map at once)
        if (!glue.drawPictureHere(plan)) throw error
      })
      if (drawn) {
        const image = new Image()
        image.src = URL.createObjectURL(drawn)
        await image.decode()
        if (!glue.showPicture(image.src)) throw new Error('its place in the holder is gone')
      }
    }
    say('status', plan ? 'Loading the rest of the sketch…' : 'Loading the sketch…')
    // (the page's module is asked for once the picture is on screen: a
    // frame after the one that drew it, whose paint is then no longer on
    // its way, so the reader's first sight of the map shares the line with
    // nothing after it)
    if (plan) { await painted(); await painted() }
  } catch (error) {
    pictureWorker?.terminate()
    console.warn('hydraulic erosion: the first picture could not be drawn (the sketch draws the map when it comes):', error)
    glue?.takeDownPicture?.()
    takeNoteDown()
    note.className = 'sketch-note'
    note.style.cssText = NOTE_STYLE
    say('status', 'Loading the sketch…')
  }
}

// The page's module, asked for once the first picture is drawn (or could
// not be): on a slow line the two do not share it, and on a fast one its
// compiling does not hold the picture back
let bindings, module
try {
  [bindings, module] = await load(files[1], new Request(files[0], { integrity: 'integrity:hydraulic-erosion_bg.wasm' }), 'integrity:hydraulic-erosion.js')
} catch (error) {
  say('alert', `The sketch could not be loaded: ${await why(error)}. Reloading the page may help.`)
  throw error
}
// The sketch takes the holder in this same task (its canvases made, the
// first picture left over them until they are drawn), so no frame shows
// the holder empty; it starts in the next tasks, and gives the controls
// back once they are wired (src/web/page.rs)
takeNoteDown()
try {
  await bindings.default({ module_or_path: module })
} catch (error) {
  // (over the first picture's corner, if it is still there)
  if (note.classList.contains('map-note')) overTheMap()
  say('alert', 'The sketch stopped as it started. Reloading the page may help.')
  throw error
}
// The JavaScript API for host pages and tests (README, "The JavaScript API")
window.wasmBindings = bindings
