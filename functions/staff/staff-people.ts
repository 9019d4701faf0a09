import type {SanityClient} from '@sanity/client'

import {
  staffPersonChangeSchema,
  type StaffPersonChange,
  type StaffPersonRow,
} from '@repo/schemas/staff-people.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {personRow, type StaffMember} from './staff-accounts.ts'
import type {ActivityFor, HandlerResult} from './staff-deps.ts'
import {otherActiveOwnersQuery} from './queries/other-active-owners-query.ts'
import {staffPeopleQuery} from './queries/staff-people-query.ts'
import type {SessionPerson} from './staff-session-store.ts'
import {teamRequiresSecondStep} from './staff-settings.ts'

/**
 * The owner's people page: everyone with an account, and changing a person's role or ending their access. A
 * change is seen by every server on the person's next request (their session is read with the person each time).
 * The last active owner cannot be demoted or deactivated, so the team cannot lock itself out.
 */
export async function listPeople(client: SanityClient): Promise<HandlerResult> {
  const [people, requireSecondStep]: [StaffPersonRow[], boolean] = await Promise.all([
    client.fetch(staffPeopleQuery),
    teamRequiresSecondStep(client),
  ])
  return {status: 200, body: {people, requireSecondStep}}
}

const LAST_OWNER = 'The team needs at least one active owner: make someone else owner first.'

export async function changePerson(
  client: SanityClient,
  id: string,
  body: unknown,
  by: SessionPerson,
  now: Date,
  activity?: ActivityFor,
): Promise<HandlerResult & {change?: StaffPersonChange; name?: string}> {
  const parsed = staffPersonChangeSchema.safeParse(body)
  if (!parsed.success)
    return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Invalid change.'}}
  const change = parsed.data
  if (!/^staffMember\.[\w-]+$/.test(id)) return {status: 404, body: {error: 'No such person.'}}
  for (let attempt = 0; attempt < 5; attempt++) {
    const person = await client.getDocument<StaffMember>(id)
    if (!person) return {status: 404, body: {error: 'No such person.'}}
    if (change.state === 'active' && !person.password)
      return {
        status: 409,
        body: {error: `${person.name} has not chosen a password yet: send them a new invitation.`},
      }
    const stillOwner =
      (change.role ?? person.role) === 'owner' && (change.state ?? person.state) === 'active'
    if (person.role === 'owner' && person.state === 'active' && !stillOwner) {
      const owners = await client.fetch(otherActiveOwnersQuery, {id})
      if (owners === 0) return {status: 409, body: {error: LAST_OWNER}}
    }
    try {
      // With the revision read: two owners changing the same person at once cannot both pass the check above.
      const patch = client
        .patch(id)
        .ifRevisionId((person as StaffMember & {_rev: string})._rev)
        .set({...change, changedAt: now.toISOString(), changedBy: by.id})
      const transaction = client.transaction().patch(patch)
      if (activity) transaction.create(activity({subject: {id, name: person.name}}))
      await transaction.commit()
      const updated = (await client.getDocument<StaffMember>(id))!
      return {status: 200, body: {person: personRow(updated)}, change, name: person.name}
    } catch (error) {
      if (!isConflict(error)) throw error
    }
  }
  return {status: 409, body: {error: 'This person was changed by someone else. Try again.'}}
}
