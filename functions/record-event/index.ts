import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {appendToFile, recordEvent} from './handler.ts'

export function recordEventRoute(c: Context) {
  const rt = publicRuntime()
  return recordEvent(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {rateLimiter: rt.eventLimiter, append: appendToFile(rt.env.dataDir)},
  )
}
