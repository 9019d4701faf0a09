import {randomBytes, randomUUID} from 'node:crypto'

import {
  DESK_ACTIONS,
  deskBookingSchema,
  departureMessageSchema,
  tripChangeSchema,
  type DepartureMessageAnswer,
  type DeskExperiencesAnswer,
} from '@repo/schemas/booking-desk.ts'
import {
  departureLockId,
  departureSlots,
  FULLY_BOOKED_MESSAGE,
  placesLeftMessage,
  type BookingLoad,
  type ConfirmationNumbers,
} from '@repo/schemas/capacity.ts'
import {confirmWithinPlaces, type DepartureLock} from '@repo/schemas/confirm-within-places.ts'
import {CANCELLED_DEPARTURE_MESSAGE} from '@repo/schemas/departure-cancellation.ts'
import {bookingLife} from '@repo/schemas/departure-life.ts'
import {isWithinTripWindow} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  changedByFields,
  decisionMailId,
  type ChangedBy,
  type StatusHistoryEntry,
} from '@repo/schemas/request-decisions.ts'
import type {
  BookingChanged,
  BookingConflict,
  OverCapacityConflict,
  StaffBooking,
} from '@repo/schemas/staff-bookings.ts'
import {z} from 'zod'

import {bookingMailValues, type BookingForMail} from '../lib/booking-mail-values.ts'
import {calendarPartFor} from '../lib/booking-calendar.ts'
import {consentNoticeLoader, consentRecord} from '../lib/consent-record.ts'
import {
  ACTIVE_STATUSES,
  bookableExperienceQuery,
  loadBookingRules,
} from '../lib/departure-loads.ts'
import {newReference} from '../lib/http.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument, type MailMessage} from '../lib/mailer.ts'
import {tripMailValues} from '../lib/trip-mail-values.ts'
import {staffBookingByIdQuery} from './bookings-queries.ts'
import type {DecisionDeps} from './decide-booking.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {departureTravellersQuery} from './queries/departure-travellers-query.ts'
import {deskSnapshotQuery} from './queries/desk-snapshot-query.ts'
import {experiencesWithRulesQuery} from './queries/experiences-with-rules-query.ts'

/**
 * The booking desk (docs/decisions/234-the-booking-desk.md): staff enter a booking for a guest on the phone or at the
 * desk, change a booking's date or group size, and message everyone on a departure. A new booking and a changed one
 * go through the confirmation core every booking uses (`confirmWithinPlaces`, decision 008): the places counted with
 * the departure's lock in one snapshot, the booking, its history entry naming the person, the activity entry, the
 * traveller's mail and the lock's change in one transaction, counted again when another change of the departure got
 * there first. Never beyond the places left: the desk has no "anyway".
 */

const CHANGED_MESSAGE = 'This booking was changed by someone else.'
const BUSY_MESSAGE = 'Many bookings for this departure at once. Please try again.'
export const NOT_CHANGEABLE_MESSAGE =
  'Only a request or a confirmed booking can be changed here; this one is closed.'

const newKey = () => randomBytes(6).toString('hex')

const invalid = (error: z.ZodError, what: string): HandlerResult => ({
  status: 400,
  body: {error: what, fieldErrors: z.flattenError(error).fieldErrors},
})

const fieldError = (field: string, message: string): HandlerResult => ({
  status: 400,
  body: {error: message, fieldErrors: {[field]: [message]}},
})

type Snapshot = {booking: StaffBooking | null; lock: DepartureLock; loads: BookingLoad[]}

/** Places left in words: the message staff read, with the numbers for the dialog. */
const overCapacity = (numbers: ConfirmationNumbers, booking: StaffBooking | null): HandlerResult => ({
  status: 409,
  body: {
    error: numbers.left <= 0 ? FULLY_BOOKED_MESSAGE : placesLeftMessage(numbers.left),
    code: 'over-capacity',
    capacity: numbers,
    booking,
  } satisfies Omit<OverCapacityConflict, 'booking'> & {booking: StaffBooking | null},
})

type Departure = {
  experience: {_id: string; title: string; slug: string; category?: string | null; duration?: string | null}
  rules: Awaited<ReturnType<typeof loadBookingRules>>
}

