// The package's description of `<hydraulic-erosion>`, made from what it is
// made of, never kept by hand: `custom-elements.json` (a Custom Elements
// Manifest, schema 2.1) and `hydraulic-erosion.d.ts` (its types).
//
// - Its attributes: the figure's own (element.js's table, read from the
//   element itself) and every key a link may hold (`facts.linkKeys`, from
//   src/share/link_keys.rs and the settings' tables, by
//   src/bin/package_facts.rs), described by the page's hints for the
//   controls (www/index.html) where a table's row has one.
// - `state()`'s fields: `pageState()`'s, from src/sketch/status.rs's table
//   (`facts.state`) and the page's own.
// - Its properties, methods, event, parts and custom properties: the lists
//   below, which tests/package holds to the element that runs.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const TAG = 'hydraulic-erosion'

// What the element offers scripts besides its attributes
export const MEMBERS = [
  { kind: 'field', name: 'version', static: true, readonly: true, type: 'string', description: 'The release this element is (`Cargo.toml`\'s version).' },
  { kind: 'field', name: 'link', readonly: true, type: 'string', description: 'The figure\'s map as a link\'s query (`he-v=3&he-seed=42&…`): what "Copy link" gives, without the page.' },
  { kind: 'method', name: 'state', return: 'HydraulicErosionState | null', description: 'The figure\'s state as of its latest frame (what `pageState()` gives for the page), or `null` until it has drawn.' },
  { kind: 'method', name: 'heights', return: 'Promise<Float32Array | null>', description: 'Its heights now, row by row, `cols × rows` (`state().grid`); `null` before it runs.' },
  { kind: 'method', name: 'play', return: 'void', description: 'Rains, if it does not.' },
  { kind: 'method', name: 'pause', return: 'void', description: 'Stops the rain, keeping the map.' },
  { kind: 'method', name: 'restart', return: 'void', description: 'The same map again, from its first drop.' },
  { kind: 'method', name: 'stroke', parameters: [{ name: 'spec', type: 'HydraulicErosionStroke' }], return: 'boolean', description: 'Draws a stroke of the hand\'s tool as a reader does by hand; false, and nothing done, when the figure does not run or `spec` is no stroke.' },
  { kind: 'method', name: 'query', return: 'string', description: 'The link\'s query its attributes make.' }
]

export const EVENTS = [
  { name: 'change', type: 'CustomEvent<{ link: string }>', description: 'The reader changed the map (a control, a stroke, undo): `detail.link` is its link\'s query now.' }
]

export const CSS_PARTS = [
  { name: 'figure', description: 'The figure: the map and its controls.' },
  { name: 'map', description: 'The map\'s box (16:9 of its width, or `--he-aspect-ratio`).' },
  { name: 'canvas', description: 'The canvases the map is drawn on.' },
  { name: 'controls', description: 'The controls the `controls` attribute asked for.' },
  { name: 'poster', description: 'Over the map\'s box until its first frame: the figure\'s `poster`, or what it holds.' },
  { name: 'button', description: 'Each of the controls\' buttons.' }
]

export const CSS_PROPERTIES = [
  { name: '--he-accent', description: 'The controls\' accent colour.' },
  { name: '--he-background', description: 'The controls\' background.' },
  { name: '--he-font', description: 'The controls\' font.' },
  { name: '--he-aspect-ratio', default: '16 / 9', description: 'The map\'s box: its width over its height.' }
]

// The page's own fields of `state()`, beside the sketch's (src/web/page.rs)
const PAGE_STATE = [
  ['resting', 'boolean'], ['thread', "'main' | 'worker'"], ['settled', 'boolean'], ['version', 'string']
]

// The element's module, imported in Node with the little of a browser its
// top level touches, for its own table of attributes
export async function elementClass(script) {
  const stubs = {
    HTMLElement: class {},
    CSSStyleSheet: class { replaceSync () {} },
    customElements: { get: () => undefined, define: () => {} }
  }
  const saved = Object.fromEntries(Object.keys(stubs).map(name => [name, globalThis[name]]))
  Object.assign(globalThis, stubs)
  try {
    return (await import(`${pathToFileURL(script).href}?manifest`)).HydraulicErosion
  } finally {
    Object.assign(globalThis, saved)
  }
}

// The hints of the page's controls by their names (`erosion`, `view-3d`)
export function hints(html) {
  const text = s => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim()
  return Object.fromEntries([...html.matchAll(/id="hint-([\w-]+)">([^<]*)</g)].map(m => [m[1], text(m[2])]))
}

// The names `controls` takes: the page's controls' IDs without the prefix
// (the two it also knows by what they do, `play` and `fullscreen`, its own
// description names)
export function controlNames(html) {
  return [...html.matchAll(/id="experiment-control-([\w-]+)"/g)].map(m => m[1])
}

const quoted = value => typeof value === 'string' ? `'${value}'` : String(value)

// Every attribute: the figure's own, then the link's keys (but for one
// the figure takes for itself: `ground` opens a file, the link's names one)
export function attributes(own, facts, html) {
  const hint = hints(html)
  const names = controlNames(html)
  const ownAttributes = Object.entries(own).map(([name, a]) => ({
    name,
    type: { text: a.type },
    ...(a.default === undefined ? {} : { default: quoted(a.default) }),
    description: name === 'controls' ? `${a.description} The names: ${names.join(', ')}.` : a.description
  }))
  const byControl = { scheme: 'color-scheme' }
  const keys = facts.linkKeys.filter(key => !Object.hasOwn(own, key.name)).map(key => {
    const said = hint[key.control ?? byControl[key.name] ?? key.name]
    const range = key.min === undefined ? '' : ` From ${key.min} to ${key.max}, in steps of ${key.step}.`
    const description = key.description || `${key.label}: ${said ?? key.label}.${range}`
    if (!description.trim()) throw new Error(`manifest: the link's key ${key.name} has no description`)
    return {
      name: key.name,
      type: { text: key.type },
      ...(key.default === undefined ? {} : { default: quoted(key.default) }),
      description
    }
  })
  return [...ownAttributes, ...keys]
}

