import {OUTBOX_MAIL_TYPE} from './mailer.ts'

/**
 * Every place a traveller's details live, in one list that the retention job, the traveller's access export and
 * the erasure proof all read, so a new place cannot be forgotten by one of them (docs/decisions/105-retention.md).
 *
 * In the private `bookings` dataset:
 * - the request documents (`booking`, `itineraryRequest`), their drafts, and their history entries;
 * - a reseller's booking (`octoBooking`, functions/octo/bookings.ts): the traveller's contact as the reseller sent it
 *   (OCTO's contact: name, email, phone, country, locales, notes) and the reseller's notes; the site `booking` its
 *   confirmation makes is a `booking` like any other;
 * - the lake's transaction history and earlier revisions of those documents: removed only by a purging delete, the
 *   one way hosted Sanity offers, so an anonymised request is deleted with `purge: true` and written anew;
 * - the outbox's mails and their sent records (`outboxMail`, `about` the request or `to` the address);
 * - the link from a booking to the traveller's review (`bookingReview`), whose review (rating, words, the name they
 *   chose) is in the public dataset: both erased on request (lib/erase-reviews.ts).
 * On each site server's disk (DATA_DIR): the events log, sent-mail copies when no SMTP server is set, and the
 * backups the product's export writes (`DATA_DIR/backups`); every server scrubs its own (apply-retention/disk-catch-up.ts).
 */

/** A request type: which fields name the person, and which the business keeps once the person is gone. */
export type RequestPlace = {
  type: 'booking' | 'itineraryRequest' | 'octoBooking'
  /** Fields that hold or point at the person; what anonymising removes. */
  personal: readonly string[]
  /** Fields kept on the anonymised request (with `_id`, `_type`, `status`, `status_history`). */
  kept: readonly string[]
  /** The field (a path: `contact.email`) the access export and the erasure search match an address against. */
  email: string
}

export const REQUEST_PLACES: readonly RequestPlace[] = [
  {
    type: 'booking',
    personal: [
      'name',
      'email',
      'phone',
      'country',
      'pickup_location',
      'notes',
      'how_heard_about_us',
      'marketing_opt_in',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'staff_notes',
      'staff_notes_by',
      'staff_notes_by_id',
      'staff_notes_at',
      'request_hash',
      'consent_booking',
      'consent_privacy',
    ],
    // What the departures view, the totals and the reports count: the trip, not the traveller.
    kept: [
      'booking_ref',
      'experience_id',
      'experience_title',
      'category',
      'duration',
      'date',
      'preferred_time',
      'pax_adults',
      'pax_children',
      'pax_total',
      'created_at',
      // A reseller's booking: which reseller sold it and the references both sides reconcile by.
      'source',
      'reseller_id',
      'reseller_name',
      'reseller_reference',
      'octo_booking',
    ],
    email: 'email',
  },
  {
    type: 'itineraryRequest',
    personal: [
      'name',
      'first_name',
      'last_name',
      'email',
      'phone',
      'newsletter',
      'interests',
      'additional_info',
      'special_requests',
      'request_hash',
    ],
    kept: [
      'request_ref',
      'source',
      'trip_type',
      'preferred_date',
      'duration',
      'group_size',
      'travelers',
      'start_date',
      'package_type',
      'safari',
      'accommodation',
      'created_at',
    ],
    email: 'email',
  },
  {
    // A reseller's hold or booking (docs/decisions/223-reseller-travellers-personal-data.md): kept no longer than a
    // booking, counted from the trip's date (or, cancelled or expired, from then) as a booking's are.
    type: 'octoBooking',
    personal: ['contact', 'notes', 'cancel_reason', 'request_hash'],
    // The trip, the reseller and both references: what the departures, the reseller's reconciliation and the
    // idempotency of its uuid need, none of it the traveller.
    kept: [
      'uuid',
      'reseller_id',
      'reseller_name',
      'state',
      'product_id',
      'experience_id',
      'experience_title',
      'date',
      'preferred_time',
      'availability_id',
      'availability_end',
      'utc_cutoff',
      'unit_items',
      'pax_adults',
      'pax_children',
      'pax_total',
      'reseller_reference',
      'supplier_reference',
      'created_at',
      'updated_at',
      'hold_until',
      'confirmed_at',
      'cancelled_at',
      'booking_id',
    ],
    email: 'contact.email',
  },
]

/**
 * The GROQ condition that a request document is the address `$email`'s (lower-cased), whichever field of
 * REQUEST_PLACES holds it.
 */
export const REQUEST_EMAIL_MATCH = `lower(coalesce(${[...new Set(REQUEST_PLACES.map((place) => place.email))].join(', ')})) == $email`

const fieldAt = (doc: Record<string, unknown>, fieldPath: string): unknown =>
  fieldPath
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined,
      doc,
    )

/** A request's address, wherever its type keeps it; null when it has none. */
export function emailOf(doc: Record<string, unknown>): string | null {
  const place = placeOf(String(doc._type))
  const value = fieldAt(doc, place?.email ?? 'email')
  return typeof value === 'string' && value ? value : null
}

export const REQUEST_TYPES = REQUEST_PLACES.map((place) => place.type)

export const placeOf = (type: string): RequestPlace | undefined =>
  REQUEST_PLACES.find((place) => place.type === type)

