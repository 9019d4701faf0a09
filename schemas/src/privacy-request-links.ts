import {PRIVACY_REQUEST_DAYS} from './privacy-request-due.ts'
import {PRIVACY_REQUEST_KIND_TITLES, type PrivacyRequestKind} from './privacy-request-kinds.ts'

/**
 * What a traveller's privacy request links open (docs/decisions/107-traveller-data-requests.md): the confirmation
 * and the copy of their information. The function answers them as data (functions/privacy-requests/handler.ts) and
 * the site's pages show them (web/src/app/routes/privacy-confirm.tsx, privacy-download.tsx). No zod here: public
 * pages import this statically.
 */

/** How long the mailed confirmation link works, and how long a confirmed copy can be downloaded. */
export const PRIVACY_CONFIRM_HOURS = 24
export const PRIVACY_DOWNLOAD_HOURS = 24

/** Every link that cannot be used (forged, used, expired, or its request since carried out): one answer. */
export const PRIVACY_LINK_GONE_MESSAGE =
  'This link no longer works: it has been used, it is more than 24 hours old, or it was never valid. You can ask again on our privacy page.'

/** An unconfirmed request, as its confirmation page shows it: only what was asked, nothing about the address. */
export type PrivacyConfirmationView = {kind: PrivacyRequestKind; title: string}

/** A confirmed erasure or correction: what happens next. (A confirmed copy goes on to its download instead.) */
export type PrivacyConfirmedView = {kind: PrivacyRequestKind; title: string; message: string}

export const privacyConfirmedView = (kind: PrivacyRequestKind): PrivacyConfirmedView => ({
  kind,
  title: 'Thank you: your request is confirmed',
  message: `A manager will carry out your request (“${PRIVACY_REQUEST_KIND_TITLES[kind]}”) within ${PRIVACY_REQUEST_DAYS} days and tell you by email when it is done.`,
})

/** Everything held about one address: the traveller's copy, as data (the download) and as a page. */
export type AccessCopy = {
  address: string
  requests: Record<string, unknown>[]
  signups: Record<string, unknown>[]
  mails: Record<string, unknown>[]
  events: Record<string, unknown>[]
}

/** Where the site serves the confirmation and download pages; the function's data is the same under `/api/privacy-requests`. */
export const PRIVACY_PAGES_PATH = '/privacy/requests'
