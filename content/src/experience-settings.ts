/** Booking settings for each experience (`_id` "settings.<slug>"). */
import type {ExperienceSettings} from '@repo/schemas/experience-settings.ts'

import {experienceId, settingsId} from './document-ids.ts'
import {ref} from './sanity-values.ts'

export const settingsBySlug: Record<string, ExperienceSettings> = {
  // Sunset is the whole point of the hike; the guide cap is eight.
  'lions-head-sunset-hike': {
    minPax: 1,
    maxPax: 8,
    blackoutDates: [],
    timeSlots: ['Sunset'],
    leadTimeDays: 2,
  },
  // A full-day tour: no preferred-time choice. Estates close on Christmas Day and New Year's Day.
  'cape-winelands-tour': {
    minPax: 2,
    maxPax: 8,
    blackoutDates: ['2026-12-25', '2027-01-01'],
    timeSlots: ['Full Day'],
    leadTimeDays: 2,
  },
  // Two walks a day, so the traveller picks one.
  'bo-kaap-food-walk': {
    minPax: 1,
    maxPax: 6,
    blackoutDates: [],
    timeSlots: ['Morning', 'Afternoon'],
    leadTimeDays: 2,
  },
  // Starts at 18:00.
  'township-jazz-night': {
    minPax: 2,
    maxPax: 10,
    blackoutDates: ['2026-12-24', '2026-12-31'],
    timeSlots: ['Evening'],
    leadTimeDays: 2,
  },
  'cape-point-penguins': {
    minPax: 1,
    maxPax: 8,
    blackoutDates: ['2026-12-25'],
    timeSlots: ['Full Day'],
    leadTimeDays: 2,
  },
  'sunset-cruise': {
    minPax: 1,
    maxPax: 30,
    blackoutDates: [],
    timeSlots: ['Sunset'],
    leadTimeDays: 1,
  },
  // Museum tickets sell out, so we need three days.
  'robben-island': {
    minPax: 1,
    maxPax: 12,
    blackoutDates: ['2026-12-25'],
    timeSlots: ['Morning', 'Afternoon'],
    leadTimeDays: 3,
  },
  'bo-kaap-spice-route-cooking': {
    minPax: 2,
    maxPax: 8,
    blackoutDates: [],
    timeSlots: ['Morning', 'Afternoon'],
    leadTimeDays: 2,
  },
  // The bespoke card books through the questionnaire; these are the spec's defaults, kept explicit.
  'bespoke-cape-town-itinerary': {
    minPax: 1,
    maxPax: 10,
    blackoutDates: [],
    timeSlots: ['Morning', 'Afternoon', 'Sunset', 'Full Day'],
    leadTimeDays: 2,
  },
}

/**
 * Places per departure start as the "max group" of each experience (docs/decisions/007-places-per-departure.md): the
 * most one departure takes, however many bookings share it. Per-slot and per-date capacities start empty for editors
 * to add.
 */
export function experienceSettingsDocuments(maxGroupBySlug: Record<string, number>) {
  return Object.entries(settingsBySlug).map(([slug, settings]) => {
    const capacity = maxGroupBySlug[slug]
    if (capacity === undefined) throw new Error(`No max group for ${slug}`)
    return {
      _id: settingsId(slug),
      _type: 'experienceSettings',
      experience: ref(experienceId(slug)),
      ...settings,
      capacity,
      slotCapacities: [],
      capacityOverrides: [],
    }
  })
}
