// The original sketch, read at run time from ../shared/reference/sketch.js
// (never copied into this project), with a hook that hands its inner
// functions to whoever runs it: the fixture maker (in Node) and the browser
// bench (in Chromium).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const referenceDir = process.env.HYDRAULIC_EROSION_REFERENCE || path.join(here, '../../shared/reference')

// The sketch's source with `sketch.__inside()` added: it returns the inner
// functions and buffers the tests and benchmarks call.
export function hookedSketch(file = path.join(referenceDir, 'sketch.js')) {
  const source = fs.readFileSync(file, 'utf8')
  const anchor = 'sketch.setup = () => {'
  if (!source.includes(anchor)) throw new Error(`${file} has changed shape: no "${anchor}" to hook`)
  const hook = `sketch.__inside = () => ({
    drop, fillHollows, buildRivers, drawTerrain, drawContours, buildBandColors, viewport, resetTerrain, color_sets,
    heights, water, downstream,
    useScheme: key => { color_scheme = key; buildBandColors() },
    useSeed: value => { seed = value; resetTerrain() },
    terrainImage: () => terrain_img
  })
  if (typeof window !== 'undefined' && window.__originalSketches) window.__originalSketches.push(sketch)
  `
  return source.replace(anchor, hook + anchor)
}
