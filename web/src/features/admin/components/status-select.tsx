import {
  BOOKING_STATUSES,
  bookingStatusColour,
  type BookingStatus,
} from '@repo/schemas/booking-status.ts'

/**
 * The inline status dropdown, coloured by status. Its options are the stored statuses; the current one may read
 * in the model's words (`valueTitle`, schemas/src/departure-life.ts `bookingStateTitle`): "Cancelled by us: choose a
 * new date" rather than a bare "Closed" for a booking whose departure we cancelled.
 */
export function StatusSelect({
  value,
  valueTitle,
  onChange,
  label,
  disabled,
}: {
  value: BookingStatus
  valueTitle?: string
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
          {status.value === value && valueTitle ? valueTitle : status.title}
        </option>
      ))}
    </select>
  )
}
