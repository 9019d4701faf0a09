import type {Page} from '@playwright/test'

/**
 * A mid-range phone on a mobile network: 4× slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms
 * latency, through Chromium's DevTools protocol. Shared by the slow-phone tests and `npm run bench -- phone`.
 */
export async function throttleLikeAPhone(page: Page) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Emulation.setCPUThrottlingRate', {rate: 4})
  await devtools.send('Network.enable')
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
}

/** Whether React has taken over the page yet (set by the shell, see web/src/app/shell.tsx). */
export const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

/** Opens `path` and returns as soon as the server's HTML starts to arrive, long before the page's scripts run. */
export const openAtFirstPaint = (page: Page, path: string) => page.goto(path, {waitUntil: 'commit'})

/**
 * Holds the page's scripts until the returned function is called: taps made meanwhile come before hydration
 * however fast the machine running the test is (a busy CI machine could otherwise hydrate the page before
 * Playwright has found the button), and the scripts then arrive over the throttled network as usual.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}
