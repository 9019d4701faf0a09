import {defineQuery} from 'groq'

/** What the dashboard's event stream listens to by default: any booking changing. */
export const bookingChangesQuery = defineQuery(`*[_type == "booking"]`)
