// The three browser engines readers use, behind one small interface, for the
// end-to-end tests every engine must pass (engines.test.mjs):
//   - Chromium, Debian's, driven by playwright-core;
//   - Firefox ESR, Debian's, driven by puppeteer-core over WebDriver BiDi;
//   - WebKitGTK (Safari's engine), its MiniBrowser driven by WebKitWebDriver
//     over plain W3C WebDriver, in a virtual X display (Xvfb).
// `tools/setup.sh --browser` installs all three.
//
// A tab runs code in its page as text (`(fn)(arg)`, its promise awaited and
// its value back as JSON) the same way in every engine, clicks as a reader
// does (a real input event, so fullscreen and the clipboard are allowed),
// and takes screenshots of an element as base64 PNG.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import net from 'node:net'
import { createRequire } from 'node:module'
import { launch as launchChromium, REPORT_POLICY_VIOLATIONS } from '../e2e/helpers.mjs'

const require = createRequire(import.meta.url)

// HE_ENGINES=webkit (or a comma-separated list) runs the tests in those alone
export const ENGINES = process.env.HE_ENGINES?.split(',') ?? ['chromium', 'firefox', 'webkit']

const FIREFOX = '/usr/bin/firefox-esr'
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
// How long a script or a wait may take before the test fails (a busy
// machine replays links slowly)
const SCRIPT_TIMEOUT_MS = 120000

// Records the page's errors and warnings from the moment it runs: for
// WebKit, where WebDriver has no console events and no script that runs
// before the page's own, so what the page logs while it starts is not seen
const RECORD_PROBLEMS = `(() => {
  if (window.__problems) return
  const problems = window.__problems = []
  for (const [level, name] of [['error', 'error'], ['warn', 'warning']]) {
    const original = console[level]
    console[level] = (...args) => { problems.push('console.' + name + ': ' + args.join(' ')); original.apply(console, args) }
  }
  addEventListener('error', e => problems.push('page error: ' + e.message))
  addEventListener('unhandledrejection', e => problems.push('page error: ' + e.reason))
  ;(${REPORT_POLICY_VIOLATIONS})()
})()`

// A script that answers with `(fn)(arg)` once it resolves, in every engine
export const call = (fn, arg) => `(${fn})(${JSON.stringify(arg ?? null)})`
// ... and one that polls `fn(arg)` in the page until it is truthy
const poll = (fn, arg, timeout) => `(async () => {
  const f = (${fn})
  const arg = ${JSON.stringify(arg ?? null)}
  const end = performance.now() + ${timeout}
  for (;;) {
    const value = await f(arg)
    if (value) return value
    if (performance.now() > end) throw new Error('timed out waiting for ' + ${JSON.stringify(String(fn))})
    await new Promise(resolve => setTimeout(resolve, 25))
  }
})()`

// What a page looks like when a wait for it timed out, to say with the
// failure: the sketch's state (or how far it is from one), the map's note,
// and the files the page had fetched, with when each came (ms)
const PAGE_NOW = `(() => {
  const s = window.wasmBindings?.pageState?.()
  const fields = ['thread', 'settled', 'looping', 'replaying', 'drops', 'frames', 'riversOf']
  const state = s ? Object.fromEntries(fields.map(k => [k, s[k]])) : window.wasmBindings ? 'no report yet' : 'no module yet'
  const files = performance.getEntriesByType('resource').map(e => new URL(e.name).pathname.split('/').pop() + ' ' + Math.round(e.responseEnd))
  const note = document.querySelector('#sketch-holder .map-note')?.textContent
  return JSON.stringify({ now: Math.round(performance.now()), state, note, files })
})()`

// The points of a mouse drag from `from` to `to` (viewport pixels)
export const DRAG_STEPS = 20
const along = (from, to) => Array.from({ length: DRAG_STEPS }, (_, k) =>
  [0, 1].map(i => Math.round(from[i] + (to[i] - from[i]) * (k + 1) / DRAG_STEPS)))

// What every engine's tab offers on top of `evaluate(script)`; `drag`
// presses the mouse's main button at `from` and lets go at `to`
function tab({ evaluate, click, drag, screenshot, problems, close, goto, url }) {
  return {
    run: (fn, arg) => evaluate(call(fn, arg)),
    waitFor: async (fn, arg, timeout = SCRIPT_TIMEOUT_MS) => {
      try {
        return await evaluate(poll(fn, arg, timeout))
      } catch (error) {
        const page = await evaluate(PAGE_NOW).catch(e => `unreadable (${e.message})`)
        throw new Error(`${error.message}\n  the page then: ${page}\n  what it logged: ${JSON.stringify(await problems())}`)
      }
    },
    click,
    drag,
    screenshot,
    problems,
    close,
    goto,
    url
  }
}

