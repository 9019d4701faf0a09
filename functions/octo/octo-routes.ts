import type {SanityClient} from '@sanity/client'
import {Hono, type Context} from 'hono'
import type {Availability} from '@octocloud/types'
import {z} from 'zod'

import {addDays, daysBetween, isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {readLimitedBody, tooLargeMessage} from '../lib/http.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {
  MAX_AVAILABILITY_DAYS,
  countDepartures,
  toAvailability,
  toCalendarDay,
} from './availability.ts'
import * as bookingActions from './bookings.ts'
import {
  ADULT_UNIT,
  CHILD_UNIT,
  OPTION_ID,
  capabilitiesHeader,
  loadCatalogue,
  loadCatalogueEntry,
  readCapabilities,
  toProduct,
  type Capabilities,
  type CatalogueEntry,
} from './catalogue.ts'
import {OctoFailure, fail, octoError, octoJson} from './octo-errors.ts'
import {recordOctoRequest} from './request-log.ts'
import type {KeyRateLimiter} from './key-rate-limit.ts'
import {resellerForKey, type Reseller} from './resellers.ts'

/**
 * The OCTO supplier API under `/octo` (issue 44; docs/decisions/200-octo-supplier-api.md): every route needs a
 * reseller's key (`Authorization: Bearer`), has that key's own rate limit, reads a JSON body of at most
 * `MAX_BODY_BYTES`, and answers errors in OCTO's shape.
 */
export type OctoDeps = {
  content: SanityClient
  bookings: SanityClient
  /** Per reseller key: requests per window (in the lake: key-rate-limit.ts; in memory in some tests). */
  limiter: RateLimiter | KeyRateLimiter
  siteUrl: string
  /** The confirmation mail to a reseller's traveller who asked for it (bookings.ts `confirm`). */
  mail?: bookingActions.TravellerMail | undefined
  now?: () => Date
  onError?: (error: unknown) => void
}

export const MAX_BODY_BYTES = 32 * 1024

type Env = {Variables: {reseller: Reseller; capabilities: Capabilities}}

const text = (max: number) => z.string().max(max)
const id = z.string().min(1).max(200)
/** OCTO's booking and unit item uuids are UUIDs (any version), as its schemas check. */
const uuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a UUID')
const isoDate = z.string().refine(isIsoDate, 'a date written yyyy-MM-dd')
const minutes = z.number().int().min(1).max(bookingActions.MAX_HOLD_MINUTES)
const contactSchema = z
  .object({
    fullName: text(200).nullish(),
    firstName: text(100).nullish(),
    lastName: text(100).nullish(),
    emailAddress: text(254).nullish(),
    phoneNumber: text(40).nullish(),
    country: text(2).nullish(),
    notes: text(2000).nullish(),
    locales: z.array(text(20)).max(10).optional(),
    postalCode: text(20).nullish(),
  })
  .partial()
const unitsSchema = z.array(z.object({id, quantity: z.number().int().min(0).max(100)})).max(10)

const calendarSchema = z.object({
  productId: id,
  optionId: id,
  localDateStart: isoDate,
  localDateEnd: isoDate,
  units: unitsSchema.optional(),
  currency: text(3).nullish(),
})
const checkSchema = z.object({
  productId: id,
  optionId: id,
  localDateStart: isoDate.optional(),
  localDateEnd: isoDate.optional(),
  localDate: isoDate.optional(),
  availabilityIds: z.array(id).min(1).max(100).optional(),
  units: unitsSchema.optional(),
  currency: text(3).nullish(),
})
const unitItemsSchema = z
  .array(
    z.object({
      unitId: id,
      uuid: uuidSchema.optional(),
      resellerReference: text(100).optional(),
      contact: contactSchema.optional(),
    }),
  )
  .max(100)
