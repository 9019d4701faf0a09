/**
 * The Reports page's reads (docs/decisions/210-reports-figures-in-one-module.md). Each returns only the few fields
 * a figure needs, never a traveller's name, email, phone or notes. The history is read whole: projecting each
 * entry costs the lake more than sending it (0.5 s against 0.3 s for 10,000 requests); only aggregates leave the server.
 * Instants compare as strings: every `created_at`, `joined_at` and `submittedAt` is written by `toISOString()`.
 */

/** The requests made from `$since` (inclusive) to `$until` (exclusive), of one experience or all (`$experience`). */
export const reportBookingsQuery = /* groq */ `*[_type == "booking" && !(_id in path("drafts.**"))
  && created_at >= $since && created_at < $until && ($experience == "" || experience_id == $experience)]{
  experience_id, experience_title, status, created_at, date, pax_total, country, how_heard_about_us,
  "from_waitlist": defined(waitlist_entry),
  "history": status_history
}`

/**
 * Everyone who joined a waitlist in either period, three small fields each, counted by the server
 * (load-report.ts): one scan answers in milliseconds where six GROQ `count()`s, one per step and period, each
 * scanned the whole dataset (0.6 s with 10,000 bookings).
 */
export const reportWaitlistQuery = /* groq */ `*[_type == "waitlistEntry" && joined_at >= $previousSince && joined_at < $until && ($experience == "" || experience_id == $experience)]{
  joined_at, "offered": defined(offered_at), state
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
