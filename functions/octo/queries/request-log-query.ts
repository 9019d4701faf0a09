import {defineQuery} from 'groq'

/** A reseller's request log of the days since `$since` (functions/octo/request-log.ts). */
export const requestLogQuery = defineQuery(`*[_type == "octoRequestLog" && reseller_id == $reseller && date >= $since]{"entries": entries[]{at, method, path, status}}`)
