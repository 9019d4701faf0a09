/**
 * A booking as the lake stores it, for tests that need requests already made: a confirmed two-adult Table Mountain
 * hike by `who` on `date`, with `extra` overriding any field.
 */
export function storedBooking(
  id: string,
  who: {name: string; email: string; phone?: string},
  date: string,
  extra: Record<string, unknown> = {},
) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    status: 'confirmed',
    experience_id: 'table-mountain',
    experience_title: 'Table Mountain Hike',
    date,
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    created_at: '2025-09-01T08:00:00Z',
    ...who,
    ...extra,
  }
}
