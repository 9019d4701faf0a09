import {createHash, randomBytes, timingSafeEqual} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {resellerExistsQuery} from './queries/reseller-exists-query.ts'
import {resellerForKeyQuery} from './queries/reseller-for-key-query.ts'
import {resellerStateQuery} from './queries/reseller-state-query.ts'
import {resellersListQuery} from './queries/resellers-list-query.ts'

/**
 * Resellers and their keys (issue 44; docs/decisions/200-octo-supplier-api.md). A `reseller` document in the
 * private `bookings` dataset: name, contact, the experiences it may sell (none listed: every one editors opened to
 * resellers), who created it, and the SHA-256 of its key. The key itself is shown once, at creation, and never
 * stored: a leaked dataset gives no one a working key.
 */
export type Reseller = {
  _id: string
  _rev?: string
  _type: 'reseller'
  name: string
  contact?: string | null
  /** Experience document ids; empty: every experience editors opened to resellers. */
  experiences: string[]
  key_hash: string
  /** The key's first characters, for telling keys apart in a list; not enough to use it. */
  key_prefix: string
  created_at: string
  created_by: string
  revoked_at?: string | null
  revoked_by?: string | null
  /** When the key was last replaced, and by whom (the Channels page, functions/staff/channels). */
  key_rotated_at?: string | null
  key_rotated_by?: string | null
}

export const RESELLER_TYPE = 'reseller'
const KEY_PREFIX = 'octo_'

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex')

export const NAME_MAX = 100

/** The one way a key is made: a new random key, and what is stored of it (its hash and first characters). */
function newKey() {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return {key, key_hash: hashKey(key), key_prefix: key.slice(0, KEY_PREFIX.length + 4)}
}

export async function createReseller(
  bookings: SanityClient,
  input: {name: string; contact?: string; experiences?: string[]; createdBy: string; now?: Date},
): Promise<{reseller: Reseller; key: string}> {
  const name = input.name.trim()
  if (!name || name.length > NAME_MAX)
    throw new Error(`Give the reseller a name of 1 to ${NAME_MAX} characters.`)
  const {key, key_hash, key_prefix} = newKey()
  const reseller: Reseller = {
    _id: `reseller-${randomBytes(8).toString('hex')}`,
    _type: RESELLER_TYPE,
    name,
    ...(input.contact?.trim() ? {contact: input.contact.trim()} : {}),
    experiences: input.experiences ?? [],
    key_hash,
    key_prefix,
    created_at: (input.now ?? new Date()).toISOString(),
    created_by: input.createdBy,
    revoked_at: null,
  }
  await bookings.create(reseller, {visibility: 'sync'})
  return {reseller, key}
}

export type ResellerSummary = Omit<Reseller, 'key_hash'>

export function listResellers(bookings: SanityClient): Promise<ResellerSummary[]> {
  return bookings.fetch(resellersListQuery)
}

/** Revokes a reseller's key: from the next request on, it answers UNAUTHORIZED. False when there is no such reseller. */
export async function revokeReseller(
  bookings: SanityClient,
  id: string,
  by: string,
  now = new Date(),
): Promise<boolean> {
  const exists = await bookings.fetch(resellerExistsQuery, {id})
  if (!exists) return false
  await bookings
    .patch(id)
    .set({revoked_at: now.toISOString(), revoked_by: by})
    .commit({visibility: 'sync'})
  return true
}

/**
 * A new key for a reseller whose key is live: the old one answers UNAUTHORIZED from the next request on (its hash is
 * gone), the new one is returned to be shown once. Null when there is no such reseller or its key is revoked.
 */
export async function rotateResellerKey(
  bookings: SanityClient,
  id: string,
  by: string,
  now = new Date(),
): Promise<{key: string; key_prefix: string} | null> {
  const found: Pick<Reseller, '_id' | '_rev' | 'revoked_at'> | null = await bookings.fetch(
    resellerStateQuery,
    {id},
  )
  if (!found || found.revoked_at) return null
  const {key, key_hash, key_prefix} = newKey()
  // Against the revision read: a revocation in between is not undone by a new key.
  await bookings
    .patch(id)
    .ifRevisionId(found._rev!)
    .set({key_hash, key_prefix, key_rotated_at: now.toISOString(), key_rotated_by: by})
    .commit({visibility: 'sync'})
  return {key, key_prefix}
}

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/**
 * The reseller a key belongs to, or null (unknown, malformed or revoked). The key is looked up by its hash, and the
 * stored hash compared again in constant time, so neither the lookup nor the comparison tells how much of a guess
 * was right.
 */
export async function resellerForKey(
  bookings: SanityClient,
  key: string,
): Promise<Reseller | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null
  const hash = hashKey(key)
  const found: Reseller | null = await bookings.fetch(resellerForKeyQuery, {hash})
  if (!found || !sameHash(found.key_hash, hash) || found.revoked_at) return null
  return found
}
