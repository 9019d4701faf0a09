/**
 * Runs the site server's scheduled jobs once (trip reminders, waitlist offers, review requests, retention), against the lake and mail server the site uses:
 *
 *   npm run jobs                                   as of now
 *   npm run jobs -- --as-of 2026-11-26T17:00:00Z   as if the clock said so (operators catching up, tests)
 *
 * Safe beside running servers: every mail a job queues is recorded in the lake and sent once.
 */
import path from 'node:path'

import {readFunctionsEnv} from '../functions/lib/env.ts'
import {runJobsOnce} from '../functions/run-jobs.ts'
import {loadDotEnv} from './lib/load-dot-env.ts'

const root = path.resolve(import.meta.dirname, '..')
loadDotEnv(path.join(root, '.env'))

function asOfArgument(argv: string[]): Date {
  const index = argv.indexOf('--as-of')
  if (index === -1) return new Date()
  const value = argv[index + 1] ?? ''
  // A full ISO time with its zone: "2026-11-26T19:00" alone would be read in this machine's zone.
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    console.error(
      `--as-of needs an ISO time with its zone, e.g. 2026-11-26T19:00:00+02:00 (got "${value}").`,
    )
    process.exit(2)
  }
  return new Date(value)
}

const asOf = asOfArgument(process.argv.slice(2))
try {
  const {
    reminders,
    reviewRequests,
    octoHolds,
    waitlist,
    mail,
    retention,
    diskCatchUp,
    unconfirmedSignups,
  } = await runJobsOnce(readFunctionsEnv(), asOf)
  console.log(
    `Jobs as of ${asOf.toISOString()}: ${reminders.due} trip reminders due, ${reviewRequests.due} review requests due (each sent once); mail sent ${mail.sent}, failed ${mail.failed}, waiting ${mail.pending}; ${retention.anonymised} requests anonymised; ${diskCatchUp.reports} privacy reports caught up on this disk; ${unconfirmedSignups.removed} unconfirmed newsletter sign-ups removed.`,
  )
  console.log(
    `Waitlist: ${waitlist.offered} offered, ${waitlist.lapsed} holds lapsed, ${waitlist.lostRaces} departures left to another runner. Resellers' holds expired: ${octoHolds.expired}.`,
  )
  process.exit(0)
} catch (error) {
  console.error('Jobs failed:', error)
  process.exit(1)
}
