import {defineQuery} from 'groq'

/** A departure's lock document when an OCTO hold is confirmed: its revision, and whether staff cancelled the date. */
export const octoDepartureLockQuery = defineQuery(`*[_type == "departure" && _id == $id][0]{_rev, cancelled_at}`)
