import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'

/** Company details and shared texts (the `siteSettings` singleton), read once per page for the footer. */
export const siteSettingsQuery = defineQuery(`*[_id == "siteSettings"][0]{
  siteName,
  tagline,
  description,
  email,
  phone,
  whatsapp,
  address,
  officeHours,
  bookingConfirmationPromise,
  thankYouConfirmationPromise,
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

export type SiteSettings = {
  siteName: string | null
  tagline: string | null
  description: string | null
  email: string | null
  phone: string | null
  whatsapp: string | null
  address: string | null
  officeHours: string | null
  bookingConfirmationPromise: string | null
  thankYouConfirmationPromise: string | null
  reassuranceText: string | null
  defaultCancellationText: string | null
  newsletterHeading: string | null
  newsletterText: string | null
  newsletterConsentLabel: string | null
  newsletterButtonLabel: string | null
  newsletterSuccessMessage: string | null
  bookButtonLabel: string | null
  footerBlurb: string | null
  socialLinks: {_key: string; platform: string; url: string}[]
}

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: ({signal}) => sanityFetch<SiteSettings | null>(siteSettingsQuery, {}, signal),
  })

export const useSiteSettings = () => useSuspenseQuery(siteSettingsQueryOptions())
