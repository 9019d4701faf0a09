import type {SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import {scrubDisk} from '../lib/anonymise-requests.ts'
import {pendingDiskScrubsQuery} from './queries/pending-disk-scrubs-query.ts'
import {thisDisk, type DiskScrubbed} from './this-disk.ts'

/**
 * Every site server has its own DATA_DIR (events log, sent-mail files, backups), but an anonymisation or an erasure
 * runs on one of them. Each report keeps what was removed as ids and keyed address hashes (`disk_scrub`); every
 * server, every minute, looks for reports its disk has not scrubbed yet, does the same on its own disk and adds
 * itself to the report's `disk_scrubbed`. The state is the report in the lake, so a restart or a new server misses
 * nothing, and a scrub done twice (two runs at once) removes nothing more.
 */

export type DiskCatchUpDeps = {
  bookings: SanityClient
  dataDir: string
  secret: string
  now: () => Date
}

/** At most this many reports a run; the next run takes the rest. */
export const CATCH_UP_BATCH = 20

/** Resolves to how many reports this disk caught up with. */
export async function catchUpDiskScrubs(deps: DiskCatchUpDeps): Promise<number> {
  const disk = thisDisk(deps.dataDir)
  const reports = await deps.bookings.fetch(pendingDiskScrubsQuery, {disk: disk.key})
  let done = 0
  for (const report of reports) {
    const removed = await scrubDisk(deps.dataDir, report.disk_scrub, {
      marks: [],
      secret: deps.secret,
    })
    const entry: DiskScrubbed = {
      _key: disk.key,
      server: disk.name,
      at: deps.now().toISOString(),
      ...removed,
    }
    try {
      await deps.bookings
        .patch(report._id)
        .ifRevisionId(report._rev)
        .setIfMissing({disk_scrubbed: []})
        .append('disk_scrubbed', [entry])
        .commit({visibility: 'async'})
      done += 1
    } catch (error) {
      // Another server added itself meanwhile: this disk is clean; it records so on its next run.
      if (!isConflict(error)) throw error
    }
  }
  return done
}
