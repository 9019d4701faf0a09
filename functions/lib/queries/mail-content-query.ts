import {defineQuery} from 'groq'

/**
 * What every mail needs from the published content: the editors' templates (`mailTemplate`,
 * schemas/src/mail-templates.ts), the brand from site settings, and where and when each experience's trips start.
 */
export const mailContentQuery = defineQuery(`{
  "templates": *[_type == "mailTemplate" && defined(kind)]{kind, subject, body},
  "settings": *[_id == "siteSettings"][0]{siteName, email, mailFromName, mailFromAddress, mailSignature, replyPromise},
  "trips": *[_type == "experience" && defined(slug.current)]{"slug": slug.current, meetingPoint, startTime, departureStartTimes, duration, whatToBring}
}`)
