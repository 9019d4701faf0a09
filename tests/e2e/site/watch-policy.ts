import type {Page} from '@playwright/test'

declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

/**
 * Collects what the page's Content-Security-Policy refuses: a refused script or style shows up as a
 * `securitypolicyviolation` event in the page and a console error. Call before the page is opened; the returned
 * function reads what was refused so far.
 */
export async function watchPolicy(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) problems.push(message.text())
  })
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__cspViolations!.push(
        `${event.violatedDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    )
  })
  return async () => [...problems, ...(await page.evaluate(() => window.__cspViolations ?? []))]
}
