/**
 * Failed logins per client address: after `maxFailures` within `windowMs` the address must wait until the window
 * ends, so guessing runs at a handful of tries per quarter hour instead of thousands per second. A correct
 * password does not reset the count for the attacker's neighbours, only for that address.
 */
export type LoginRateLimit = {
  /** Milliseconds to wait, or 0 when the address may try now. */
  retryAfter(address: string, now: number): number
  fail(address: string, now: number): void
  succeed(address: string): void
}

export function createLoginRateLimit({
  maxFailures = 5,
  windowMs = 15 * 60 * 1000,
} = {}): LoginRateLimit {
  const failures = new Map<string, {count: number; since: number}>()
  const current = (address: string, now: number) => {
    const entry = failures.get(address)
    if (entry && now - entry.since >= windowMs) {
      failures.delete(address)
      return undefined
    }
    return entry
  }
  return {
    retryAfter(address, now) {
      const entry = current(address, now)
      return entry && entry.count >= maxFailures ? entry.since + windowMs - now : 0
    },
    fail(address, now) {
      const entry = current(address, now)
      if (entry) entry.count += 1
      else failures.set(address, {count: 1, since: now})
      // Bounded memory under a spray of addresses: forget the oldest.
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!)
    },
    succeed(address) {
      failures.delete(address)
    },
  }
}
