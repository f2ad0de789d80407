// "Save STL" and "Save glTF": the map as a closed solid for 3D printing and
// as a coloured glTF binary for 3D tools, from a module fetched only when a
// reader asks for one; the glb passes the Khronos glTF validator.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { serve, launch, open, state, pause, root, downloaded, rainedPast, readStl } from './helpers.mjs'

const validator = createRequire(import.meta.url)(`${root}/tools/node_modules/gltf-validator`)

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

test('save STL and save glTF download a closed solid and a valid glTF, loading their module only then', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=3')
  const fetched = []
  page.on('request', r => fetched.push(new URL(r.url()).pathname))
  await rainedPast(page, 0)
  await pause(page)
  assert.ok(!fetched.some(p => p.includes('mesh-exporter')), 'the exporter is not part of the first download')
  const { seed, drops, scheme } = await state(page)

  const [stl] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-stl')])
  assert.match(stl.suggestedFilename(), new RegExp(`^hydraulic_erosion_solid_seed${seed}_${drops}drops_\\d+\\.stl$`))
  assert.ok(fetched.some(p => p.endsWith('/mesh-exporter_bg.wasm')), 'the exporter was fetched when asked for')
  const solid = readStl(await downloaded(stl))
  // 320 × 180: two triangles a square, three a border edge (walls, base)
  assert.equal(solid.count, 2 * 319 * 179 + 3 * 2 * (319 + 179))
  assert.equal(solid.open, 0, 'every edge is shared by two triangles')

  const [gltf] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-gltf')])
  assert.match(gltf.suggestedFilename(), new RegExp(`^hydraulic_erosion_${scheme}_seed${seed}_${drops}drops_\\d+\\.glb$`))
  const glb = await downloaded(gltf)
  assert.equal(glb.subarray(0, 4).toString(), 'glTF')
  const report = await validator.validateBytes(new Uint8Array(glb))
  assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.slice(0, 5)))
  assert.equal(report.info.totalVertexCount, 320 * 180)
  assert.equal(report.info.totalTriangleCount, 2 * 319 * 179)
  assert.deepEqual(problems, [])
  await context.close()
})
