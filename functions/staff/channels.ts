import {randomBytes} from 'node:crypto'

import {
  newResellerSchema,
  type ChannelBooking,
  type ChannelDetails,
  type ChannelReseller,
  type ChannelsOverview,
} from '@repo/schemas/channels.ts'
import {changedByFields, type ChangedBy} from '@repo/schemas/request-decisions.ts'

import {octoStatus, type OctoBookingDocument} from '../octo/bookings.ts'
import {loadCatalogue} from '../octo/catalogue.ts'
import {recentOctoRequests} from '../octo/request-log.ts'
import {createReseller, revokeReseller, rotateResellerKey} from '../octo/resellers.ts'
import {channelBookingsQuery} from './queries/channel-bookings-query.ts'
import {channelResellerQuery} from './queries/channel-reseller-query.ts'
import {channelResellersQuery} from './queries/channel-resellers-query.ts'
import {resellerBookingQuery} from './queries/reseller-booking-query.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'

/**
 * The Channels page (issue 44; docs/decisions/227-channels-page.md): owners and managers add resellers, see a key
 * once, revoke or replace it, and read each reseller's bookings and request log. Keys are made and checked only in
 * functions/octo/resellers.ts; this module never stores or answers a key again.
 */
const notFound: HandlerResult = {status: 404, body: {error: 'No reseller with this id.'}}

const resellerOf = (deps: StaffDeps, id: string): Promise<ChannelReseller | null> =>
  deps.client.fetch(channelResellerQuery, {id})

async function resellableExperiences(deps: StaffDeps) {
  if (!deps.content) return []
  const entries = await loadCatalogue(deps.content, [])
  return entries.map((entry) => ({_id: entry._id, title: entry.title}))
}

/** `GET /channels`: every reseller, and the experiences a reseller may be given. */
export async function listChannels(deps: StaffDeps): Promise<HandlerResult> {
  const [resellers, experiences] = await Promise.all([
    deps.client.fetch(channelResellersQuery) as Promise<ChannelReseller[]>,
    resellableExperiences(deps),
  ])
  const body: ChannelsOverview = {resellers, experiences}
  return {status: 200, body}
}

/** `POST /channels`: a new reseller for experiences opened to resellers; its key is answered this once. */
export async function addReseller(
  deps: StaffDeps,
  body: unknown,
  by: SessionPerson,
): Promise<HandlerResult> {
  const parsed = newResellerSchema.safeParse(body)
  if (!parsed.success)
    return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Invalid reseller.'}}
  const {name, contact, experiences} = parsed.data
  const open = new Set((await resellableExperiences(deps)).map((experience) => experience._id))
  const closed = experiences.find((id) => !open.has(id))
  if (closed !== undefined)
    return {
      status: 400,
      body: {error: 'Choose only experiences that resellers may sell.', experience: closed},
    }
  const {reseller, key} = await createReseller(deps.client, {
    name,
    contact,
    experiences: [...new Set(experiences)],
    createdBy: by.name,
    now: deps.now(),
  })
  return {status: 201, body: {reseller: await resellerOf(deps, reseller._id), key}}
}

/** `GET /channels/:id`: the reseller, its bookings as it sees them, and its requests of the last week. */
export async function channelDetails(deps: StaffDeps, id: string): Promise<HandlerResult> {
  const reseller = await resellerOf(deps, id)
  if (!reseller) return notFound
  const now = deps.now()
  const [documents, requests] = await Promise.all([
    deps.client.fetch(channelBookingsQuery, {reseller: id}) as Promise<OctoBookingDocument[]>,
    recentOctoRequests(deps.client, id, now),
  ])
  const bookings: ChannelBooking[] = documents.map((document) => ({
    _id: document._id,
    uuid: document.uuid,
    reseller_reference: document.reseller_reference ?? null,
    supplier_reference: document.supplier_reference,
    experience_title: document.experience_title,
    date: document.date,
    pax_adults: document.pax_adults,
    pax_children: document.pax_children,
    status: octoStatus(document, now),
    created_at: document.created_at,
    booking_id: document.booking_id ?? null,
  }))
  const body: ChannelDetails = {reseller, bookings, requests}
  return {status: 200, body}
}

/** `POST /channels/:id/key`: a new key, answered once; the old one stops working at once. */
export async function rotateKey(
  deps: StaffDeps,
  id: string,
  by: SessionPerson,
): Promise<HandlerResult> {
  const before = await resellerOf(deps, id)
  if (!before) return notFound
  if (before.revoked_at)
    return {status: 409, body: {error: 'This reseller’s key is revoked. Add the reseller again.'}}
  const rotated = await rotateResellerKey(deps.client, id, by.name, deps.now())
  if (!rotated) return {status: 409, body: {error: 'The reseller changed meanwhile. Try again.'}}
  return {status: 200, body: {reseller: await resellerOf(deps, id), key: rotated.key}}
}

/** `POST /channels/:id/revoke`: the key stops working from the next request on. */
export async function revokeKey(
  deps: StaffDeps,
  id: string,
  by: SessionPerson,
): Promise<HandlerResult> {
  const before = await resellerOf(deps, id)
  if (!before) return notFound
  if (!before.revoked_at) await revokeReseller(deps.client, id, by.name, deps.now())
  return {status: 200, body: {reseller: await resellerOf(deps, id)}}
}

/**
 * `POST /bookings/:id/reseller-cancel`: staff cancel a reseller's confirmed booking. The site booking is closed
 * (its places free for the waitlist) and the reseller's `octoBooking` cancelled by the supplier, in one transaction
 * with the activity entry naming the person; the reseller reads CANCELLED on its next request.
 */
export async function cancelResellerBooking(
  deps: StaffDeps,
  id: string,
  by: ChangedBy,
): Promise<HandlerResult> {
  const booking: {
    _id: string
    _rev: string
    booking_ref: string
    status: string
    octo_booking?: string | null
    reseller_name?: string | null
  } | null = await deps.client.fetch(resellerBookingQuery, {id})
  if (!booking?.octo_booking)
    return {status: 404, body: {error: 'No reseller booking with this id.'}}
  if (booking.status !== 'confirmed')
    return {status: 409, body: {error: 'Only a confirmed reseller booking can be cancelled.'}}
  const at = deps.now().toISOString()
  const transaction = deps.client.transaction()
  transaction.patch(booking._id, (p) =>
    p
      .ifRevisionId(booking._rev)
      .set({status: 'closed'})
      .setIfMissing({status_history: []})
      .append('status_history', [
        {
          _key: randomBytes(6).toString('hex'),
          _type: 'statusChange',
          status: 'closed',
          at,
          ...changedByFields(by),
          note: `Cancelled the booking of ${booking.reseller_name ?? 'the reseller'}`,
        },
      ]),
  )
  transaction.patch(booking.octo_booking, (p) =>
    p.set({
      state: 'cancelled',
      cancelled_at: at,
      updated_at: at,
      cancel_reason: 'Cancelled by the supplier',
    }),
  )
  if (deps.activity) transaction.create(deps.activity({booking: {id, ref: booking.booking_ref}}))
  try {
    await transaction.commit({visibility: 'sync'})
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 409)
      return {status: 409, body: {error: 'The booking changed meanwhile. Try again.'}}
    throw error
  }
  return {
    status: 200,
    body: {booking: {_id: id, booking_ref: booking.booking_ref, status: 'closed'}},
  }
}
