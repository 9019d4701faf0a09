import {randomBytes, randomUUID} from 'node:crypto'

import type {SanityClient} from '@sanity/client'
import {
  AvailabilityStatus,
  BookingStatus,
  DeliveryFormat,
  DeliveryMethod,
  RedemptionMethod,
  Refund,
  type Availability,
  type Booking,
  type Contact,
  type UnitItem,
} from '@octocloud/types'

import {departureLockId, type BookingLoad, type BookingRules} from '@repo/schemas/capacity.ts'
import {confirmWithinPlaces, type DepartureLock} from '@repo/schemas/confirm-within-places.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {checkTrip} from '@repo/schemas/trip-check.ts'

import {ACTIVE_STATUSES, loadCancelledDates} from '../lib/departure-loads.ts'
import {newReference, sha256} from '../lib/http.ts'
import {cutoffOf, utcSeconds} from './availability.ts'
import {requestHash} from '../lib/idempotency.ts'
import {
  ADULT_UNIT,
  CHILD_UNIT,
  OPTION_ID,
  departuresOf,
  loadCatalogueEntry,
  pricingOf,
  unitPrice,
  type Capabilities,
  type CatalogueEntry,
} from './catalogue.ts'
import {decisionMailId} from '@repo/schemas/request-decisions.ts'

import type {RequestLinks} from '../lib/booking-mail-values.ts'
import type {MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument} from '../lib/mailer.ts'
import {decisionMail} from '../staff/decide-booking.ts'
import {octoActivity} from './activity.ts'
import {fail, OctoFailure, octoError} from './octo-errors.ts'
import type {Reseller} from './resellers.ts'
import {expiredHoldsQuery} from './queries/expired-holds-query.ts'
import {octoBookingQuery} from './queries/octo-booking-query.ts'
import {octoBookingsListQuery} from './queries/octo-bookings-list-query.ts'
import {octoDepartureLockQuery} from './queries/octo-departure-lock-query.ts'
import {octoSnapshotQuery} from './queries/octo-snapshot-query.ts'

/**
 * A reseller's booking (docs/decisions/200-octo-supplier-api.md): an `octoBooking` document in the private
 * bookings dataset, its id made from the reseller and the OCTO `uuid` (the idempotency key), so a retried reserve
 * finds the first and another reseller's uuid names another document. While `on_hold` it holds its places like a
 * waitlist offer (schemas/src/held-places-query.ts: every count reads it); confirming it creates the confirmed
 * `booking` staff see, in the same transaction as the hold's end and the departure lock's change.
 */
export type OctoState = 'on_hold' | 'confirmed' | 'cancelled' | 'expired'

export type StoredContact = {
  full_name?: string | null
  first_name?: string | null
  last_name?: string | null
  email?: string | null
  phone?: string | null
  country?: string | null
  notes?: string | null
  locales?: string[]
}

export type OctoBookingDocument = {
  _id: string
  _rev?: string
  _type: 'octoBooking'
  uuid: string
  reseller_id: string
  reseller_name: string
  state: OctoState
  request_hash: string
  product_id: string
  experience_id: string
  experience_title: string
  date: string
  preferred_time: string
  availability_id: string
  /** The departure's local end and the reseller's cut-off, as when it was booked. */
  availability_end?: string
  utc_cutoff?: string
  unit_items: {_key: string; uuid: string; unit_id: string; reseller_reference?: string | null}[]
  pax_adults: number
  pax_children: number
  pax_total: number
  /**
   * The editors' price per person when the hold was made or last changed, in ZAR cents (catalogue.ts `unitPrice`):
   * what octo/pricing shows on the booking, whatever the price is later.
   */
  unit_price?: number | null
  reseller_reference?: string | null
  supplier_reference: string
  notes?: string | null
  contact?: StoredContact
  created_at: string
  updated_at: string
  hold_until: string
  confirmed_at?: string | null
  cancelled_at?: string | null
  cancel_reason?: string | null
  booking_id?: string | null
  /** The site booking's status, projected when read (staff may have cancelled it). */
  booking_status?: string | null
}

export const DEFAULT_HOLD_MINUTES = 30
/** The reason a reseller reads when staff cancelled its confirmed booking on the site. */
export const SUPPLIER_CANCELLED_REASON = 'Cancelled by the supplier.'
/** The longest hold a reseller may ask for: a day. */
export const MAX_HOLD_MINUTES = 24 * 60

