import fs from 'node:fs'
import { serve, launch, newContext, hostPage } from '../e2e/helpers.mjs'
const AT = '/static/hydraulic-erosion/'
const SCRIPT = `<script type="module" src="${AT}element.js"></script>`
const figure = k => `<hydraulic-erosion id="f${k}" seed="${k + 1}" loading="eager"></hydraulic-erosion>`
const pages = {}
for (const n of [1, 6]) Object.assign(pages, hostPage(`/grid/${n}/`, Array.from({ length: n }, (_, k) => figure(k)).join('') + SCRIPT,
    'body { display: flex; flex-wrap: wrap } hydraulic-erosion { width: 320px }'))
const server = await serve(undefined, pages, AT)
const browser = await launch()
function procs () {
  const parents = new Map()
  for (const pid of fs.readdirSync('/proc').filter(p => /^\d+$/.test(p))) {
    try { const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])) } catch {}
  }
  const found = []
  const walk = pid => { for (const [c, p] of parents) if (p === pid) { found.push(c); walk(c) } }
  walk(process.pid)
  return found.map(pid => {
    try {
      const pss = Number(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m)[1]) / 1024
      const type = (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').match(/--type=([a-z-]+)/) ?? [, 'browser'])[1]
      return [type, pss]
    } catch { return null }
  }).filter(Boolean)
}
for (const n of [1, 6, 1, 6]) {
  const context = await newContext(browser, { viewport: { width: 1000, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/grid/${n}/`)
  await page.waitForFunction(n => Array.from({ length: n }, (_, k) => document.getElementById(`f${k}`).state()).every(s => s?.settled && s.drops > 2000), n, { timeout: 60000 })
  await page.waitForTimeout(3000)
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize / 1e6)
  const ws = page.workers()
  const wheaps = []
  for (const w of ws) wheaps.push(await w.evaluate(() => performance.memory?.usedJSHeapSize / 1e6).catch(() => -1))
  const by = {}
  for (const [t, m] of procs()) by[t] = (by[t] ?? 0) + m
  console.log(n, JSON.stringify(Object.fromEntries(Object.entries(by).map(([k, v]) => [k, Math.round(v)]))), 'page heap', heap?.toFixed(1), 'workers', ws.length, wheaps.map(x => x.toFixed(1)).join(','))
  await context.close()
}
await browser.close(); await server.close()
