import {defineQuery} from 'groq'

/** Reports whose disk scrub this server ($disk) has not done yet, oldest first, 20 a run (CATCH_UP_BATCH). */
export const pendingDiskScrubsQuery = defineQuery(
  `*[_type == "privacyReport" && defined(disk_scrub) && !($disk in coalesce(disk_scrubbed[]._key, []))] | order(_createdAt asc)[0...20]{_id, _rev, disk_scrub}`,
)