export const octoBookingId = (resellerId: string, uuid: string) =>
  `octo-${sha256(`${resellerId}:${uuid}`).slice(0, 40)}`

type Snapshot = {booking: OctoBookingDocument | null; lock: DepartureLock; loads: BookingLoad[]}

export type BookingDeps = {
  content: SanityClient
  bookings: SanityClient
  now: () => Date
  today: () => string
  /** The traveller's confirmation with its calendar invitation, when the reseller asked for it (`emailReceipt`). */
  mail?: TravellerMail | undefined
}

export type TravellerMail = {
  content: () => Promise<MailContent>
  links: RequestLinks
  /** Tells the outbox there is mail to send now. */
  queued?: () => void
}

export type ReserveInput = {
  uuid?: string | undefined
  productId: string
  optionId: string
  availabilityId: string
  expirationMinutes?: number | undefined
  notes?: string | null | undefined
  resellerReference?: string | undefined
  unitItems?:
    | {unitId: string; uuid?: string | undefined; resellerReference?: string | undefined}[]
    | undefined
  contact?: ContactInput | undefined
}

export type ContactInput = {
  fullName?: string | null | undefined
  firstName?: string | null | undefined
  lastName?: string | null | undefined
  emailAddress?: string | null | undefined
  phoneNumber?: string | null | undefined
  country?: string | null | undefined
  notes?: string | null | undefined
  locales?: string[] | undefined
}

const storedContact = (contact: ContactInput | undefined): StoredContact => ({
  full_name: contact?.fullName ?? null,
  first_name: contact?.firstName ?? null,
  last_name: contact?.lastName ?? null,
  email: contact?.emailAddress ?? null,
  phone: contact?.phoneNumber ?? null,
  country: contact?.country ?? null,
  notes: contact?.notes ?? null,
  locales: contact?.locales ?? [],
})

const toContact = (stored: StoredContact | undefined): Contact => {
  const first = stored?.first_name ?? null
  const last = stored?.last_name ?? null
  return {
    fullName: stored?.full_name ?? ([first, last].filter(Boolean).join(' ') || null),
    firstName: first,
    lastName: last,
    emailAddress: stored?.email ?? null,
    phoneNumber: stored?.phone ?? null,
    locales: stored?.locales ?? [],
    postalCode: null,
    country: stored?.country ?? null,
    notes: stored?.notes ?? null,
  }
}

/** What the reseller is told: the stored state, an on-hold past its time as EXPIRED, a booking staff cancelled as CANCELLED. */
export function octoStatus(document: OctoBookingDocument, now: Date): BookingStatus {
  if (document.state === 'on_hold')
    return Date.parse(document.hold_until) <= now.getTime()
      ? BookingStatus.EXPIRED
      : BookingStatus.ON_HOLD
  if (document.state === 'confirmed')
    return document.booking_status && document.booking_status !== 'confirmed'
      ? BookingStatus.CANCELLED
      : BookingStatus.CONFIRMED
  if (document.state === 'cancelled') return BookingStatus.CANCELLED
  return BookingStatus.EXPIRED
}

/**
 * The booking as OCTO writes it. `availability` is the departure as it stands now (the routes count it); without it,
 * the departure's times alone, with its numbers unknown (null).
 */
