/**
 * The official OCTO validator's supplier flows (octotravel/validator, vendored in ./vendor; see its README) against
 * this site's `/octo`, served over HTTP from a real lake with a key made as `npm run resellers -- add` makes one,
 * with `octo/pricing` as the validator asks. Every scenario must pass without a warning, except the one warning no
 * supplier of guided departures can clear: it has no OPENING_HOURS product.
 *
 * Not type-checked by `tsc -p functions` (the vendored code is the validator's own TypeScript): see
 * functions/tsconfig.json.
 */
import {serve} from '@hono/node-server'
import {Hono} from 'hono'
import {afterAll, beforeAll, expect, it} from 'vitest'

import {startTestLake} from '../../../lake/src/testing/start-test-lake.ts'
import {freePort} from '../../lib/testing/free-port.ts'
import {createRateLimiter} from '../../lib/rate-limit.ts'
import {createOctoRoutes} from '../octo-routes.ts'
import {createReseller} from '../resellers.ts'
import {Context} from './vendor/src/common/validation/supplier/services/validation/context/Context'
import {AvailabilityCalendarFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Availability/AvailabilityCalendarFlow'
import {AvailabilityFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Availability/AvailabilityFlow'
import {BookingCancellationFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingCancellationFlow'
import {BookingConfirmationFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingConfirmationFlow'
import {BookingExtendFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingExtendFlow'
import {BookingGetFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingGetFlow'
import {BookingListFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingListFlow'
import {BookingReservationFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingReservationFlow'
import {BookingUpdateFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Booking/BookingUpdateFlow'
import {ProductFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Product/ProductFlow'
import {SupplierFlow} from './vendor/src/common/validation/supplier/services/validation/Flows/Supplier/SupplierFlow'

/** The only warning allowed: every experience here departs at a time, so none is OPENING_HOURS. */
const ALLOWED = ['No products with availabilityType=OPENING_HOURS provided']

let lake: Awaited<ReturnType<typeof startTestLake>>
let server: ReturnType<typeof serve>
let endpoint = ''
let key = ''
const serverErrors: unknown[] = []

beforeAll(async () => {
  lake = await startTestLake()
  const content = lake.client({perspective: 'published'})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-walk',
      _type: 'experience',
      title: 'Bo-Kaap Food Walk',
      slug: {_type: 'slug', current: 'bo-kaap-food-walk'},
      resellable: true,
      fromPrice: 450,
      startTime: '10:00',
      duration: '3 hours',
      blurb: 'Spice, colour and history.',
      description: 'A walk through the Bo-Kaap with tastings.',
    })
    .createOrReplace({
      _id: 'settings-walk',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-walk'},
      // The validator books several groups of up to five on the first open dates.
      minPax: 1,
      maxPax: 20,
      capacity: 500,
      timeSlots: ['Morning'],
      leadTimeDays: 0,
    })
    .commit()
  key = (await createReseller(bookings, {name: 'OCTO validator', createdBy: 'test'})).key
  const port = await freePort()
  endpoint = `http://127.0.0.1:${port}/octo`
  const app = new Hono().route(
    '/octo',
    createOctoRoutes(() => ({
      content,
      bookings,
      limiter: createRateLimiter({limit: 100_000, windowMs: 60_000}),
      siteUrl: `http://127.0.0.1:${port}`,
      onError: (error) => serverErrors.push(error),
    })),
  )
  server = serve({fetch: app.fetch, port, hostname: '127.0.0.1'})
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await lake?.stop()
})

type ScenarioResult = {
  name: string
  validationResult: string
  errors?: {type: string; message: string}[]
}

it('passes every supplier flow of the official OCTO validator', {timeout: 120_000}, async () => {
  const context = new Context()
  context.setSchema({backend: {endpoint, headers: {Authorization: `Bearer ${key}`}}})
  context.useRequestContext = false
  const flows = [
    new SupplierFlow(),
    new ProductFlow(),
    new AvailabilityCalendarFlow(),
    new AvailabilityFlow(),
    new BookingReservationFlow(),
    new BookingExtendFlow(),
    new BookingConfirmationFlow(),
    new BookingUpdateFlow(),
    new BookingCancellationFlow(),
    new BookingGetFlow(),
    new BookingListFlow(),
  ]
  const problems: string[] = []
  const ran: string[] = []
  const log = console.log
  // The validator logs each request it makes; the test reports only what failed.
  console.log = () => {}
  try {
    for (const flow of flows) {
      const result = (await flow.validate(context)) as {name: string; scenarios: ScenarioResult[]}
      ran.push(result.name)
      for (const scenario of result.scenarios)
        for (const error of scenario.errors ?? [])
          if (!ALLOWED.includes(error.message))
            problems.push(`${result.name} / ${scenario.name}: ${error.type} ${error.message}`)
      if (context.terminateValidation) break
    }
  } finally {
    console.log = log
  }
  expect(ran).toHaveLength(flows.length)
  expect(problems).toEqual([])
  expect(serverErrors).toEqual([])
})
