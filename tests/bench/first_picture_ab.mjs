// Two or more builds of the page compared by when a new map's first picture
// shows: loads take turns between the builds, so a machine that slows down
// or speeds up meanwhile slows both alike, and the medians are compared.
// Each build is a copy of dist/ (say, the build before a change copied
// aside, and the build after it), served under the site's headers.
//
//   node tests/bench/first_picture_ab.mjs <build> <build> [...]   (LOADS=21)
//
// QUERY='?he-seed=3' opens a link instead: the map is then seen at the
// page's first frame (there is no first picture for a link).
//
// Prints, for each build, the medians of the map seen and the first paint
// (ms after navigation) and when every load saw the map. Never part of the
// tests (timings).
import { serve, launch, newContext, markFirstPictureSeen, firstPaint } from '../e2e/helpers.mjs'

const builds = process.argv.slice(2)
if (builds.length < 2) throw new Error('give two builds or more: copies of dist/')
const LOADS = Number(process.env.LOADS || 21)
const QUERY = process.env.QUERY ?? ''

const servers = await Promise.all(builds.map(build => serve(build)))
const browser = await launch()
const seen = builds.map(() => [])
const painted = builds.map(() => [])
for (let k = 0; k < LOADS; k++) {
  for (const [b, server] of servers.entries()) {
    const context = await newContext(browser, { viewport: { width: 1100, height: 900 } })
    const page = await context.newPage()
    await page.addInitScript(markFirstPictureSeen)
    await page.goto(server.url + '/' + QUERY)
    // Left alone rather than polled: polling runs script on the main thread
    await new Promise(resolve => setTimeout(resolve, 2000))
    const load = { seen: await page.evaluate(() => window.__seen), painted: await firstPaint(page) }
    if (load.seen === undefined) throw new Error(`${builds[b]}: no map seen within 2 s`)
    seen[b].push(load.seen)
    painted[b].push(load.painted)
    await context.close()
  }
}
await browser.close()
for (const server of servers) await server.close()

const median = values => [...values].sort((a, b) => a - b)[values.length >> 1]
const ms = t => t.toFixed(0)
for (const [b, build] of builds.entries()) {
  console.log(`${build}: map seen ${ms(median(seen[b]))} ms, first paint ${ms(median(painted[b]))} ms (medians of ${LOADS})`)
  console.log(`  seen: ${seen[b].map(ms).join(' ')}`)
}
