import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {getPrivacyNotice} from './handler.ts'

export function getPrivacyNoticeRoute(c: Context) {
  const rt = publicRuntime()
  return getPrivacyNotice(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {bookings: rt.bookings, consentNotice: rt.consentNotice, rateLimiter: rt.availabilityLimiter},
  )
}
