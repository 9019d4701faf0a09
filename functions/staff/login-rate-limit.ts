import {createHash} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

/**
 * Login back-off per account (docs/decisions/070-staff-accounts-in-the-lake.md). Limiting by client address
 * locked out everyone behind the attacker's address, right password included, and did nothing against guesses
 * from many addresses. Instead:
 *
 * - Failures count for the account (the address typed, whether or not it has one, so the answers do not tell),
 *   from wherever they come and through whichever site server: the count is a document in the lake, changed with
 *   `ifRevisionID`, so failures at the same moment on two servers count twice, never once. After `freeFailures`,
 *   each attempt waits `baseDelayMs`, doubling per further failure up to `maxDelayMs`; the count is forgotten
 *   after `forgetAfterMs` without a failure.
 * - A known device skips the wait, so staff at their usual browser are never locked out by someone else's guesses.
 *   A device is known to an account only once it has signed in to that account (the signed, long-lived cookie of
 *   staff-session.ts, recorded in this account's document by `succeed`): a cookie from signing in to another
 *   account, a colleague's, grants nothing here, so no account's sign-in can buy guesses at another's (ASVS
 *   2.2.1; docs/decisions/155-a-device-is-known-to-one-account.md). A known device that itself fails
 *   `freeFailures` times loses that until its next correct password, so a stolen device cookie is no way round.
 *
 * Attempts that must wait are refused without checking the password, so waiting is the only way to guess.
 */
export type LoginRateLimit = {
  /** Milliseconds to wait, or 0 when this attempt may be checked now. `device` is a verified device id. */
  retryAfter(account: string, device: string | undefined, now: number): Promise<number>
  /** Counts a failure; answers the account's failures including this one (each racing call a different count). */
  fail(account: string, device: string | undefined, now: number): Promise<number>
  /** After a correct sign-in: the device is known to this account (only), its failures forgotten. */
  succeed(account: string, device: string, now: number): Promise<void>
}

type Throttle = {
  _id: string
  _rev?: string
  failures: number
  last: number
  /**
   * Failures per device, keyed by a hash of its id; the most recent last. `known` when the device has signed in to
   * this account: only those skip the wait.
   */
  devices: DeviceEntry[]
}

type DeviceEntry = {_key: string; failures: number; known?: boolean}

/** Bounded size should someone mint many device ids (each needs a right password first, so unlikely). */
const MAX_DEVICES = 50

/**
 * Keeps at most MAX_DEVICES entries, dropping the oldest unknown devices first: a colleague who mints many cookies
 * and fails with each cannot push the account's own known devices out of the list.
 */
function bounded(devices: DeviceEntry[]): DeviceEntry[] {
  let excess = devices.length - MAX_DEVICES
  if (excess <= 0) return devices
  const kept = devices.filter((entry) => entry.known || excess-- <= 0)
  return kept.slice(-MAX_DEVICES)
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const throttleId = (account: string) => `staffLoginThrottle.${hash(account)}`
const deviceKey = (device: string) => hash(`device.${device}`).slice(0, 24)

export function createLoginRateLimit(
  client: () => SanityClient,
  {
    freeFailures = 5,
    baseDelayMs = 1_000,
    maxDelayMs = 5 * 60 * 1000,
    forgetAfterMs = 60 * 60 * 1000,
  } = {},
): LoginRateLimit {
  const read = async (account: string, now: number): Promise<Throttle> => {
    const id = throttleId(account)
    const doc = await client().getDocument<Throttle>(id)
    if (!doc) return {_id: id, failures: 0, last: 0, devices: []}
    const forgotten = doc.failures > 0 && now - doc.last >= forgetAfterMs
    return {...doc, failures: forgotten ? 0 : doc.failures, devices: doc.devices ?? []}
  }

  /** Read, change, write with the revision read; another server's write in between means read again. */
  const update = async (
    account: string,
    now: number,
    change: (throttle: Throttle) => Throttle,
  ): Promise<Throttle> => {
    for (let attempt = 0; ; attempt++) {
      const current = await read(account, now)
      const next = change(current)
      const fields = {failures: next.failures, last: next.last, devices: next.devices}
      try {
        if (current._rev) {
          await client().patch(current._id).ifRevisionId(current._rev).set(fields).commit()
        } else {
          await client().create({_id: current._id, _type: 'staffLoginThrottle', ...fields})
        }
        return next
      } catch (error) {
        if (!isConflict(error) || attempt >= 20) throw error
      }
    }
  }

  return {
    async retryAfter(account, device, now) {
      const throttle = await read(account, now)
      const entry =
        device === undefined
          ? undefined
          : throttle.devices.find((candidate) => candidate._key === deviceKey(device))
      if (entry?.known && entry.failures < freeFailures) return 0
      if (throttle.failures < freeFailures) return 0
      const delay = Math.min(baseDelayMs * 2 ** (throttle.failures - freeFailures), maxDelayMs)
      return Math.max(0, throttle.last + delay - now)
    },
    fail: async (account, device, now) =>
      (
        await update(account, now, (throttle) => {
          let devices = throttle.devices
          if (device !== undefined) {
            const key = deviceKey(device)
            const entry = devices.find((candidate) => candidate._key === key)
            const failures = (entry?.failures ?? 0) + 1
            // Moved to the end, so the oldest is dropped first.
            devices = bounded([
              ...devices.filter((candidate) => candidate._key !== key),
              {_key: key, failures, ...(entry?.known ? {known: true} : {})},
            ])
          }
          return {...throttle, failures: throttle.failures + 1, last: now, devices}
        })
      ).failures,
    async succeed(account, device, now) {
      const key = deviceKey(device)
      const throttle = await client().getDocument<Throttle>(throttleId(account))
      const entry = throttle?.devices?.find((candidate) => candidate._key === key)
      if (entry?.known && entry.failures === 0) return
      // Known to this account from now on, with a clean count; moved to the end as the most recent.
      await update(account, now, (current) => ({
        ...current,
        devices: bounded([
          ...current.devices.filter((candidate) => candidate._key !== key),
          {_key: key, failures: 0, known: true},
        ]),
      }))
    },
  }
}
