import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {getPrivacyNotice} from './handler.ts'

export const getPrivacyNoticeRoute = (rt: PublicRuntime) => (c: Context) =>
  getPrivacyNotice(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {bookings: rt.bookings, consentNotice: rt.consentNotice, rateLimiter: rt.availabilityLimiter},
  )