export function toOctoBooking(
  document: OctoBookingDocument,
  now: Date,
  availability?: Availability | null,
  capabilities: Capabilities = {pricing: false, content: false},
): Booking {
  const status = octoStatus(document, now)
  // octo/pricing: each unit item at the price per person the hold was made at, and the booking's total.
  const price = (units: number) =>
    capabilities.pricing && typeof document.unit_price === 'number'
      ? {pricing: pricingOf(document.unit_price * units)}
      : {}
  const unitItems: UnitItem[] = document.unit_items.map((item) => ({
    ...price(1),
    uuid: item.uuid,
    resellerReference: item.reseller_reference ?? null,
    supplierReference: `${document.supplier_reference}-${item._key}`,
    unitId: item.unit_id,
    status,
    utcRedeemedAt: null,
    contact: toContact(undefined),
    ticket: null,
  }))
  return {
    id: document._id,
    uuid: document.uuid,
    testMode: false,
    resellerReference: document.reseller_reference ?? null,
    supplierReference: document.supplier_reference,
    status,
    utcCreatedAt: utcSeconds(document.created_at),
    utcUpdatedAt: utcSeconds(document.updated_at),
    utcExpiresAt: status === BookingStatus.ON_HOLD ? utcSeconds(document.hold_until) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: document.confirmed_at ? utcSeconds(document.confirmed_at) : null,
    productId: document.product_id,
    optionId: OPTION_ID,
    cancellable: status === BookingStatus.ON_HOLD || status === BookingStatus.CONFIRMED,
    cancellation:
      status === BookingStatus.CANCELLED
        ? {
            refund: Refund.FULL,
            // Staff cancelled the site booking (one booking, or its departure): cancelled by the supplier.
            reason:
              document.cancel_reason ??
              (document.state === 'confirmed' ? SUPPLIER_CANCELLED_REASON : null),
            utcCancelledAt: utcSeconds(document.cancelled_at ?? document.updated_at),
          }
        : null,
    freesale: false,
    availabilityId: document.availability_id,
    availability: availability ?? {
      id: document.availability_id,
      localDateTimeStart: document.availability_id,
      localDateTimeEnd: document.availability_end ?? document.availability_id,
      utcCutoffAt: utcSeconds(document.utc_cutoff ?? document.created_at),
      allDay: false,
      available: false,
      status: AvailabilityStatus.CLOSED,
      vacancies: null,
      capacity: null,
      maxUnits: null,
      openingHours: [],
    },
    contact: toContact(document.contact),
    notes: document.notes ?? null,
    ...price(document.unit_items.length),
    // The reference as a QR code; the guide's manifest admits the travellers (catalogue.ts).
    deliveryMethods: [DeliveryMethod.VOUCHER],
    voucher: {
      redemptionMethod: RedemptionMethod.MANIFEST,
      utcRedeemedAt: null,
      deliveryOptions: [
        {deliveryFormat: DeliveryFormat.QRCODE, deliveryValue: document.supplier_reference},
      ],
    },
    unitItems,
  }
}

const holdUntil = (now: Date, minutes: number | undefined) =>
  new Date(now.getTime() + (minutes ?? DEFAULT_HOLD_MINUTES) * 60_000).toISOString()

/** The departure an availability id names for `entry`, or null. */
function departureFor(entry: CatalogueEntry, availabilityId: string) {
  const date = availabilityId.slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const departure = departuresOf(entry, date).find((d) => d.id === availabilityId)
  return departure ? {date, ...departure} : null
}

export async function loadOwnBooking(
  deps: BookingDeps,
  reseller: Reseller,
  uuid: string,
): Promise<OctoBookingDocument> {
  for (;;) {
    const found: OctoBookingDocument | null = await deps.bookings.fetch(octoBookingQuery, {
      id: octoBookingId(reseller._id, uuid),
      reseller: reseller._id,
    })
    if (!found) return fail('INVALID_BOOKING_UUID', 'No booking with this uuid.', {uuid})
    const released = await releaseIfBlackedOut(deps, found)
    if (released !== 'changed') return released
  }
}

/** Why a hold on a date editors have since blacked out was ended (docs/decisions/222-octo-closed-departures.md). */
export const BLACKED_OUT_REASON = 'Cancelled by the supplier: this date is no longer sold.'

/**
 * A hold on a date editors blacked out after it was made is released when the reseller next reads or acts on it: a
 * blacked-out date has no departure, so its places count nowhere, and the hold reads CANCELLED (cancelled by the
 * supplier) instead of waiting to expire. Revision-checked: 'changed' when someone else changed the hold first.
 */
async function releaseIfBlackedOut(
  deps: BookingDeps,
  document: OctoBookingDocument,
): Promise<OctoBookingDocument | 'changed'> {
  if (octoStatus(document, deps.now()) !== BookingStatus.ON_HOLD) return document
  const entry = await loadCatalogueEntry(deps.content, [], document.product_id)
  if (!entry || !entry.rules.blackoutDates.includes(document.date)) return document
  const at = deps.now().toISOString()
  const fields = {
    state: 'cancelled' as const,
    cancelled_at: at,
    cancel_reason: BLACKED_OUT_REASON,
    updated_at: at,
  }
  try {
    await deps.bookings
      .patch(document._id)
      .ifRevisionId(document._rev!)
      .set(fields)
      .commit({visibility: 'sync'})
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 409) return 'changed'
    throw error
  }
  return {...document, ...fields}
}

