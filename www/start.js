// Starts the sketch: the page's module and its wasm, fetched with their
// integrity checked (the hashes are written by tools/integrity.mjs when the
// page is built). A file of the site's own rather than a script written into
// the page, so a strict Content-Security-Policy (`script-src 'self'`) lets it
// run. A blog post can load this very file to start the sketch on its own
// markup (README, "Embedding in a blog post").
//
// The wasm is compiled as it arrives, while the glue and the snippets it
// imports are still on their way: the glue is imported afterwards, not
// statically, which would hold this script back until all of them had come.
//
// On a slow network the module takes seconds to come: meanwhile the holder
// says so and the controls wait (a change made now would be undone when the
// sketch starts and sets them), and a module that cannot be had says why.

// The holder's note, styled here so a blog post's markup gets it without the
// page's stylesheet (which only tones its colour)
const holder = document.getElementById('sketch-holder')
const note = document.createElement('p')
note.className = 'sketch-note'
note.style.cssText = 'margin: 0; height: 100%; padding: 1em; box-sizing: border-box; display: flex; align-items: center; justify-content: center; text-align: center'
const say = (role, text) => {
  note.setAttribute('role', role)
  note.textContent = text
  if (holder && !note.isConnected) holder.append(note)
}
say('status', 'Loading the sketch…')

// Every control the sketch will wire that a reader could change now
const waiting = [...document.querySelectorAll('[id^="experiment-control-"]')].filter(control => control.disabled === false)
for (const control of waiting) control.disabled = true

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

let bindings, module
try {
  const wasm = new Request(files[0], { integrity: 'integrity:hydraulic-erosion_bg.wasm' })
  const compiled = fetch(wasm).then(response => WebAssembly.compileStreaming(response.clone())
    // (a server that does not say it is wasm)
    .catch(() => response.arrayBuffer().then(bytes => WebAssembly.compile(bytes))));
  [bindings, module] = await Promise.all([import(files[1].href), compiled])
} catch (error) {
  say('alert', `The sketch could not be loaded: ${await why(error)}. Reloading the page may help.`)
  throw error
}
// The sketch takes the holder and the controls in this same task, so no
// frame shows the holder empty
note.remove()
for (const control of waiting) control.disabled = false
try {
  await bindings.default({ module_or_path: module })
} catch (error) {
  say('alert', 'The sketch stopped as it started. Reloading the page may help.')
  throw error
}
// The JavaScript API for host pages and tests (README, "The JavaScript API")
window.wasmBindings = bindings
