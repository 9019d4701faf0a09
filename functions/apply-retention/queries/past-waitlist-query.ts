import {defineQuery} from 'groq'

/**
 * Places on a waitlist whose departure has passed: nothing more can be offered. One that became a request lives
 * on as that request, which keeps its own retention. 50 a run (RETENTION_BATCH).
 */
export const pastWaitlistQuery = defineQuery(
  `*[_type == "waitlistEntry" && date < $today][0...50]._id`,
)
