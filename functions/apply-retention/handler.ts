import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {retentionCutoffs} from '@repo/schemas/retention-due.ts'

import {
  anonymiseRequests,
  type AnonymiseDeps,
  type AnonymisedCounts,
  type DiskScrub,
} from '../lib/anonymise-requests.ts'
import {thisDisk, type DiskScrubbed} from './this-disk.ts'
import {readRetentionPeriods} from '../lib/retention-periods.ts'
import {purgeMutation} from '../lib/purge.ts'
import {dueRequestsQuery} from './queries/due-requests-query.ts'
import {lastMailsQuery} from './queries/last-mails-query.ts'
import {mailsAboutQuery} from './queries/mails-about-query.ts'
import {pastWaitlistQuery} from './queries/past-waitlist-query.ts'
import {spentPrivacyRequestsQuery} from './queries/spent-privacy-requests-query.ts'

/**
 * The retention job: every request whose personal details are past the periods managers set is anonymised
 * everywhere the personal-data map lists (lib/anonymise-requests.ts), and what was done is kept as a
 * `privacyReport` document managers read on the privacy screen: counts and references, never the details.
 */

/** At most this many requests a run; the next run (minutes later) takes the rest. */
export const RETENTION_BATCH = 50

export const PRIVACY_REPORT_TYPE = 'privacyReport'

export {dueRequestsQuery}

export type PrivacyReport = {
  _id: string
  _type: typeof PRIVACY_REPORT_TYPE
  at: string
  /** `retention`: the job; `erasure`: a manager carrying out a traveller's request. */
  trigger: 'retention' | 'erasure'
  /** For an erasure: who carried it out, and the address as a keyed hash, never the address. */
  by?: string
  by_id?: string
  address_hash?: string
  /** What every site server removes from its own disk, and the servers that have (apply-retention/disk-catch-up.ts). */
  disk_scrub: DiskScrub
  disk_scrubbed: DiskScrubbed[]
} & Omit<AnonymisedCounts, 'requests'> & {
    requests: ({_key: string} & AnonymisedCounts['requests'][number])[]
  }

/** The report of one run, naming this server's disk as already scrubbed: it did so before writing the report. */
export function privacyReportDocument(
  deps: {dataDir: string; now: () => Date},
  trigger: PrivacyReport['trigger'],
  {counts, scrub}: {counts: AnonymisedCounts; scrub: DiskScrub},
  extra: Pick<PrivacyReport, 'by' | 'by_id' | 'address_hash'> = {},
): PrivacyReport {
  const at = deps.now().toISOString()
  const disk = thisDisk(deps.dataDir)
  return {
    _id: `${PRIVACY_REPORT_TYPE}.${randomBytes(12).toString('hex')}`,
    _type: PRIVACY_REPORT_TYPE,
    at,
    trigger,
    ...extra,
    ...counts,
    requests: counts.requests.map((request, index) => ({_key: `r${index}`, ...request})),
    disk_scrub: scrub,
    disk_scrubbed: [
      {
        _key: disk.key,
        server: disk.name,
        at,
        eventLines: counts.eventLines,
        mailFiles: counts.mailFiles,
        backupLines: counts.backupLines,
      },
    ],
  }
}

/**
 * Purges the spent records and their mails, and erasures' last mails; resolves to the records' ids, whose disk lines
 * the caller scrubs.
 */
async function purgeSpentRecords(bookings: SanityClient, asOf: Date): Promise<string[]> {
  const ids = [
    ...(await bookings.fetch(spentPrivacyRequestsQuery, {now: asOf.toISOString()})),
    ...(await bookings.fetch(pastWaitlistQuery, {today: todayInCapeTown(asOf)})),
  ]
  const mails = [
    ...(ids.length > 0 ? await bookings.fetch(mailsAboutQuery, {ids}) : []),
    ...(await bookings.fetch(lastMailsQuery)),
  ]
  if (ids.length + mails.length === 0) return []
  await bookings.mutate([...ids, ...mails].map(purgeMutation), {
    visibility: 'sync',
  })
  return ids
}

export async function applyRetention(
  deps: AnonymiseDeps,
  asOf: Date,
): Promise<{anonymised: number; report: string | null}> {
  const bookings: SanityClient = deps.bookings
  const atAsOf = {...deps, now: () => asOf}
  const purged = await purgeSpentRecords(bookings, asOf)
  const periods = await readRetentionPeriods(bookings)
  const ids = await bookings.fetch(dueRequestsQuery, retentionCutoffs(periods, asOf), {
    perspective: 'raw',
  })
  const run = await anonymiseRequests(atAsOf, ids, {purged})
  if (run.counts.requests.length === 0 && purged.length === 0) return {anonymised: 0, report: null}
  const report = privacyReportDocument(atAsOf, 'retention', run)
  await bookings.create(report)
  return {anonymised: run.counts.requests.length, report: report._id}
}
