import {defineQuery} from 'groq'

/** The published privacy notice (`privacyNotice`, schemas/src/privacy-notice.ts) and the newsletter's consent box. */
export const consentContentQuery = defineQuery(`{
  "notice": *[_id == "privacyNotice"][0]{informationOfficerName, informationOfficerEmail, informationOfficerPhone, intro, "purposes": purposes[]{title, text}, rights, legalName, address, requiredDetails, processors, transfers, regulator, noticeVersion, noticeDate},
  "newsletter": *[_id == "siteSettings"][0].newsletterConsentLabel
}`)
