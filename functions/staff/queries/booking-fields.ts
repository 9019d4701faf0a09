/** What the dashboard reads of a booking: its list rows, its page and the answers to a change. */
export const bookingFields = /* groq */ `_id, _rev, booking_ref, status, status_history, staff_notes, staff_notes_by, staff_notes_at, created_at,
  experience_id, experience_title, category, duration, date, preferred_time, pax_adults, pax_children, pax_total,
  name, email, phone, country, pickup_location, notes, how_heard_about_us, marketing_opt_in,
  consent_record{version, agreed_at, "checkboxes": checkboxes[]{key, text}}, anonymised_at,
  source, reseller_name, reseller_reference, language`
