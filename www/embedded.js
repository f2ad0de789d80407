// The page's first script, run before the page is first drawn (a plain
// script in its head).
//
// Framed in a blog post, the page drops its heading for a compact layout, so
// the heading never shows for a moment
if (window.top !== window.self) document.documentElement.classList.add('embedded')

// A new map (no link of ours, `he-…`, in the address) starts with the first
// picture (start.js, src/web/first_picture.rs): its module is asked for
// now, while the page is still being read, rather than once start.js runs.
// A link's page has no use for it, so it is not asked for there
if (![...new URLSearchParams(location.search).keys()].some(key => key.startsWith('he-'))) {
  // (set one by one: tools/integrity.mjs fills in every "integrity:" it
  // finds followed by a name, which a minified object's key would be)
  const glue = document.createElement('link')
  glue.rel = 'modulepreload'
  glue.href = 'first-picture.js'
  glue.integrity = 'integrity:first-picture.js'
  const wasm = document.createElement('link')
  wasm.rel = 'preload'
  wasm.href = 'first-picture_bg.wasm'
  wasm.as = 'fetch'
  wasm.type = 'application/wasm'
  wasm.crossOrigin = 'anonymous'
  document.head.append(glue, wasm)
}
