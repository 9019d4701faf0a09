import ICAL from 'ical.js'
import {describe, expect, it} from 'vitest'

import {
  bookingCalendar,
  calendarOrganizer,
  calendarSequence,
  calendarUid,
  currentCalendarPart,
  type CalendarBooking,
} from './booking-calendar.ts'

const trip = {
  meetingPoint: {
    name: 'Quay 5 ticket kiosk',
    address: 'V&A Waterfront, Cape Town',
    location: {lat: -33.905, lng: 18.419},
  },
  startTime: '18:30',
  duration: '2 hours',
}
const history = [
  {_key: 'created', status: 'new', at: '2026-11-01T08:00:00Z'},
  {_key: 'confirmed', status: 'confirmed', at: '2026-11-02T08:00:00Z'},
  {_key: 'proposal', status: 'contacted', at: '2026-11-03T08:00:00Z'},
  {_key: 'moved', status: 'confirmed', at: '2026-11-04T08:00:00Z'},
  {_key: 'declined', status: 'declined', at: '2026-11-05T08:00:00Z'},
]
const booking: CalendarBooking = {
  _id: 'booking-cal',
  booking_ref: 'CTX-CAL001',
  experience_title: 'Sunset Cruise',
  date: '2026-11-28',
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  status_history: history,
}
const options = {
  stamp: '2026-11-02T08:00:00Z',
  trip,
  organizer: {name: 'Cape Curated', email: 'hello@capecurated.co.za'},
  siteUrl: 'https://capecurated.example',
  requestLink: 'https://capecurated.example/requests/abc',
}

/** Parsed by ical.js, a real iCalendar parser: what a calendar application would read. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  const events = calendar.getAllSubcomponents('vevent')
  return {calendar, events, event: new ICAL.Event(events[0]!)}
}

/** Also run under `TZ=America/New_York` (the `zones` vitest project): the file never depends on the server's zone. */
describe('a booking’s calendar invitation', () => {
  it(`is one event at the Cape Town start, at the meeting point (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    const ics = bookingCalendar(booking, {...options, method: 'REQUEST', entryKey: 'confirmed'})!
    const {calendar, events, event} = parse(ics)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(events).toHaveLength(1)
    expect(event.uid).toBe('booking-booking-cal@capecurated.example')
    expect(event.sequence).toBe(0)
    expect(event.summary).toBe('Sunset Cruise')
    expect(events[0]!.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Africa/Johannesburg')
    expect(events[0]!.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-02T08:00:00Z')
    expect(event.startDate.toString()).toBe('2026-11-28T18:30:00')
    // 18:30 SAST is 16:30 UTC, whatever zone this process runs in.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-28T16:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-28T18:30:00.000Z')
    expect(event.location).toContain('Quay 5 ticket kiosk')
    expect(event.location).toContain('V&A Waterfront')
    expect(events[0]!.getFirstPropertyValue('geo')).toEqual([-33.905, 18.419])
    expect(event.description).toContain('CTX-CAL001')
    expect(event.description).toContain(
      'https://www.google.com/maps/search/?api=1&query=-33.905%2C18.419',
    )
    expect(String(event.organizer)).toBe('mailto:hello@capecurated.co.za')
    expect(events[0]!.getFirstProperty('organizer')!.getParameter('cn')).toBe('Cape Curated')
    expect(
      event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    ).toEqual(['mailto:thandi@example.com'])
  })

  it('keeps the UID and raises the SEQUENCE when the date changes, then cancels with the next one', () => {
    const moved = parse(
      bookingCalendar(
        {...booking, date: '2026-11-29'},
        {...options, method: 'REQUEST', entryKey: 'moved'},
      )!,
    )
    expect(moved.event.uid).toBe('booking-booking-cal@capecurated.example')
    expect(moved.event.sequence).toBe(1)
    expect(moved.event.startDate.toString()).toBe('2026-11-29T18:30:00')
    const cancelled = parse(
      bookingCalendar(
        {...booking, date: '2026-11-29'},
        {...options, method: 'CANCEL', entryKey: 'declined'},
      )!,
    )
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(cancelled.event.uid).toBe('booking-booking-cal@capecurated.example')
    expect(cancelled.event.sequence).toBe(2)
    expect(cancelled.events[0]!.getFirstPropertyValue('status')).toBe('CANCELLED')
  })

  // Decision 197: the UID is the one the invitations sent since calendars were first mailed (25 Nov 2026) carry, so an
  // event already in a traveller's calendar is replaced or removed by every later mail and file, never duplicated.
  it('keeps the UID of the events already in travellers’ calendars, in every invitation and file', () => {
    const inCalendars = 'booking-booking-cal@capecurated.example'
    expect(calendarUid('booking-cal', options.siteUrl)).toBe(inCalendars)
    for (const method of ['REQUEST', 'CANCEL', 'PUBLISH'] as const)
      expect(parse(bookingCalendar(booking, {...options, method})!).event.uid, method).toBe(
        inCalendars,
      )
  })

  it('is published, not sent as an invitation, when downloaded: no attendee, cancelled when the trip is off', () => {
    const links = {
      siteUrl: options.siteUrl,
      secret: 'a-test-secret-of-enough-length-for-links',
      now: () => new Date('2026-11-06T08:00:00Z'),
    }
    const content = {
      brand: {company: 'Cape Curated'},
      from: 'Cape Curated <hello@capecurated.co.za>',
      teamAddress: 'team@capecurated.co.za',
      trips: {},
    } as unknown as Parameters<typeof currentCalendarPart>[1]
    const on = currentCalendarPart(
      {...booking, status: 'confirmed', status_history: history.slice(0, 2)},
      content,
      links,
    )!
    expect(on.method).toBe('PUBLISH')
    const published = parse(on.content)
    expect(published.calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(published.event.uid).toBe('booking-booking-cal@capecurated.example')
    expect(published.event.attendees).toEqual([])
    expect(published.events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED')
    const off = parse(currentCalendarPart({...booking, status: 'declined'}, content, links)!.content)
    expect(off.calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(off.events[0]!.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(off.event.sequence).toBe(2)
  })

  it('counts the invitations already sent, for the current file too', () => {
    expect(calendarSequence(history, 'confirmed')).toBe(0)
    expect(calendarSequence(history, 'moved')).toBe(1)
    expect(calendarSequence(history, 'declined')).toBe(2)
    // The file as it stands: the latest invitation's number.
    expect(calendarSequence(history.slice(0, 4))).toBe(1)
    expect(
      calendarSequence(
        [
          {_key: 'a', status: 'new'},
          {_key: 'b', status: 'declined'},
        ],
        'b',
      ),
    ).toBe(0)
  })

  it('is a whole-day event without a start time, and nothing without a date', () => {
    const {event} = parse(bookingCalendar(booking, {...options, trip: null, method: 'REQUEST'})!)
    expect(event.startDate.isDate).toBe(true)
    expect(event.startDate.toString()).toBe('2026-11-28')
    expect(event.location).toBeNull()
    expect(bookingCalendar({...booking, date: null}, {...options, method: 'REQUEST'})).toBeNull()
  })

  it('names the company as organiser, from the sender in site settings or the team’s address', () => {
    expect(
      calendarOrganizer({
        brand: {company: 'Cape Curated'},
        from: '"Cape Curated" <hello@cc.example>',
      }),
    ).toEqual({name: 'Cape Curated', email: 'hello@cc.example'})
    expect(
      calendarOrganizer({brand: {company: 'Cape Curated'}, teamAddress: 'team@cc.example'}),
    ).toEqual({
      name: 'Cape Curated',
      email: 'team@cc.example',
    })
  })
})
