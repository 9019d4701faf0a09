import {queryOptions} from '@tanstack/react-query'

import {resolveBookingRules, type StoredCapacitySettings} from '@repo/schemas/capacity.ts'
import type {ExperienceSettings} from '@repo/schemas/experience-settings.ts'

import {sanityFetch} from '../../../lib/sanity-fetch'
import {experienceSettingsQuery} from './experience-settings-query'

type StoredSettings =
  | (Partial<{[K in keyof ExperienceSettings]: ExperienceSettings[K] | null}> &
      NonNullable<StoredCapacitySettings>)
  | null

/**
 * The settings are loaded each time the booking dialog opens (staleTime 0 and a refetch on mount), so a
 * blackout date an editor just published applies at once. No document gives the product's defaults. The places per
 * departure come with them (docs/decisions/007-places-per-departure.md); what bookings take comes from the
 * availability function.
 */
export const experienceSettingsQueryOptions = (experienceDocumentId: string) =>
  queryOptions({
    queryKey: ['experience-settings', experienceDocumentId],
    queryFn: async ({signal}) =>
      resolveBookingRules(
        await sanityFetch<StoredSettings>(
          experienceSettingsQuery,
          {id: experienceDocumentId},
          signal,
        ),
      ),
    staleTime: 0,
    refetchOnMount: 'always',
  })
