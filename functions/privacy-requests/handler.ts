import {createHmac, randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'
import {
  PRIVACY_CONFIRM_HOURS,
  PRIVACY_DOWNLOAD_HOURS,
  PRIVACY_LINK_GONE_MESSAGE,
  PRIVACY_REQUEST_SENT_MESSAGE,
  privacyRequestSchema,
} from '@repo/schemas/privacy-requests.ts'
import {
  PRIVACY_REQUEST_KIND_TITLES,
  type PrivacyRequestKind,
} from '@repo/schemas/privacy-request-kinds.ts'

import {
  json,
  problem,
  readJsonBody,
  sha256,
  validationProblem,
  type RequestContext,
} from '../lib/http.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument, type MailMessage} from '../lib/mailer.ts'
import {sealLink, withSealedLinkSlot} from '../lib/sealed-link.ts'
import {collectAccessExport, type AccessExport} from '../lib/personal-data-search.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {REDACTED_LINK} from '../staff/staff-invitations.ts'

/**
 * A traveller's request about their own information (docs/decisions/107-traveller-data-requests.md): taken for any
 * address with the same answer, then confirmed by a single-use link mailed to that address; only then does
 * anything about the address show. An access request's copy is then a download that expires; an erasure or a
 * correction waits on the privacy screen for a manager.
 */

export const PRIVACY_REQUEST_TYPE = 'privacyRequest'
/**
 * Where the site serves the confirmation and download pages (server/create-site-app.ts forwards them here): among
 * the site's pages, with the pages' headers, so a page's own styles apply and the confirming POST carries the
 * site's Origin.
 */
export const PRIVACY_PAGES_PATH = '/privacy/requests'
export const MAX_PRIVACY_REQUEST_BYTES = 4 * 1024

export type PrivacyRequestStatus = 'unconfirmed' | 'confirmed' | 'done'

export type PrivacyRequestDocument = {
  _id: string
  _type: typeof PRIVACY_REQUEST_TYPE
  _rev?: string
  kind: PrivacyRequestKind
  /** Until the request is carried out; then only `address_hash` is kept. */
  email?: string
  correction?: string
  address_hash: string
  status: PrivacyRequestStatus
  created_at: string
  confirm_token_hash?: string
  confirm_expires_at?: string
  confirmed_at?: string
  download_token_hash?: string
  download_expires_at?: string
  done_at?: string
  done_by?: string
  done_by_id?: string
}

export type PrivacyRequestDeps = {
  bookings: SanityClient
  content?: SanityClient
  dataDir: string
  siteUrl: string
  /** Keys the address hash, so the kept hash cannot be matched against a list of addresses without it. */
  secret: string
  rateLimiter: RateLimiter
  now: () => Date
  /** The editors' mail templates and the brand: the confirmation mail is theirs to word. */
  mailContent: () => Promise<MailContent>
  /** Wakes the outbox after a mail is queued. */
  queued?: () => void
}

/** A keyed hash of an address: what an erasure keeps instead of the address. */
export const addressHash = (secret: string, email: string) =>
  createHmac('sha256', `privacy-address:${secret}`).update(email.trim().toLowerCase()).digest('hex')

const newToken = () => randomBytes(32).toString('base64url')
const TOKEN_PATTERN = /^[\w-]{43}$/
const hours = (now: Date, count: number) =>
  new Date(now.getTime() + count * 3_600_000).toISOString()

const requestByConfirmToken = /* groq */ `*[_type == "${PRIVACY_REQUEST_TYPE}" && confirm_token_hash == $hash][0]`
const requestByDownloadToken = /* groq */ `*[_type == "${PRIVACY_REQUEST_TYPE}" && download_token_hash == $hash][0]`

/**
 * The confirmation mail from the editors' `privacyConfirm` template (docs/decisions/125-privacy-mails-as-templates.md),
 * with the link where the template puts it: once as sent, once as the mail log keeps it after sending.
 */
function confirmationMail(
  kind: PrivacyRequestKind,
  link: string,
  to: string,
  content: MailContent,
): {message: MailMessage; redacted: MailMessage} {
  const values = {
    privacyRequest: PRIVACY_REQUEST_KIND_TITLES[kind],
    confirmWithin: `${PRIVACY_CONFIRM_HOURS} hours`,
  }
  return {
    message: composeMail('privacyConfirm', {...values, privacyConfirmLink: link}, content, {to}),
    redacted: composeMail(
      'privacyConfirm',
      {...values, privacyConfirmLink: REDACTED_LINK},
      content,
      {to},
    ),
  }
}

/** `POST /api/privacy-requests`: 202 with the same words for every address; a mail only to the address itself. */
export async function createPrivacyRequest(
  request: Request,
  context: RequestContext,
  deps: PrivacyRequestDeps,
): Promise<Response> {
  const limited = deps.rateLimiter.take(context.clientAddress)
  if (!limited.ok)
    return problem(
      429,
      'Too many requests. Please wait a minute and try again.',
      {},
      {
        'Retry-After': String(limited.retryAfterSeconds),
      },
    )
  const body = await readJsonBody(request, MAX_PRIVACY_REQUEST_BYTES)
  if (!body.ok) return body.response
  const parsed = privacyRequestSchema.safeParse(body.value)
  if (!parsed.success) return validationProblem(parsed.error, 'Please check the form.')
  const {kind, email, correction, website} = parsed.data
  // A bot filled the hidden field: it gets the answer everyone gets, and nothing is stored or sent.
  if (website) return json({message: PRIVACY_REQUEST_SENT_MESSAGE}, 202)
  const now = deps.now()
  const token = newToken()
  const id = `${PRIVACY_REQUEST_TYPE}.${randomBytes(12).toString('hex')}`
  const link = `${deps.siteUrl}${PRIVACY_PAGES_PATH}/confirm/${token}`
  // Nothing here looks at what is held about the address: a known and an unknown address take the same path.
  const doc: PrivacyRequestDocument = {
    _id: id,
    _type: PRIVACY_REQUEST_TYPE,
    kind,
    email: email.toLowerCase(),
    ...(kind === 'correction' ? {correction} : {}),
    address_hash: addressHash(deps.secret, email),
    status: 'unconfirmed',
    created_at: now.toISOString(),
    confirm_token_hash: sha256(token),
    confirm_expires_at: hours(now, PRIVACY_CONFIRM_HOURS),
  }
  const mailId = `privacy-confirm-${id.slice(-24)}`
  const mail = confirmationMail(kind, link, email, await deps.mailContent())
  // The link is sealed while the mail waits (only the servers can open it) and blanked once it has gone.
  await deps.bookings
    .transaction()
    .create(doc)
    .create({
      ...outboxMailDocument(mailId, withSealedLinkSlot(mail.message, link), id, now.toISOString()),
      redacted: {text: mail.redacted.text, html: mail.redacted.html},
      sealed_link: sealLink(link, deps.secret),
    })
    .commit({visibility: 'async'})
  deps.queued?.()
  return json({message: PRIVACY_REQUEST_SENT_MESSAGE}, 202)
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}@media (max-width:32rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}}section{border-top:1px solid #d9e2ec;padding-top:.5rem}
button,.button{font:inherit;background:#0b6e4f;color:#fff;border:0;border-radius:.4rem;padding:.6rem 1.2rem;text-decoration:none;display:inline-block}`

function page(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      },
    },
  )
}

