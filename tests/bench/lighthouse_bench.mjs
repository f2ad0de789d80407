// Lighthouse as a bench: its default mobile profile (a mid-range phone, the
// CPU slowed 4×, slow 4G, simulated throttling) on the page (`?he-seed=1`)
// and on a blog post with three figures, each served as a host would serve
// the release build: the site's headers (its strict policy) and gzip. Prints
// each run's scores and metrics, then the medians of RUNS runs (3 unless
// told) against the budgets below, and the largest contentful paint's
// element. Needs the release build (dist/, from `trunk build --release
// --public-url ./`); installs Lighthouse into tests/bench/lighthouse/ the
// first time (12.2.3, pinned: 13 wants Node 22).
//
//   node tests/bench/lighthouse_bench.mjs
//   RUNS=5 POSTER=1 node tests/bench/lighthouse_bench.mjs
//   ONLY=page DUMP=/tmp/lhr node tests/bench/lighthouse_bench.mjs
//
// ONLY=page (or post) runs the one; DUMP=DIR writes each run's report there
// as JSON (its network requests, its trace's timings) to see what a metric
// is made of.
//
// Exits 1 when a median misses its budget. Never part of the tests: scores
// on a shared machine are noisy.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { createRequire } from 'node:module'
import { dist, siteHeaders, hostPage } from '../e2e/helpers.mjs'

const RUNS = Number(process.env.RUNS ?? 3)
// POSTER=1 gives the post's first figure the poster "Copy embed code" would
// (the map as a PNG, made by the command line: some 700 KB at 960 × 540)
const POSTER = process.env.POSTER === '1'
const ONLY = process.env.ONLY
const DUMP = process.env.DUMP

// The budgets, for each page's medians
const BUDGETS = {
  performance: { at: 98, least: true },
  accessibility: { at: 100, least: true },
  'best-practices': { at: 100, least: true },
  'total-blocking-time': { at: 50 },
  'largest-contentful-paint': { at: 1500 },
  'cumulative-layout-shift': { at: 0 }
}
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive']

const here = path.join(path.dirname(new URL(import.meta.url).pathname), 'lighthouse')
if (!fs.existsSync(path.join(here, 'node_modules', 'lighthouse'))) {
  console.log('installing Lighthouse 12.2.3 into tests/bench/lighthouse/')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' })
}
const require = createRequire(path.join(here, 'package.json'))
const { default: lighthouse } = await import(require.resolve('lighthouse'))
const chromeLauncher = await import(require.resolve('chrome-launcher'))

// A post as a blog writes it: prose, three figures, the element's style
// sheet in its head and its script, as "Copy embed code" gives them (with
// POSTER=1, the first figure holding its poster)
const AT = '/static/hydraulic-erosion/'
const prose = 'The rain falls on the island and carves its valleys, drop by drop, as the article tells. '
const post = hostPage('/post/', `<main><h1>Rain on an island</h1>
  <p>${prose.repeat(3)}</p>
  <hydraulic-erosion seed="1">${POSTER ? `<img src="${AT}poster-1.png" alt="A map of the island of seed 1" width="960" height="540">` : ''}</hydraulic-erosion>
  <p>${prose.repeat(2)}</p>
  <hydraulic-erosion seed="2" drops="20000"></hydraulic-erosion>
  <p>${prose.repeat(2)}</p>
  <hydraulic-erosion seed="3" inertia="0.3"></hydraulic-erosion>
  <p>${prose}</p></main>
  <script type="module" src="${AT}element.js"></script>`, 'main { max-width: 40rem; margin: 0 auto; padding: 0 1rem; font: 1rem/1.5 system-ui, sans-serif }')
