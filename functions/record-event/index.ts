import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {appendToFile, recordEvent} from './handler.ts'

export const recordEventRoute = (rt: PublicRuntime) => (c: Context) =>
  recordEvent(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {rateLimiter: rt.eventLimiter, append: appendToFile(rt.env.dataDir)},
  )