const reserveSchema = z.object({
  uuid: uuidSchema.optional(),
  productId: id,
  optionId: id,
  availabilityId: id,
  expirationMinutes: minutes.optional(),
  notes: text(2000).nullish(),
  resellerReference: text(100).optional(),
  unitItems: unitItemsSchema.optional(),
  contact: contactSchema.optional(),
  currency: text(3).nullish(),
})
const confirmSchema = z.object({
  resellerReference: text(100).optional(),
  contact: contactSchema.optional(),
  emailReceipt: z.boolean().optional(),
  unitItems: unitItemsSchema.optional(),
})
const extendSchema = z.object({expirationMinutes: minutes.optional()})
const cancelSchema = z.object({reason: text(500).nullish(), force: z.boolean().optional()})
const updateSchema = z.object({
  availabilityId: id.optional(),
  unitItems: unitItemsSchema.optional(),
  resellerReference: text(100).optional(),
  notes: text(2000).nullish(),
  contact: contactSchema.optional(),
  expirationMinutes: minutes.optional(),
})

/** The first problem zod found, as OCTO's BAD_REQUEST message: the field and what it should be. */
function badRequest(error: z.ZodError): never {
  const issue = error.issues[0]
  const path = issue?.path.join('.') || 'body'
  return fail('BAD_REQUEST', `${path}: ${issue?.message ?? 'invalid'}`)
}

async function readBody<T>(c: Context, schema: z.ZodType<T>, optional = false): Promise<T> {
  const body = await readLimitedBody(c.req.raw, MAX_BODY_BYTES)
  if (!body.ok)
    throw new OctoFailure(
      octoJson({error: 'BAD_REQUEST', errorMessage: tooLargeMessage(MAX_BODY_BYTES)}, 413, {
        Connection: 'close',
      }),
    )
  const raw = body.value.toString('utf8')
  let value: unknown = {}
  if (raw.trim() !== '' || !optional) {
    try {
      value = JSON.parse(raw)
    } catch {
      fail('BAD_REQUEST', 'The body must be JSON.')
    }
  }
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : badRequest(parsed.error)
}

/** A query parameter given once at most. */
function queryParam(c: Context, name: string): string | undefined {
  const values = c.req.queries(name) ?? []
  if (values.length > 1) fail('BAD_REQUEST', `Give ${name} once.`)
  const value = values[0]
  if (value !== undefined && value.length > 200) fail('BAD_REQUEST', `${name} is too long.`)
  return value
}

const unitsOf = (units: {id: string; quantity: number}[] | undefined) => {
  for (const unit of units ?? [])
    if (unit.id !== ADULT_UNIT && unit.id !== CHILD_UNIT)
      fail('INVALID_UNIT_ID', 'No unit with this id.', {unitId: unit.id})
  return units ?? []
}

