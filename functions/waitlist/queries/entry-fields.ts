/** What the waitlist reads of an entry. */
export const entryFields = /* groq */ `_id, _rev, _type, state, experience_id, experience_title, date, preferred_time, pax_adults, pax_children, pax_total, name, email, joined_at, offered_at, hold_until, lapsed_at, booking_id, booked_at`
