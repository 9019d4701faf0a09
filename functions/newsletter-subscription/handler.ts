import type {SanityClient} from '@sanity/client'

import {newsletterTokenSchema} from '@repo/schemas/newsletter-links.ts'
import {
  NEWSLETTER_CONFIRM_FAILED_MESSAGE,
  NEWSLETTER_CONFIRMED_MESSAGE,
  NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE,
  NEWSLETTER_UNSUBSCRIBED_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {
  CONFIRM_LINK_MS,
  newsletterTeamNotification,
  type StoredSignup,
} from '../create-newsletter-signup/handler.ts'
import {json, problem, readLimitedBody, type RequestContext} from '../lib/http.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {
  checkConfirmToken,
  checkUnsubscribeToken,
  oneClickUnsubscribeUrl,
  unsubscribePageUrl,
  unsubscribeToken,
} from '../lib/newsletter-links.ts'
import {rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'

export type NewsletterSubscriptionDeps = {
  bookings: SanityClient
  rateLimiter: RateLimiter
  /** Queues a mail in the outbox (the subscriber's welcome, the team's notice). */
  notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  teamEmail: string
  mailContent: () => Promise<MailContent>
  links: {siteUrl: string; secret: string}
  now?: () => Date
  onError?: (error: unknown) => void
}

/** A token and a marker fit in far less; anything bigger is not one of our forms. */
export const MAX_LINK_BODY_BYTES = 1024

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

type LinkBody =
  {ok: true; token: string | undefined; fromPage: boolean} | {ok: false; response: Response}

/**
 * The body of a link's form: the page's own form (urlencoded, `from=page`), the mail program's one-click post
 * (RFC 8058: `List-Unsubscribe=One-Click`, urlencoded or multipart) or JSON. No cookie is read, ever.
 */
async function readLinkBody(request: Request): Promise<LinkBody> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const body = await readLimitedBody(request, MAX_LINK_BODY_BYTES)
  if (!body.ok) return body
  const raw = body.value
  if (raw.byteLength === 0) return {ok: true, token: undefined, fromPage: false}
  const text = raw.toString('utf8')
  try {
    if (type === 'application/json') {
      const value = JSON.parse(text) as unknown
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return {ok: false, response: problem(400, 'Send an object with the link’s token.')}
      const token = (value as {token?: unknown}).token
      if (token !== undefined && typeof token !== 'string')
        return {ok: false, response: problem(400, 'Send an object with the link’s token.')}
      return {ok: true, token, fromPage: false}
    }
    if (FORM_TYPES.includes(type)) {
      const form =
        type === 'multipart/form-data'
          ? await new Response(new Uint8Array(raw), {
              headers: {'content-type': request.headers.get('content-type')!},
            }).formData()
          : new URLSearchParams(text)
      const token = form.get('token')
      return {
        ok: true,
        token: typeof token === 'string' ? token : undefined,
        fromPage: form.get('from') === 'page',
      }
    }
  } catch {
    return {
      ok: false,
      response: problem(400, 'The form could not be read. Please use the link in the email.'),
    }
  }
  return {
    ok: false,
    response: problem(
      415,
      'Send the form from its page, or as JSON (Content-Type: application/json).',
    ),
  }
}


/** The token from the address (the one-click post) or the body (the page's form); both must agree if both came. */
function tokenOf(request: Request, fromBody: string | undefined): string | null {
  const fromUrl = new URL(request.url).searchParams.getAll('token')
  if (fromUrl.length > 1) return null
  const candidates = [fromUrl[0], fromBody].filter((value) => value !== undefined)
  if (candidates.length === 0 || (candidates.length === 2 && candidates[0] !== candidates[1]))
    return null
  const parsed = newsletterTokenSchema.safeParse(candidates[0])
  return parsed.success ? parsed.data : null
}

const methodNotAllowed = (allow: string) =>
  problem(405, `Use ${allow.split(', ').join(' or ')} here.`, {}, {Allow: allow})

/** A page's form goes back to its page with the outcome; a program gets JSON. */
const answer = (fromPage: boolean, page: string, status: number, message: string) =>
  fromPage
    ? new Response(null, {status: 303, headers: {'Location': page, 'Cache-Control': 'no-store'}})
    : status >= 400
      ? problem(status, message)
      : json({message}, status)

/** The welcome mail: the first mail to a subscriber, with the one-click unsubscribe every later one carries. */
export function newsletterWelcomeMail(
  signup: {_id: string; email: string; name?: string | undefined},
  links: {siteUrl: string; secret: string},
  content: MailContent,
): {id: string; message: MailMessage} {
  const mail = subscriberMail('newsletterWelcome', signup, links, content, {
    name: signup.name ?? '',
  })
  return {id: `${signup._id}-welcome-${Date.now().toString(36)}`, message: mail}
}

/**
 * Any mail to a subscriber: its text links the unsubscribe page and its headers carry the RFC 8058 one-click
 * address, so a newsletter can never go out without a way to leave.
 */
export function subscriberMail(
  kind: 'newsletterWelcome',
  signup: {_id: string; email: string},
  links: {siteUrl: string; secret: string},
  content: MailContent,
  values: {name: string},
): MailMessage {
  const token = unsubscribeToken(links.secret, signup._id)
  return {
    ...composeMail(
      kind,
      {...values, unsubscribeLink: unsubscribePageUrl(links.siteUrl, token)},
      content,
      {to: signup.email},
    ),
    listUnsubscribe: oneClickUnsubscribeUrl(links.siteUrl, token),
  }
}

