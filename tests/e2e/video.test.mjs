// Save video: a WebM time-lapse of the rain, filmed where the sketch runs
// and encoded with WebCodecs, that an ordinary decoder (ffprobe) reads as
// VP8 or VP9 with a positive duration and at least 100 frames; and a
// second click cancels it. Driven only through the page's IDs.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { serve, launch, open, state, pause, downloaded } from './helpers.mjs'

let server, browser
before(async () => { server = await serve(); browser = await launch() })
after(async () => { await browser?.close(); await server?.close() })

// What ffprobe says of a video file's one stream
function probe(file) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries',
    'stream=codec_name,width,height,nb_read_frames:format=duration,format_name', '-of', 'json', file])
  const { streams: [stream], format } = JSON.parse(out)
  return { ...stream, duration: Number(format.duration), format: format.format_name }
}

test('the time-lapse downloads as a WebM file an ordinary decoder reads', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4&he-drops=20000&he-scheme=topographic')
  await page.waitForFunction(() => { const s = window.wasmBindings.pageState(); return s.drops === 20000 && !s.replaying })
  const s = await state(page)
  const started = Date.now()
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120000 }),
    page.click('#experiment-control-save-video')
  ])
  const seconds = (Date.now() - started) / 1000
  assert.match(download.suggestedFilename(), /^hydraulic_erosion_topographic_seed4_20000drops_\d+\.webm$/)
  const file = await downloaded(download)
  assert.deepEqual([...file.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'the EBML signature')
  const where = path.join(os.tmpdir(), `he-video-${process.pid}.webm`)
  fs.writeFileSync(where, file)
  const video = probe(where)
  fs.rmSync(where)
  assert.ok(['vp8', 'vp9'].includes(video.codec_name), video.codec_name)
  assert.ok(video.duration > 9 && video.duration < 11, `${video.duration} s`)
  assert.ok(Number(video.nb_read_frames) >= 100, `${video.nb_read_frames} frames`)
  const [width, height] = s.canvas
  assert.equal(video.width, Math.min(width, 1280) & ~1)
  console.log(`# video: ${file.length} bytes, ${video.codec_name} ${video.width}×${video.height}, ${video.nb_read_frames} frames, filmed and encoded in ${seconds.toFixed(1)} s`)
  await page.waitForFunction(() => document.getElementById('experiment-control-save-video').textContent === 'Save video')
  assert.equal((await state(page)).drops, 20000, 'the sketch is where it was')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a second click cancels the time-lapse, and the sketch rains on meanwhile', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4')
  let downloads = 0
  page.on('download', () => downloads++)
  await page.click('#experiment-control-save-video')
  await page.waitForFunction(() => /Filming [1-9]/.test(document.getElementById('experiment-control-save-video').textContent))
  // The button is at the foot of the page: back up to the map, which
  // rests while it is out of view
  await page.evaluate(() => window.scrollTo(0, 0))
  const drops = (await state(page)).drops
  await page.waitForFunction(d => window.wasmBindings.pageState().drops > d + 1000, drops)
  await page.click('#experiment-control-save-video')
  await page.waitForFunction(() => document.getElementById('experiment-control-save-video').textContent === 'Save video')
  await pause(page)
  assert.equal(downloads, 0, 'nothing saved')
  assert.deepEqual(problems, [])
  await context.close()
})

test('a switch to the full build while filming says the video is cut short, and the button is back', async () => {
  const { page, context, problems } = await open(browser, server.url + '/?he-seed=4')
  await page.click('#experiment-control-save-video')
  await page.waitForFunction(() => /Filming [1-9]/.test(document.getElementById('experiment-control-save-video').textContent))
  await page.selectOption('#experiment-control-terrain', 'ridged')
  await page.waitForFunction(() => /^No video: the map moved/.test(document.getElementById('experiment-control-save-video').textContent))
  await page.waitForFunction(() => document.getElementById('experiment-control-save-video').textContent === 'Save video')
  assert.equal((await state(page)).choices.terrain, 'ridged')
  assert.deepEqual(problems, [])
  await context.close()
})
