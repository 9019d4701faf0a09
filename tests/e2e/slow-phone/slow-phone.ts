import {test as base, type Page} from '@playwright/test'

import {throttleLikeAPhone} from './phone-profile.ts'

export {expect} from '@playwright/test'
export {holdScripts, isHydrated, openAtFirstPaint} from './phone-profile.ts'

/**
 * The slow-phone project's fixture: every page runs on the throttled phone (phone-profile.ts). Unlike the main
 * suite's fixture, `page.goto` here does not wait for hydration: each test acts the moment its control is on
 * screen, as a person would.
 */
export const test = base.extend<{page: Page}>({
  page: async ({page}, use) => {
    await throttleLikeAPhone(page)
    await use(page)
  },
})
