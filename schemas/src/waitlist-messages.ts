/** The waitlist's messages, apart from its schema so a page can show them without loading zod. */

export const WAITLIST_REQUIRED_MESSAGE =
  'Please give your name and email and accept the terms to join the waitlist.'
export const WAITLIST_FAILED_MESSAGE = 'We could not add you to the waitlist. Please try again.'
export const WAITLIST_ALREADY_MESSAGE =
  'This email is already on the waitlist for this date. We will write as soon as places free up.'
export const WAITLIST_HAS_ROOM_MESSAGE =
  'This date has room for your group: you can ask for it instead of joining the waitlist.'
export const WAITLIST_CANCELLED_MESSAGE =
  'We have cancelled this date for the weather or the conditions, so it has no waitlist. Please choose another date.'
export const WAITLIST_UNKNOWN_EXPERIENCE_MESSAGE =
  'We could not find this experience. Please choose it again from the experiences page.'
