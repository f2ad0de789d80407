// <hydraulic-erosion>: the sketch as a figure in a post, as many on a page as
// the post needs, each its own map (src/web/figure.rs runs each one's
// sketch). A post loads this one file beside the build:
//
//   <script type="module" src="/static/hydraulic-erosion/element.js"></script>
//   <hydraulic-erosion seed="42" inertia="0.5" controls="inertia play restart"></hydraulic-erosion>
//
// Its attributes are a link's keys without the `he-` prefix (or one `link`
// holding a whole link's query), read by the link's own parser, so a figure
// shows the map its link shows on the full page; `ground` names a file (a
// heightmap, an elevation model) to open as its ground. The page's module and its
// wasm are fetched and compiled once for every figure on the page, and only
// when the first comes near the viewport (loading="lazy", the default); a
// figure out of view rests. Each runs its sketch in a worker of its own, so
// the figures in view share the machine's cores, and the page's main
// thread, where the reader's hand is, stays free. Everything comes from
// files of the site's own and constructed style sheets, so a strict
// Content-Security-Policy lets it run (README, "Hosting").

// The files a figure may fetch, each by its address beside this script, in
// the one form bundlers read (`new URL('./…', import.meta.url)`, literally):
// Vite copies each into its build (renamed) and rewrites the address, or
// serves it from the package under its dev server; a post served the
// folder as it is gets the address as written. The sketch's snippet and
// its workers find them by this table (src/web/snippet.rs). `?no-inline`
// keeps Vite from making a small script a `data:` address, which a
// strict policy refuses; a server ignores it
const FILES = {
  'hydraulic-erosion.js': new URL('./hydraulic-erosion.js?no-inline', import.meta.url).href,
  'hydraulic-erosion_bg.wasm': new URL('./hydraulic-erosion_bg.wasm', import.meta.url).href,
  'hydraulic-erosion-full.js': new URL('./hydraulic-erosion-full.js?no-inline', import.meta.url).href,
  'hydraulic-erosion-full_bg.wasm': new URL('./hydraulic-erosion-full_bg.wasm', import.meta.url).href,
  'heightmap-encoder.js': new URL('./heightmap-encoder.js?no-inline', import.meta.url).href,
  'heightmap-encoder_bg.wasm': new URL('./heightmap-encoder_bg.wasm', import.meta.url).href,
  'mesh-exporter.js': new URL('./mesh-exporter.js?no-inline', import.meta.url).href,
  'mesh-exporter_bg.wasm': new URL('./mesh-exporter_bg.wasm', import.meta.url).href,
  'sketch-worker.js': new URL('./sketch-worker.js?no-inline', import.meta.url).href,
  'ground-reader.js': new URL('./ground-reader.js?no-inline', import.meta.url).href
}
// (the first table set on a page stays: a post that loads the package
// twice, by a script tag and a bundle, fetches each file once)
globalThis[Symbol.for('hydraulic-erosion.files')] ??= FILES
const files = globalThis[Symbol.for('hydraulic-erosion.files')]

