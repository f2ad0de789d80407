// The page's glue imports the snippets wasm-bindgen writes beside it
// (`snippets/<crate>/inlineN.js`), so a browser asks for them only once the
// glue has come: a second round trip before the sketch can start (on a link
// with 150 ms of latency, emulated in Chromium, the first frame came 155 ms
// later). Each is named in the page's head with a `<link rel="modulepreload">`,
// so it is fetched beside the glue, its hash checked. Run by
// tools/post-build.mjs, before the hashes are written.
import fs from 'node:fs'
import path from 'node:path'

const SNIPPET = /from\s*["']\.\/(snippets\/[\w./-]+\.js)["']/g

export function preloadSnippets(dir, glue, page) {
  const imported = new Set([...fs.readFileSync(path.join(dir, glue), 'utf8').matchAll(SNIPPET)].map(m => m[1]))
  const links = [...imported].map(s => `<link rel="modulepreload" href="./${s}" integrity="integrity:${s}">`).join('')
  const file = path.join(dir, page)
  const html = fs.readFileSync(file, 'utf8')
  if (!html.includes('</head>')) throw new Error(`${page} has no </head> to put the snippets' preloads before`)
  fs.writeFileSync(file, html.replace('</head>', `${links}</head>`))
}