post['/post/'] = post['/post/'].replace('</title>', `</title><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="A blog post with three figures"><link rel="stylesheet" href="${AT}element.css">`)

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png' }
const headers = siteHeaders()
// The build at / and at AT, the post's extra pages, gzipped as a host would
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x')
  let body = post[url.pathname]
  let file = url.pathname
  if (body === undefined) {
    file = path.join(dist, decodeURIComponent(url.pathname.startsWith(AT) ? url.pathname.slice(AT.length) : url.pathname))
    if (!file.startsWith(dist)) { res.writeHead(403); return res.end() }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html')
    if (!fs.existsSync(file)) { res.writeHead(404); return res.end('not found') }
    body = fs.readFileSync(file)
  }
  const type = TYPES[path.extname(file)] ?? (post[url.pathname] ? 'text/html' : 'application/octet-stream')
  const gzip = type !== 'image/png' && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
  res.writeHead(200, { ...headers, 'content-type': type, ...(gzip && { 'content-encoding': 'gzip' }) })
  res.end(gzip ? zlib.gzipSync(body, { level: 9 }) : body)
})
await new Promise(resolve => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${server.address().port}`
// The post's poster: the first figure's picture, made by the command line
// when it is built (else the figure's box shows its background until then)
const poster = path.join(dist, 'poster-1.png')
if (POSTER && !fs.existsSync(poster)) {
  try {
    execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'hydraulic-erosion', '--', 'render', '?he-seed=1', '-o', poster, '--size', '960x540', '-q'], { stdio: 'inherit' })
  } catch { console.log('(no poster: the post\'s first figure shows its box until it draws)') }
}

const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] })
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
let missed = 0
const ADDRESSES = [['the page', `${origin}/?he-seed=1`, 'page'], ['a post with three figures', `${origin}/post/`, 'post']]
  .filter(([, , key]) => !ONLY || ONLY === key)
for (const [name, address, key] of ADDRESSES) {
  const runs = []
  for (let k = 0; k < RUNS; k++) {
    const { lhr } = await lighthouse(address, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (DUMP) {
      fs.mkdirSync(DUMP, { recursive: true })
      fs.writeFileSync(path.join(DUMP, `${key}-${k + 1}.json`), JSON.stringify(lhr))
    }
    const run = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)]))
    for (const id of METRICS) run[id] = lhr.audits[id].numericValue
    run.errors = lhr.audits['errors-in-console'].details?.items?.map(e => e.description) ?? []
    run.longTasks = (lhr.audits['long-tasks'].details?.items ?? []).map(t => `${t.url.split('/').pop() || t.url} ${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)}`)
    runs.push(run)
    console.log(`${name}, run ${k + 1}: performance ${run.performance}, accessibility ${run.accessibility}, best practices ${run['best-practices']}, SEO ${run.seo}; ` +
      METRICS.map(id => `${id} ${id === 'cumulative-layout-shift' ? run[id].toFixed(3) : run[id].toFixed(0) + ' ms'}`).join(', '))
    if (run.longTasks.length) console.log(`  long tasks (simulated): ${run.longTasks.join('; ')}`)
    if (run.errors.length) console.log(`  console errors: ${run.errors.join('; ')}`)
  }
  console.log(`${name}, medians of ${RUNS}:`)
  for (const id of [...Object.keys(runs[0]).filter(id => typeof runs[0][id] === 'number')]) {
    const value = median(runs.map(r => r[id]))
    const budget = BUDGETS[id]
    const ok = !budget || (budget.least ? value >= budget.at : value <= budget.at)
    if (!ok) missed++
    console.log(`  ${id.padEnd(26)} ${String(id === 'cumulative-layout-shift' ? value.toFixed(3) : Math.round(value)).padStart(6)}${budget ? `  budget ${budget.least ? '≥' : '≤'} ${budget.at} ${ok ? 'met' : 'MISSED'}` : ''}`)
  }
  if (runs.some(r => r.errors.length)) { missed++; console.log('  console errors: MISSED') }
}
await chrome.kill()

// The largest contentful paint's element, as Chromium reports it to the
// page (Lighthouse 12.2.3's own audit of it fails on this Chromium), on a
// phone's screen: what it is, its size and when it was painted
const { launch, newContext } = await import('../e2e/helpers.mjs')
const browser = await launch()
for (const [name, address] of ADDRESSES) {
  const context = await newContext(browser, { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.__lcp = null
    new PerformanceObserver(list => {
      const e = list.getEntries().at(-1)
      window.__lcp = { at: Math.round(e.startTime), size: e.size, element: e.element?.outerHTML.replace(/src="blob:[^"]*"/, 'src="blob:…"').slice(0, 100) ?? e.url }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  await page.goto(address)
  await page.waitForFunction(() => window.__lcp && performance.now() > 3000, null, { polling: 500 })
  const lcp = await page.evaluate(() => window.__lcp)
  console.log(`${name}: the largest contentful paint is ${lcp.element} (${lcp.size} px², ${lcp.at} ms, unthrottled)`)
  await context.close()
}
await browser.close()
server.close()
process.exit(missed ? 1 : 0)
