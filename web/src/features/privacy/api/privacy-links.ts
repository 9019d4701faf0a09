import type {
  AccessCopy,
  PrivacyConfirmationView,
  PrivacyConfirmedView,
} from '@repo/schemas/privacy-request-links.ts'

import {actOnServer, privateLinkQuery} from '../../../lib/private-link-query'

export const LOAD_PRIVACY_LINK_FAILED = 'We could not open this just now. Please try again.'

export const confirmationApiPath = (token: string) =>
  `/api/privacy-requests/confirm/${encodeURIComponent(token)}`
export const accessCopyApiPath = (token: string) =>
  `/api/privacy-requests/download/${encodeURIComponent(token)}`

/** The API's answers that are a page of their own: the link gone, or this client over its limit for now. */
const refusals = [404, 429] as const

/** The confirmation page's read (lib/private-link-query.ts): what was asked; a link used, expired or forged is refused. */
const confirmationLink = privateLinkQuery<PrivacyConfirmationView>({
  key: (token) => ['privacy-confirmation', token] as const,
  path: confirmationApiPath,
  failed: LOAD_PRIVACY_LINK_FAILED,
  refusals,
})

/** The download page's read: everything held about the address, for as long as the link works. */
const accessCopyLink = privateLinkQuery<AccessCopy>({
  key: (token) => ['privacy-access-copy', token] as const,
  path: accessCopyApiPath,
  failed: LOAD_PRIVACY_LINK_FAILED,
  refusals,
})

export const loadConfirmationOnServer = confirmationLink.loadOnServer
export const usePrivacyConfirmation = confirmationLink.useLinkQuery
export const loadAccessCopyOnServer = accessCopyLink.loadOnServer
export const useAccessCopy = accessCopyLink.useLinkQuery

/** The confirmation page's button: a copy goes on to its download page (the API's redirect); others are confirmed. */
export const confirmOnServer = (
  act: ((path: string) => Promise<Response>) | undefined,
  token: string,
) => actOnServer<PrivacyConfirmedView>(act, confirmationApiPath(token), LOAD_PRIVACY_LINK_FAILED)
