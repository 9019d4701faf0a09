/**
 * Where a booking came from, for the Reports page's "Requests by source" (reports.ts) and the dashboard: the site's
 * booking form (no `source` stored), the team's booking desk (`staff`, booking-desk.ts) or a reseller (`reseller`,
 * OCTO). A module without zod, as the dashboard and the Reports page load it.
 */
export const BOOKING_SOURCES = ['site', 'staff', 'reseller'] as const
export type BookingSource = (typeof BOOKING_SOURCES)[number]

/** A booking with no `source` came through the site's booking form. */
export const bookingSourceOf = (source: string | null | undefined): BookingSource =>
  (BOOKING_SOURCES as readonly string[]).includes(source ?? '')
    ? (source as BookingSource)
    : 'site'
