import {chromium, devices, type Browser, type Locator, type Page} from '@playwright/test'

import {isHydrated, openAtFirstPaint, throttleLikeAPhone} from '../e2e/slow-phone/phone-profile.ts'
import {startProduct} from './start-product.ts'
import type {BenchResult} from './stats.ts'

/**
 * Issue 12, on the slow-phone profile (4× CPU, 1.6 Mbit/s, 150 ms; tests/e2e/slow-phone/phone-profile.ts), each
 * run in a fresh browser context (nothing cached), against the product as `npm start` runs it: the first
 * contentful paint of four pages, and the time from a tap made at first paint to its visible effect (and how
 * many of those taps came before hydration). Goal: no tap lost, each effect within 1.5 s of the tap.
 */
const RUNS = 5
const SITE_PORT = 3270
const LAKE_PORT = 3603
const PAGES = [
  '/',
  '/experiences',
  '/experiences/lions-head-sunset-hike',
  '/stories/cape-jazz-scene',
]

type Tap = {
  name: string
  path: string
  /** The control to tap (or `null` for a key press) and what shows that it worked. */
  act: (page: Page) => {control: Locator | null; effect: Locator; key?: string}
}

const TAPS: Tap[] = [
  {
    name: '"Book Now" → booking dialog',
    path: '/experiences/lions-head-sunset-hike',
    act: (page) => ({
      control: page.getByRole('button', {name: 'Book Now'}),
      effect: page.getByRole('dialog', {name: 'Book this experience'}),
    }),
  },
  {
    name: 'menu button → menu',
    path: '/',
    act: (page) => ({
      control: page.getByRole('button', {name: 'Open menu'}),
      effect: page.getByRole('dialog', {name: /menu/i}),
    }),
  },
  {
    name: 'Escape → detail dialog closed',
    path: '/experiences?exp=lions-head-sunset-hike',
    act: (page) => ({
      control: null,
      key: 'Escape',
      effect: page.getByRole('dialog', {name: /Lion.s Head Sunset Hike/}),
    }),
  },
]

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: `http://localhost:${SITE_PORT}`,
  })
  const page = await context.newPage()
  await throttleLikeAPhone(page)
  return page
}

async function firstContentfulPaint(browser: Browser, pagePath: string): Promise<number> {
  const page = await phonePage(browser)
  try {
    await page.goto(pagePath, {waitUntil: 'load'})
    return await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    )
  } finally {
    await page.context().close()
  }
}

/** Milliseconds from the tap (or key) to its effect, and whether the page had hydrated when it was made. */
async function tapToEffect(browser: Browser, tap: Tap): Promise<{ms: number; early: boolean}> {
  const page = await phonePage(browser)
  try {
    await openAtFirstPaint(page, tap.path)
    const {control, effect, key} = tap.act(page)
    if (key) await effect.waitFor({state: 'visible'})
    else await control!.waitFor({state: 'visible'})
    const early = !(await isHydrated(page))
    const started = performance.now()
    if (key) await page.keyboard.press(key)
    else await control!.click()
    await effect.waitFor({state: key ? 'hidden' : 'visible', timeout: 30_000})
    return {ms: performance.now() - started, early}
  } finally {
    await page.context().close()
  }
}

export async function benchPhone(): Promise<BenchResult[]> {
  const product = await startProduct('phone', {sitePort: SITE_PORT, lakePort: LAKE_PORT})
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const results: BenchResult[] = []
  try {
    for (const pagePath of PAGES) {
      const samples: number[] = []
      for (let run = 0; run < RUNS; run++)
        samples.push(await firstContentfulPaint(browser, pagePath))
      results.push({name: `phone: first contentful paint ${pagePath}`, unit: 'ms', samples})
    }
    for (const tap of TAPS) {
      const runs: {ms: number; early: boolean}[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await tapToEffect(browser, tap))
      results.push({
        name: `phone: tap at first paint, ${tap.name}`,
        unit: 'ms',
        samples: runs.map((run) => run.ms),
        extra: {
          'taps before hydration': `${runs.filter((run) => run.early).length} of ${runs.length}`,
          'within 1.5 s': `${runs.filter((run) => run.ms <= 1500).length} of ${runs.length}`,
        },
      })
    }
  } finally {
    await browser.close()
    await product.stop()
  }
  return results
}
