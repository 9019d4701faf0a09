import type {SanityClient} from '@sanity/client'

import {
  RETENTION_SETTINGS_ID,
  retentionPeriodsSchema,
  type RetentionPeriods,
} from '@repo/schemas/retention-periods.ts'
import {emailField} from '@repo/schemas/booking-request.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  CORRECTED_FIELD_LABELS,
  CORRECTED_TYPES,
  privacyCorrectionSchema,
  type PrivacyCorrection,
} from '@repo/schemas/privacy-correction.ts'

import {privacyReportDocument} from '../apply-retention/handler.ts'
import {anonymiseRequests} from '../lib/anonymise-requests.ts'
import {
  PERSON_DOCUMENT_TYPES,
  REQUEST_EMAIL_MATCH,
  REQUEST_TYPES,
} from '../lib/personal-data-map.ts'
import {proveErased} from '../lib/personal-data-search.ts'
import type {ProofPlace} from '@repo/schemas/staff-privacy.ts'
import {readRetentionPeriods} from '../lib/retention-periods.ts'
import {PRIVACY_REQUEST_TYPE, type PrivacyRequestDocument} from '../privacy-requests/handler.ts'
import {addressHash} from '../lib/address-hash.ts'
import {eraseReviews} from '../lib/erase-reviews.ts'
import {addressDocumentIdsQuery} from './queries/address-document-ids-query.ts'
import {correctableDocumentsQuery} from './queries/correctable-documents-query.ts'
import {erasedProofIdsQuery} from './queries/erased-proof-ids-query.ts'
import {otherPrivacyRequestsQuery} from './queries/other-privacy-requests-query.ts'
import {privacyOverviewQuery} from './queries/privacy-overview-query.ts'
import {erasePartnerContacts} from '../lib/partner-contacts.ts'
import type {HandlerResult} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'
import {purgeMutation} from '../lib/purge.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument} from '../lib/mailer.ts'

/**
 * The managers' privacy screen (`privacy.manage`): the retention periods, the travellers' confirmed requests and
 * carrying them out in one action, the reports of what was anonymised, and the search that proves an address is
 * gone from every place the personal-data map lists.
 */

export type PrivacyDeps = {
  client: SanityClient
  content?: SanityClient
  dataDir: string
  /** The secret the address hashes are keyed with (the same as the traveller's side). */
  secret: string
  /** The editors' mail templates and brand, for the mail that tells the traveller it is done. */
  mailContent: () => Promise<MailContent>
  /** Tells the outbox there is mail to send now rather than at its next pass. */
  queued?: () => void
  now: () => Date
}

/** `GET /privacy`. */
export async function privacyOverview(deps: PrivacyDeps): Promise<HandlerResult> {
  const [periods, lists] = await Promise.all([
    readRetentionPeriods(deps.client),
    deps.client.fetch(privacyOverviewQuery, {}, {perspective: 'raw'}),
  ])
  return {status: 200, body: {periods, ...lists}}
}

/** `PUT /privacy/retention`: the periods, checked by the same schema the form uses. */
export async function saveRetentionPeriods(
  deps: PrivacyDeps,
  body: unknown,
  by: SessionPerson,
): Promise<HandlerResult> {
  const parsed = retentionPeriodsSchema.safeParse(body)
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message]
    }
    return {status: 400, body: {error: 'Please check the periods.', fieldErrors}}
  }
  const periods: RetentionPeriods = parsed.data
  await deps.client.createOrReplace({
    _id: RETENTION_SETTINGS_ID,
    _type: 'retentionSettings',
    ...periods,
    changedAt: deps.now().toISOString(),
    changedBy: by.id,
  })
  return {status: 200, body: {periods}}
}

// Typed-query exception (docs/decisions/189): the address's places come from the personal-data map (REQUEST_EMAIL_MATCH).
const requestIdsOfQuery = /* groq */ `*[_type in $types && ${REQUEST_EMAIL_MATCH}]._id`

/** The published ids of the requests an address made (drafts lead to the same request). */
async function requestIdsOf(client: SanityClient, email: string): Promise<string[]> {
  // Typed-query exception (docs/decisions/189): requestIdsOfQuery above.
  const ids = await client.fetch<string[]>(
    requestIdsOfQuery,
    {types: REQUEST_TYPES, email},
    {perspective: 'raw'},
  )
  return [...new Set(ids.map((id) => id.replace(/^drafts\./, '')))]
}

