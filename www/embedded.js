// The page's first script, run before the page is first drawn (a plain
// script in its head).
//
// Framed in a blog post, the page drops its heading for a compact layout, so
// the heading never shows for a moment
if (window.top !== window.self) document.documentElement.classList.add('embedded')

// The first wasm the page needs is asked for now, while the page is still
// being read, rather than once start.js runs: for a new map (no link of
// ours, `he-…`, in the address) the first picture's (start.js,
// src/web/first_picture.rs), with its glue; for a link, which has no use
// for the picture, the page's own (in a block: a plain script's names
// would be the page's globals)
{
  const link = (rel, href) => Object.assign(document.createElement('link'), { rel, href })
  const wasm = href => Object.assign(link('preload', href), { as: 'fetch', type: 'application/wasm', crossOrigin: 'anonymous' })
  if ([...new URLSearchParams(location.search).keys()].some(key => key.startsWith('he-'))) {
    document.head.append(wasm('hydraulic-erosion_bg.wasm'))
  } else {
    const glue = link('modulepreload', 'first-picture.js')
    // (set on its own: tools/integrity.mjs fills in every "integrity:" it
    // finds followed by a name, which a minified object's key would be)
    glue.integrity = 'integrity:first-picture.js'
    document.head.append(glue, wasm('first-picture_bg.wasm'))
  }
}
