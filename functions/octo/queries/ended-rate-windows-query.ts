import {defineQuery} from 'groq'

/** Rate-limit windows (key-rate-limit.ts) that ended before `$before`: the jobs runner deletes them. */
export const endedRateWindowsQuery = defineQuery(
  `*[_type == "octoRateWindow" && window_end < $before]`,
)