async function chromium() {
  const browser = await launchChromium()
  return {
    version: browser.version(),
    async open(address, { width = 1100, height = 900 } = {}) {
      const context = await browser.newContext({ viewport: { width, height } })
      await context.addInitScript(REPORT_POLICY_VIOLATIONS)
      const page = await context.newPage()
      const seen = []
      page.on('pageerror', e => seen.push(`page error: ${e.message}`))
      page.on('console', m => { if (m.type() === 'error' || m.type() === 'warning') seen.push(`console.${m.type()}: ${m.text()}`) })
      await page.goto(address)
      return tab({
        evaluate: script => page.evaluate(script),
        click: selector => page.click(selector),
        drag: async (from, to) => {
          await page.mouse.move(...from)
          await page.mouse.down()
          for (const p of along(from, to)) await page.mouse.move(...p)
          await page.mouse.up()
        },
        screenshot: async selector => (await page.locator(selector).screenshot()).toString('base64'),
        problems: async () => seen,
        close: () => context.close(),
        goto: to => page.goto(to),
        url: async () => page.url()
      })
    },
    close: () => browser.close()
  }
}

async function firefox() {
  const puppeteer = require('../../tools/node_modules/puppeteer-core')
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true })
  return {
    version: await browser.version(),
    async open(address, { width = 1100, height = 900 } = {}) {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await page.setViewport({ width, height })
      page.setDefaultTimeout(SCRIPT_TIMEOUT_MS)
      await page.evaluateOnNewDocument(REPORT_POLICY_VIOLATIONS)
      const seen = []
      page.on('pageerror', e => seen.push(`page error: ${e.message}`))
      page.on('console', m => { if (m.type() === 'error' || m.type() === 'warn') seen.push(`console.${m.type() === 'warn' ? 'warning' : 'error'}: ${m.text()}`) })
      await page.goto(address)
      return tab({
        evaluate: script => page.evaluate(script),
        click: selector => page.click(selector),
        drag: async (from, to) => {
          await page.mouse.move(...from)
          await page.mouse.down()
          for (const p of along(from, to)) await page.mouse.move(...p)
          await page.mouse.up()
        },
        screenshot: async selector => (await page.$(selector)).screenshot({ encoding: 'base64' }),
        problems: async () => seen,
        close: () => context.close(),
        goto: to => page.goto(to),
        url: async () => page.url()
      })
    },
    close: () => browser.close()
  }
}

// A free loopback port, for the WebDriver server
const freePort = () => new Promise(resolve => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)) })
})

// A virtual X display of its own; Xvfb picks a free number and says which
async function virtualDisplay() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] })
  const number = await new Promise((resolve, reject) => {
    xvfb.stdio[3].once('data', d => resolve(String(d).trim()))
    xvfb.once('exit', code => reject(new Error(`Xvfb exited with ${code}`)))
  })
  return { display: `:${number}`, close: () => xvfb.kill() }
}

// How long a new WebKit session (MiniBrowser starting) may take before the
// driver is started again and asked once more: now and then it never
// answers (once in a CI run on 3 December 2026, where the same tests then
// passed on their own; fetch gave up after 300 s). It takes 1–3 s
const SESSION_START_MS = 60000