const linkGone = () =>
  page(
    'This link no longer works',
    `<p>${escapeHtml(PRIVACY_LINK_GONE_MESSAGE)}</p><p><a href="/privacy">Our privacy page</a></p>`,
    404,
  )

async function findByToken(deps: PrivacyRequestDeps, query: string, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null
  return deps.bookings.fetch<PrivacyRequestDocument | null>(
    query,
    {hash: sha256(token)},
    {perspective: 'raw'},
  )
}

/**
 * `GET /privacy/requests/confirm/:token` (the site forwards it to `/api/privacy-requests/confirm/:token`): a page with a button. Opening the link changes nothing (mail
 * scanners open links); the button's POST confirms.
 */
export async function confirmationPage(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const found = await findByToken(deps, requestByConfirmToken, token)
  if (
    !found ||
    found.status !== 'unconfirmed' ||
    (found.confirm_expires_at ?? '') < deps.now().toISOString()
  )
    return linkGone()
  const what = PRIVACY_REQUEST_KIND_TITLES[found.kind]
  return page(
    'Confirm your request',
    `<p>You asked for: <strong>${escapeHtml(what)}</strong>.</p><form method="post"><button type="submit">Confirm my request</button></form>`,
  )
}

/** `POST /privacy/requests/confirm/:token`: single use; an access request goes on to its download. */
export async function confirmRequest(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const found = await findByToken(deps, requestByConfirmToken, token)
  const now = deps.now()
  if (
    !found ||
    found.status !== 'unconfirmed' ||
    (found.confirm_expires_at ?? '') < now.toISOString()
  )
    return linkGone()
  const download = newToken()
  try {
    await deps.bookings
      .patch(found._id)
      .ifRevisionId(found._rev as string)
      .set({
        status: found.kind === 'access' ? 'done' : 'confirmed',
        confirmed_at: now.toISOString(),
        ...(found.kind === 'access'
          ? {
              download_token_hash: sha256(download),
              download_expires_at: hours(now, PRIVACY_DOWNLOAD_HOURS),
            }
          : {}),
      })
      .unset(['confirm_token_hash', 'confirm_expires_at'])
      .commit({visibility: 'sync'})
  } catch (error) {
    // The same link used twice at once: the first one won.
    if (isConflict(error)) return linkGone()
    throw error
  }
  if (found.kind === 'access')
    return new Response(null, {
      status: 303,
      headers: {
        'Location': `${PRIVACY_PAGES_PATH}/download/${download}`,
        'Cache-Control': 'no-store',
      },
    })
  return page(
    'Thank you: your request is confirmed',
    `<p>A manager will carry out your request (“${escapeHtml(PRIVACY_REQUEST_KIND_TITLES[found.kind])}”) within 30 days and tell you by email when it is done.</p>`,
  )
}

