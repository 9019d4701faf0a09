import {createHash} from 'node:crypto'

import type {SanityClient} from '@sanity/client'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import {passkeyHolderQuery} from './queries/passkey-holder-query.ts'
import type {StaffMember} from './staff-accounts.ts'

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`): a signed-in person adds one; anyone may then sign in with it
 * alone, no password or code, since a passkey is both something they have and (with the device's check)
 * something they are or know, and it only answers the site's own origin. Each ceremony's challenge is a lake
 * document under its SHA-256, with an expiry, used once (`ifRevisionID`), so any server can finish a ceremony
 * another started. The authenticator's signature counter is kept; a counter that goes backwards is refused.
 */
export type StoredPasskey = {
  _key: string
  id: string
  publicKey: string
  counter: number
  transports?: string[]
  createdAt: string
  /** The last sign-in with it; unset until its first. */
  lastUsedAt?: string
}

export type PasskeyRelyingParty = {name: string; id: string; origin: string}

const CHALLENGE_TTL_MS = 5 * 60 * 1000

/**
 * EdDSA, ES256 and RS256 (COSE ids): what passkeys use today. Named here so the library does not probe the runtime
 * for post-quantum ML-DSA, which Node reports as an experimental feature with a warning.
 */
const ALGORITHMS = [-8, -7, -257]

export const relyingParty = (siteUrl: string): PasskeyRelyingParty => {
  const url = new URL(siteUrl)
  return {name: 'Staff dashboard', id: url.hostname, origin: url.origin}
}

const challengeId = (challenge: string) =>
  `staffChallenge.${createHash('sha256').update(challenge).digest('hex')}`

async function keepChallenge(
  client: SanityClient,
  challenge: string,
  purpose: 'register' | 'sign-in',
  personId: string | null,
  now: Date,
) {
  await client.create({
    _id: challengeId(challenge),
    _type: 'staffChallenge',
    purpose,
    personId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
  })
}

/** Uses a challenge once: true when it was ours, for this purpose (and person), unexpired and unused. */
async function spendChallenge(
  client: SanityClient,
  challenge: string,
  purpose: 'register' | 'sign-in',
  personId: string | null,
  now: Date,
): Promise<boolean> {
  const doc = await client.getDocument<{
    _rev: string
    purpose: string
    personId: string | null
    expiresAt: string
    usedAt?: string
  }>(challengeId(challenge))
  if (!doc || doc.usedAt || doc.purpose !== purpose || Date.parse(doc.expiresAt) <= now.getTime())
    return false
  if (personId !== null && doc.personId !== personId) return false
  try {
    await client
      .patch(challengeId(challenge))
      .ifRevisionId(doc._rev)
      .set({usedAt: now.toISOString()})
      .commit()
    return true
  } catch (error) {
    if (isConflict(error)) return false
    throw error
  }
}

export async function registrationOptions(
  client: SanityClient,
  rp: PasskeyRelyingParty,
  person: {id: string; name: string; email: string | null},
  now: Date,
) {
  const member = await client.getDocument<StaffMember & {passkeys?: StoredPasskey[]}>(person.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email ?? person.name,
    userDisplayName: person.name,
    attestationType: 'none',
    excludeCredentials: (member?.passkeys ?? []).map((key) => ({id: key.id})),
    authenticatorSelection: {residentKey: 'required', userVerification: 'required'},
    supportedAlgorithmIDs: ALGORITHMS,
  })
  await keepChallenge(client, options.challenge, 'register', person.id, now)
  return options
}

/** Verifies and stores a new passkey for the signed-in person; false when the response does not hold. */
export async function addPasskey(
  client: SanityClient,
  rp: PasskeyRelyingParty,
  personId: string,
  response: unknown,
  now: Date,
): Promise<boolean> {
  let verified
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: (challenge) =>
        spendChallenge(client, challenge, 'register', personId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    })
  } catch {
    return false
  }
  if (!verified.verified) return false
  const {credential} = verified.registrationInfo
  await client
    .patch(personId)
    .setIfMissing({passkeys: []})
    .append('passkeys', [
      {
        _key: createHash('sha256').update(credential.id).digest('hex').slice(0, 16),
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        createdAt: now.toISOString(),
      } satisfies StoredPasskey,
    ])
    .commit()
  return true
}

export async function signInOptions(client: SanityClient, rp: PasskeyRelyingParty, now: Date) {
  // No list of credentials: the browser offers the passkeys it holds for this site, so nothing says who has one.
  const options = await generateAuthenticationOptions({rpID: rp.id, userVerification: 'required'})
  await keepChallenge(client, options.challenge, 'sign-in', null, now)
  return options
}

/** The person a passkey sign-in proves, or null. */
export async function passkeySignIn(
  client: SanityClient,
  rp: PasskeyRelyingParty,
  response: unknown,
  now: Date,
): Promise<(StaffMember & {_rev: string}) | null> {
  const id = (response as {id?: unknown} | null)?.id
  if (typeof id !== 'string' || !/^[\w-]{16,512}$/.test(id)) return null
  const member = await client.fetch(passkeyHolderQuery, {id})
  const passkey = member?.passkeys?.find((key) => key.id === id)
  if (!member || !passkey) return null
  let verified
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(client, challenge, 'sign-in', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    })
  } catch {
    return null
  }
  if (!verified.verified) return null
  await client
    .patch(member._id)
    .set({
      [`passkeys[_key=="${passkey._key}"].counter`]: verified.authenticationInfo.newCounter,
      [`passkeys[_key=="${passkey._key}"].lastUsedAt`]: now.toISOString(),
    })
    .commit()
  return member
}
