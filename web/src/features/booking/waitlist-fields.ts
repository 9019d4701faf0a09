/**
 * The waitlist form's fields as the join function takes them (`waitlistJoinSchema`, schemas/src/waitlist.ts), read
 * from the form as sent: by the browser's script before it posts JSON, and by the booking page's route action when
 * the form was posted without one. The trip travels in the form's hidden fields, so both read the same thing.
 */
export const WAITLIST_FORM_NAME = 'waitlist'

type Sent = {get: (name: string) => FormDataEntryValue | null}

const text = (data: Sent, name: string) => {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/** A count as sent; anything but digits is left for the schema to refuse (`NaN` is not a number to zod). */
const count = (data: Sent, name: string) => {
  const value = text(data, name)
  return /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN
}

export function waitlistJoinFields(data: Sent) {
  return {
    experienceId: text(data, 'experienceId'),
    date: text(data, 'date'),
    preferredTime: text(data, 'preferredTime'),
    adults: count(data, 'adults'),
    children: count(data, 'children'),
    name: text(data, 'name'),
    email: text(data, 'email'),
    consentWaitlist: data.get('consentWaitlist') === 'on',
    consentPrivacy: data.get('consentPrivacy') === 'on',
    website: text(data, 'website'),
  }
}

/** What the booking page's action answers a waitlist form posted without script, for the form to show. */
export type WaitlistJoinOutcome =
  | {form: typeof WAITLIST_FORM_NAME; ok: true; email: string}
  | {
      form: typeof WAITLIST_FORM_NAME
      ok: false
      message: string
      fieldErrors: Record<string, string[]>
      /** What was typed, to fill in again (the page is the traveller's own, never cached). */
      name: string
      email: string
    }