/**
 * `POST /privacy/requests/:id/carry-out`: an erasure removes the person from every request of the address (the
 * trips stay, as the retention job leaves them), their mails, logs and backups; a correction writes the corrected
 * name or phone (`body`, privacyCorrectionSchema) on everything held about the address, in one transaction. Either
 * way the request keeps only the address's keyed hash, and the proof search runs at once and is kept with the report.
 */
export async function carryOutRequest(
  deps: PrivacyDeps,
  id: string,
  by: SessionPerson,
  body: unknown = null,
): Promise<HandlerResult> {
  const request = await deps.client.getDocument<PrivacyRequestDocument>(id)
  if (
    !request ||
    request._type !== PRIVACY_REQUEST_TYPE ||
    request.status !== 'confirmed' ||
    !request.email
  )
    return {
      status: 404,
      body: {error: 'No confirmed request by that id: it may have been carried out already.'},
    }
  const email = request.email
  const now = deps.now()
  let corrected: {fields: string[]; documents: number} | undefined
  let correction: PrivacyCorrection | undefined
  if (request.kind === 'correction') {
    const parsed = privacyCorrectionSchema.safeParse(body)
    if (!parsed.success)
      return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Invalid correction.'}}
    const outcome = await applyCorrection(deps.client, email, parsed.data)
    if (!outcome) return {status: 409, body: {error: CHANGED_MEANWHILE}}
    corrected = outcome
    correction = parsed.data
  }
  const ids = request.kind === 'erasure' ? await requestIdsOf(deps.client, email) : []
  const run = await anonymiseRequests(
    {bookings: deps.client, dataDir: deps.dataDir, secret: deps.secret, now: deps.now},
    ids,
    {erasing: request.kind === 'erasure' ? [email] : []},
  )
  await eraseReviews({bookings: deps.client, content: deps.content}, ids)
  const partners = request.kind === 'erasure' ? await erasePartnerContacts(deps.client, email) : []
  const otherRequests =
    request.kind === 'erasure'
      ? [
          ...(await deps.client.fetch(otherPrivacyRequestsQuery, {
            hash: request.address_hash,
            id,
          })),
          // The person's own documents (newsletter sign-ups): nothing of them is kept.
          ...(await deps.client.fetch(
            addressDocumentIdsQuery,
            {types: [...PERSON_DOCUMENT_TYPES], email},
            {perspective: 'raw'},
          )),
        ]
      : []
  // The request itself, without the address: purged and written anew, so its history forgets the address too.
  const kept: PrivacyRequestDocument = {
    _id: request._id,
    _type: PRIVACY_REQUEST_TYPE,
    kind: request.kind,
    address_hash: request.address_hash,
    status: 'done',
    created_at: request.created_at,
    ...(request.confirmed_at ? {confirmed_at: request.confirmed_at} : {}),
    done_at: now.toISOString(),
    done_by: by.name,
    done_by_id: by.id,
  }
  try {
    await deps.client.mutate(
      [
        // Once: a second manager pressing at the same moment finds the request changed.
        {patch: {id: request._id, ifRevisionID: request._rev, set: {}}},
        ...[request._id, ...otherRequests].map(purgeMutation),
        {create: kept},
      ] as never,
      {visibility: 'sync'},
    )
  } catch (error) {
    if (isConflict(error)) return {status: 409, body: {error: CARRIED_OUT_MEANWHILE}}
    throw error
  }
  const historyIds = [...ids, ...ids.map((one) => `drafts.${one}`), request._id, ...otherRequests]
  historyIds.push(...partners)
  const proof = await proveErased(
    {bookings: deps.client, content: deps.content, dataDir: deps.dataDir},
    [email],
    historyIds,
  )
  const report = {
    ...privacyReportDocument(
      deps,
      'erasure',
      {
        counts: {...run.counts, purgedRecords: otherRequests.length},
        // This server's disk lost every line naming the address; the others find the sign-ups by id too.
        scrub: {...run.scrub, purged_ids: otherRequests},
      },
      {
        by: by.name,
        by_id: by.id,
        address_hash: request.address_hash,
      },
    ),
    kind: request.kind,
    ...(corrected ? {corrected} : {}),
    // Ids only: which documents' history the proof read, so a later search can read them again.
    proof_ids: historyIds,
    proof: proof.map((place, index) => ({_key: `p${index}`, ...place})),
  }
  await deps.client.create(report)
  // After the proof, which is of what the business keeps: this mail is forgotten once it has gone.
  await queueDoneMail(deps, {...request, email}, correction)
  return {status: 200, body: {report: {...report, proof}}}
}

