import type {SanityClient} from '@sanity/client'

import {retentionStatements, type PublicPrivacyNotice} from '@repo/schemas/privacy-notice.ts'
import {UNCONFIRMED_SIGNUP_DAYS} from '@repo/schemas/retention-periods.ts'

import type {ConsentNotice} from '../lib/consent-record.ts'
import {json, problem, type RequestContext} from '../lib/http.ts'
import {rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'
import {readRetentionPeriods} from '../lib/retention-periods.ts'

export type GetPrivacyNoticeDeps = {
  /** The private dataset, where managers keep the retention periods. */
  bookings: SanityClient
  consentNotice: () => Promise<ConsentNotice>
  rateLimiter: RateLimiter
  onError?: (error: unknown) => void
}

/**
 * `GET /api/privacy-notice`: the notice in force, its version, and the retention periods as the retention job
 * reads them (`readRetentionPeriods`), so what the privacy page promises is what the job does. The periods live
 * in the private dataset; only these sentences leave it.
 */
export async function getPrivacyNotice(
  request: Request,
  context: RequestContext,
  deps: GetPrivacyNoticeDeps,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return problem(405, 'Use GET here.', {}, {Allow: 'GET, HEAD'})
  const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
  if (limited) return limited
  try {
    const [current, periods] = await Promise.all([
      deps.consentNotice(),
      readRetentionPeriods(deps.bookings),
    ])
    const body: PublicPrivacyNotice = {
      version: current.version,
      notice: current.notice,
      retention: retentionStatements({...periods, unconfirmedSignupDays: UNCONFIRMED_SIGNUP_DAYS}),
    }
    // A minute in any cache: a manager's or editor's change reaches the page within one.
    return json(body, 200, {'Cache-Control': 'public, max-age=60'})
  } catch (error) {
    ;(deps.onError ?? ((e: unknown) => console.error('[privacy notice]', e)))(error)
    return problem(503, 'The privacy notice cannot be read just now.', {}, {'Retry-After': '5'})
  }
}
