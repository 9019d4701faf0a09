import {getConnInfo} from '@hono/node-server/conninfo'
import type {Context} from 'hono'

import {functionsConfig, trustedProxyHops} from './env.ts'

/**
 * The address rate limits are keyed on. By default the socket's, never a header a client could set. Behind
 * reverse proxies set `TRUST_PROXY_HOPS` to how many there are: each appends the address it saw to
 * X-Forwarded-For, so the client is that many entries from the right of [...X-Forwarded-For, socket]; whatever a
 * client wrote into the header itself sits further left and is ignored.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const socket = socketAddress ?? 'unknown'
  if (trustedHops <= 0) return socket
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socket,
  ]
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!
}

export {trustedProxyHops}

export function clientAddress(c: Context): string {
  let socket: string | undefined
  try {
    socket = getConnInfo(c).remote.address
  } catch {
    socket = undefined
  }
  return clientAddressFrom(
    socket,
    c.req.header('x-forwarded-for'),
    functionsConfig().trustProxyHops,
  )
}
