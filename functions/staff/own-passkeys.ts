import type {SanityClient} from '@sanity/client'

import type {HandlerResult} from './staff-deps.ts'
import {ownPasskeyKeysQuery} from './queries/own-passkey-keys-query.ts'
import {ownPasskeysQuery} from './queries/own-passkeys-query.ts'

/** A passkey as its owner sees it: no key material, only what tells one from another. */
export type OwnPasskey = {
  key: string
  createdAt: string
  /** The last sign-in with it, or null when it has signed nobody in yet. */
  lastUsedAt: string | null
  transports: string[]
}

/** `GET /passkeys`: the signed-in person's passkeys, oldest first. */
export async function listOwnPasskeys(
  client: SanityClient,
  personId: string,
): Promise<HandlerResult> {
  const stored = await client.fetch(ownPasskeysQuery, {id: personId})
  const passkeys: OwnPasskey[] = (stored ?? []).map((passkey) => ({
    key: passkey._key,
    createdAt: passkey.createdAt,
    lastUsedAt: passkey.lastUsedAt ?? null,
    transports: passkey.transports ?? [],
  }))
  return {status: 200, body: {passkeys}}
}

/**
 * `DELETE /passkeys/:key`: removes one of the person's own passkeys; from then on it signs nobody in, on any
 * server. Another person's key is as unknown as one that does not exist.
 */
export async function removeOwnPasskey(
  client: SanityClient,
  personId: string,
  key: string,
): Promise<HandlerResult> {
  const notFound: HandlerResult = {status: 404, body: {error: 'No such passkey.'}}
  if (!/^[0-9a-f]{16}$/.test(key)) return notFound
  const keys = await client.fetch(ownPasskeyKeysQuery, {id: personId})
  if (!keys?.includes(key)) return notFound
  await client
    .patch(personId)
    .unset([`passkeys[_key=="${key}"]`])
    .commit({visibility: 'sync'})
  return listOwnPasskeys(client, personId)
}
