import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {privateLinkQuery} from '../../../lib/private-link-query'

export const LOAD_REQUEST_FAILED = 'We could not load your request just now. Please try again.'

export const requestApiPath = (token: string) => `/api/requests/${encodeURIComponent(token)}`

export const requestQueryKey = (token: string) => ['traveller-request', token] as const

/**
 * The request page's read (lib/private-link-query.ts); a link forged, expired or erased (410) is refused, and a
 * client over its limit (429) is told to wait rather than shown a page still loading.
 */
const requestLink = privateLinkQuery<TravellerRequestView>({
  key: requestQueryKey,
  path: requestApiPath,
  failed: LOAD_REQUEST_FAILED,
  refusals: [404, 410, 429],
})

export const requestQueryOptions = requestLink.options
export const loadRequestOnServer = requestLink.loadOnServer
export const useTravellerRequest = requestLink.useLinkQuery
