import type {Page} from '@playwright/test'

import {expect, test} from '../fixtures.ts'
import {declineAnalytics, openPage} from './site.ts'

// "Focus returns to the menu button 100 ms after close." Timed inside the page, from the event
// that closes the menu to the focus landing on the button, so the test's own round trips do not count.

type Timing = {
  /** ms from the closing event to the menu leaving the screen. */
  closedAfter: number | null
  /** Whether the button had focus as the menu left the screen, and 50 ms after the close. */
  focusedAtClose: boolean | null
  focusedAt50: boolean | null
  /** ms from the closing event to focus landing on the menu button. */
  focusAfter: number | null
}

/** Starts timing at the next `eventType` and returns a reader of the timings. */
async function timeFocusReturn(page: Page, eventType: 'click' | 'keydown') {
  await page.evaluate((type) => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')!
    const timing: Timing = {
      closedAfter: null,
      focusedAtClose: null,
      focusedAt50: null,
      focusAfter: null,
    }
    ;(window as unknown as {__timing: Timing}).__timing = timing
    let start = 0
    // On window, capturing: before any of the page's own listeners (the menu's Escape handler is on document).
    window.addEventListener(
      type,
      () => {
        start = performance.now()
        window.setTimeout(() => (timing.focusedAt50 = document.activeElement === button), 50)
      },
      {capture: true, once: true},
    )
    const observer = new MutationObserver(() => {
      if (
        start &&
        !document.getElementById('mobile-menu')?.checkVisibility() &&
        timing.closedAfter === null
      ) {
        timing.closedAfter = performance.now() - start
        timing.focusedAtClose = document.activeElement === button
        observer.disconnect()
      }
    })
    observer.observe(document.body, {childList: true, subtree: true, attributes: true})
    button.addEventListener(
      'focus',
      () => {
        if (start) timing.focusAfter = performance.now() - start
      },
      {once: true},
    )
  }, eventType)
  return async () => {
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as {__timing: Timing}).__timing.focusAfter),
      )
      .not.toBeNull()
    return page.evaluate(() => (window as unknown as {__timing: Timing}).__timing)
  }
}

test('focus returns to the menu button 100 ms after the mobile menu closes', async ({page}) => {
  await declineAnalytics(page)
  await page.setViewportSize({width: 360, height: 740})
  await openPage(page, '/')
  const button = page.getByRole('button', {name: 'Open menu'})
  const menu = page.getByRole('dialog', {name: 'Main menu'})

  const closeWays = {
    'the close button': {
      event: 'click' as const,
      close: () => menu.getByRole('button', {name: 'Close menu'}).click(),
    },
    'Escape': {event: 'keydown' as const, close: () => page.keyboard.press('Escape')},
  }
  for (const [way, {event, close}] of Object.entries(closeWays)) {
    await button.click()
    await expect(menu).toBeVisible()
    await expect(button).not.toBeFocused()
    const timing = await timeFocusReturn(page, event)
    await close()
    await expect(menu).toBeHidden()
    const {closedAfter, focusedAtClose, focusedAt50, focusAfter} = await timing()
    const summary = `${way}: ${JSON.stringify({closedAfter, focusedAtClose, focusedAt50, focusAfter})}`
    // The menu goes at once; the focus follows about 100 ms later, not immediately.
    expect(closedAfter, summary).not.toBeNull()
    expect(closedAfter!, summary).toBeLessThan(90)
    expect(focusedAtClose, summary).toBe(false)
    expect(focusedAt50, summary).toBe(false)
    expect(focusAfter!, summary).toBeGreaterThanOrEqual(90)
    expect(focusAfter!, summary).toBeLessThanOrEqual(400)
    await expect(button).toBeFocused()
  }
})
