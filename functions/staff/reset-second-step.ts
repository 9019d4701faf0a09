import type {SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'
import {openSessionIdsQuery} from './queries/open-session-ids-query.ts'
import {personRow, type StaffMember} from './staff-accounts.ts'
import type {ActivityFor, HandlerResult} from './staff-deps.ts'

/**
 * `POST /people/:id/second-step/reset` (owners): someone who lost the phone with their authenticator app, their
 * recovery codes and their passkeys gets back in with their password alone, and sets a second step up again
 * (at once, when the owner requires one). Everything of the old one goes: the app's secret, any unconfirmed one,
 * the recovery codes and the passkeys; so do the person's open sessions, as a lost device may hold one. One
 * transaction with the activity entry, guarded by the revision read.
 */
export async function resetSecondStep(
  client: SanityClient,
  id: string,
  now: Date,
  activity?: ActivityFor,
): Promise<HandlerResult> {
  const notFound: HandlerResult = {status: 404, body: {error: 'No such person.'}}
  if (!/^staffMember\.[\w-]+$/.test(id)) return notFound
  const person = await client.getDocument<StaffMember & {_rev: string; _type: string}>(id)
  if (!person || person._type !== 'staffMember') return notFound
  const sessions = await client.fetch(openSessionIdsQuery, {id})
  const at = now.toISOString()
  const transaction = client
    .transaction()
    .patch(id, (p) =>
      p
        .ifRevisionId(person._rev)
        .unset(['secondStep', 'pendingSecondStep', 'recoveryCodes', 'passkeys'])
        .set({secondStepResetAt: at}),
    )
  for (const session of sessions) transaction.patch(session, (p) => p.set({revokedAt: at}))
  if (activity) transaction.create(activity({subject: {id, name: person.name}}))
  try {
    await transaction.commit({visibility: 'sync'})
  } catch (error) {
    if (!isConflict(error)) throw error
    return {status: 409, body: {error: 'This person was changed by someone else. Try again.'}}
  }
  return {status: 200, body: {person: personRow(person)}}
}
