// What the rain did: the map's layers (erosion, deposition, flow) with
// their legend, "Save maps" (a zip of 16-bit PNG maps and map.json) and
// the measures of how like real land the map is, driven only through the
// page's IDs, its link keys and its JavaScript API.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { serve, launch, open, state, pause, downloaded, rainedPast, decodePng16, canvasLook, unzip } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// The heights a link reopens to, once its replay has rained all its drops
async function replayed(page, drops) {
  await page.waitForFunction(d => { const s = window.wasmBindings.pageState(); return s.drops === d && !s.replaying }, drops)
  return state(page)
}

test('each layer changes the picture, shows its legend and comes back from a link', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=3')
  await rainedPast(page, 20000)
  await pause(page)
  const relief = await canvasLook(page)
  assert.equal(await page.isVisible('#sketch-holder .legend'), false, 'the relief needs no legend')
  for (const layer of ['erosion', 'deposition', 'flow']) {
    const before = (await state(page)).frames
    await page.selectOption('#experiment-control-layer', layer)
    await page.waitForFunction(([layer, f]) => { const s = window.wasmBindings.pageState(); return s.settled && s.choices.layer === layer && s.frames > f }, [layer, before])
    const look = await canvasLook(page)
    assert.notEqual(look.hash, relief.hash, `${layer} changes the picture`)
    const s = await state(page)
    assert.ok(s.layerTop > 0, `${layer}: its ramp has a top (${s.layerTop})`)
    const legend = await page.$eval('#sketch-holder .legend', e => ({ shown: !e.hidden, text: e.textContent, ticks: e.querySelectorAll('.legend-tick').length }))
    assert.ok(legend.shown && legend.ticks >= 2, `${layer}: a legend with its values: ${legend.text}`)
    await page.waitForFunction(layer => new URL(location.href).searchParams.get('he-layer') === layer, layer)
    const link = page.url()
    const again = await open(browser, link)
    const back = await replayed(again.page, s.drops)
    assert.equal(back.choices.layer, layer, `${layer} comes back from ${link}`)
    assert.equal(back.heightsHash, s.heightsHash)
    assert.equal(await again.page.$eval('#experiment-control-layer', e => e.value), layer)
    assert.deepEqual(again.problems, [])
    await again.context.close()
  }
  assert.deepEqual(problems, [])
  await context.close()
})

test('save maps downloads a zip of 16-bit maps and map.json whose link reopens to the same heights', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=8')
  const fetched = []
  page.on('request', r => fetched.push(new URL(r.url()).pathname))
  await rainedPast(page, 10000)
  await pause(page)
  const { seed, drops, heightsHash: made } = await state(page)
  assert.ok(!fetched.some(p => p.includes('heightmap-encoder')), 'the encoder is not part of the first download')
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-maps')])
  assert.match(download.suggestedFilename(), new RegExp(`^hydraulic_erosion_maps_seed${seed}_${drops}drops_\\d+\\.zip$`))
  const files = unzip(await downloaded(download))
  assert.deepEqual(Object.keys(files).sort(), ['deposition.png', 'erosion.png', 'flow.png', 'heightmap.png', 'map.json'])
  for (const name of ['heightmap.png', 'erosion.png', 'deposition.png', 'flow.png']) {
    const png = decodePng16(files[name])
    assert.deepEqual([png.width, png.height, png.depth, png.colour], [320, 180, 16, 0], name)
    assert.ok(Math.max(...png.levels) > 0, `${name} is not all black`)
  }
  const map = JSON.parse(files['map.json'].toString('utf8'))
  assert.deepEqual([map.seed, map.drops, map.grid], [seed, drops, [320, 180]])
  assert.equal(map.maps.length, 4)
  for (const m of map.maps) assert.ok(Number.isFinite(m.min) && m.max > m.min, `${m.file}: ${m.min}..${m.max}`)
  assert.equal(map.choices.layer, 'relief')
  const again = await open(browser, server.url + '/?' + map.link)
  assert.equal((await replayed(again.page, drops)).heightsHash, made, `map.json's link (${map.link}) gives the same heights`)
  await again.context.close()
  assert.deepEqual(problems, [])
  await context.close()
})

test('measures() gives finite numbers, its hypsometric integral that of the saved heightmap', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=1&he-measures=1')
  assert.equal(await page.isChecked('#experiment-control-measures'), true, 'the link ticks the control')
  await rainedPast(page, 30000)
  await pause(page)
  const { drops, settings } = await state(page)
  await page.waitForFunction(d => window.wasmBindings.measures().drops === d, drops)
  const m = await page.evaluate(() => window.wasmBindings.measures())
  for (const name of ['hypsometricIntegral', 'hackExponent', 'concavity', 'drainageDensity']) {
    assert.ok(Number.isFinite(m[name]), `${name}: ${m[name]}`)
  }
  assert.ok(m.hypsometricIntegral > 0 && m.hypsometricIntegral < 1)
  assert.ok(m.drainageDensity > 0 && m.drainageDensity < 1)
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#experiment-control-save-heightmap')])
  const land = decodePng16(await downloaded(download)).levels.map(l => l / 65535).filter(h => h > settings.sea_level)
  const [min, max] = [Math.min(...land), Math.max(...land)]
  const mean = land.reduce((a, b) => a + b, 0) / land.length
  const hi = (mean - min) / (max - min)
  assert.ok(Math.abs(hi - m.hypsometricIntegral) < 0.01, `from the heightmap ${hi}, measured ${m.hypsometricIntegral}`)
  // The panel over the map's corner: the picture changes when it is off
  const on = await canvasLook(page)
  const drawn = (await state(page)).frames
  await page.uncheck('#experiment-control-measures')
  // The checkbox lies a screen below the map, and the click scrolled the map
  // out of view, where the sketch rests and draws nothing (the frame came
  // only when the toggle reached the sketch before word that it was out of
  // view: beside a CPU hog it did not): in view again, it draws
  await page.$eval('#sketch-holder', e => e.scrollIntoView())
  await page.waitForFunction(f => { const s = window.wasmBindings.pageState(); return s.settled && !s.toggles.measures && s.frames > f }, drawn)
  assert.notEqual((await canvasLook(page)).hash, on.hash, 'the panel was drawn')
  assert.deepEqual(problems, [])
  await context.close()
})
