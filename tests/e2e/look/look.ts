import {expect, type Locator, type Page} from '@playwright/test'

import {britishCopyProblems} from '../../../schemas/src/british-copy.ts'

/** The two screens every look is checked on. */
export const SCREENS = {
  phone: {width: 390, height: 844},
  desktop: {width: 1366, height: 900},
} as const
export type Screen = keyof typeof SCREENS

/**
 * Every visible checkbox and radio button on the page sits on the first line of its own label: its middle within
 * that line's height, and the label's text starting right beside it. A box on a line of its own, or under another
 * box's label (a traveller ticking the wrong consent), fails.
 */
export async function boxesOffTheirLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      // A chip's radio is see-through: the chip, its label, is what a person sees and taps.
      return (
        box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.opacity !== '0'
      )
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[type="checkbox"], input[type="radio"]',
    )) {
      if (!shown(input) || input.closest('[aria-hidden="true"]')) continue
      const label = input.labels?.[0]
      const name = input.name || input.id
      if (!label) {
        problems.push(`${name}: no label`)
        continue
      }
      const box = input.getBoundingClientRect()
      const range = document.createRange()
      range.selectNodeContents(label)
      // The label's own text lines (a label that wraps its box also reports the box: left out).
      const lines = [...range.getClientRects()].filter(
        (rect) =>
          rect.width > 1 &&
          rect.height > 1 &&
          !(Math.abs(rect.left - box.left) < 1 && Math.abs(rect.top - box.top) < 1),
      )
      const first = lines.sort((a, b) => a.top - b.top || a.left - b.left)[0]
      const text = (label.textContent ?? '').trim().slice(0, 50)
      if (!first) {
        problems.push(`${name} "${text}": its label shows no text`)
        continue
      }
      const middle = box.top + box.height / 2
      const sameLine = middle >= first.top - 2 && middle <= first.bottom + 2
      const gap = first.left - box.right
      if (!sameLine || gap < -1 || gap > 32)
        problems.push(
          `"${text}": box at ${Math.round(box.left)},${Math.round(box.top)}, its label's first line at ${Math.round(first.left)},${Math.round(first.top)}–${Math.round(first.bottom)}`,
        )
    }
    return problems
  })
}

/** The page's words, checked for American spellings and 12-hour times. */
export async function copyProblems(page: Page, where: string): Promise<string[]> {
  const text = await page.locator('body').innerText()
  return britishCopyProblems(text).map((problem) => `${where}: ${problem}`)
}

/** What changes from run to run without the page being different: masked in every screenshot. */
export const moving = (page: Page): Locator[] => [
  // The copyright year.
  page.locator('.site-footer__legal'),
]

/** A screenshot compared with the committed baseline, with a small tolerance for anti-aliasing. */
export async function looksLike(
  target: Page | Locator,
  name: string,
  options: {fullPage?: boolean; mask?: Locator[]} = {},
) {
  const page = 'page' in target ? target.page() : target
  const mask = [...moving(page), ...(options.mask ?? [])]
  // A whole page is taken from the top: fixed and sticky parts then sit where a person first sees them.
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await expect(target as Page).toHaveScreenshot(name, {
    maxDiffPixelRatio: 0.01,
    animations: 'disabled',
    caret: 'hide',
    ...(options.fullPage ? {fullPage: true} : {}),
    mask,
  })
}