/** The experience and its rules, or why staff cannot book it: unknown, bespoke, no such time, a date not ahead. */
async function departureFor(
  deps: StaffDeps,
  trip: {experienceId: string; date: string; preferredTime: string},
): Promise<Departure | HandlerResult> {
  const experience = deps.content
    ? await deps.content.fetch(bookableExperienceQuery, {id: trip.experienceId})
    : null
  if (!experience || experience.isBespoke || !deps.content)
    return fieldError('experienceId', 'Choose an experience on the site (not a bespoke trip).')
  const rules = await loadBookingRules(deps.content, experience._id)
  const today = todayInCapeTown(deps.now())
  // Staff may book today's walk-ins: no lead time, but never a past date or one beyond the trip window.
  if (trip.date < today || !isWithinTripWindow(trip.date, today))
    return fieldError('date', 'Choose today or a date ahead within the next two years.')
  const slots = departureSlots(rules)
  if (
    trip.preferredTime &&
    !slots.includes(trip.preferredTime) &&
    !(rules.timeSlots ?? []).includes(trip.preferredTime)
  )
    return fieldError('preferredTime', `${experience.title} has no such time.`)
  return {
    experience: {
      _id: experience._id,
      title: experience.title ?? '',
      slug: experience.slug ?? trip.experienceId,
      category: experience.category,
      duration: experience.duration,
    },
    rules,
  }
}

/** The traveller's mail for a desk entry, with the calendar invitation (same UID, next SEQUENCE) when confirmed. */
function travellerMail(
  kind: 'confirmation' | 'bookingChanged',
  booking: BookingForMail & {status: string},
  entry: StatusHistoryEntry,
  content: MailContent,
  decisions: DecisionDeps,
): MailMessage {
  const mail = composeMail(
    kind,
    {...bookingMailValues(booking, decisions.links), ...tripMailValues(booking, content)},
    content,
    {to: booking.email ?? ''},
  )
  const calendar =
    booking.status === 'confirmed'
      ? calendarPartFor(booking, entry, 'REQUEST', content, decisions.links)
      : undefined
  return calendar ? {...mail, calendar} : mail
}

/** `GET /api/staff/desk/experiences`: every experience on the site the desk may book, with its time slots. */
export async function listDeskExperiences(deps: StaffDeps): Promise<HandlerResult> {
  const experiences = deps.content ? await deps.content.fetch(experiencesWithRulesQuery) : []
  const answer: DeskExperiencesAnswer = {
    experiences: experiences
      .filter((experience) => !experience.isBespoke && experience.slug)
      .map((experience) => ({
        slug: experience.slug!,
        title: experience.title ?? experience.slug!,
        timeSlots: departureSlots({timeSlots: experience.rules?.timeSlots ?? []}).filter(Boolean),
      }))
      .sort((a, b) => a.title.localeCompare(b.title, 'en-GB')),
  }
  return {status: 200, body: answer}
}

/** `POST /api/staff/bookings`: a confirmed booking for a guest on the phone or at the desk, source `staff`. */
export async function createDeskBooking(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const parsed = deskBookingSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error, 'Put right the fields marked.')
  const input = parsed.data
  const departure = await departureFor(deps, input)
  if ('status' in departure) return departure
  const {experience, rules} = departure
  const slug = experience.slug
  const id = `booking-${randomUUID()}`
  const lockId = departureLockId(slug, input.date)
  const pax = input.adults + input.children
  const [content, notice] = await Promise.all([
    decisions.mailContent(),
    consentNoticeLoader(deps.content!)(),
  ])

  return confirmWithinPlaces<Snapshot, HandlerResult>({
    rules,
    departure: {lockId, experienceId: slug, date: input.date},
    bookingId: id,
    confirmAnyway: false,
    now: deps.now,
    read: () =>
      deps.client.fetch(deskSnapshotQuery, {
        id,
        lockId,
        experience: slug,
        date: input.date,
        statuses: [...ACTIVE_STATUSES],
        self: id,
      }) as Promise<Snapshot>,
    stop: () => undefined,
    trip: () => ({date: input.date, preferredTime: input.preferredTime, pax, counts: true}),
    overCapacity: (numbers) => overCapacity(numbers, null),
    cancelled: () => ({status: 409, body: {error: CANCELLED_DEPARTURE_MESSAGE}}),
    busy: () => ({status: 409, body: {error: BUSY_MESSAGE}}),
    commit: async (_snapshot, {at, changeLock}) => {
      const key = newKey()
      const tell = input.tellTraveller && input.email !== ''
      const mailId = decisionMailId(id, DESK_ACTIONS.created, key)
      const entry: StatusHistoryEntry = {
        _key: key,
        _type: 'statusChange',
        status: 'confirmed',
        at,
        ...changedByFields(by),
        action: DESK_ACTIONS.created,
        ...(tell ? {mail_id: mailId} : {note: 'The traveller was not mailed.'}),
      }
      const booking = {
        _id: id,
        _type: 'booking',
        booking_ref: newReference('CTE'),
        source: 'staff',
        experience_id: slug,
        experience_title: experience.title,
        category: experience.category ?? '',
        duration: experience.duration ?? '',
        date: input.date,
        preferred_time: input.preferredTime,
        pax_adults: input.adults,
        pax_children: input.children,
        pax_total: pax,
        name: input.name,
        ...(input.email ? {email: input.email} : {}),
        ...(input.phone ? {phone: input.phone} : {}),
        language: input.language,
        marketing_opt_in: false,
        created_at: at,
        status: 'confirmed',
        status_history: [entry],
      }
      const consent = consentRecord(notice, ['deskByPhone'], at)
      const transaction = deps.client.transaction()
      transaction.create({...booking, consent_record: consent.record})
      transaction.createIfNotExists(consent.versionDocument.createIfNotExists)
      if (tell)
        transaction.createIfNotExists(
          outboxMailDocument(
            mailId,
            travellerMail('confirmation', booking, entry, content, decisions),
            id,
            at,
          ),
        )
      const created = await commitDeskWrite(deps, decisions, transaction, changeLock, {
        id,
        ref: booking.booking_ref,
        tell,
      })
      return {status: 201, body: {booking: created} as BookingChanged}
    },
  })
}

