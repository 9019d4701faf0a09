import type {SanityClient} from '@sanity/client'

import {
  privacyNoticeOf,
  type ConsentRecord,
  type PrivacyNoticeContent,
} from '@repo/schemas/privacy-notice.ts'
import {
  BOOKING_CONSENT_TEXTS,
  DEFAULT_NEWSLETTER_CONSENT_TEXT,
  DESK_CONSENT_TEXT,
  TRIP_REQUEST_CONSENT_TEXT,
  type ConsentCheckboxKey,
} from '@repo/schemas/consent-texts.ts'

import {sha256} from './http.ts'
import {consentContentQuery} from './queries/consent-content-query.ts'

/** The notice and the boxes' words in force now, and their version (a hash of exactly these). */
export type ConsentNotice = {
  version: string
  notice: PrivacyNoticeContent
  checkboxes: Record<ConsentCheckboxKey, string>
}

export const CONSENT_VERSION_TYPE = 'consentVersion'
export const consentVersionId = (version: string) => `${CONSENT_VERSION_TYPE}-${version}`

/**
 * The version of what people are shown: sha-256 over a fixed-order JSON of the notice and every box, so the same
 * published words always give the same version on every server, and any published change gives another.
 */
export function consentNoticeOf(
  published: {notice?: Record<string, unknown> | null; newsletter?: string | null} | null,
): ConsentNotice {
  const notice = privacyNoticeOf(published?.notice)
  const newsletter = published?.newsletter?.trim() || DEFAULT_NEWSLETTER_CONSENT_TEXT
  const checkboxes = {
    bookingRequest: BOOKING_CONSENT_TEXTS.bookingRequest,
    privacy: BOOKING_CONSENT_TEXTS.privacy,
    newsletter,
    tripRequest: TRIP_REQUEST_CONSENT_TEXT,
    deskByPhone: DESK_CONSENT_TEXT,
  }
  const canonical = JSON.stringify([
    notice.informationOfficerName,
    notice.informationOfficerEmail,
    notice.informationOfficerPhone,
    notice.intro,
    notice.purposes.map((purpose) => [purpose.title, purpose.text]),
    notice.rights,
    checkboxes.bookingRequest,
    checkboxes.privacy,
    checkboxes.newsletter,
    checkboxes.tripRequest,
    checkboxes.deskByPhone,
  ])
  return {version: sha256(`consent:${canonical}`).slice(0, 16), notice, checkboxes}
}

/** How long one read serves the next requests: an editor's publish is in force within two seconds. */
export const CONSENT_NOTICE_MAX_AGE_MS = 2_000

/**
 * The notice in force, from the published content (never a draft, never the browser's word): read once, then
 * shared for at most two seconds.
 */
export function consentNoticeLoader(
  content: SanityClient,
  now: () => number = Date.now,
): () => Promise<ConsentNotice> {
  let cached: {at: number; value: Promise<ConsentNotice>} | undefined
  return () => {
    if (cached && now() - cached.at < CONSENT_NOTICE_MAX_AGE_MS) return cached.value
    const value = content
      .fetch(consentContentQuery, {}, {perspective: 'published'})
      .then(consentNoticeOf)
    cached = {at: now(), value}
    // A failed read is not kept: the next request reads again.
    value.catch(() => {
      if (cached?.value === value) cached = undefined
    })
    return value
  }
}

/**
 * What a request stores of the consent given (`consent`), and the mutation that keeps the version's words for good:
 * created once per version, never patched, in the same transaction as the request, so every stored version
 * names words that can still be read.
 */
export function consentRecord(
  current: ConsentNotice,
  keys: readonly ConsentCheckboxKey[],
  agreedAt: string,
): {
  record: ConsentRecord
  versionDocument: {createIfNotExists: {_id: string; _type: string} & Record<string, unknown>}
} {
  return {
    record: {
      version: current.version,
      agreed_at: agreedAt,
      checkboxes: keys.map((key) => ({_key: key, key, text: current.checkboxes[key]})),
    },
    versionDocument: {
      createIfNotExists: {
        _id: consentVersionId(current.version),
        _type: CONSENT_VERSION_TYPE,
        version: current.version,
        first_recorded_at: agreedAt,
        notice: {
          ...current.notice,
          purposes: current.notice.purposes.map((purpose, index) => ({
            _key: `p${index}`,
            ...purpose,
          })),
        },
        checkboxes: Object.entries(current.checkboxes).map(([key, text]) => ({
          _key: key,
          key,
          text,
        })),
      },
    },
  }
}
