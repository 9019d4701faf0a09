import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'

import {activityDocument, type ActivityDocument} from '../staff/staff-activity.ts'
import type {Reseller} from './resellers.ts'

/**
 * Every OCTO write in the staff activity log (docs/decisions/224-resellers-in-the-activity-log.md), under the
 * reseller's name ("Reseller: Example Tours"), stored in the write's own transaction: a write refused or undone
 * leaves no entry. The entry names the booking by the reference staff see (the site booking's `booking_ref` is the
 * hold's `supplier_reference`), never the traveller.
 */
export type OctoWrite = 'reserve' | 'extend' | 'update' | 'confirm' | 'cancel'

const VERBS: Record<OctoWrite, string> = {
  reserve: 'Held',
  extend: 'Extended the hold of',
  update: 'Changed the booking of',
  confirm: 'Confirmed',
  cancel: 'Cancelled',
}

/** How the activity log names a reseller: the actor of its writes. */
export const resellerActor = (reseller: Pick<Reseller, '_id' | 'name'>) => ({
  id: reseller._id,
  name: `Reseller: ${reseller.name}`,
})

export function octoActivity(
  reseller: Pick<Reseller, '_id' | 'name'>,
  write: OctoWrite,
  at: Date,
  booking: {
    _id: string
    booking_id?: string | null | undefined
    supplier_reference: string
    experience_title: string
    date: string
    pax_adults: number
    pax_children: number
  },
): ActivityDocument {
  const group = formatGroupInWords(booking.pax_adults, booking.pax_children)
  return activityDocument({
    at,
    person: resellerActor(reseller),
    kind: 'reseller',
    summary: `${VERBS[write]} ${group} on ${booking.experience_title}, ${formatDateInWords(booking.date)} (OCTO)`,
    booking: {id: booking.booking_id ?? booking._id, ref: booking.supplier_reference},
  })
}
