// End-to-end tests of hosting under a strict Content-Security-Policy: the
// headers the site asks for (www/_headers), a built page with nothing written
// into it, and the page, the drop-in and a blog loading the sketch from
// another site running under the policy with no violation. (Every other
// end-to-end test runs under the policy too: serve() sends it.)
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { serve, launch, open, state, pause, root, dist, siteHeaders, dropIn, expectedThread, fetchedFiles } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// A policy's directives, by name
const directives = policy => Object.fromEntries(policy.split(';').map(d => d.trim().split(/\s+/)).filter(d => d[0]).map(([name, ...values]) => [name, values]))

test('the site asks for a strict policy, and the development server sends the same headers', () => {
  const headers = siteHeaders()
  const policy = directives(headers['content-security-policy'])
  // What a careful host asks for (issue 23), and nothing looser
  const strict = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'worker-src': ["'self'"],
    'connect-src': ["'self'"]
  }
  for (const [name, values] of Object.entries(strict)) assert.deepEqual(policy[name], values, name)
  assert.deepEqual(policy['object-src'], ["'none'"])
  assert.equal(headers['x-content-type-options'], 'nosniff')
  // Trunk.toml's [serve.headers], what tools/serve.sh sends
  const toml = fs.readFileSync(path.join(root, 'Trunk.toml'), 'utf8')
  const served = toml.slice(toml.indexOf('[serve.headers]')).split('\n').slice(1)
  const pairs = served.map(line => line.match(/^"([\w-]+)" = "(.*)"$/)).filter(Boolean)
  assert.deepEqual(Object.fromEntries(pairs.map(([, k, v]) => [k.toLowerCase(), v])), headers)
})

test('the built page writes no script or style into itself, and its start carries each file\'s hash', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const tags = name => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map(m => m[0])
  const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}=("[^"]*"|[^\\s>]+)`))?.[1].replace(/^"|"$/g, '')
  for (const tag of tags('script')) assert.ok(attribute(tag, 'src'), `a script with its own file: ${tag}`)
  assert.equal(tags('style').length, 0, 'no <style>')
  assert.doesNotMatch(html, /\sstyle=/, 'no style attribute')
  assert.doesNotMatch(html, /\son[a-z]+=/, 'no event handler attribute')
  const sri = file => `sha384-${crypto.createHash('sha384').update(fs.readFileSync(path.join(dist, file))).digest('base64')}`
  const hashed = [...tags('script'), ...tags('link')].filter(tag => attribute(tag, 'integrity'))
  const file = tag => (attribute(tag, 'src') ?? attribute(tag, 'href')).replace(/^\.\//, '')
  const files = hashed.map(file).sort()
  assert.deepEqual(tags('script').map(file), ['start.js'], 'one script, the start')
  // (and the first picture's glue, which the head preloads: its wasm's
  // preload carries no hash, which Chromium would ignore, and the fetch
  // that takes it checks it)
  assert.deepEqual(files, ['first-picture.js', 'start.js', 'style.css'])
  for (const tag of hashed) assert.equal(attribute(tag, 'integrity'), sri(file(tag)), tag)
  // The hashes start.js checks as it fetches: the wasms, and each glue, which
  // it preloads itself when it asks for its wasm (in the head, the page's
  // glue shared a phone's slow line with the first picture)
  for (const file of ['first-picture.js', 'first-picture_bg.wasm', 'hydraulic-erosion.js', 'hydraulic-erosion_bg.wasm']) {
    assert.ok(fs.readFileSync(path.join(dist, 'start.js'), 'utf8').includes(sri(file)), file)
  }
})

