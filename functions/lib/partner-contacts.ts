import type {Mutation, SanityClient} from '@sanity/client'

import {PARTNER_CONTACT} from './personal-data-map.ts'
import {purgeMutation} from './purge.ts'

/**
 * A reseller's contact as personal data (lib/personal-data-map.ts PARTNER_CONTACT): found by the address it names,
 * for the person's copy, and removed on their erasure. Resellers are few, so they are read whole and matched here:
 * the contact is free text, not a field GROQ can compare.
 */
type PartnerDoc = Record<string, unknown> & {_id: string; _rev: string; _type: string}

// Typed-query exception (docs/decisions/189): the map names the type ($type) and the field, read whole as data.
const partnersQuery = /* groq */ `*[_type == $type && defined(contact)]`

async function partnersNaming(bookings: SanityClient, email: string): Promise<PartnerDoc[]> {
  // Typed-query exception (docs/decisions/189): partnersQuery above.
  const all = await bookings.fetch<PartnerDoc[]>(
    partnersQuery,
    {type: PARTNER_CONTACT.type},
    {perspective: 'raw'},
  )
  const address = email.toLowerCase()
  return all.filter((doc) =>
    String(doc[PARTNER_CONTACT.field] ?? '')
      .toLowerCase()
      .includes(address),
  )
}

/** For the person's copy: the reseller and the contact naming them, never its key's hash. */
export async function partnerContactsOf(bookings: SanityClient, email: string) {
  return (await partnersNaming(bookings, email)).map((doc) => ({
    _id: doc._id,
    _type: doc._type,
    name: doc.name,
    [PARTNER_CONTACT.field]: doc[PARTNER_CONTACT.field],
  }))
}

/**
 * Removes the contact from every reseller naming `email`: each is purged (its history with it) and written anew
 * without it, guarded by its revision. Answers the ids, for the erasure's proof to read their history.
 */
export async function erasePartnerContacts(
  bookings: SanityClient,
  email: string,
): Promise<string[]> {
  const docs = await partnersNaming(bookings, email)
  if (docs.length === 0) return []
  const mutations: Mutation[] = []
  for (const doc of docs) {
    const {_rev, _updatedAt, _createdAt, [PARTNER_CONTACT.field]: _contact, ...kept} = doc
    mutations.push(
      {patch: {id: doc._id, ifRevisionID: _rev, set: {}}} as unknown as Mutation,
      purgeMutation(doc._id),
      {create: kept} as Mutation,
    )
    void _updatedAt
    void _createdAt
    void _contact
  }
  await bookings.mutate(mutations, {visibility: 'sync'})
  return docs.map((doc) => doc._id)
}
