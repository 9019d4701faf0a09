import {defineQuery} from 'groq'

/**
 * The Reports page's requests (docs/decisions/210-reports-figures-in-one-module.md): those made from `$since`
 * (inclusive) to `$until` (exclusive), of one experience or all (`$experience`), with only the few fields a figure
 * needs, never a traveller's name, email, phone or notes: the history's entries too are cut to the four fields the
 * report reads (`ReportHistoryEntry`), leaving out the staff's messages and notes, which are personal data and
 * most of a history's bytes. Instants compare as strings: every `created_at` is written by `toISOString()`.
 */
export const reportBookingsQuery = defineQuery(`*[_type == "booking" && !(_id in path("drafts.**"))
  && created_at >= $since && created_at < $until && ($experience == "" || experience_id == $experience)]{
  experience_id, experience_title, status, created_at, date, pax_total, country, how_heard_about_us,
  "from_waitlist": defined(waitlist_entry), source, reseller_name, "attendance": attendance.state,
  "history": status_history[]{status, at, by, action}
}`)
