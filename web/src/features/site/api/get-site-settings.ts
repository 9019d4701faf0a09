import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {SiteSettingsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

/** Company details and shared texts (the `siteSettings` singleton), read once per page for the footer. */
export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  siteName,
  tagline,
  description,
  email,
  phone,
  whatsapp,
  address,
  officeHours,
  replyPromise,
  reassuranceText,
  defaultCancellationText,
  newsletterHeading,
  newsletterText,
  newsletterConsentLabel,
  newsletterButtonLabel,
  newsletterSuccessMessage,
  bookButtonLabel,
  footerBlurb,
  "socialLinks": coalesce(socialLinks[]{_key, platform, url}, [])
}`)

export type SiteSettings = NonNullable<SiteSettingsQueryResult>

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: ({signal}) => sanityFetch<SiteSettingsQueryResult>(siteSettingsQuery, {}, signal),
  })

export const useSiteSettings = () => useSuspenseQuery(siteSettingsQueryOptions())