// The full page beside this script, which "Copy link" links to unless the
// figure's `page` says otherwise (not in the form above, which a bundler
// would copy the page by, without what it loads)
const defaultPage = () => import.meta.url.replace(/[?#].*$/, '').replace(/[^/]*$/, 'index.html')

// The release this script is (Cargo.toml's version, written in when the
// page is built)
const VERSION = 'version:Cargo.toml'

// The figure's own attributes, each with its type, default and what it
// does; the rest are the link's keys (the package's manifest,
// custom-elements.json, is made from this table and the link's), but for
// the attributes every element may carry
const OWN = {
  link: { type: 'string', description: "A whole link's query (`he-seed=42&he-drops=300000`, with or without `?`), read by the link's own parser; the map's other attributes are then not read." },
  controls: { type: 'string', default: '', description: 'The controls shown inside the figure, grouped and labelled as on the page: `all`, or names separated by spaces (a control\'s ID without `experiment-control-`, and `play`, `fullscreen`).' },
  loading: { type: "'lazy' | 'eager'", default: 'lazy', description: 'When the figure starts: `lazy` when it comes near the viewport, `eager` at once.' },
  paused: { type: 'boolean', default: false, description: 'Keeps the figure still, drawn at its drops, until it is played.' },
  page: { type: 'string', default: 'index.html beside element.js', description: 'The full page "Copy link" links to, with the figure\'s map.' },
  ground: { type: 'string', description: "A file of the site's (a heightmap PNG, a GeoTIFF, an SRTM `.hgt`) opened as the figure's ground." },
  poster: { type: 'string', description: "An image shown in the figure's box until its first frame, as an `<img>` inside the figure is (which is also what shows where scripts do not run)." }
}
const GLOBAL = /^(id|class|style|title|lang|dir|hidden|tabindex|slot|part|role|is|nonce|autofocus|inert|draggable|translate|spellcheck|contenteditable|enterkeyhint|popover|(data|aria)-.*)$/

// A control's name in `controls` is its ID without `experiment-control-`,
// and these two by what they do
const ALIASES = { play: 'pause-toggle', fullscreen: 'fullscreen-toggle' }

// The page's controls, grouped and labelled as on the page, with their
// hints, and the page's style sheet: written in here when the page is built
// (tools/figure-controls.mjs), so a figure's controls and their look come
// with it, nothing fetched
const CONTROLS = 'controls:index.html'
const STYLE = 'style:style.css'

// The figure's look, in place before anything loads, so nothing moves as
// the figure starts: the page's style sheet, and the figure's own layout
// (two sheets: a minifier would fold the two strings into one, and the
// page's could then not be written in)
const look = new CSSStyleSheet()
look.replaceSync(STYLE)
const layout = new CSSStyleSheet()
layout.replaceSync(`
:host { display: block; contain: content; }
:host([hidden]) { display: none; }
.holder { position: relative; width: 100%; aspect-ratio: var(--he-aspect-ratio, 16 / 9); background: var(--field, #f4f4f4); }
.holder:fullscreen { aspect-ratio: auto; }
.poster { position: absolute; inset: 0; z-index: 1; overflow: hidden; }
.poster[hidden] { display: none; }
.poster img, ::slotted(img) { display: block; width: 100%; height: 100%; object-fit: cover; }
`)

// The page's module, fetched and compiled once for all the figures on the page
let started = null
function pageModule () {
  started ??= (async () => {
    const wasm = fetch(new Request(files['hydraulic-erosion_bg.wasm'], { integrity: 'integrity:hydraulic-erosion_bg.wasm' }))
    // (whole, then compiled off this thread, as start.js does)
    const compiled = wasm.then(response => response.arrayBuffer()).then(bytes => WebAssembly.compile(bytes))
    const [glue, module] = await Promise.all([import(files['hydraulic-erosion.js']), compiled])
    await glue.default({ module_or_path: module })
    // (the first figure starts in a task of its own: in the one that
    // instantiated the module, the two made one of 60 to 90 ms on a
    // phone's CPU)
    await new Promise(resolve => setTimeout(resolve))
    return glue
  })()
  started.catch(() => { started = null })
  return started
}

// Figures start one at a time, each once the one before has shown its
// first frame: the first comes as soon as a figure alone would, and no task
// draws several maps at once
let turn = Promise.resolve()
const afterNextFrame = () => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve)))

// The controls a figure asked for, out of the page's: whole groups for
// `all`, else only the named ones, in their groups
function controlsFor (asked) {
  const template = document.createElement('template')
  template.innerHTML = CONTROLS
  const controls = template.content.firstElementChild
  if (!controls || asked === 'all') return controls
  const wanted = new Set(asked.split(/\s+/).filter(Boolean).map(name => ALIASES[name] ?? name))
  // The control an element belongs to, by its own ID or the one it names
  const of = element => {
    const id = element.id || element.getAttribute('for') || ''
    const name = id.replace(/^(experiment-control-|experiment-label-|hint-)/, '')
    return name === id ? element.querySelector('[id^="experiment-control-"]')?.id.replace('experiment-control-', '') : name
  }
  for (const row of [...controls.querySelectorAll('.field, .sliders > *')]) {
    if (!wanted.has(of(row))) row.remove()
  }
  for (const part of [...controls.querySelectorAll('.fold, .group')]) {
    if (!part.querySelector('[id^="experiment-control-"]')) part.remove()
  }
  return controls
}

class HydraulicErosion extends HTMLElement {
  // The release this is (`1.2.0`)
  static get version () { return VERSION }
  // The figure's own attributes, described (the link's keys are the rest)
  static get ownAttributes () { return OWN }

  #figure = null
  #glue = null
  #near = false
  #watch = null
  // Its inside: the figure, the map's holder and the controls
  #frame = document.createElement('div')
  #holder = document.createElement('div')
  #controls = document.createElement('div')
  // Over the map until its first frame: what the figure holds (its
  // fallback, an `<img>`), or its `poster`
  #poster = document.createElement('div')

