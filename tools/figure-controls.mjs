// The page's controls and look, for the figures' element: the markup of
// index.html's `.controls` (its groups, labels and hints) written into
// element.js in the place of `'controls:index.html'`, and style.css in the
// place of `'style:style.css'`, so a figure has them as the page does, at
// once (a style sheet fetched later would move what is under it), with
// nothing fetched and nothing written twice. Run by tools/post-build.mjs,
// on the built (minified) page.
import fs from 'node:fs'
import path from 'node:path'

const PLACEHOLDER = /(['"])controls:index\.html\1/
const STYLE = /(['"])style:style\.css\1/

// The element whose opening tag is at `start`, with all it holds (its own
// tag's name, nested to any depth)
function elementAt(html, start) {
  const tag = /^<([a-z]+)/.exec(html.slice(start))[1]
  const tags = new RegExp(`<(/?)${tag}[\\s>]`, 'g')
  tags.lastIndex = start
  let depth = 0
  for (let m; (m = tags.exec(html));) {
    depth += m[1] ? -1 : 1
    if (depth === 0) return html.slice(start, html.indexOf('>', m.index) + 1)
  }
  throw new Error(`figure-controls: <${tag}> at ${start} is never closed`)
}

export function writeFigureControls(dir, page = 'index.html', script = 'element.js', style = 'style.css') {
  const html = fs.readFileSync(path.join(dir, page), 'utf8')
  const opening = /<div class="?controls"?>/.exec(html)
  if (!opening) throw new Error(`figure-controls: ${page} has no <div class="controls">`)
  const file = path.join(dir, script)
  const source = fs.readFileSync(file, 'utf8')
  if (!PLACEHOLDER.test(source)) throw new Error(`figure-controls: ${script} has no 'controls:${page}'`)
  if (!STYLE.test(source)) throw new Error(`figure-controls: ${script} has no 'style:${style}'`)
  const css = fs.readFileSync(path.join(dir, style), 'utf8')
  // (a figure shows its controls at once: the page's groups, left out of
  // its document until its sketch has filled them, each in a template, are
  // not, in a figure)
  const controls = elementAt(html, opening.index).replace(/<template data-group-to-come(="")?>|<\/template>/g, '')
  fs.writeFileSync(file, source
    .replace(PLACEHOLDER, () => JSON.stringify(controls))
    .replace(STYLE, () => JSON.stringify(css)))
}
