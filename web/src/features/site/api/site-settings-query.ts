import {defineQuery} from 'groq'

/** Company details and shared texts (the `siteSettings` singleton), read once per page for the footer. */
export const siteSettingsQuery =
  defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
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
