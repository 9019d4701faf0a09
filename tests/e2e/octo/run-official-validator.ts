/**
 * Runs the official OCTO validator's supplier flows (octotravel/validator, vendored in
 * functions/octo/validator/vendor; see its README) in the validator's own order against a supplier's `/octo`, as its
 * `POST /supplier/validate` runs them, with `octo/pricing` (the one capability it asks for). Answers the flows that
 * ran and every CRITICAL or WARNING of their scenarios but `allowed`. Used by official-validator.spec.ts (decision
 * 230).
 */

/** The validator's own TypeScript, loaded by name so that no workspace's `tsc` reads it. */
const VALIDATION =
  '../../../functions/octo/validator/vendor/src/common/validation/supplier/services/validation'

type Flow = {validate(context: Context): Promise<{name: string; scenarios: ScenarioResult[]}>}
type Context = {
  setSchema(schema: {backend: {endpoint: string; headers: Record<string, string>}}): void
  useRequestContext: boolean
  localDateStart: string
  localDateEnd: string
  terminateValidation: boolean
}

async function load<T>(file: string, name: string): Promise<new () => T> {
  const module = (await import(`${VALIDATION}/${file}`)) as Record<string, new () => T>
  return module[name]!
}

/** Every flow of the validator's ValidationController, in its order. */
const FLOWS = [
  ['Flows/Supplier/SupplierFlow', 'SupplierFlow'],
  ['Flows/Product/ProductFlow', 'ProductFlow'],
  ['Flows/Availability/AvailabilityCalendarFlow', 'AvailabilityCalendarFlow'],
  ['Flows/Availability/AvailabilityFlow', 'AvailabilityFlow'],
  ['Flows/Booking/BookingReservationFlow', 'BookingReservationFlow'],
  ['Flows/Booking/BookingExtendFlow', 'BookingExtendFlow'],
  ['Flows/Booking/BookingConfirmationFlow', 'BookingConfirmationFlow'],
  ['Flows/Booking/BookingUpdateFlow', 'BookingUpdateFlow'],
  ['Flows/Booking/BookingCancellationFlow', 'BookingCancellationFlow'],
  ['Flows/Booking/BookingGetFlow', 'BookingGetFlow'],
  ['Flows/Booking/BookingListFlow', 'BookingListFlow'],
] as const

/** The only warning a supplier of guided departures cannot clear: every experience departs at a time. */
export const NO_OPENING_HOURS_WARNING = 'No products with availabilityType=OPENING_HOURS provided'

/** The names the validator gives those flows. */
export const FLOW_NAMES = [
  'Get Suppliers',
  'Get Products',
  'Availability Calendar',
  'Availability Check',
  'Booking Reservation',
  'Extend Reservation',
  'Booking Confirmation',
  'Booking Update',
  'Booking Cancellation',
  'Get Booking',
  'List Bookings',
]

type ScenarioResult = {name: string; errors?: {type: string; message: string}[]}

export type ValidatorRun = {
  /** The names of the flows that ran, in order. */
  ran: string[]
  /** `<flow> / <scenario>: <CRITICAL|WARNING> <message>` for each error not allowed. */
  problems: string[]
}

export async function runOfficialValidator(options: {
  /** The supplier's base address, e.g. `http://localhost:3000/octo`. */
  endpoint: string
  key: string
  /**
   * The dates the validator's availability and booking flows read (its Context's `localDateStart`/`localDateEnd`,
   * by default today and 30 days on): it books every group on one departure of this range.
   */
  dates?: {from: string; to: string}
  allowed?: readonly string[]
}): Promise<ValidatorRun> {
  const allowed = options.allowed ?? [NO_OPENING_HOURS_WARNING]
  const context = new (await load<Context>('context/Context', 'Context'))()
  context.setSchema({
    backend: {endpoint: options.endpoint, headers: {Authorization: `Bearer ${options.key}`}},
  })
  context.useRequestContext = false
  if (options.dates) {
    context.localDateStart = options.dates.from
    context.localDateEnd = options.dates.to
  }
  const flows = await Promise.all(
    FLOWS.map(async ([file, name]) => new (await load<Flow>(file, name))()),
  )
  const problems: string[] = []
  const ran: string[] = []
  const log = console.log
  // The validator logs each request it makes; the run reports only what failed.
  console.log = () => {}
  try {
    for (const flow of flows) {
      const result = await flow.validate(context)
      ran.push(result.name)
      for (const scenario of result.scenarios)
        for (const error of scenario.errors ?? [])
          if (!allowed.includes(error.message))
            problems.push(`${result.name} / ${scenario.name}: ${error.type} ${error.message}`)
      if (context.terminateValidation) break
    }
  } finally {
    console.log = log
  }
  return {ran, problems}
}
