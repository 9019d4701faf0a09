import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'

export type RoutingCheck = {name: string; pass: boolean; detail: string}

type Env = {document: Document; window: Window; fetch: typeof fetch; companyEmail: string}

const THANK_YOU_HEADING = 'Thank you — we’re on it'
const REASSURANCE = 'No payment required at this stage — just planning.'

/**
 * The routing and UX audit: seven checks run in the visitor's browser against the live page and server.
 * The desktop spacing check measures probes styled by the real stylesheet (72 px section padding, 24 px gap).
 */
export async function runRoutingChecks({
  document,
  window,
  fetch,
  companyEmail,
}: Env): Promise<RoutingCheck[]> {
  const checks: RoutingCheck[] = []

  const mailto = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')]
  const planner = mailto.find(
    (a) =>
      a.href.slice('mailto:'.length).split('?')[0]?.toLowerCase() === companyEmail.toLowerCase(),
  )
  checks.push({
    name: 'mailto links',
    pass: Boolean(planner),
    detail: planner
      ? `Planner link to ${companyEmail}`
      : `No mailto link to ${companyEmail} on this page`,
  })

  const paths = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map(
    (a) => new URL(a.href, window.location.href).pathname,
  )
  const aboutLinks = paths.filter((path) => path === '/about').length
  const oldLinks = paths.filter((path) => path === '/about-us' || path === '/aboutus').length
  checks.push({
    name: 'About links',
    pass: aboutLinks > 0 && oldLinks === 0,
    detail: `${aboutLinks} link(s) to /about, ${oldLinks} to /about-us or /aboutus`,
  })

  const redirectResults = await Promise.all(
    ['/about-us', '/aboutus'].map(async (path) => {
      try {
        const response = await fetch(`${path}?audit=1`)
        const url = new URL(response.url)
        return response.ok && url.pathname === '/about' && url.search === '?audit=1'
      } catch {
        return false
      }
    }),
  )
  checks.push({
    name: 'about redirects',
    pass: redirectResults.every(Boolean),
    detail: '/about-us and /aboutus lead to /about with the query string kept',
  })

  checks.push({
    name: 'scroll restoration manual',
    pass: window.history.scrollRestoration === 'manual',
    detail: `history.scrollRestoration is "${window.history.scrollRestoration}"`,
  })

  const measure = (className: string, read: (style: CSSStyleDeclaration) => string) => {
    const probe = document.createElement('div')
    probe.className = className
    probe.style.cssText = 'position:absolute;visibility:hidden;width:1200px'
    document.body.append(probe)
    const value = parseFloat(read(window.getComputedStyle(probe)))
    probe.remove()
    return value
  }
  const padding = measure('page-section', (style) => style.paddingTop)
  const gap = measure('card-grid', (style) => style.columnGap || style.gap)
  const desktop = window.innerWidth >= 1024
  checks.push({
    name: 'desktop spacing',
    pass: desktop && Math.abs(padding - 72) <= 4 && Math.abs(gap - 24) <= 2,
    detail: desktop
      ? `section padding ${padding}px (target 72), grid gap ${gap}px (target 24)`
      : `viewport ${window.innerWidth}px is narrower than desktop (1024px); widen the window and run again`,
  })

  const reassurance = document.body.textContent?.includes(REASSURANCE) ?? false
  checks.push({name: 'reassurance text', pass: reassurance, detail: `"${REASSURANCE}"`})

  let thankYou: boolean
  try {
    const response = await fetch('/thank-you')
    const html = await response.text()
    const decoded = html.replace(/&#x27;|&#39;/g, "'")
    thankYou =
      response.ok && decoded.includes(THANK_YOU_HEADING) && decoded.includes(DEFAULT_REPLY_PROMISE)
  } catch {
    thankYou = false
  }
  checks.push({
    name: 'thank-you page',
    pass: thankYou,
    detail: 'GET /thank-you answers 200 with its heading and promise',
  })

  return checks
}
