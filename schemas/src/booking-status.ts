/** Booking statuses with their labels and colours. New requests start as `new`. */
export const BOOKING_STATUSES = [
  {value: 'new', title: 'New', colour: 'blue'},
  {value: 'contacted', title: 'Contacted', colour: 'yellow'},
  {value: 'confirmed', title: 'Confirmed', colour: 'green'},
  {value: 'declined', title: 'Declined', colour: 'red'},
  {value: 'closed', title: 'Closed', colour: 'grey'},
] as const

export type BookingStatus = (typeof BOOKING_STATUSES)[number]['value']
export type StatusColour = (typeof BOOKING_STATUSES)[number]['colour']

export const BOOKING_STATUS_VALUES: readonly BookingStatus[] = BOOKING_STATUSES.map((s) => s.value)

export const INITIAL_BOOKING_STATUS: BookingStatus = 'new'

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUS_VALUES as readonly string[]).includes(value)
}

export function bookingStatusTitle(value: string): string {
  return BOOKING_STATUSES.find((s) => s.value === value)?.title ?? value
}

export function bookingStatusColour(value: string): StatusColour {
  return BOOKING_STATUSES.find((s) => s.value === value)?.colour ?? 'grey'
}

/**
 * "Mark as Contacted" is for a request nobody has answered yet: once it is contacted, confirmed, declined or closed,
 * the button would move it backwards.
 */
export function canMarkContacted(status: string): boolean {
  return status === 'new'
}

/** Staff may move a booking from any status to any status. */
export function canChangeStatus(from: BookingStatus, to: BookingStatus): boolean {
  return isBookingStatus(from) && isBookingStatus(to)
}