/**
 * `POST /octo/bookings`: a hold on a departure's places, through the same count-and-lock as every confirmation
 * (schemas/src/confirm-within-places.ts): of a reseller and a staff confirmation racing for the last places, one
 * commits and the other counts again and is refused. The same uuid with the same body answers the first booking;
 * with another body it is refused and nothing changes.
 */
export async function reserve(
  deps: BookingDeps,
  reseller: Reseller,
  input: ReserveInput,
): Promise<OctoBookingDocument> {
  const uuid = input.uuid ?? randomUUID()
  const id = octoBookingId(reseller._id, uuid)
  const hash = requestHash({...input, uuid})
  const sameRequest = (stored: OctoBookingDocument) => {
    if (stored.request_hash !== hash)
      fail(
        'UNPROCESSABLE_ENTITY',
        'This uuid was already used for a different booking. Send the new booking with a new uuid.',
      )
    return stored
  }
  const existing: OctoBookingDocument | null = await deps.bookings.fetch(octoBookingQuery, {
    id,
    reseller: reseller._id,
  })
  if (existing) return sameRequest(existing)

  const entry = await loadCatalogueEntry(deps.content, reseller.experiences, input.productId)
  if (!entry) fail('INVALID_PRODUCT_ID', 'No product with this id.', {productId: input.productId})
  const product = entry!
  if (input.optionId !== OPTION_ID)
    fail('INVALID_OPTION_ID', 'No option with this id.', {optionId: input.optionId})
  const place = await placement(deps, product, input.availabilityId, input.unitItems ?? [])

  const now = deps.now()
  const at = now.toISOString()
  const document: OctoBookingDocument = {
    _id: id,
    _type: 'octoBooking',
    uuid,
    reseller_id: reseller._id,
    reseller_name: reseller.name,
    state: 'on_hold',
    request_hash: hash,
    product_id: product._id,
    experience_id: product.slug,
    experience_title: product.title,
    ...place.fields,
    reseller_reference: input.resellerReference ?? null,
    supplier_reference: newReference('CTE'),
    notes: input.notes ?? null,
    contact: storedContact(input.contact),
    created_at: at,
    updated_at: at,
    hold_until: holdUntil(now, input.expirationMinutes),
  }
  const result = await holdUnderLock(deps, id, place, {
    exclude: '',
    // A twin of this request committed first (a retry, another server): its answer.
    stop: (booking) => booking ?? undefined,
    commit: (transaction) => {
      transaction.create(document)
      transaction.create(octoActivity(reseller, 'reserve', now, document))
      return document
    },
  })
  return sameRequest(result)
}

type UnitItemInput = {
  unitId: string
  uuid?: string | undefined
  resellerReference?: string | undefined
}

/** Where and for whom a hold is: checked against the product and the booking rules, before the places are counted. */
type Placement = {
  entry: CatalogueEntry
  rules: BookingRules
  date: string
  slot: string
  pax: number
  fields: Pick<
    OctoBookingDocument,
    | 'date'
    | 'preferred_time'
    | 'availability_id'
    | 'availability_end'
    | 'utc_cutoff'
    | 'unit_items'
    | 'pax_adults'
    | 'pax_children'
    | 'pax_total'
    | 'unit_price'
  >
}

