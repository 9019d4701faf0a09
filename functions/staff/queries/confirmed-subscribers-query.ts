import {defineQuery} from 'groq'

/** The newsletter's confirmed subscribers (sign-ups from before confirmation count as confirmed), oldest first. */
export const confirmedSubscribersQuery =
  defineQuery(`*[_type == "newsletterSignup" && (status == "confirmed" || !defined(status))] | order(coalesce(confirmed_at, consented_at) asc){
  email, name, "confirmed_at": coalesce(confirmed_at, consented_at), "version": consent_record.version
}`)
