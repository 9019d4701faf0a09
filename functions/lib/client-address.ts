import {getConnInfo} from '@hono/node-server/conninfo'
import type {Context} from 'hono'

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

export function trustedProxyHops(value = process.env.TRUST_PROXY_HOPS): number {
  if (value === undefined || value === '') return 0
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10, not "${value}".`)
  return hops
}

const hops = trustedProxyHops()

export function clientAddress(c: Context): string {
  let socket: string | undefined
  try {
    socket = getConnInfo(c).remote.address
  } catch {
    socket = undefined
  }
  return clientAddressFrom(socket, c.req.header('x-forwarded-for'), hops)
}
