/** What the traveller's request page and its actions read of a booking. */
export const requestBookingFields = /* groq */ `_id, _rev, booking_ref, experience_id, experience_title, date, preferred_time, pax_adults, pax_children, pax_total, name, email, status, status_history, "anonymised": defined(anonymised_at)`
