// The npm package as an author gets it: the tarball tools/package.sh writes
// (never the source tree), installed offline into empty folders, described
// truly by its package.json, manifest and types, valid, and drawing the
// same map as its own page where authors put it: a Vite app (built, and
// under the dev server) and a post that loads it from another origin.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import net from 'node:net'
import { root, launch, serve, newContext, ours, siteHeaders } from '../e2e/helpers.mjs'
import { releaseVersion } from '../../tools/version.mjs'

const tools = path.join(root, 'tools/node_modules')
const require = createRequire(path.join(tools, 'x.js'))
const version = releaseVersion()
const tarball = path.join(root, 'target/package', `hydraulic-erosion-${version}.tgz`)

let work, installed, browser
const read = file => fs.readFileSync(path.join(installed, file), 'utf8')
const json = file => JSON.parse(read(file))

// An empty folder with the tarball installed in it, offline
function installInto(dir, extra = {}) {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: path.basename(dir), private: true, type: 'module', ...extra }))
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', tarball], { cwd: dir, stdio: 'pipe' })
  return path.join(dir, 'node_modules/hydraulic-erosion')
}


// A page opened, its problems (errors and warnings, page errors) recorded
async function visit(url) {
  const context = await newContext(browser, { viewport: { width: 1000, height: 800 } }, { mainThread: false })
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', e => problems.push(`page error: ${e.message}`))
  page.on('console', m => { if ((m.type() === 'error' || m.type() === 'warning') && ours(m)) problems.push(`console.${m.type()}: ${m.text()}`) })
  page.on('response', r => { if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`) })
  await page.goto(url)
  return { page, context, problems }
}

// The heights the package's own page shows for `query`, once brought back
const pageHashes = new Map()
async function pageHash(query) {
  if (!pageHashes.has(query)) {
    const site = await serve(installed, {}, '/', siteHeaders(installed))
    const { page, context, problems } = await visit(`${site.url}/?${query}`)
    await page.waitForFunction(() => { const s = window.wasmBindings?.pageState(); return s?.settled && !s.replaying && !s.looping }, null, { timeout: 120000 })
    const s = await page.evaluate(() => window.wasmBindings.pageState())
    assert.deepEqual(problems, [])
    await context.close()
    await site.close()
    pageHashes.set(query, s)
  }
  return pageHashes.get(query)
}

// The figure `#it` once its link is brought back: its state
async function figureAtRest(page) {
  await page.waitForFunction(() => { const s = document.getElementById('it')?.state(); return s?.settled && !s.replaying && !s.looping }, null, { timeout: 120000 })
  return page.evaluate(() => document.getElementById('it').state())
}

// `url`'s figure `#it` brought back, in a worker, to the heights the
// package's own page shows for its link, with nothing said amiss
async function rainsToThePagesHeights(url) {
  const { page, context, problems } = await visit(url)
  const s = await figureAtRest(page)
  const expected = await pageHash(QUERY)
  assert.deepEqual([s.heightsHash, s.drops, s.thread], [expected.heightsHash, 20000, 'worker'])
  assert.deepEqual(problems, [])
  await context.close()
}

const FIGURE = '<hydraulic-erosion id="it" seed="3" drops="20000" loading="eager"></hydraulic-erosion>'
const QUERY = 'he-seed=3&he-drops=20000'

before(async () => {
  assert.ok(fs.existsSync(tarball), `${tarball}: run tools/package.sh first`)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'he-package-'))
  installed = installInto(path.join(work, 'post'))
  browser = await launch()
})

after(async () => {
  await browser?.close()
  fs.rmSync(work, { recursive: true, force: true })
})

test('the tarball installs offline into an empty folder, as the npm pack layout with Cargo.toml\'s version', () => {
  const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n')
  assert.ok(listing.every(f => f.startsWith('package/')), 'one package/ folder inside')
  const pkg = json('package.json')
  assert.equal(pkg.name, 'hydraulic-erosion')
  assert.equal(pkg.version, version)
  assert.equal(pkg.type, 'module')
  assert.equal(pkg.license, 'MIT')
  assert.equal(pkg.exports['.'].default, './element.js')
  assert.equal(pkg.types, './hydraulic-erosion.d.ts')
  assert.equal(pkg.customElements, 'custom-elements.json')
  assert.deepEqual(pkg.sideEffects, ['./element.js', './start.js', './element.css'])
  for (const file of pkg.files) assert.ok(fs.existsSync(path.join(installed, file)), `${file} ships`)
  for (const file of listing.map(f => f.slice('package/'.length)).filter(f => f !== 'package.json')) {
    assert.ok(pkg.files.includes(file), `${file} is named in files`)
  }
  for (const target of Object.values(pkg.exports).flatMap(e => typeof e === 'string' ? [e] : Object.values(e)).filter(t => !t.includes('*'))) {
    assert.ok(fs.existsSync(path.join(installed, target)), `export ${target}`)
  }
  assert.match(read('CHANGELOG.md'), new RegExp(`^## ${version.replace(/\./g, '\\.')} `, 'm'))
  assert.match(read('LICENSE'), /MIT License/)
  assert.match(read('element.js'), new RegExp(`"${version.replace(/\./g, '\\.')}"`), 'the element carries its version')
})

test('package.json and the manifest validate against their schemas, and publint finds nothing wrong', async () => {
  const Ajv = require('ajv')
  const validate = new Ajv({ allErrors: true, strict: false }).compile(require('custom-elements-manifest/schema.json'))
  assert.ok(validate(json('custom-elements.json')), JSON.stringify(validate.errors, null, 1))
  // package.json against SchemaStore's schema, as its TypeScript types
  const check = path.join(work, 'schema')
  fs.mkdirSync(check)
  fs.writeFileSync(path.join(check, 'check.ts'), `import type { JSONSchemaForNPMPackageJsonFiles } from '@schemastore/package'\n` +
    `export const pkg = ${read('package.json').trim()} satisfies JSONSchemaForNPMPackageJsonFiles\n`)
  tsc(check, ['check.ts'], { typeRoots: [] }, path.join(tools, '@schemastore'))
  const { publint } = await import(require.resolve('publint'))
  const { messages } = await publint({ pkgDir: installed, level: 'warning', strict: true })
  assert.deepEqual(messages, [])
})

// tsc --strict over `files` in `dir`, resolving the package from `dir`'s
// node_modules (and `paths` for other type packages); its output
function tsc(dir, files, options = {}, typesFrom) {
  const config = {
    compilerOptions: {
      strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022', 'dom'], skipLibCheck: false, ...options,
      ...(typesFrom ? { paths: { '@schemastore/*': [`${typesFrom}/*`] } } : {})
    },
    files
  }
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config))
  try {
    return execFileSync(process.execPath, [path.join(tools, 'typescript/bin/tsc'), '-p', dir], { cwd: dir, encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    throw Object.assign(new Error(`tsc: ${error.stdout}${error.stderr}`), { said: `${error.stdout}${error.stderr}` })
  }
}

test('tsc --strict accepts typed use of the element and refuses a method it lacks', () => {
  const dir = path.join(work, 'post')
  fs.writeFileSync(path.join(dir, 'use.ts'), `import { HydraulicErosion } from 'hydraulic-erosion'
const figure = document.createElement('hydraulic-erosion')
const same: HydraulicErosion = figure
const hash: string | undefined = figure.state()?.heightsHash
const drops: number | undefined = figure.state()?.drops
const thread: 'main' | 'worker' | undefined = figure.state()?.thread
figure.addEventListener('change', event => { const link: string = event.detail.link; console.log(link) })
figure.play()
figure.pause()
const stroked: boolean = figure.stroke({ tool: 'raise', size: 8, points: [40, 60, 120, 80] })
const heights: Promise<Float32Array | null> = figure.heights()
const release: string = HydraulicErosion.version
console.log(same, hash, drops, thread, stroked, heights, release, figure.link)
`)
  tsc(dir, ['use.ts'])
  fs.writeFileSync(path.join(dir, 'wrong.ts'), `import 'hydraulic-erosion'
const figure = document.createElement('hydraulic-erosion')
figure.rewind(3)
figure.stroke({ tool: 'paint', points: [1, 2] })
const n: number | undefined = figure.state()?.heightsHash
`)
  let said = ''
  try { tsc(dir, ['wrong.ts']) } catch (error) { said = error.said }
  assert.match(said, /Property 'rewind' does not exist on type 'HydraulicErosion'/)
  assert.match(said, /'"paint"' is not assignable/)
  assert.match(said, /Type 'string \| undefined' is not assignable to type 'number \| undefined'/)
  // The JavaScript API's types, as wasm-bindgen wrote them
  fs.writeFileSync(path.join(dir, 'api.ts'), `import init, { Terrain } from 'hydraulic-erosion/terrain'
await init()
const t = new Terrain(42)
const steps: number = t.rain(1000)
const hash: string = t.heightsHash()
console.log(steps, hash)
`)
  // (wasm-bindgen's types name Symbol.dispose: TypeScript's esnext.disposable)
  tsc(dir, ['api.ts'], { lib: ['es2022', 'dom', 'esnext.disposable'] })
})

test('every HTML file in the package passes the Nu HTML Checker', () => {
  const pages = fs.readdirSync(installed).filter(f => f.endsWith('.html'))
  assert.ok(pages.length >= 1)
  const jar = path.join(tools, 'vnu-jar/build/dist/vnu.jar')
  const out = execFileSync('java', ['-jar', jar, '--errors-only', ...pages.map(p => path.join(installed, p))], { encoding: 'utf8', stdio: 'pipe' })
  assert.equal(out, '')
})

test('the manifest is the tables\': every slider, choice, colour scheme and toggle an attribute with its type and default, with the figure\'s own', async () => {
  const manifest = json('custom-elements.json')
  const [element] = manifest.modules[0].declarations
  assert.equal(element.tagName, 'hydraulic-erosion')
  const attributes = Object.fromEntries(element.attributes.map(a => [a.name, a]))
  for (const name of ['seed', 'drops', 'link', 'controls', 'loading', 'paused', 'scheme', 'map-size', 'ground', 'erosion', 'view']) {
    assert.ok(attributes[name], `${name} is described`)
  }
  for (const a of element.attributes) assert.ok(a.description && a.type?.text, `${a.name} has a type and a description`)
  assert.deepEqual(element.events.map(e => e.name), ['change'])
  // The tables as the package's own JavaScript API gives them, in a browser
  const site = await serve(installed, { '/tables.html': '<!doctype html><html lang="en"><title>Tables</title><link rel="icon" href="data:,"><script type="module" src="/tables.js"></script>', '/tables.js': `
    import init, { Terrain } from './hydraulic-erosion-full.js'
    await init()
    window.tables = { sliders: Terrain.sliders(), choices: Terrain.choices(), schemes: Terrain.schemes() }` }, '/', siteHeaders(installed))
  const { page, context, problems } = await visit(`${site.url}/tables.html`)
  await page.waitForFunction(() => window.tables)
  const tables = await page.evaluate(() => window.tables)
  const union = keys => keys.map(k => `'${k}'`).join(' | ')
  for (const s of tables.sliders) {
    assert.deepEqual([attributes[s.id]?.type.text, attributes[s.id]?.default], ['number', String(s.default)], s.id)
    assert.ok(attributes[s.id].description.includes(`From ${s.min} to ${s.max}`), s.id)
  }
  for (const c of tables.choices) {
    assert.deepEqual([attributes[c.name]?.type.text, attributes[c.name]?.default], [union(c.options.map(o => o.key)), `'${c.default}'`], c.name)
  }
  assert.equal(attributes.scheme.type.text, union(tables.schemes.map(s => s.key)))
  // …and every other attribute a key the link reads, or the figure's own
  const own = await page.evaluate(async () => Object.keys((await import('./element.js')).HydraulicErosion.ownAttributes))
  const tabled = new Set([...tables.sliders.map(s => s.id), ...tables.choices.map(c => c.name), 'scheme'])
  const rest = element.attributes.map(a => a.name).filter(n => !tabled.has(n) && !own.includes(n))
  assert.deepEqual(rest.sort(), ['camera', 'debug', 'drops', 'ground-fit', 'hand', 'measures', 'original', 'rivers', 't', 'trees', 'v', 'view', 'seed'].sort())
  assert.deepEqual(problems, [])
  await context.close()
  await site.close()
})

test('the manifest\'s methods, parts and custom properties are the running element\'s, and its change event carries the link', async () => {
  const [element] = json('custom-elements.json').modules[0].declarations
  const site = await serve(installed, {
    '/post.html': '<!doctype html><html lang="en"><title>A post</title><link rel="icon" href="data:,"><script type="module" src="/element.js"></script>' +
      '<hydraulic-erosion id="it" seed="4" controls="all" loading="eager"></hydraulic-erosion>'
  }, '/', siteHeaders(installed))
  const { page, context, problems } = await visit(`${site.url}/post.html`)
  await page.waitForFunction(() => document.getElementById('it').state()?.settled)
  const running = await page.evaluate(() => {
    const it = document.getElementById('it')
    const proto = Object.getPrototypeOf(it)
    const methods = Object.getOwnPropertyNames(proto).filter(n => typeof Object.getOwnPropertyDescriptor(proto, n).value === 'function' && n !== 'constructor' && !n.endsWith('Callback'))
    const parts = new Set([...it.shadowRoot.querySelectorAll('[part]')].flatMap(e => e.getAttribute('part').split(/\s+/)))
    return { methods, parts: [...parts], version: it.constructor.version, state: it.state() }
  })
  assert.deepEqual(element.members.filter(m => m.kind === 'method').map(m => m.name).sort(), running.methods.sort())
  assert.deepEqual(element.cssParts.map(p => p.name).sort(), running.parts.sort())
  const css = read('element.js') + read('style.css')
  const used = [...new Set(css.match(/--he-[\w-]+/g))]
  assert.deepEqual(element.cssProperties.map(p => p.name).sort(), used.sort())
  assert.equal(running.version, version)
  assert.equal(running.state.version, version)
  // The types name every field of state() (the sketch's table and the
  // page's own, listed in tools/package/manifest.mjs), and no other
  const types = read('hydraulic-erosion.d.ts')
  const from = types.indexOf('interface HydraulicErosionState {')
  const typed = types.slice(from, types.indexOf('\n}', from)).split('\n')
    .map(line => line.match(/^ {2}([\w]+):/)?.[1]).filter(Boolean)
  assert.deepEqual(typed.sort(), Object.keys(running.state).sort())
  const changed = page.evaluate(() => new Promise(resolve => document.getElementById('it').addEventListener('change', e => resolve(e.detail.link), { once: true })))
  await page.evaluate(() => {
    const input = document.getElementById('it').shadowRoot.getElementById('experiment-control-inertia')
    input.value = '0.2'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    input.dispatchEvent(new Event('change', { bubbles: true }))
  })
  // (inertia shapes the rain: its change is in the link's timeline)
  assert.match(await changed, /he-t=\d+i\.2/)
  assert.deepEqual(problems, [])
  await context.close()
  await site.close()
})

test('a plain post that loads element.js by a script tag from the site\'s own folder rains in a worker to the page\'s heights', async () => {
  const site = await serve(installed, {
    '/a-post/': `<!doctype html><html lang="en"><head><title>A post</title><link rel="icon" href="data:,"><script type="module" src="/static/hydraulic-erosion/element.js"></script></head><body>${FIGURE}</body></html>`
  }, '/static/hydraulic-erosion/', siteHeaders(installed))
  await rainsToThePagesHeights(`${site.url}/a-post/`)
  await site.close()
})

// A Vite app with the package installed: `import 'hydraulic-erosion'` and a figure
function viteApp(name) {
  const dir = path.join(work, name)
  installInto(dir)
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><title>A post</title><link rel="icon" href="data:,">
<script type="module" src="/main.js"></script></head><body>${FIGURE}</body></html>`)
  fs.writeFileSync(path.join(dir, 'main.js'), "import 'hydraulic-erosion'\n")
  return dir
}
const vite = path.join(tools, 'vite/bin/vite.js')

test('in a Vite app, after vite build and under the site\'s policy, a figure rains in a worker to the page\'s heights', async () => {
  const dir = viteApp('vite-build')
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'pipe' })
  const built = fs.readdirSync(path.join(dir, 'dist/assets'))
  for (const file of ['hydraulic-erosion_bg', 'sketch-worker', 'hydraulic-erosion-full_bg', 'ground-reader']) {
    assert.ok(built.some(f => f.startsWith(`${file}-`)), `vite emitted ${file}: ${built}`)
  }
  // (nor a copy of the full page, which would come without what it loads)
  assert.deepEqual(built.filter(f => f.endsWith('.html')), [])
  const site = await serve(path.join(dir, 'dist'), {}, '/', siteHeaders(installed))
  await rainsToThePagesHeights(`${site.url}/`)
  await site.close()
})

test('in a Vite app under the dev server, a figure rains in a worker to the page\'s heights', async () => {
  const dir = viteApp('vite-dev')
  const port = await new Promise(resolve => { const probe = net.createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)) }) })
  const server = spawn(process.execPath, [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  try {
    const url = await new Promise((resolve, reject) => {
      let out = ''
      const seen = chunk => {
        out += chunk
        // (its colours, where it thinks it has a terminal)
        const m = out.replace(/\x1b\[[0-9;]*m/g, '').match(/Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/)
        if (m) resolve(m[1])
      }
      server.stdout.on('data', seen)
      server.stderr.on('data', seen)
      server.on('exit', code => reject(new Error(`vite exited ${code}: ${out}`)))
    })
    await rainsToThePagesHeights(url)
  } finally {
    server.kill()
  }
})

test('a post that loads the package from another origin, under the README\'s policy for a CDN, rains in a worker to the page\'s heights', async () => {
  const cdn = await serve(installed, {}, '/hydraulic-erosion/', { ...siteHeaders(installed), 'access-control-allow-origin': '*' })
  const element = `${cdn.url}/hydraulic-erosion/element.js`
  const policy = `default-src 'self'; script-src 'self' ${cdn.url} 'wasm-unsafe-eval'; connect-src 'self' ${cdn.url}; worker-src blob: ${cdn.url}; style-src 'self'; img-src 'self' data: blob:`
  const blog = await serve(installed, {
    '/post/': `<!doctype html><html lang="en"><head><title>A post</title><link rel="icon" href="data:,"><script type="module" src="${element}"></script></head><body>${FIGURE}</body></html>`
  }, '/nothing/', { 'content-security-policy': policy })
  await rainsToThePagesHeights(`${blog.url}/post/`)
  await blog.close()
  await cdn.close()
})

test('links of every version open on the package\'s page to the heights the corpus pins', async () => {
  const corpus = fs.readFileSync(path.join(root, 'tests/fixtures/links/corpus.tsv'), 'utf8').split('\n')
    .filter(line => line && !line.startsWith('#')).map(line => line.split('\t'))
  // One of each version (the native tests open them all)
  const oneEach = [...new Map(corpus.map(([v, query, heights]) => [v, { query, heights }])).values()]
  assert.equal(oneEach.length, 4)
  for (const { query, heights } of oneEach) assert.equal((await pageHash(query)).heightsHash, heights, query)
})