async function placement(
  deps: BookingDeps,
  entry: CatalogueEntry,
  availabilityId: string,
  unitItems: UnitItemInput[],
): Promise<Placement> {
  const unknown = unitItems.find((u) => u.unitId !== ADULT_UNIT && u.unitId !== CHILD_UNIT)
  if (unknown) fail('INVALID_UNIT_ID', 'No unit with this id.', {unitId: unknown.unitId})
  const departure = departureFor(entry, availabilityId)
  if (!departure)
    fail('INVALID_AVAILABILITY_ID', 'No departure with this availability id.', {availabilityId})
  const {date, slot, start, end} = departure!
  if (unitItems.length === 0) fail('UNPROCESSABLE_ENTITY', 'Give at least one unit item.')
  const adults = unitItems.filter((u) => u.unitId === ADULT_UNIT).length
  const children = unitItems.length - adults
  if (adults === 0) fail('UNPROCESSABLE_ENTITY', 'Children travel with at least one adult.')
  const cancelled = await loadCancelledDates(deps.bookings, {
    experience: entry.slug,
    from: date,
    to: date,
  })
  const rules = withCancelledDates(entry.rules, cancelled)
  // The rules the traveller's request meets (date window, lead time, blackouts, group size), without the places,
  // which are counted under the lock.
  const [problem] = checkTrip(
    rules,
    {date, adults, children, time: slot},
    deps.today(),
    null,
  ).problems
  if (problem) fail('UNPROCESSABLE_ENTITY', problem.message)
  return {
    entry,
    rules,
    date,
    slot,
    pax: adults + children,
    fields: {
      date,
      preferred_time: slot,
      availability_id: availabilityId,
      availability_end: end,
      utc_cutoff: cutoffOf(rules, date, start),
      unit_items: unitItems.map((item) => ({
        _key: randomBytes(6).toString('hex'),
        uuid: item.uuid ?? randomUUID(),
        unit_id: item.unitId,
        reseller_reference: item.resellerReference ?? null,
      })),
      pax_adults: adults,
      pax_children: children,
      pax_total: adults + children,
      unit_price: unitPrice(entry)?.retail ?? null,
    },
  }
}

/**
 * Takes a departure's places for a hold through the one count-and-lock every confirmation uses
 * (schemas/src/confirm-within-places.ts): `exclude` is a hold whose own places are not counted (it is moving or
 * changing size); `commit` adds the hold's write to the transaction that changes the departure's lock.
 */
