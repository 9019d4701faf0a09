import {
  BOOKING_STATUSES,
  bookingStatusColour,
  type BookingStatus,
} from '@repo/schemas/booking-status.ts'

/** The inline status dropdown, coloured by status. */
export function StatusSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: BookingStatus
  onChange: (status: BookingStatus) => void
  label: string
  disabled?: boolean
}) {
  return (
    <select
      className={`admin-status admin-status--${bookingStatusColour(value)}`}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as BookingStatus)}
    >
      {BOOKING_STATUSES.map((status) => (
        <option key={status.value} value={status.value}>
          {status.title}
        </option>
      ))}
    </select>
  )
}
