import {TZDate} from '@date-fns/tz'
import {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'

import {BUSINESS_TIME_ZONE} from '@repo/schemas/iso-date.ts'
import {BUSINESS_TIME_ZONE_NAME} from '@repo/schemas/format-date.ts'
import {
  coordinatesOf,
  durationHours,
  meetingPointInWords,
  meetingPointMapLink,
  startTimeOn,
  type TripDetails,
} from '@repo/schemas/trip-details.ts'

import {requestLinkFor, type RequestLinks} from './booking-mail-values.ts'
import type {CalendarMethod, CalendarPart} from './mail-calendar-part.ts'
import type {MailContent} from './mail-content.ts'
import {tripOf} from './trip-mail-values.ts'

/**
 * The calendar invitation of a booking (RFC 5545 / iTIP RFC 5546), written by `ical-generator`: one event per
 * booking with a stable `UID`, so a calendar that took the confirmation replaces it when the date changes (same
 * `UID`, higher `SEQUENCE`) and removes it on a cancellation (`METHOD:CANCEL`). Times are on Cape Town's clock
 * with `TZID=Africa/Johannesburg` and its `VTIMEZONE`, so every calendar shows the hour the guide waits.
 */

/** What a calendar event is made of, from the booking and its history. */
export type CalendarBooking = {
  _id: string
  booking_ref: string
  experience_title?: string | null
  date?: string | null
  name?: string | null
  email?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  status_history?: {_key: string; status?: string | null; at?: string | null}[] | null
}

/**
 * `REQUEST` and `CANCEL` travel in mails (iTIP); a file the traveller downloads is `PUBLISH`: a copy of the event
 * for their own calendar, with no attendee to answer for.
 */
export type CalendarFileMethod = CalendarMethod | 'PUBLISH'

export type CalendarOptions = {
  method: CalendarFileMethod
  /** The history entry this invitation is sent for (a confirmation, a cancellation), or the latest one. */
  entryKey?: string | undefined
  /** When it was sent: the entry's time, so composing the same mail again writes the same file. */
  stamp: string
  trip: TripDetails | null
  /** The company from site settings, and the address it sends from: the event's organiser. */
  organizer: {name: string; email: string}
  siteUrl: string
  requestLink: string
  /** A downloaded file (`PUBLISH`) of a trip no longer on: the event marked cancelled. */
  cancelled?: boolean
}

const CALENDAR_METHODS = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
} satisfies Record<CalendarFileMethod, ICalCalendarMethod>

/**
 * South Africa has kept UTC+2 without daylight saving since 1944: one standard observance describes every date a
 * trip can have. Written here rather than from a time-zone package, which would bring the whole zone database.
 */
