import type {AddressInfo} from 'node:net'

import {serve} from '@hono/node-server'
import type {Hono} from 'hono'

/**
 * Serves a bench's app (with the staff API under `/api/staff`, built with `ownOrigins: own` and the bootstrap
 * password `password`) on a free port, adds its address to `own` once known, and signs in as the first owner.
 */
export async function serveSignedInStaff(app: Hono, own: Set<string>, password: string) {
  const server = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'})
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  own.add(base)
  const login = await fetch(`${base}/api/staff/session`, {
    method: 'POST',
    headers: {'origin': base, 'content-type': 'application/json'},
    body: JSON.stringify({password}),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  return {server, base, cookie}
}