async function webkit() {
  const screen = await virtualDisplay()
  // What the driver and the browser say (a crash of its web process is
  // said there, not to WebDriver), kept to tell a crash's cause
  const folder = fs.mkdtempSync(join(os.tmpdir(), 'webkit-'))
  const said = join(folder, 'said.log')
  const log = fs.openSync(said, 'a')
  // WebKit paints with Skia on the CPU, not through GL. Here its GL is
  // Mesa's software renderer, and WebKitGTK 2.50 painting with it crashed
  // its web process beside a CPU hog in 3 of 4 runs of these tests: SIGSEGV
  // in swrast_dri.so, with a second thread of WebKit's in swrast_dri.so too
  // (core dumps read with gdb). It crashed as well in 1 of 4 runs of the
  // control tour with the sketch on the main thread, so it is not the
  // worker's doing. With CPU painting, 5 of 5 runs passed. HE_WEBKIT_GL=1
  // paints through GL again, to see whether a later WebKitGTK still crashes
  const painting = process.env.HE_WEBKIT_GL === '1' ? {} : { WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1' }
  let driver, base
  async function send(method, path, body, { timeout } = {}) {
    const signal = timeout ? AbortSignal.timeout(timeout) : undefined
    const response = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body), signal })
    const { value } = await response.json()
    if (value?.error) {
      // A crash of WebKit's web process ("WebProcess CRASHED", after
      // glibc's "malloc(): unaligned tcache chunk detected" or with none)
      // is said only in its log; WebDriver answers "page crash or hang", or
      // an "unknown error" with no message
      const words = fs.readFileSync(said, 'utf8')
      const crash = /CRASHED/.test(words) ? ` (WebKit said: ${words.trim().split('\n').slice(-4).join(' | ')})` : ''
      throw new Error(`WebDriver ${path}: ${value.error}: ${value.message}${crash}`)
    }
    return value
  }
  // The driver in a process group of its own, so that stopping it stops
  // the MiniBrowser it started too
  const stopDriver = () => { try { process.kill(-driver.pid, 'SIGKILL') } catch (e) {} }
  async function startDriver() {
    const port = await freePort()
    driver = spawn('WebKitWebDriver', [`--port=${port}`], { detached: true, stdio: ['ignore', log, log], env: { ...process.env, DISPLAY: screen.display, ...painting } })
    base = `http://127.0.0.1:${port}`
    // The driver listens a moment after it starts
    for (let tries = 0; ; tries++) {
      try { await send('GET', '/status'); break } catch (e) {
        if (tries > 100) throw e
        await new Promise(resolve => setTimeout(resolve, 50))
      }
    }
  }
  await startDriver()
  async function newSession(capabilities) {
    const asked = { capabilities: { alwaysMatch: capabilities } }
    try {
      return await send('POST', '/session', asked, { timeout: SESSION_START_MS })
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e
      console.warn(`WebKit: no session after ${SESSION_START_MS / 1000} s; the driver started again`)
      stopDriver()
      await startDriver()
      return send('POST', '/session', asked, { timeout: SESSION_START_MS })
    }
  }
  let version = ''
  return {
    get version() { return version },
    async open(address, { width = 1100, height = 900 } = {}) {
      const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } }
      const session = await newSession(capabilities)
      version = `WebKitGTK ${session.capabilities.browserVersion}`
      const at = `/session/${session.sessionId}`
      await send('POST', `${at}/timeouts`, { script: SCRIPT_TIMEOUT_MS })
      await send('POST', `${at}/window/rect`, { width, height })
      // Each answer goes back as JSON, and the page keeps the last one:
      // now and then (once in five runs beside a CPU hog) WebKitWebDriver
      // cannot read back an answer the page gave ("Could not parse script
      // result", or an "unknown error" with no message), and it is then
      // read again rather than the script run twice (the script itself
      // never fails to the driver: its errors come back in the answer)
      let calls = 0
      const evaluate = async script => {
        const call = ++calls
        const keep = `json => { window.__answer = { call: ${call}, json }; return json }`
        const asked = send('POST', `${at}/execute/async`, {
          script: `const done = arguments[0]; Promise.resolve().then(() => ${script}).then(value => ({ value }), e => ({ error: String(e && e.stack || e) })).then(JSON.stringify).then(${keep}).then(done)`,
          args: []
        })
        const json = await asked.catch(e => {
          if (!/Could not parse script result|unknown error: $/.test(e.message)) throw e
          return send('POST', `${at}/execute/async`, {
            script: `const done = arguments[0]; const read = () => window.__answer?.call === ${call} ? done(window.__answer.json) : setTimeout(read, 10); read()`,
            args: []
          })
        })
        const answer = JSON.parse(json)
        if (answer.error) throw new Error(answer.error)
        return answer.value
      }
      const element = async selector => Object.values(await send('POST', `${at}/element`, { using: 'css selector', value: selector }))[0]
      const goto = async to => { await send('POST', `${at}/url`, { url: to }); await evaluate(RECORD_PROBLEMS) }
      await goto(address)
      return tab({
        evaluate,
        click: async selector => {
          try { await send('POST', `${at}/element/${await element(selector)}/click`, {}) } catch (e) { throw new Error(`clicking ${selector}: ${e.message}`) }
        },
        // W3C WebDriver's actions: one mouse, moved a step a frame
        drag: async (from, to) => {
          const move = ([x, y], duration) => ({ type: 'pointerMove', duration, x, y, origin: 'viewport' })
          const actions = [move(from, 0), { type: 'pointerDown', button: 0 }, ...along(from, to).map(p => move(p, 16)), { type: 'pointerUp', button: 0 }]
          await send('POST', `${at}/actions`, { actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }] })
          await send('DELETE', `${at}/actions`)
        },
        screenshot: async selector => send('GET', `${at}/element/${await element(selector)}/screenshot`),
        problems: () => evaluate('window.__problems'),
        close: () => send('DELETE', at),
        goto,
        url: () => send('GET', `${at}/url`)
      })
    },
    async close() {
      stopDriver()
      screen.close()
      fs.closeSync(log)
      fs.rmSync(folder, { recursive: true, force: true })
    }
  }
}

// An engine, which also keeps its open tabs, so a test that fails half-way
// leaves none behind (WebKitWebDriver drives one at a time)
export async function launchEngine(name) {
  const engine = await { chromium, firefox, webkit }[name]()
  const open = new Set()
  return {
    name,
    get version() { return engine.version },
    async open(address, size) {
      const t = await engine.open(address, size)
      open.add(t)
      return { ...t, close: async () => { open.delete(t); await t.close() } }
    },
    async closeTabs() {
      for (const t of open) await t.close().catch(() => {})
      open.clear()
    },
    close: () => engine.close()
  }
}