async function holdUnderLock(
  deps: BookingDeps,
  id: string,
  place: Placement,
  hold: {
    exclude: string
    stop: (booking: OctoBookingDocument | null) => OctoBookingDocument | undefined
    commit: (transaction: ReturnType<SanityClient['transaction']>) => OctoBookingDocument
  },
): Promise<OctoBookingDocument> {
  const {entry, rules, date, slot, pax} = place
  const lockId = departureLockId(entry.slug, date)
  const result = await confirmWithinPlaces<Snapshot, OctoBookingDocument | Response>({
    rules,
    departure: {lockId, experienceId: entry.slug, date},
    bookingId: id,
    confirmAnyway: false,
    now: deps.now,
    read: () =>
      deps.bookings.fetch(octoSnapshotQuery, {
        id,
        lockId,
        experience: entry.slug,
        date,
        statuses: [...ACTIVE_STATUSES],
        self: null,
        exclude: hold.exclude,
      }),
    stop: ({booking}) => hold.stop(booking),
    trip: () => ({date, preferredTime: slot, pax, counts: true}),
    overCapacity: ({left}) =>
      octoError(
        'UNPROCESSABLE_ENTITY',
        left === 0
          ? 'This departure is sold out.'
          : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left on this departure.`,
      ),
    cancelled: () => octoError('UNPROCESSABLE_ENTITY', 'This departure is closed.'),
    busy: () =>
      octoError('INTERNAL_SERVER_ERROR', 'Many bookings for this departure at once. Try again.'),
    commit: async (_snapshot, {changeLock}) => {
      const transaction = deps.bookings.transaction()
      const written = hold.commit(transaction)
      changeLock(transaction)
      await transaction.commit({visibility: 'sync'})
      return written
    },
  })
  if (result instanceof Response) throw new OctoFailure(result)
  return result
}

/** Thrown to have `conflictRetry` read the booking again: it changed since it was read. */
const changedMeanwhile = () => Object.assign(new Error('changed meanwhile'), {statusCode: 409})

const sameUnits = (document: OctoBookingDocument, unitItems: UnitItemInput[]) =>
  document.unit_items
    .map((u) => u.unit_id)
    .sort()
    .join() ===
  unitItems
    .map((u) => u.unitId)
    .sort()
    .join()

/**
 * Moves a hold to another departure or changes its units: the new places are counted without the hold's own, under
 * the new departure's lock, and the hold's revision must be the one read (else read again). Holds only: a confirmed
 * booking is changed by cancelling and booking again.
 */
async function changeHold(
  deps: BookingDeps,
  document: OctoBookingDocument,
  change: {availabilityId?: string | undefined; unitItems?: UnitItemInput[] | undefined},
): Promise<OctoBookingDocument> {
  const availabilityId = change.availabilityId ?? document.availability_id
  const unitItems =
    change.unitItems ??
    document.unit_items.map((u) => ({
      unitId: u.unit_id,
      uuid: u.uuid,
      ...(u.reseller_reference ? {resellerReference: u.reseller_reference} : {}),
    }))
  if (availabilityId === document.availability_id && sameUnits(document, unitItems)) return document
  if (octoStatus(document, deps.now()) !== BookingStatus.ON_HOLD)
    fail('UNPROCESSABLE_ENTITY', 'Only a booking on hold can change its departure or units.')
  const entry = await loadCatalogueEntry(deps.content, [], document.product_id)
  if (!entry) fail('UNPROCESSABLE_ENTITY', 'This product is no longer sold.')
  const place = await placement(deps, entry!, availabilityId, unitItems)
  return holdUnderLock(deps, document._id, place, {
    exclude: document._id,
    stop: (booking) => {
      if (booking?._rev !== document._rev) throw changedMeanwhile()
      return undefined
    },
    commit: (transaction) => {
      const at = deps.now().toISOString()
      transaction.patch(document._id, (p) =>
        p.ifRevisionId(document._rev!).set({...place.fields, updated_at: at}),
      )
      return {...document, ...place.fields, updated_at: at}
    },
  })
}

const refuseUnless = (document: OctoBookingDocument, now: Date, allowed: BookingStatus[]) => {
  const status = octoStatus(document, now)
  if (!allowed.includes(status))
    fail('UNPROCESSABLE_ENTITY', `This booking is ${status.toLowerCase().replace('_', ' ')}.`)
  return status
}

const conflictRetry = async <T>(run: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await run()
    } catch (error) {
      if ((error as {statusCode?: number}).statusCode !== 409) throw error
    }
  }
  return fail('INTERNAL_SERVER_ERROR', 'This booking is changing too often at once. Try again.')
}

/** `POST /octo/bookings/:uuid/extend`: a later `utcExpiresAt` for a booking still on hold. */
export function extend(deps: BookingDeps, reseller: Reseller, uuid: string, minutes?: number) {
  return conflictRetry(async () => {
    const document = await loadOwnBooking(deps, reseller, uuid)
    refuseUnless(document, deps.now(), [BookingStatus.ON_HOLD])
    const now = deps.now()
    await deps.bookings
      .transaction()
      .patch(document._id, (p) =>
        p
          .ifRevisionId(document._rev!)
          .set({hold_until: holdUntil(now, minutes), updated_at: now.toISOString()}),
      )
      .create(octoActivity(reseller, 'extend', now, document))
      .commit({visibility: 'sync'})
    return loadOwnBooking(deps, reseller, uuid)
  })
}

export type ConfirmInput = {
  resellerReference?: string | undefined
  contact?: ContactInput | undefined
  emailReceipt?: boolean | undefined
  unitItems?: UnitItemInput[] | undefined
}

/**
 * `POST /octo/bookings/:uuid/confirm`: the hold becomes the confirmed `booking` staff see (dashboard, departures,
 * manifest), in one transaction with the hold's end and the departure lock's change. The places it held pass to
 * the booking, so nothing is counted twice or left uncounted. A confirmed booking confirmed again answers as it is.
 */
export async function confirm(
  deps: BookingDeps,
  reseller: Reseller,
  uuid: string,
  input: ConfirmInput,
) {
  return conflictRetry(async () => {
    const held = await loadOwnBooking(deps, reseller, uuid)
    const status = refuseUnless(held, deps.now(), [BookingStatus.ON_HOLD, BookingStatus.CONFIRMED])
    if (status === BookingStatus.CONFIRMED) return held
    // Units changed at confirmation are counted again first, as a change of the hold.
    const document = input.unitItems?.length
      ? await changeHold(deps, held, {unitItems: input.unitItems})
      : held
    const now = deps.now()
    const at = now.toISOString()
    const contact = {...document.contact, ...pickDefined(storedContact(input.contact))}
    const bookingId = `booking-${document._id}`
    const name =
      contact.full_name ||
      [contact.first_name, contact.last_name].filter(Boolean).join(' ') ||
      `Guest of ${reseller.name}`
    const lockId = departureLockId(document.experience_id, document.date)
    const lock = await deps.bookings.fetch(octoDepartureLockQuery, {id: lockId})
    if (lock?.cancelled_at) fail('UNPROCESSABLE_ENTITY', 'This departure is closed.')
    // Our mails reach the traveller only when the reseller gave their address and asked for it (OCTO's
    // `emailReceipt`: docs/decisions/223-reseller-travellers-personal-data.md): the booking then has the address, so the
    // reminders and a cancelled departure's mail find it; never marketing (`marketing_opt_in: false`, no review
    // request). Without it, the booking has no address and the reseller tells its traveller.
    const mailTo = input.emailReceipt === true && contact.email ? contact.email : undefined
    const created = {
      _key: 'created',
      _type: 'statusChange',
      status: 'confirmed',
      at,
      by: `reseller:${reseller.name}`,
      ...(mailTo ? {action: 'confirm', mail_id: decisionMailId(bookingId, 'confirm', 'created')} : {}),
    }
    const transaction = deps.bookings.transaction()
    transaction.patch(document._id, (p) =>
      p.ifRevisionId(document._rev!).set({
        state: 'confirmed',
        confirmed_at: at,
        updated_at: at,
        booking_id: bookingId,
        contact,
        ...(input.resellerReference ? {reseller_reference: input.resellerReference} : {}),
      }),
    )
    transaction.createIfNotExists({
      _id: bookingId,
      _type: 'booking',
      booking_ref: document.supplier_reference,
      experience_id: document.experience_id,
      experience_title: document.experience_title,
      date: document.date,
      preferred_time: document.preferred_time,
      pax_adults: document.pax_adults,
      pax_children: document.pax_children,
      pax_total: document.pax_total,
      name,
      email: mailTo,
      phone: contact.phone ?? undefined,
      country: contact.country ?? undefined,
      notes: document.notes ?? undefined,
      marketing_opt_in: false,
      source: 'reseller',
      reseller_id: reseller._id,
      reseller_name: reseller.name,
      reseller_reference: input.resellerReference ?? document.reseller_reference ?? undefined,
      octo_booking: document._id,
      created_at: at,
      status: 'confirmed',
      status_history: [created],
    })
    const mail = mailTo && deps.mail
    if (mail) {
      // The confirmation staff would send, with its calendar invitation, in the same transaction.
      const message = decisionMail(
        {
          _id: bookingId,
          booking_ref: document.supplier_reference,
          experience_id: document.experience_id,
          experience_title: document.experience_title,
          date: document.date,
          preferred_time: document.preferred_time,
          pax_adults: document.pax_adults,
          pax_children: document.pax_children,
          name,
          email: mailTo,
          status: 'confirmed',
          status_history: [created],
        } as never,
        {...created, action: 'confirm'} as never,
        await mail.content(),
        mail.links,
      )
      transaction.createIfNotExists(outboxMailDocument(created.mail_id!, message, bookingId, at))
    }
    transaction.create(octoActivity(reseller, 'confirm', now, {...document, booking_id: bookingId}))
    // The lock's change orders this with every confirmation of the departure (confirm-within-places.ts).
    if (lock)
      transaction.patch(lockId, (p) =>
        p.ifRevisionId(lock._rev).set({last_change: bookingId, updated_at: at}),
      )
    else
      transaction.create({
        _id: lockId,
        _type: 'departure',
        experience_id: document.experience_id,
        date: document.date,
        last_change: bookingId,
        updated_at: at,
      })
    await transaction.commit({visibility: 'sync'})
    if (mail) mail.queued?.()
    return loadOwnBooking(deps, reseller, uuid)
  })
}

const pickDefined = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length),
    ),
  ) as Partial<T>

/**
 * `POST /octo/bookings/:uuid/cancel`: a hold's places are freed at once; a confirmed booking's site booking is
 * closed with the reseller named in its history, which frees its places for the waitlist job to offer.
 */
export function cancel(
  deps: BookingDeps,
  reseller: Reseller,
  uuid: string,
  reason?: string | null,
) {
  return conflictRetry(async () => {
    const document = await loadOwnBooking(deps, reseller, uuid)
    const status = refuseUnless(document, deps.now(), [
      BookingStatus.ON_HOLD,
      BookingStatus.CONFIRMED,
      BookingStatus.CANCELLED,
    ])
    if (status === BookingStatus.CANCELLED) return document
    const now = deps.now()
    const at = now.toISOString()
    const transaction = deps.bookings.transaction()
    transaction.patch(document._id, (p) =>
      p
        .ifRevisionId(document._rev!)
        .set({state: 'cancelled', cancelled_at: at, updated_at: at, cancel_reason: reason ?? null}),
    )
    transaction.create(octoActivity(reseller, 'cancel', now, document))
    if (document.state === 'confirmed' && document.booking_id)
      transaction.patch(document.booking_id, (p) =>
        p
          .set({status: 'closed'})
          .setIfMissing({status_history: []})
          .append('status_history', [
            {
              _key: randomBytes(6).toString('hex'),
              _type: 'statusChange',
              status: 'closed',
              at,
              by: `reseller:${reseller.name}`,
              ...(reason ? {note: `Cancelled by the reseller: ${reason}`} : {}),
            },
          ]),
      )
    await transaction.commit({visibility: 'sync'})
    return loadOwnBooking(deps, reseller, uuid)
  })
}

export type UpdateInput = {
  availabilityId?: string | undefined
  unitItems?: UnitItemInput[] | undefined
  resellerReference?: string | undefined
  notes?: string | null | undefined
  contact?: ContactInput | undefined
  expirationMinutes?: number | undefined
}

/** `PATCH /octo/bookings/:uuid`: the reseller's reference, notes and contact; a hold's expiry. */
export function update(deps: BookingDeps, reseller: Reseller, uuid: string, input: UpdateInput) {
  return conflictRetry(async () => {
    const stored = await loadOwnBooking(deps, reseller, uuid)
    const status = refuseUnless(stored, deps.now(), [
      BookingStatus.ON_HOLD,
      BookingStatus.CONFIRMED,
    ])
    const document = await changeHold(deps, stored, {
      availabilityId: input.availabilityId,
      unitItems: input.unitItems?.length ? input.unitItems : undefined,
    })
    const now = deps.now()
    const contact = {...document.contact, ...pickDefined(storedContact(input.contact))}
    await deps.bookings
      .transaction()
      .patch(document._id, (p) =>
        p.ifRevisionId(document._rev!).set({
          updated_at: now.toISOString(),
          contact,
          ...(input.resellerReference !== undefined
            ? {reseller_reference: input.resellerReference}
            : {}),
          ...(input.notes !== undefined ? {notes: input.notes} : {}),
          ...(input.expirationMinutes !== undefined && status === BookingStatus.ON_HOLD
            ? {hold_until: holdUntil(now, input.expirationMinutes)}
            : {}),
        }),
      )
      .create(octoActivity(reseller, 'update', now, document))
      .commit({visibility: 'sync'})
    return loadOwnBooking(deps, reseller, uuid)
  })
}

export type ListFilter = {
  resellerReference?: string | undefined
  supplierReference?: string | undefined
  localDate?: string | undefined
  localDateStart?: string | undefined
  localDateEnd?: string | undefined
}

/** `GET /octo/bookings`: this reseller's bookings only, by its reference, ours, or a date range. */
export function list(
  deps: BookingDeps,
  reseller: Reseller,
  filter: ListFilter,
): Promise<OctoBookingDocument[]> {
  return deps.bookings.fetch(
    octoBookingsListQuery,
    {
      reseller: reseller._id,
      resellerReference: filter.resellerReference ?? null,
      supplierReference: filter.supplierReference ?? null,
      from: filter.localDate ?? filter.localDateStart ?? null,
      to: filter.localDate ?? filter.localDateEnd ?? null,
    },
  )
}

/**
 * The job that ends holds past their time, run by every server's jobs runner and `npm run jobs`: each hold is
 * patched with its own revision, so of several runners one changes it and the others get a 409 and skip it. Its
 * places are then free for the site and the waitlist job, exactly once.
 */
export async function expireHolds(bookings: SanityClient, now: Date): Promise<{expired: number}> {
  let expired = 0
  const at = now.toISOString()
  for (const hold of await bookings.fetch(expiredHoldsQuery, {now: at})) {
    try {
      await bookings
        .patch(hold._id)
        .ifRevisionId(hold._rev)
        .set({state: 'expired', updated_at: at})
        .commit({visibility: 'sync'})
      expired++
    } catch (error) {
      if ((error as {statusCode?: number}).statusCode !== 409) throw error
    }
  }
  return {expired}
}
