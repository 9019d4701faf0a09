import type {SanityClient} from '@sanity/client'

import {NEWSLETTER_REQUIRED_MESSAGE} from '@repo/schemas/newsletter-messages.ts'
import {newsletterSignupSchema} from '@repo/schemas/newsletter-signup.ts'
import {formatLongDateTime} from '@repo/schemas/format-date.ts'

import {takeForm} from '../lib/form-intake.ts'
import {json, problem, sha256, type RequestContext} from '../lib/http.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {requeueSince, type SweepWindow} from '../lib/requeue.ts'

export type CreateNewsletterSignupDeps = {
  bookings: SanityClient
  rateLimiter: RateLimiter
  notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  teamEmail: string
  /** The editors' templates and the brand (lib/mail-content.ts). */
  mailContent: () => Promise<MailContent>
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
  content: MailContent,
): {id: string; message: MailMessage} {
  const rows: [string, string][] = [
    ['Name', signup.name ?? ''],
    ['Email', signup.email],
    ['Consented', signup.consented_at ? formatLongDateTime(signup.consented_at) : ''],
    ['Page', signup.source_page ?? ''],
  ]
  return {
    id: `${signup._id}-team`,
    message: composeMail(
      'teamNewsletter',
      {name: signup.name ?? '', email: signup.email, details: {rows}},
      content,
      {to: teamEmail},
    ),
  }
}

/**
 * Queues the notification of every sign-up first stored in `window` again (see lib/requeue.ts). A renewed
 * consent keeps its record and sends none.
 */
export function requeueNewsletterNotifications(
  window: SweepWindow,
  deps: Pick<CreateNewsletterSignupDeps, 'bookings' | 'notify' | 'teamEmail' | 'mailContent'>,
): Promise<number> {
  return requeueSince<StoredSignup>(
    deps.bookings,
    '*[_type == "newsletterSignup" && _createdAt >= $since && ($until == null || _createdAt < $until)]{_id, email, name, consented_at, source_page}',
    window,
    async (signup) => {
      const mail = newsletterTeamNotification(signup, deps.teamEmail, await deps.mailContent())
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
  const form = await takeForm(request, context, {
    rateLimiter: deps.rateLimiter,
    maxBytes: 4 * 1024,
    schema: newsletterSignupSchema,
    invalidMessage: NEWSLETTER_REQUIRED_MESSAGE,
    idempotent: false,
  })
  if (!form.ok) return form.response
  const {input} = form
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
      // Stored: from here on nothing fails the sign-up, and the sweep sends what could not be queued now.
      await deps
        .mailContent()
        .then((content) => {
          const mail = newsletterTeamNotification({_id, email, ...fields}, deps.teamEmail, content)
          return deps.notify(mail.id, mail.message, _id)
        })
        .catch(onError)
    }
    return json({ok: true}, 201)
  } catch (error) {
    onError(error)
    return problem(503, 'Failed to sign up. Please try again.', {}, {'Retry-After': '5'})
  }
}
