// The control panel a reader finds their way in: every control in a named
// group and explained, folds that open when a link uses what they hold, the
// map in view on a phone while a slider is focused, the keyboard through
// every control, and an accessibility audit (axe-core) with no violations
// in 2D and 3D, light and dark, wide and narrow.
import test, { after, before } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { serve, launch, open, state, darkIndex, root } from './helpers.mjs'

// From the tools' npm packages, as helpers.mjs takes playwright-core
const AXE = fs.readFileSync(path.join(root, 'tools/node_modules/axe-core/axe.min.js'), 'utf8')
const NOISE_FOLD = 'details:has(#experiment-control-octaves)'

let browser, server
before(async () => {
  browser = await launch()
  server = await serve(undefined, { '/dark.html': darkIndex() })
})
after(async () => {
  await browser.close()
  await server.close()
})

// axe-core's violations on the page as it stands, one line each. Its source
// is handed to the page by the test's driver, not as a script of the page's
// (which its policy would refuse)
async function audit(page) {
  await page.evaluate(AXE)
  return page.evaluate(async () => (await window.axe.run()).violations
    .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(' ')).join(', ')}`))
}

test('axe-core finds no violations in 2D and 3D, light and dark, at 1100 and 390 px', async () => {
  for (const theme of ['/', '/dark.html']) {
    for (const width of [1100, 390]) {
      for (const view of [false, true]) {
        const where = `${theme} at ${width} px in ${view ? '3D' : '2D'}`
        const { page, context, problems } = await open(browser, server.url + theme + (view ? '?he-view=1' : ''),
          { contextOptions: { viewport: { width, height: 844 } } })
        assert.equal((await state(page)).toggles.view, view, where)
        // The unused sliders are greyed out (the island has no octaves) and
        // say so to assistive technology too
        assert.equal(await page.$eval('#experiment-control-persistence', e => e.disabled), true)
        assert.deepEqual(await audit(page), [], where)
        assert.deepEqual(problems, [], where)
        await context.close()
      }
    }
  }
})

test('every control lives in a group with a visible name and says what it does', async () => {
  const { page, context } = await open(browser, server.url + '/')
  const controls = await page.$$eval('[id^="experiment-control-"]', all => all.map(control => {
    const group = control.closest('fieldset')
    const legend = group?.querySelector(':scope > legend')
    const hint = document.getElementById(control.getAttribute('aria-describedby'))
    return {
      id: control.id,
      group: legend && legend.getBoundingClientRect().height > 0 ? legend.textContent.trim() : null,
      hint: hint?.textContent.trim() ?? ''
    }
  }))
  assert.equal(controls.length, 49, 'all 49 controls of our page')
  for (const { id, group, hint } of controls) {
    assert.ok(group, `${id} is in a named group`)
    assert.ok(hint.split(' ').length >= 4, `${id} is explained (“${hint}”)`)
  }
  const groups = [...new Set(controls.map(c => c.group))]
  assert.deepEqual(groups, ['Rain', 'Tools', 'Ground', 'Look', 'History', 'Share', 'Save'])
  await context.close()
})

test('the noise layers fold away, and open when a link or a choice puts them to use', async () => {
  const folded = page => page.$eval(NOISE_FOLD, d => !d.open)
  // The article's island uses none of them, even set away from its default
  let { page, context } = await open(browser, server.url + '/?he-octaves=3')
  assert.equal(await folded(page), true, 'closed on the island')
  await context.close();
  ({ page, context } = await open(browser, server.url + '/?he-terrain=warped'))
  assert.equal(await folded(page), false, 'a link to the warped terrain opens it')
  await context.close();
  ({ page, context } = await open(browser, server.url + '/'))
  assert.equal(await folded(page), true)
  await page.selectOption('#experiment-control-preset', 'landscape')
  await page.waitForFunction(() => window.wasmBindings.pageState().choices.terrain === 'diamond-square')
  assert.equal(await folded(page), false, 'the landscape preset (diamond-square, its roughness) opens it')
  await context.close();
  ({ page, context } = await open(browser, server.url + '/'))
  await page.selectOption('#experiment-control-terrain', 'ridged')
  assert.equal(await folded(page), false, 'picking the ridged terrain opens it')
  assert.equal((await state(page)).choices.terrain, 'ridged')
  // The reader folds it again; it stays folded while nothing new uses it
  await page.click(`${NOISE_FOLD} > summary`)
  await page.click('#experiment-control-rivers')
  assert.equal((await state(page)).toggles.rivers, false)
  assert.equal(await folded(page), true)
  await context.close()
})

test('on a phone the map stays in view, and uncovered by it, while each slider is focused', async () => {
  for (const width of [320, 390, 430]) {
    const { page, context } = await open(browser, server.url + '/', { contextOptions: { viewport: { width, height: 844 } } })
    await page.click(`${NOISE_FOLD} > summary`)
    const sliders = await page.$$eval('input[type=range]', all => all.map(s => s.id))
    assert.equal(sliders.length, 18)
    // Down the panel and back up: going up, the next slider is often just
    // under the map, still inside the window
    for (const id of [...sliders, ...sliders.slice().reverse()]) {
      await page.focus('#' + id)
      // A greyed-out slider takes no focus, and moves nothing
      if (await page.evaluate(id => document.activeElement.id !== id, id)) continue
      const seen = await page.evaluate(id => {
        const map = document.querySelector('#sketch-holder canvas').getBoundingClientRect()
        const slider = document.getElementById(id).getBoundingClientRect()
        const onScreen = Math.min(map.bottom, innerHeight) - Math.max(map.top, 0)
        return { mapShown: onScreen / map.height, sliderTop: slider.top, sliderBottom: slider.bottom, mapBottom: map.bottom }
      }, id)
      const where = `${id} at ${width} px`
      assert.ok(seen.mapShown >= 0.5, `${where}: ${(seen.mapShown * 100).toFixed(0)}% of the map on screen`)
      assert.ok(seen.sliderTop >= seen.mapBottom && seen.sliderBottom <= 844, `${where}: the slider (${seen.sliderTop}–${seen.sliderBottom}) is on screen below the map (${seen.mapBottom})`)
    }
    await context.close()
  }
})

test('Tab reaches every control in the page\'s order, its focus visible in light and dark', async () => {
  for (const theme of ['/', '/dark.html']) {
    // The warped terrain's link: its fold open, its octaves in use
    const { page, context } = await open(browser, server.url + theme + '?he-terrain=warped')
    // Greyed-out sliders (the warped terrain's roughness) are passed over
    const order = await page.$$eval('[id^="experiment-control-"]', all => all.filter(c => !c.disabled).map(c => c.id))
    // (nothing to undo or redo yet: those two wait, disabled)
    assert.equal(order.length, 46)
    const reached = []
    for (let k = 0; k < 60 && reached.length < order.length; k++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const e = document.activeElement
        // The focus ring against the page: WCAG asks 3:1 for it
        const rgb = c => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number)
        const lum = c => rgb(c).map(v => v / 255).map(v => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0)
        const style = getComputedStyle(e)
        const [a, b] = [lum(style.outlineColor), lum(getComputedStyle(document.body).backgroundColor)]
        return { id: e.id, outline: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) }
      })
      if (!focus.id.startsWith('experiment-control-')) continue
      reached.push(focus.id)
      assert.ok(focus.outline !== 'none' && focus.width >= 2 && focus.contrast >= 3,
        `${theme}: focus on ${focus.id} shows (${focus.outline} ${focus.width} px, ${focus.contrast.toFixed(1)}:1)`)
    }
    assert.deepEqual(reached, order, `${theme}: every control, in order`)
    await context.close()
  }
})
