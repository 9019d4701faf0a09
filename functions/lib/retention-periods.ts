import type {SanityClient} from '@sanity/client'
import {
  RETENTION_SETTINGS_ID,
  retentionPeriodsOf,
  type RetentionPeriods,
} from '@repo/schemas/retention-periods.ts'

/** The retention periods in force: read by id (a lookup, not a scan), the defaults until a manager saves some. */
export async function readRetentionPeriods(bookings: SanityClient): Promise<RetentionPeriods> {
  const saved = await bookings.getDocument<Partial<RetentionPeriods>>(RETENTION_SETTINGS_ID)
  return retentionPeriodsOf(saved)
}
