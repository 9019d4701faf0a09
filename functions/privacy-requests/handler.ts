import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  PRIVACY_CONFIRM_HOURS,
  PRIVACY_DOWNLOAD_HOURS,
  PRIVACY_LINK_GONE_MESSAGE,
  PRIVACY_PAGES_PATH,
  privacyConfirmedView,
  type PrivacyConfirmationView,
} from '@repo/schemas/privacy-request-links.ts'
import {PRIVACY_REQUEST_SENT_MESSAGE, privacyRequestSchema} from '@repo/schemas/privacy-requests.ts'
import {
  PRIVACY_REQUEST_KIND_TITLES,
  type PrivacyRequestKind,
} from '@repo/schemas/privacy-request-kinds.ts'

import {json, problem, readJsonBody, sha256, validationProblem, type RequestContext} from '../lib/http.ts'
import {addressHash} from '../lib/address-hash.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument, type MailMessage} from '../lib/mailer.ts'
import {REDACTED_LINK, sealLink, withSealedLinkSlot} from '../lib/sealed-link.ts'
import {collectAccessExport, type AccessExport} from '../lib/personal-data-search.ts'
import {rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'
import {privacyRequestByConfirmTokenQuery} from './queries/privacy-request-by-confirm-token-query.ts'
import {privacyRequestByDownloadTokenQuery} from './queries/privacy-request-by-download-token-query.ts'

/**
 * A traveller's request about their own information (docs/decisions/107-traveller-data-requests.md): taken for any
 * address with the same answer, then confirmed by a single-use link mailed to that address; only then does
 * anything about the address show. An access request's copy is then a download that expires; an erasure or a
 * correction waits on the privacy screen for a manager.
 */

export const PRIVACY_REQUEST_TYPE = 'privacyRequest'
/**
 * Where the site serves the confirmation and download pages: its own pages, rendered on the server from this
 * function's answers (docs/decisions/115-link-pages-in-the-site.md), so the confirming POST carries the site's Origin.
 */
export {PRIVACY_PAGES_PATH}
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

const newToken = () => randomBytes(32).toString('base64url')
const TOKEN_PATTERN = /^[\w-]{43}$/
const hours = (now: Date, count: number) =>
  new Date(now.getTime() + count * 3_600_000).toISOString()

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
  const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
  if (limited) return limited
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

// The key is in the address: no cache keeps the answer, no other site is told it, no search engine lists it.
const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
}

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  json(body, status, {...PRIVATE_HEADERS, ...headers})

const linkGone = () => problem(404, PRIVACY_LINK_GONE_MESSAGE, {}, PRIVATE_HEADERS)

/** The request a confirmation link names, or null. */
async function findByConfirmToken(deps: PrivacyRequestDeps, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null
  return deps.bookings.fetch(
    privacyRequestByConfirmTokenQuery,
    {hash: sha256(token)},
    {perspective: 'raw'},
  )
}

/** The request a download link names, or null. */
async function findByDownloadToken(deps: PrivacyRequestDeps, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null
  return deps.bookings.fetch(
    privacyRequestByDownloadTokenQuery,
    {hash: sha256(token)},
    {perspective: 'raw'},
  )
}

/** The request a confirmation link names, while it waits for that confirmation and the link still works. */
async function findUnconfirmed(deps: PrivacyRequestDeps, token: string, now: Date) {
  const found = await findByConfirmToken(deps, token)
  return found?.status === 'unconfirmed' && (found.confirm_expires_at ?? '') >= now.toISOString()
    ? found
    : null
}

/**
 * `GET /api/privacy-requests/confirm/:token`, for the page the mailed link opens (`/privacy/requests/confirm/:token`,
 * rendered by the site with a button). Reading it changes nothing (mail scanners open links); the button's POST
 * confirms.
 */
export async function readConfirmation(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const found = await findUnconfirmed(deps, token, deps.now())
  if (!found) return linkGone()
  const view: PrivacyConfirmationView = {
    kind: found.kind,
    title: PRIVACY_REQUEST_KIND_TITLES[found.kind],
  }
  return answer(view)
}

/**
 * `POST /api/privacy-requests/confirm/:token`, from the confirmation page's button (the site hands it on): single use;
 * an access request goes on to its download page.
 */
export async function confirmRequest(token: string, deps: PrivacyRequestDeps): Promise<Response> {
  const now = deps.now()
  const found = await findUnconfirmed(deps, token, now)
  if (!found) return linkGone()
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
      headers: {Location: `${PRIVACY_PAGES_PATH}/download/${download}`, ...PRIVATE_HEADERS},
    })
  return answer(privacyConfirmedView(found.kind))
}

async function accessFor(token: string, deps: PrivacyRequestDeps): Promise<AccessExport | null> {
  const found = await findByDownloadToken(deps, token)
  if (!found?.email || (found.download_expires_at ?? '') < deps.now().toISOString()) return null
  return collectAccessExport(deps, found.email)
}

/**
 * `GET /privacy/requests/download/:token.json` (the site forwards it as it is) and
 * `GET /api/privacy-requests/download/:token`, which the download page (`/privacy/requests/download/:token`) is
 * rendered from: the copy as data, the former as a file to keep.
 */
export async function downloadCopy(
  token: string,
  deps: PrivacyRequestDeps,
  asFile: boolean,
): Promise<Response> {
  const access = await accessFor(token, deps)
  if (!access) return linkGone()
  return new Response(JSON.stringify(access, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(asFile ? {'Content-Disposition': 'attachment; filename="my-information.json"'} : {}),
      ...PRIVATE_HEADERS,
    },
  })
}
