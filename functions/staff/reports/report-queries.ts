/**
 * The Reports page's reads (docs/decisions/210-reports-figures-in-one-module.md). Each returns only the few fields
 * a figure needs, never a traveller's name, email, phone or notes; the waitlist's steps are counted by GROQ itself.
 * Instants compare as strings: every `created_at`, `joined_at` and `submittedAt` is written by `toISOString()`.
 */

/** The requests made from `$since` (inclusive) to `$until` (exclusive), of one experience or all (`$experience`). */
export const reportBookingsQuery = /* groq */ `*[_type == "booking" && !(_id in path("drafts.**"))
  && created_at >= $since && created_at < $until && ($experience == "" || experience_id == $experience)]{
  experience_id, experience_title, status, created_at, date, pax_total, country, how_heard_about_us,
  "from_waitlist": defined(waitlist_entry),
  "history": status_history[]{status, at, by, action}
}`

const waitlistIn = (since: string, until: string) =>
  /* groq */ `*[_type == "waitlistEntry" && joined_at >= ${since} && joined_at < ${until} && ($experience == "" || experience_id == $experience)]`

/** People who joined a waitlist in each period, those offered places and those who took the offer. */
export const reportWaitlistQuery = /* groq */ `{
  "current": {
    "joined": count(${waitlistIn('$since', '$until')}),
    "offered": count(${waitlistIn('$since', '$until')}[defined(offered_at)]),
    "booked": count(${waitlistIn('$since', '$until')}[state == "booked"])
  },
  "previous": {
    "joined": count(${waitlistIn('$previousSince', '$since')}),
    "offered": count(${waitlistIn('$previousSince', '$since')}[defined(offered_at)]),
    "booked": count(${waitlistIn('$previousSince', '$since')}[state == "booked"])
  }
}`

/** Published experiences with their price per person (`fromPrice`, rand), by slug. */
export const reportExperiencesQuery = /* groq */ `*[_type == "experience" && !(_id in path("drafts.**")) && defined(slug.current)]{
  _id, title, "slug": slug.current, "price": fromPrice
} | order(title asc)`

/**
 * Reviews sent in both periods, drafts included (an unpublished review is a draft: waiting, or rejected with a
 * reason): the rating, the experience and the reason only, never the text or the name.
 */
export const reportReviewsQuery = /* groq */ `*[_type == "review" && submittedAt >= $since && submittedAt < $until]{
  _id, "experience": experience._ref, rating, submittedAt, rejectionReason
}`
