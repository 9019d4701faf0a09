/**
 * One way to record what visitors do (the product's analytics events). Every event goes to `window.dataLayer`, which
 * stays in the page, and, only when the visitor has allowed analytics, to the functions' events endpoint as a
 * beacon (survives navigation and page unload). A browser signalling Global Privacy Control or Do Not Track
 * counts as a refusal.
 */

export type AnalyticsEvent =
  | 'experience_detail_opened'
  | 'experience_detail_closed'
  | 'category_filter_clicked'
  | 'booking_submitted'
  | 'home_read_more_stories_clicked'
  | 'story_book_clicked'

export type AnalyticsProps = Record<string, string | number | boolean | null | undefined>

export type Consent = 'granted' | 'denied' | 'unset'

export const EVENTS_ENDPOINT = '/api/events'
const CONSENT_KEY = 'analytics-consent'

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[]
  }
}

function browserRefuses(): boolean {
  const nav = navigator as Navigator & {globalPrivacyControl?: boolean}
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1'
}

export function getConsent(): Consent {
  if (typeof window === 'undefined') return 'unset'
  if (browserRefuses()) return 'denied'
  try {
    const stored = window.localStorage.getItem(CONSENT_KEY)
    return stored === 'granted' || stored === 'denied' ? stored : 'unset'
  } catch {
    // Storage can be blocked (private modes, sandboxed frames): treat as not asked.
    return 'unset'
  }
}

export function setConsent(consent: Exclude<Consent, 'unset'>): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, consent)
  } catch {
    // Nothing to keep it in; the choice then lasts for this page only.
  }
  window.dispatchEvent(new Event('analytics-consent-change'))
}

export function track(event: AnalyticsEvent, props: AnalyticsProps = {}): void {
  if (typeof window === 'undefined') return
  const payload = {event, ...props, path: window.location.pathname, ts: new Date().toISOString()}
  window.dataLayer = window.dataLayer ?? []
  window.dataLayer.push(payload)

  if (getConsent() !== 'granted') return
  const body = JSON.stringify(payload)
  try {
    if (typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(EVENTS_ENDPOINT, new Blob([body], {type: 'application/json'}))
      return
    }
    void fetch(EVENTS_ENDPOINT, {
      method: 'POST',
      body,
      headers: {'content-type': 'application/json'},
      keepalive: true,
    }).catch(() => undefined)
  } catch {
    // Analytics must never break the page.
  }
}
