/**
 * Login back-off for the staff account (issue 11). Limiting by client address locked out everyone behind the
 * attacker's address, right password included, and did nothing against guesses from many addresses. Instead:
 *
 * - Failures count for the account, from wherever they come: after `freeFailures`, each attempt waits
 *   `baseDelayMs`, doubling per further failure up to `maxDelayMs`, so guessing is bounded (about one guess per
 *   five minutes once it starts) however many addresses the attacker has. The count is forgotten after
 *   `forgetAfterMs` without a failure.
 * - A known device (one that signed in before: a signed, long-lived cookie, see staff-session.ts) skips the wait,
 *   so staff at their usual browser are never locked out by someone else's guesses. A device that itself fails
 *   `freeFailures` times loses that until its next correct password, so a stolen device cookie is no way round.
 *
 * Attempts that must wait are refused without checking the password, so waiting is the only way to guess.
 */
export type LoginRateLimit = {
  /** Milliseconds to wait, or 0 when this attempt may be checked now. `device` is a verified device id. */
  retryAfter(device: string | undefined, now: number): number
  fail(device: string | undefined, now: number): void
  succeed(device: string): void
}

/** Bounded memory should someone mint many device ids (each needs the right password first, so unlikely). */
const MAX_DEVICES = 1_000

export function createLoginRateLimit({
  freeFailures = 5,
  baseDelayMs = 1_000,
  maxDelayMs = 5 * 60 * 1000,
  forgetAfterMs = 60 * 60 * 1000,
} = {}): LoginRateLimit {
  let account = {failures: 0, last: 0}
  const deviceFailures = new Map<string, number>()

  const current = (now: number) => {
    if (account.failures > 0 && now - account.last >= forgetAfterMs)
      account = {failures: 0, last: 0}
    return account
  }

  return {
    retryAfter(device, now) {
      if (device !== undefined && (deviceFailures.get(device) ?? 0) < freeFailures) return 0
      const {failures, last} = current(now)
      if (failures < freeFailures) return 0
      const delay = Math.min(baseDelayMs * 2 ** (failures - freeFailures), maxDelayMs)
      return Math.max(0, last + delay - now)
    },
    fail(device, now) {
      const entry = current(now)
      entry.failures += 1
      entry.last = now
      if (device === undefined) return
      const count = (deviceFailures.get(device) ?? 0) + 1
      // Re-inserted so the map's order is by last failure, and the oldest goes first.
      deviceFailures.delete(device)
      deviceFailures.set(device, count)
      if (deviceFailures.size > MAX_DEVICES)
        deviceFailures.delete(deviceFailures.keys().next().value!)
    },
    succeed(device) {
      deviceFailures.delete(device)
    },
  }
}
