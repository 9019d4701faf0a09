import {slugify} from '@repo/schemas/slugify.ts'

import type {ExperienceCard} from './api/experience-fields'

/** What the home page's quick search carries to the listing: date, paxA, paxC. */
export type TripContext = {date?: string | null; adults?: number | null; children?: number | null}

/** The `exp` query value of an experience's detail dialog: its title through the shared slug rule. */
export const detailSlug = (experience: Pick<ExperienceCard, 'title'>) => slugify(experience.title)

/**
 * The booking entry point of a card or the detail dialog: the booking page with whatever trip context there is
 * (the home page's quick search). A real link, so it works before the page's scripts have run; without a date
 * the booking page asks for the date and group itself, with the booking dialog's rules.
 */
export function bookingHref(
  experience: Pick<ExperienceCard, 'slug'>,
  trip: TripContext = {},
): string {
  const params = new URLSearchParams()
  if (trip.date) params.set('date', trip.date)
  if (trip.adults != null || trip.children != null)
    params.set('pax', `${trip.adults ?? 2},${trip.children ?? 0}`)
  const query = params.toString()
  return `/book/${experience.slug}${query ? `?${query}` : ''}`
}