/**
 * The end of every desk write: the activity entry and the departure's lock join the booking's transaction, then the
 * overview's counts are dropped, the outbox is woken if a mail was queued, and the booking is read back for staff.
 */
async function commitDeskWrite(
  deps: StaffDeps,
  decisions: DecisionDeps,
  transaction: ReturnType<StaffDeps['client']['transaction']>,
  changeLock: (transaction: ReturnType<StaffDeps['client']['transaction']>) => void,
  {id, ref, tell}: {id: string; ref: string | null | undefined; tell: boolean},
) {
  if (deps.activity) transaction.create(deps.activity({booking: {id, ref}}))
  changeLock(transaction)
  await transaction.commit({visibility: 'sync'})
  deps.overview?.clear()
  if (tell) decisions.queued()
  return deps.client.fetch(staffBookingByIdQuery, {id})
}

/** `PATCH /api/staff/bookings/:id/trip`: another date, time or group size, within the places left. */
export async function changeDeskTrip(
  deps: StaffDeps,
  decisions: DecisionDeps,
  id: string,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const parsed = tripChangeSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error, 'Put right the fields marked.')
  const input = parsed.data
  const first = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!first) return {status: 404, body: {error: 'Booking not found'}}
  if (first._rev !== input.revision)
    return {status: 409, body: {error: CHANGED_MESSAGE, booking: first} satisfies BookingConflict}
  if (!['requested', 'contacted', 'proposed', 'confirmed'].includes(bookingLife(first)))
    return {status: 409, body: {error: NOT_CHANGEABLE_MESSAGE, booking: first}}
  const departure = await departureFor(deps, {...input, experienceId: first.experience_id ?? ''})
  if ('status' in departure) return departure
  const {experience, rules} = departure
  const slug = experience.slug
  const lockId = departureLockId(slug, input.date)
  const pax = input.adults + input.children
  const content = await decisions.mailContent()

  return confirmWithinPlaces<Snapshot, HandlerResult>({
    rules,
    departure: {lockId, experienceId: slug, date: input.date},
    bookingId: id,
    confirmAnyway: false,
    now: deps.now,
    read: () =>
      deps.client.fetch(deskSnapshotQuery, {
        id,
        lockId,
        experience: slug,
        date: input.date,
        statuses: [...ACTIVE_STATUSES],
        self: id,
      }) as Promise<Snapshot>,
    stop: ({booking}) => {
      if (!booking) return {status: 404, body: {error: 'Booking not found'}}
      if (booking._rev !== input.revision)
        return {status: 409, body: {error: CHANGED_MESSAGE, booking} satisfies BookingConflict}
      return undefined
    },
    trip: () => ({date: input.date, preferredTime: input.preferredTime, pax, counts: true}),
    overCapacity: (numbers, {booking}) => overCapacity(numbers, booking),
    cancelled: ({booking}) => ({
      status: 409,
      body: {error: CANCELLED_DEPARTURE_MESSAGE, booking} satisfies BookingConflict,
    }),
    busy: () => ({status: 409, body: {error: BUSY_MESSAGE, booking: first}}),
    commit: async ({booking}, {at, changeLock}) => {
      const current = booking!
      const key = newKey()
      const tell = input.tellTraveller && Boolean(current.email)
      const mailId = decisionMailId(id, DESK_ACTIONS.changed, key)
      const was = `${current.date ?? ''} ${current.preferred_time ?? ''}, ${current.pax_adults ?? 0}+${current.pax_children ?? 0}`
      const entry: StatusHistoryEntry = {
        _key: key,
        _type: 'statusChange',
        // The status stays; a confirmed booking's entry is a confirmation again, so its invitation's SEQUENCE rises.
        status: current.status,
        at,
        ...changedByFields(by),
        action: DESK_ACTIONS.changed,
        note: `Was ${was.trim()}.${tell ? '' : ' The traveller was not mailed.'}`,
        ...(tell ? {mail_id: mailId} : {}),
      }
      const fields = {
        date: input.date,
        preferred_time: input.preferredTime,
        pax_adults: input.adults,
        pax_children: input.children,
        pax_total: pax,
      }
      const transaction = deps.client.transaction()
      transaction.patch(id, (p) =>
        p
          .ifRevisionId(input.revision)
          .set(fields)
          .setIfMissing({status_history: []})
          .append('status_history', [entry]),
      )
      if (tell) {
        const moved = {
          ...current,
          ...fields,
          status_history: [...(current.status_history ?? []), entry],
        }
        transaction.createIfNotExists(
          outboxMailDocument(
            mailId,
            travellerMail('bookingChanged', moved, entry, content, decisions),
            id,
            at,
          ),
        )
      }
      const updated = await commitDeskWrite(deps, decisions, transaction, changeLock, {
        id,
        ref: current.booking_ref,
        tell,
      })
      return {status: 200, body: {booking: updated} as BookingChanged}
    },
  })
}

