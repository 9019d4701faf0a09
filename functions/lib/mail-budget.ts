import {createHmac, randomInt} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {pauseAfterConflict} from '@repo/schemas/confirm-within-places.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {expiredIdsQuery, removeExpiredRecords} from './expired-records.ts'

/**
 * How many mails an address nobody has confirmed may be sent (the acknowledgement of a request, a new link to
 * it), per address and over all addresses, within an hour. Such mails quote nothing the sender typed (see
 * UNCONFIRMED_TRIP in schemas/src/mail-templates.ts); these limits bound how often a request form can be made to
 * mail someone who never asked (docs/decisions/045-mail-to-unconfirmed-addresses.md).
 *
 * Counted in the private `bookings` dataset, so they hold whichever site server (or the Sanity Function) sends,
 * and across restarts: one counter document per mailbox and hour, and the site's hour in shares, each changed only
 * with a revision check (docs/decisions/046-mail-limits-in-the-lake.md).
 */
export const UNCONFIRMED_MAIL_LIMITS = {perRecipient: 3, overall: 120, windowMs: 3_600_000}

export const WITHHELD_FOR_RECIPIENT =
  'Not sent: this address was sent as many request mails as it may be in an hour. Send it again if the request is genuine.'
export const WITHHELD_OVERALL =
  'Not sent: the site sent as many request mails as it may in an hour. Send it again if the request is genuine.'
export const WITHHELD_BUSY =
  'Not sent: too many request mails were being counted at once to count this one. Send it again if the request is genuine.'

export const MAIL_COUNT_TYPE = 'unconfirmedMailCount'

/** A counter kept this long after its window closed, then removed: long enough to read back what happened. */
export const MAIL_COUNT_KEPT_MS = 24 * 3_600_000

/**
 * How long a mail may wait for its count while other servers keep changing the counters. Each try is one read and
 * one transaction, and a lost race means another mail was counted, so only a flood of them waits this long.
 */
const COUNTING_DEADLINE_MS = 10_000

/**
 * The site's count is split over this many documents, each with its share of the limit, so mails counted at once
 * (a burst of events to the function, many servers) mostly change different documents instead of all racing for
 * one. A mail is refused for the site only when every share is used, so the site's limit is still exact.
 */
const SITE_SHARDS = 16

export type MailCountDocument = {
  _id: string
  _type: typeof MAIL_COUNT_TYPE
  _rev?: string
  /** One mailbox's count, or a share of the whole site's. */
  scope: 'mailbox' | 'site'
  window_start: string
  window_end: string
  count: number
  /**
   * The mails counted (mailbox counters only), each as `<keyed hash of its id>:<the site share it raised>`: the
   * same mail again counts nothing, and a mail given back lowers the share it raised.
   */
  mails?: string[]
}

export type MailBudget = {
  /**
   * Counts one mail to `address`; resolves to the reason it must not be sent, or null when it may. `mailId` names
   * the mail: counted for the same mailbox before (a repeated event, a repeated request), it is let through again
   * and counted once.
   */
  take: (address: string, mailId?: string) => Promise<string | null>
  /**
   * Gives back the count `take` made for mail `mailId` to `address` in this hour, when that mail will never be
   * queued (its request was refused after all); nothing when it was not counted.
   */
  giveBack: (address: string, mailId: string) => Promise<void>
  /** Deletes the counters of windows that closed more than a day ago; resolves to how many. */
  removeExpired: () => Promise<number>
}

/**
 * One mailbox, however it is written: case, surrounding spaces and a `+tag` in the local part (which most
 * providers deliver to the same mailbox) make no new recipient.
 */
export function mailboxKey(address: string): string {
  const normalised = address.trim().toLowerCase()
  const at = normalised.lastIndexOf('@')
  if (at < 0) return normalised
  return `${normalised.slice(0, at).replace(/\+.*$/, '')}${normalised.slice(at)}`
}

const expiredCountsQuery = expiredIdsQuery(MAIL_COUNT_TYPE, 'window_end')

