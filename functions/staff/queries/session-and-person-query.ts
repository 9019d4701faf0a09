import {defineQuery} from 'groq'

/** A staff session and its person, listened to so the event stream ends when either is revoked or changed. */
export const sessionAndPersonQuery = defineQuery(`*[_id in [$session, $person]]`)