/**
 * The traveller is told it is done, from the editors' templates: an erasure's mail is the last to the address and
 * is purged once sent or given up (`purge_when_done`, lib/mailer.ts); a correction's says what the details now are.
 * Its id is the request's, so a request carried out twice is told once.
 */
async function queueDoneMail(
  deps: PrivacyDeps,
  request: PrivacyRequestDocument & {email: string},
  correction: PrivacyCorrection | undefined,
) {
  const content = await deps.mailContent()
  const envelope = {to: request.email}
  const message = correction
    ? composeMail(
        'privacyCorrectionDone',
        {
          corrected: {
            rows: (Object.keys(CORRECTED_FIELD_LABELS) as (keyof PrivacyCorrection)[])
              .filter((field) => correction[field])
              .map((field) => [CORRECTED_FIELD_LABELS[field], correction[field] ?? '']),
          },
        },
        content,
        envelope,
      )
    : composeMail('privacyErasureDone', {}, content, envelope)
  const mail = outboxMailDocument(
    `privacy-done-${request._id.slice(-24)}`,
    message,
    request._id,
    deps.now().toISOString(),
  )
  await deps.client.createIfNotExists(correction ? mail : {...mail, purge_when_done: true})
  deps.queued?.()
}

const CARRIED_OUT_MEANWHILE = 'This request has just been carried out by someone else.'

const CHANGED_MEANWHILE =
  'One of this traveller’s requests changed while you were correcting it. Look again and apply it once more.'

/**
 * The corrected fields on every document that holds them with the address (drafts too), in one transaction
 * guarded by each document's revision: null when one changed meanwhile, and then nothing was written.
 */
async function applyCorrection(
  client: SanityClient,
  email: string,
  correction: PrivacyCorrection,
): Promise<{fields: string[]; documents: number} | null> {
  const docs = await client.fetch(
    correctableDocumentsQuery,
    {types: [...CORRECTED_TYPES], email: email.toLowerCase()},
    {perspective: 'raw'},
  )
  const set = Object.fromEntries(Object.entries(correction).filter(([, value]) => value))
  const transaction = client.transaction()
  let documents = 0
  // Only what a document already holds: a correction adds no detail where there was none.
  for (const doc of docs) {
    const fields = Object.fromEntries(
      Object.entries(set).filter(([key]) => doc[key as keyof PrivacyCorrection]),
    )
    if (Object.keys(fields).length === 0) continue
    transaction.patch(doc._id, (p) => p.ifRevisionId(doc._rev).set(fields))
    documents++
  }
  try {
    if (documents > 0) await transaction.commit({visibility: 'sync'})
  } catch (error) {
    if (isConflict(error)) return null
    throw error
  }
  return {fields: Object.keys(set), documents}
}

/**
 * `POST /privacy/search`: how many records in each place still name an address (never the records). The history
 * searched is that of the requests the address still has, and of those erased for it (found by its hash).
 */
export async function searchAddress(deps: PrivacyDeps, body: unknown): Promise<HandlerResult> {
  const parsed = emailField.safeParse(
    typeof body === 'object' && body !== null ? (body as {email?: unknown}).email : undefined,
  )
  if (!parsed.success) return {status: 400, body: {error: 'Enter the email address to search for.'}}
  const email = parsed.data.toLowerCase()
  const erased = await deps.client.fetch(erasedProofIdsQuery, {
    hash: addressHash(deps.secret, email),
  })
  const ids = await requestIdsOf(deps.client, email)
  const places: ProofPlace[] = await proveErased(
    {bookings: deps.client, content: deps.content, dataDir: deps.dataDir},
    [email],
    [...ids, ...ids.map((one) => `drafts.${one}`), ...erased.filter((one) => one !== null)],
  )
  return {
    status: 200,
    body: {places, found: places.reduce((sum, place) => sum + place.found, 0)},
  }
}
