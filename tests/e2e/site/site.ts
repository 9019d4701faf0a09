import {expect, type Locator, type Page} from '@playwright/test'

/** The six static experience pages of the route table. */
export const EXPERIENCE_SLUGS = [
  'lions-head-sunset-hike',
  'cape-winelands-tour',
  'bo-kaap-food-walk',
  'township-jazz-night',
  'cape-point-penguins',
  'sunset-cruise',
] as const

/** The story table: where each story's call to action goes. */
export const STORY_CTA_TARGETS: Record<string, string> = {
  'woodstock-art-studios': '/questionnaire',
  'chapmans-peak-drive': '/questionnaire',
  'old-biscuit-mill': '/experiences/bo-kaap-food-walk',
  'cape-markets': '/experiences/bo-kaap-food-walk',
  'cape-jazz-scene': '/experiences/township-jazz-night',
  'cape-live-music': '/experiences/township-jazz-night',
  'table-mountain-hiking': '/experiences/lions-head-sunset-hike',
  'boulders-penguins': '/experiences/cape-point-penguins',
  'cape-wine-farms': '/experiences/cape-winelands-tour',
}

export const STORY_SLUGS = Object.keys(STORY_CTA_TARGETS)

/** The listing's filters, in the order the sections follow. */
export const FILTER_LABELS = [
  'All Experiences',
  'Bespoke',
  'Adventure & Outdoors',
  'Scenic',
  'Food & Drink',
  'History & Culture',
  'Sport & Events',
]

/**
 * Every public page this suite owns (the booking pages, questionnaire and dashboard belong to other suites),
 * plus the not-found page and the listing with its detail dialog open.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/experiences',
  '/experiences?exp=lions-head-sunset-hike',
  ...EXPERIENCE_SLUGS.map((slug) => `/experiences/${slug}`),
  '/about',
  '/stories',
  '/local-stories',
  ...STORY_SLUGS.map((slug) => `/stories/${slug}`),
  '/itinerary/bespoke-7-day',
  '/thank-you',
  '/privacy',
  '/contact?type=bespoke',
  '/no-such-page',
]

/**
 * Opens a page and waits until React has hydrated it (the shell marks `<html data-hydrated>`): before that, clicks
 * on the server's markup do nothing. Returns the navigation's response for status checks.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  return response
}

/** Answers the consent prompt, so it neither covers controls nor sends events from the tests. */
export async function declineAnalytics(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('analytics-consent', 'denied'))
}

/** Today plus `days` in Cape Town, as yyyy-MM-dd (the quick search's earliest date is today + 2 there). */
export function capeTownDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {timeZone: 'Africa/Johannesburg'}).format(
    new Date(),
  )
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * A booking entry point: a link to /book/… today, a button opening the booking dialog once that arrives.
 * Either way it must be there with its name.
 */
export function bookingControl(scope: Locator, name: string | RegExp): Locator {
  return scope.getByRole('link', {name}).or(scope.getByRole('button', {name}))
}
