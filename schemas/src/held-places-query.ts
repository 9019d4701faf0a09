/**
 * Places a waitlist offer holds count as taken (`held`, capacity.ts; docs/decisions/095-a-waitlist-per-departure.md):
 * an open offer's entry, and the request its traveller made from it while staff have not yet decided it. Every query
 * that loads a departure's bookings to count them (the functions', the studio's) selects and projects them with
 * these two fragments, so no reader counts those places as free. A reseller's reservation (`octoBooking` on hold,
 * functions/octo/bookings.ts) holds its places the same way until it is confirmed, cancelled or expires; the
 * queries select the three types with `LOAD_TYPES`.
 *
 * `$self`, when not null, is the booking being confirmed: counted as the request it is, not as held places.
 */
export const HELD_LOADS_FILTER = /* groq */ `(_type == "waitlistEntry" && state == "offered") || (_type == "octoBooking" && state == "on_hold")`

export const loadStatusProjection = /* groq */ `"status": select(_type == "waitlistEntry" || _type == "octoBooking" => "held", defined(waitlist_entry) && status in ["new", "contacted"] && _id != $self => "held", status)`

/** The document types whose places a departure's count reads: bookings, waitlist offers, resellers' holds. */
export const LOAD_TYPES = /* groq */ `["booking", "waitlistEntry", "octoBooking"]`
