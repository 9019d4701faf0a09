import {z} from './zod.ts'

import {safeSingleLine} from './safe-text.ts'

/**
 * The dashboard's Channels page (issue 44): resellers that sell our places through OCTO (functions/octo), run by
 * owners and managers (`channels.manage`). The server (functions/staff/channels) and the page share these.
 */
export const RESELLER_NAME_MAX = 100
/** As many experiences as a catalogue has, with room; each must be one editors opened to resellers. */
export const RESELLER_EXPERIENCES_MAX = 100

/** `POST /api/staff/channels`: a new reseller. Its key is answered once and never again. */
export const newResellerSchema = z
  .object({
    name: safeSingleLine(RESELLER_NAME_MAX, {
      what: 'the name',
      typeMessage: 'Give the reseller’s name.',
    }).pipe(z.string().min(1, 'Give the reseller’s name.')),
    contact: z
      .string({error: 'Give a contact email address.'})
      .trim()
      .toLowerCase()
      .email('Give a contact email address.')
      .max(254),
    experiences: z
      .array(
        z
          .string()
          .min(1)
          .max(200)
          .regex(/^[\w.-]+$/, 'Not an experience’s id.'),
        {
          error: 'Choose the experiences it may sell.',
        },
      )
      .min(1, 'Choose at least one experience it may sell.')
      .max(RESELLER_EXPERIENCES_MAX),
  })
  .strict()
export type NewReseller = z.input<typeof newResellerSchema>

/** A reseller as the page lists it: never its key or the key's hash, only the key's first characters. */
export type ChannelReseller = {
  _id: string
  name: string
  contact?: string | null
  /** Experience ids; none: every experience opened to resellers (resellers added by the script). */
  experiences: string[]
  key_prefix: string
  created_at: string
  created_by: string
  revoked_at?: string | null
  revoked_by?: string | null
  key_rotated_at?: string | null
  key_rotated_by?: string | null
}

/** `GET /api/staff/channels`. */
export type ChannelsOverview = {
  resellers: ChannelReseller[]
  /** The experiences editors opened to resellers: what a reseller may be given. */
  experiences: {_id: string; title: string}[]
}

/** `POST /api/staff/channels` and `POST /api/staff/channels/:id/key`: the key, shown this once. */
export type ResellerWithKey = {reseller: ChannelReseller; key: string}

/** One of a reseller's bookings (its `octoBooking`), as the page lists it. */
export type ChannelBooking = {
  _id: string
  uuid: string
  reseller_reference?: string | null
  supplier_reference: string
  experience_title: string
  date: string
  pax_adults: number
  pax_children: number
  /** OCTO's status as the reseller reads it: ON_HOLD, CONFIRMED, CANCELLED, EXPIRED. */
  status: string
  created_at: string
  /** The site booking a confirmed one became, for cancelling it. */
  booking_id?: string | null
}

/** One request a reseller made to `/octo`: kept a week (functions/octo/request-log.ts). */
export type ChannelRequest = {at: string; method: string; path: string; status: number}

/** `GET /api/staff/channels/:id`. */
export type ChannelDetails = {
  reseller: ChannelReseller
  bookings: ChannelBooking[]
  requests: ChannelRequest[]
}
