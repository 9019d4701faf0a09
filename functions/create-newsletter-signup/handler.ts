import type {SanityClient} from '@sanity/client'

import {UNCONFIRMED_SIGNUP_DAYS} from '@repo/schemas/retention-periods.ts'

import {NEWSLETTER_REQUIRED_MESSAGE} from '@repo/schemas/newsletter-messages.ts'
import {newsletterSignupSchema} from '@repo/schemas/newsletter-signup.ts'
import {formatLongDateTime} from '@repo/schemas/format-date.ts'

import {consentRecord, type ConsentNotice} from '../lib/consent-record.ts'
import {takeForm} from '../lib/form-intake.ts'
import {json, problem, sha256, type RequestContext} from '../lib/http.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {MailBudget} from '../lib/mail-budget.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {confirmPageUrl, confirmToken, newConfirmNonce} from '../lib/newsletter-links.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {requeueSince, type SweepWindow} from '../lib/requeue.ts'
import {confirmedSignupsSinceQuery} from './queries/confirmed-signups-since-query.ts'

export type CreateNewsletterSignupDeps = {
  bookings: SanityClient
  rateLimiter: RateLimiter
  notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  teamEmail: string
  /** The editors' templates and the brand (lib/mail-content.ts). */
  mailContent: () => Promise<MailContent>
  /** The privacy notice and newsletter box in force, recorded with the sign-up. */
  consentNotice: () => Promise<ConsentNotice>
  /** Where the confirmation link points and how it is signed. */
  links: {siteUrl: string; secret: string}
  /** Confirmation mails go to an address nobody has confirmed: counted per mailbox and overall. */
  unconfirmedMail?: MailBudget
  now?: () => Date
  onError?: (error: unknown) => void
}

/** A sign-up waits for its address to confirm; only a confirmed one is ever mailed a newsletter or exported. */
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed'

export type StoredSignup = {
  _id: string
  _rev?: string
  email: string
  name?: string
  status?: NewsletterStatus
  confirm_nonce?: string
  signed_up_at?: string
  confirmed_at?: string
  consented_at?: string
  source_page?: string | null
}

export const NEWSLETTER_SIGNUP_TYPE = 'newsletterSignup'

/** The document of an address: one per address, whatever its case, so a repeat sign-up finds the first. */
export const newsletterSignupId = (email: string) =>
  `newsletter-${sha256(`newsletter:${email.trim().toLowerCase()}`).slice(0, 40)}`

/** How long a confirmation link works: as long as an unconfirmed sign-up is kept. */
export const CONFIRM_LINK_MS = UNCONFIRMED_SIGNUP_DAYS * 24 * 3_600_000

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
 * Queues the team's notification of every sign-up confirmed in `window` again (see lib/requeue.ts): the team hears
 * of an address once its owner has confirmed it, never of one somebody merely typed.
 */
export function requeueNewsletterNotifications(
  window: SweepWindow,
  deps: Pick<CreateNewsletterSignupDeps, 'bookings' | 'notify' | 'teamEmail' | 'mailContent'>,
): Promise<number> {
  return requeueSince<StoredSignup>(
    (params) => deps.bookings.fetch(confirmedSignupsSinceQuery, params),
    window,
    async (signup) => {
      const mail = newsletterTeamNotification(signup, deps.teamEmail, await deps.mailContent())
      return deps.notify(mail.id, mail.message, signup._id)
    },
  )
}

/** The mail that asks the address's owner to confirm: only the business's words and the link. */
export function newsletterConfirmMail(
  signup: {_id: string; email: string; confirm_nonce: string},
  links: {siteUrl: string; secret: string},
  content: MailContent,
  sentAt: Date,
): {id: string; message: MailMessage} {
  const token = confirmToken(links.secret, signup._id, signup.confirm_nonce)
  return {
    // One per sign-up attempt: a repeat sign-up of a pending address sends the link again (within the budget).
    id: `${signup._id}-confirm-${sentAt.getTime().toString(36)}`,
    message: composeMail(
      'newsletterConfirm',
      {confirmLink: confirmPageUrl(links.siteUrl, token)},
      content,
      {to: signup.email},
    ),
  }
}

/**
 * `POST /api/newsletter-signups`: one document per email address (its id derives from the address). A new, pending
 * or unsubscribed address becomes pending with a fresh confirmation link, mailed to it; a confirmed one is left as
 * it is. The answer is the same in every case, so the endpoint never tells whether someone is subscribed.
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
  const _id = newsletterSignupId(email)
  const now = deps.now?.() ?? new Date()
  const at = now.toISOString()
  const accepted = () => json({ok: true}, 201)
  try {
    const existing = await deps.bookings.getDocument<StoredSignup>(_id)
    // Confirmed already: nothing changes and nothing is sent, and the answer is the one everybody gets.
    if (existing?.status === 'confirmed') return accepted()
    const consent = consentRecord(await deps.consentNotice(), ['newsletter'], at)
    const nonce = newConfirmNonce()
    const fields = {
      name: input.name,
      consent: true,
      consented_at: at,
      consent_record: consent.record,
      source_page: input.sourcePage,
      status: 'pending' as const,
      confirm_nonce: nonce,
      signed_up_at: at,
    }
    const mutation = existing
      ? {patch: {id: _id, ifRevisionID: existing._rev, set: fields, unset: ['unsubscribed_at']}}
      : {create: {_id, _type: NEWSLETTER_SIGNUP_TYPE, email, ...fields}}
    try {
      await deps.bookings.mutate([mutation, consent.versionDocument], {
        returnDocuments: false,
        visibility: 'sync',
      })
    } catch (error) {
      // Another sign-up of the same address won the race and mailed its own link: the same answer.
      if ((error as {statusCode?: number}).statusCode === 409) return accepted()
      throw error
    }
    // Stored: from here on nothing fails the sign-up. The mail goes only within the budget for unconfirmed
    // addresses, so the form cannot be used to flood someone's inbox.
    await deps
      .mailContent()
      .then(async (content) => {
        const mail = newsletterConfirmMail(
          {_id, email, confirm_nonce: nonce},
          deps.links,
          content,
          now,
        )
        const withheld = await deps.unconfirmedMail?.take(email, mail.id)
        if (withheld) return
        return deps.notify(mail.id, mail.message, _id)
      })
      .catch(onError)
    return accepted()
  } catch (error) {
    onError(error)
    return problem(503, 'Failed to sign up. Please try again.', {}, {'Retry-After': '5'})
  }
}
