// The terrain erosion tutorial's code, read at run time from
// ../shared/reference/terrain-tutorial.js (never copied into this project),
// made runnable: the helpers it uses but leaves undefined are supplied as
// its text describes them (and as src/erosion/tutorial_droplet.rs writes them), and
// its functions are handed out as globals. Used by the fixture maker (in
// Node) and the tutorial bench (in Chromium).
import fs from 'node:fs'
import path from 'node:path'
import { referenceDir } from './original_sketch.mjs'

export const tutorialFile = path.join(referenceDir, 'terrain-tutorial.js')

// Noise in -1..1 from + - * and %: the same in Rust to the bit
export const FIXED_NOISE = 'function simplex2(x, z) { return (((x * 3.1 + z * 1.7) % 2) + 2) % 2 - 1 }'

const HELPERS = `
const NEIGHBORS_8 = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]]
function gradient(field, x, z) {
  const x0 = Math.floor(x), z0 = Math.floor(z)
  const fx = x - x0, fz = z - z0
  const h00 = field.get(x0, z0), h10 = field.get(x0 + 1, z0)
  const h01 = field.get(x0, z0 + 1), h11 = field.get(x0 + 1, z0 + 1)
  return { x: (h10 - h00) * (1 - fz) + (h11 - h01) * fz, z: (h01 - h00) * (1 - fx) + (h11 - h10) * fx }
}
function inBounds(field, pos) { return pos.x >= 0 && pos.x < field.size - 1 && pos.z >= 0 && pos.z < field.size - 1 }
function inBoundsXZ(field, x, z) { return x >= 0 && x < field.size && z >= 0 && z < field.size }
// (to the cells of the four that are on the map: a drop may start in the
// last row or column)
function addHeight(field, x, z, d) {
  const x0 = Math.floor(x), z0 = Math.floor(z)
  const fx = x - x0, fz = z - z0
  const shares = [[0, 0, (1 - fx) * (1 - fz)], [1, 0, fx * (1 - fz)], [0, 1, (1 - fx) * fz], [1, 1, fx * fz]]
  for (const [dx, dz, share] of shares) {
    if (x0 + dx < field.size && z0 + dz < field.size) field.data[(z0 + dz) * field.size + x0 + dx] += d * share
  }
}
`

// The one line that differs in the sketch's drop (see src/erosion/tutorial_droplet.rs):
// it digs and deposits where it left, not where it arrives
const OLD_HEIGHT = 'const oldHeight = field.sample(pos.x, pos.z);'
const DIG_HERE = 'addHeight(field, pos.x, pos.z,'

// The tutorial's source with `noise` (the source of a `simplex2` function)
// and the helpers, its functions set on `globalThis`. With `corrected`, its
// `simulateDroplet` digs where the drop left; `simulateDropletAsWritten` is
// always the drop as written.
export function tutorialSource({ noise = FIXED_NOISE, corrected = false } = {}) {
  const source = fs.readFileSync(tutorialFile, 'utf8')
  for (const anchor of ['class Heightfield', 'function simulateDroplet(', OLD_HEIGHT, DIG_HERE]) {
    if (!source.includes(anchor)) throw new Error(`${tutorialFile} has changed shape: no "${anchor}"`)
  }
  const start = source.indexOf('function simulateDroplet(')
  const end = source.indexOf('\n}\n', start) + 3
  const asWritten = source.slice(start, end)
  const digWhereItLeft = asWritten
    .replace(OLD_HEIGHT, OLD_HEIGHT + ' const left = { x: pos.x, z: pos.z };')
    .replaceAll(DIG_HERE, 'addHeight(field, left.x, left.z,')
  const renamed = asWritten.replace('function simulateDroplet(', 'function simulateDropletAsWritten(')
  const body = corrected ? source.replace(asWritten, digWhereItLeft) : source
  const names = ['Heightfield', 'fbm', 'warpedHeight', 'simulateDroplet', 'simulateDropletAsWritten', 'erode', 'thermalErosion', 'flowAccumulation']
  return `${noise}\n${HELPERS}\n${body}\n${renamed}\n${names.map(n => `globalThis.${n} = ${n}`).join('\n')}\n`
}
