import type {SanityClient} from '@sanity/client'

import {
  NEWSLETTER_REQUIRED_MESSAGE,
  newsletterSignupSchema,
} from '@repo/schemas/newsletter-signup.ts'

import {
  json,
  problem,
  readFormBody,
  sha256,
  validationProblem,
  type RequestContext,
} from '../lib/http.ts'
import {escapeHtml, type MailMessage} from '../lib/mailer.ts'
import {rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'
import {requeueSince} from '../lib/requeue.ts'

export type CreateNewsletterSignupDeps = {
  bookings: SanityClient
  rateLimiter: RateLimiter
  notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  teamEmail: string
  now?: () => Date
  onError?: (error: unknown) => void
}

type StoredSignup = {
  _id: string
  email: string
  name?: string
  consented_at?: string
  source_page?: string
}

/** The team's notification of a new sign-up, built from the stored record (see the sweep below). */
export function newsletterTeamNotification(
  signup: StoredSignup,
  teamEmail: string,
): {id: string; message: MailMessage} {
  const text = `Name: ${signup.name ?? ''}\nEmail: ${signup.email}\nConsented at: ${signup.consented_at ?? ''}\nPage: ${signup.source_page || '—'}`
  return {
    id: `${signup._id}-team`,
    message: {
      to: teamEmail,
      subject: `New newsletter sign-up: ${signup.name ?? signup.email}`,
      text: `${text}\n`,
      html: `<pre>${escapeHtml(text)}</pre>`,
    },
  }
}

/**
 * Queues the notification of every sign-up first stored since `since` again (see lib/requeue.ts). A renewed
 * consent keeps its record and sends none.
 */
export function requeueNewsletterNotifications(
  since: string,
  deps: Pick<CreateNewsletterSignupDeps, 'bookings' | 'notify' | 'teamEmail'>,
): Promise<number> {
  return requeueSince<StoredSignup>(
    deps.bookings,
    '*[_type == "newsletterSignup" && _createdAt >= $since]{_id, email, name, consented_at, source_page}',
    since,
    (signup) => {
      const mail = newsletterTeamNotification(signup, deps.teamEmail)
      return deps.notify(mail.id, mail.message, signup._id)
    },
  )
}

/**
 * `POST /api/newsletter-signups`: one document per email address (its id derives from the address), holding the
 * latest consent and when it was given. The answer is the same whether the address was new or not.
 */
export async function createNewsletterSignup(
  request: Request,
  context: RequestContext,
  deps: CreateNewsletterSignupDeps,
): Promise<Response> {
  const onError =
    deps.onError ?? ((error: unknown) => console.error('[create-newsletter-signup]', error))
  const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
  if (limited) return limited
  const body = await readFormBody(request, 4 * 1024)
  if (!body.ok) return body.response
  const raw = body.value
  const parsed = newsletterSignupSchema.safeParse(raw)
  if (!parsed.success) return validationProblem(parsed.error, NEWSLETTER_REQUIRED_MESSAGE)
  const input = parsed.data
  const email = input.email.toLowerCase()
  const _id = `newsletter-${sha256(`newsletter:${email}`).slice(0, 40)}`
  const consentedAt = (deps.now?.() ?? new Date()).toISOString()
  const fields = {
    name: input.name,
    consent: true,
    consented_at: consentedAt,
    source_page: input.sourcePage,
  }
  try {
    const result = await deps.bookings.mutate(
      [
        {createIfNotExists: {_id, _type: 'newsletterSignup', email, ...fields}},
        {patch: {id: _id, set: fields}},
      ],
      {returnDocuments: false, visibility: 'sync'},
    )
    if (result.results[0]?.operation === 'create') {
      const mail = newsletterTeamNotification({_id, email, ...fields}, deps.teamEmail)
      await deps.notify(mail.id, mail.message, _id).catch(onError)
    }
    return json({ok: true}, 201)
  } catch (error) {
    onError(error)
    return problem(503, 'Failed to sign up. Please try again.', {}, {'Retry-After': '5'})
  }
}