const CAPE_TOWN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  `X-LIC-LOCATION:${BUSINESS_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0200',
  `TZNAME:${BUSINESS_TIME_ZONE_NAME}`,
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n')

const CONFIRMED = 'confirmed'
const CANCELLING = new Set(['declined', 'closed'])

/**
 * The `SEQUENCE` of the invitation sent for `entryKey`: how many invitations went before it. Every confirmation
 * sends one (the first, then one per change of date), and so does a cancellation of a confirmed booking. Counted
 * from the history, so any server composing the mail again gets the same number.
 */
export function calendarSequence(
  history: CalendarBooking['status_history'],
  entryKey?: string,
): number {
  let sent = 0
  let confirmed = false
  for (const entry of history ?? []) {
    if (entry._key === entryKey) break
    if (entry.status === CONFIRMED) {
      sent += 1
      confirmed = true
    } else if (confirmed && CANCELLING.has(entry.status ?? '')) {
      sent += 1
      confirmed = false
    }
  }
  return Math.max(0, sent - (entryKey === undefined ? 1 : 0))
}

/** Whether the booking was confirmed before `entryKey`: only then does a cancellation concern a calendar. */
export function wasConfirmedBefore(history: CalendarBooking['status_history'], entryKey?: string) {
  let confirmed = false
  for (const entry of history ?? []) {
    if (entry._key === entryKey) break
    if (entry.status === CONFIRMED) confirmed = true
    else if (CANCELLING.has(entry.status ?? '')) confirmed = false
  }
  return confirmed
}

/**
 * One event per booking, whichever server writes it, for as long as the booking lives: `booking-<id>@<site host>`,
 * the UID every invitation has carried since the first was mailed. The id itself reads `booking-…`, so the UID reads
 * `booking-booking-…`: a calendar never shows it, and an event already in a traveller's calendar is only replaced or
 * removed by a later mail with the same UID, so it is never changed (decision 197).
 */
export const calendarUid = (bookingId: string, siteUrl: string) =>
  `booking-${bookingId}@${new URL(siteUrl).hostname}`

function startAndEnd(date: string, trip: TripDetails | null) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const time = startTimeOn(date, trip)
  if (!time) return {allDay: true, start: new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE)}
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  const start = new TZDate(year, month - 1, day, hours, minutes, BUSINESS_TIME_ZONE)
  const end = new TZDate(
    start.getTime() + durationHours(trip?.duration) * 3_600_000,
    BUSINESS_TIME_ZONE,
  )
  return {allDay: false, start, end}
}

/** The booking's event as an `.ics` file, or null when it has no date to put in a calendar. */
export function bookingCalendar(booking: CalendarBooking, options: CalendarOptions): string | null {
  if (!booking.date) return null
  const {trip} = options
  const calendar = new ICalCalendar({
    prodId: {
      company: options.organizer.name || 'Cape Town experiences',
      product: 'Bookings',
      language: 'EN',
    },
    method: CALENDAR_METHODS[options.method],
  })
  const cancelled = options.method === 'CANCEL' || options.cancelled === true
  // The generator writes the zone of the event's times; no calendar-wide zone, so DTSTAMP stays in UTC.
  calendar.timezone({name: null, generator: () => CAPE_TOWN_VTIMEZONE})
  const {allDay, start, end} = startAndEnd(booking.date, trip)
  const place = meetingPointInWords(trip?.meetingPoint)
  const mapLink = meetingPointMapLink(trip?.meetingPoint)
  const at = coordinatesOf(trip?.meetingPoint)
  const description = [
    `Reference: ${booking.booking_ref}`,
    place ? `Meeting point: ${place}` : '',
    mapLink ? `Map: ${mapLink}` : '',
    `Your request: ${options.requestLink}`,
  ].filter(Boolean)
  calendar.createEvent({
    id: calendarUid(booking._id, options.siteUrl),
    sequence:
      options.entryKey === undefined
        ? calendarSequence(booking.status_history)
        : calendarSequence(booking.status_history, options.entryKey),
    stamp: new Date(options.stamp),
    start,
    ...(end ? {end} : {}),
    allDay,
    timezone: BUSINESS_TIME_ZONE,
    summary: booking.experience_title || 'Your experience',
    description: description.join('\n'),
    url: options.requestLink,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(place
      ? {
          location: {
            title: trip?.meetingPoint?.name?.trim() || place,
            ...(trip?.meetingPoint?.address?.trim()
              ? {address: trip.meetingPoint.address.trim()}
              : {}),
            ...(at ? {geo: {lat: at.lat, lon: at.lng}} : {}),
          },
        }
      : {}),
    // iTIP needs an organiser's address; without one the invitation is still a plain event.
    ...(options.organizer.email
      ? {
          organizer: {
            name: options.organizer.name || 'Cape Town experiences',
            email: options.organizer.email,
          },
        }
      : {}),
    // A published copy names no attendee: there is nobody to answer it (RFC 5546, 3.2.1).
    ...(booking.email && options.method !== 'PUBLISH'
      ? {
          attendees: [
            {
              email: booking.email,
              ...(booking.name ? {name: booking.name} : {}),
              role: ICalAttendeeRole.REQ,
              status:
                cancelled
                  ? ICalAttendeeStatus.DECLINED
                  : ICalAttendeeStatus.ACCEPTED,
              rsvp: false,
            },
          ],
        }
      : {}),
  })
  return calendar.toString()
}

/**
 * The organiser from the mail content: the company's name, and the address mails come from (site settings'
 * sender, else the team's address).
 */
export function calendarOrganizer(content: {
  brand: {company: string}
  from?: string | undefined
  teamAddress?: string | undefined
}): {name: string; email: string} {
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(content.from ?? '')?.[1] ?? content.from ?? ''
  const email = /^[^\s@<>"]+@[^\s@<>"]+$/.test(address) ? address : (content.teamAddress ?? '')
  return {name: content.brand.company, email}
}

/**
 * The calendar part of a mail about `booking`, sent for its history entry `entry` (a confirmation: `REQUEST`; a
 * cancellation of a confirmed trip: `CANCEL`), from the mail content read with the templates.
 */
export function calendarPartFor(
  booking: CalendarBooking & {experience_id?: string | null},
  entry: {_key: string; at: string},
  method: CalendarMethod,
  content: Pick<MailContent, 'brand' | 'from' | 'teamAddress' | 'trips'>,
  links: RequestLinks,
): CalendarPart | undefined {
  const ics = bookingCalendar(booking, {
    method,
    entryKey: entry._key,
    stamp: entry.at,
    trip: tripOf(booking, content),
    organizer: calendarOrganizer(content),
    siteUrl: links.siteUrl,
    requestLink: requestLinkFor(links, booking),
  })
  return ics ? {method, content: ics} : undefined
}

/** The calendar file a traveller downloads: always `PUBLISH`. */
export type CalendarFile = {method: 'PUBLISH'; content: string}

/**
 * The booking's calendar file as it stands (the request page's "Add to calendar"): the latest event, with the
 * number its mail had, published (a download is no invitation); marked cancelled once a confirmed trip was
 * declined or withdrawn; none before it is confirmed.
 */
export function currentCalendarPart(
  booking: CalendarBooking & {experience_id?: string | null; status?: string | null},
  content: Pick<MailContent, 'brand' | 'from' | 'teamAddress' | 'trips'>,
  links: RequestLinks,
): CalendarFile | undefined {
  const history = booking.status_history ?? []
  const everConfirmed = history.some((entry) => entry.status === CONFIRMED)
  const confirmed = booking.status === CONFIRMED
  const cancelled = !confirmed && everConfirmed && CANCELLING.has(booking.status ?? '')
  if (!confirmed && !cancelled) return undefined
  const ics = bookingCalendar(booking, {
    method: 'PUBLISH',
    cancelled,
    stamp: history.at(-1)?.at ?? links.now().toISOString(),
    trip: tripOf(booking, content),
    organizer: calendarOrganizer(content),
    siteUrl: links.siteUrl,
    requestLink: requestLinkFor(links, booking),
  })
  return ics ? {method: 'PUBLISH', content: ics} : undefined
}

const two = (value: number) => String(value).padStart(2, '0')
/** `20261128` or `20261128T183000`: the trip's local time on Cape Town's clock, as Google's `dates` takes it. */
const compact = (date: TZDate, allDay: boolean): string => {
  const day = `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`
  return allDay ? day : `${day}T${two(date.getHours())}${two(date.getMinutes())}00`
}

/**
 * Google Calendar's "add event" link for the trip, with the times on Cape Town's clock (`ctz`), for travellers
 * whose calendar does not open `.ics` files.
 */
export function googleCalendarLink(
  booking: Pick<CalendarBooking, 'booking_ref' | 'experience_title' | 'date'>,
  trip: TripDetails | null,
): string | null {
  if (!booking.date) return null
  const {allDay, start, end} = startAndEnd(booking.date, trip)
  const until = allDay
    ? new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + 1, BUSINESS_TIME_ZONE)
    : end!
  const place = meetingPointInWords(trip?.meetingPoint)
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: booking.experience_title || 'Your experience',
    dates: `${compact(start, allDay)}/${compact(until, allDay)}`,
    ctz: BUSINESS_TIME_ZONE,
    details: `Reference: ${booking.booking_ref}`,
    ...(place ? {location: place} : {}),
  })
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
