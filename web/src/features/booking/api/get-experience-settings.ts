import {queryOptions} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {
  resolveExperienceSettings,
  type ExperienceSettings,
} from '@repo/schemas/experience-settings.ts'

import {sanityFetch} from '../../../lib/sanity-fetch'

export const experienceSettingsQuery = defineQuery(
  `*[_type == "experienceSettings" && experience._ref == $id][0]{minPax, maxPax, blackoutDates, timeSlots, leadTimeDays}`,
)

type StoredSettings = Partial<{
  [K in keyof ExperienceSettings]: ExperienceSettings[K] | null
}> | null

/**
 * Spec §4: the settings are loaded each time the booking dialog opens (staleTime 0 and a refetch on mount), so a
 * blackout date an editor just published applies at once. No document gives the defaults of spec §9.
 */
export const experienceSettingsQueryOptions = (experienceDocumentId: string) =>
  queryOptions({
    queryKey: ['experience-settings', experienceDocumentId],
    queryFn: async ({signal}) =>
      resolveExperienceSettings(
        await sanityFetch<StoredSettings>(
          experienceSettingsQuery,
          {id: experienceDocumentId},
          signal,
        ),
      ),
    staleTime: 0,
    refetchOnMount: 'always',
  })