export function createMailBudget({
  bookings,
  secret,
  perRecipient = UNCONFIRMED_MAIL_LIMITS.perRecipient,
  overall = UNCONFIRMED_MAIL_LIMITS.overall,
  windowMs = UNCONFIRMED_MAIL_LIMITS.windowMs,
  now = Date.now,
}: {
  /** The private `bookings` dataset, with a token that may write it: where the counters live. */
  bookings: SanityClient
  /**
   * A secret every site server and the Sanity Function share (the request links' key): counters name a mailbox
   * only by a keyed hash of it, the same on every server, and nobody reading the dataset can test an address.
   */
  secret: string
  perRecipient?: number
  overall?: number
  windowMs?: number
  now?: () => number
}): MailBudget {
  // A key of its own, so no counter's id is ever a value the request links' key signs.
  const key = createHmac('sha256', secret).update('unconfirmed-mail-budget').digest()
  const keyed = (text: string) => createHmac('sha256', key).update(text).digest('hex').slice(0, 40)
  // Every server must be given the same `overall`, so that all split it the same way.
  const shards = Math.max(1, Math.min(SITE_SHARDS, overall))
  const shardLimit = (shard: number) =>
    Math.floor(overall / shards) + (shard < overall % shards ? 1 : 0)

  const counter = (
    id: string,
    scope: MailCountDocument['scope'],
    window: number,
  ): Omit<MailCountDocument, 'count'> => ({
    _id: id,
    _type: MAIL_COUNT_TYPE,
    scope,
    window_start: new Date(window * windowMs).toISOString(),
    window_end: new Date((window + 1) * windowMs).toISOString(),
  })

  /** This hour's counters of `address`: fixed windows by the clock, so every server counts in the same ones. */
  async function read(address: string) {
    const window = Math.floor(now() / windowMs)
    const boxId = `${MAIL_COUNT_TYPE}-${window}-${keyed(`mailbox:${window}:${mailboxKey(address)}`)}`
    const siteIds = Array.from({length: shards}, (_, i) => `${MAIL_COUNT_TYPE}-${window}-site-${i}`)
    const [box, ...site] = await bookings.getDocuments<MailCountDocument>([boxId, ...siteIds])
    return {window, boxId, box, siteIds, site}
  }
  const counted = (box: MailCountDocument | null | undefined, mail: string) =>
    box?.mails?.find((entry) => entry.startsWith(`${mail}:`))

  return {
    async take(address, mailId) {
      const mail = mailId === undefined ? undefined : keyed(`mail:${mailId}`)
      const deadline = Date.now() + COUNTING_DEADLINE_MS
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        const {window, boxId, box, siteIds, site} = await read(address)
        if (mail && counted(box, mail)) return null
        if ((box?.count ?? 0) >= perRecipient) return WITHHELD_FOR_RECIPIENT
        const open = siteIds.flatMap((id, i) =>
          (site[i]?.count ?? 0) < shardLimit(i) ? [{id, i, doc: site[i]}] : [],
        )
        if (open.length === 0) return WITHHELD_OVERALL
        const share = open[randomInt(open.length)]!
        const transaction = bookings.transaction()
        const mails = [...(box?.mails ?? []), ...(mail ? [`${mail}:${share.i}`] : [])]
        // Each counter changes only if no other server changed it since it was read (or, new, if none created it
        // meanwhile): of two counting at once, one commits and the other reads again.
        if (box?._rev)
          transaction.patch(boxId, (p) =>
            p.ifRevisionId(box._rev!).set({count: box.count + 1, mails}),
          )
        else transaction.create({...counter(boxId, 'mailbox', window), count: 1, mails})
        if (share.doc?._rev) {
          const {_rev, count} = share.doc
          transaction.patch(share.id, (p) => p.ifRevisionId(_rev).set({count: count + 1}))
        } else transaction.create({...counter(share.id, 'site', window), count: 1})
        try {
          await transaction.commit({returnDocuments: false, visibility: 'sync'})
          return null
        } catch (error) {
          if (!isConflict(error)) throw error
          await pauseAfterConflict(attempt)
        }
      }
      // Not counted, so not sent: the request itself is kept, and staff can send the mail again.
      return WITHHELD_BUSY
    },
    async giveBack(address, mailId) {
      const mail = keyed(`mail:${mailId}`)
      const deadline = Date.now() + COUNTING_DEADLINE_MS
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        const {boxId, box, siteIds, site} = await read(address)
        const entry = counted(box, mail)
        if (!box?._rev || !entry) return
        const shard = Number(entry.slice(mail.length + 1))
        const share = site[shard]
        const transaction = bookings.transaction()
        transaction.patch(boxId, (p) =>
          p.ifRevisionId(box._rev!).set({
            count: Math.max(0, box.count - 1),
            mails: box.mails!.filter((other) => other !== entry),
          }),
        )
        if (share?._rev && siteIds[shard]) {
          const {_rev, count} = share
          transaction.patch(siteIds[shard], (p) =>
            p.ifRevisionId(_rev).set({count: Math.max(0, count - 1)}),
          )
        }
        try {
          await transaction.commit({returnDocuments: false, visibility: 'sync'})
          return
        } catch (error) {
          if (!isConflict(error)) throw error
          await pauseAfterConflict(attempt)
        }
      }
    },
    removeExpired: () =>
      removeExpiredRecords(bookings, expiredCountsQuery, new Date(now() - MAIL_COUNT_KEPT_MS)),
  }
}
