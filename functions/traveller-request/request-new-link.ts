import {z} from 'zod'

import {json, validationProblem} from '../lib/http.ts'
import {composeMail} from '../lib/mail-content.ts'
import {
  LINK_SENT_MESSAGE,
  nudgeOutbox,
  requestMailValues,
  type TravellerRequestDeps,
} from './request-deps.ts'
import {bookingByReferenceQuery} from './queries/booking-by-reference-query.ts'

export const NEW_LINK_FIELDS_MESSAGE =
  'Enter your booking reference and the email address you used.'

/** What the "new link" form sends; anything else in the body is refused, so nothing odd is ever read or kept. */
export const newLinkSchema = z.strictObject(
  {
    reference: z
      .string({error: NEW_LINK_FIELDS_MESSAGE})
      .trim()
      .min(1, 'Enter your booking reference.')
      .max(40, 'A booking reference is shorter than that: copy it from our email.')
      .regex(/^[A-Za-z0-9-]+$/, 'A booking reference has letters, digits and dashes only.')
      .transform((value) => value.toUpperCase()),
    email: z
      .string({error: NEW_LINK_FIELDS_MESSAGE})
      .trim()
      .max(254, 'Enter the email address you used.')
      .pipe(z.email('Enter the email address you used, like name@example.com.')),
  },
  {error: 'Send only the reference and the email address.'},
)

/** At most one link mail per booking in this window, however often someone who knows both asks. */
const LINK_MAIL_WINDOW_MS = 10 * 60_000

/**
 * `POST /api/requests/link` {reference, email}: when both belong to one booking (the email compared without
 * regard to case), a fresh link goes to that booking's own address, never to one given here. The answer is the
 * same 202 whether or not they matched, so the form cannot be used to find out who booked what; and it is given
 * once the form is read, before the booking is looked up, so a match (budget, mail, a write to the outbox) and a
 * mismatch do the same work before it and take no telling time (docs/decisions/156-the-new-link-form-answers-first.md).
 */
export async function requestNewLink(
  deps: TravellerRequestDeps,
  body: Record<string, unknown>,
): Promise<Response> {
  const parsed = newLinkSchema.safeParse(body)
  if (!parsed.success) return validationProblem(parsed.error, NEW_LINK_FIELDS_MESSAGE)
  const work = sendNewLink(deps, parsed.data).catch((error: unknown) =>
    deps.onError ? deps.onError(error) : console.error('[requests] new link not sent', error),
  )
  deps.afterAnswer?.(work)
  return json({message: LINK_SENT_MESSAGE}, 202)
}

/** After the answer: the link mail, queued only when reference and email belong to one booking. */
async function sendNewLink(
  deps: TravellerRequestDeps,
  {reference, email}: z.infer<typeof newLinkSchema>,
): Promise<void> {
  const booking = await deps.bookings.fetch(bookingByReferenceQuery, {reference})
  if (!booking?.email || booking.email.trim().toLowerCase() !== email.toLowerCase()) return
  const window = Math.floor(deps.now().getTime() / LINK_MAIL_WINDOW_MS)
  const mailId = `${booking._id}-link-${window.toString(36)}`
  // Over the limits for unconfirmed addresses: nothing is sent. Asking again for the link already queued in this
  // window counts nothing more.
  if (await deps.unconfirmedMail?.take(booking.email, mailId)) return
  const mail = composeMail(
    'requestLink',
    requestMailValues(deps, booking),
    await deps.mailContent(),
    {to: booking.email},
  )
  await deps.bookings.mutate([deps.outbox.queueMutation(mailId, mail, booking._id)], {
    visibility: 'sync',
  })
  nudgeOutbox(deps)
}
