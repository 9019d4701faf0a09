import AxeBuilder from '@axe-core/playwright'

import {britishCopyProblems} from '../../../schemas/src/british-copy.ts'
import {expect, test} from '../fixtures.ts'
import {openPage, PUBLIC_ROUTES} from './site.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

// No WCAG 2.2 A/AA violations on any route, at phone, tablet and desktop widths. One page per width,
// reused for every route, keeps the run short; the consent prompt stays up, as a first-time visitor sees it.
for (const width of [360, 768, 1280]) {
  test(`axe finds no WCAG 2.2 A/AA violations at ${width} px`, async ({page}) => {
    test.setTimeout(120_000)
    await page.setViewportSize({width, height: 800})
    const failures: string[] = []
    const check = async (label: string) => {
      const {violations, passes} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
      // An empty result must mean "checked and clean", not "nothing was checked".
      expect(passes.length, label).toBeGreaterThan(10)
      for (const violation of violations) {
        const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3)
        failures.push(
          `${label}: ${violation.id} (${violation.impact}) ${violation.help} → ${targets.join(', ')}`,
        )
      }
    }
    // The same crawl reads every page's words once (they do not change with the width): British English only.
    const copy: string[] = []
    for (const path of PUBLIC_ROUTES) {
      await openPage(page, path)
      if (path.includes('exp=')) await expect(page.getByRole('dialog')).toBeVisible()
      await check(path)
      if (width === 360)
        for (const problem of britishCopyProblems(await page.locator('body').innerText()))
          copy.push(`${path}: ${problem}`)
    }
    expect(copy, 'American spellings or 12-hour times on the pages').toEqual([])
    if (width < 1000) {
      await openPage(page, '/')
      await page.getByRole('button', {name: 'Open menu'}).click()
      await expect(page.getByRole('dialog', {name: 'Main menu'})).toBeVisible()
      await check('/ with the mobile menu open')
    }
    expect(failures).toEqual([])
  })
}
