import {createHash, randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

/**
 * Single-use links for setting a password: an invitation (7 days) or a reset (1 hour). The link carries a random
 * token; the lake keeps only its SHA-256 as the document id, the person and the expiry, so reading the dataset
 * gives no usable link (the queued mail holds it sealed: docs/decisions/110). Using one marks
 * it used in the same transaction that sets the password, with the revision read, so two uses at once set it once.
 */
export type TokenPurpose = 'invite' | 'reset'

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  invite: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
}

export type StoredToken = {
  _id: string
  _rev: string
  purpose: TokenPurpose
  personId: string
  expiresAt: string
  usedAt?: string | null
}

export const tokenDocumentId = (token: string) =>
  `staffToken.${createHash('sha256').update(token).digest('hex')}`

export async function createToken(
  client: SanityClient,
  purpose: TokenPurpose,
  personId: string,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await client.create({
    _id: tokenDocumentId(token),
    _type: 'staffToken',
    purpose,
    personId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
    usedAt: null,
  })
  return token
}

/** The stored token when it exists, is unused and has not expired; else null. */
export async function liveToken(
  client: SanityClient,
  token: string,
  now: Date,
): Promise<StoredToken | null> {
  const stored = await client.getDocument<StoredToken>(tokenDocumentId(token))
  if (!stored || stored.usedAt || Date.parse(stored.expiresAt) <= now.getTime()) return null
  return stored
}
