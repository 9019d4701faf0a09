import {createHash, randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {expiredPreviewRecordsQuery} from './queries/expired-preview-records-query.ts'

/** How long a preview session lasts after the studio opened it (or last used it: the expiry slides). */
export const PREVIEW_SESSION_MS = 60 * 60 * 1000
/** The expiry is moved forward at most this often, so a busy preview does not write on every request. */
const SLIDE_AFTER_MS = 5 * 60 * 1000
/**
 * A used secret is remembered for longer than the studio's secrets live (an hour: `SECRET_TTL` in
 * @sanity/preview-url-secret), after which `validatePreviewUrl` refuses it by itself and the record can go.
 */
const USED_SECRET_KEEP_MS = 2 * 60 * 60 * 1000

export type PreviewSession = {id: string; studioOrigin: string; expiresAt: number}

export type PreviewSessionStore = {
  /** Records the studio's secret as used; false when it was used before (by this or any other site server). */
  claimSecret: (secret: string) => Promise<boolean>
  /** A new session; the returned token goes into the cookie, the lake keeps only its hash. */
  open: (studioOrigin: string) => Promise<string>
  /** The live session the cookie token belongs to, if any. */
  find: (token: string) => Promise<PreviewSession | undefined>
  close: (token: string) => Promise<void>
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex')
const sessionId = (token: string) => `previewSession-${hash(token)}`

type StoredSession = {_id: string; studioOrigin?: unknown; expiresAt?: unknown}

/**
 * Preview sessions and used handshake secrets live as documents in the private `bookings` dataset, not in this
 * server's memory: several site servers answer one studio (architecture.md, "beyond one machine"), and a session
 * closed on one must be refused by all. A used secret is claimed with `create`, which the Content Lake refuses
 * with 409 when the document exists, so exactly one server (and one request) wins it.
 */
export function createPreviewSessionStore(
  bookings: SanityClient,
  now: () => number = Date.now,
): PreviewSessionStore {
  return {
    async claimSecret(secret) {
      try {
        await bookings.create({
          _id: `previewSecretUse-${hash(secret)}`,
          _type: 'previewSecretUse',
          usedAt: now(),
        })
        return true
      } catch (error) {
        if ((error as {statusCode?: number}).statusCode === 409) return false
        throw error
      }
    },
    async open(studioOrigin) {
      const token = randomBytes(32).toString('base64url')
      const at = now()
      await bookings.create({
        _id: sessionId(token),
        _type: 'previewSession',
        studioOrigin,
        expiresAt: at + PREVIEW_SESSION_MS,
      })
      // Expired sessions and old secret records go when a new session opens; a failure here changes nothing.
      await bookings
        .delete({
          query: expiredPreviewRecordsQuery,
          params: {now: at, usedBefore: at - USED_SECRET_KEEP_MS},
        })
        .catch(() => undefined)
      return token
    },
    async find(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined
      const doc = await bookings.getDocument<StoredSession>(sessionId(token))
      if (!doc || typeof doc.expiresAt !== 'number' || typeof doc.studioOrigin !== 'string')
        return undefined
      const at = now()
      if (doc.expiresAt <= at) return undefined
      if (doc.expiresAt - at < PREVIEW_SESSION_MS - SLIDE_AFTER_MS) {
        // Sliding expiry; losing this write only shortens the session, so it is not awaited by the page.
        bookings
          .patch(doc._id)
          .set({expiresAt: at + PREVIEW_SESSION_MS})
          .commit()
          .catch(() => undefined)
      }
      return {id: doc._id, studioOrigin: doc.studioOrigin, expiresAt: doc.expiresAt}
    },
    async close(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return
      await bookings.delete(sessionId(token))
    },
  }
}
