import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

/**
 * "Add to calendar" for a confirmed trip: the same invitation the confirmation mail carried, as a file any
 * calendar opens, and Google Calendar's own form for those who use it in a browser. Plain links: they work before
 * the page is interactive.
 */
export function AddToCalendar({
  token,
  calendar,
}: {
  token: string
  calendar: NonNullable<TravellerRequestView['calendar']>
}) {
  return (
    <section aria-labelledby="add-to-calendar-heading">
      <h2 id="add-to-calendar-heading">Add to calendar</h2>
      <ul className="add-to-calendar">
        <li>
          <a href={`/requests/${encodeURIComponent(token)}/calendar.ics`} download>
            Download the calendar file (.ics)
          </a>
        </li>
        <li>
          <a href={calendar.googleLink} rel="noopener noreferrer" target="_blank">
            Add to Google Calendar <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </section>
  )
}