test('every glue imports no file of its own (its snippet is written into it): the page\'s module comes in one round trip, and a bundler may copy it anywhere', async () => {
  const modules = fs.readdirSync(dist).filter(f => f.endsWith('.js') && fs.existsSync(path.join(dist, f.replace(/\.js$/, '_bg.wasm'))))
  assert.equal(modules.length, 5, `${modules}`)
  for (const module of modules) {
    const glue = fs.readFileSync(path.join(dist, module), 'utf8')
    assert.doesNotMatch(glue, /(^|[;}\n])\s*import\s*([{*"']|[\w$]+\s*(,|from))/, `${module} has no static import`)
  }
  assert.ok(!fs.existsSync(path.join(dist, 'snippets')), 'no snippets folder')
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=24')
  const fetched = await fetchedFiles(page)
  assert.ok(fetched.find(e => e.name === 'hydraulic-erosion.js'), 'the glue was fetched')
  assert.deepEqual(fetched.filter(e => e.path.includes('/snippets/')), [])
  assert.deepEqual(problems, [])
  await context.close()
})

test('under the policy the page rains in its worker, fetches its later modules, draws 3D, saves every file and reopens its link, with no violation', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=23')
  assert.equal((await state(page)).thread, expectedThread)
  // The full build, fetched when a reader first picks the ridged terrain
  await page.selectOption('#experiment-control-terrain', 'ridged')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.settled && s.choices.terrain === 'ridged' && s.drops > 2000 })
  await page.click('#experiment-control-view-3d')
  await page.waitForFunction(() => window.wasmBindings.pageState().view === '3d')
  await page.click('#experiment-control-view-3d')
  await pause(page)
  for (const button of ['save', 'save-heightmap', 'save-maps', 'save-stl', 'save-gltf']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#experiment-control-${button}`)])
    assert.ok((await download.path()) && fs.statSync(await download.path()).size > 1000, `${button} gives a file`)
  }
  const shared = await state(page)
  const again = await open(browser, page.url())
  await again.page.waitForFunction(d => window.wasmBindings.pageState().drops === d, shared.drops)
  assert.equal((await state(again.page)).heightsHash, shared.heightsHash, 'the link reopens to the same heights')
  assert.deepEqual(problems, [])
  assert.deepEqual(again.problems, [])
  await again.context.close()
  await context.close()
})

test('a violation of the policy is seen by the tests', async () => {
  const { page, context, problems } = await open(browser, server.url + '/')
  const said = page.waitForEvent('console', m => m.text().startsWith('Content-Security-Policy'))
  await page.evaluate(() => document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.ran = true' })))
  await said
  assert.equal(await page.evaluate(() => window.ran), undefined, 'the inline script did not run')
  assert.ok(problems.some(p => p.includes('Content-Security-Policy: script-src-elem refused')), problems.join('\n'))
  await context.close()
})

test('a blog that loads the sketch from another site (a CDN) runs it in a worker under its own policy', async () => {
  const AT = '/hydraulic-erosion/'
  const cdn = await serve(undefined, {}, AT, { ...siteHeaders(), 'access-control-allow-origin': '*' })
  // What README's "Hosting" asks of such a blog
  const policy = `default-src 'self'; script-src 'self' ${cdn.url} 'wasm-unsafe-eval'; connect-src 'self' ${cdn.url}; worker-src blob: ${cdn.url}; style-src 'self'; img-src 'self' data: blob:`
  const blog = await serve(undefined, dropIn('/a-post/', `${cdn.url}${AT}`, 'width: 640px; height: 360px'), '/nothing/', { 'content-security-policy': policy })
  const { page, context, problems } = await open(browser, `${blog.url}/a-post/`)
  await page.waitForFunction(() => window.wasmBindings.pageState().drops > 0)
  assert.deepEqual(problems, [])
  assert.equal((await state(page)).thread, expectedThread)
  await context.close()
  await blog.close()
  await cdn.close()
})

test('a site whose policy forbids workers runs the sketch on the main thread, routes a big map\'s rivers there, and asks for no second worker', async () => {
  const headers = siteHeaders()
  const policy = headers['content-security-policy'].replace("worker-src 'self'", "worker-src 'none'")
  assert.notEqual(policy, headers['content-security-policy'])
  const site = await serve(undefined, {}, '/', { ...headers, 'content-security-policy': policy })
  const { page, context, problems } = await open(browser, site.url + '/?he-seed=8&he-map-size=1024x1024', { mainThread: false })
  const s = await state(page)
  assert.deepEqual([s.thread, s.grid], ['main', [1024, 1024]])
  await page.waitForFunction(from => window.wasmBindings.pageState().riversOf > from + 5000, s.drops, { timeout: 60000 })
  // The sketch's worker refused once (the browser's words and the page's
  // report of the violation); the rivers' worker never asked for
  const refusals = problems.filter(p => p.includes('worker-src'))
  assert.equal(refusals.length, 2, problems.join('\n'))
  assert.ok(refusals.every(p => p.includes('/sketch-worker.js')), problems.join('\n'))
  assert.deepEqual(problems.filter(p => !refusals.includes(p)), [
    'console.warning: hydraulic erosion: the sketch\'s worker could not start: drawing on the main thread'
  ])
  await context.close()
  await site.close()
})