export function createOctoRoutes(getDeps: () => OctoDeps): Hono<Env> {
  const app = new Hono<Env>()
  const now = () => getDeps().now?.() ?? new Date()
  const bookingDeps = (): bookingActions.BookingDeps => {
    const deps = getDeps()
    return {
      content: deps.content,
      bookings: deps.bookings,
      now,
      today: () => todayInCapeTown(now()),
      mail: deps.mail,
    }
  }

  app.onError((error) => {
    if (error instanceof OctoFailure) return error.response
    ;(getDeps().onError ?? ((e: unknown) => console.error('[octo]', e)))(error)
    return octoError(
      'INTERNAL_SERVER_ERROR',
      'Something went wrong on our side. Try again.',
      {},
      {
        'Retry-After': '5',
      },
    )
  })

  // The key first: nothing else is read, counted or answered for a request without a valid one.
  app.use('*', async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(header)
    const reseller = match ? await resellerForKey(getDeps().bookings, match[1]!) : null
    if (!reseller)
      return octoError('UNAUTHORIZED', 'Send a valid reseller key: Authorization: Bearer <key>.')
    const limited = await getDeps().limiter.take(reseller._id)
    if (!limited.ok)
      return octoJson(
        {
          error: 'TOO_MANY_REQUESTS',
          errorMessage: 'Too many requests for this key. Wait and try again.',
        },
        429,
        {'Retry-After': String(limited.retryAfterSeconds)},
      )
    const capabilities = readCapabilities(c.req.header('octo-capabilities'))
    c.set('reseller', reseller)
    c.set('capabilities', capabilities)
    await next()
    c.res.headers.set('Octo-Capabilities', capabilitiesHeader(capabilities))
    // The Channels page's request log (request-log.ts), written after the answer is ready and never in its way.
    const at = now()
    recordOctoRequest(
      getDeps().bookings,
      reseller._id,
      {at: at.toISOString(), method: c.req.method, path: c.req.path, status: c.res.status},
      at,
    ).catch((error: unknown) => console.error('[octo] request not logged', error))
  })

  const product = async (c: Context<Env>, productId: string): Promise<CatalogueEntry> => {
    const entry = await loadCatalogueEntry(
      getDeps().content,
      c.get('reseller').experiences,
      productId,
    )
    return entry ?? fail('INVALID_PRODUCT_ID', 'No product with this id.', {productId})
  }
  const option = (optionId: string) => {
    if (optionId !== OPTION_ID) fail('INVALID_OPTION_ID', 'No option with this id.', {optionId})
  }
  /** The departures of bookings as they stand now: one count per product and date. */
  const availabilityOf = (c: Context<Env>) => {
    const counted = new Map<string, Promise<Availability | null>>()
    return (document: bookingActions.OctoBookingDocument) => {
      const key = `${document.product_id}|${document.date}`
      if (!counted.has(key))
        counted.set(
          key,
          (async () => {
            const entry = await loadCatalogueEntry(getDeps().content, [], document.product_id)
            if (!entry) return null
            const range = {from: document.date, to: document.date}
            const {rules, days} = await countDepartures(
              getDeps().bookings,
              entry,
              range,
              todayInCapeTown(now()),
            )
            const day = days
              .get(document.date)
              ?.find((d) => d.departure.id === document.availability_id)
            return day ? toAvailability(entry, rules, day, c.get('capabilities'), []) : null
          })(),
        )
      return counted.get(key)!
    }
  }
  const octoBooking = async (
    c: Context<Env>,
    document: bookingActions.OctoBookingDocument,
    availability = availabilityOf(c),
  ) =>
    bookingActions.toOctoBooking(
      document,
      now(),
      await availability(document),
      c.get('capabilities'),
    )
  const booking = async (c: Context<Env>, document: bookingActions.OctoBookingDocument) =>
    c.json(await octoBooking(c, document))

  app.get('/supplier', (c) => {
    const {siteUrl} = getDeps()
    return c.json({
      id: 'cape-town-experiences',
      name: 'Cape Town Experiences',
      endpoint: `${siteUrl.replace(/\/$/, '')}/octo`,
      contact: {website: siteUrl, email: null, telephone: null, address: 'Cape Town, South Africa'},
    })
  })

  app.get('/products', async (c) => {
    const entries = await loadCatalogue(getDeps().content, c.get('reseller').experiences)
    return c.json(entries.map((entry) => toProduct(entry, c.get('capabilities'))))
  })

  app.get('/products/:id', async (c) =>
    c.json(toProduct(await product(c, c.req.param('id')), c.get('capabilities'))),
  )

  app.post('/availability/calendar', async (c) => {
    const input = await readBody(c, calendarSchema)
    const entry = await product(c, input.productId)
    option(input.optionId)
    const units = unitsOf(input.units)
    const range = checkedRange(input.localDateStart, input.localDateEnd)
    const today = todayInCapeTown(now())
    const {days} = await countDepartures(getDeps().bookings, entry, range, today)
    return c.json(
      [...days].map(([date, departures]) =>
        toCalendarDay(entry, date, departures, c.get('capabilities'), units),
      ),
    )
  })

  app.post('/availability', async (c) => {
    const input = await readBody(c, checkSchema)
    const entry = await product(c, input.productId)
    option(input.optionId)
    const units = unitsOf(input.units)
    const today = todayInCapeTown(now())
    const ways = [
      input.availabilityIds,
      input.localDate,
      input.localDateStart ?? input.localDateEnd,
    ].filter((way) => way !== undefined)
    if (ways.length !== 1)
      fail(
        'BAD_REQUEST',
        'Give one of: localDateStart and localDateEnd, localDate, or availabilityIds.',
      )
    let range: {from: string; to: string}
    if (input.availabilityIds) {
      const dates = input.availabilityIds.map((availabilityId) => availabilityId.slice(0, 10))
      if (!dates.every(isIsoDate))
        fail('INVALID_AVAILABILITY_ID', 'No departure with this availability id.', {
          availabilityId: input.availabilityIds.find((a) => !isIsoDate(a.slice(0, 10)))!,
        })
      range = checkedRange(
        dates.reduce((a, b) => (a < b ? a : b)),
        dates.reduce((a, b) => (a > b ? a : b)),
      )
    } else if (input.localDate) range = {from: input.localDate, to: input.localDate}
    else if (input.localDateStart && input.localDateEnd)
      range = checkedRange(input.localDateStart, input.localDateEnd)
    else
      return fail(
        'BAD_REQUEST',
        'Give localDateStart and localDateEnd, localDate or availabilityIds.',
      )
    const {rules, days} = await countDepartures(getDeps().bookings, entry, range, today)
    const all = [...days.values()].flat()
    const chosen = input.availabilityIds
      ? input.availabilityIds.map(
          (availabilityId) =>
            all.find((day) => day.departure.id === availabilityId) ??
            fail('INVALID_AVAILABILITY_ID', 'No departure with this availability id.', {
              availabilityId,
            }),
        )
      : all
    return c.json(
      chosen.map((day) => toAvailability(entry, rules, day, c.get('capabilities'), units)),
    )
  })

  app.post('/bookings', async (c) => {
    const input = await readBody(c, reserveSchema)
    return booking(c, await bookingActions.reserve(bookingDeps(), c.get('reseller'), input))
  })

  app.get('/bookings', async (c) => {
    const filter = {
      resellerReference: queryParam(c, 'resellerReference'),
      supplierReference: queryParam(c, 'supplierReference'),
      localDate: queryParam(c, 'localDate'),
      localDateStart: queryParam(c, 'localDateStart'),
      localDateEnd: queryParam(c, 'localDateEnd'),
    }
    for (const name of ['localDate', 'localDateStart', 'localDateEnd'] as const) {
      const value = filter[name]
      if (value !== undefined && !isIsoDate(value))
        fail('BAD_REQUEST', `${name}: a date written yyyy-MM-dd`)
    }
    if (!Object.values(filter).some((value) => value !== undefined))
      fail(
        'BAD_REQUEST',
        'Give resellerReference, supplierReference, localDate or localDateStart and localDateEnd.',
      )
    const documents = await bookingActions.list(bookingDeps(), c.get('reseller'), filter)
    const availability = availabilityOf(c)
    return c.json(
      await Promise.all(documents.map((document) => octoBooking(c, document, availability))),
    )
  })

  const uuidParam = (c: Context<Env>) => {
    const uuid = c.req.param('uuid') ?? ''
    return uuidSchema.safeParse(uuid).success
      ? uuid
      : fail('INVALID_BOOKING_UUID', 'No booking with this uuid.', {uuid: uuid.slice(0, 100)})
  }

  app.get('/bookings/:uuid', async (c) =>
    booking(c, await bookingActions.loadOwnBooking(bookingDeps(), c.get('reseller'), uuidParam(c))),
  )

  app.post('/bookings/:uuid/confirm', async (c) => {
    const uuid = uuidParam(c)
    const input = await readBody(c, confirmSchema)
    unitsOf(input.unitItems?.map((item) => ({id: item.unitId, quantity: 1})))
    return booking(c, await bookingActions.confirm(bookingDeps(), c.get('reseller'), uuid, input))
  })

  app.post('/bookings/:uuid/extend', async (c) => {
    const uuid = uuidParam(c)
    const input = await readBody(c, extendSchema, true)
    return booking(
      c,
      await bookingActions.extend(bookingDeps(), c.get('reseller'), uuid, input.expirationMinutes),
    )
  })

  app.post('/bookings/:uuid/cancel', async (c) => {
    const uuid = uuidParam(c)
    const input = await readBody(c, cancelSchema, true)
    return booking(
      c,
      await bookingActions.cancel(bookingDeps(), c.get('reseller'), uuid, input.reason),
    )
  })

  app.patch('/bookings/:uuid', async (c) => {
    const uuid = uuidParam(c)
    const input = await readBody(c, updateSchema)
    return booking(c, await bookingActions.update(bookingDeps(), c.get('reseller'), uuid, input))
  })

  app.all('*', () => fail('BAD_REQUEST', 'No such OCTO endpoint.'))
  return app
}

function checkedRange(from: string, to: string) {
  if (from > to) fail('BAD_REQUEST', 'localDateEnd must be on or after localDateStart.')
  if (daysBetween(from, to) + 1 > MAX_AVAILABILITY_DAYS)
    fail('BAD_REQUEST', `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`)
  return {from, to: addDays(from, daysBetween(from, to))}
}