/** Of a history entry (`statusChange`), what is kept: who on the team did what, when; not what was written. */
export const KEPT_HISTORY_FIELDS = [
  '_key',
  '_type',
  'status',
  'at',
  'by',
  'by_id',
  'action',
  'options',
] as const

/**
 * Documents that are the person and nothing else (a newsletter sign-up, a place on a waitlist, matched on `email`):
 * shown in their copy, purged whole on erasure. The retention of sign-ups is the newsletter's own
 * (UNCONFIRMED_SIGNUP_DAYS, unsubscribe); a waitlist place goes once its departure has passed (apply-retention).
 */
export const PERSON_DOCUMENT_TYPES = ['newsletterSignup', 'waitlistEntry'] as const

/**
 * A reseller's contact (functions/octo/resellers.ts `contact`: free text naming a person at the reseller, their
 * address or phone): shown in the person's copy when it names their address, and removed on erasure (the reseller
 * and its key stay; its history is purged). Kept while the reseller is on our books: it is how we reach them.
 */
export const PARTNER_CONTACT = {type: 'reseller', field: 'contact'} as const

/** The outbox's mails about a request or to an address: deleted (with their history) when it goes. */
export const OUTBOX_TYPE = OUTBOX_MAIL_TYPE

/**
 * Caches of rendered pages: none should ever hold a traveller's page (a personal page is `private, no-store`:
 * server/edge/page-address.ts). An erasure still drops this server's kept pages that name the person and purges the
 * shared cache by the tags of their requests, and the proof searches the kept pages (lib/kept-pages.ts).
 */
export const CACHE_PLACES = {
  keptPages: 'Rendered pages kept on this server',
} as const

/** Files on the site server's disk, relative to DATA_DIR, that may hold a traveller's details. */
export const DISK_PLACES = {
  /** The events log and its rotated files (functions/record-event). */
  eventsLog: /^events(\.\d+)?\.ndjson$/,
  /** Sent-mail copies when mail goes to files (lib/mailer.ts fileTransport). */
  mailFolder: 'outbox',
  /** Backups written by the product's export (`lake export --out DATA_DIR/backups/…`). */
  backupsFolder: 'backups',
} as const

/** The traveller's requests about their information (privacy-requests/handler.ts): their mails name the address. */
export const PRIVACY_REQUEST_ID_PREFIX = 'privacyRequest.'

/**
 * The mails of a privacy request, by the outbox's mail id: its confirmation (`privacy-confirm-…`) and, once carried
 * out, the mail that says so (`privacy-done-…`), each named by the request id's last 24 characters.
 */
export const privacyMailId = (kind: 'confirm' | 'done', requestId: string) =>
  `${PRIVACY_MAIL_FILE_PREFIX}${kind}-${requestId.slice(-24)}`

/** How the sent-mail file of every privacy request's mail begins. */
export const PRIVACY_MAIL_FILE_PREFIX = 'privacy-'

/**
 * Whether a sent-mail file (`<mail id>.eml`, lib/mailer.ts fileTransport) belongs to one of the records `ids`
 * (a request's mails are named `<id>-…`; a privacy request's as privacyMailId) or is one of the mails `mailIds`.
 */
export function mailFileOf(
  name: string,
  ids: readonly string[],
  mailIds: readonly string[] = [],
): boolean {
  const mailId = name.replace(/\.eml$/, '')
  if (mailIds.includes(mailId)) return true
  return ids.some(
    (id) =>
      name.startsWith(`${id}-`) ||
      (id.startsWith(PRIVACY_REQUEST_ID_PREFIX) &&
        (mailId === privacyMailId('confirm', id) || mailId === privacyMailId('done', id))),
  )
}

/** The values that identify a person in text (logs, exports): the address, and the name and phone when known. */
export type PersonMarks = {email: string; names: string[]; phones: string[]}

/** Lower-cased for matching; names shorter than 4 characters would match too much text to be a mark. */
export function marksOf(docs: Record<string, unknown>[], email: string): string[] {
  const marks = new Set<string>([email.toLowerCase()])
  for (const doc of docs) {
    for (const field of [
      'email',
      'name',
      'phone',
      // A reseller's traveller (octoBooking's OCTO contact).
      'contact.email',
      'contact.full_name',
      'contact.phone',
    ]) {
      const value = fieldAt(doc, field)
      if (typeof value === 'string' && value.trim().length >= 4)
        marks.add(value.trim().toLowerCase())
    }
  }
  return [...marks]
}

/** The anonymised copy of a request: only the kept fields, its status and its history without what was written. */
export function anonymisedCopy(
  doc: Record<string, unknown> & {_id: string; _type: string},
  at: string,
): Record<string, unknown> & {_id: string; _type: string} {
  const place = placeOf(doc._type)
  if (!place) throw new Error(`Not a request type: ${doc._type}`)
  const copy: Record<string, unknown> & {_id: string; _type: string} = {
    _id: doc._id,
    _type: doc._type,
  }
  for (const field of [...place.kept, 'status'])
    if (doc[field] !== undefined) copy[field] = doc[field]
  if (Array.isArray(doc.status_history))
    copy.status_history = (doc.status_history as Record<string, unknown>[]).map((entry) =>
      Object.fromEntries(
        KEPT_HISTORY_FIELDS.filter((field) => entry[field] !== undefined).map((field) => [
          field,
          entry[field],
        ]),
      ),
    )
  copy.anonymised_at = at
  return copy
}