  constructor () {
    super()
    const root = this.attachShadow({ mode: 'open' })
    root.adoptedStyleSheets = [look, layout]
    this.#frame.className = 'figure'
    this.#frame.setAttribute('part', 'figure')
    this.#holder.className = 'holder'
    this.#holder.setAttribute('part', 'map')
    this.#controls.setAttribute('part', 'controls')
    this.#poster.className = 'poster'
    this.#poster.setAttribute('part', 'poster')
    this.#poster.append(document.createElement('slot'))
    this.#holder.append(this.#poster)
    this.#frame.append(this.#holder, this.#controls)
    root.append(this.#frame)
    // The site's theme, for the controls (the map follows it by itself)
    const follow = () => this.#frame.classList.toggle('dark', document.documentElement.classList.contains('dark'))
    follow()
    new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    // A changed attribute is another map
    new MutationObserver(() => { if (this.#figure) this.#start() }).observe(this, { attributes: true })
  }

  // The figure's map as a link's query (`he-…`), read only
  get link () { return this.#figure?.link ?? this.query() }

  // What `pageState()` gives for the page, for this figure (null until it
  // has drawn)
  state () { return this.#figure?.state() ?? null }
  heights () { return this.#figure?.heights() ?? Promise.resolve(null) }
  play () { this.#figure?.play() }
  pause () { this.#figure?.pause() }
  restart () { this.#figure?.restart() }
  stroke (spec) { return this.#figure?.stroke(spec) ?? false }

  // The link's query its attributes make
  query () {
    const link = this.getAttribute('link')
    if (link !== null) return link.replace(/^\?/, '')
    const keys = [...this.attributes].filter(a => !Object.hasOwn(OWN, a.name) && !GLOBAL.test(a.name))
    return keys.map(a => `he-${encodeURIComponent(a.name)}=${encodeURIComponent(a.value)}`).join('&')
  }

  connectedCallback () {
    this.#showControls()
    this.#showPoster()
    if (this.getAttribute('loading') === 'eager') return this.#near || this.#come()
    this.#watch ??= new IntersectionObserver(entries => {
      if (entries.some(e => e.isIntersecting) && !this.#near) this.#come()
    }, { rootMargin: '200px 0px' })
    this.#watch.observe(this)
  }

  disconnectedCallback () {
    this.#watch?.disconnect()
    this.#watch = null
    this.#near = false
    this.#stop()
  }

  // Near the viewport: the module (once for the page), then the sketch
  async #come () {
    this.#near = true
    this.#watch?.disconnect()
    try {
      this.#glue = await pageModule()
    } catch (error) {
      this.#holder.textContent = 'The sketch could not be loaded. Reloading the page may help.'
      throw error
    }
    turn = turn.then(() => {
      if (!this.#near || this.#figure) return
      this.#start()
      return afterNextFrame()
    }).catch(error => {
      // (the figures after it still start)
      this.#holder.textContent = 'This figure could not start. Reloading the page may help.'
      console.error('hydraulic erosion:', error)
    })
  }

  // The controls it asks for, in place as soon as it is on the page (so
  // nothing moves when it starts), waiting until the sketch takes them: a
  // change made before would be undone as it starts
  #showControls () {
    const asked = this.getAttribute('controls') ?? ''
    if (this.#controls.dataset.shown === asked) return
    this.#controls.dataset.shown = asked
    this.#controls.replaceChildren(...(asked ? [controlsFor(asked)].filter(Boolean) : []))
    for (const button of this.#controls.querySelectorAll('button')) button.setAttribute('part', 'button')
    for (const control of this.#waiting()) control.disabled = true
  }

  // The poster over the map's box, from the `poster` attribute if it has
  // one, else what the figure holds
  #showPoster () {
    const address = this.getAttribute('poster')
    const image = this.#poster.querySelector('img')
    if (address && image?.getAttribute('src') !== address) {
      const poster = document.createElement('img')
      poster.src = address
      poster.alt = ''
      image ? image.replaceWith(poster) : this.#poster.prepend(poster)
    } else if (!address) {
      image?.remove()
    }
    this.#poster.hidden = false
  }

  // Takes the poster down once `figure` has drawn its first frame
  #lowerPosterOnceDrawn (figure) {
    const look = () => {
      if (this.#figure !== figure) return
      if (figure.state()) this.#poster.hidden = true
      else requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  }

  #waiting () {
    return this.#controls.querySelectorAll('[id^="experiment-control-"]')
  }

  // Starts the map its attributes describe (anew, if one runs)
  #start () {
    this.#stop()
    this.#holder.replaceChildren(this.#poster)
    this.#showControls()
    this.#showPoster()
    // (held until the sketch gives them back, wired: src/web/controls.rs)
    for (const control of this.#waiting()) {
      control.disabled = true
      control.setAttribute('data-waiting', '')
    }
    const page = this.getAttribute('page') ?? defaultPage()
    const told = link => this.dispatchEvent(new CustomEvent('change', { detail: { link } }))
    // (the canvases are made with their part: src/web/canvas.rs)
    this.#figure = new this.#glue.Figure(this.#holder, this.shadowRoot, this.query(), this.hasAttribute('paused'), page, told)
    this.#lowerPosterOnceDrawn(this.#figure)
    const ground = this.getAttribute('ground')
    if (ground) this.#openGround(ground)
  }

  // The file its `ground` attribute names, fetched and opened as its ground
  // (a new map on it, or the one its link waits for)
  async #openGround (address) {
    const figure = this.#figure
    const url = new URL(address, document.baseURI)
    const name = decodeURIComponent(url.pathname.split('/').pop() || 'ground')
    let file
    try {
      const response = await fetch(url)
      if (!response.ok) throw new Error(`the server answered ${response.status}`)
      file = new File([await response.blob()], name)
    } catch (error) {
      if (this.#figure === figure) figure.groundNotHad(`${name} could not be fetched (${error.message})`)
      return
    }
    if (this.#figure === figure) figure.openGround(file)
  }

  #stop () {
    this.#figure?.stop()
    this.#figure?.free()
    this.#figure = null
  }
}

// (once: a post may load the package twice, by a script tag and a bundle)
if (!customElements.get('hydraulic-erosion')) customElements.define('hydraulic-erosion', HydraulicErosion)

export { HydraulicErosion }