/**
 * `POST /api/staff/departures/message`: the editors' `departureMessage` template with staff's words, to every
 * traveller on the departure with an address. Each booking's history entry (naming the person) and its outbox mail
 * commit together, guarded by the booking's revision; the outbox sends each mail document once, whichever server
 * runs it (functions/lib/mailer.ts).
 */
export async function messageDeparture(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const parsed = departureMessageSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error, 'Put right the fields marked.')
  const {experience, date, message} = parsed.data
  const content = await decisions.mailContent()
  const key = newKey()
  let told = 0
  const travellers = await deps.client.fetch(departureTravellersQuery, {
    experience,
    date,
    statuses: [...ACTIVE_STATUSES],
  })
  if (travellers.length === 0)
    return fieldError('date', 'Nobody with an email address is on this departure.')
  for (const traveller of travellers) {
    // Read again after a race with another change of the booking, so each booking is told once.
    let booking: typeof traveller | null = traveller
    for (let attempt = 0; booking && attempt < 5; attempt++) {
      const at = deps.now().toISOString()
      const mailId = decisionMailId(booking._id, DESK_ACTIONS.messaged, key)
      const entry: StatusHistoryEntry = {
        _key: key,
        _type: 'statusChange',
        status: booking.status as StatusHistoryEntry['status'],
        at,
        ...changedByFields(by),
        action: DESK_ACTIONS.messaged,
        message,
        mail_id: mailId,
      }
      const mail = composeMail(
        'departureMessage',
        {
          ...bookingMailValues(booking, decisions.links),
          ...tripMailValues(booking, content),
          message,
        },
        content,
        {to: booking.email ?? ''},
      )
      const transaction = deps.client
        .transaction()
        .patch(booking._id, (p) =>
          p
            .ifRevisionId(booking!._rev)
            .setIfMissing({status_history: []})
            .append('status_history', [entry]),
        )
        .createIfNotExists(outboxMailDocument(mailId, mail, booking._id, at))
      if (deps.activity)
        transaction.create(deps.activity({booking: {id: booking._id, ref: booking.booking_ref}}))
      try {
        await transaction.commit({visibility: 'sync'})
        told += 1
        break
      } catch (error) {
        if (!isConflict(error)) throw error
        const id: string = booking._id
        booking =
          (await deps.client.fetch(departureTravellersQuery, {
            experience,
            date,
            statuses: [...ACTIVE_STATUSES],
          })).find((b) => b._id === id) ?? null
      }
    }
  }
  deps.overview?.clear()
  decisions.queued()
  return {status: 200, body: {told} satisfies DepartureMessageAnswer}
}
