import type {Frame} from '@playwright/test'

/**
 * Starts watching the Presentation frame for `text` in the page (the preview e2e and `npm run bench -- preview`);
 * the returned function resolves with the time at which `text` first appears there.
 */
export async function watchFor(frame: Frame, text: string) {
  await frame.evaluate((wanted) => {
    const found = () =>
      (document.querySelector('main')?.textContent ?? document.body.textContent ?? '').includes(
        wanted,
      )
    ;(window as unknown as {__seen: Promise<number>}).__seen = new Promise<number>((resolve) => {
      if (found()) return resolve(Date.now())
      const observer = new MutationObserver(() => {
        if (found()) {
          observer.disconnect()
          resolve(Date.now())
        }
      })
      observer.observe(document.body, {subtree: true, childList: true, characterData: true})
    })
  }, text)
  return () => frame.evaluate(() => (window as unknown as {__seen: Promise<number>}).__seen)
}
