import {resolveBookingRules} from '../../../schemas/src/capacity.ts'
import {isDateAvailable} from '../../../schemas/src/experience-settings.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {expect, lakeClient} from '../fixtures.ts'

/**
 * A date far enough ahead that no other test books near it: it and three days either side bookable and empty, for an
 * experience whose departures take 8 (the seed's Cape Point and Lion's Head).
 */
export async function quietDate(slug: string): Promise<string> {
  const bookings = lakeClient({dataset: 'bookings'})
  const content = lakeClient({perspective: 'published'})
  const stored = await content.fetch(
    '*[_type == "experienceSettings" && experience->slug.current == $slug][0]',
    {slug},
  )
  const rules = resolveBookingRules(stored)
  expect(rules.capacity).toBe(8)
  const today = todayInCapeTown()
  for (let attempt = 0; attempt < 200; attempt++) {
    const date = addDays(today, 60 + Math.floor(Math.random() * 600))
    const around = [-3, -2, -1, 0, 1, 2, 3].map((d) => addDays(date, d))
    if (!around.every((d) => isDateAvailable(d, rules, today))) continue
    const taken = await bookings.fetch<number>(
      'count(*[_type == "booking" && experience_id == $slug && date in $dates])',
      {slug, dates: around},
    )
    if (taken === 0) return date
  }
  throw new Error('No quiet date found')
}
