import type {SanityClient} from '@sanity/client'

import {staffProfileSchema} from '@repo/schemas/staff-people.ts'

import {staffMemberByEmailQuery} from './queries/staff-member-by-email-query.ts'
import type {HandlerResult} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'

/**
 * Whether a person must give their name and email address before anything else on the dashboard: the first owner, made from the
 * bootstrap password, has neither ("Owner", no address), so "Forgot your password?" could not reach them and the
 * history named them by their role. Anyone else without an address is asked too.
 */
export const profileRequired = (person: SessionPerson): boolean =>
  !person.email || !person.name.trim()

export const ADDRESS_TAKEN_MESSAGE = 'Another account uses that address: give your own.'

/** `PUT /api/staff/profile`: the signed-in person's own name and address. */
export async function saveOwnProfile(
  client: SanityClient,
  person: SessionPerson,
  body: unknown,
  now: Date,
): Promise<HandlerResult> {
  const parsed = staffProfileSchema.safeParse(body)
  if (!parsed.success)
    return {
      status: 400,
      body: {error: parsed.error.issues[0]?.message ?? 'Give your name and email address.'},
    }
  const {name, email} = parsed.data
  const holder = await client.fetch(staffMemberByEmailQuery, {email})
  if (holder && holder._id !== person.id) return {status: 409, body: {error: ADDRESS_TAKEN_MESSAGE}}
  await client
    .patch(person.id)
    .set({name, email, changedAt: now.toISOString(), changedBy: person.id})
    .commit()
  return {status: 200, body: {person: {...person, name, email}}}
}
