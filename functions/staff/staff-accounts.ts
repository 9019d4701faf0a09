import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import type {StaffPersonRow} from '@repo/schemas/staff-people.ts'
import type {StaffRole, StaffState} from '@repo/schemas/staff-roles.ts'

import {hashPassword, verifyPassword, type PasswordHash} from './admin-password.ts'
import {staffMemberByEmailQuery} from './queries/staff-member-by-email-query.ts'

/**
 * Staff accounts live in the private `bookings` dataset, so every site server reads the same people, roles and
 * passwords (scrypt hashes, never the password). The first owner has a fixed id: the first sign-in with the
 * bootstrap password (`ADMIN_PASSWORD`, or the one generated into an older `DATA_DIR/admin-password.json`)
 * creates it with `createIfNotExists`, so two servers doing so at once make one owner.
 */
export type StaffMember = {
  _id: string
  name: string
  email: string | null
  role: StaffRole
  state: StaffState
  password?: PasswordHash | null
}

/** A person as the people page lists them: never the password's hash, only whether they have chosen one. */
export const personRow = (member: StaffMember): StaffPersonRow => ({
  _id: member._id,
  name: member.name,
  email: member.email,
  role: member.role,
  state: member.state,
  joined: Boolean(member.password),
})

export const FIRST_OWNER_ID = 'staffMember.owner'
const SIGNING_SECRET_ID = 'staffSecret.signing'

/** Hashed once at start: a sign-in for an unknown address costs as much as one for a real account. */
const DECOY_HASH = hashPassword(randomBytes(16).toString('base64url'))

/** Constant-ish time whether or not the account exists or has a password yet. */
export function passwordMatches(candidate: string, stored: PasswordHash | null | undefined) {
  const matches = verifyPassword(candidate, stored ?? DECOY_HASH)
  return Boolean(stored) && matches
}

export async function findStaffMember(
  client: SanityClient,
  email: string | undefined,
): Promise<StaffMember | null> {
  if (email === undefined)
    return client.getDocument<StaffMember>(FIRST_OWNER_ID).then((doc) => doc ?? null)
  return client.fetch(staffMemberByEmailQuery, {email})
}

/**
 * The first owner from the bootstrap password. Only while no owner document exists: afterwards the lake's hash
 * is the one truth, whatever password another server's data folder holds. Answers the owner as stored, which may
 * be one another server created a moment earlier (its password is then checked instead).
 */
export async function createFirstOwner(
  client: SanityClient,
  password: string,
  now: Date,
): Promise<StaffMember> {
  await client.createIfNotExists({
    _id: FIRST_OWNER_ID,
    _type: 'staffMember',
    name: 'Owner',
    email: null,
    role: 'owner',
    state: 'active',
    password: hashPassword(password),
    createdAt: now.toISOString(),
  })
  return (await client.getDocument<StaffMember>(FIRST_OWNER_ID))!
}

/**
 * The secret that signs session and device cookies, one for all servers: created once in the lake, read once per
 * process (it never changes; rotating it is deleting the document, which signs everyone out).
 */
export function lakeSigningSecret(client: () => SanityClient): () => Promise<string> {
  let secret: Promise<string> | undefined
  return () =>
    (secret ??= (async () => {
      await client().createIfNotExists({
        _id: SIGNING_SECRET_ID,
        _type: 'staffSecret',
        secret: randomBytes(32).toString('base64url'),
      })
      const doc = await client().getDocument<{secret: string}>(SIGNING_SECRET_ID)
      return doc!.secret
    })().catch((error: unknown) => {
      secret = undefined
      throw error
    }))
}

/** A new person's document; the password, when given, is stored as its scrypt hash only. */
export function staffMemberDocument(fields: {
  _id?: string
  name: string
  email: string
  role: StaffRole
  password?: string
  now: Date
}) {
  return {
    _id: fields._id ?? `staffMember.${randomBytes(12).toString('hex')}`,
    _type: 'staffMember' as const,
    name: fields.name,
    email: fields.email.trim().toLowerCase(),
    role: fields.role,
    state: 'active' as StaffState,
    password: fields.password === undefined ? null : hashPassword(fields.password),
    createdAt: fields.now.toISOString(),
  }
}