/**
 * `POST /api/newsletter/confirm` (`{token}` as JSON, or the confirmation page's form): the pending sign-up the
 * link names becomes confirmed, once; the subscriber is welcomed and the team told. Forged, replayed, expired or
 * superseded links all get the same 400, which says nothing about the address.
 */
export async function confirmNewsletterSignup(
  request: Request,
  context: RequestContext,
  deps: NewsletterSubscriptionDeps,
): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
  if (limited) return limited
  const body = await readLinkBody(request)
  if (!body.ok) return body.response
  const failed = () =>
    body.fromPage
      ? answer(true, '/newsletter/confirm?result=failed', 400, NEWSLETTER_CONFIRM_FAILED_MESSAGE)
      : problem(400, NEWSLETTER_CONFIRM_FAILED_MESSAGE, {
          token: [NEWSLETTER_CONFIRM_FAILED_MESSAGE],
        })
  const token = tokenOf(request, body.token)
  const link = token ? checkConfirmToken(deps.links.secret, token) : null
  if (!link) return failed()
  const now = deps.now?.() ?? new Date()
  const onError = deps.onError ?? ((error: unknown) => console.error('[newsletter confirm]', error))
  try {
    const signup = await deps.bookings.getDocument<StoredSignup>(link.signupId)
    const fresh =
      signup?.status === 'pending' &&
      signup.confirm_nonce === link.nonce &&
      signup.signed_up_at !== undefined &&
      now.getTime() - Date.parse(signup.signed_up_at) < CONFIRM_LINK_MS
    if (!signup || !fresh) return failed()
    const confirmedAt = now.toISOString()
    try {
      await deps.bookings.mutate(
        [
          {
            patch: {
              id: signup._id,
              ifRevisionID: signup._rev,
              set: {status: 'confirmed', confirmed_at: confirmedAt},
              unset: ['confirm_nonce'],
            },
          },
        ],
        {returnDocuments: false, visibility: 'sync'},
      )
    } catch (error) {
      // Changed meanwhile (confirmed by a second click, or signed up anew with another link): this link is spent.
      if ((error as {statusCode?: number}).statusCode === 409) return failed()
      throw error
    }
    await deps
      .mailContent()
      .then(async (content) => {
        const welcome = newsletterWelcomeMail(signup, deps.links, content)
        await deps.notify(welcome.id, welcome.message, signup._id)
        const team = newsletterTeamNotification(
          {...signup, confirmed_at: confirmedAt},
          deps.teamEmail,
          content,
        )
        await deps.notify(team.id, team.message, signup._id)
      })
      .catch(onError)
    return answer(
      body.fromPage,
      '/newsletter/confirm?result=confirmed',
      200,
      NEWSLETTER_CONFIRMED_MESSAGE,
    )
  } catch (error) {
    onError(error)
    return problem(
      503,
      'Your subscription could not be confirmed just now. Please try again.',
      {},
      {
        'Retry-After': '5',
      },
    )
  }
}

/**
 * `/api/newsletter/unsubscribe?token=…`: the `List-Unsubscribe` address. POST (the mail program's one-click post,
 * or the unsubscribe page's button) unsubscribes at once, in the lake, so every server honours it from then on;
 * GET only leads to the page with the button, so a link scanner unsubscribes nobody.
 */
export async function unsubscribeNewsletter(
  request: Request,
  context: RequestContext,
  deps: NewsletterSubscriptionDeps,
): Promise<Response> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const token = new URL(request.url).searchParams.get('token') ?? ''
    const parsed = newsletterTokenSchema.safeParse(token)
    const page = parsed.success
      ? `/unsubscribe?token=${encodeURIComponent(parsed.data)}`
      : '/unsubscribe'
    return new Response(null, {
      status: 303,
      headers: {'Location': page, 'Cache-Control': 'no-store'},
    })
  }
  if (request.method !== 'POST') return methodNotAllowed('GET, POST')
  const body = await readLinkBody(request)
  const token = body.ok ? tokenOf(request, body.token) : null
  const signupId = token ? checkUnsubscribeToken(deps.links.secret, token) : null
  // Only what is not a link we signed counts against the address's limit: a mail provider posts the one-click
  // unsubscribes of many readers from a few addresses, and none of them may be turned away (RFC 8058). A genuine
  // link costs one read, and a write only the first time.
  if (!signupId) {
    const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
    if (limited) return limited
  }
  if (!body.ok) return body.response
  if (!signupId)
    return body.fromPage
      ? answer(true, '/unsubscribe?result=failed', 400, NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE)
      : problem(400, NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE, {
          token: [NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE],
        })
  const onError =
    deps.onError ?? ((error: unknown) => console.error('[newsletter unsubscribe]', error))
  const at = (deps.now?.() ?? new Date()).toISOString()
  try {
    // Unsubscribing twice, or a sign-up already removed, is the same success: the address gets no newsletter.
    const signup = await deps.bookings.getDocument<StoredSignup>(signupId)
    if (signup && signup.status !== 'unsubscribed')
      await deps.bookings.mutate(
        [
          {
            patch: {
              id: signupId,
              set: {status: 'unsubscribed', unsubscribed_at: at},
              unset: ['confirm_nonce'],
            },
          },
        ],
        {returnDocuments: false, visibility: 'sync'},
      )
    return answer(body.fromPage, '/unsubscribe?result=done', 200, NEWSLETTER_UNSUBSCRIBED_MESSAGE)
  } catch (error) {
    onError(error)
    return problem(
      503,
      'You could not be unsubscribed just now. Please try again.',
      {},
      {
        'Retry-After': '5',
      },
    )
  }
}
