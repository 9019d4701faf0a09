import {defineQuery} from 'groq'

/** The dates staff cancelled in a range (weather, conditions), per experience: they take no one. */
export const reportCancelledQuery = defineQuery(`*[_type == "departure" && date >= $from && date <= $to && defined(cancelled_at)]{experience_id, date}`)