export function manifest({ own, facts, html }) {
  const member = m => ({
    kind: m.kind,
    name: m.name,
    ...(m.static ? { static: true } : {}),
    ...(m.readonly ? { readonly: true } : {}),
    ...(m.type ? { type: { text: m.type } } : {}),
    ...(m.parameters ? { parameters: m.parameters.map(p => ({ name: p.name, type: { text: p.type } })) } : {}),
    ...(m.return ? { return: { type: { text: m.return } } } : {}),
    description: m.description,
    privacy: 'public'
  })
  const declaration = { name: 'HydraulicErosion', module: 'element.js' }
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [{
      kind: 'javascript-module',
      path: 'element.js',
      declarations: [{
        kind: 'class',
        name: 'HydraulicErosion',
        tagName: TAG,
        customElement: true,
        summary: 'Raindrops carving valleys into a noise island: a map of hydraulic erosion, as a figure in a post.',
        description: 'Each figure is its own map, the one its link shows on the full page, raining in a worker. Its attributes are a link\'s keys without `he-`, or one `link`.',
        superclass: { name: 'HTMLElement', package: 'global:' },
        attributes: attributes(own, facts, html),
        members: MEMBERS.map(member),
        events: EVENTS.map(e => ({ name: e.name, type: { text: e.type }, description: e.description })),
        cssParts: CSS_PARTS,
        cssProperties: CSS_PROPERTIES,
        slots: [{ name: '', description: 'The figure\'s fallback, an `<img>` of its map with words in `alt`: shown where scripts do not run, and in the map\'s box until its first frame.' }]
      }],
      exports: [
        { kind: 'js', name: 'HydraulicErosion', declaration },
        { kind: 'custom-element-definition', name: TAG, declaration }
      ]
    }]
  }
}

// The element's types, from the same facts
export function types({ facts }) {
  const doc = text => `  /** ${text.replace(/\*\//g, '* /')} */\n`
  const state = [...facts.state.map(f => [f.name, f.type]), ...PAGE_STATE]
  const fields = state.map(([name, type]) => `  ${/-/.test(name) ? `'${name}'` : name}: ${type}`).join('\n')
  const tools = facts.linkKeys.find(k => k.name === 'tool').type.split(' | ').filter(t => t !== "'none'").join(' | ')
  const methods = MEMBERS.filter(m => m.kind === 'method').map(m => {
    const parameters = (m.parameters ?? []).map(p => `${p.name}: ${p.type}`).join(', ')
    return `${doc(m.description)}  ${m.name}(${parameters}): ${m.return}\n`
  }).join('')
  return `// The types of <${TAG}> (element.js), written with the package from the
// tables it is made of (tools/package/manifest.mjs): version ${facts.version}.

/** What \`state()\` gives: the figure's state as of its latest frame. */
export interface HydraulicErosionState {
${fields}
}

/** A stroke of the hand's tool, as \`stroke()\` takes it: points in cells of the map. */
export interface HydraulicErosionStroke {
  tool: ${tools}
  /** The tool's size, as its slider takes it (left out, the slider's value). */
  size?: number
  /** The tool's strength, as its slider takes it (left out, the slider's value). */
  strength?: number
  /** x0, y0, x1, y1, …: at least one point. */
  points: ArrayLike<number>
}

/** The element's own attributes, described (\`HydraulicErosion.ownAttributes\`). */
export interface HydraulicErosionAttribute {
  type: string
  default?: string | boolean
  description: string
}

export interface HydraulicErosionEventMap extends HTMLElementEventMap {
${EVENTS.map(e => `${doc(e.description)}  ${e.name}: ${e.type}`).join('\n')}
}

/** \`<${TAG}>\`: a map of hydraulic erosion as a figure in a post. */
export class HydraulicErosion extends HTMLElement {
${doc(MEMBERS[0].description)}  static readonly version: string
  /** The figure's own attributes, described; the rest are a link's keys. */
  static readonly ownAttributes: Readonly<Record<string, HydraulicErosionAttribute>>
${doc(MEMBERS[1].description)}  readonly link: string
${methods}  addEventListener<K extends keyof HydraulicErosionEventMap>(type: K, listener: (this: HydraulicErosion, event: HydraulicErosionEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof HydraulicErosionEventMap>(type: K, listener: (this: HydraulicErosion, event: HydraulicErosionEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

declare global {
  interface HTMLElementTagNameMap {
    '${TAG}': HydraulicErosion
  }
}
`
}

// node tools/package/manifest.mjs FACTS ELEMENT PAGE OUT_DIR
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [factsFile, script, page, out] = process.argv.slice(2)
  const facts = JSON.parse(fs.readFileSync(factsFile, 'utf8'))
  const element = await elementClass(script)
  if (element.version !== facts.version) throw new Error(`manifest: element.js is ${element.version}, the crate ${facts.version}`)
  const input = { own: element.ownAttributes, facts, html: fs.readFileSync(page, 'utf8') }
  fs.writeFileSync(path.join(out, 'custom-elements.json'), JSON.stringify(manifest(input), null, 2) + '\n')
  fs.writeFileSync(path.join(out, 'hydraulic-erosion.d.ts'), types(input))
}
