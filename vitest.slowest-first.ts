import {BaseSequencer, type TestSpecification} from 'vitest/node'

/**
 * The files that take longest, longest first (per-file durations of a clean-clone run's
 * `.data/test-reports/vitest.json`). Started first, each runs beside the many short files on the other workers
 * instead of alone at the end. A file missing here only runs later; a stale entry only costs time.
 */
export const SLOWEST_FILES = [
  'functions/create-booking-request/faults.test.ts',
  'lake/test/hostile-bombs.test.ts',
  'functions/create-booking-request/three-servers.test.ts',
  'lake/test/sanity-cli.test.ts',
  'functions/waitlist/waitlist.test.ts',
  'functions/staff/staff-people.test.ts',
  'lake/test/hostile-load.test.ts',
  'lake/test/groq-differential.test.ts',
  'lake/test/document-functions.test.ts',
  'lake/src/query/query-pool.test.ts',
  'functions/send-booking-notifications/index.test.ts',
  'functions/send-booking-notifications/rate-limited-burst.test.ts',
  'functions/lib/mailer.test.ts',
  'functions/staff/staff-routes.test.ts',
]

const root = import.meta.dirname

/** Vitest's own order (failed, then longest in its cache, then largest), with the known slowest files first. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.indexOf(spec.moduleId.slice(root.length + 1))
      return index === -1 ? SLOWEST_FILES.length : index
    }
    return sorted.toSorted((a, b) => rank(a) - rank(b))
  }
}