async function accessFor(token: string, deps: PrivacyRequestDeps): Promise<AccessExport | null> {
  const found = await findByToken(deps, requestByDownloadToken, token)
  if (!found?.email || (found.download_expires_at ?? '') < deps.now().toISOString()) return null
  return collectAccessExport(deps, found.email)
}

/** `GET /privacy/requests/download/:token.json`: the copy as data. */
export async function downloadJson(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const access = await accessFor(token, deps)
  if (!access) return problem(404, PRIVACY_LINK_GONE_MESSAGE)
  return new Response(JSON.stringify(access, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="my-information.json"',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  })
}

const FIELD_TITLES: Record<string, string> = {
  booking_ref: 'Reference',
  request_ref: 'Reference',
  experience_id: 'Experience code',
  experience_title: 'Experience',
  category: 'Category',
  duration: 'Duration',
  date: 'Date',
  start_date: 'Start date',
  preferred_date: 'Preferred date',
  preferred_time: 'Time',
  pax_adults: 'Adults',
  pax_children: 'Children',
  pax_total: 'People',
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  country: 'Country',
  pickup_location: 'Pick-up',
  notes: 'Your notes',
  special_requests: 'Special requests',
  additional_info: 'More about your trip',
  how_heard_about_us: 'How you heard of us',
  marketing_opt_in: 'Newsletter',
  newsletter: 'Newsletter',
  consent_booking: 'Agreed to the booking terms',
  consent_privacy: 'Agreed to the privacy notice',
  utm_source: 'Campaign source',
  utm_medium: 'Campaign medium',
  utm_campaign: 'Campaign',
  status: 'Status',
  status_history: 'History',
  created_at: 'Received',
  to: 'To',
  subject: 'Subject',
  text: 'Text',
  queued_at: 'Queued',
  sent_at: 'Sent',
  event: 'Event',
  path: 'Page',
  received_at: 'Recorded',
}

/** Not shown on the page (the JSON keeps them): internal references nobody reading needs. */
const HIDDEN_ON_PAGE = new Set(['about', 'request_hash'])

const display = (key: string, value: unknown): string => {
  if (key.endsWith('_at') && typeof value === 'string') return formatLongDateTime(value)
  if (/(^|_)date$/.test(key) && typeof value === 'string' && isIsoDate(value))
    return formatLongDate(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (key === 'status_history' && Array.isArray(value))
    return value
      .map((entry: {status?: string; at?: string}) =>
        [entry.status, entry.at ? formatLongDateTime(entry.at) : ''].filter(Boolean).join(', '),
      )
      .join('; ')
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function recordList(record: Record<string, unknown>): string {
  const rows = Object.entries(record)
    .filter(
      ([key, value]) =>
        !key.startsWith('_') &&
        !HIDDEN_ON_PAGE.has(key) &&
        value !== null &&
        value !== undefined &&
        value !== '',
    )
    .map(
      ([key, value]) =>
        `<dt>${escapeHtml(FIELD_TITLES[key] ?? key.replace(/_/g, ' '))}</dt><dd>${escapeHtml(display(key, value))}</dd>`,
    )
  return `<dl>${rows.join('')}</dl>`
}

/** `GET /privacy/requests/download/:token`: the copy as a page to read, rendered here. */
export async function downloadPage(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const access = await accessFor(token, deps)
  if (!access) return linkGone()
  const section = (title: string, records: Record<string, unknown>[], empty: string) =>
    `<h2>${escapeHtml(title)} (${records.length})</h2>${
      records.length === 0
        ? `<p>${escapeHtml(empty)}</p>`
        : records.map((record) => `<section>${recordList(record)}</section>`).join('')
    }`
  return page(
    'Your information',
    `<p>Everything we hold about <strong>${escapeHtml(access.address)}</strong>. This page works for ${PRIVACY_DOWNLOAD_HOURS} hours. <a class="button" href="${PRIVACY_PAGES_PATH}/download/${escapeHtml(token)}.json" download>Download as JSON</a></p>` +
      section('Your requests', access.requests, 'We hold no requests from this address.') +
      section('Newsletter sign-ups', access.signups, 'This address is not signed up.') +
      section('Mails we sent', access.mails, 'We hold no mails to this address.') +
      section('Recorded site events', access.events, 'No recorded event names this address.'),
  )
}
