import {z} from './zod.ts'

/**
 * How long personal information is kept, set by managers on the dashboard and read by the retention job and the
 * privacy page alike, so what the page promises is what the job does. Kept as one document in the `bookings`
 * dataset (`RETENTION_SETTINGS_ID`); until a manager saves one, the defaults apply.
 */
export const RETENTION_SETTINGS_ID = 'retentionSettings.team'

export const retentionPeriodsSchema = z
  .object({
    /** A request's personal details, counted from its trip date. */
    requestMonthsAfterTrip: z.number().int().min(1).max(120),
    /** Declined or withdrawn requests, counted from the decision. */
    closedRequestMonthsAfterDecision: z.number().int().min(1).max(120),
    /** Itinerary requests nobody followed up, counted from when they arrived. */
    unconfirmedLeadDays: z.number().int().min(1).max(365),
  })
  .strict()

export type RetentionPeriods = z.infer<typeof retentionPeriodsSchema>

export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = {
  requestMonthsAfterTrip: 12,
  closedRequestMonthsAfterDecision: 3,
  unconfirmedLeadDays: 30,
}

/** Newsletter sign-ups whose address was never confirmed are removed after this many days. */
export const UNCONFIRMED_SIGNUP_DAYS = 7

/** The saved periods over the defaults: a document saved before a period existed still reads whole. */
export function retentionPeriodsOf(
  saved: Partial<RetentionPeriods> | null | undefined,
): RetentionPeriods {
  return retentionPeriodsSchema.parse({...DEFAULT_RETENTION_PERIODS, ...stripUnset(saved ?? {})})
}

const stripUnset = (saved: Partial<RetentionPeriods>) =>
  Object.fromEntries(
    Object.entries(saved).filter(
      ([key, value]) => key in DEFAULT_RETENTION_PERIODS && value != null,
    ),
  )
